"""The real AI: tile efficiency, hand value, calls, riichi, defence and placement, at three
strengths (easy, normal, hard) and with three personalities (balanced, aggressive, defensive).

Each discard is scored as an expected value: the chance of winning from the hand left (shanten,
ukeire over unseen copies, turns left; on ``hard`` the wait a 1-shanten hand reaches and the
1-shanten hand a 2-shanten one reaches), times the hand's estimated value (dora, red fives,
yakuhai, the yaku routes it can still take; exact scoring once tenpai), minus the expected loss
of the discard against every opponent who may be tenpai (``ai.defence``). Folding needs no special
mode: when the attack is worth little, the safest tile wins the comparison (betaori).

The levels differ in what they notice (``LEVELS``): ``easy`` plays for speed only, ignores danger
and often picks a worse discard; ``normal`` counts hand value but reads shapes one step only,
defends only against riichi with a rule-of-thumb danger model (``coarse_danger``: genbutsu, suji,
honours, the rest) and folds a slow hand against one (the discards still to come, ``ai.pushfold``),
declares riichi whenever tenpai on a decent wait, and now and then (never under riichi) takes a
near-best discard; ``hard`` does everything: second-level ukeire, the full
danger model against open and silent hands too, riichi weighed against dama, placement at the
end of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai import sanma
from ai.base import Agent, discard_choices, nuki_count, obvious_choice, riichi_choices
from ai.chances import (
    CALM_WORTH,
    HAZARD,
    KEITEN_SHARE,
    RON_FACTOR,
    ROUGH_SPREAD,
    SHANTEN_BACK,
    WIN_BONUS,
    draw_reached,
    keiten,
    live_waits,
    open_call_factor,
    race_hazard,
    riichi_denial,
    ron_weight,
    second_step,
    win_probability,
)
from ai.defence import Opponent, coarse_danger, expected_loss, tenpai_probability, threat_cost
from ai.efficiency import kokushi_shanten, shanten, step_quality, tenpai_quality, ukeire, waits
from ai.letgo import decline_win
from ai.observe import Situation, observe
from ai.placement import Outlook, is_all_last, last_regular_round
from ai.pushfold import hold_cost, push_cost, pushed, riichi_cost
from ai.riichi import (
    DAMA_HITS,
    DAMA_TSUMO_SHARE,
    OPEN_TSUMO_SHARE,
    RIICHI_TSUMO_SHARE,
    RIICHI_TYPICAL,
    win_worth,
)
from ai.standing import defence_factors
from ai.stock import fold_dangers, keep_costs
from ai.stock import weight as stock_weight
from ai.style import style_for
from ai.tenpai_change import better_waits
from ai.value import (
    Route,
    best_route,
    hand_han,
    lone_terminals,
    lone_yakuhai_han,
    one_suit_strays,
    pair_ukeire,
    points,
    route_ukeire,
    routes,
)
from engine.actions import (
    AbortNineTerminals,
    Action,
    Chi,
    Discard,
    Kan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from engine.meld import Meld, MeldKind
from engine.rules import RuleSet
from engine.scoring import NotAWin, NoYaku, WinSituation, score_hand
from engine.standings import ranking
from engine.tiles import is_red
from engine.view import PlayerView


def reach(kind: int, unseen: Sequence[int]) -> int:
    """Unseen tiles that would pair with ``kind`` or make a run shape with it: among discards
    worth the same, the one with the fewest goes (an isolated honour before a middle tile). The
    order of the kinds did before, which threw the 5m next to a dora 6m rather than a lone
    dragon; hard's calm closed discards agreed with the Houou players' 44% of the time at
    2-shanten, 51% since (issue 16)."""
    if kind >= 27:
        return unseen[kind]
    lo, hi = kind - kind % 9, kind - kind % 9 + 8
    return sum(unseen[k] for k in range(max(lo, kind - 2), min(hi, kind + 2) + 1))


@dataclass(slots=True)
class Candidate:
    """A discard under consideration: its final score (attack minus danger), the attack's
    expected value, the hand's shanten and ukeire after it, and the hand it leaves."""

    score: float
    ev: float
    shanten: int
    ukeire: float
    kind: int
    action: Discard
    counts: list[int]
    tiles: list[int]


#: a call that leaves the hand as far from tenpai must raise its expected value this much ...
SAME_SHANTEN = 1.15
#: ... except a dragon / value wind pon: the triplet secures a yaku, so the steps still to make
#: can be called too (pon from any seat, chi from the left), which the own-draw chain of
#: ``win_probability`` does not count; real players take 60-70% of such pons that keep the
#: shanten (benchmarks/bench_calls.py)
SAME_YAKUHAI = 0.85
#: a yakuhai pon that opens a closed hand into this many han or fewer is a cheap hand
#: (``Style.yakuhai_cut``): the yakuhai and one dora
CHEAP_YAKUHAI_HAN = 2


#: a lone yakuhai tile is worth keeping (``ai.value.lone_yakuhai_han``) while the hand is this
#: many steps from tenpai or more: nearer, the Houou people threw it before a floating number
#: tile (at 2-shanten any such bonus lowered the AI's agreement with them, 52.6 -> 50.0% at half
#: of it; at 3+-shanten it rose, 40.7 -> 45.1%; bench_discards, issue 16)
LONE_YAKUHAI_FAR = 3

#: a lone terminal goes before a lone honour (``Style.terminal_order``) while the hand is this
#: many steps from tenpai or more (nearer, a lone tile is a wait's last piece)
TERMINAL_FAR = 2

#: the open option (``Style.open_option``) only for a closed hand this many steps from tenpai or
#: nearer: further, it made hard keep pairs and honours the Houou people threw (bench_discards,
#: three steps or more: same tile 45.0 -> 42.9% priced at every distance)
OPTION_FAR = 2

#: what ``evaluate`` gives a hand with no yaku on any route (less 100 a step from a ready
#: shape, plus what a ready shape collects at a draw): below every hand that can win
NO_YAKU = -1000.0

#: a call for a formal tenpai (ready without a yaku, paid at a draw: K1) once the wall runs
#: out in this share of the rounds the hand does not win (``ai.chances.draw_reached``): with
#: three own draws left or fewer
FORMAL_DRAW = 0.5

#: a riichi's ura dora and ippatsu where a win is priced as its final-score gain (the all-last):
#: a small factor; elsewhere each han step is scored (``ai.riichi.with_extras``)
RIICHI_EXTRA_LIMIT = 1.1


def _calls_route(best: Route) -> str:
    """The route name ``ai.chances.open_call_factor`` prices a hand's calls by: a yakuhai
    pair's route is one of the others (its pon is still to come)."""
    return "yakuhai pair" if best.pair is not None else best.name


class Player(Agent):
    def __init__(self, level: str = "normal", seed: int = 0, personality: str = "balanced",
                 *, rules: RuleSet) -> None:
        super().__init__(seed)
        self.kind = level
        self.level = level
        self.personality = personality
        self.style = style_for(level, personality)
        self.rules = rules  # the game's own: no default (issue 11, item 8)
        self._outlook: Outlook | None = None  # the final-score pricing, in the all-last only
        self._standing: dict[int, float] | None = None  # before it: ai.standing's factors

    def __repr__(self) -> str:
        return f"Player({self.level!r}, seed={self.seed}, personality={self.personality!r})"

    # ------------------------------------------------------------------ dispatch
    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        self._outlook = None
        self._standing = None
        if self.style.placement and is_all_last(view.round_index, self.rules):
            self._outlook = Outlook.of(view, self.rules)
        elif self.style.standing and self.rules.players == 4:
            self._standing = defence_factors(view.scores, view.seat, view.round_index,
                                             self.rules)
        obvious = obvious_choice(view, legal, self.rules.north_yakuhai)
        if isinstance(obvious, (Tsumo, Ron)) and self._outlook is not None:
            sit = observe(view, self.rules.red_fives)
            if decline_win(sit, obvious, self._outlook, self.rules):
                rest = tuple(a for a in legal if not isinstance(a, (Tsumo, Ron)))
                if any(isinstance(a, Discard) for a in rest):
                    return self._own_turn(sit, rest)
                return next((a for a in rest if isinstance(a, Pass)), obvious)
            return obvious
        if obvious is not None:
            return obvious
        sit = observe(view, self.rules.red_fives)
        if any(isinstance(a, Discard) for a in legal):
            return self._own_turn(sit, legal)
        if any(isinstance(a, Riichi) for a in legal):
            return self._declared(sit, legal)
        return self._call(sit, legal)

    def _declared(self, sit: Situation, legal: tuple[Action, ...]) -> Action:
        """A riichi already declared whose tile is still to choose (mjai's ``reach`` comes
        before its discard): the tile the own turn would throw of those it may."""
        riichis = {a.tile: a for a in legal if isinstance(a, Riichi)}
        choice = self._own_turn(sit, tuple(Discard(t) for t in riichis))
        assert isinstance(choice, Discard)
        return riichis[choice.tile]

    # ------------------------------------------------------------------ weights
    def _defence(self, sit: Situation) -> float:
        """The level's defence weight at this table (``Style.four_defence`` at four seats, and
        ``Style.calm_defence`` there when no riichi is out)."""
        if sit.players != 4:
            return self.style.defence
        calm = 0.0 if sit.riichi_out else self.style.calm_defence
        return self.style.defence + self.style.four_defence + calm

    def _defence_weight(self, sit: Situation) -> float:
        """The defence weight of the costs not priced opponent by opponent (the discards still to
        come): with ``Style.standing`` the standings' factor of the threats (those in riichi when
        there are, else every opponent) on average, in the place of ``_mood``'s."""
        if self._standing is None:
            return self._defence(sit) * self._mood(sit)[0]
        threats = [o for o in sit.opponents if o.riichi] or list(sit.opponents)
        factor = sum(self._standing.get(o.seat, 1.0) for o in threats) / len(threats)
        return self._defence(sit) * factor

    def _mood(self, sit: Situation) -> tuple[float, float, float]:
        """Placement in the last rounds (G7: uma rewards rank, not points): (defence factor,
        call bias, riichi bias) added to the style. A clear leader defends and takes fast cheap
        wins; a distant last place pushes and wants value (riichi) rather than cheap calls."""
        if not self.style.placement:
            return 1.0, 0.0, 0.0
        v = sit.view
        if v.round_index != last_regular_round(self.rules) - 1:
            return 1.0, 0.0, 0.0  # before: no placement; the all-last: priced by the Outlook
        order = ranking(v.scores)
        rank = order.index(v.seat)
        if rank == 0:
            lead = v.scores[v.seat] - v.scores[order[1]]
            if lead > 8000:
                return 1.6, 0.4, -0.2
            return 1.2, 0.2, 0.0
        last = len(order) - 1  # last place: 3rd of three (P1) or 4th of four
        if rank == last:
            behind = v.scores[order[last - 1]] - v.scores[v.seat]
            if behind > 8000:
                return 0.5, -0.3, 0.4
            return 0.8, 0.0, 0.2
        return 1.0, 0.0, 0.0

    def _opponents(self, sit: Situation) -> list[Opponent]:
        if self.style.threats_open:
            return sit.opponents
        return [o for o in sit.opponents if o.riichi]

    def _danger(self, sit: Situation, kind: int) -> float:
        if self._defence(sit) <= 0:
            return 0.0
        opps = self._opponents(sit)
        if not opps:
            return 0.0
        if self.style.coarse:
            loss = sum(coarse_danger(kind, o, sit.unseen) * expected_loss(o, ()) for o in opps)
            return loss * self._defence_weight(sit)
        red = self._red_only(sit, kind)
        ol = self._outlook
        if ol is None and sit.players == 4 and self._standing is None:
            return threat_cost(kind, opps, sit.unseen, sit.dora, sit.turn, red=red) * \
                self._defence_weight(sit)
        # each opponent priced apart (``_loss_scale``)
        total = sum(threat_cost(kind, [o], sit.unseen, sit.dora, sit.turn, sit.players == 4,
                                red) * self._loss_scale(sit, o) for o in opps)
        apart = ol is not None or self._standing is not None  # the place priced: no mood
        return total * (self._defence(sit) if apart else self._defence_weight(sit))

    def _loss_scale(self, sit: Situation, o: Opponent) -> float:
        """A deal-in to ``o`` against its four-seat price: in the all-last its points plus the
        uma of every place it loses; at three seats the hands are bigger (``ai.sanma``); with
        ``Style.standing`` before the all-last, what it costs against the standings."""
        if self._standing is not None:
            return self._standing.get(o.seat, 1.0)
        four = expected_loss(o, sit.dora)
        pts = four if sit.players != 3 else sanma.deal_in_loss(
            o, sit.dora, len(sit.view.nuki[o.seat]))
        ol = self._outlook
        return pts / four if ol is None else ol.loss(o.seat, round(pts)) / four

    def _red_only(self, sit: Situation, kind: int) -> bool:
        """Whether the discard of ``kind`` throws a red five: every copy of it held is red
        (``ai.base.discard_choices`` throws a plain five first)."""
        held = [t for t in sit.view.concealed if t >> 2 == kind]
        return bool(held) and all(is_red(t, self.rules.red_fives) for t in held)

    # ------------------------------------------------------------------ evaluation
    def _meld_info(self, sit: Situation, extra: Meld | None = None
                   ) -> tuple[list[tuple[tuple[int, ...], bool]], list[Meld]]:
        melds = list(sit.melds) + ([extra] if extra else [])
        return [(m.kinds, m.opened) for m in melds], melds

    def _dora_han(self, sit: Situation, counts: Sequence[int], melds: Sequence[Meld],
                  tiles: Sequence[int]) -> int:
        """The dora of a hand (``counts`` and ``tiles`` in hand, ``melds``): indicated dora,
        red fives and the Norths set aside."""
        dora = sit.dora_count([k for k in range(34) for _ in range(counts[k])])
        dora += sit.dora_count([t >> 2 for m in melds for t in m.tiles])
        dora += nuki_count(sit.view)  # P1: each North set aside is a dora of the hand
        red = self.rules.red_fives
        dora += sum(1 for t in tiles if is_red(t, red))
        return dora + sum(1 for m in melds for t in m.tiles if is_red(t, red))

    def _hand_value(self, sit: Situation, counts: Sequence[int], melds: Sequence[Meld],
                    tiles: Sequence[int], route_han: float, closed: bool) -> float:
        han = route_han + self._dora_han(sit, counts, melds, tiles)
        if closed:
            han += self.style.closed_han  # ura, ippatsu, tsumo, pinfu on average
            if self.style.lone_yakuhai:
                # the cheap count first: the own hand's shanten (once a decision) only when a
                # lone yakuhai is held; a closed hand here is a closed hand now
                lone = lone_yakuhai_han(counts, sit.wind_han, sit.unseen, sit.unseen_total(),
                                        max(0, sit.tiles_left // sit.players))
                if lone and sit.own_shanten() >= LONE_YAKUHAI_FAR:
                    han += lone
        return points(han, sit.view.seat_wind == 27)

    def evaluate(self, sit: Situation, counts: list[int], tiles: Sequence[int],
                 extra: Meld | None = None, deep: bool = False, option: bool = True
                 ) -> tuple[float, int, float]:
        """(expected value, shanten along the best route, ukeire: a ready hand's copies as
        ``_tenpai_value`` counts them) of a 3n+1-tile hand; with ``option`` a closed hand's
        worth opened counts (``_opened_worth``)."""
        info, melds = self._meld_info(sit, extra)
        closed = not any(m.opened for m in melds)
        sets = 4 - len(melds)
        rs = routes(counts, info, closed, sit.wind_han, self.rules.kuitan, sit.unseen,
                    self._chiitoitsu_han(sit))
        draws = max(0, sit.tiles_left // sit.players)
        unseen = sit.unseen_total()
        if not rs:
            # no yaku on any route: no win, but a ready shape is still tenpai at a draw (K1)
            s = shanten(counts, sets, closed)
            ready = self._keiten(sit, 0, 0, 0.0, draws, unseen) \
                if s == 0 and self._formal(counts, melds) else 0.0
            return NO_YAKU - 100 * s + ready, 99, 0
        best = best_route(rs)
        assert best is not None
        if best.needs:
            # an ittsu/sanshoku that needs given tiles is a plan, not the hand's only way: when a
            # route free to use every tile (riichi, yakuhai...) is as fast, the hand is valued
            # along that one (its full ukeire) with the plan's han counted as a chance
            free = [r for r in rs if r.keep is None and r.shanten == best.shanten]
            if free:
                best = max(free, key=lambda r: r.han)
        han = hand_han(rs, best)
        n = self._route_steps(sit, counts, info, best, closed)
        s = best.shanten
        if not self.style.value:
            return win_probability(s, n, unseen, draws) * 4000, s, n
        value = self._hand_value(sit, counts, melds, tiles, han, closed)
        ol = self._outlook
        if ol is not None:
            value = self._rough_gain(ol, value, sit.view.seat_wind == 27)
        wait = None
        second = None
        can_ron = True
        if s == 0:
            w, value, can_ron = self._tenpai_value(sit, counts, melds, tiles, closed)
            wait = w
            n = w
            if w == 0:  # no wait wins (no yaku, or every copy gone): tenpai at a draw only
                ready = self._keiten(sit, 0, 0, 0.0, draws, unseen) \
                    if self._formal(counts, melds) else 0.0
                return ready, s, 0
        elif s == 1 and deep:
            q = tenpai_quality(counts, sit.unseen, sets, closed)
            wait = max(0.5, q)
        elif s == 2 and deep and self._second_step(sit):
            second = second_step(step_quality(counts, sit.unseen, sets, closed))
        hazard = self._hazard(sit)
        calls = self._calls_factor(sit, closed, best, len(melds))
        p = win_probability(s, n, unseen, draws, can_ron, wait, hazard, calls,
                            self._calm_wait(sit), second)
        ev = p * (value + self._win_bonus(sit))
        if closed and 0 < s <= OPTION_FAR and option and self.style.open_option and \
                sit.players == 4:
            ev = max(ev, self._opened_worth(sit, counts, tiles, info, draws, unseen, hazard))
        ready = s
        if s > 0 and not closed and self._formal_ready(sit, counts, melds):
            ready = 0  # no yaku ready yet, but a ready shape: tenpai at a draw all the same
        return ev + self._keiten(sit, ready, n, p, draws, unseen, hazard), s, n

    def _route_steps(self, sit: Situation, counts: Sequence[int],
                     info: Sequence[tuple[tuple[int, ...], bool]], best: Route, closed: bool
                     ) -> float:
        """The unseen copies that take the hand a step along ``best`` (its first step's)."""
        sets = 4 - len(info)
        if best.needs:
            return route_ukeire(counts, info, best, sit.unseen) or 0
        if best.pair is not None and not closed and self.style.pair_route:
            # an open hand whose yaku is a yakuhai pair's third copy: as fast as that copy or
            # the rest of the hand's steps come, not every tile that improves the shape
            return pair_ukeire(counts, best, sit.unseen, sets)
        if best.keep is None:
            return ukeire(counts, sit.unseen, sets, closed)[2]
        c = [x if k in best.keep else 0 for k, x in enumerate(counts)]
        u = [x if k in best.keep else 0 for k, x in enumerate(sit.unseen)]
        return ukeire(c, u, sets, closed)[2]

    def _opened_worth(self, sit: Situation, counts: Sequence[int], tiles: Sequence[int],
                      info: Sequence[tuple[tuple[int, ...], bool]], draws: int, unseen: int,
                      hazard: float) -> float:
        """What a closed hand not yet ready is worth along the routes it may open for (a
        yakuhai pair's pon, tanyao, honitsu, toitoi), its steps taken by draws and by chi and
        pon (``ai.chances.open_call_factor``, as an open hand's: ``Style.open_option``, at
        four seats where those were measured), no riichi out: the option of calling, which the
        closed chain does not price."""
        if sit.riichi_out:
            return 0.0
        rs = [r for r in routes(counts, info, False, sit.wind_han, self.rules.kuitan,
                                sit.unseen, self._chiitoitsu_han(sit)) if not r.needs]
        best = best_route(rs)
        if best is None or best.shanten >= 99:
            return 0.0
        han = hand_han(rs, best)
        n = self._route_steps(sit, counts, info, best, False)
        melds = list(sit.melds)
        value = self._hand_value(sit, counts, melds, tiles, han, False)
        calls = open_call_factor(_calls_route(best), self.style.open_option, 0)
        p = win_probability(best.shanten, n, unseen, draws, True, None, hazard, calls,
                            self._calm_wait(sit))
        return p * (value + self._win_bonus(sit))

    def _calls_factor(self, sit: Situation, closed: bool, best: Route, melds: int) -> float:
        """The factor of an open hand's steps towards tenpai, no riichi out, for the steps its
        calls take too (``ai.chances.open_call_factor``): with ``Style.later_calls`` for a hand
        already open, less with each meld (a closed hand's first call is priced by the call
        bias); with ``Style.open_calls`` for every open hand."""
        if closed or sit.riichi_out:
            return 1.0
        route = _calls_route(best)
        if self._later_calls(sit):
            return open_call_factor(route, self.style.later_calls, melds)
        if self.style.open_calls:
            return open_call_factor(route, self.style.open_calls)
        return 1.0

    def _chiitoitsu_han(self, sit: Situation) -> float:
        """What the seven pairs route is priced at (``Style.chiitoitsu_han``, with
        ``Style.four_chiitoitsu`` at four seats, where the lower price was measured)."""
        return self.style.chiitoitsu_han + (self.style.four_chiitoitsu if sit.players == 4 else 0.0)

    def _second_step(self, sit: Situation) -> bool:
        """Whether the lookahead weighs a 2-shanten hand's second step (``Style.second_step``):
        its scale was measured at four seats only."""
        return self.style.second_step and sit.players == 4

    def _wait_change_yaku(self, sit: Situation) -> bool:
        """Whether a ready hand waits for a better wait only when its dama wins by ron meanwhile
        or its wait is furiten (``Style.wait_change_yaku``): measured at four seats only. A
        yakuless dama wins by tsumo alone while it waits, and the Houou people who declared such
        a wait at once won more and dealt in less than those who waited."""
        return self.style.wait_change_yaku and sit.players == 4

    def _later_calls(self, sit: Situation) -> bool:
        """Whether an open hand's calls are priced by the calls still to come rather than by
        the call bias (``Style.later_calls``): measured at four seats only."""
        return bool(self.style.later_calls) and not sit.closed and sit.players == 4

    def _calm_wait(self, sit: Situation) -> float:
        """Copies added to a ready hand's wait (``Style.calm_wait``): none facing a riichi."""
        if not self.style.calm_wait or sit.riichi_out:
            return 0.0
        return self.style.calm_wait

    def _keiten_on(self, sit: Situation) -> bool:
        """Whether the noten payments are priced: at three seats, at four with
        ``Style.keiten``."""
        return sit.players == 3 or self.style.keiten

    def _keiten(self, sit: Situation, s: int, first: float, p_win: float, draws: int,
                unseen: int, hazard: float | None = None, one_step: bool = False) -> float:
        """What the noten payments (K1) add to a hand ``s`` steps from tenpai that wins with
        ``p_win`` (when ``_keiten_on``), ``draws`` own draws and ``unseen`` tiles left: at three
        seats by ``hazard``, at four by how often the wall runs out there
        (``ai.chances.draw_reached``) and for ready hands only, unless ``one_step`` asks for a
        1-shanten hand's chance too. In the all-last the payments are worth what they do to
        the final score (``Outlook.keiten_worth``: a place, the deal kept)."""
        if not self._keiten_on(sit):
            return 0.0
        ol = self._outlook
        worth = None if ol is None else ol.keiten_worth(sit.view.riichi)
        if worth is not None and worth <= 0:
            return 0.0
        if sit.players == 3:
            return sanma.keiten(s, first, unseen, draws,
                                self._hazard(sit) if hazard is None else hazard, p_win,
                                self.rules.noten_total if worth is None else worth)
        if s != 0 and not one_step:
            # a 1-shanten hand gets there only by pushing the tiles on the way, which this does
            # not price: at four seats it made hard push 1-shanten hands into a riichi 36% of
            # the time where people did 27% (bench_pushfold; ready hands only: 26%)
            return 0.0
        reached = draw_reached(draws, sit.riichis)
        if worth is None:
            worth = KEITEN_SHARE * self.rules.noten_total / 3000
        worth = keiten(s, first, unseen, draws, reached, p_win, worth)
        # staying ready to the end against a threat throws every tile drawn until then: worth
        # it late, not with many draws left (the hand would rather fold later than pay that).
        # In points in the all-last too: there a deal-in's place is lost against the standings
        # now, which a noten draw loses as well (priced by the Outlook, this overstated the
        # pushes' cost: the leader 2000 above a riichi folded its ready pinfu at six draws left)
        cost = hold_cost(self._opponents(sit), sit.turn, sit.dora, draws) * \
            self._defence_weight(sit)
        return max(0.0, worth - cost)

    def _formal_ready(self, sit: Situation, counts: Sequence[int], melds: Sequence[Meld]
                      ) -> bool:
        """Whether a hand not ready with a yaku (it has none, or one still steps away) is a
        ready shape all the same, paid at an exhaustive draw (K1: a formal tenpai), when the
        noten payments are priced (``_keiten_on``)."""
        return self._keiten_on(sit) and shanten(counts, 4 - len(melds), False) == 0 and \
            self._formal(counts, melds)

    def _pass_worth(self, sit: Situation, now_ev: float, now_s: int) -> float:
        """What passing is worth beside a call for a formal tenpai: the hand's value
        (``evaluate``; for a hand with no yaku at all, its payments at a draw when it is a ready
        shape), and what it may still collect at a draw once its own draws make it ready.
        ``evaluate`` leaves that chance out for a 1-shanten hand at four seats (there it made
        hard push such hands into a riichi), but a call that takes the payments must be weighed
        against it."""
        shape, _, n = ukeire(sit.counts, sit.unseen, sit.sets_needed, sit.closed)
        base = now_ev
        if now_s >= 99:  # no yaku at all: the payments are all it is worth
            base = now_ev - NO_YAKU if shape == 0 else 0.0
        if shape != 1 or (sit.players == 3 and now_s == 1):
            return base  # (three seats: evaluate priced the chance when the route is as near)
        return base + self._keiten(sit, 1, n, 0.0, max(0, sit.tiles_left // sit.players),
                                   sit.unseen_total(), one_step=True)

    def _opened_routes(self, sit: Situation, counts: Sequence[int], meld: Meld
                       ) -> tuple[list[Route], list[Route], list[Meld]]:
        """A closed hand opened by ``meld``, ``counts`` left in hand: its yaku routes, those as
        near to tenpai as its best (none without a yaku) and its melds then."""
        info, melds = self._meld_info(sit, meld)
        rs = routes(counts, info, False, sit.wind_han, self.rules.kuitan, sit.unseen)
        near = min((r.shanten for r in rs), default=0)
        return rs, [r for r in rs if r.shanten == near], melds

    def _one_suit_call(self, sit: Situation, counts: Sequence[int], meld: Meld) -> bool:
        """Whether the hand ``meld`` opens (or adds to), ``counts`` left, goes fastest as a
        honitsu or chinitsu (``Style.one_suit_reach``)."""
        _, near, _ = self._opened_routes(sit, counts, meld)
        return any(r.name == "honitsu" for r in near)

    def _tanyao_only(self, sit: Situation, counts: Sequence[int], meld: Meld) -> bool:
        """Whether tanyao is the hand's only yaku (of the routes as near to tenpai as its
        best) once ``meld`` opens it, ``counts`` left in hand: the hand a closed riichi gives up
        for 1 han."""
        _, near, _ = self._opened_routes(sit, counts, meld)
        return all(r.name == "tanyao" for r in near)

    def _opened_han(self, sit: Situation, counts: Sequence[int], tiles: Sequence[int],
                    meld: Meld) -> float:
        """The han (yaku and dora) of a closed hand opened by ``meld`` (``counts`` and ``tiles``
        left in hand) along the routes as near to tenpai as its best."""
        rs, near, melds = self._opened_routes(sit, counts, meld)
        if not near:
            return 0.0
        return max(hand_han(rs, r) for r in near) + self._dora_han(sit, counts, melds, tiles)

    def _cheap_yakuhai(self, sit: Situation, counts: Sequence[int], tiles: Sequence[int],
                       meld: Meld) -> bool:
        """Whether a closed hand opened by the yakuhai pon ``meld`` is worth 2 han at most:
        the yakuhai and a dora (or a red five), no second yakuhai, double wind or richer yaku."""
        return self._opened_han(sit, counts, tiles, meld) <= CHEAP_YAKUHAI_HAN

    @staticmethod
    def _formal(counts: Sequence[int], melds: Sequence[Meld]) -> bool:
        """A ready shape that counts as tenpai at a draw: a wait of which the seat does not
        hold all four copies itself, in hand or melds (as on Tenhou, ``Seat.tenpai_at_draw``)."""
        held = [0] * 34
        for m in melds:
            for t in m.tiles:
                held[t >> 2] += 1
        return any(counts[w] + held[w] < 4 for w in waits(counts))

    def _win_bonus(self, sit: Situation) -> float:
        """What ending the round with a win denies the others: a flat sum (bigger at three
        seats, ``ai.sanma``), or in the all-last what this seat expects to lose to another
        seat's win."""
        if self._outlook is not None:
            bonus = self._outlook.deny
        else:
            bonus = sanma.WIN_BONUS if sit.players == 3 else WIN_BONUS
        if self.style.race and sit.players == 4:
            v = sit.view
            bonus += riichi_denial([o.is_dealer for o in sit.opponents if o.riichi],
                                   v.seat == v.dealer)
        return bonus

    def _hazard(self, sit: Situation) -> float:
        """The chance, per own draw, that another seat ends the round first: a flat figure,
        or at three seats one that grows with the opponents' chances of being ready."""
        if sit.players == 3:
            return sanma.hazard(sit.opponents, sit.turn)
        if self.style.race:
            return race_hazard(sit.riichis)
        return HAZARD

    @staticmethod
    def _rough_gain(ol: Outlook, ron: float, dealer: bool) -> float:
        """The all-last final-score gain of a hand worth about ``ron`` points by ron. The value
        of a hand not yet tenpai is a guess: it is spread over a han less and a han more
        (ROUGH_SPREAD), so that a place won or lost at a threshold counts by how likely the
        hand reaches it, not all or nothing."""
        total = 0.0
        for factor, weight in ROUGH_SPREAD:
            r = int(ron * factor)
            if dealer:
                g = ol.win_gain(r, 0, -(-r // 300) * 100)
            else:
                g = ol.win_gain(r, -(-r // 200) * 100, -(-r // 400) * 100)
            total += weight * g
        return total

    def _tenpai_value(self, sit: Situation, counts: Sequence[int], melds: Sequence[Meld],
                      tiles: Sequence[int], closed: bool, riichi: bool | None = None
                      ) -> tuple[float, float, bool]:
        """(unseen copies of waits that win with a yaku, average value, ron allowed) for a tenpai
        hand, scored exactly with the engine's ``score_hand``; with ``Style.ron_looks`` a closed
        hand's copies count by how safe they look (``ai.chances.ron_weight``)."""
        v = sit.view
        own = {rt.tile >> 2 for rt in v.rivers[v.seat]}
        if sum(sit.counts) == sum(counts) + 1:  # a discard's hand: the tile thrown is in the river
            own |= {k for k in range(34) if sit.counts[k] > counts[k]}
        ws = waits(counts)
        furiten = any(w in own for w in ws)
        use_riichi = (closed and self._may_riichi(sit)) if riichi is None else riichi
        total_w = 0.0
        total_v = 0.0
        ron_yaku = False  # some wait wins by ron (a yakuless dama wins only by tsumo)
        used = set(tiles) | {t for m in melds for t in m.tiles}
        ol = self._outlook
        looks = self.style.ron_looks and closed and not furiten
        for w, n, tile in live_waits(ws, sit.unseen, used):
            val = 0.0
            results = {}
            for tsumo in (False, True):
                ws_ = WinSituation(tsumo=tsumo, riichi=use_riichi, round_wind=v.round_wind,
                                   seat_wind=v.seat_wind, dora_indicators=v.dora_indicators,
                                   honba=v.honba, nuki=nuki_count(v))
                try:
                    res = score_hand(list(tiles) + [tile], list(melds), tile, ws_, self.rules)
                except (NoYaku, NotAWin):
                    continue  # this wait has no yaku (or, for ron, none without tsumo)
                results[tsumo] = res
                val = max(val, float(res.total if tsumo else res.ron))
            if ol is None and True in results:
                # each wait priced as its wins come (ai.riichi, measured): a tsumo or a ron in
                # their shares, a riichi's with its ura and ippatsu han step by step. By the
                # ron alone and a flat 1.15 for a riichi, the Houou people's riichi hands that
                # won were priced at 6,028 points on average and won 7,793 (7,728 so); the
                # open ready hands won 1.03-1.15 times their price (1.00-1.09 so; bench_chances,
                # issue 16)
                declared = use_riichi if riichi is None else riichi
                t_val = win_worth(results[True], self.rules, declared)
                if furiten or False not in results:
                    val = t_val
                else:
                    share = RIICHI_TSUMO_SHARE if declared else \
                        DAMA_TSUMO_SHARE if closed else OPEN_TSUMO_SHARE
                    val = share * t_val + (1 - share) * win_worth(results[False], self.rules,
                                                                    declared)
            if ol is not None and results:
                t_res = results.get(True)
                r_res = None if furiten else results.get(False)
                if r_res is not None and t_res is not None:
                    val = ol.win_gain(r_res.ron, t_res.tsumo_dealer, t_res.tsumo_other,
                                      1 / RON_FACTOR)
                elif t_res is not None:
                    val = ol.gain_of(None, t_res.ron, t_res.tsumo_dealer, t_res.tsumo_other)
                elif r_res is not None:
                    val = ol.win_gain(r_res.ron, r_res.tsumo_dealer, r_res.tsumo_other, 0.0)
                else:
                    continue  # furiten, and no yaku by tsumo
                val = max(val, 1.0)
            if val <= 0:
                continue
            ron_yaku = ron_yaku or False in results
            if looks and False in results:
                # a closed hand's wait is thrown to it as often as its tiles look safe from the
                # river, the tile thrown now included (``ai.chances.RON_BY_LOOK``, measured);
                # a wait that wins by tsumo only is not
                copies = n * ron_weight(w, own, use_riichi)
            else:
                copies = float(n)
            total_w += copies
            total_v += copies * val
        if total_w == 0:
            return 0, 0.0, False
        return total_w, total_v / total_w, ron_yaku and not furiten

    def _may_riichi(self, sit: Situation) -> bool:
        """Whether a closed hand ready now may still be declared (R1: 1,000 points or more and
        enough tiles left in the live wall), or has been: when not, it wins without the riichi's
        han, and a hand without a yaku wins by tsumo only."""
        v = sit.view
        if v.riichi[v.seat]:
            return True
        return v.scores[v.seat] >= self.rules.riichi_min_points and \
            sit.tiles_left >= self.rules.riichi_min_wall_tiles

    def _kan_ok(self, sit: Situation, a: Kan, s_now: int) -> bool:
        """A kan turns a new dora indicator for everyone and draws from the dead wall. Worth it
        when it costs no speed, the hand is near enough to winning that the new dora is more
        likely its own than another's (1-shanten or better; an ankan, which keeps the hand
        closed and gives nothing away, up to 2-shanten), no riichi is waiting for that dora
        (nor for a chankan), and no open hand looks ready to win. An open kan on a discard is
        only called into a hand that is already open and keeps a yaku."""
        if sit.riichi_out:
            return False
        c = sit.counts[:]
        for t in a.tiles:
            c[t >> 2] -= 1
        closed = sit.closed and a.kind is MeldKind.ANKAN
        sets = sit.sets_needed - (0 if a.kind is MeldKind.KAKAN else 1)
        s_after = shanten(c, sets, closed)
        if s_after > s_now or s_after > (2 if a.kind is MeldKind.ANKAN else 1):
            return False
        if s_after >= 1 and any(tenpai_probability(o, sit.turn) >= 0.5 for o in sit.opponents):
            return False
        if a.kind is MeldKind.DAIMINKAN:
            if sit.closed or a.called is None:
                return False  # opening a closed hand for a kan throws riichi away
            meld = Meld(MeldKind.DAIMINKAN, tuple(sorted(a.tiles + (a.called,))), a.called)
            tiles = [t for t in sit.view.concealed if t not in a.tiles]
            if self.evaluate(sit, c, tiles, extra=meld)[1] >= 99:
                return False  # no yaku left
        return True

    # ------------------------------------------------------------------ placement
    @staticmethod
    def _attack(ev: float, s: int, s_min: int) -> float:
        """The chain in ``win_probability`` uses average ukeire for the later steps, which flatters
        wide but slow hands; each step back from the fastest keeps ``SHANTEN_BACK`` of the value."""
        return ev * SHANTEN_BACK ** max(0, s - s_min)

    def _push(self, sit: Situation, ev: float, s: int, s_min: int) -> float:
        """The attack less what the discards still to come may cost (``ai.pushfold``), never
        below a tenth of it: the hand can still fold later."""
        a = self._attack(ev, s, s_min) * self._calm_worth(sit, s_min)
        if not self._foresight(sit) or a <= 0 or self._defence(sit) <= 0:
            return a
        draws = max(0, sit.tiles_left // sit.players)
        cost = push_cost(self._opponents(sit), sit.turn, sit.dora, s, draws)
        return pushed(a, cost * self._defence_weight(sit))

    def _calm_worth(self, sit: Situation, s_min: int) -> float:
        """The factor of the attack of a hand ``s_min`` steps from tenpai, no riichi out
        (``Style.calm_attack`` of ``ai.chances.CALM_WORTH``): the same for every discard of the
        turn, so it weighs the attack against the danger only; at four seats, where it was
        measured."""
        w = self.style.calm_attack
        if not w or not 0 < s_min < 99 or sit.players != 4 or sit.riichi_out:
            return 1.0
        return 1.0 + w * (CALM_WORTH[sit.closed][min(s_min, 3)] - 1.0)

    def _foresight(self, sit: Situation) -> bool:
        """Whether pushing is charged the discards to come (``Style.foresight``): at four seats,
        where ``ai.pushfold``'s prices were measured; three seats price a riichi's threat by
        ``ai.sanma``'s measured losses alone."""
        return self.style.foresight and sit.players == 4

    # ------------------------------------------------------------------ own turn
    def _own_turn(self, sit: Situation, legal: tuple[Action, ...]) -> Action:
        v = sit.view
        me = v.seat
        abort = next((a for a in legal if isinstance(a, AbortNineTerminals)), None)
        if abort is not None and kokushi_shanten(sit.counts) >= 4:
            return abort
        discards = discard_choices(legal)
        kans = [a for a in legal if isinstance(a, Kan)]
        if v.riichi[me]:
            for a in kans:
                if a.kind is MeldKind.ANKAN:
                    return a
            if v.drawn is not None and Discard(v.drawn) in legal:
                return Discard(v.drawn)
            return next(iter(discards.values()))
        concealed = list(v.concealed)
        scored: list[Candidate] = []
        for k, act in discards.items():
            c = sit.counts[:]
            c[k] -= 1
            tiles = list(concealed)
            tiles.remove(act.tile)
            ev, s, n = self.evaluate(sit, c, tiles, deep=False)
            scored.append(Candidate(0.0, ev, s, n, k, act, c, tiles))
        s_min = min(x.shanten for x in scored)
        keep = self._keep_costs(sit)

        def score(x: Candidate) -> float:
            return self._push(sit, x.ev, x.shanten, s_min) - self._danger(sit, x.kind) - \
                keep.get(x.kind, 0.0) + stray.get(x.kind, 0.0)

        stray: dict[int, float] = {}  # in the score, so the lookahead's rescoring keeps it
        for x in scored:
            x.score = score(x)
        stray = self._stray_bonus(sit, scored)
        for x in scored:
            x.score += stray.get(x.kind, 0.0)

        def order(x: Candidate) -> tuple[float, int]:
            return -round(x.score, 3), reach(x.kind, sit.unseen)

        scored.sort(key=order)
        if self.style.lookahead and self.style.value:
            for x in scored[:4]:
                if x.shanten == 1 or (x.shanten == 2 and self._second_step(sit)):
                    x.ev = self.evaluate(sit, x.counts, x.tiles, deep=True)[0]
                    x.score = score(x)
            if self._second_step(sit):
                # the hands weighed closer are ranked among themselves: a hand left at the
                # chain's average is not raised above them by a shape no one looked at
                scored[:4] = sorted(scored[:4], key=order)
            else:
                scored.sort(key=order)
        riichis = riichi_choices(legal)
        weighed = self._weigh_riichi(sit, scored, riichis, s_min)
        if weighed:
            scored.sort(key=order)
        for a in kans:
            if a.kind is not MeldKind.DAIMINKAN and self._kan_ok(sit, a, scored[0].shanten):
                return a
        calm = self.style.noise_riichi or not sit.riichi_out
        if self.style.noise and calm and len(scored) > 1 and self.rng.random() < self.style.noise:
            top = scored[: min(3, len(scored))]
            choice = top[self.rng.randrange(len(top))]
        else:
            choice = scored[0]
        if riichis:
            r = self._riichi(sit, scored, riichis, weighed)
            if r is not None:
                return r
        return choice.action

    def _stray_bonus(self, sit: Situation, scored: Sequence[Candidate]) -> dict[int, float]:
        """With ``Style.one_suit_order``, calm: what each stray outside a hand leaning to one suit
        (``ai.value.one_suit_strays``) adds to its discard's score, that share of the best
        candidate's (and a lone terminal's with ``Style.terminal_order``, below). Efficiency alone
        keeps such a tile before an isolated honour; the Houou people throw it first (issue 16). On
        their calm discards of such hands (80 games, closed, some of the three outside tiles
        isolated) hard threw the same tile as them 35.5% of the time, 50.9% with 0.15 (open 43.7 ->
        61.7%), bench_discards 59.8 / 52.6 / 45.1% -> 59.9 / 53.0 / 45.1% one / two / three+ steps
        away. With one or two tiles outside the people threw one of them on 85% / 60% of such
        discards (100 games, closed), hard without the bonus 54% / 33%: the same tile 51.8 -> 73.2%
        / 40.6 -> 47.2% with it, bench_discards 60.1 / 52.8 / 44.3% -> 60.3 / 53.1 / 44.3%. The same
        bonus with four or five tiles outside threw far more of them than the people did
        (bench_discards three+ steps away 41.7%). With ``Style.terminal_order``, calm and closed
        ``TERMINAL_FAR`` steps from tenpai or more with a lone honour held, each lone number
        terminal (``ai.value.lone_terminals``) adds that share: ukeire keeps it before the honour,
        as its draws count as many as a middle tile's, though the shapes they make (a penchan, a
        kanchan) are the poorest. Holding both (80 games), the Houou people threw the terminal on
        58% of such discards two steps away and 49% three or more, hard 20% and 22%; with 0.02 60%
        and 51% (0.05 threw it on three in four), bench_discards 52.0 / 43.8 -> 53.6 / 45.0% two /
        three+ steps away; four-hard self-play's first closed 1-shanten hands' tenpai quality 4.52
        -> 4.57 (people 4.82), the first ready hands' live wait tiles closed 4.61 -> 4.67 (5.14),
        open 4.85 -> 5.06 (5.08; 40 games from 5000); its draws 20.8 -> 19.6% of rounds (288 games
        from 6000). At four seats, where they were measured."""
        if sit.players != 4 or sit.riichi_out:
            return {}
        out: dict[int, float] = {}
        top = max(abs(x.score) for x in scored)
        if self.style.terminal_order and sit.closed and 1 in sit.counts[27:34] and \
                sit.own_shanten() >= TERMINAL_FAR:
            for k in lone_terminals(sit.counts):
                out[k] = self.style.terminal_order * top
        if self.style.one_suit_order:
            strays = one_suit_strays(sit.counts, [t >> 2 for m in sit.melds for t in m.tiles])
            for k in strays:
                out[k] = max(out.get(k, 0.0), self.style.one_suit_order * top)
        return out

    def _keep_costs(self, sit: Situation) -> dict[int, float]:
        """With ``Style.stock``, what each discard of a calm closed hand one step from tenpai or
        more gives up of the safe tiles it could fold with if a riichi came (``ai.stock``); at
        four seats, where it was measured."""
        if not self.style.stock or sit.players != 4 or not sit.closed or sit.riichi_out:
            return {}
        w = stock_weight(sit.turn)
        if w <= 0 or sit.own_shanten() < 1:
            return {}
        costs = keep_costs(sit.counts, fold_dangers(sit.counts, sit.opponents, sit.unseen,
                                                    sit.dora))
        return {k: w * c for k, c in costs.items()}

    def _weigh_riichi(self, sit: Situation, scored: list[Candidate],
                      riichis: dict[int, Riichi], s_min: int
                      ) -> dict[int, tuple[float, float, float]]:
        """Against a riichi, a closed ready hand is worth what it wins as riichi or as dama,
        whichever is more (``_riichi_dama``): the stick a riichi loses when it does not win, and
        every tile it must throw after, are part of the push; a hand without a yaku wins dama by
        tsumo only. ``evaluate`` prices every closed ready hand as a riichi with neither, which
        pushed poor waits on: on the Houou spots facing a riichi with a genbutsu in hand, hard
        threw a tile not a genbutsu with a closed ready hand of four live wait tiles or fewer
        against a non-dealer's riichi 62.8% of the time, the people 50.4%, and declared riichi
        30.9% against 16.7%; since, 59.2% and 27.7% (issue 16). Rescores such candidates and
        gives their ``_riichi_dama`` by kind (empty when it rescored none)."""
        weighed: dict[int, tuple[float, float, float]] = {}
        if not riichis or self.style.simple_riichi or not self.style.value or \
                not sit.riichi_out:
            return weighed
        for x in scored:
            if x.shanten != 0 or x.kind not in riichis:
                continue
            both = self._riichi_dama(sit, x)
            if both is None:
                continue
            x.ev = max(both[:2]) + both[2]
            x.score = self._push(sit, x.ev, 0, s_min) - self._danger(sit, x.kind)
            weighed[x.kind] = both
        return weighed

    def _ready_values(self, sit: Situation, row: Candidate
                      ) -> tuple[tuple[float, float, bool], tuple[float, float, bool]]:
        """``_tenpai_value`` of the closed ready hand ``row`` leaves, with riichi and dama."""
        melds = list(sit.melds)
        return (self._tenpai_value(sit, row.counts, melds, row.tiles, True, riichi=True),
                self._tenpai_value(sit, row.counts, melds, row.tiles, True, riichi=False))

    def _riichi_dama(self, sit: Situation, row: Candidate, change: bool = False
                     ) -> tuple[float, float, float] | None:
        """(riichi, dama, ready): what the ready hand ``row`` leaves wins declared and silent,
        and what it may collect in noten payments either way (K1); None when riichi wins on
        no tile. With ``change`` (and ``Style.wait_change``) dama is worth at least waiting one
        turn for a draw that changes the wait to a better one and declaring then
        (``_wait_change``); with ``Style.wait_change_yaku`` only a hand whose dama wins by ron
        meanwhile, or whose wait is furiten, waits so (``_wait_change_yaku``)."""
        (w_r, v_r, ron_r), (w_d, v_d, ron_d) = self._ready_values(sit, row)
        if w_r == 0:
            return None
        draws = max(1, sit.tiles_left // sit.players)
        unseen = sit.unseen_total()
        hazard = self._hazard(sit)
        ol = self._outlook
        stick = 1000.0 if ol is None else ol.stick_cost()
        if ol is not None:  # final-score gains: a small factor for the ura and ippatsu
            v_r *= RIICHI_EXTRA_LIMIT
        bonus = self._win_bonus(sit)
        # dama keeps the option to fold; riichi commits against every later threat
        threatened = sit.riichi_out
        # what riichi does beyond this hand (the others fold, the table slows): the same
        # points for every hand, not a share of this one's worth (which made a haneman's
        # riichi, which adds little, look better the bigger the hand)
        beyond = (self.style.riichi_bias + self._mood(sit)[2]) * RIICHI_TYPICAL
        if threatened and w_d and ron_d:
            # a riichi after another's on a hand that could win dama by ron (people chase with
            # such a hand 31.0% of the Houou spots: bench_riichi)
            beyond += self.style.chase_bias * RIICHI_TYPICAL

        extra = self._calm_wait(sit)

        def declared(w: float, ron: bool, n: int) -> tuple[float, float]:
            """(worth, win chance) of a riichi on ``w`` copies with ``n`` draws left."""
            p = win_probability(0, w, unseen, n, ron, w, hazard, extra_wait=extra)
            ev = p * (v_r + bonus) - (1 - p) * stick
            if threatened and w <= 2 and v_r < 5000:
                ev -= 1200
            if self._foresight(sit):
                # and it throws every tile it draws from now on, where dama can still fold
                ev -= riichi_cost(self._opponents(sit), sit.turn, sit.dora, n) * \
                    self._defence_weight(sit)
            return ev + beyond, p

        ev_r, p_r = declared(w_r, ron_r, draws)
        # a silent wait is hit more often: the others neither fold nor read it (measured); with
        # no yaku without riichi, only a tsumo wins dama
        dama_ron = bool(w_d and ron_d)
        d_copies = w_d * DAMA_HITS if dama_ron else w_d
        p_d = win_probability(0, d_copies, unseen, draws, dama_ron, None, hazard,
                              extra_wait=extra)
        ev_d = p_d * (v_d + bonus)
        if change and self.style.wait_change and ev_r > ev_d and draws > 1 and \
                (dama_ron or not ron_r or not self._wait_change_yaku(sit)):
            p_one = win_probability(0, d_copies, unseen, 1, dama_ron, None, hazard,
                                    extra_wait=extra)
            on = (1 - hazard) - p_one  # the round goes on to the next own draw, not won

            def next_turn(w: float, ron: bool) -> float:
                return declared(w, ron, draws - 1)[0]

            later = self._wait_change(sit, row, unseen, next_turn, next_turn(w_r, ron_r))
            ev_d = max(ev_d, p_one * (v_d + bonus) + on * later)
        ready = self._keiten(sit, 0, w_r, p_r, draws, unseen, hazard)
        return ev_r, ev_d, ready

    @staticmethod
    def _wait_change(sit: Situation, row: Candidate, unseen: int,
                     declared: Callable[[float, bool], float], stay: float) -> float:
        """What dama for one turn and riichi at the next draw is worth: the riichi ``stay``
        worth then on the same wait, or ``declared`` on a better one when the draw lets a
        discard leave one (``ai.tenpai_change.better_waits``): a furiten wait that turns into
        one that wins by ron, a kanchan into a two-sided wait."""
        v = sit.view
        river = {rt.tile >> 2 for rt in v.rivers[v.seat]} | {row.kind}
        total = 0.0
        changed = 0
        for n, w, ron in better_waits(row.counts, river, sit.unseen):
            total += n * max(stay, declared(w, ron))
            changed += n
        return (total + (unseen - changed) * stay) / unseen

    def _riichi(self, sit: Situation, scored: list[Candidate],
                riichis: dict[int, Riichi],
                weighed: dict[int, tuple[float, float, float]] | None = None) -> Action | None:
        """Riichi or dama for the best tenpai discard: riichi unless the hand already wins with
        enough value and a decent wait silently, or the wait is hopeless late. Once
        ``_weigh_riichi`` priced the ready hands as riichi or dama (``weighed``), only the best
        discard is declared; before, one within 1,500 points of it."""
        rows = [x for x in scored if x.kind in riichis and x.shanten == 0]
        if not rows:
            return None
        row = rows[0]
        margin = 0.0 if weighed else 1500.0
        if scored[0].kind != row.kind and scored[0].score > row.score + margin:
            return None  # folding (or a much better non-tenpai discard) beats this riichi
        if self.style.simple_riichi:
            (w_r, _, _), (w_d, _, _) = self._ready_values(sit, row)
            if w_r == 0:
                return None
            # a decent wait (four copies or more) always riichi; a poor one only without a yaku
            return riichis[row.kind] if w_r >= 4 or w_d == 0 else None
        both = weighed.get(row.kind) if weighed else None
        if both is None or (both[0] > both[1] and self.style.wait_change):
            both = self._riichi_dama(sit, row, change=True)
        if both is None:
            return None
        if self.level == "easy":
            return riichis[row.kind]
        return riichis[row.kind] if both[0] >= both[1] else None

    # ------------------------------------------------------------------ calls
    def _call(self, sit: Situation, legal: tuple[Action, ...]) -> Action:
        pass_ = next((a for a in legal if isinstance(a, Pass)), None)
        v = sit.view
        if v.riichi[v.seat]:
            return pass_ or legal[0]
        concealed = list(v.concealed)
        for a in legal:
            if isinstance(a, Kan) and a.kind is MeldKind.DAIMINKAN and self.style.value and \
                    self._kan_ok(sit, a, sit.own_shanten()):
                return a
        # passing keeps the hand as the call bias was measured against: closed, its later
        # calls not priced (Style.open_option)
        now_ev, now_s, _ = self.evaluate(sit, sit.counts, concealed, option=False)
        best_ev = now_ev + 1.0
        pass_worth: float | None = None  # passing, next to a formal tenpai call
        # a call for a formal tenpai, paid only at a draw, once a draw is the likelier end of
        # the round: before, the Houou people seldom made one (of the offers where a call left
        # a ready shape with no yaku: 3.0% with 29 tiles left or more, 7.1% with 17-28, 27.8%
        # with 9-16, 40.0% with 8 or fewer). Allowed at any time, hard called 17.8% of the
        # early ones (13.8% before: its other calls): it prices the closed hand it gives up too
        # low that far from the draw
        formal_on = draw_reached(max(0, sit.tiles_left // sit.players),
                                 sit.riichis) >= FORMAL_DRAW
        best: Action | None = None
        threat = sit.riichi_out
        mood_call = self._mood(sit)[1]
        for a in legal:
            if not isinstance(a, (Chi, Pon)):
                continue
            taken = list(a.tiles)
            c = sit.counts[:]
            for t in taken:
                c[t >> 2] -= 1
            tiles = [t for t in concealed if t not in taken]
            kind = MeldKind.CHI if isinstance(a, Chi) else MeldKind.PON
            meld = Meld(kind, tuple(sorted(taken + [a.called])), a.called, 3)
            forbidden = {a.called >> 2}
            if isinstance(a, Chi):
                lo = min(t >> 2 for t in meld.tiles)
                if a.called >> 2 == lo and lo % 9 <= 5:
                    forbidden.add(lo + 3)
                if a.called >> 2 == lo + 2 and lo % 9 >= 1:
                    forbidden.add(lo - 1)
            best_after = None
            fastest = 99  # the fewest steps to tenpai any discard after the call leaves
            for k in range(34):
                if not c[k] or k in forbidden:
                    continue
                c2 = c[:]
                c2[k] -= 1
                t2 = list(tiles)
                drop = next(t for t in t2 if t >> 2 == k)
                t2.remove(drop)
                ev, s, n = self.evaluate(sit, c2, t2, extra=meld)
                # ready without a yaku: paid at a draw (K1), which evaluate prices
                yakuless = s > 0 and formal_on and \
                    self._formal_ready(sit, c2, list(sit.melds) + [meld])
                if yakuless:
                    if s >= 99:
                        ev -= NO_YAKU  # no yaku at all: what the ready shape collects
                    s = 0
                elif s >= 99:
                    continue  # a yakuless call
                fastest = min(fastest, s)
                # a call costs a discard now that passing does not: its deal-in risk counts
                risk = self._danger(sit, k)
                if best_after is None or ev - risk > best_after[0] - best_after[2]:
                    best_after = (ev, s, risk, yakuless, c2, t2)
            if best_after is None:
                continue
            ev, s, risk, yakuless, c_after, t_after = best_after
            yakuhai = isinstance(a, Pon) and sit.wind_han(a.called >> 2) > 0
            # the call is judged by what it can do to the hand's speed (the fastest discard
            # after it), and by value on its best discard, which may keep a better shape
            if fastest > now_s:
                continue
            if fastest == now_s and ev <= now_ev * (SAME_YAKUHAI if yakuhai else SAME_SHANTEN):
                continue  # a call must speed the hand up (or raise its value a lot)
            chosen_s, s = s, fastest
            limit = self.style.max_call_shanten
            if yakuhai:
                limit += 1  # a yakuhai pon secures the yaku: worth taking a step earlier
            elif sit.closed and isinstance(a, Chi):
                # a chi that opens a closed hand gives its riichi up for a cheap hand
                limit += self.style.closed_chi
            if sit.players == 3 and isinstance(a, Pon):
                limit += sanma.call_reach(sit, a.called >> 2)
            if s > limit and self.style.one_suit_reach and \
                    self._one_suit_call(sit, c_after, meld):
                limit += self.style.one_suit_reach
            if s > limit:
                continue  # opening a hand still far from tenpai throws its value away
            if threat and chosen_s >= 1 and self._defence(sit) >= 1.0:
                # never open up and go 1-shanten into a riichi. Measured and left out (issue 16):
                # lifting it for hard (calls 27.7 -> 30.8%, deal-in 11.8 -> 12.6%, rule 1.680 ->
                # 1.650, greedy 1.915 -> 1.970); lifting it with the call and the pass both
                # charged the pushes to come (ai.pushfold): head to head even (2.495 +- 0.042),
                # and hard then called into a riichi more than the Houou people (closed hands
                # 11.1% of the offers, people 7.3%, 3.0% now; open 35.0%, people 19.7%, 12.3% now)
                continue
            if yakuless:
                # a formal tenpai (K1) is worth its noten payments, no more: no call bias, and
                # passing keeps the chance of a ready hand by the own draws
                if pass_worth is None:
                    pass_worth = self._pass_worth(sit, now_ev, now_s)
                if ev - risk > max(best_ev, pass_worth + 1.0):
                    best_ev, best = ev - risk, a
                continue
            if sit.closed and self.style.open_han and \
                    self._opened_han(sit, c_after, t_after, meld) < self.style.open_han:
                continue
            # a hand already open prices the calls still to come (Style.later_calls): the bias,
            # which stands for them at a closed hand's first call, is not added again
            bias = 0.0 if self._later_calls(sit) else self.style.call_bias
            if sit.closed and not yakuhai and self.style.tanyao_cut and \
                    self._tanyao_only(sit, c_after, meld):
                # a closed hand's riichi (and its ura, tsumo, pinfu) given up for 1 han: the
                # call must pay by its own value and speed (issue 16)
                bias -= self.style.tanyao_cut
            elif sit.closed and yakuhai and self.style.yakuhai_cut and \
                    self._cheap_yakuhai(sit, c_after, t_after, meld):
                # the same for a pon that leaves the yakuhai and at most a dora: people take
                # 66% of such offers, 86% of the richer ones (bench_calls)
                bias -= self.style.yakuhai_cut
            ev = ev * (1.0 + bias + mood_call) - risk
            if ev > best_ev:
                best_ev, best = ev, a
        if best is not None:
            return best
        return pass_ or legal[0]
