"""Melds (open and closed calls, rules C1-C3) and their notation.

Notation: ``pon:555z``, ``chi:406m`` (0 = red five), ``kan:1111m`` (open kan), ``ankan:7777s``,
``kakan:2222p``. Optionally ``@N`` names the seat the tile came from relative to the caller
(1 shimocha, 2 toimen, 3 kamicha; default: kamicha for chi, toimen for the others) and the first
tile written is the called one.

>>> m = parse_meld("chi:406m")
>>> m.kind.name, format_meld(m)
('CHI', 'chi:406m')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.errors import InvalidNotation
from engine.tiles import DEFAULT_REDS, Reds, TilePool, format_tiles


class MeldKind(enum.Enum):
    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "kan"  # open kan on a discard
    KAKAN = "kakan"  # a tile added to one's own pon
    ANKAN = "ankan"  # closed kan; the hand stays closed


KANS = frozenset({MeldKind.DAIMINKAN, MeldKind.KAKAN, MeldKind.ANKAN})


@dataclass(frozen=True, slots=True)
class Meld:
    """A called set. ``tiles`` are physical tiles sorted; ``called`` is the tile taken from
    another seat (for kakan: the tile of the original pon; ``None`` for ankan); ``added`` is the
    tile added by kakan; ``source`` is the giver relative to the caller (1 shimocha, 2 toimen,
    3 kamicha; 0 for ankan)."""

    kind: MeldKind
    tiles: tuple[int, ...]
    called: int | None = None
    source: int = 0
    added: int | None = None

    @property
    def kind34(self) -> int:
        """The kind of the lowest tile (the meld's base)."""
        return self.tiles[0] >> 2

    @property
    def opened(self) -> bool:
        """Whether the meld breaks menzen (everything but ankan, C7)."""
        return self.kind is not MeldKind.ANKAN

    @property
    def is_kan(self) -> bool:
        return self.kind in KANS

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(t >> 2 for t in self.tiles)


def _check_shape(kind: MeldKind, tiles: list[int], text: str) -> None:
    kinds = sorted(t >> 2 for t in tiles)
    want = 3 if kind in (MeldKind.CHI, MeldKind.PON) else 4
    if len(tiles) != want:
        raise InvalidNotation(f"{text!r}: a {kind.value} has {want} tiles, not {len(tiles)}")
    if kind is MeldKind.CHI:
        k0 = kinds[0]
        if k0 >= 27 or kinds != [k0, k0 + 1, k0 + 2] or k0 // 9 != (k0 + 2) // 9:
            raise InvalidNotation(f"{text!r}: a chi must be three consecutive tiles of one suit")
    elif len(set(kinds)) != 1:
        raise InvalidNotation(f"{text!r}: a {kind.value} must be {want} of the same tile")


def parse_meld(text: str, reds: Reds = DEFAULT_REDS, pool: TilePool | None = None) -> Meld:
    """Read ``pon:555z`` and the like; ``pool`` keeps copies distinct across a whole hand."""
    if not isinstance(text, str) or ":" not in text:
        raise InvalidNotation(
            f"{text!r}: a meld is KIND:TILES with KIND one of chi, pon, kan, ankan, kakan"
        )
    head, _, body = text.strip().partition(":")
    try:
        kind = MeldKind(head.strip().lower())
    except ValueError:
        raise InvalidNotation(
            f"{text!r}: unknown meld kind {head!r} (chi, pon, kan, ankan, kakan)"
        ) from None
    body, at, src = body.partition("@")
    pool = pool if pool is not None else TilePool(reds)
    tiles = pool.parse(body)
    _check_shape(kind, tiles, text)
    if at:
        if src.strip() not in ("1", "2", "3"):
            raise InvalidNotation(f"{text!r}: the source after @ is 1, 2 or 3")
        source = int(src)
    else:
        source = 3 if kind is MeldKind.CHI else 2
    if kind is MeldKind.CHI and source != 3:
        raise InvalidNotation(f"{text!r}: chi is only called from the player on the left (@3)")
    if kind is MeldKind.ANKAN:
        return Meld(kind, tuple(sorted(tiles)), None, 0)
    if kind is MeldKind.KAKAN:
        return Meld(kind, tuple(sorted(tiles)), tiles[0], source, added=tiles[-1])
    return Meld(kind, tuple(sorted(tiles)), tiles[0], source)


def format_meld(meld: Meld, reds: Reds = DEFAULT_REDS) -> str:
    """Inverse of ``parse_meld`` (without the source)."""
    return f"{meld.kind.value}:{format_tiles(meld.tiles, reds)}"
