"""Tile efficiency for the AI: shanten with an explicit number of sets, ukeire over unseen copies,
and a second-level measure of shape quality.

The engine's ``engine.shanten`` answers for a whole hand; the AI also needs *restricted* shanten
(the hand with every tile that cannot serve a yaku route taken out, e.g. terminals for tanyao), where
the tile count no longer tells how many sets are still to be made. Hence ``shanten(counts, sets)``
here: per-suit pareto tables of (sets, partial sets, pair) cached by the suit's counts.

>>> from engine.tiles import parse_kinds, kinds_to_counts
>>> shanten(kinds_to_counts(parse_kinds("123456789m11p11z")))   # shanpon on 1p or 1z
0
>>> shanten(kinds_to_counts(parse_kinds("1133557799m113p")))  # chiitoitsu tenpai
0
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.scoring.decompose import is_complete

_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@lru_cache(maxsize=None)
def _suit_table(c: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Pareto-best (sets, partial sets, has pair) for one suit's 9 counts."""
    out: set[tuple[int, int, int]] = set()

    def rec(c: list[int], i: int, m: int, t: int, p: int) -> None:
        while i < 9 and c[i] == 0:
            i += 1
        if i == 9:
            out.add((m, t, p))
            return
        if c[i] >= 3:
            c[i] -= 3
            rec(c, i, m + 1, t, p)
            c[i] += 3
        if i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            rec(c, i, m + 1, t, p)
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
        if c[i] >= 2:
            c[i] -= 2
            if not p:
                rec(c, i, m, t, 1)
            rec(c, i, m, t + 1, p)
            c[i] += 2
        if i <= 7 and c[i + 1]:
            c[i] -= 1
            c[i + 1] -= 1
            rec(c, i, m, t + 1, p)
            c[i] += 1
            c[i + 1] += 1
        if i <= 6 and c[i + 2]:
            c[i] -= 1
            c[i + 2] -= 1
            rec(c, i, m, t + 1, p)
            c[i] += 1
            c[i + 2] += 1
        c[i] -= 1
        rec(c, i + 1, m, t, p)
        c[i] += 1

    rec(list(c), 0, 0, 0, 0)
    best = [x for x in out if not any(y != x and y[0] >= x[0] and y[0] + y[1] >= x[0] + x[1]
                                      and y[2] >= x[2] for y in out)]
    return tuple(sorted(best))


def _honor_table(c: Sequence[int]) -> tuple[tuple[int, int, int], ...]:
    m = sum(1 for n in c if n >= 3)
    pairs = sum(1 for n in c if n == 2)
    if pairs:
        return ((m, pairs, 0), (m, pairs - 1, 1))
    return ((m, 0, 0),)


@lru_cache(maxsize=1 << 18)
def _regular(key: tuple[int, ...], sets: int) -> int:
    tables = [_suit_table(key[0:9]), _suit_table(key[9:18]), _suit_table(key[18:27]),
              _honor_table(key[27:34])]
    best = 99
    for a in tables[0]:
        for b in tables[1]:
            mb, tb, pb = a[0] + b[0], a[1] + b[1], a[2] + b[2]
            if pb > 1:
                continue
            for c in tables[2]:
                mc, tc, pc = mb + c[0], tb + c[1], pb + c[2]
                if pc > 1:
                    continue
                for d in tables[3]:
                    m, t, p = mc + d[0], tc + d[1], pc + d[2]
                    if p > 1:
                        continue
                    if m > sets:
                        m, t = sets, 0
                    if m + t > sets:
                        t = sets - m
                    s = 2 * sets - 2 * m - t - p
                    if s < best:
                        best = s
    return best


def regular_shanten(counts: Sequence[int], sets: int | None = None) -> int:
    """Shanten of the sets-plus-pair shape; ``sets`` is how many sets are still to be made from
    these tiles (default: from the tile count, 4 minus the calls)."""
    if sets is None:
        sets = sum(counts) // 3
    return _regular(tuple(counts), sets)


def chiitoitsu_shanten(counts: Sequence[int]) -> int:
    pairs = sum(1 for n in counts if n >= 2)
    kinds = sum(1 for n in counts if n)
    return 6 - pairs + max(0, 7 - kinds)


def kokushi_shanten(counts: Sequence[int]) -> int:
    kinds = sum(1 for k in _YAOCHUU if counts[k])
    pair = any(counts[k] >= 2 for k in _YAOCHUU)
    return 13 - kinds - (1 if pair else 0)


def shanten(counts: Sequence[int], sets: int | None = None, closed: bool | None = None) -> int:
    """Best of regular, chiitoitsu and kokushi (the last two only for a full closed hand).
    -1 = complete, 0 = tenpai."""
    n = sum(counts)
    if sets is None:
        sets = n // 3
    s = _regular(tuple(counts), sets)
    if (closed if closed is not None else sets == 4) and n >= 13 and sets == 4:
        s = min(s, chiitoitsu_shanten(counts), kokushi_shanten(counts))
    return s


def _near(key: tuple[int, ...]) -> list[int]:
    """Kinds whose draw can help the regular shape: within two of a held suited tile, or a held
    honour (a tile far from everything only makes a new isolated tile)."""
    near = set()
    for k in range(34):
        if key[k]:
            if k >= 27:
                near.add(k)
            else:
                base = k - k % 9
                near.update(range(max(base, k - 2), min(base + 8, k + 2) + 1))
    return sorted(near)


@lru_cache(maxsize=1 << 17)
def _accepting(key: tuple[int, ...], sets: int, closed: bool) -> tuple[int, tuple[int, ...]]:
    """(shanten, kinds whose draw lowers it) of a 3n+1 hand, independent of what is visible."""
    special = closed and sets == 4 and sum(key) >= 13
    s = _regular(key, sets)
    chi = ko = 99
    if special:
        chi = chiitoitsu_shanten(key)
        ko = kokushi_shanten(key)
        s = min(s, chi, ko)
    c = list(key)
    if special and min(chi, ko) <= s:
        cands: Sequence[int] = range(34)
    else:
        cands = _near(key)
        special = False
    out = []
    for k in cands:
        if c[k] >= 4:
            continue
        c[k] += 1
        t = _regular(tuple(c), sets)
        if special and t >= s:
            t = min(t, chiitoitsu_shanten(c), kokushi_shanten(c))
        c[k] -= 1
        if t < s:
            out.append(k)
    return s, tuple(out)


def ukeire(
    counts: Sequence[int],
    unseen: Sequence[int],
    sets: int | None = None,
    closed: bool | None = None,
) -> tuple[int, tuple[int, ...], int]:
    """(shanten, kinds that lower it, their unseen copies) for a 3n+1-tile hand."""
    if sets is None:
        sets = sum(counts) // 3
    closed = closed if closed is not None else sets == 4
    s, kinds = _accepting(tuple(counts), sets, closed)
    return s, kinds, sum(unseen[k] for k in kinds)


def waits(counts: Sequence[int]) -> list[int]:
    """Kinds that complete a 3n+1-tile hand (the shape only, not yaku or furiten)."""
    c = list(counts)
    closed = sum(c) == 13
    out = []
    cands = range(34) if closed and (chiitoitsu_shanten(c) == 0 or kokushi_shanten(c) == 0) \
        else _near(tuple(c))
    for k in cands:
        if c[k] >= 4:
            continue
        c[k] += 1
        if is_complete(c):
            out.append(k)
        c[k] -= 1
    return out


def tenpai_quality(counts: Sequence[int], unseen: Sequence[int], sets: int, closed: bool) -> float:
    """For a 1-shanten 3n+1 hand: the expected wait size (unseen copies) once a draw makes it
    tenpai, averaged over those draws by their copies and taking the best discard after each:
    the second-level ukeire that tells good shapes from bad ones."""
    s, kinds, _ = ukeire(counts, unseen, sets, closed)
    if s != 1:
        return 0.0
    c = list(counts)
    total = 0.0
    weight = 0
    for k in kinds:
        c[k] += 1
        best = 0
        for d in range(34):
            if c[d] == 0:
                continue
            c[d] -= 1
            if shanten(c, sets, closed) == 0:
                w = sum(unseen[x] - (1 if x == k else 0) for x in waits(c))
                if w > best:
                    best = w
            c[d] += 1
        total += unseen[k] * best
        weight += unseen[k]
        c[k] -= 1
    return total / max(1, weight)
