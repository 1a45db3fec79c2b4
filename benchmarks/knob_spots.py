"""A knob tried on the Houou people first (issue 16): the decisions of the real games in
``../shared/logs/mjlog`` where a change of ``ai.style.Style`` knobs turns the hard AI's answer,
and which of the two answers the people gave there.

An arena run of a knob takes two hours and its rank moves within the noise; the people's choices
on the spots the knob changes take a minute or two and say which way it leans. Each discard (a
riichi declaration is a discard too) of a seat not in riichi, and each chi or pon offer (where no
ron is legal), is answered by plain hard and by hard with the knobs, from the seat's own view; an
answer is the kind thrown and whether it declares, or the call made ("pass" for none). Printed by
the hand's shanten before the decision and by whether a riichi is out, discards and offers apart:
the spots, those the knob changes, and of those how often the people gave the new answer and how
often the old.

Run from the repository root (about two minutes for 40 games):

    .venv/bin/python benchmarks/knob_spots.py KNOB=VALUE [KNOB=VALUE ...] [--games 40] [--show 5]
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab_hard import knobs  # noqa: E402
from bench_calls import is_offer, real_games, real_games_parser  # noqa: E402

from ai import make_agent  # noqa: E402
from ai.efficiency import shanten  # noqa: E402
from ai.observe import observe  # noqa: E402
from ai.review.walk import Walk, recorded_game, replay_steps  # noqa: E402
from engine.actions import Action, Chi, Discard, Pass, Pon, Riichi  # noqa: E402
from engine.records import GameRecord  # noqa: E402
from engine.tiles import format_kinds  # noqa: E402

#: the rows printed: the hand's shanten before the discard (3: three and more)
SHANTEN_ROWS = ("s0", "s1", "s2", "s3+")


@dataclass(frozen=True, slots=True)
class Spot:
    """One discard or call offer where the knob turned hard's answer: the row it counts in, the
    hand, and the three answers (``answer``)."""

    row: str
    hand: str
    turn: int
    people: str
    old: str
    new: str


def answer(action: Action) -> str | None:
    """A discard as the kind thrown, with " riichi" when it declares; a call by its kinds ("chi
    345m", "pon 5z"), "pass" for none; None for another action (a kan, a win, an abort)."""
    if isinstance(action, Riichi):
        return format_kinds([action.tile >> 2]) + " riichi"
    if isinstance(action, Discard):
        return format_kinds([action.tile >> 2])
    if isinstance(action, Chi):
        return "chi " + format_kinds(sorted(t >> 2 for t in action.tiles + (action.called,)))
    if isinstance(action, Pon):
        return "pon " + format_kinds([action.called >> 2])
    if isinstance(action, Pass):
        return "pass"
    return None


def row_of(shanten_before: int, riichi_out: bool) -> tuple[str, str]:
    """(shanten row, "riichi" or "calm") of a spot."""
    return SHANTEN_ROWS[min(max(shanten_before, 0), 3)], "riichi" if riichi_out else "calm"


def game_spots(record: GameRecord, change: dict[str, object], counts: Counter[str]
               ) -> Iterator[Spot]:
    """Count ``record``'s discards and call offers in ``counts`` (by row: all, changed, the
    people's side) and yield those where hard with ``change`` answers otherwise than plain
    hard."""
    setup = recorded_game(record)
    if setup is None:
        return
    old = make_agent("hard", seed=1, rules=record.rules)
    new = make_agent("hard", seed=1, rules=record.rules)
    new.style = replace(new.style, **change)  # type: ignore[attr-defined]
    game = setup.game
    for _i, seat, action, legal in replay_steps(game, setup.actions, Walk(), setup.starts,
                                                setup.stop):
        people = answer(action)
        offer = is_offer(legal)
        if people is None or action not in legal or (people == "pass" and not offer):
            continue
        view = game.view(seat)
        if view.riichi[seat]:
            continue
        sit = observe(view)
        a_old, a_new = answer(old.choose(view, legal)), answer(new.choose(view, legal))
        if a_old is None or a_new is None:
            continue  # a kan or an abort: not a decision to compare
        s, threat = row_of(shanten(sit.counts, sit.sets_needed, sit.closed), sit.riichi_out)
        row = f"{'call ' if offer else ''}{s} {threat}"
        group = "calls" if offer else "discards"
        changed = a_old != a_new
        for key in (row, f"{group} {threat}", f"{group} all"):
            counts[key] += 1
            if changed:
                counts[key + " changed"] += 1
                counts[key + " people new"] += people == a_new
                counts[key + " people old"] += people == a_old
        if changed:
            hand = format_kinds([t >> 2 for t in sorted(view.concealed)])
            yield Spot(row, hand, sit.turn, people, a_old, a_new)


def tally(records: Iterable[GameRecord], change: dict[str, object], show: int = 0,
          out=print) -> Counter[str]:
    """The counts of ``game_spots`` over ``records``; the first ``show`` changed spots printed."""
    counts: Counter[str] = Counter()
    shown = 0
    for record in records:
        for spot in game_spots(record, change, counts):
            if shown < show:
                shown += 1
                out(f"  {spot.row} {spot.hand} turn {spot.turn}: people {spot.people}, hard "
                    f"{spot.old}, with the knobs {spot.new}")
    return counts


def report(counts: Counter[str], out=print) -> None:
    keys = []
    for what in ("", "call "):
        keys += [f"{what}{s} {t}" for t in ("calm", "riichi") for s in SHANTEN_ROWS]
        name = "calls" if what else "discards"
        keys += [f"{name} calm", f"{name} riichi", f"{name} all"]
    out(f"  {'spots':19}{'n':>7}{'changed':>9}{'people new':>12}{'people old':>12}")
    for key in keys:
        n = counts[key]
        if not n:
            continue
        out(f"  {key:19}{n:7}{counts[key + ' changed']:9}{counts[key + ' people new']:12}"
            f"{counts[key + ' people old']:12}")


def main() -> int:
    ap = real_games_parser(__doc__, 40, "print this many spots the knobs change")
    ap.add_argument("knob", nargs="+", metavar="KNOB=VALUE", help="a knob of ai.style.Style")
    args = ap.parse_args()
    if args.level != "hard" or args.personality != "balanced":
        print("knob_spots: the knobs change hard (balanced)", file=sys.stderr)
        return 2
    change = knobs(args.knob)
    records = [record for record, _ in real_games(args.games, "hard", "balanced")]
    if not records:
        print("knob_spots: no real games in ../shared/logs/mjlog", file=sys.stderr)
        return 1
    counts = tally(records, change, args.show)
    print(f"discards and call offers of {len(records)} real games, where hard with "
          f"{' '.join(args.knob)} answers otherwise than hard, and which answer the people gave:")
    report(counts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
