"""Shanten and ukeire speed, side by side with the `mahjong` package, in one run.

Run from the project root: ``.venv/bin/python benchmarks/bench_shanten.py`` (about 15 s).

1. shanten of N random 14-tile hands (fixed seed): our ``engine.hand.shanten`` against
   ``mahjong.shanten.Shanten().calculate_shanten``; agreement over all hands, the first pass of
   ours (empty memo tables: a fresh process) and the medians over repeats of both, and the ratio.
2. ``engine.hand.ukeire_table`` (every discard x every draw) of random 14-tile hands: median per
   hand, first pass and warm.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.shanten import Shanten  # noqa: E402

from engine.hand import shanten, ukeire_table  # noqa: E402

SEED = 20240611
HANDS = 20_000
REPEATS = 5
UKEIRE_HANDS = 300


def random_hands(seed: int, n_hands: int, size: int = 14) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    for _ in range(n_hands):
        counts = [0] * 34
        for kind in rng.sample(wall, size):
            counts[kind] += 1
        out.append(counts)
    return out


def timed(func, hands) -> tuple[float, list]:
    start = time.perf_counter()
    results = [func(h) for h in hands]
    return time.perf_counter() - start, results


def main() -> None:
    hands = random_hands(SEED, HANDS)
    oracle = Shanten()

    cold, ours = timed(shanten, hands)  # first calls in this process: memo tables fill up
    _, theirs = timed(oracle.calculate_shanten, hands)
    agree = sum(a == b for a, b in zip(ours, theirs, strict=True))
    ours_t = [cold]
    theirs_t = []
    for _ in range(REPEATS):
        ours_t.append(timed(shanten, hands)[0])
        theirs_t.append(timed(oracle.calculate_shanten, hands)[0])
    warm = statistics.median(ours_t[1:])
    base = statistics.median(theirs_t)
    per = 1e6 / HANDS
    print(f"shanten, {HANDS} random 14-tile hands (seed {SEED}), {REPEATS} repeats")
    print(f"  agreement with mahjong: {agree}/{HANDS} ({100 * agree / HANDS:.2f}%)")
    print(f"  mahjong calculate_shanten  median {base:.3f} s  ({base * per:.1f} us/hand)")
    print(f"  engine shanten, warm       median {warm:.3f} s  ({warm * per:.1f} us/hand)"
          f"  ratio {base / warm:.1f}x")
    print(f"  engine shanten, first pass        {cold:.3f} s  ({cold * per:.1f} us/hand)"
          f"  ratio {base / cold:.1f}x")

    uk_hands = random_hands(SEED + 1, UKEIRE_HANDS)
    first = []
    for h in uk_hands:
        t0 = time.perf_counter()
        ukeire_table(h)
        first.append(time.perf_counter() - t0)
    warm_runs = []
    for h in uk_hands:
        best = []
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            ukeire_table(h)
            best.append(time.perf_counter() - t0)
        warm_runs.append(statistics.median(best))
    print(f"ukeire_table, {UKEIRE_HANDS} random 14-tile hands (every discard x every draw)")
    print(f"  median per hand {1e3 * statistics.median(warm_runs):.3f} ms"
          f" (max {1e3 * max(warm_runs):.3f} ms); first pass median"
          f" {1e3 * statistics.median(first):.3f} ms (max {1e3 * max(first):.3f} ms)")
    if agree != HANDS:
        sys.exit("shanten disagrees with mahjong")


if __name__ == "__main__":
    main()
