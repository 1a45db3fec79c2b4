"""Headless hanchan between random legal-action agents: hanchan per second on one core.

Run from the repository root: ``.venv/bin/python benchmarks/bench_table.py [games] [repeats]``.
Each repeat plays ``games`` hanchan (seeds 0..games-1, Tenhou rules) where every pending seat
picks uniformly from its legal actions; the figure is the median over the repeats, measured in CPU time of this process (one core;
other engineers' jobs on the machine inflate wall time), with the wall-clock rate beside it. The agents'
choices are part of the time (as in riichienv's figure), so this measures the whole loop:
pending(), submit() with call settling, waits, riichi/tsumo/ron checks and scoring of wins.

The same figures follow for three-player hanchan (P1, ``tenhou3``: 108 tiles, Norths set aside),
and the ratio of the two rates. Random agents abort often with three players (nine terminals is
a legal choice on most first draws), so its rounds are short: compare the actions per second.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.events import RoundStarted, Win  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rules import RuleSet, preset  # noqa: E402


def play(seed: int, rules: RuleSet) -> Game:
    rng = random.Random(seed)
    g = Game(rules, seed)
    choice = rng.choice
    while g.result is None:
        p = g.pending()
        seat = choice(list(p)) if len(p) > 1 else next(iter(p))
        g.submit(seat, choice(p[seat]))
    return g


def measure(rules: RuleSet, games: int, repeats: int, label: str) -> tuple[float, float]:
    """Print one line-up's figures; return (hanchan/s, actions/s), medians in CPU time."""
    for seed in range(3):  # warm the per-suit memo tables and imports
        play(seed + 10_000, rules)
    rates = []
    walls = []
    rounds = actions = wins = 0
    for _ in range(repeats):
        rounds = actions = wins = 0
        c0 = time.process_time()
        t0 = time.perf_counter()
        for seed in range(games):
            g = play(seed, rules)
            actions += len(g.actions)
            rounds += sum(1 for e in g.events if isinstance(e, RoundStarted))
            wins += sum(1 for e in g.events if isinstance(e, Win))
        walls.append(games / (time.perf_counter() - t0))
        rates.append(games / (time.process_time() - c0))
    med = statistics.median(rates)
    print(f"bench_table: {games} {label} hanchan x {repeats} repeats, random legal-action agents")
    print(f"  {rounds / games:.1f} rounds, {actions / games:.0f} actions, {wins / games:.2f} wins"
          " per hanchan")
    print(f"  hanchan/s (CPU time of this process) median {med:.1f} (min {min(rates):.1f},"
          f" max {max(rates):.1f}); {1000 / med:.1f} ms per hanchan;"
          f" {med * actions / games:.0f} actions/s")
    print(f"  hanchan/s (wall clock, shared machine) median {statistics.median(walls):.1f}")
    return med, med * actions / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    four = measure(RuleSet(), games, repeats, "four-player")
    three = measure(preset("tenhou3"), games, repeats, "three-player (tenhou3)")
    print(f"three-player / four-player: hanchan/s x{three[0] / four[0]:.2f}, "
          f"actions/s x{three[1] / four[1]:.2f}")


if __name__ == "__main__":
    main()
