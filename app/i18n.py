"""Texts in every language, read from ``assets/i18n/<lang>.toml`` (English is the fallback).

Keys are dotted: ``t("title.new_game")``. Yaku are looked up by the scoring engine's English ids
(``yaku_name("yakuhai: chun")``). Plain Python: the core of the interface never imports Textual.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any

from app import assets

FALLBACK = "en"


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


@cache
def _load(lang: str) -> dict[str, str]:
    path = assets().joinpath("i18n", f"{lang}.toml")
    with path.open("rb") as fh:
        return _flatten(tomllib.load(fh))


def available_languages() -> dict[str, str]:
    """``{code: name in that language}`` for every file in ``assets/i18n``."""
    out = {}
    for entry in sorted(assets().joinpath("i18n").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            code = entry.name[: -len(".toml")]
            out[code] = _load(code).get("language", code)
    return out


class Texts:
    """The texts of one language, falling back to English and then to the key itself."""

    def __init__(self, lang: str = FALLBACK) -> None:
        if lang not in available_languages():
            lang = FALLBACK
        self.lang = lang
        self._own = _load(lang)
        self._base = _load(FALLBACK)

    def has(self, key: str) -> bool:
        return key in self._own or key in self._base

    def plural_key(self, key: str, count: Any) -> str:
        """``key``'s singular twin ``key_one`` when ``count`` is 1 and this language has one
        ("1 tile", "once"); otherwise ``key``. A language that words ``key`` itself without a
        ``_one`` twin (Chinese has no plural) keeps ``key``: English's twin is not borrowed."""
        if count != 1 or isinstance(count, bool):
            return key
        one = f"{key}_one"
        if one in self._own or (key not in self._own and one in self._base):
            return one
        return key

    def __call__(self, key: str, **values: Any) -> str:
        if "n" in values:  # counts are {n}: "{n} tiles" has the twin "1 tile"
            key = self.plural_key(key, values["n"])
        text = self._own.get(key)
        if text is None:
            text = self._base.get(key, key)
        if values:
            try:
                return text.format(**values)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def yaku(self, name: str) -> str:
        """A yaku's display name from the engine's id; an unknown id is shown capitalised."""
        key = f"yaku.{name}"
        if self.has(key):
            return self(key)
        return name[:1].upper() + name[1:]


class Translated(str):
    """A text from :func:`t` that remembers its key and values, so that a text made in one
    language (a key binding's description, made when its screen's module was imported) can be
    shown again in the language chosen since (:func:`current`)."""

    key: str
    values: dict[str, Any]
    lang: str

    def __new__(cls, text: str, key: str, values: dict[str, Any], lang: str) -> Translated:
        obj = super().__new__(cls, text)
        obj.key, obj.values, obj.lang = key, values, lang
        return obj

    def __reduce__(self):  # for copy and pickle (``__new__`` takes more than the text)
        return (Translated, (str(self), self.key, self.values, self.lang))


def current(text: str) -> str:
    """``text`` in the current language if it came from :func:`t` in another one; otherwise
    ``text`` itself."""
    if isinstance(text, Translated) and text.lang != _texts().lang:
        # values made by t() too ("{name}: {phrase}") are worded again as well
        return t(text.key, **{k: current(v) for k, v in text.values.items()})
    return text


_current = Texts(FALLBACK)


def set_language(lang: str) -> Texts:
    """Write texts in ``lang`` from now on: the process's language, or at a shared table
    (``riichi serve``) the language of the connection running this code (its ``Viewer``)."""
    global _current
    v = viewer.get()
    if v is not _SOLO:
        v.texts = Texts(lang)
        return v.texts
    _current = Texts(lang)
    return _current


def _texts() -> Texts:
    return viewer.get().texts or _current


def texts() -> Texts:
    return _texts()


def t(key: str, **values: Any) -> str:
    """The current language's text for ``key`` (a :class:`Translated`, which is a ``str``).
    A ``{n}`` of 1 picks the key's ``_one`` twin where the language has one ("1 tile")."""
    own = _texts()
    return Translated(own(key, **values), key, values, own.lang)


def t_count(key: str, count: int, **values: Any) -> str:
    """``t(key, **values)``, worded for ``count`` when the count is not ``{n}``: the key's
    ``_one`` twin when ``count`` is 1 ("Average deal-in 3900 points (once)")."""
    return t(_texts().plural_key(key, count), **values)


#: Seats named from the player's seat (0): you, the player to the right, across, left; with
#: three players (P1) nobody sits across: you, right, left.
REL_NAMES = ("you", "right", "across", "left")
REL_NAMES_3 = ("you", "right", "left")
WIND_KEYS = ("east", "south", "west", "north")

#: The number of seats at the table shown (P1: 3 or 4). Seat texts are made in many places that
#: see a seat number but not the rules (event lines, results, prompts); the game on screen sets
#: this once (``set_players``) instead of each of them being handed the rules.
_players = 4


def set_players(players: int) -> None:
    """Name seats for a table of ``players`` (3 or 4) from now on: the session of a game and
    the replay viewer call it with their game's number of players."""
    global _players
    if players not in (3, 4):
        raise ValueError(f"players must be 3 or 4, got {players!r}")
    v = viewer.get()
    if v is not _SOLO:  # a server's connection: its own table, not the others'
        v.players = players
    else:
        _players = players


def players() -> int:
    """The number of seats of the table shown (``set_players``)."""
    return viewer.get().players or _players


def rel_seat(seat: int, human: int = 0) -> str:
    """Where ``seat`` sits from ``human``: ``you``, ``right``, ``across`` (four players only) or
    ``left``."""
    count = players()
    names = REL_NAMES_3 if count == 3 else REL_NAMES
    return names[(seat - human) % count]


@dataclass
class Viewer:
    """Whose eyes the texts are written for: the player's ``seat`` (None: a watcher, for whom
    no seat is "you") and, at a shared table (``riichi serve``), the seats' ``names``."""

    seat: int | None = 0
    names: tuple[str, ...] = ()
    #: a connection's own number of seats and language (``set_players``, ``set_language``
    #: in its code); 0 / None: the process's. Several tables and languages share one server.
    players: int = 0
    texts: Texts | None = None


#: solo play's viewer (never mutated: ``set_players`` and ``set_language`` set the module's)
_SOLO = Viewer()
#: The viewer of the code running now. Solo play never sets it (seat 0, no names); the server
#: sets one per connection (each runs in its own asyncio task, so its own context; Textual's
#: tasks of that app copy the context, so they share the one Viewer, which is mutated).
viewer: ContextVar[Viewer] = ContextVar("viewer", default=_SOLO)  # noqa: B039 (never mutated)


def seat_name(seat: int, human: int | None = None) -> str:
    """``You`` / ``Right`` / ``Across`` / ``Left`` (in the current language) for an absolute seat
    (with three players seat 2 is ``Left``); at a shared table the other seats' names."""
    v = viewer.get()
    if human is None:
        if v.names and seat != v.seat:
            return v.names[seat]
        human = v.seat if v.seat is not None else 0
    return t(f"seat.{rel_seat(seat, human)}")


def seat_text(key: str, seat: int, human: int | None = None, role: str = "seat",
              names: Sequence[str] | None = None, **values: Any) -> str:
    """The text ``key`` whose subject is ``seat`` (its ``{seat}``, or ``{role}``), with the verb
    in the player's own form when that seat is the player's: the key's ``_you`` twin (``You
    call pon`` / ``Left calls pon``). ``names``: the seats' names (the opponents' own; else
    their places, or at a shared table the viewer's names). Other placeholders come from
    ``values``."""
    v = viewer.get()
    mine = (seat - human) % players() == 0 if human is not None else seat == v.seat
    if mine and _texts().has(f"{key}_you"):
        key = f"{key}_you"
    name = names[seat] if names is not None else seat_name(seat, human)
    return t(key, **{role: name}, **values)


def tsumo_price(tsumo_dealer: int, tsumo_other: int) -> str:
    """What a tsumo costs: ``1300 all`` for a dealer's (every other seat pays the same, and
    ``tsumo_dealer`` is 0), else what each non-dealer and the dealer pay, ``700/1300``."""
    if not tsumo_dealer:
        return t("advice.all", n=tsumo_other)
    return f"{tsumo_other}/{tsumo_dealer}"


def round_label(round_index: int) -> str:
    """``East 1`` … ``West 4`` (in the current language) for a round index (0 = East 1)."""
    return t("table.round", wind=t(f"wind.{WIND_KEYS[round_index // 4 % 4]}"),
             number=round_index % 4 + 1)


def action_text(action: Any) -> str:
    """An engine action (or its ``to_dict()``) in the current language: ``discard 5m``,
    ``pon 5m with 5m+5m``, ``pass``… (the review's and the drills' option tables). Tiles are
    named as the text tiles show them (``Rd``, ``0m`` for a red five; honours 东…中 in
    Chinese); an action of another kind keeps its engine text."""
    from app.glyphs import glyph_set
    from engine.actions import (
        Chi,
        Discard,
        Kan,
        Nuki,
        Pass,
        Pon,
        Riichi,
        Ron,
        Tsumo,
        action_from_dict,
    )
    from engine.tiles import tile_name as plain

    faces = glyph_set("text", _current.lang).faces

    def tile_name(tile: int) -> str:
        return faces[tile >> 2].strip() if tile >> 2 >= 27 else plain(tile)

    if isinstance(action, dict):
        try:
            action = action_from_dict(action)
        except (ValueError, KeyError, TypeError):
            return str(action.get("type", "?"))

    def names(tiles: Sequence[int]) -> str:
        return "+".join(tile_name(x) for x in tiles)

    if isinstance(action, Riichi):
        return t("act.open_riichi" if action.open else "act.riichi", tile=tile_name(action.tile))
    if isinstance(action, Discard):
        return t("act.discard", tile=tile_name(action.tile))
    if isinstance(action, (Chi, Pon)):
        return t(f"act.{type(action).__name__.lower()}", called=tile_name(action.called),
                 tiles=names(action.tiles))
    if isinstance(action, Kan):
        if action.called is not None:
            return t("act.kan", called=tile_name(action.called), tiles=names(action.tiles))
        return t(f"act.{action.kind.value}", tiles=names(action.tiles))
    for kind, key in ((Pass, "pass"), (Ron, "ron"), (Tsumo, "tsumo"), (Nuki, "nuki")):
        if isinstance(action, kind):
            return t(f"act.{key}")
    return str(action)
