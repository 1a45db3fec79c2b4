"""Scoring speed and agreement: engine.scoring.score_hand vs mahjong's HandCalculator, one run.

Run from the repository root: ``.venv/bin/python benchmarks/bench_scoring.py [--hands N]``.
Two workloads: N random winning hands (engine.scoring.samples, fixed seed) and the 1,399 real
Tenhou wins of agari_vectors.jsonl. Each hand is timed several times per library and the
median per-hand time is reported, with the ratio and the agreement on han, fu and points
(fu of kokushi excepted: the library reports 0, this engine 25).

The headline is the COLD figure: the scorer keeps no per-hand cache (no whole hand, its
decomposition or its result is remembered), and the cold pass runs right after the library's
pass, with the ``decompositions`` cache cleared. What stays filled is the engine's tables of
general patterns (per suit/honour counts: splits and wait readings; per ruleset: yaku runner,
price by (han, fu, dealer), yaku lines by combination), as any table of the engine. "warm"
times the same hands again at once (CPU caches primed), and "tables empty" is one pass with
every table cleared first (the first hands of a process).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "property"))
sys.path.insert(0, str(ROOT / "tests" / "replay"))

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from test_agari_vectors import CASES, case_to_call  # noqa: E402
from test_scoring_vs_mahjong import compare, oracle_args  # noqa: E402

from engine.hand import decompose  # noqa: E402
from engine.hand.decompose import _decompositions  # noqa: E402
from engine.rules import preset  # noqa: E402
from engine.scoring import (  # noqa: E402
    NotAWin,
    NoYaku,
    compiled,  # noqa: E402
    score_hand,
)
from engine.scoring.samples import Sample, random_win  # noqa: E402


def _time_pass(fn, items) -> list[float]:
    out = []
    for item in items:
        t0 = time.perf_counter()
        fn(item)
        out.append(time.perf_counter() - t0)
    return out


def _clear_tables() -> None:
    """Empty every table and cache of the scorer (the state of a fresh process)."""
    for f in (decompose._suit_sets, decompose._suit_ok, decompose._suit_ok_with_pair,
              decompose._suit_options, decompose._honor_option, decompose._suit_table,
              decompose._decompositions):
        f.cache_clear()
    for table in decompose._PART_TABLES:
        table.clear()
    for by_tsumo in decompose._WIN_TABLES:
        for table in by_tsumo:
            table.clear()
    compiled.cache_clear()


def bench(label: str, samples: list[Sample], rules, repeats: int) -> float:
    def ours(s: Sample):
        try:
            return score_hand(s.concealed, s.melds, s.win_tile, s.situation, rules)
        except (NotAWin, NoYaku):
            return None

    args = [oracle_args(s, rules) for s in samples]

    def theirs(a):
        return HandCalculator.estimate_hand_value(**a)

    def nothing(_):
        return None

    _clear_tables()
    first_t = _time_pass(ours, samples)  # every table empty
    cold_t, warm_t, theirs_t, empty_t = [], [], [], []
    for _ in range(repeats):  # interleaved, so machine load hits all of them alike
        _decompositions.cache_clear()  # cold: nothing of any hand cached (see the docstring)
        cold_t.append(_time_pass(ours, samples))
        warm_t.append(_time_pass(ours, samples))
        theirs_t.append(_time_pass(theirs, args))
        empty_t.append(_time_pass(nothing, samples))
    # per hand: median over repeats; then the median over hands and the total
    cold_h = [statistics.median(x) for x in zip(*cold_t, strict=True)]
    warm_h = [statistics.median(x) for x in zip(*warm_t, strict=True)]
    theirs_h = [statistics.median(x) for x in zip(*theirs_t, strict=True)]
    agree = sum(1 for s in samples if compare(s, rules) is None)
    m_c, m_w, m_t = (statistics.median(h) for h in (cold_h, warm_h, theirs_h))
    # the timer itself (two perf_counter calls and a Python call per hand), subtracted below
    m_e = statistics.median(statistics.median(x) for x in zip(*empty_t, strict=True))
    m_f = statistics.median(first_t)
    print(f"{label}: {len(samples)} hands, {repeats} passes each")
    print(f"  HEADLINE cold: {m_t / m_c:4.2f}x faster than mahjong 2.1 (median per hand "
          f"{m_c * 1e6:.1f} us vs {m_t * 1e6:.1f} us)")
    print(f"  engine, cold                      median {m_c * 1e6:6.1f} us/hand"
          f"   total {sum(cold_h):6.3f} s")
    print(f"  engine, warm (same hands again)   median {m_w * 1e6:6.1f} us/hand"
          f"   total {sum(warm_h):6.3f} s")
    print(f"  engine, tables empty (one pass)   median {m_f * 1e6:6.1f} us/hand"
          f"   total {sum(first_t):6.3f} s")
    print(f"  mahjong 2.1 HandCalculator        median {m_t * 1e6:6.1f} us/hand"
          f"   total {sum(theirs_h):6.3f} s")
    print(f"  speed-up (median per hand): cold {m_t / m_c:4.2f}x, warm {m_t / m_w:4.2f}x,"
          f" tables empty {m_t / m_f:4.2f}x; (totals): cold {sum(theirs_h) / sum(cold_h):4.2f}x,"
          f" warm {sum(theirs_h) / sum(warm_h):4.2f}x")
    print(f"  timer overhead {m_e * 1e6:.1f} us/hand; net of it (median per hand): "
          f"cold {(m_t - m_e) / (m_c - m_e):4.2f}x, warm {(m_t - m_e) / (m_w - m_e):4.2f}x")
    print(f"  agreement (han, fu, points, yaku ids): {agree}/{len(samples)} "
          f"= {100 * agree / len(samples):.2f}%")
    return (m_t - m_e) / (m_c - m_e)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="random hands (default 2000)")
    ap.add_argument("--repeats", type=int, default=3, help="timed passes (default 3)")
    args = ap.parse_args()
    rules = preset("tenhou")
    rng = random.Random(20240601)
    randoms = [random_win(rng) for _ in range(args.hands)]
    bench("random winning hands", randoms, rules, args.repeats)
    real = []
    for case in CASES:
        concealed, melds, win, sit, case_rules = case_to_call(case)
        real.append(Sample(tuple(concealed), tuple(melds), win, sit))
    if real:
        bench("real Tenhou wins (agari_vectors.jsonl)", real, rules, args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
