"""Tiles and the mpsz notation (rules T1, D1, D2).

A *tile kind* is an int 0-33; a physical *tile* is an int 0-135 with ``kind = tile // 4``. Which
copies of a five are red depends on the ruleset: with ``reds[suit] = n`` the copies ``0..n-1`` of
that suit's five are red (with one red per suit these are 16, 52 and 88, as on Tenhou).

>>> format_tiles(parse_tiles("123m0p55z"))
'123m0p55z'
>>> [kind_name(k) for k in parse_kinds("19m1z")]
['1m', '9m', '1z']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.errors import InvalidNotation

#: Red fives per suit (man, pin, sou); Tenhou's ranked rules use one of each.
Reds = tuple[int, int, int]
DEFAULT_REDS: Reds = (1, 1, 1)

MAN, PIN, SOU, HONOR = 0, 1, 2, 3
SUITS = "mpsz"

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
HAKU, HATSU, CHUN = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
FIVES = (4, 13, 22)

TERMINALS = (0, 8, 9, 17, 18, 26)
HONORS = tuple(range(27, 34))
YAOCHUU = TERMINALS + HONORS  # terminals and honours: kokushi, chanta, kyuushu

HONOR_NAMES = ("E", "S", "W", "N", "P", "F", "C")  # haku = P (paipan), hatsu = F, chun = C


def seat_wind(seat: int, dealer: int, seats: int = 4) -> int:
    """The wind tile kind of ``seat`` when ``dealer`` is East (seats counted counter-clockwise).

    >>> seat_wind(0, 0), seat_wind(0, 1), seat_wind(2, 0, seats=3)
    (27, 30, 29)
    """
    return EAST + (seat - dealer) % seats


def round_wind(round_index: int, seats: int = 4) -> int:
    """The round (prevailing) wind of ``round_index`` (0 = East 1; each wind lasts ``seats``
    rounds).

    >>> round_wind(0), round_wind(4), round_wind(3, seats=3)
    (27, 28, 28)
    """
    return EAST + (round_index // seats) % 4


def suit_of(kind: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honours."""
    return kind // 9


def number_of(kind: int) -> int:
    """1-9 for suited kinds, 1-7 for honours (E S W N haku hatsu chun)."""
    return kind % 9 + 1


def is_honor(kind: int) -> bool:
    return kind >= 27


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_yaochuu(kind: int) -> bool:
    """A terminal or an honour."""
    return kind >= 27 or kind % 9 in (0, 8)


def is_simple(kind: int) -> bool:
    """2-8 of a suit (tanyao tiles)."""
    return kind < 27 and 0 < kind % 9 < 8


def dora_of(indicator_kind: int, players: int = 4) -> int:
    """The dora shown by an indicator (D1): 1→2…9→1 per suit, E→S→W→N→E, haku→hatsu→chun→haku;
    with three players (P1, no 2m-8m) 1m→9m and 9m→1m.

    >>> dora_of(0), dora_of(0, players=3), dora_of(8, players=3)
    (1, 8, 0)
    """
    if players == 3 and indicator_kind == 0:
        return 8
    if indicator_kind < 27:
        return indicator_kind - 8 if indicator_kind % 9 == 8 else indicator_kind + 1
    if indicator_kind < 31:
        return EAST if indicator_kind == NORTH else indicator_kind + 1
    return HAKU if indicator_kind == CHUN else indicator_kind + 1


def is_red(tile: int, reds: Reds = DEFAULT_REDS) -> bool:
    """Whether a physical tile is a red five under ``reds`` (D2)."""
    kind = tile >> 2
    if kind not in FIVES:
        return False
    return (tile & 3) < reds[kind // 9]


def kind_name(kind: int) -> str:
    """``'5m'``, ``'1z'``…"""
    if not 0 <= kind < 34:
        raise InvalidNotation(f"tile kind {kind} is not between 0 and 33")
    return f"{number_of(kind)}{SUITS[suit_of(kind)]}"


def tile_name(tile: int, reds: Reds = DEFAULT_REDS) -> str:
    """``'0m'`` for a red five, else the kind's name."""
    if not 0 <= tile < 136:
        raise InvalidNotation(f"tile {tile} is not between 0 and 135")
    if is_red(tile, reds):
        return f"0{SUITS[(tile >> 2) // 9]}"
    return kind_name(tile >> 2)


def _split(text: str) -> list[tuple[int, str]]:
    """``'123m0p'`` → ``[(1,'m'),(2,'m'),(3,'m'),(0,'p')]``, checking the grammar."""
    if not isinstance(text, str):
        raise InvalidNotation(f"expected a tile string, got {type(text).__name__}")
    out: list[tuple[int, str]] = []
    digits: list[int] = []
    for ch in text.strip():
        if ch.isspace():
            continue
        if ch in "0123456789":
            digits.append(int(ch))
        elif ch in SUITS:
            if not digits:
                raise InvalidNotation(f"{text!r}: suit letter '{ch}' has no digits before it")
            for d in digits:
                if ch == "z" and not 1 <= d <= 7:
                    raise InvalidNotation(f"{text!r}: '{d}z' is no tile (honours are 1z-7z)")
                out.append((d, ch))
            digits = []
        else:
            raise InvalidNotation(
                f"{text!r}: unknown character {ch!r} (use digits and the suits m, p, s, z)"
            )
    if digits:
        raise InvalidNotation(f"{text!r}: digits {''.join(map(str, digits))} have no suit letter")
    return out


def parse_kinds(text: str) -> list[int]:
    """Tile kinds of an mpsz string, in order; ``0`` reads as a five."""
    kinds = []
    for digit, suit in _split(text):
        s = SUITS.index(suit)
        kinds.append(s * 9 + (4 if digit == 0 else digit - 1))
    return kinds


def parse_kind(text: str) -> int:
    """Exactly one tile kind, e.g. ``'5m'``."""
    kinds = parse_kinds(text)
    if len(kinds) != 1:
        raise InvalidNotation(f"{text!r}: expected one tile, got {len(kinds)}")
    return kinds[0]


class TilePool:
    """Hands out physical tiles for notation, so a hand and its melds never share a copy.

    ``0`` takes a red copy, a plain digit a non-red one; asking for a fifth copy, or for more
    reds than the ruleset has, raises ``InvalidNotation``.
    """

    def __init__(self, reds: Reds = DEFAULT_REDS, used: Iterable[int] = ()) -> None:
        self.reds = reds
        self.used = set(used)

    def take(self, kind: int, red: bool, context: str = "") -> int:
        where = f"{context!r}: " if context else ""
        if red:
            if kind not in FIVES:
                raise InvalidNotation(f"{where}only fives can be red")
            suit = kind // 9
            n_red = self.reds[suit]
            if n_red == 0:
                raise InvalidNotation(f"{where}these rules have no red 5{SUITS[suit]}")
            copies = range(0, n_red)
        else:
            n_red = self.reds[kind // 9] if kind in FIVES else 0
            copies = range(n_red, 4)
        for c in copies:
            tile = kind * 4 + c
            if tile not in self.used:
                self.used.add(tile)
                return tile
        name = kind_name(kind)
        if red:
            raise InvalidNotation(f"{where}more red {name} than the {len(copies)} these rules have")
        total = sum(1 for t in self.used if t >> 2 == kind)
        if total >= 4:
            raise InvalidNotation(f"{where}a fifth copy of {name}")
        raise InvalidNotation(
            f"{where}more plain {name} than the {len(copies)} that are not red under these rules"
        )

    def parse(self, text: str) -> list[int]:
        split = _split(text)
        wanted = [0] * 34
        for digit, suit in split:
            if suit != "z" or 1 <= digit <= 7:
                wanted[SUITS.index(suit) * 9 + (4 if digit == 0 else digit - 1)] += 1
        for t in self.used:
            wanted[t >> 2] += 1
        for kind, n in enumerate(wanted):
            if n > 4:
                raise InvalidNotation(f"{text!r}: a fifth copy of {kind_name(kind)}")
        tiles = []
        for digit, suit in split:
            s = SUITS.index(suit)
            if digit == 0 and suit == "z":
                raise InvalidNotation(f"{text!r}: '0z' is no tile")
            kind = s * 9 + (4 if digit == 0 else digit - 1)
            tiles.append(self.take(kind, digit == 0, text))
        return tiles


def parse_tiles(text: str, reds: Reds = DEFAULT_REDS) -> list[int]:
    """Physical tiles of an mpsz string, in the order written.

    >>> parse_tiles("0m5m")
    [16, 17]
    """
    return TilePool(reds).parse(text)


def format_kinds(kinds: Iterable[int]) -> str:
    """Compact mpsz for tile kinds, sorted: ``[0, 1, 2, 27]`` → ``'123m1z'``."""
    return _format(sorted((k, False) for k in kinds))


def format_tiles(tiles: Iterable[int], reds: Reds = DEFAULT_REDS, sort: bool = True) -> str:
    """Compact mpsz for physical tiles; a red five is written ``0``.

    Sorted by kind (a red five with the fives, written first) unless ``sort`` is false.
    """
    items = [(t >> 2, is_red(t, reds)) for t in tiles]
    if sort:
        items.sort(key=lambda kr: (kr[0], not kr[1]))
    return _format(items)


def _format(items: Sequence[tuple[int, bool]]) -> str:
    out = []
    run_suit = None
    for kind, red in items:
        suit = kind // 9
        if run_suit is not None and suit != run_suit:
            out.append(SUITS[run_suit])
        run_suit = suit
        out.append("0" if red else str(kind % 9 + 1))
    if run_suit is not None:
        out.append(SUITS[run_suit])
    return "".join(out)


def counts34(tiles: Iterable[int]) -> list[int]:
    """A 34-count array of physical tiles."""
    counts = [0] * 34
    for t in tiles:
        counts[t >> 2] += 1
    return counts


def kinds_to_counts(kinds: Iterable[int]) -> list[int]:
    """A 34-count array of tile kinds."""
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return counts


def all_tiles() -> range:
    """The 136 physical tiles (T1)."""
    return range(136)
