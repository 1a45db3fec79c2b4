"""The ``riichi`` command: with no subcommand it starts the game, and the game's options work on
the bare command too (``riichi --lang zh`` is ``riichi play --lang zh``)."""

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
        prog="riichi", description="Riichi mahjong in the terminal.",
        epilog=f"Without a COMMAND, riichi starts the game and takes the options of "
               f"'riichi {DEFAULT_COMMAND}' (see 'riichi {DEFAULT_COMMAND} --help'), "
               f"e.g. riichi --lang zh --seed 7.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in commands.items():
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
    return parser, commands


def with_default_command(args_list: list[str], commands: dict[str, object]) -> list[str]:
    """The arguments with the default command put first when none is named: nothing at all, or
    options only (``--lang zh``); ``-h``/``--help`` alone still shows the list of commands."""
    if DEFAULT_COMMAND not in commands:
        return args_list
    if not args_list:
        return [DEFAULT_COMMAND]
    if args_list[0].startswith("-") and args_list[0] not in ("-h", "--help"):
        return [DEFAULT_COMMAND, *args_list]
    return args_list


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser, commands = build_parser()
    args_list = with_default_command(args_list, commands)
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
