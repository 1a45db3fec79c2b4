"""Two arena runs of the same games set side by side (issue 16): the hero's rank in each game
(seed and seat) of a base run and of a variant run, paired. A knob changes few games, so the
difference of the paired games says far more than two averages over different games.

The runs are ``bench_arena.py`` outputs (its ``seed S seat K: rank R, ...`` lines; other lines
are skipped). ``benchmarks/arena_main.txt`` keeps main's games on seeds 9700-9726 with the
digest of the fingerprints its AI had (``fingerprints.json``'s games): when the AI has changed
since, this says so, and main must be run again for a fair base. ``arena_main_9800.txt`` and
``arena_main_9900.txt`` keep the same AI's games on two other ranges, 9800-9826 and 9900-9926
(the last run once, session 51, to check the goal on a range never tuned on), for ``--base``.

    .venv/bin/python benchmarks/arena_pair.py VARIANT.txt [VARIANT2.txt ...]
    .venv/bin/python benchmarks/arena_pair.py --base OLD.txt [--base OLD2.txt] VARIANT.txt [...]
    .venv/bin/python benchmarks/bench_arena.py --opp tpb --seeds 13 --seed 9700 --knob K=V \\
        --pair benchmarks/arena_main.txt
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from intervals import mean_interval  # noqa: E402

MAIN = HERE / "arena_main.txt"
FINGERPRINTS = HERE / "fingerprints.json"
_GAME = re.compile(r"seed (\d+) seat (\d): rank (\d)")
_DIGEST = re.compile(r"# fingerprints (\w+)")

Game = tuple[int, int]


def fingerprints_digest(path: Path = FINGERPRINTS) -> str:
    """A short digest of the games' fingerprints (the AI's behaviour in fixed games)."""
    games = json.loads(path.read_text())["games"]
    return hashlib.sha256(json.dumps(games, sort_keys=True).encode()).hexdigest()[:16]


def read_ranks(lines: Iterable[str]) -> dict[Game, int]:
    """The hero's rank in each game of a ``bench_arena.py`` output.

    >>> read_ranks(["seed 9700 seat 2: rank 3, score 21000, 9 rounds, 30.1s", "noise"])
    {(9700, 2): 3}
    """
    out: dict[Game, int] = {}
    for line in lines:
        m = _GAME.match(line.strip())
        if m:
            out[int(m[1]), int(m[2])] = int(m[3])
    return out


def read_runs(paths: Iterable[str | Path]) -> tuple[dict[Game, int], set[str]]:
    """The games of several runs (a later file's game wins) and the fingerprint digests their
    headers name."""
    ranks: dict[Game, int] = {}
    digests: set[str] = set()
    for p in paths:
        text = Path(p).read_text().splitlines()
        ranks.update(read_ranks(text))
        digests.update(m[1] for line in text if (m := _DIGEST.match(line)))
    return ranks, digests


def paired(base: dict[Game, int], variant: dict[Game, int]) -> str:
    """The games both runs played: each run's average rank on them, the difference with its 95%
    interval, and how many the variant ranked better, worse or the same.

    >>> print(paired({(1, 0): 2, (1, 1): 3, (2, 0): 4}, {(1, 0): 1, (1, 1): 3, (3, 0): 1}))
    2 paired games: base 2.500, variant 2.000 (-0.500 +- 0.980); better 1, worse 0, same 1
    """
    keys = sorted(set(base) & set(variant))
    n = len(keys)
    if not n:
        return "no game in both runs"
    diffs = [variant[k] - base[k] for k in keys]
    mean, half = mean_interval(diffs)
    return (f"{n} paired games: base {sum(base[k] for k in keys) / n:.3f}, variant "
            f"{sum(variant[k] for k in keys) / n:.3f} ({mean:+.3f} +- {half:.3f}); better "
            f"{sum(d < 0 for d in diffs)}, worse {sum(d > 0 for d in diffs)}, same {diffs.count(0)}")


def by_range(base: dict[Game, int], variant: dict[Game, int]) -> list[str]:
    """``paired`` for each hundred of seeds apart (9700-9799, 9800-9899...), when the games both
    runs played span more than one: the ranges are checked one by one against the goal."""
    hundreds = sorted({seed // 100 for seed, _ in set(base) & set(variant)})
    if len(hundreds) < 2:
        return []
    return [f"  seeds {h * 100}-{h * 100 + 99}: "
            + paired({k: r for k, r in base.items() if k[0] // 100 == h}, variant)
            for h in hundreds]


def stale(digests: set[str]) -> str | None:
    """A warning when the base was measured with another AI than this checkout's."""
    now = fingerprints_digest()
    if digests and now not in digests:
        then = ", ".join(sorted(digests))
        return (f"arena_pair: the base was measured with other fingerprints ({then}; this "
                f"checkout {now}): the AI changed since, run main again for a fair base")
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", action="append", metavar="RUN",
                    help=f"a base run (repeatable; default {MAIN.name})")
    ap.add_argument("variant", nargs="+", metavar="RUN", help="the variant run(s)")
    args = ap.parse_args()
    try:
        base, digests = read_runs(args.base or [MAIN])
        variant, _ = read_runs(args.variant)
    except OSError as e:
        print(f"arena_pair: {e}", file=sys.stderr)
        return 2
    warning = stale(digests)
    if warning:
        print(warning, file=sys.stderr)
    print(paired(base, variant))
    for line in by_range(base, variant):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
