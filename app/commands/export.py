"""``riichi export GAME [--format tenhou6|mjai] [-o FILE]``: write a game played here as a
tenhou.net/6 log (open it in Tenhou's viewer, or have Mortal review it through mjai-reviewer) or as
mjai JSON lines.

``GAME`` is ``current`` (the autosaved game in progress), ``last`` (the newest finished game) or a
finished game's id from ``riichi history --json`` (a unique prefix is enough). The game is rebuilt
from its rules, seed and actions (``Game.replay``). tenhou.net/6 holds finished rounds only: a
game in progress is written up to its last finished round. Exit status 0, or 1 with a message when
the game cannot be found or read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

NAME = "export"
HELP = "write a game as tenhou.net/6 JSON (Tenhou's viewer, mjai-reviewer) or mjai JSON lines"

FORMATS = ("tenhou6", "mjai")


class ExportError(Exception):
    """What to tell the player when a game cannot be exported."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME",
                        help="'current' (the game in progress), 'last' (the newest finished "
                             "game) or a game id from 'riichi history --json' (a prefix will do)")
    parser.add_argument("--format", choices=FORMATS, default="tenhou6",
                        help="tenhou6 (default): tenhou.net/6 JSON; mjai: mjai JSON lines")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write to FILE instead of standard output")


def seat_names(seats: Any) -> tuple[str, str, str, str]:
    """Names for the four seats from saved seat descriptions (``{"kind": "human", "name":
    "You"}``, ``{"kind": "ai", "level": "normal"}`` or plain strings).

    >>> seat_names([{"kind": "human", "name": "Mio"}, {"kind": "ai", "level": "hard"}, "ai", 7])
    ('Mio', 'AI (hard)', 'ai', 'Player3')
    """
    out = []
    for s in range(4):
        seat = seats[s] if isinstance(seats, list) and s < len(seats) else None
        name = f"Player{s}"
        if isinstance(seat, str) and seat:
            name = seat
        elif isinstance(seat, dict):
            if isinstance(seat.get("name"), str) and seat["name"]:
                name = seat["name"]
            elif seat.get("kind") == "ai":
                level = seat.get("level")
                name = f"AI ({level})" if isinstance(level, str) else "AI"
            elif isinstance(seat.get("kind"), str):
                name = seat["kind"]
        out.append(name)
    return (out[0], out[1], out[2], out[3])


def _replay(rules: Any, seed: int, actions: list, what: str) -> Any:
    from engine.errors import RulesError
    from engine.game import Game

    try:
        return Game.replay(rules, seed, actions)
    except RulesError as exc:
        raise ExportError(f"{what} cannot be replayed: {exc}") from None


def load_current() -> tuple[Any, tuple[str, str, str, str], list[str]]:
    """The autosaved game in progress, its seat names and notes for the player."""
    from app.storage.journal import CorruptJournal, current_save_path, load_journal
    from engine.errors import RulesError

    path = current_save_path()
    try:
        saved = load_journal(path)
    except FileNotFoundError:
        raise ExportError(f"no game in progress (no saved game at {path})") from None
    except CorruptJournal as exc:
        raise ExportError(f"the saved game cannot be read: {exc}") from None
    except OSError as exc:
        raise ExportError(f"the saved game cannot be read: {exc}") from None
    notes = []
    if saved.dropped_torn_line:
        notes.append("the saved game's last action was cut off while saving; it is left out")
    try:
        rules = saved.rules()
        actions = saved.engine_actions()
    except (CorruptJournal, RulesError) as exc:
        raise ExportError(f"the saved game cannot be read: {exc}") from None
    game = _replay(rules, saved.seed, actions, f"the saved game {saved.game_id}")
    return game, seat_names(saved.seats), notes


def load_finished(game_id: str) -> tuple[Any, tuple[str, str, str, str], list[str]]:
    """A finished game from the history by id, unique id prefix or ``last``."""
    from app.storage import paths
    from app.storage.history import History
    from engine.actions import action_from_dict
    from engine.errors import RulesError
    from engine.rules import RuleSet

    if not paths.history_path().exists():
        raise ExportError("no finished games yet (no game history)")
    with History.open(check=False) as h:
        record = None

        def missing(message: str) -> ExportError:
            # a damaged history is moved aside and reported: say so with the error
            return ExportError("; ".join([message, *h.warnings]))

        if game_id == "last":
            newest = h.list_games(1)
            if not newest:
                raise missing("no finished games yet")
            game_id = newest[0].game_id
        else:
            record = h.get_game(game_id)
            if record is None:
                ids = [g.game_id for g in h.list_games(None) if g.game_id.startswith(game_id)]
                if len(ids) > 1:
                    raise ExportError(f"game id {game_id!r} is ambiguous: "
                                      f"{', '.join(sorted(ids)[:5])}{' ...' * (len(ids) > 5)}")
                if not ids:
                    raise missing(f"no finished game with id {game_id!r} "
                                  "(see 'riichi history --json' for the ids)")
                game_id = ids[0]
        if record is None:
            record = h.get_game(game_id)
        if record is None:
            raise missing(f"game {game_id} cannot be read from the history")
        notes = list(h.warnings)
    try:
        rules = RuleSet.from_dict(record.rules)
        actions = [(int(s), action_from_dict(a)) for s, a in record.actions]
    except (RulesError, TypeError, ValueError) as exc:
        raise ExportError(f"game {game_id} in the history cannot be read: {exc}") from None
    game = _replay(rules, record.seed, actions, f"game {game_id}")
    return game, seat_names(record.seats), notes


def export_text(game: Any, names: tuple[str, str, str, str], fmt: str) -> tuple[str, list[str]]:
    """The game in ``fmt`` and notes for the player (what a format leaves out)."""
    from engine.records import RecordError, record_from_game, to_tenhou6
    from engine.records.mjai import to_mjai_text

    if fmt == "mjai":
        try:
            return to_mjai_text(game, names), []
        except RecordError as exc:  # P1: a three-player game
            raise ExportError(f"cannot write mjai: {exc}") from None
    try:
        record = record_from_game(game, names[:game.rules.players])
        notes = []
        if record.cut is not None:
            if not record.rounds:
                raise ExportError("nothing to export yet: tenhou.net/6 holds finished rounds and "
                                  f"round {record.cut.name} is the first (try --format mjai)")
            notes.append(f"the game is in progress: round {record.cut.name} is not written "
                         "(tenhou.net/6 holds finished rounds)")
        return to_tenhou6(record) + "\n", notes
    except RecordError as exc:
        raise ExportError(f"cannot write tenhou.net/6: {exc}") from None


def run(args: argparse.Namespace) -> int:
    try:
        if args.game == "current":
            game, names, notes = load_current()
        else:
            game, names, notes = load_finished(args.game)
        text, more = export_text(game, names, args.format)
    except ExportError as exc:
        print(f"riichi export: {exc}", file=sys.stderr)
        return 1
    for note in notes + more:
        print(f"note: {note}", file=sys.stderr)
    if args.output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"riichi export: cannot write {args.output}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    print(f"wrote {args.output} ({args.format})", file=sys.stderr)
    return 0
