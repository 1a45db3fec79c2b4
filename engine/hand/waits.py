"""Waits and ukeire: which tiles complete a hand, and which tiles bring it closer.

All functions take a 34-count list or tuple of the concealed tiles (melds implied by the count,
as in :mod:`engine.hand.shanten`).

>>> from engine.tiles import parse_kinds, kinds_to_counts, format_kinds
>>> format_kinds(waits(kinds_to_counts(parse_kinds("1112345678999m"))))  # chuuren
'123456789m'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter

from engine.hand.masks import SHIFT, SUIT_OF, mask_kinds, wait_mask
from engine.hand.shanten import (
    _COMBINED,
    _EMPTY,
    _SPARE_EMPTY,
    _TABLES,
    InvalidHand,
    Pattern,
    _check_sets,
    _chiitoitsu,
    _combine,
    _full_id,
    _group_ids,
    _honor_id,
    _kokushi,
    _packed,
    _shanten,
    _size,
    _spare_group_ids,
    _suit_id,
    hand_size,
)

__all__ = ["Ukeire", "waits", "is_tenpai", "ukeire", "ukeire_table", "accepting"]

_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_YAOCHUU_SET = frozenset(_YAOCHUU)
_yaochuu_counts = itemgetter(*_YAOCHUU)


@dataclass(frozen=True, slots=True)
class Ukeire:
    """What a 3n+1 hand accepts: its shanten, the kinds that lower it (sorted), and how many
    copies of them the seat has not seen."""

    shanten: int
    kinds: tuple[int, ...]
    count: int


def waits(counts: Sequence[int]) -> tuple[int, ...]:
    """Tile kinds that complete a 3n+1 hand, in any shape (regular; chiitoitsu and kokushi for 13
    tiles), sorted.

    Kinds of which the hand itself holds all four copies are INCLUDED (a "fifth copy" wait): the
    hand has the shape, and the table decides what that means (karaten). :func:`is_tenpai` and
    :func:`ukeire` leave them out.

    >>> from engine.tiles import parse_kinds, kinds_to_counts, format_kinds
    >>> format_kinds(waits(kinds_to_counts(parse_kinds("1112m"))))
    '23m'
    >>> format_kinds(waits(kinds_to_counts(parse_kinds("1111m234567789p"))))
    '1m'
    """
    n = hand_size(counts)
    if n % 3 != 1:
        raise InvalidHand(f"waits are asked of a 3n+1 hand, this one has {n} tiles")
    # the per-suit wait tables of engine.hand.masks, keyed by packed suit counts
    keys = [0, 0, 0, 0]
    sizes = [0, 0, 0, 0]
    for kind, c in enumerate(counts):
        if c:
            suit = SUIT_OF[kind]
            keys[suit] += c << SHIFT[kind]
            sizes[suit] += c
    return mask_kinds(wait_mask(keys, sizes, list(counts), n == 13))


def is_tenpai(counts: Sequence[int]) -> bool:
    """Whether a 3n+1 hand is tenpai: one more tile completes it, and that tile is not a fifth
    copy (a hand whose only wait is a kind it holds all four of is not tenpai; its shanten is 1).

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> is_tenpai(kinds_to_counts(parse_kinds("123m456p789s1122z")))
    True
    >>> is_tenpai(kinds_to_counts(parse_kinds("1111m234567789p")))
    False
    """
    n = _size(counts)
    if n % 3 != 1:
        raise InvalidHand(f"tenpai is asked of a 3n+1 hand, this one has {n} tiles")
    return _shanten(counts, n) == 0


# --- ukeire --------------------------------------------------------------------------------------


def _unseen(counts: Sequence[int], visible: Sequence[int] | None) -> list[int]:
    if visible is None:
        return [4 - c for c in counts]
    if len(visible) != 34:
        raise InvalidHand(f"visible is 34 counts, got {len(visible)}")
    out = []
    for k in range(34):
        v = visible[k]
        left = 4 - counts[k] - v
        if v < 0 or left < 0:
            raise InvalidHand(
                f"visible has {v} of kind {k} beside {counts[k]} in hand: more than 4 copies"
            )
        out.append(left)
    return out


# group pattern -> table ids after each draw, per model (0: exact, 1: spares); finite by
# construction, like the suit memos
_PLUS: tuple[dict[Pattern, tuple[int, ...]], dict[Pattern, tuple[int, ...]]] = ({}, {})


def _plus_ids(pattern: Pattern, model: int = 0) -> tuple[int, ...]:
    """Table ids of a group pattern (9 ranks of a suit, or the 7 honours) after drawing each of its
    kinds; -1 where the hand already holds four (memoised)."""
    memo = _PLUS[model]
    out = memo.get(pattern)
    if out is None:
        table_id = _suit_id if len(pattern) == 9 else _honor_id
        ids = []
        h = list(pattern)
        for r, c in enumerate(pattern):
            if c >= 4:
                ids.append(-1)
                continue
            h[r] = c + 1
            ids.append(table_id(bytes(h), model))
            h[r] = c
        out = memo[pattern] = tuple(ids)
    return out


def _accepting(
    counts: Sequence[int], sets: int, s0: int, specials: bool, model: int = 0
) -> list[int]:
    """Kinds whose draw (a copy the hand does not already hold four of) lowers the shanten of
    ``counts`` from ``s0``, ``sets`` melds still to make; ``specials``: chiitoitsu and kokushi
    count (a closed hand of 13 tiles)."""
    packed = _packed(counts)
    patterns = (packed[0:9], packed[9:18], packed[18:27], packed[27:34])
    ids = _spare_group_ids(counts) if model else _group_ids(counts)
    need = 5 + sets
    tables = _TABLES
    combined = _COMBINED
    out = []
    # a draw lowers chiitoitsu or kokushi shanten by at most one: only a form already at s0 can
    # bring the hand below it
    chiitoi = specials and _chiitoitsu(counts) <= s0
    kokushi = specials and _kokushi(counts) <= s0
    pairs = singles = yao_kinds = yao_pair = 0
    if chiitoi:
        singles = counts.count(1)
        pairs = 34 - counts.count(0) - singles
    if kokushi:
        yao = _yaochuu_counts(counts)
        yao_kinds = 13 - yao.count(0)
        yao_pair = 1 if yao_kinds - yao.count(1) else 0
    empty = _SPARE_EMPTY if model else _EMPTY
    for g in range(4):
        rest = empty
        for i in range(4):
            if i != g:
                rest = _combine(rest, ids[i])
        base = g * 9
        for r, gid in enumerate(_plus_ids(patterns[g], model)):
            if gid < 0:
                continue
            a, b = (rest, gid) if rest <= gid else (gid, rest)
            cid = combined.get(a << 20 | b)
            if cid is None:
                cid = _combine(a, b)
            if tables[cid][need] - 1 < s0:
                out.append(base + r)
                continue
            kind = base + r
            c = counts[kind]
            if chiitoi:
                p2 = pairs + (c == 1)
                s2 = singles + (c == 0) - (c == 1)
                if (-1 if p2 >= 7 else 13 - 2 * p2 - min(s2, 7 - p2)) < s0:
                    out.append(kind)
                    continue
            if kokushi and kind in _YAOCHUU_SET:
                if 13 - yao_kinds - (c == 0) - (1 if (yao_pair or c) else 0) < s0:
                    out.append(kind)
    return out


def accepting(
    counts: Sequence[int], sets: int, closed: bool = False, spares: bool = False
) -> tuple[int, tuple[int, ...]]:
    """(shanten, the kinds whose draw lowers it) of any part of a hand with ``sets`` melds still
    to make; chiitoitsu and kokushi count when ``closed`` and ``sets`` is 4 with 13 tiles or more;
    ``spares`` as in :func:`engine.hand.shanten.shanten_regular`. Unlike :func:`ukeire` the tile
    count is not checked (the AI asks this of hands with tiles taken out).

    >>> from engine.tiles import parse_kinds, kinds_to_counts, format_kinds
    >>> s, kinds = accepting(kinds_to_counts(parse_kinds("2355m")), 4, spares=True)
    >>> s, format_kinds(kinds)
    (6, '145m')
    """
    _check_sets(counts, sets)
    model = 1 if spares else 0
    ids = _spare_group_ids(counts) if model else _group_ids(counts)
    s0 = _TABLES[_full_id(*ids)][5 + sets] - 1
    specials = closed and sets == 4 and sum(counts) >= 13
    if specials:
        s0 = min(s0, _chiitoitsu(counts), _kokushi(counts))
    return s0, tuple(_accepting(counts, sets, s0, specials, model))


def ukeire(counts: Sequence[int], visible: Sequence[int] | None = None) -> Ukeire:
    """Ukeire of a 3n+1 hand: the kinds whose draw lowers its shanten, and their unseen copies,
    counted as ``4 - own - visible[k]`` (``visible``: 34-counts of every other tile the seat can
    see — rivers, open melds, dora indicators; ``None`` = only its own hand). A kind with no copy
    left still appears in ``kinds`` (it adds 0 to ``count``); a kind the hand holds all four of
    does not (it cannot be drawn).

    >>> from engine.tiles import parse_kinds, kinds_to_counts, format_kinds
    >>> u = ukeire(kinds_to_counts(parse_kinds("123m456p789s1122z")))
    >>> u.shanten, format_kinds(u.kinds), u.count
    (0, '12z', 4)
    """
    n = hand_size(counts)
    if n % 3 != 1:
        raise InvalidHand(f"ukeire is asked of a 3n+1 hand, this one has {n} tiles")
    unseen = _unseen(counts, visible)
    s0 = _shanten(counts, n)
    kinds = _accepting(list(counts), (n + 1) // 3, s0, n == 13)
    return Ukeire(s0, tuple(kinds), sum(unseen[k] for k in kinds))


def ukeire_table(counts: Sequence[int], visible: Sequence[int] | None = None) -> dict[int, Ukeire]:
    """For a 3n+2 hand, the :class:`Ukeire` of the hand after each distinct discard kind.

    The discarded tile stays seen: copies are counted against the whole 3n+2 hand, so entry ``d``
    equals ``ukeire(hand - d, visible + d)``.

    >>> from engine.tiles import parse_kinds, kinds_to_counts, format_kinds
    >>> t = ukeire_table(kinds_to_counts(parse_kinds("123m456p789s11223z")))
    >>> t[parse_kinds("3z")[0]]
    Ukeire(shanten=0, kinds=(27, 28), count=4)
    """
    n = hand_size(counts)
    if n % 3 != 2:
        raise InvalidHand(f"an ukeire table is asked of a 3n+2 hand, this one has {n} tiles")
    unseen = _unseen(counts, visible)
    hand = list(counts)
    out = {}
    for d in range(34):
        if not hand[d]:
            continue
        hand[d] -= 1
        s0 = _shanten(hand, n - 1)
        kinds = _accepting(hand, n // 3, s0, n == 14)
        hand[d] += 1
        out[d] = Ukeire(s0, tuple(kinds), sum(unseen[k] for k in kinds))
    return out
