"""Shanten after each discard of a full hand, for the price of one suit's lookup a discard.

A player ranking its discards asks :mod:`engine.hand.shanten` the same question once per kind
held, and each answer reads all four groups of the hand although a discard changes one. Here the
group losing the tile is read from a memo of its pattern (its tables less one tile at each rank)
and the other three are combined once per group: min-plus convolution is associative and
commutative and tables are interned by value, so the order of combining changes no number.
Chiitoitsu and kokushi less one tile follow from the counts of the kinds held.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.hand.shanten import (
    _SPARE_HONOR_ID,
    _SPARE_SUIT_ID,
    _TABLES,
    _YAOCHUU,
    InvalidHand,
    Pattern,
    _check_sets,
    _combine,
    _describe,
    _group_ids,
    _honor_id,
    _packed,
    _suit_id,
    _yaochuu_counts,
)

_YAOCHUU_KINDS = frozenset(_YAOCHUU)


def _less_one(h: Pattern, model: int, honours: bool) -> tuple[int, ...]:
    """Per rank of a group's pattern, the table id of the pattern less one tile there (-1 where
    the rank is empty), memoised per pattern."""
    memo = _LESS_ONE[model][honours]
    ids = memo.get(h)
    if ids is None:
        group = _honor_id if honours else _suit_id
        out = []
        for r, n in enumerate(h):
            if n:
                part = bytearray(h)
                part[r] -= 1
                out.append(group(bytes(part), model))
            else:
                out.append(-1)
        ids = memo[h] = tuple(out)
    return ids


#: per model, per suits (0) or honours (1): pattern -> ``_less_one`` (finite: one per pattern)
_LESS_ONE: tuple[tuple[dict[Pattern, tuple[int, ...]], ...], ...] = (({}, {}), ({}, {}))


#: (group, its pattern, the hand's four table ids, table row, model) -> per rank of the group,
#: the regular shanten + 1 of the hand less one tile there: hands differ more often than their
#: groups, and the other three groups often recur with the same combined table. Cleared when
#: full (the values are computed again alike: only the time changes).
_AFTER: dict[tuple[int, Pattern, tuple[int, int, int, int], int, int], bytes] = {}
_AFTER_MAX = 1 << 17


def _group_after(g: int, h: Pattern, groups: tuple[int, int, int, int], row: int,
                 model: int) -> bytes:
    """The ``_AFTER`` entry of group ``g`` (pattern ``h``) of a hand of table ids ``groups``."""
    ids = _less_one(h, model, g == 3)
    others = [groups[x] for x in range(4) if x != g]
    rest = _combine(_combine(others[0], others[1]), others[2])
    out = bytes(_TABLES[_combine(a, rest)][row] if a >= 0 else 0 for a in ids)
    if len(_AFTER) >= _AFTER_MAX:
        _AFTER.clear()
    _AFTER[g, h, groups, row, model] = out
    return out


def _seven_after(b: Pattern) -> list[int]:
    """The better of chiitoitsu and kokushi less one tile of a kind, at ``4 * (the kind is a
    terminal or honour) + copies held capped at 3``: they depend on nothing else."""
    zeros = b.count(0)
    singles = b.count(1)
    yao = _yaochuu_counts(b)
    yao_zeros = yao.count(0)
    yao_pairs = 13 - yao_zeros - yao.count(1)
    out = [99] * 8
    for held in (1, 2, 3):
        # chiitoitsu: pairs = kinds held twice or more; a single gone is a kind gone
        z = zeros + (held == 1)
        s1 = singles - (held == 1) + (held == 2)
        pairs = 34 - z - s1
        chiitoi = -1 if pairs >= 7 else 13 - 2 * pairs - min(s1, 7 - pairs)
        kokushi = yao_zeros + (held == 1) - (1 if yao_pairs - (held == 2) else 0)
        out[4 + held] = min(chiitoi, kokushi)
        out[held] = min(chiitoi, yao_zeros - (1 if yao_pairs else 0))
    return out


def shanten_after_discards(counts: Sequence[int], kinds: Sequence[int], sets: int, *,
                           spares: bool = False, closed: bool = False) -> list[int]:
    """Per kind of ``kinds`` (each held), the shanten of ``counts`` less one tile of it, with
    ``sets`` still to make: the regular form (``spares`` as :func:`shanten_regular`), and with
    ``closed`` and ``sets`` 4 also chiitoitsu and kokushi for 13 tiles or more. The same
    numbers as asking ``engine.hand.shanten.shanten_regular`` (and the other two) once per
    discard (see the module text).

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> c = kinds_to_counts(parse_kinds("123456789m11p122z"))  # 1z out: shanpon 1p or 2z
    >>> shanten_after_discards(c, [0, 27, 28], 4)
    [1, 0, 1]
    """
    _check_sets(counts, sets)
    b = _packed(counts)
    model = 1 if spares else 0
    groups = _group_ids(b, _SPARE_SUIT_ID, _SPARE_HONOR_ID, 1) if spares else _group_ids(b)
    floor = 99  # chiitoitsu and kokushi cannot beat a regular count at or under this
    if closed and sets == 4 and sum(b) >= 14:
        # less one tile, the pairs do not grow nor the terminal and honour kinds missing shrink
        floor = min(6 - (34 - b.count(0) - b.count(1)), _yaochuu_counts(b).count(0) - 1)
    seven: list[int] | None = None
    row = 5 + sets
    memo = _AFTER
    after: list[bytes | None] = [None, None, None, None]
    out = []
    for k in kinds:
        held = b[k]
        if not held:
            raise InvalidHand(f"no tile of kind {k} to discard from {_describe(counts)}")
        g = k // 9 if k < 27 else 3
        lo = 9 * g
        v = after[g]
        if v is None:
            h = b[lo:lo + 9 if g < 3 else 34]
            v = memo.get((g, h, groups, row, model))
            if v is None:
                v = _group_after(g, h, groups, row, model)
            after[g] = v
        best = v[k - lo] - 1
        if best > floor:
            if seven is None:
                seven = _seven_after(b)
            c = seven[4 * (k in _YAOCHUU_KINDS) + (held if held < 3 else 3)]
            if c < best:
                best = c
        out.append(best)
    return out


__all__ = ["shanten_after_discards"]
