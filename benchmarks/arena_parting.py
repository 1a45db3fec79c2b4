"""Where a change's arena games part from the base's, and what the round they part in brought
the hero (issue 16): a sharper paired test of a small change than the ranks.

Two runs of ``bench_arena.py --logs DIR`` on the same seeds (the base's and a change's) deal the
same walls, so a game plays the same until the change first decides otherwise. From there on
the games differ in every later draw, and a rank moved by a change of one riichi is mostly
that butterfly's luck. The round the games part in holds the change's own effect: the hero's
points over that round (its riichi stick and the sticks it collected included) are set side by
side, game by game.

    .venv/bin/python benchmarks/arena_parting.py --base /tmp/base97 /tmp/base98 \\
        --change /tmp/new97 /tmp/new98
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena_leaks import events, hero_seat, log_files, round_deltas, whole  # noqa: E402
from intervals import mean_interval  # noqa: E402

Event = dict[str, Any]


def logs(dirs: list[str]) -> dict[str, Path]:
    """The arena logs under ``dirs`` (each game's file, at any depth) by their file name."""
    return {p.name: p for p in log_files(dirs)}


def parting(base: list[Event], change: list[Event], seat: int
            ) -> tuple[str, float, float] | None:
    """(the round, the hero's points over it in the base, in the change: ``round_deltas``) of
    the first round where the two whole games differ; None when they never do."""
    at = next((i for i, (a, b) in enumerate(zip(base, change, strict=False)) if a != b), None)
    if at is None:
        return None  # two whole games alike to their end
    starts = [i for i in range(at + 1) if base[i]["type"] == "start_kyoku"]
    start = base[starts[-1]]
    k = len(starts) - 1
    return (f"{start['bakaze']}{start['kyoku']}-{start['honba']}",
            round_deltas(base, seat)[k], round_deltas(change, seat)[k])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", nargs="+", required=True, metavar="DIR",
                    help="the base run's --logs directories")
    ap.add_argument("--change", nargs="+", required=True, metavar="DIR",
                    help="the change's --logs directories, on the same seeds")
    ap.add_argument("--show", action="store_true", help="print every game that parts")
    args = ap.parse_args()
    base = logs(args.base)
    diffs = []
    paired = 0
    for name, path in logs(args.change).items():
        if name not in base:
            continue
        games = list(events(base[name])), list(events(path))
        if not all(whole(g) for g in games):
            continue  # a game still played (or cut): not paired
        paired += 1
        part = parting(*games, hero_seat(path))
        if part is None:
            continue
        diffs.append(part[2] - part[1])
        if args.show:
            print(f"  {name}: {part[0]} {part[1]:+,.0f} -> {part[2]:+,.0f}")
    n = len(diffs)
    print(f"{paired} paired games, {n} part; the hero's points over the round they part in, "
          "change minus base:")
    if n:
        mean, half = mean_interval(diffs)
        print(f"  {mean:+,.0f} +- {half:,.0f} a game (95%); better "
              f"{sum(d > 0 for d in diffs)}, worse {sum(d < 0 for d in diffs)}, same "
              f"{sum(d == 0 for d in diffs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
