"""Waits and ukeire: which tiles complete a hand, and which tiles bring it closer.

All functions take a 34-count list or tuple of the concealed tiles (melds implied by the count,
as in :mod:`engine.shanten`).

>>> from engine.tiles import parse_kinds, kinds_to_counts, format_kinds
>>> format_kinds(waits(kinds_to_counts(parse_kinds("1112345678999m"))))  # chuuren
'123456789m'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.shanten import (
    _EMPTY,
    _TABLES,
    InvalidHand,
    _chiitoitsu,
    _combine,
    _full_id,
    _group_ids,
    _honor_id,
    _kokushi,
    _suit_id,
    hand_size,
)

__all__ = ["Ukeire", "waits", "is_tenpai", "ukeire", "ukeire_table"]

_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass(frozen=True, slots=True)
class Ukeire:
    """What a 3n+1 hand accepts: its shanten, the kinds that lower it (sorted), and how many
    copies of them the seat has not seen."""

    shanten: int
    kinds: tuple[int, ...]
    count: int


# --- complete shapes (five copies allowed: waits() reports kinds the hand holds all of) ----------

_SHAPE: dict[tuple[int, ...], int] = {}  # suit pattern -> bit 1: melds only, bit 2: melds + pair


def _suit_shape(h: tuple[int, ...]) -> int:
    flags = _SHAPE.get(h)
    if flags is None:
        flags = (1 if _decomposes(list(h), False) else 0) | (2 if _decomposes(list(h), True) else 0)
        _SHAPE[h] = flags
    return flags


def _decomposes(h: list[int], pair: bool) -> bool:
    """Whether ranks ``h`` split exactly into melds (and one pair when ``pair``)."""
    if pair:
        if sum(h) % 3 != 2:
            return False
        for r in range(len(h)):
            if h[r] >= 2:
                h[r] -= 2
                ok = _decomposes(h, False)
                h[r] += 2
                if ok:
                    return True
        return False
    if sum(h) % 3:
        return False
    h = h[:]
    for r in range(len(h)):
        c = h[r]
        if c >= 3:
            c -= 3
        if c:
            if r + 2 >= len(h) or h[r + 1] < c or h[r + 2] < c:
                return False
            h[r + 1] -= c
            h[r + 2] -= c
    return True


def _honor_shape(h: Sequence[int]) -> int:
    pairs = 0
    for c in h:
        if c == 1 or c == 4 or c == 5:
            return 0
        if c == 2:
            pairs += 1
    if pairs == 0:
        return 1
    return 2 if pairs == 1 else 0


def _complete_after(counts: Sequence[int], kind: int) -> bool:
    """Whether ``counts`` + ``kind`` is a complete shape (a fifth copy allowed)."""
    groups = []
    for g in range(3):
        h = list(counts[g * 9 : g * 9 + 9])
        if kind // 9 == g:
            h[kind % 9] += 1
        groups.append(_suit_shape(tuple(h)))
    hz = list(counts[27:34])
    if kind >= 27:
        hz[kind - 27] += 1
    groups.append(_honor_shape(hz))
    pair_groups = 0
    for flags in groups:
        if flags & 1:
            continue
        if flags & 2:
            pair_groups += 1
        else:
            return False
    return pair_groups == 1


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
    out = set()
    for kind in range(34):
        if kind < 27:
            r = kind % 9
            if not (
                counts[kind]
                or (r > 0 and counts[kind - 1])
                or (r > 1 and counts[kind - 2])
                or (r < 8 and counts[kind + 1])
                or (r < 7 and counts[kind + 2])
            ):
                continue
        elif not counts[kind]:
            continue
        if _complete_after(counts, kind):
            out.add(kind)
    if n == 13:
        pairs = sum(1 for c in counts if c == 2)
        singles = [k for k in range(34) if counts[k] == 1]
        if pairs == 6 and len(singles) == 1:
            out.add(singles[0])
        present = [k for k in _YAOCHUU if counts[k]]
        if sum(counts[k] for k in _YAOCHUU) == 13:
            if len(present) == 13:
                out.update(_YAOCHUU)
            elif len(present) == 12:
                out.update(k for k in _YAOCHUU if not counts[k])
    return tuple(sorted(out))


def is_tenpai(counts: Sequence[int]) -> bool:
    """Whether a 3n+1 hand is tenpai: one more tile completes it, and that tile is not a fifth
    copy (a hand whose only wait is a kind it holds all four of is not tenpai; its shanten is 1).

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> is_tenpai(kinds_to_counts(parse_kinds("123m456p789s1122z")))
    True
    >>> is_tenpai(kinds_to_counts(parse_kinds("1111m234567789p")))
    False
    """
    n = hand_size(counts)
    if n % 3 != 1:
        raise InvalidHand(f"tenpai is asked of a 3n+1 hand, this one has {n} tiles")
    return _shanten(counts, n) == 0


# --- ukeire --------------------------------------------------------------------------------------


def _shanten(counts: Sequence[int], n: int) -> int:
    best = _TABLES[_full_id(*_group_ids(counts))][5 + n // 3] - 1
    if n >= 13 and best > 0:
        c = _chiitoitsu(counts)
        if c < best:
            best = c
        c = _kokushi(counts)
        if c < best:
            best = c
    return best


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


def _accepting(counts: list[int], n: int, s0: int) -> list[int]:
    """Kinds whose draw (a copy the hand does not already hold four of) lowers the shanten of a
    3n+1 hand ``counts`` from ``s0``. ``counts`` is modified and restored."""
    ids = list(_group_ids(counts))
    need = 5 + (n + 1) // 3
    tables = _TABLES
    out = []
    closed = n == 13
    if closed:
        pairs = kinds = 0
        for c in counts:
            if c:
                kinds += 1
                if c >= 2:
                    pairs += 1
        yao_kinds = 0
        yao_pair = 0
        for k in _YAOCHUU:
            c = counts[k]
            if c:
                yao_kinds += 1
                if c >= 2:
                    yao_pair = 1
    for g in range(4):
        lo = g * 9
        hi = lo + 9 if g < 3 else 34
        saved = ids[g]
        rest = _full_rest(ids, g)
        for kind in range(lo, hi):
            c = counts[kind]
            if c >= 4:
                continue
            counts[kind] = c + 1
            ids[g] = _suit_id(tuple(counts[lo:hi])) if g < 3 else _honor_id(tuple(counts[27:34]))
            counts[kind] = c
            s = tables[_combine(rest, ids[g])][need] - 1
            if closed and s >= s0:
                # chiitoitsu and kokushi after the draw, updated from the counts before it
                p2 = pairs + (c == 1)
                k2 = kinds + (c == 0)
                chi = -1 if p2 >= 7 else 13 - 2 * p2 - min(k2 - p2, 7 - p2)
                if chi < s:
                    s = chi
                if kind in _YAOCHUU:
                    ko = 13 - yao_kinds - (c == 0) - (1 if (yao_pair or c == 1) else 0)
                else:
                    ko = 13 - yao_kinds - yao_pair
                if ko < s:
                    s = ko
            if s < s0:
                out.append(kind)
        ids[g] = saved
    return out


def _full_rest(ids: list[int], g: int) -> int:
    """Id of the combined table of every group but ``g``."""
    acc = _EMPTY
    for i in range(4):
        if i != g:
            acc = _combine(acc, ids[i])
    return acc


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
    kinds = _accepting(list(counts), n, s0)
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
        kinds = _accepting(hand, n - 1, s0)
        hand[d] += 1
        out[d] = Ukeire(s0, tuple(kinds), sum(unseen[k] for k in kinds))
    return out
