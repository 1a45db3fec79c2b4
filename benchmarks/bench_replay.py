"""Replay speed: the 159 real Tenhou games of ../shared/logs/mjlog replayed with --check.

Run from the repository root: ``.venv/bin/python benchmarks/bench_replay.py [DIR]``. Reading
(the mjlog parser) and replaying (engine.replay with every result compared) are timed
separately; the target is under 15 s for the whole check. The mismatches are listed (the known
engine gaps are the strict xfails of tests/replay/test_replay.py); exits 1 when over the target.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.records import read_record  # noqa: E402
from engine.replay import replay_game  # noqa: E402

TARGET_S = 15.0


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "logs" / "mjlog"
    files = sorted(folder.glob("*.mjlog"))
    if not files:
        print(f"no .mjlog files in {folder}")
        return 2
    t0 = time.perf_counter()
    records = [read_record(p) for p in files]
    t1 = time.perf_counter()
    reports = [replay_game(r, check=True) for r in records]
    t2 = time.perf_counter()
    rounds = sum(r.rounds for r in reports)
    actions = sum(len(rd.events) for r in records for rd in r.rounds)
    mismatches = [m for r in reports for m in r.mismatches]
    total = t2 - t0
    print(f"{len(files)} games, {rounds} rounds, {actions} recorded actions, "
          f"{len(mismatches)} mismatches")
    print(f"read   {t1 - t0:6.2f} s  ({(t1 - t0) / len(files) * 1000:.1f} ms/game)")
    print(f"replay {t2 - t1:6.2f} s  ({(t2 - t1) / len(files) * 1000:.1f} ms/game, "
          f"{actions / (t2 - t1):,.0f} actions/s)")
    print(f"total  {total:6.2f} s  (target < {TARGET_S:.0f} s: {'ok' if total < TARGET_S else 'OVER'})")
    for m in mismatches:
        print(f"  {m}")
    return 0 if total < TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
