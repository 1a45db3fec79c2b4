"""Small pure helpers of the server: player names, table codes, the colours a TERM allows."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Callable, Container

NAME_MAX = 16
#: table codes avoid letters that read alike (0/O, 1/I/L)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 4


def clean_name(text: str, fallback: str = "guest") -> str:
    """``text`` as a name on the table: control and format characters (escape sequences,
    bidi overrides) removed, spaces collapsed, at most ``NAME_MAX`` characters.

    >>> clean_name("al\\x1b[31mice\\n")
    'al[31mice'
    >>> clean_name("   ")
    'guest'
    """
    kept = "".join(ch if not ch.isspace() else " " for ch in text
                   if unicodedata.category(ch)[0] != "C" or ch.isspace())
    name = " ".join(kept.split())[:NAME_MAX].strip()
    return name or fallback


def new_code(taken: Container[str], mine: Callable[[str], bool] = lambda code: True) -> str:
    """A short table code not in ``taken`` (``ABCD``) for which ``mine`` holds (a worker
    makes only codes that map to itself: ``app.serve.relay.worker_of``)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken and mine(code):
            return code


def parse_code(text: str) -> str | None:
    """``text`` as a table code (any case, spaces around), or None when it cannot be one."""
    code = text.strip().upper()
    if len(code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in code):
        return code
    return None


def color_system(term: str) -> str:
    """Rich's colour system for a client's TERM (SSH sends TERM, rarely COLORTERM)."""
    term = term.lower()
    if term in ("", "dumb"):
        return "standard"
    if "truecolor" in term or "24bit" in term or "direct" in term:
        return "truecolor"
    if "256" in term or term.startswith(("xterm-kitty", "alacritty", "wezterm", "tmux")):
        return "256"
    return "standard"


def parse_command(command: str | None) -> tuple[str, str | None] | str:
    """What an SSH exec request asks for: ``("lobby", None)`` (no command), ``("join",
    CODE)`` or ``("watch", CODE)``; a string saying why not for anything else (we run no
    other program)."""
    if command is None or not command.strip():
        return ("lobby", None)
    words = command.split()
    if len(words) == 2 and words[0].lower() in ("join", "watch"):
        code = parse_code(words[1])
        if code is None:
            return f"{words[1][:20]!r} is not a table code (4 letters, e.g. ABCD)"
        return (words[0].lower(), code)
    return "this server runs only the game: ssh -t HOST [join CODE | watch CODE]"


def pick_language(text: str | None, available: Container[str]) -> str | None:
    """The first language of ``available`` that ``text`` asks for: a ``LANG`` an SSH client
    sent (``zh_CN.UTF-8``) or a browser's ``Accept-Language`` (``zh-CN,zh;q=0.9,en;q=0.8``,
    taken in its order); None when it names none of them.

    >>> pick_language("zh_CN.UTF-8", ("en", "zh"))
    'zh'
    >>> pick_language("fr-FR,fr;q=0.9,en;q=0.8", ("en", "zh"))
    'en'
    >>> pick_language("C", ("en", "zh")) is None
    True
    """
    for part in (text or "").split(","):
        tag = part.split(";")[0].strip().lower()
        code = tag.replace("-", "_").split("_")[0].split(".")[0]
        if code and code in available:
            return code
    return None
