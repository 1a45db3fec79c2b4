"""When in the game the hero gains on the bots in the outside arena (issue 16): its points a round
by the round wind beside the opponents' (per seat), and where each seat stood at the start of the
East, the South and the all-last against where it finished.

A hero that only matches the bots hand for hand (the East, where no standing is at stake yet,
says how it plays the hands) may still finish better by playing the standings later; the two
tables tell one gain from the other. The points a round are ``arena_leaks.round_deltas`` (the
riichi sticks a seat put down paid, the ones it collected in its wins' deltas); the places are
the scores' order, a tie to the seat nearer the first dealer, the final scores the last round's
start plus its changes (the sticks left on the table at the end are not added to anyone).

    .venv/bin/python benchmarks/arena_phases.py /tmp/base97 /tmp/base98
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena_leaks import events, hero_seat, log_files, round_deltas, whole  # noqa: E402
from intervals import mean_interval  # noqa: E402

from engine.standings import ranking  # noqa: E402

Event = dict[str, Any]

#: the rounds whose standings are set against the final places: the game's start, the South's, the
#: all-last (a hanchan's South 4)
PHASES = ("E1", "S1", "S4")


def places(scores: list[float]) -> list[int]:
    """Each seat's place (1-4) by ``scores``, a tie to the lower seat (``engine.standings.ranking``,
    G6)."""
    order = ranking([int(x) for x in scores])
    return [order.index(s) + 1 for s in range(len(scores))]


def phases(evs: list[Event]) -> tuple[list[tuple[str, list[float]]], dict[str, list[int]],
                                      list[int]]:
    """One game's rounds as (round wind, each seat's points over it), each phase's places at its
    first start (a phase the game never reached is absent), and the final places."""
    starts = [ev for ev in evs if ev["type"] == "start_kyoku"]
    n = len(starts[0]["scores"]) if starts else 4
    deltas = [round_deltas(evs, s) for s in range(n)]
    rounds = [(st["bakaze"], [deltas[s][k] for s in range(n)]) for k, st in enumerate(starts)]
    at: dict[str, list[int]] = {}
    for st in starts:
        at.setdefault(f"{st['bakaze']}{st['kyoku']}", places(st["scores"]))
    final = places([starts[-1]["scores"][s] + rounds[-1][1][s] for s in range(n)]) if starts \
        else list(range(1, n + 1))
    return rounds, {p: at[p] for p in PHASES if p in at}, final


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+", help="folders of arena mjai logs (bench_arena --logs), "
                                            "searched at any depth")
    args = ap.parse_args()
    files = log_files(args.logs)
    points: defaultdict[tuple[str, str], list[float]] = defaultdict(list)
    moves: defaultdict[tuple[str, str, int], list[int]] = defaultdict(list)
    games = 0
    for f in files:
        evs = list(events(f))
        if not whole(evs):
            continue  # a game still played (or cut)
        games += 1
        h = hero_seat(f)
        rounds, at, final = phases(evs)
        for wind, d in rounds:
            for s, pts in enumerate(d):
                points["hero" if s == h else "opponents", wind].append(pts)
        for phase, start in at.items():
            for s, place in enumerate(start):
                moves[phase, "hero" if s == h else "opponents", place].append(final[s])
    if not games:
        print(f"arena_phases: no whole game_*.jsonl logs in {' '.join(args.logs)}", file=sys.stderr)
        return 2
    print(f"{games} games; the points a round by the round wind (95%), the opponents per seat:")
    for wind in ("E", "S", "W", "N"):
        cells = []
        for who in ("hero", "opponents"):
            xs = points[who, wind]
            if xs:
                m, ci = mean_interval(xs)
                cells.append(f"{who} {len(xs):5} rounds {m:+7,.0f} +- {ci:5,.0f}")
        if cells:
            print(f"  {wind}  " + "   ".join(cells))
    print("the final place by the place at a phase's start (games, average final place; the "
          "opponents' games count each seat):")
    for phase in PHASES:
        for place in range(1, 5):
            cells = []
            for who in ("hero", "opponents"):
                xs = moves[phase, who, place]
                if xs:
                    cells.append(f"{who} {len(xs):4} {sum(xs) / len(xs):.3f}")
            if cells:  # the East's first places are the seats (every score alike)
                label = f"seat {place - 1}" if phase == "E1" else f"place {place}"
                print(f"  {phase} {label:8}  " + "   ".join(cells))
        then = [place for place in range(1, 5) for _ in moves[phase, "hero", place]]
        end = [p for place in range(1, 5) for p in moves[phase, "hero", place]]
        if then:
            was = "" if phase == "E1" else f"average place then {sum(then) / len(then):.3f}, "
            print(f"  {phase} {'all':8}  the hero's {len(then)} games: {was}at the end "
                  f"{sum(end) / len(end):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
