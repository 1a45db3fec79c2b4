"""The ``riichi`` command: with no subcommand it starts the game."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

import app.commands

DEFAULT_COMMAND = "play"


def _commands() -> dict[str, object]:
    found = {}
    for info in sorted(pkgutil.iter_modules(app.commands.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"app.commands.{info.name}")
        found[module.NAME] = module
    return found


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, object]]:
    commands = _commands()
    parser = argparse.ArgumentParser(
        prog="riichi", description="Riichi mahjong in the terminal."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in commands.items():
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
    return parser, commands


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser, commands = build_parser()
    if not args_list and DEFAULT_COMMAND in commands:
        args_list = [DEFAULT_COMMAND]
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(commands[args.command].run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
