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
    parser.add_argument("--rules", default="tenhou", metavar="PRESET",
                        help="the game's rules preset: tenhou (default), majsoul or local")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                        help="change one rule of the preset, e.g. --set red_fives=0,0,0 "
                             "(repeatable)")
    parser.add_argument("seat", type=int, choices=(0, 1, 2, 3), help="the bot's seat (0-3)")


def run(args: argparse.Namespace) -> int:
    from ai.mjai_bot import MjaiBot
    from app.commands.score import build_rules
    from engine.errors import RulesError

    # The bot plays the game's rules (red fives, open tanyao, the all-last): a bad preset or
    # setting stops it before the first line, with one line saying why.
    try:
        rules = build_rules(args.rules, args.set)
    except RulesError as e:
        print(f"riichi bot: {' '.join(str(e).split())}", file=sys.stderr, flush=True)
        return 2

    def warn(message: str) -> None:
        print(f"riichi bot: {message}", file=sys.stderr, flush=True)

    bot = MjaiBot(args.seat, kind=args.difficulty, personality=args.personality, warn=warn,
                 rules=rules)
    stdin, stdout = sys.stdin, sys.stdout
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(bot.react(line) + "\n")
        stdout.flush()
    return 0
