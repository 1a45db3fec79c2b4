"""Tile efficiency for the AI: shanten with an explicit number of sets, ukeire over unseen copies,
and a second-level measure of shape quality, all computed by :mod:`engine.hand`.

The engine's ``engine.hand.shanten`` answers for a whole hand; the AI also needs *restricted*
shanten (the hand with every tile that cannot serve a yaku route taken out, e.g. terminals for
tanyao), where the tile count no longer tells how many sets are still to be made. Hence the
``sets`` parameter here, and ``spares=True``: the tiles taken out will be swapped away, and each
of them can start a missing block (the block count ``2 * sets - 2 * melds - partial sets - pair``
the routes are ranked by). The engine's tables are memoised per suit pattern, so what this module
remembers is bounded by construction (no per-hand cache).

>>> from engine.tiles import parse_kinds, kinds_to_counts
>>> shanten(kinds_to_counts(parse_kinds("123456789m11p11z")))  # shanpon on 1p or 1z
0
>>> shanten(kinds_to_counts(parse_kinds("1133557799m113p")))   # chiitoitsu tenpai
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.hand import accepting, shanten_regular
from engine.hand import waits as engine_waits
from engine.hand.shanten import _chiitoitsu, _kokushi


def _pair_only(counts: Sequence[int]) -> int:
    """The block count when no set is left to make and one fewer is asked (a yakuhai route of a
    hand with four melds, its pair taken out): -1 if the counts show a pair (a suited kind held
    twice or more, an honour held exactly twice), else 0."""
    for k in range(34):
        if counts[k] == 2 or (counts[k] > 2 and k < 27):
            return -1
    return 0


def regular_shanten(counts: Sequence[int], sets: int | None = None) -> int:
    """Shanten of the sets-plus-pair shape; ``sets`` is how many sets are still to be made from
    these tiles (default: from the tile count, 4 minus the calls), the tiles not in ``counts``
    being spares.

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> regular_shanten(kinds_to_counts(parse_kinds("2345m")), 4)  # the tanyao part of a hand
    6
    """
    if sets is None:
        sets = sum(counts) // 3
    elif sets < 0:
        return _pair_only(counts)
    return shanten_regular(counts, sets, spares=True)


def chiitoitsu_shanten(counts: Sequence[int]) -> int:
    """Shanten towards seven different pairs (Y13) of a closed hand."""
    return _chiitoitsu(counts)


def kokushi_shanten(counts: Sequence[int]) -> int:
    """Shanten towards kokushi musou (Y30) of a closed hand."""
    return _kokushi(counts)


def shanten(counts: Sequence[int], sets: int | None = None, closed: bool | None = None) -> int:
    """Best of regular, chiitoitsu and kokushi (the last two only for a full closed hand).
    -1 = complete, 0 = tenpai."""
    n = sum(counts)
    if sets is None:
        sets = n // 3
    s = shanten_regular(counts, sets, spares=True) if sets >= 0 else _pair_only(counts)
    if (closed if closed is not None else sets == 4) and n >= 13 and sets == 4:
        s = min(s, _chiitoitsu(counts), _kokushi(counts))
    return s


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
    if sets < 0:
        s = _pair_only(counts)
        c = list(counts)
        accepts = []
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                if _pair_only(c) < s:
                    accepts.append(k)
                c[k] -= 1
        kinds = tuple(accepts)
    else:
        s, kinds = accepting(counts, sets, closed, spares=True)
    return s, kinds, sum(unseen[k] for k in kinds)


def waits(counts: Sequence[int]) -> list[int]:
    """Kinds that complete a 3n+1-tile hand (the shape only, not yaku or furiten), leaving out
    a kind the hand holds all four of (it cannot be drawn); none for a hand of another size (a
    call is weighed with the called tile still in the counts)."""
    if sum(counts) % 3 != 1:
        return []
    return [k for k in engine_waits(counts) if counts[k] < 4]


def tenpai_quality(counts: Sequence[int], unseen: Sequence[int], sets: int, closed: bool) -> float:
    """For a 1-shanten 3n+1 hand: the expected wait size (unseen copies) once a draw makes it
    tenpai, averaged over those draws by their copies and taking the best discard after each:
    the second-level ukeire that tells good shapes from bad ones."""
    return _next_step(counts, unseen, sets, closed, 1,
                      lambda c, left: sum(left[x] for x in waits(c)))


def step_quality(counts: Sequence[int], unseen: Sequence[int], sets: int, closed: bool) -> float:
    """For a 2-shanten 3n+1 hand: the expected ukeire (unseen copies) of the 1-shanten hand a
    useful draw makes, averaged over those draws by their copies and taking the discard with the
    widest ukeire after each: the second step's width, which tells a hand of good blocks from a
    wide but ragged one (``Style.second_step``); 0.0 for a hand at another distance."""
    return _next_step(counts, unseen, sets, closed, 2,
                      lambda c, left: ukeire(c, left, sets, closed)[2])


def _next_step(counts: Sequence[int], unseen: Sequence[int], sets: int, closed: bool, s: int,
               width: Callable[[list[int], list[int]], int]) -> float:
    """For a hand ``s`` steps from tenpai (else 0.0): over the draws that take a step, weighted
    by their unseen copies, the best ``width(hand, unseen after the draw)`` among the discards
    that keep the hand a step nearer."""
    at, kinds, _ = ukeire(counts, unseen, sets, closed)
    if at != s:
        return 0.0
    c = list(counts)
    left = list(unseen)
    total = 0.0
    weight = 0
    for k in kinds:
        c[k] += 1
        left[k] -= 1
        best = 0
        for d in range(34):
            if c[d] == 0 or d == k:  # throwing the tile drawn goes back to the hand before
                continue
            c[d] -= 1
            if shanten(c, sets, closed) == s - 1:
                best = max(best, width(c, left))
            c[d] += 1
        total += unseen[k] * best
        weight += unseen[k]
        c[k] -= 1
        left[k] += 1
    return total / max(1, weight)
