"""Head-to-head test of a change to the hard AI's knobs (issue 16): two seats of ``hard`` with
``Style`` knobs changed (the variant) against two of plain ``hard``, every seed played twice with
the seats swapped (variant at East and West, then at South and North), so that each seat's tiles
are played once by each side and the deal's luck cancels. Prints the variant's average rank with
its 95% interval (2.500 is even) and its win, deal-in, riichi and call rates beside the base's.

A low-noise yardstick beside the arena (``bench_arena.py``): an opponent as strong as hard is
not tenhou-python-bot, so a gain here is a reason to run the arena, not a result.

    .venv/bin/python benchmarks/ab_hard.py call_bias=0.3 --games 200 --seed 7000 --workers 2
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from intervals import mean_interval  # noqa: E402

from ai import make_agent  # noqa: E402
from ai.style import Style  # noqa: E402
from app.commands.selfplay import seat_totals  # noqa: E402
from engine.driver import play_out  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules import TENHOU  # noqa: E402

RATES = ("wins", "deal_ins", "riichi", "calls")


def knobs(pairs: list[str]) -> dict[str, object]:
    """``name=value`` pairs as Style knobs, each value of the knob's own type."""
    types = {f.name: type(getattr(Style(), f.name)) for f in fields(Style)}
    out: dict[str, object] = {}
    for p in pairs:
        name, sep, value = p.partition("=")
        if not sep or name not in types:
            raise SystemExit(f"ab_hard: {p!r} is not KNOB=VALUE with a knob of ai.style.Style "
                             f"({', '.join(sorted(types))})")
        kind = types[name]
        out[name] = value.lower() in ("1", "true", "yes") if kind is bool else kind(value)
    return out


def play(job: tuple[int, int, dict[str, object]]
         ) -> tuple[int, int, list[int], list[dict[str, int]]]:
    """One game of seed ``job[0]`` with the variant in the seats of parity ``job[1]``: the seed,
    the parity, every seat's rank and its counts (``selfplay.seat_totals``)."""
    seed, parity, change = job
    agents = {}
    for s in range(4):
        agent = make_agent("hard", seed=seed * 4 + s, rules=TENHOU)
        if s % 2 == parity:
            agent.style = replace(agent.style, **change)  # type: ignore[attr-defined]
        agents[s] = agent
    game = Game(TENHOU, seed)
    play_out(game, agents)
    counts = seat_totals(game.events, 4)
    result = game.result
    assert result is not None
    return seed, parity, [result.ranking.index(s) + 1 for s in range(4)], counts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("knob", nargs="+", help="KNOB=VALUE of ai.style.Style for the variant")
    ap.add_argument("--games", type=int, default=200, help="seeds (each played twice)")
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    change = knobs(args.knob)
    jobs = [(args.seed + i, parity, change) for i in range(args.games) for parity in (0, 1)]
    if args.workers > 1:
        import multiprocessing

        with multiprocessing.Pool(args.workers) as pool:
            results = list(pool.imap_unordered(play, jobs))
    else:
        results = [play(j) for j in jobs]
    by_seed: dict[int, list[float]] = {}
    totals: dict[str, Counter[str]] = {"variant": Counter(), "base": Counter()}
    for seed, parity, ranks, counts in results:
        for s in range(4):
            side = "variant" if s % 2 == parity else "base"
            if side == "variant":
                by_seed.setdefault(seed, []).append(ranks[s])
            totals[side].update(counts[s])
    means = [sum(r) / len(r) for r in by_seed.values()]
    n = len(means)
    mean, half = mean_interval(means)
    print(f"hard with {' '.join(args.knob)} (2 seats) vs hard (2 seats), {n} seeds x 2 games "
          f"from {args.seed}: average rank {mean:.3f} +- {half:.3f} (95%; "
          f"2.500 is even)")
    for side, t in totals.items():
        r = t["rounds"] or 1
        print(f"  {side:8} " + "  ".join(f"{k.replace('_', '-')} {100 * t[k] / r:4.1f}%"
                                           for k in RATES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
