"""Peak memory of four hard AIs in self-play, against the number of games played (issue 12).

Run from the project root: ``.venv/bin/python benchmarks/bench_memory.py`` (about 2-3 min).

For N = 1, 2, 4, 8, 16 it runs ``riichi selfplay --games N --seats hard,hard,hard,hard --seed S``
in a fresh process (``python -m app``) and prints that process's peak RSS (``ru_maxrss`` from
``os.wait4``, so only that child counts). A hosted server runs many sessions in one process, so
the caches of hand analysis must stay bounded: the target is a peak <= 80 MiB that stays flat
from 1 to 16 games. ``--root`` measures another checkout of the project (e.g. the code before a
change) with this same script.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MIB = 80.0
GROWTH_MIB = 8.0  # "flat": the peak after 16 games within this of the peak after 1


def peak_rss_mib(root: Path, games: int, seed: int) -> tuple[float, float]:
    """(peak RSS in MiB, wall seconds) of one selfplay process of ``games`` games."""
    env = dict(os.environ, PYTHONPATH=str(root))
    cmd = [sys.executable, "-m", "app", "selfplay", "--games", str(games),
           "--seats", "hard,hard,hard,hard", "--seed", str(seed)]
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.monotonic() - t0
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"selfplay of {games} games failed:\n{err}")
    return usage.ru_maxrss / 1024, elapsed  # Linux reports KiB


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="project checkout to measure")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", default="1,2,4,8,16", help="comma-separated game counts")
    args = ap.parse_args()
    counts = [int(g) for g in args.games.split(",")]
    print(f"peak RSS of `riichi selfplay --seats hard,hard,hard,hard --seed {args.seed}`"
          f" ({args.root})")
    peaks = []
    for n in counts:
        mib, secs = peak_rss_mib(args.root, n, args.seed)
        peaks.append(mib)
        print(f"  {n:>3} games  {mib:7.1f} MiB  ({secs:5.1f} s)", flush=True)
    growth = peaks[-1] - peaks[0]
    ok = max(peaks) <= TARGET_MIB and growth <= GROWTH_MIB
    print(f"  max {max(peaks):.1f} MiB (target <= {TARGET_MIB:.0f}), growth {growth:+.1f} MiB"
          f" from {counts[0]} to {counts[-1]} games (flat: <= {GROWTH_MIB:.0f})"
          f"  {'ok' if ok else 'MISS'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
