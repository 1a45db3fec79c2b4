"""The hard bot as an mjai bot with ``ai.style.Style`` knobs changed: the hero of
``bench_arena.py --knob KNOB=VALUE`` (issue 16), so that a change measured head to head by
``ab_hard.py`` can be seated in the outside arena without editing the code.

    python benchmarks/knob_bot.py [--level hard] KNOB=VALUE [KNOB=VALUE ...] SEAT

Speaks the mjai.app line protocol on stdin/stdout like ``riichi bot --mjai``.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab_hard import knobs  # noqa: E402

from ai import make_agent  # noqa: E402
from ai.mjai_bot import MjaiBot  # noqa: E402
from engine.rules import TENHOU  # noqa: E402


def knob_bot(seat: int, level: str, pairs: list[str]) -> MjaiBot:
    """A bot for ``seat`` whose agent plays ``level`` with the ``KNOB=VALUE`` ``pairs``."""
    agent = make_agent(level, seed=seat, rules=TENHOU)
    agent.style = replace(agent.style, **knobs(pairs))  # type: ignore[attr-defined]
    return MjaiBot(seat, agent, rules=TENHOU,
                   warn=lambda m: print(f"knob_bot: {m}", file=sys.stderr, flush=True))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    ap.add_argument("knob", nargs="+", help="KNOB=VALUE of ai.style.Style")
    ap.add_argument("seat", type=int, choices=(0, 1, 2, 3))
    args = ap.parse_args()
    bot = knob_bot(args.seat, args.level, args.knob)
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(bot.react(line) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
