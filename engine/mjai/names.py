"""mjai tile names (mjai.app, libriichi) and the ruleset an mjai game is played under.

mjai tiles are ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``E S W N`` and ``P F C`` (haku, hatsu,
chun), red fives ``5mr 5pr 5sr``, ``?`` for a tile the seat may not see.

>>> mjai_tile(16), mjai_tile(17), mjai_tile(108), mjai_tile(124)
('5mr', '5m', 'E', 'P')
>>> parse_mjai_tile("5pr"), parse_mjai_tile("C")
((13, True), (33, False))
"""

from __future__ import annotations

from typing import Any

from engine.errors import InvalidNotation, RulesError
from engine.rules import TENHOU, RuleSet
from engine.tiles import DEFAULT_REDS, FIVES, Reds, TilePool, is_red

HONOR_LETTERS = ("E", "S", "W", "N", "P", "F", "C")
_SUITS = "mps"
_BAKAZE = {"E": 27, "S": 28, "W": 29, "N": 30}


class MjaiError(RulesError):
    """An mjai event or action that cannot be understood or does not fit the game so far."""


# ---------------------------------------------------------------------------- tile names
def mjai_kind(kind: int, red: bool = False) -> str:
    """``'5m'``, ``'5mr'``, ``'E'``, ``'C'``."""
    if not 0 <= kind < 34:
        raise InvalidNotation(f"tile kind {kind} is not between 0 and 33")
    if kind >= 27:
        return HONOR_LETTERS[kind - 27]
    return f"{kind % 9 + 1}{_SUITS[kind // 9]}{'r' if red else ''}"


def mjai_tile(tile: int, reds: Reds = DEFAULT_REDS) -> str:
    """The mjai name of a physical tile (0-135)."""
    if not 0 <= tile < 136:
        raise InvalidNotation(f"tile {tile} is not between 0 and 135")
    return mjai_kind(tile >> 2, is_red(tile, reds))


_NAMES: dict[str, tuple[int, bool]] = {}
for _k in range(34):
    _NAMES[mjai_kind(_k)] = (_k, False)
    if _k in FIVES:
        _NAMES[mjai_kind(_k, True)] = (_k, True)


def parse_mjai_tile(name: object) -> tuple[int, bool]:
    """``(kind, red)`` of an mjai tile name; ``?`` and anything else raise ``InvalidNotation``."""
    try:
        return _NAMES[name]  # type: ignore[index]
    except (KeyError, TypeError):
        raise InvalidNotation(f"{name!r} is no mjai tile (1m-9m, 1p-9p, 1s-9s, E S W N P F C, "
                              "5mr 5pr 5sr)") from None


class TileIds:
    """Gives each mjai tile name a physical tile, never the same copy twice in a round (red
    names get red copies); when a record shows more copies than exist the extra ones reuse a
    copy rather than fail."""

    def __init__(self, reds: Reds = DEFAULT_REDS) -> None:
        self.reds = reds
        self.pool = TilePool(reds)

    def take(self, name: object) -> int:
        kind, red = parse_mjai_tile(name)
        n_red = self.reds[kind // 9] if kind in FIVES else 0
        if red and n_red == 0:
            raise InvalidNotation(f"{name!r}: these rules have no red fives of that suit")
        try:
            return self.pool.take(kind, red)
        except InvalidNotation:  # every copy of this kind (and red-ness) is out: reuse one
            copies = range(n_red) if red else range(n_red, 4)
            return kind * 4 + copies[-1] if len(copies) else kind * 4


def rules_for(start_game: dict[str, Any] | None, base: RuleSet = TENHOU) -> RuleSet:
    """The ruleset an mjai game is played under: ``base`` with red fives off when the
    ``start_game`` event says ``aka_flag: false``."""
    if start_game and start_game.get("aka_flag") is False:
        return base.replace(red_fives=(0, 0, 0))
    return base


# ---------------------------------------------------------------------------- the tracker
