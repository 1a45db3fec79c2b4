"""Placement in the all-last (issue 4, item 6): what knowing the standings is worth.

Run from the repository root:

    .venv/bin/python benchmarks/bench_placement.py [--positions 200] [--seed 90000] [--workers 2]

Each position is a game set at South 4 (the all-last) with random standings (points summing to
100,000). It is played twice per seat ``i``, on the same walls: once with seat ``i`` the ``hard``
AI as shipped (placement on) and once with seat ``i`` the same AI with placement off; the other
three seats are ``hard`` with placement off both times. The game is played to its end (renchan
and the extension included). The figure is the difference of seat ``i``'s final score (points
and uma/oka, G7) between the two runs, averaged over positions and seats, with its 95% interval,
and the average place of each: the value of placement play, side by side with the same AI
without it.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from intervals import mean_interval  # noqa: E402


def standings(seed: int) -> list[int]:
    rng = random.Random(seed)
    while True:
        raw = [rng.gauss(25000, 9000) for _ in range(4)]
        shift = (100000 - sum(raw)) / 4
        pts = [round((x + shift) / 100) * 100 for x in raw]
        pts[0] += 100000 - sum(pts)
        if min(pts) > 1000:
            return pts


def play(args: tuple[int, int, bool]) -> tuple[float, int, int, int, int]:
    """(final score, place, decisions where placement was priced, wins let go) of seat
    ``seat``, and the agents' failures (exceptions replaced by a fallback move: must be 0)."""
    seed, seat, placement = args
    from ai.player import Player
    from engine.game import Game, RoundStart
    from engine.rules import RuleSet

    rules = RuleSet()
    agents = []
    for s in range(4):
        p = Player("hard", seed=seed * 4 + s, rules=rules)
        if s != seat or not placement:
            p.style = dataclasses.replace(p.style, placement=False)
        agents.append(p)
    game = Game(rules, seed, start=RoundStart(7, tuple(standings(seed))))  # South 4
    priced = 0
    declined = 0
    while not game.over:
        pending = game.pending()
        s = min(pending)
        action = agents[s].act(game.view(s), pending[s])
        if s == seat and agents[s]._outlook is not None:
            priced += 1
            if any(type(a).__name__ in ("Ron", "Tsumo") for a in pending[s]) and \
                    type(action).__name__ not in ("Ron", "Tsumo"):
                declined += 1
        game.submit(s, action)
    res = game.result
    failures = sum(a.failures for a in agents)
    return res.scores[seat], list(res.ranking).index(seat), priced, declined, failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--seed", type=int, default=90000)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    jobs = [(a.seed + n, seat, on) for n in range(a.positions) for seat in range(4)
            for on in (True, False)]
    with ProcessPoolExecutor(a.workers) as ex:
        out = list(ex.map(play, jobs, chunksize=8))
    diffs, place_on, place_off = [], [], []
    by_rank: dict[int, list[float]] = {0: [], 1: [], 2: [], 3: []}
    declined = 0
    failures = 0
    for i in range(0, len(out), 2):
        on, off = out[i], out[i + 1]
        diffs.append(on[0] - off[0])
        place_on.append(on[1] + 1)
        place_off.append(off[1] + 1)
        seed, seat, _ = jobs[i]
        pts = standings(seed)
        start = sorted(range(4), key=lambda s: (-pts[s], s)).index(seat)
        by_rank[start].append(on[0] - off[0])
        declined += on[3]
        failures += on[4] + off[4]
    n = len(diffs)
    mean, half = mean_interval(diffs)
    changed = sum(1 for d in diffs if d != 0)
    print(f"positions {a.positions} x 4 seats = {n} pairs (seed {a.seed}); "
          f"{changed} pairs played differently")
    print(f"final score, placement on - off: {mean:+.2f} (95% CI {mean - half:+.2f} .. "
          f"{mean + half:+.2f}) points of final score per game")
    print(f"average place: on {statistics.fmean(place_on):.3f}, "
          f"off {statistics.fmean(place_off):.3f}")
    better = sum(1 for x, y in zip(place_on, place_off, strict=True) if x < y)
    worse = sum(1 for x, y in zip(place_on, place_off, strict=True) if x > y)
    print(f"place better in {better} pairs, worse in {worse}; wins let go: {declined}; "
          f"agent failures: {failures}")
    for r, ds in by_rank.items():
        if ds:
            print(f"  starting {r + 1}: {len(ds)} pairs, on - off {statistics.fmean(ds):+.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
