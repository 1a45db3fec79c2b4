"""Fast waits of a hand kept as packed per-suit keys, and the readings of a complete hand.

Pure functions over 34-counts and packed suit keys (3 bits per kind), memoised per suit: the
wait mask of a 3n+1 hand (``wait_mask``, with chiitoitsu and kokushi), a cheap "can some
discard leave it tenpai?" filter for riichi (``regular_tenpai_by_discard``), ``mask_kinds`` to
list a mask's kinds, and the readings used by C5 (``has_reading_without_triplet``: may a closed
kan after riichi change how the hand reads?). ``engine.table.Table`` keeps the keys up to date;
``engine.hand.waits.waits`` packs a hand's counts and asks the same tables (tests check both
against a brute force).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.hand.decompose import decompositions
from engine.tiles import YAOCHUU

# ---------------------------------------------------------------------- fast waits
# Per-suit memo tables keyed by packed suit counts (3 bits per kind, kind i of a suit at bit 3*i).
# The table keeps every seat's four keys up to date as tiles come and go, so "which kinds complete
# this hand?" is four dictionary look-ups. A wait may be a kind the hand already holds four of
# (``engine.hand.waits.waits`` reports it too; the table decides what it means).
SUIT_OF = tuple(k // 9 for k in range(34))
SHIFT = tuple(3 * (k % 9) for k in range(34))
_MIDDLE = sum(7 << (3 * i) for i in range(1, 8))  # kinds 2-8 of a suit in a packed key
_YAOCHUU_MASK = sum(1 << k for k in YAOCHUU)  # terminals and honours

# suit key -> bit 1: the tiles split into melds only; bit 2: into melds and one pair
_COMP: tuple[dict[int, int], dict[int, int]] = ({}, {})
# suit key -> bitmask of the kinds (0-8) whose addition makes the suit complete (in the sense
# its new size calls for: melds only when divisible by 3, melds + pair when 2 mod 3)
_WAIT: tuple[dict[int, int], dict[int, int]] = ({}, {})


def _unpack(key: int, n: int) -> list[int]:
    return [(key >> (3 * i)) & 7 for i in range(n)]


def _split(c: list[int], pair: bool, seq: bool) -> bool:
    i = 0
    n = len(c)
    while i < n and c[i] == 0:
        i += 1
    if i == n:
        return not pair
    if c[i] >= 3:
        c[i] -= 3
        ok = _split(c, pair, seq)
        c[i] += 3
        if ok:
            return True
    if pair and c[i] >= 2:
        c[i] -= 2
        ok = _split(c, False, seq)
        c[i] += 2
        if ok:
            return True
    if seq and i + 2 < n and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _split(c, pair, seq)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def _comp(key: int, honors: int) -> int:
    """Bit 1: melds only; bit 2: melds and one pair (for suit ``key``; ``honors`` = 1 for z)."""
    table = _COMP[honors]
    r = table.get(key)
    if r is None:
        c = _unpack(key, 7 if honors else 9)
        seq = not honors
        n = sum(c)
        r = 0
        if n % 3 == 0 and _split(c, False, seq):
            r |= 1
        if n % 3 == 2 and _split(c, True, seq):
            r |= 2
        table[key] = r
    return r


def _suit_waits(key: int, honors: int) -> int:
    """Bitmask of the kinds of this suit that complete it (see ``_WAIT``)."""
    table = _WAIT[honors]
    r = table.get(key)
    if r is None:
        r = 0
        size = 7 if honors else 9
        for i in range(size):
            if _comp(key + (1 << (3 * i)), honors):
                r |= 1 << i
        table[key] = r
    return r


def regular_wait_mask(keys: list[int], sizes: list[int]) -> int:
    """Waits (a 34-bit mask) of the four-meld-one-pair shape for a 3n+1 hand."""
    mask = 0
    res = [s % 3 for s in sizes]
    # each suit: is it complete as it stands (for its size's residue)?
    ok = [False, False, False, False]
    for s in range(4):
        r = res[s]
        if r == 0:
            ok[s] = sizes[s] == 0 or bool(_comp(keys[s], s == 3) & 1)
        elif r == 2:
            ok[s] = bool(_comp(keys[s], s == 3) & 2)
    twos = res.count(2)
    for x in range(4):
        rx = res[x]
        if rx == 2:
            # adding makes it 0 (melds only); exactly one other two must exist
            if twos != 2:
                continue
        elif rx == 1:
            # adding makes it 2 (pair here); no other twos
            if twos != 0:
                continue
        else:
            continue
        good = True
        for y in range(4):
            if y != x and not ok[y]:
                good = False
                break
        if good:
            mask |= _suit_waits(keys[x], x == 3) << (9 * x)
    return mask


_SWAP: dict[tuple[int, int], tuple[bool, bool, bool]] = {}


def _ok(key: int, size: int, honors: int) -> bool:
    """Whether a suit is complete as it stands: melds only (size 0 mod 3) or melds and a pair
    (size 2 mod 3)."""
    r = size % 3
    if r == 1:
        return False
    if size == 0:
        return True
    return bool(_comp(key, honors) & (1 if r == 0 else 2))


def _swap_info(key: int, size: int, honors: int) -> tuple[bool, bool, bool]:
    """(one tile removed can leave it complete, one added can, one swapped within can)."""
    info = _SWAP.get((key, honors))
    if info is None:
        n = 7 if honors else 9
        rem = add = swap = False
        for i in range(n):
            if _ok(key + (1 << (3 * i)), size + 1, honors):
                add = True
            if (key >> (3 * i)) & 7:
                k2 = key - (1 << (3 * i))
                if _ok(k2, size - 1, honors):
                    rem = True
                if not swap:
                    for j in range(n):
                        if _ok(k2 + (1 << (3 * j)), size, honors):
                            swap = True
                            break
        info = _SWAP[(key, honors)] = (rem, add, swap)
    return info


def regular_tenpai_by_discard(keys: list[int], sizes: list[int]) -> bool:
    """Whether some discard leaves a 3n+2 hand tenpai in the four-melds-one-pair shape (a cheap
    filter before listing riichi discards one by one)."""
    ok = [_ok(keys[s], sizes[s], s == 3) for s in range(4)]
    bad = ok.count(False)
    if bad > 2:
        return False
    res = [sz % 3 for sz in sizes]
    infos = [_swap_info(keys[s], sizes[s], s == 3) for s in range(4)]
    for x in range(4):
        if not sizes[x]:
            continue
        for y in range(4):
            if any(not ok[z] for z in range(4) if z != x and z != y):
                continue
            if x == y:
                if infos[x][2] and res.count(2) == 1:
                    return True
                continue
            if not (infos[x][0] and infos[y][1]):
                continue
            r2 = list(res)
            r2[x] = (r2[x] - 1) % 3
            r2[y] = (r2[y] + 1) % 3
            if r2.count(2) == 1:
                return True
    return False


def wait_mask(keys: list[int], sizes: list[int], counts: list[int], closed13: bool) -> int:
    """All waits (34-bit mask) of a 3n+1 hand; ``closed13``: 13 concealed tiles and no melds
    (chiitoitsu and kokushi possible)."""
    mask = regular_wait_mask(keys, sizes)
    if closed13:
        # chiitoitsu: six pairs and a single, nothing else
        if counts.count(2) == 6 and counts.count(1) == 1:
            mask |= 1 << counts.index(1)
        # kokushi: no tile from 2 to 8 of any suit, 13 terminal/honour tiles
        if not (keys[0] & _MIDDLE or keys[1] & _MIDDLE or keys[2] & _MIDDLE):
            yao = 0
            for k in YAOCHUU:
                if counts[k]:
                    yao |= 1 << k
            kinds = bin(yao).count("1")
            if kinds == 13:
                mask |= _YAOCHUU_MASK
            elif kinds == 12:
                mask |= _YAOCHUU_MASK & ~yao
    return mask


def mask_kinds(mask: int) -> tuple[int, ...]:
    """The kinds in a 34-bit mask, ascending."""
    out = []
    k = 0
    while mask:
        if mask & 1:
            out.append(k)
        mask >>= 1
        k += 1
    return tuple(out)


# ---------------------------------------------------------------------- readings (C5)
def has_reading_without_triplet(counts: Sequence[int], kind: int) -> bool:
    """Whether the complete hand ``counts`` (14 concealed-count tiles) has a standard reading in
    which the copies of ``kind`` are not one triplet (C5, seed 000's ankan example)."""
    if kind >= 27:
        return False  # honours only form triplets or pairs; 3 copies must be the triplet
    triplet = (kind, False)
    return any(triplet not in sets for _, sets in decompositions(counts))
