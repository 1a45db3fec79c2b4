"""Push or fold against a riichi: real Tenhou players beside the AI in the same spots (issue 16:
against tenhou-python-bot the hard AI threw a tile that was not a genbutsu while it held one
twice as often as the bots, and dealt in so).

Every discard of a seat not in riichi, facing a riichi and holding a genbutsu (a kind safe
against every riichi out: its discards and what was passed since), in the real games of
``../shared/logs/mjlog`` (almost all Houou room), replayed by the engine and answered by the AI
from the seat's own view. Sorted by the hand's shanten (before the discard), open or closed and
whether the riichi is the dealer's. Printed per situation: spots, how often the people pushed
(threw a tile that was not a genbutsu), how often the AI did, and the spots where only one of
them pushed; and how often the tile thrown was one a riichi out wins on (from the record's
hands: the deal-in it would be, but for another seat's ron first), and how often it was a
riichi declared; and, of the people's pushes and folds, how often the seat dealt in later in the
round (what pushing on costs: ``ai.pushfold``). Then the same by how late the riichi is (its
seat's discards: a riichi's waits are among fewer kinds late, ``ai.defence.NUMBER_WAITS``), and by
the seat's standing from East 3 to South 3 (first or last by 8,000 points or more: ``standing``;
the people push less leading and more far behind, ``ai.standing``).

Run from the repository root (about a minute a level):

    .venv/bin/python benchmarks/bench_pushfold.py [--games 159] [--level hard] [--show 5]

``--all-last`` keeps the spots of the round that may end the game, where hard prices a push by
the final score (``ai.placement.Outlook``).

With ``--arena DIR [DIR ...]`` the spots are those of the outside arena's mjai logs
(``bench_arena.py --logs DIR``) instead, and the players beside the AI are the opponents of
those games (tenhou-python-bot in the issue 16 runs), or with ``--seats hero`` the hero; each
seat's view is rebuilt from the events with the other hands hidden (``arena_spots``), the
riichi's waits are read from the log's full hands.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_calls import real_games, real_games_parser  # noqa: E402

from ai.base import Agent  # noqa: E402
from ai.defence import tile_danger  # noqa: E402
from ai.efficiency import shanten, waits  # noqa: E402
from ai.observe import Situation, observe  # noqa: E402
from ai.placement import is_all_last  # noqa: E402
from ai.review.walk import Walk, recorded_game, replay_steps  # noqa: E402
from engine.actions import Action, Discard, Kan, Riichi, Ron, Tsumo  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.records.model import GameRecord  # noqa: E402
from engine.rules import TENHOU  # noqa: E402
from engine.standings import ranking  # noqa: E402
from engine.tiles import counts34, format_kinds  # noqa: E402
from engine.view import PlayerView  # noqa: E402

#: the danger model's bins for its calibration (upper bounds)
BINS = (0.01, 0.03, 0.05, 0.08, 0.12, 0.18, 0.3, 2.0)


@dataclass(slots=True)
class Spot:
    """One discard facing a riichi with a genbutsu in hand."""

    view: PlayerView
    legal: tuple[Action, ...]
    played: Action
    safe: frozenset[int]  # kinds safe against every riichi out
    waits: frozenset[int]  # kinds a riichi out wins on by ron (its hand, from the record)
    outcome: list[str]  # how the round went for the seat (``RoundOutcomes``), filled at its end


class RoundOutcomes:
    """How a replayed round went for the seats of its spots: ``step`` is told every step of the
    replay, ``watch`` gives a spot's outcome, ``[""]`` until a win ends the round: ``"won"`` when
    the seat won it, ``"dealt"`` when it dealt in after the spot."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.table = game.table
        self.round = 0  # the index of the round replayed, in the record's order
        self.pending: list[tuple[int, int, list[str]]] = []  # this round's: seat, step, outcome
        self.thrown: dict[int, int] = {}  # seat -> the step of its last discard (or kan)

    def step(self, i: int, s: int, action: Action) -> bool:
        """Notes step ``i`` (seat ``s`` played ``action``); True when it is a win."""
        if self.game.table is not self.table:  # a new round
            self.table, self.pending, self.thrown = self.game.table, [], {}
            self.round += 1
        if isinstance(action, (Ron, Tsumo)):
            last = max(self.thrown, key=self.thrown.__getitem__, default=-1)
            for seat, at, outcome in self.pending:
                if seat == s:
                    outcome[0] = "won"
                elif isinstance(action, Ron) and seat == last and self.thrown[last] > at:
                    outcome[0] = "dealt"
            return True
        if isinstance(action, (Discard, Riichi, Kan)):
            self.thrown[s] = i
        return False

    def watch(self, s: int, i: int) -> list[str]:
        """The outcome of seat ``s``'s spot at step ``i``, to be filled when the round ends."""
        outcome = [""]
        self.pending.append((s, i, outcome))
        return outcome


def replayed(record: GameRecord
             ) -> Iterator[tuple[Game, RoundOutcomes, int, int, Action, tuple[Action, ...]]]:
    """The steps of ``record`` the engine replays, but the wins: (the game, the rounds'
    ``RoundOutcomes`` to ``watch`` a spot with, the step, the seat, its action, its legal
    actions)."""
    setup = recorded_game(record)
    if setup is None:
        return
    game = setup.game
    outcomes = RoundOutcomes(game)
    for i, s, action, legal in replay_steps(game, setup.actions, Walk(), setup.starts,
                                            setup.stop):
        if not outcomes.step(i, s, action):
            yield game, outcomes, i, s, action, legal


def genbutsu(sit: Situation) -> frozenset[int]:
    """Kinds safe against every opponent in riichi (none when nobody is in riichi)."""
    riichis = [o for o in sit.opponents if o.riichi]
    if not riichis:
        return frozenset()
    return frozenset.intersection(*(frozenset(o.safe) for o in riichis))


def spots(record: GameRecord) -> Iterator[Spot]:
    """Every such discard of every seat in ``record`` (the rounds the engine replays)."""
    for game, outcomes, i, s, action, legal in replayed(record):
        if action not in legal:
            continue
        view = game.view(s)
        found = facing(view, action, {o: waits(counts34(game.table.seats[o].hand))
                                      for o in range(len(view.riichi)) if view.riichi[o]})
        if found is not None:
            yield Spot(view, legal, action, *found, outcomes.watch(s, i))


def facing(view: PlayerView, played: Action, riichi_waits: Mapping[int, Iterable[int]]
           ) -> tuple[frozenset[int], frozenset[int]] | None:
    """(the genbutsu, the kinds a riichi out wins on by ron) when ``played`` is a discard of a
    seat not in riichi facing a riichi with a genbutsu in hand (else None); ``riichi_waits``:
    the kinds each seat in riichi waits on."""
    if view.riichi[view.seat] or not isinstance(played, (Discard, Riichi)):
        return None
    sit = observe(view)
    safe = genbutsu(sit)
    if not safe or not any(sit.counts[k] for k in safe):
        return None
    hit: set[int] = set()
    for o in sit.opponents:
        if o.riichi:
            ws = list(riichi_waits.get(o.seat, ()))
            if not any(k in o.safe for k in ws):  # a furiten riichi wins on nothing
                hit.update(ws)
    return safe, frozenset(hit)


def arena_waits(path: Path) -> dict[tuple[int, int, int], frozenset[int]]:
    """The kinds each riichi of an arena log waits on (its shape, from the log's full hands),
    by (round index, honba, seat)."""
    from arena_leaks import events, kind, tile_moves

    out: dict[tuple[int, int, int], frozenset[int]] = {}
    hands: list[list[int]] = []
    key = (0, 0)
    pending = -1
    for ev in events(path):
        t = ev["type"]
        if t == "start_kyoku":
            tehais = ev["tehais"]
            assert isinstance(tehais, list)
            hands = [[0] * 34 for _ in range(4)]
            for seat, tiles in enumerate(tehais):
                for x in tiles:
                    hands[seat][kind(x)] += 1
            key = ((kind(str(ev["bakaze"])) - 27) * 4 + int(str(ev["kyoku"])) - 1,
                   int(str(ev["honba"])))
        elif t == "reach":
            pending = int(str(ev["actor"]))
        for seat, k, change in tile_moves(ev):
            hands[seat][k] += change
        if t == "dahai" and ev["actor"] == pending:
            out[key + (pending,)] = frozenset(waits(hands[pending]))
            pending = -1
    return out


def arena_games(folders: list[str], who: str, level: str, personality: str
                ) -> Iterator[tuple[Iterator[Spot], Agent]]:
    """The spots of each arena log in ``folders`` (of its hero, ``who`` "hero", or of the other
    seats), with an AI of ``level`` to answer them."""
    import arena_spots

    for path, seats, agent in arena_spots.arena_games(folders, who, level, personality):
        yield arena_log_spots(path, seats), agent


def arena_log_spots(path: Path, seats: list[int]) -> Iterator[Spot]:
    """The spots of ``seats`` in one arena log."""
    import arena_spots

    riichi_waits = arena_waits(path)
    for view, legal, played, outcome in arena_spots.arena_spots(path, seats,
                                                                lambda own, _legal: own):
        found = facing(view, played, {o: riichi_waits.get((view.round_index, view.honba, o), ())
                                      for o in range(len(view.riichi))})
        if found is not None:
            yield Spot(view, legal, played, *found, outcome)


def pushes(action: Action, safe: frozenset[int]) -> bool:
    """Whether ``action`` throws a tile that is not a genbutsu."""
    return isinstance(action, (Discard, Riichi)) and (action.tile >> 2) not in safe


def deals_in(action: Action, hit: frozenset[int]) -> bool:
    """Whether ``action`` throws a tile a riichi out wins on (none of a furiten riichi)."""
    return isinstance(action, (Discard, Riichi)) and (action.tile >> 2) in hit


def danger(sit: Situation, kind: int) -> float:
    """The AI's deal-in chance of ``kind`` against the riichi out (``ai.defence.tile_danger``)."""
    safe = 1.0
    for o in sit.opponents:
        if o.riichi:
            safe *= 1.0 - tile_danger(kind, o, sit.unseen, sit.dora)
    return 1.0 - safe


def hand_dangers(spot: Spot, sit: Situation) -> dict[int, float]:
    """The AI's deal-in chance (``danger``) of every kind in hand that is not a genbutsu."""
    return {k: danger(sit, k) for k in {t >> 2 for t in spot.view.concealed} - spot.safe}


AGES = ("by its 7th", "8th to 13th", "14th on")


def age(sit: Situation) -> str:
    """How late the riichi out is: by the discards of its seat (the first riichi's, when two)."""
    n = max(len(o.river) for o in sit.opponents if o.riichi)
    return AGES[0] if n < 8 else AGES[1] if n < 14 else AGES[2]


def situation(sit: Situation) -> tuple[str, str, str]:
    """(shanten before the discard, open/closed, whose riichi) of a spot."""
    s = shanten(sit.counts, sit.sets_needed, sit.closed)
    riichi = "dealer" if any(o.riichi and o.is_dealer for o in sit.opponents) else "other"
    return f"s{min(s, 2)}", "closed" if sit.closed else "open", riichi


#: the seat's standing (``standing``): first or last by this many points or more
STANDING_GAP = 8000
STANDINGS = ("first +8k", "first", "between", "last", "last -8k")


def standing(view: PlayerView) -> str | None:
    """The seat's place by the scores from East 3 to South 3 (later: the all-last's Outlook;
    earlier: hardly any standings yet), None outside those rounds: first (by ``STANDING_GAP`` or
    more), last (behind by it or more) or between."""
    if not 2 <= view.round_index <= 6:
        return None
    order = ranking(view.scores)
    place = order.index(view.seat)
    if place == 0:
        ahead = view.scores[view.seat] - view.scores[order[1]] >= STANDING_GAP
        return STANDINGS[0] if ahead else STANDINGS[1]
    if place == len(order) - 1:
        behind = view.scores[order[-2]] - view.scores[view.seat] >= STANDING_GAP
        return STANDINGS[4] if behind else STANDINGS[3]
    return STANDINGS[2]


def main() -> int:
    ap = real_games_parser(__doc__, 159, "print this many AI-only pushes that deal in, a shanten")
    ap.add_argument("--arena", nargs="+", metavar="DIR",
                    help="the spots of these arena logs (bench_arena.py --logs) instead")
    ap.add_argument("--seats", choices=("bots", "hero"), default="bots",
                    help="with --arena: the opponents' spots (default) or the hero's")
    ap.add_argument("--all-last", action="store_true",
                    help="only the spots of the round that may end the game (ai.placement)")
    args = ap.parse_args()
    who = "people" if not args.arena else args.seats
    games: Iterator[tuple[Iterator[Spot], Agent]]
    if args.arena:
        games = arena_games(args.arena, args.seats, args.level, args.personality)
    else:
        games = ((spots(record), agent)
                 for record, agent in real_games(args.games, args.level, args.personality))
    rows: Counter[tuple[str, ...]] = Counter()  # the table: (shanten, hand, riichi, count)
    # the danger model: (shanten, "model" | "real" | "pushes", who) of the tiles thrown, and
    # ("bin", part, bin, "n" | "model" | "real") of every tile in hand
    model: defaultdict[tuple[str, ...], float] = defaultdict(float)
    shown: Counter[str] = Counter()
    n_games = 0
    for game_spots, agent in games:
        n_games += 1
        owed: list[tuple[tuple[tuple[str, str, str], ...], bool, list[str]]] = []
        for sp in game_spots:
            if args.all_last and not is_all_last(sp.view.round_index, TENHOU):
                continue  # the Houou games and the arena's are four-seat hanchan
            sit = observe(sp.view)
            s, opened, riichi = situation(sit)
            human = pushes(sp.played, sp.safe)
            keys = ((s, opened, riichi), (s, opened, "*"), (s, "*", "*"), ("*", "*", "*"))
            owed.append((keys, human, sp.outcome))
            choice = agent.choose(sp.view, sp.legal)
            bot = pushes(choice, sp.safe)
            # the model's chance of every tile in hand that is not a genbutsu
            dangers = hand_dangers(sp, sit)
            when = age(sit)
            for kind, d in dangers.items():
                b = str(next(i for i, top in enumerate(BINS) if d < top))
                parts = ("all", "honour" if kind >= 27 else "number") + \
                    (("dora",) if kind in sit.dora else ())
                for part in parts:
                    model[("bin", part, b, "n")] += 1
                    model[("bin", part, b, "model")] += d
                    model[("bin", part, b, "real")] += kind in sp.waits
                if kind < 27:
                    model[("age", when, "n")] += 1
                    model[("age", when, "model")] += d
                    model[("age", when, "real")] += kind in sp.waits
            model[("age push", s, when, "n")] += 1
            place = standing(sp.view)
            if place is not None:
                model[("standing", place, "n")] += 1
                model[("standing", place, "h")] += pushes(sp.played, sp.safe)
                model[("standing", place, "a")] += pushes(choice, sp.safe)
            for side, act in (("h", sp.played), ("a", choice)):
                model[("age push", s, when, side)] += pushes(act, sp.safe)
                model[("age deal", s, when, side)] += deals_in(act, sp.waits)
                if pushes(act, sp.safe):  # the danger model against what came of the tile
                    model[(s, "model", side)] += dangers[act.tile >> 2]  # type: ignore[union-attr]
                    model[(s, "real", side)] += deals_in(act, sp.waits)
                    model[(s, "pushes", side)] += 1
            for key in keys:
                rows[key + ("n",)] += 1
                rows[key + ("h",)] += bool(human)
                rows[key + ("a",)] += bool(bot)
                rows[key + ("only_ai",)] += bool(bot) and not human
                rows[key + ("only_h",)] += bool(human) and not bot
                rows[key + ("hd",)] += deals_in(sp.played, sp.waits)
                rows[key + ("ad",)] += deals_in(choice, sp.waits)
                rows[key + ("hr",)] += isinstance(sp.played, Riichi)
                rows[key + ("ar",)] += isinstance(choice, Riichi)
            if bot and not human and deals_in(choice, sp.waits) and shown[s] < args.show:
                shown[s] += 1
                hand = format_kinds([t >> 2 for t in sorted(sp.view.concealed)])
                melds = " ".join(format_kinds([t >> 2 for t in m.tiles]) for m in sit.melds)
                print(f"  AI pushes {s} {opened} vs {riichi}: {hand} [{melds}] AI {choice}, {who} "
                      f"{sp.played}, turn {sit.turn}, left {sit.tiles_left}, riichi waits "
                      f"{format_kinds(sorted(sp.waits))}, dora {format_kinds(list(sit.dora))}")
        for spot_keys, human, later in owed:  # the round is over: who dealt in later is known
            for key in spot_keys:
                rows[key + ("push" if human else "fold",)] += 1
                rows[key + ("push_later" if human else "fold_later",)] += later[0] == "dealt"
    source = "real games" if who == "people" else f"arena logs, the {who}"
    where = " (the all-last only)" if args.all_last else ""
    print(f"discards facing a riichi with a genbutsu in hand{where}, {n_games} {source}, {who} vs "
          f"{args.level} ({args.personality}): share that threw a tile not a genbutsu")
    print(f"{'shanten':8}{'hand':8}{'riichi':8}{'spots':>7}{who:>8}{'AI':>8}"
          f"{'AI only':>9}{who + ' only':>13}{'deal-in: ' + who:>17}{'AI':>7}"
          f"{'riichi: ' + who:>16}{'AI':>7}{'later deal-in: pushed':>23}{'folded':>8}")
    for k in sorted({k[:3] for k in rows}, key=lambda k: (k[0] == "*", k)):
        n = rows[k + ("n",)]
        if n < 20 and "*" not in k:
            continue
        print(f"{k[0]:8}{k[1]:8}{k[2]:8}{n:7}{rows[k + ('h',)] / n:8.1%}{rows[k + ('a',)] / n:8.1%}"
              f"{rows[k + ('only_ai',)] / n:9.1%}{rows[k + ('only_h',)] / n:13.1%}"
              f"{rows[k + ('hd',)] / n:17.2%}{rows[k + ('ad',)] / n:7.2%}"
              f"{rows[k + ('hr',)] / n:16.1%}{rows[k + ('ar',)] / n:7.1%}"
              f"{rows[k + ('push_later',)] / max(1, rows[k + ('push',)]):23.1%}"
              f"{rows[k + ('fold_later',)] / max(1, rows[k + ('fold',)]):8.1%}")
    print("the tiles thrown that were not a genbutsu: the danger model's deal-in chance against"
          " how often they were a riichi's wait")
    for sh in ("s0", "s1", "s2"):
        print(f"  {sh}: " + "  ".join(
            f"{name} {model[(sh, 'pushes', w)]:5.0f} tiles, model "
            f"{model[(sh, 'model', w)] / n_:.3f} real {model[(sh, 'real', w)] / n_:.3f}"
            for name, w in ((who, "h"), ("AI", "a"))
            if (n_ := max(1.0, model[(sh, 'pushes', w)]))))
    print("by how late the riichi is (its seat's discards): the number tiles in hand, model / real;"
          f" by shanten, pushes and deal-ins, {who} / AI")
    for when in AGES:
        n_ = max(1.0, model[("age", when, "n")])
        print(f"  {when:14} numbers {model[('age', when, 'n')]:6.0f}: model "
              f"{model[('age', when, 'model')] / n_:.3f} real {model[('age', when, 'real')] / n_:.3f}"
              + "".join(
                  f"   {sh} {int(m):4} push {model[('age push', sh, when, 'h')] / m:5.1%} / "
                  f"{model[('age push', sh, when, 'a')] / m:5.1%} deal-in "
                  f"{model[('age deal', sh, when, 'h')] / m:5.2%} / "
                  f"{model[('age deal', sh, when, 'a')] / m:5.2%}"
                  for sh in ("s0", "s1", "s2")
                  if (m := max(1.0, model[("age push", sh, when, "n")]))))
    print(f"by the seat's standing, East 3 to South 3 (first or last by {STANDING_GAP:,} points or "
          f"more): spots, pushes {who} / AI")
    for place in STANDINGS:
        n_ = max(1.0, model[("standing", place, "n")])
        print(f"  {place:10} {model[('standing', place, 'n')]:6.0f}  "
              f"{model[('standing', place, 'h')] / n_:6.1%} {model[('standing', place, 'a')] / n_:6.1%}")
    print("every tile in hand that was not a genbutsu, by the danger model's deal-in chance:")
    for part in ("all", "number", "honour", "dora"):
        said = real = 0.0
        for i, top in enumerate(BINS):
            cell = ("bin", part, str(i))
            n_ = model[cell + ("n",)]
            said += model[cell + ("model",)]
            real += model[cell + ("real",)]
            if n_:
                print(f"  {part:6} < {top:4.2f}: {n_:6.0f} tiles, model "
                      f"{model[cell + ('model',)] / n_:.3f} real {model[cell + ('real',)] / n_:.3f}")
        print(f"  {part:6} real / model {real / max(said, 1e-9):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
