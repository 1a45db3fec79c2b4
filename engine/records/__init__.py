"""Recorded games: readers for Tenhou's mjlog XML and tenhou.net/6 JSON into one neutral model
(:mod:`engine.records.model`), a tenhou.net/6 writer, :func:`record_from_game` for games played
here, and :func:`read_record` that tells the formats apart by their content.

>>> from engine.game import Game
>>> text = to_tenhou6(record_from_game(Game(seed=1)))   # a game just dealt: no round finished
>>> parse_record(text.encode(), "new game").rounds
()

A file is read with ``read_record`` (not run here: it needs one on disk):

>>> game = read_record("game.mjlog")   # doctest: +SKIP
"""

from __future__ import annotations

from pathlib import Path

from engine.records.from_game import record_from_game
from engine.records.mjai import looks_like_mjai
from engine.records.mjlog import parse_mjlog, read_mjlog
from engine.records.model import (
    Call,
    Discard,
    Draw,
    GameRecord,
    Outcome,
    RecordError,
    RoundEnd,
    RoundRecord,
    Win,
    check_bookkeeping,
    compare_games,
    tile_code,
)
from engine.records.tenhou6 import parse_tenhou6, read_tenhou6
from engine.records.tenhou6_write import to_tenhou6, write_tenhou6

__all__ = [
    "Call", "Discard", "Draw", "GameRecord", "Outcome", "RecordError", "RoundEnd", "RoundRecord",
    "Win", "check_bookkeeping", "compare_games", "parse_mjlog", "parse_record", "parse_tenhou6",
    "read_mjlog", "read_record", "read_tenhou6", "record_from_game", "tile_code", "to_tenhou6",
    "write_tenhou6",
]


def parse_record(data: bytes, source: str = "") -> GameRecord:
    """Read a game from raw file contents: gzip or ``<mjloggm`` → mjlog, ``{`` → tenhou.net/6."""
    head = data[:400].lstrip()
    if data[:2] == b"\x1f\x8b":  # gzip: mjlog, or mjai JSON lines as mjai.app's referee writes
        import gzip
        import zlib

        try:
            inner = gzip.decompress(data)
        except (OSError, EOFError, zlib.error):
            inner = b""
        if looks_like_mjai(inner[:400].lstrip()):
            from engine.records.mjai import parse_mjai

            return parse_mjai(_text(inner, source), source)
    if data[:2] == b"\x1f\x8b" or head.startswith(b"<"):
        return parse_mjlog(data, source)
    if looks_like_mjai(head):  # mjai JSON lines: one {"type": ...} event per line
        from engine.records.mjai import parse_mjai

        return parse_mjai(_text(data, source), source)
    if head.startswith((b"{", b"[")):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{source or 'record'}: not UTF-8 text") from None
        return parse_tenhou6(text, source)
    if not head:
        raise RecordError(f"{source or 'record'}: empty file")
    raise RecordError(f"{source or 'record'}: neither a Tenhou mjlog nor tenhou.net/6 JSON")


def _text(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{source or 'record'}: not UTF-8 text") from None


def read_record(path: str | Path) -> GameRecord:
    """Read a game file in either format."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"{path}: cannot read ({exc.strerror or exc})") from None
    return parse_record(data, str(path))
