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
    _COMBINED,
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
    groups = _group_ids(counts, _SPARE_SUIT_ID, _SPARE_HONOR_ID, 1) if spares \
        else _group_ids(counts)
    n = sum(b)
    seven = closed and sets == 4 and n - 1 >= 13
    if seven:  # chiitoitsu and kokushi less one tile follow from the counts of the kinds held
        zeros = b.count(0)
        singles = b.count(1)
        yao = _yaochuu_counts(b)
        yao_zeros = yao.count(0)
        yao_pairs = 13 - yao_zeros - yao.count(1)
    row = 5 + sets
    tables = _TABLES
    comb = _COMBINED
    less: list[tuple[int, ...] | None] = [None] * 4
    rest = [-1] * 4
    out = []
    for k in kinds:
        held = b[k]
        if not held:
            raise InvalidHand(f"no tile of kind {k} to discard from {_describe(counts)}")
        g = k // 9 if k < 27 else 3
        ids = less[g]
        if ids is None:
            lo = 9 * g
            ids = less[g] = _less_one(b[lo:lo + 9 if g < 3 else 34], model, g == 3)
            others = [groups[x] for x in range(4) if x != g]
            rest[g] = _combine(_combine(others[0], others[1]), others[2])
        a = ids[k - 9 * g]
        r = rest[g]
        full = comb.get(a << 20 | r if a <= r else r << 20 | a)  # _combine, inlined
        if full is None:
            full = _combine(a, r)
        best = tables[full][row] - 1
        if seven:
            # chiitoitsu: pairs = kinds held twice or more; a single gone is a kind gone
            z = zeros + (held == 1)
            s1 = singles - (held == 1) + (held == 2)
            pairs = 34 - z - s1
            c = -1 if pairs >= 7 else 13 - 2 * pairs - min(s1, 7 - pairs)
            if c < best:
                best = c
            if k in _YAOCHUU_KINDS:
                c = yao_zeros + (held == 1) - (1 if yao_pairs - (held == 2) else 0)
            else:
                c = yao_zeros - (1 if yao_pairs else 0)
            if c < best:
                best = c
        out.append(best)
    return out


__all__ = ["shanten_after_discards"]
