"""The link between ``riichi serve``'s front and its worker processes (``--workers N``).

The front (``app.serve.front``) keeps the SSH and web connections; each worker
(``app.serve.worker``) runs its share of the tables and the apps drawing them. They talk over
Unix sockets in a private directory (0700), in frames: a type byte, the payload's length (4
bytes, big-endian), the payload (UTF-8 text, or JSON for the structured ones).

A session's connection (one per SSH channel or browser tab, front -> worker):
``HELLO`` (JSON: via, key, name, address, term, size, start, lang, prefs) first; then
``INPUT`` (the client's text), ``RESIZE`` (JSON [w, h]), ``FOCUS`` (b"1" / b"0": a browser tab),
``STOPPING`` (a text to tell the player before the session ends). Worker -> front: ``OUTPUT``
(the screen's text, written to the client in one write), then one of ``EXIT`` (JSON: status)
or ``MOVE`` (JSON: start, name, lang: the same client goes on at another worker).

The control connection (one per worker, front -> worker): ``CONTROL`` first, then ``LISTING``
(JSON: the other workers' table summaries), ``STOP`` (save every table, tell the players,
exit). Worker -> front: ``TABLES`` (JSON: its own summaries, when they change) and ``PREFS``
(JSON: a key's chosen name or language). A worker exits when its control connection closes:
it never outlives the front.

Which worker holds a table is a function of its code (``worker_of``): tables are created in
their creator's worker with a code that maps to it, and after a restart (even with another
``--workers``) each worker resumes the journals whose codes map to it: each table exactly once.
"""

from __future__ import annotations

import asyncio
import json
import struct
import zlib
from typing import Any

HEADER = struct.Struct(">cI")
#: the largest frame either side accepts (a 500x200 screen in truecolour is well under 4 MiB)
MAX_FRAME = 16 * 1024 * 1024

HELLO, INPUT, RESIZE, FOCUS, STOPPING = b"H", b"I", b"R", b"F", b"S"
OUTPUT, EXIT, MOVE = b"O", b"X", b"M"
CONTROL, LISTING, STOP, TABLES, PREFS = b"C", b"L", b"Q", b"T", b"P"
KINDS = frozenset((HELLO, INPUT, RESIZE, FOCUS, STOPPING, OUTPUT, EXIT, MOVE, CONTROL, LISTING,
                   STOP, TABLES, PREFS))


class FrameError(ValueError):
    """A frame that is not one of ours (unknown type, too long, bad JSON)."""


def frame(kind: bytes, payload: bytes = b"") -> bytes:
    """One frame of ``kind`` carrying ``payload``."""
    return HEADER.pack(kind, len(payload)) + payload


def frame_text(kind: bytes, text: str) -> bytes:
    return frame(kind, text.encode("utf-8"))


def frame_json(kind: bytes, value: Any) -> bytes:
    return frame(kind, json.dumps(value, separators=(",", ":")).encode("utf-8"))


def parse_json(payload: bytes) -> Any:
    try:
        return json.loads(payload)
    except ValueError as e:
        raise FrameError(f"bad JSON in a frame: {e}") from None


async def read_frame(reader: asyncio.StreamReader) -> tuple[bytes, bytes] | None:
    """The next frame ``(kind, payload)``; None when the other side has closed (also in the
    middle of a frame). ``FrameError`` for a frame that is not ours."""
    try:
        head = await reader.readexactly(HEADER.size)
    except (asyncio.IncompleteReadError, ConnectionError):
        return None
    kind, length = HEADER.unpack(head)
    if kind not in KINDS:
        raise FrameError(f"unknown frame type {kind!r}")
    if length > MAX_FRAME:
        raise FrameError(f"a frame of {length} bytes (at most {MAX_FRAME})")
    try:
        payload = await reader.readexactly(length)
    except (asyncio.IncompleteReadError, ConnectionError):
        return None
    return kind, payload


def worker_of(code: str, workers: int) -> int:
    """The worker (0 .. ``workers`` - 1) that holds the table ``code``: the same in every
    process and after every restart with the same count.

    >>> [worker_of(code, 2) for code in ("ABCD", "ABCH")]
    [1, 0]
    >>> worker_of("ABCD", 1)
    0
    """
    return zlib.crc32(code.encode("ascii")) % max(1, workers)
