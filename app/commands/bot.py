"""``riichi bot --mjai SEAT``: our AI as an mjai bot on stdin/stdout (the mjai.app protocol).

Each input line is a JSON array of mjai events seen by SEAT; each answer is one JSON action on
one line. Problems with the input go to stderr; every line is answered.
"""

from __future__ import annotations

import argparse
import sys

NAME = "bot"
HELP = "run our AI as an mjai bot on stdin/stdout (mjai.app protocol)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mjai", action="store_true", required=True,
                        help="speak the mjai.app line protocol (the only protocol so far)")
    parser.add_argument("--difficulty", choices=("easy", "normal", "hard", "random",
                                                  "tsumogiri", "greedy"),
                        default="normal", help="AI strength (default normal)")
    parser.add_argument("--personality", choices=("balanced", "aggressive", "defensive"),
                        help="AI personality (default balanced)")
    parser.add_argument("seat", type=int, choices=(0, 1, 2, 3), help="the bot's seat (0-3)")


def run(args: argparse.Namespace) -> int:
    from ai.mjai_bot import MjaiBot

    def warn(message: str) -> None:
        print(f"riichi bot: {message}", file=sys.stderr, flush=True)

    bot = MjaiBot(args.seat, kind=args.difficulty, personality=args.personality, warn=warn)
    stdin, stdout = sys.stdin, sys.stdout
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(bot.react(line) + "\n")
        stdout.flush()
    return 0
