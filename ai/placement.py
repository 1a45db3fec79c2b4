"""Placement at the end of the game (issue 4, item 6): what a result is worth in the final score.

Uma and oka (G7) reward the place, not the points, so in the round that may end the game
("all-last": South 4 of a hanchan, East 4 of a tonpuusen, and every extension round) a hand is
worth what it does to the seat's *final score*: its points plus the uma (and oka) of the place it
ends in. ``Outlook`` prices the outcomes a decision can lead to in those units (points; one point
of final score is 1000 points):

- ``win_gain(ron, tsumo_dealer, tsumo_other)``: a win of that price by ron from each opponent or
  by tsumo, honba and riichi sticks included, against the position now;
- ``loss(opponent, points)``: dealing into ``opponent`` for ``points``: the points, plus the uma
  of every place it costs;
- ``deny``: what this seat expects to lose when another seat wins instead (a leader's lead can be
  overtaken, the last seat cannot drop): ending the round by winning is worth that much on top;
- ``needs()``: the smallest hand that moves the seat up, by ron from each opponent and by tsumo
  ("what hand is needed to move up"), for the AI and for the player's practice hints.

A win of this seat that does not end the game (the dealer keeps the deal, the extension goes on)
settles no place: it is worth its points and another hand (``GOES_ON``), as in any other round.

>>> from engine.rules import RuleSet
>>> o = Outlook(RuleSet(), scores=(31000, 26000, 23000, 20000), seat=3, dealer=3,
...             round_index=7, honba=0, sticks=0)
>>> o.rank
3
>>> o.loss(0, 1000) > 1000  # the last seat cannot lose a place: only the points
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import product

from ai import sanma
from engine.rules import RuleSet
from engine.scoring.points import base_points, pay, total_of
from engine.settlement import noten_payments
from engine.standings import final_scores, next_step, ranking
from engine.view import PlayerView

#: the prices a hand can have, as (han, fu) steps; limits from mangan up
_STEPS = [(h, f) for h in (1, 2, 3, 4) for f in (30, 40, 50, 60, 70, 80, 90, 100, 110)]
_STEPS += [(2, 25), (3, 25), (4, 25)]
_STEPS += [(5, 30), (6, 30), (8, 30), (11, 30), (13, 30)]
#: prices only a tsumo has (pinfu tsumo, 20 fu)
_TSUMO_STEPS = _STEPS + [(2, 20), (3, 20), (4, 20)]
#: a typical other seat's win, to price what ending the round denies
TYPICAL_WIN = 5200
#: the chance that somebody else wins the round when this seat does not
OTHERS_WIN = 0.55
#: a win that does not end the game (the dealer's renchan): another hand to play
GOES_ON = 1500
#: the chance that another seat not in riichi is ready at an exhaustive draw: the Houou
#: people's seats not in riichi were in 27.2% of their draws (benchmarks/bench_draws.py); a
#: seat in riichi always is
OTHERS_READY = 0.27


def last_regular_round(rules: RuleSet) -> int:
    """The index of South 4 (East 4 in tonpuusen); with three players (P1) each wind has three
    rounds and the index skips the fourth: South 3 (East 3)."""
    last = 7 if rules.length == "hanchan" else 3
    return last - 1 if rules.players == 3 else last


def is_all_last(round_index: int, rules: RuleSet) -> bool:
    """Whether this round may be the game's last (G1, G5): the last regular round or later."""
    return round_index >= last_regular_round(rules)


@dataclass(frozen=True, slots=True)
class Need:
    """The smallest win that moves the seat up to ``place`` (0 = first): ``ron[s]`` the ron
    price needed from seat ``s`` (None when none is enough), ``tsumo`` the total price of a
    tsumo (None when none is enough) and what each pays for it: ``tsumo_other`` from each
    non-dealer (from everyone when the seat is the dealer: ``tsumo_dealer`` is then 0) and
    ``tsumo_dealer`` from the dealer ("1000/2000" is other 1000, dealer 2000)."""

    place: int
    ron: dict[int, int | None]
    tsumo: int | None
    tsumo_other: int | None = None
    tsumo_dealer: int | None = None


@dataclass(slots=True)
class Outlook:
    """The final-score view of a position (see the module docstring)."""

    rules: RuleSet
    scores: tuple[int, ...]
    seat: int
    dealer: int
    round_index: int
    honba: int
    sticks: int
    base: float = field(init=False)
    rank: int = field(init=False)
    deny: float = field(init=False)
    _exact: RuleSet = field(init=False, repr=False)  # the rules, final score unrounded
    _keiten: dict[tuple[bool, ...], float] = field(init=False, repr=False)  # by riichi seats

    def __post_init__(self) -> None:
        self._exact = replace(self.rules, score_rounding="exact")
        self.base = self.final_value(list(self.scores), self.sticks)
        self.rank = ranking(self.scores).index(self.seat)
        self.deny = self._deny()
        self._keiten = {}

    @classmethod
    def of(cls, view: PlayerView, rules: RuleSet) -> Outlook:
        return cls(rules, tuple(view.scores), view.seat, view.dealer, view.round_index,
                   view.honba, view.sticks)

    # ------------------------------------------------------------------ pricing
    def final_value(self, scores: list[int], sticks: int) -> float:
        """This seat's final score in points (1 point of final score = 1000) if the game ended
        with ``scores`` and ``sticks`` left on the table."""
        order = ranking(scores)
        points = list(scores)
        if sticks and self.rules.leftover_sticks_to_top:
            points[order[0]] += 1000 * sticks  # as the game does before its final score
        return float(round(final_scores(points, order, self._exact)[self.seat] * 1000))

    def after_win(self, winner: int, paid: dict[int, int]) -> list[int]:
        scores = list(self.scores)
        for s, n in paid.items():
            scores[s] -= n
            scores[winner] += n
        scores[winner] += 1000 * self.sticks
        return scores

    def _value_after_win(self, winner: int, paid: dict[int, int]) -> float:
        scores = self.after_win(winner, paid)
        if winner == self.seat and not self.ends_after_win(winner, scores):
            # the game goes on (the dealer keeps the deal, or the extension): nothing is
            # settled yet, so the win is worth its points and another hand to play
            return self.base + (scores[winner] - self.scores[winner]) + GOES_ON
        return self.final_value(scores, 0)

    @property
    def seats(self) -> range:
        return range(len(self.scores))

    def paid(self, winner: int, loser: int | None, ron: int, tsumo_dealer: int,
              tsumo_other: int) -> dict[int, int]:
        """Who pays what for a win of ``winner`` (``loser`` None: tsumo), honba included (S6:
        ``honba_points`` from each payer, all from the discarder on a ron; P1: two payers)."""
        honba = self.rules.honba_points * self.honba
        if loser is not None:
            return {loser: ron + honba * (len(self.scores) - 1)}
        out = {}
        for s in self.seats:
            if s == winner:
                continue
            if winner == self.dealer:
                out[s] = tsumo_other + honba
            else:
                out[s] = (tsumo_dealer if s == self.dealer else tsumo_other) + honba
        return out

    def ends_after_win(self, winner: int, scores: list[int]) -> bool:
        """Whether the game ends after ``winner`` wins leaving ``scores`` (the all-last dealer's
        win may end it by agari-yame, G4, which the AIs take)."""
        dealer_won = winner == self.dealer
        step = next_step(self.rules, self.round_index, scores, dealer_won, dealer_won)
        return isinstance(step, str)

    def win_gain(self, ron: int, tsumo_dealer: int, tsumo_other: int,
                 tsumo_share: float = 0.6) -> float:
        """Expected final-score gain of winning with a hand of these prices: a tsumo with
        probability ``tsumo_share``, else a ron from one of the opponents at random."""
        me = self.seat
        t = self._value_after_win(me, self.paid(me, None, ron, tsumo_dealer, tsumo_other))
        r = 0.0
        for s in self.seats:
            if s != me:
                r += self._value_after_win(me, self.paid(me, s, ron, tsumo_dealer, tsumo_other))
        r /= len(self.scores) - 1
        return tsumo_share * t + (1 - tsumo_share) * r - self.base

    def gain_of(self, loser: int | None, ron: int, tsumo_dealer: int, tsumo_other: int) -> float:
        """Final-score gain of one particular win: ron from ``loser`` or tsumo (None)."""
        me = self.seat
        return self._value_after_win(me, self.paid(me, loser, ron, tsumo_dealer,
                                                    tsumo_other)) - self.base

    def loss(self, opponent: int, points: int) -> float:
        """Final-score loss of dealing into ``opponent`` for ``points`` (before honba)."""
        paid = {self.seat: points + self.rules.honba_points * (len(self.scores) - 1) * self.honba}
        return self.base - self._value_after_win(opponent, paid)

    def stick_cost(self) -> float:
        """What a riichi stick costs if it is never won back."""
        scores = list(self.scores)
        scores[self.seat] -= 1000
        return self.base - self.final_value(scores, self.sticks + 1)

    def after_draw(self, ready: Sequence[bool]) -> float:
        """This seat's final score after an exhaustive draw with the seats ``ready`` tenpai
        (K1's payments; the dealer's tenpai keeps the deal, G2, or ends the game in first place,
        G4); when the game goes on, the position's worth now and the points the draw moved, and
        to the dealer another hand to play (``GOES_ON``)."""
        scores = [x + d for x, d in zip(self.scores, noten_payments(ready, self.rules.noten_total),
                                        strict=True)]
        dealer_ready = ready[self.dealer]
        renchan = dealer_ready and self.rules.renchan_on_dealer_tenpai
        if isinstance(next_step(self.rules, self.round_index, scores, renchan, dealer_ready),
                      str):
            return self.final_value(scores, self.sticks)
        more = GOES_ON if self.seat == self.dealer else 0
        return self.base + scores[self.seat] - self.scores[self.seat] + more

    def keiten_worth(self, riichi: Sequence[bool]) -> float:
        """What being tenpai rather than noten at an exhaustive draw adds to this seat's final
        score (K1 in the all-last: a place the payments win or lose, a dealer's deal kept), the
        seats in ``riichi`` ready and the others as often as ``OTHERS_READY``. Negative when
        noten is better (the game ends where tenpai would go on)."""
        key = tuple(riichi)
        if key in self._keiten:
            return self._keiten[key]
        me = self.seat
        others = [s for s in self.seats if s != me]
        worth = 0.0
        for states in product((False, True), repeat=len(others)):
            chance = 1.0
            ready = [False] * len(self.scores)
            for s, r in zip(others, states, strict=True):
                q = 1.0 if riichi[s] else OTHERS_READY
                chance *= q if r else 1.0 - q
                ready[s] = r
            if chance == 0.0:
                continue
            ready[me] = True
            tenpai = self.after_draw(ready)
            ready[me] = False
            worth += chance * (tenpai - self.after_draw(ready))
        self._keiten[key] = worth
        return worth

    def _deny(self) -> float:
        """Expected loss of this seat when another seat wins a typical hand by tsumo or from a
        third seat (a deal-in by this seat is priced by ``loss``)."""
        me = self.seat
        total = 0.0
        n = 0
        for w in self.seats:
            if w == me:
                continue
            typical = sanma.TYPICAL_WIN if len(self.scores) == 3 else TYPICAL_WIN
            price = typical * 3 // 2 if w == self.dealer else typical
            ron, td, to = pay(_base_of(price, w == self.dealer), w == self.dealer,
                              len(self.scores), self.rules.tsumo_loss)
            for loser in [None] + [s for s in self.seats if s not in (me, w)]:
                v = self._value_after_win(w, self.paid(w, loser, ron, td, to))
                total += self.base - v
                n += 1
        return max(0.0, OTHERS_WIN * total / n)

    # ------------------------------------------------------------------ what is needed
    def needs(self) -> list[Need]:
        """For each better place, the smallest hand that reaches it (see ``Need``)."""
        me = self.seat
        dealer = me == self.dealer
        prices = _prices(self.rules, dealer, False)
        tsumos = _prices(self.rules, dealer, True)
        out = []
        for place in range(self.rank - 1, -1, -1):
            ron: dict[int, int | None] = {}
            for s in self.seats:
                if s == me:
                    continue
                ron[s] = next((p[0] for p in prices
                               if self._place_after(self.paid(me, s, *p)) <= place), None)
            t = next((p for p in tsumos if self._place_after(self.paid(me, None, *p)) <= place),
                     None)
            if t is None:
                out.append(Need(place, ron, None))
            else:
                out.append(Need(place, ron, total_of(*t, True, dealer), t[2], t[1]))
        return out

    def deal_in_limits(self) -> dict[int, int | None]:
        """For each opponent above or below, the smallest ron price this seat could pay it that
        costs this seat a place (None: no hand does), honba and sticks included: "when a
        deal-in costs a place"."""
        me = self.seat
        out: dict[int, int | None] = {}
        for o in self.seats:
            if o == me:
                continue
            prices = sorted({p[0] for p in _prices(self.rules, o == self.dealer, False)})
            out[o] = next((p for p in prices
                           if ranking(self.after_win(o, self.paid(o, me, p, 0, 0))).index(me)
                           > self.rank), None)
        return out

    def _place_after(self, paid: dict[int, int]) -> int:
        return ranking(self.after_win(self.seat, paid)).index(self.seat)


def _base_of(price: int, dealer: bool) -> int:
    """Base points of a ron ``price`` (inverse of ``pay``, rounded down)."""
    return price // (6 if dealer else 4)


@cache
def _prices(rules: RuleSet, dealer: bool, tsumo: bool) -> list[tuple[int, int, int]]:
    """The (ron, tsumo_dealer, tsumo_other) prices a hand can have, cheapest first: by the ron
    price, or with ``tsumo`` (20-fu hands included) by what a tsumo brings in."""
    steps = _TSUMO_STEPS if tsumo else _STEPS
    prices = {pay(base_points(h, f, rules)[0], dealer, rules.players, rules.tsumo_loss)
              for h, f in steps}
    if tsumo:
        return sorted(prices, key=lambda p: total_of(p[0], p[1], p[2], True, dealer))
    return sorted(prices)
