"""Paired test of a three-player AI change (issue 15): hard's rank in each duplicate game
against two greedy, written to a JSON file, and compared game by game with another such file
(the same seeds and seats, so the deal's luck cancels and the per-game differences are a sharper
test than two means).

    nice -n 10 .venv/bin/python benchmarks/sanma_paired.py --games 600 --seed 3000 --out new.json
    .venv/bin/python benchmarks/sanma_paired.py --compare base.json new.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from intervals import mean_interval  # noqa: E402

from app.commands.selfplay import jobs_for, make_rules, play_game  # noqa: E402


def ranks(games: int, seed: int) -> dict[str, int]:
    """hard's rank in each duplicate game, keyed by "seed/seat"."""
    rules = make_rules("tenhou3", None)
    out = {}
    for s, lineup in jobs_for(games, seed, ["hard", "greedy", "greedy"], True):
        recs = play_game(s, lineup, rules, timed=False)
        seat = lineup.index("hard")
        out[f"{s}/{seat}"] = recs[seat].rank
    return out


def compare(base: dict[str, int], new: dict[str, int]) -> str:
    keys = sorted(set(base) & set(new))
    d = [new[k] - base[k] for k in keys]
    n = len(d)
    mean, half = mean_interval(d)
    same = sum(1 for x in d if x == 0)
    b = sum(base[k] for k in keys) / n
    a = sum(new[k] for k in keys) / n
    return (f"{n} paired games: {b:.3f} -> {a:.3f}, difference {mean:+.3f} "
            f"+- {half:.3f} (95%), {same} games the same rank")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=3000)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BASE", "NEW"))
    args = ap.parse_args()
    if args.compare:
        base, new = (json.loads(p.read_text()) for p in args.compare)
        print(compare(base, new))
        return 0
    r = ranks(args.games, args.seed)
    print(f"hard vs 2 greedy, {len(r)} games, seeds {args.seed}..: average rank "
          f"{sum(r.values()) / len(r):.3f}")
    if args.out:
        args.out.write_text(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
