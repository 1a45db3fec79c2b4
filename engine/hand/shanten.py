"""Shanten: how many tiles a concealed hand is from tenpai (-1 = complete, 0 = tenpai).

Every function takes a 34-count list or tuple of the *concealed* tiles. The melds still to make
from them (``sets``, 0-4) are implied by the tile count unless given: 13/14 tiles = no melds
called, 10/11 = one, ... 1/2 = four (a hand of 3n+1 or 3n+2 tiles, 1-14). With ``sets`` given,
the counts may be any part of a hand (the AI takes out the tiles a yaku route cannot use).
Chiitoitsu and kokushi count only for a hand with no melds (13/14 tiles, ``sets`` 4).

The number is exact, not an estimate: shanten = d - 1, where d is the least number of tiles that
must be drawn (each in exchange for a discard, when the hand is full) to make a complete hand, and
a complete hand never holds a fifth copy of a kind. So ``1111m234567789p`` (its only "wait" is a
fifth 1m) is 1-shanten, and ``1111m22334455m6z`` is 2-shanten for chiitoitsu (Y13: seven
*different* pairs; four of a kind is not two pairs). Copies in the seat's open melds are not
known here; callers that care pass them to :func:`engine.hand.waits.ukeire` as ``visible``.

``spares=True`` prices a *part* of a hand whose other tiles (the spares) will be swapped away: a
block the part cannot start is started from a spare, so a meld from nothing costs two draws and
the pair one, and an honour held three or four times counts as its triplet only. That is the
block count ``2 * sets - 2 * melds - partial sets - pair`` the AI uses to rank its yaku routes.

How: the regular form is scored per suit. For each suit's 9-count pattern a table gives, for
k = 0..4 melds with or without the pair, the fewest tiles to add to the suit to make them (a
dynamic programme over the nine ranks that never puts more than four copies on a rank); the
tables are memoised by pattern (finite: a suit has at most 14 tiles) and combined over the three
suits and the honours.

>>> from engine.tiles import parse_kinds, kinds_to_counts
>>> shanten(kinds_to_counts(parse_kinds("123m456p789s1122z")))
0
>>> shanten(kinds_to_counts(parse_kinds("19m19p19s1234567z")))
0
>>> shanten(kinds_to_counts(parse_kinds("123m456p789s11222z")))
-1
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from engine.errors import RulesError

__all__ = [
    "InvalidHand",
    "shanten",
    "shanten_regular",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "hand_size",
]

_INF = 99
_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

Table = tuple[int, ...]
Pattern = bytes  # one suit's 9 counts or the 7 honour counts: a compact memo key


class InvalidHand(RulesError):
    """A count array that is no concealed hand: wrong length, a count outside 0-4, or a tile
    count that is not 3n+1 or 3n+2 between 1 and 14."""


def hand_size(counts: Sequence[int]) -> int:
    """The number of tiles in a 34-count hand, after checking that it is one.

    Raises :class:`InvalidHand` for anything but 34 counts of 0-4 totalling 3n+1 or 3n+2 (1-14).
    """
    if len(counts) != 34:
        raise InvalidHand(f"a hand is 34 counts, got {len(counts)}")
    if min(counts) < 0 or max(counts) > 4:
        raise InvalidHand(f"tile counts must be 0-4, got {list(counts)}")
    n = sum(counts)
    if n % 3 == 0 or n > 14:
        raise InvalidHand(
            f"a concealed hand has 3n+1 or 3n+2 tiles (1-14), got {n}: {_describe(counts)}"
        )
    return n


def _size(counts: Sequence[int]) -> int:
    """The tile count, checking length and total only: the hot paths leave the 0-4 range check
    to the memo misses of ``_suit_id``/``_honor_id`` (an unseen pattern is checked there)."""
    if len(counts) != 34:
        raise InvalidHand(f"a hand is 34 counts, got {len(counts)}")
    n = sum(counts)
    if n % 3 == 0 or not 0 < n <= 14:
        return hand_size(counts)  # raises, with the full message
    return n


def _check_sets(counts: Sequence[int], sets: int) -> None:
    if len(counts) != 34:
        raise InvalidHand(f"a hand is 34 counts, got {len(counts)}")
    if not 0 <= sets <= 4:
        raise InvalidHand(f"a hand makes 0-4 sets, got sets={sets}")


def _describe(counts: Sequence[int]) -> str:
    out = []
    for s, letter in enumerate("mpsz"):
        digits = "".join(str(r + 1) * counts[s * 9 + r] for r in range(7 if s == 3 else 9))
        if digits:
            out.append(digits + letter)
    return "".join(out) or "(no tiles)"


# --- per-suit tables -----------------------------------------------------------------------------
#
# A table is a tuple of 10 ints: t[k] = fewest tiles to add to make k melds without the pair,
# t[5 + k] = k melds and the pair (k = 0..4). Tables include "free" blocks (a meld for 3 tiles, the
# pair for 2, on kinds the hand does not hold: with at most 14 tiles in hand there is always room;
# 2 and 1 with spares), so the dynamic programme only places blocks that touch a tile of the hand.
# A suit splits into components at gaps of two or more empty ranks (no block touches two of them),
# each component is solved on its own window (itself and up to two empty ranks either side), and
# the tables are combined by min-plus convolution. Tables are interned: a hand of random tiles
# meets only ~100 distinct suit tables, so every combination is memoised by the pair of table ids.
# Every memo is keyed by one suit's pattern or by table ids, so it is finite by construction.

_TABLES: list[Table] = []  # id -> table
_TABLE_ID: dict[Table, int] = {}  # table -> id
_SUIT_ID: dict[Pattern, int] = {}  # 9-count suit pattern -> table id (exact)
_HONOR_ID: dict[Pattern, int] = {}  # 7-count honour pattern -> table id (exact)
_SPARE_SUIT_ID: dict[Pattern, int] = {}  # the same with spares
_SPARE_HONOR_ID: dict[Pattern, int] = {}
_WINDOW_ID: tuple[dict[Pattern, int], dict[Pattern, int]] = ({}, {})  # per model
_COMBINED: dict[int, int] = {}  # id_a << 20 | id_b (a <= b) -> id of their convolution

# free blocks per model (0: exact, 1: spares): (a meld from nothing, the pair from nothing)
_FREE = ((3, 2), (2, 1))


def _intern(table: Table) -> int:
    tid = _TABLE_ID.get(table)
    if tid is None:
        tid = _TABLE_ID[table] = len(_TABLES)
        _TABLES.append(table)
    return tid


def _close(raw: Sequence[int], model: int) -> Table:
    """Add the model's free blocks to a raw table."""
    free_meld, free_pair = _FREE[model]
    best = list(raw)
    for k in range(1, 5):
        if best[k - 1] + free_meld < best[k]:
            best[k] = best[k - 1] + free_meld
    for k in range(5):
        if best[k] + free_pair < best[5 + k]:
            best[5 + k] = best[k] + free_pair
        if k and best[4 + k] + free_meld < best[5 + k]:
            best[5 + k] = best[4 + k] + free_meld
    return tuple(best)


_EMPTY_RAW = (0,) + (_INF,) * 9
_EMPTY = _intern(_close(_EMPTY_RAW, 0))
_SPARE_EMPTY = _intern(_close(_EMPTY_RAW, 1))


def _combine(a: int, b: int) -> int:
    """Id of the min-plus convolution of tables ``a`` and ``b`` (memoised)."""
    if a > b:
        a, b = b, a
    key = a << 20 | b
    cid = _COMBINED.get(key)
    if cid is None:
        x = _TABLES[a]
        y = _TABLES[b]
        out = [_INF] * 10
        for i in range(5):
            x0 = x[i]
            x1 = x[5 + i]
            for j in range(5 - i):
                y0 = y[j]
                v = x0 + y0
                if v < out[i + j]:
                    out[i + j] = v
                v = x0 + y[5 + j]
                w = x1 + y0
                if w < v:
                    v = w
                if v < out[5 + i + j]:
                    out[5 + i + j] = v
        cid = _COMBINED[key] = _intern(tuple(out))
    return cid


def _suit_id(h: Pattern, model: int = 0) -> int:
    """Table id of one suit's 9-count pattern (memoised)."""
    memo = _SPARE_SUIT_ID if model else _SUIT_ID
    sid = memo.get(h)
    if sid is None:
        _check_counts(h)  # the memo holds valid patterns only, so bad counts always end up here
        sid = memo[h] = _compute_suit(h, model)
    return sid


def _check_counts(h: Pattern) -> None:
    if len(h) not in (7, 9) or min(h) < 0 or max(h) > 4:
        raise InvalidHand(f"tile counts must be 0-4, got {list(h)} in one suit or the honours")


def _compute_suit(h: Pattern, model: int = 0) -> int:
    """Table id of a suit pattern from its components (not read from the suit memo)."""
    sid = _SPARE_EMPTY if model else _EMPTY
    windows = _WINDOW_ID[model]
    r = 0
    while r < 9:
        if not h[r]:
            r += 1
            continue
        start = end = r
        while r < 9 and (h[r] or (r + 1 < 9 and h[r + 1])):
            if h[r]:
                end = r
            r += 1
        lo = max(0, start - 2)
        hi = min(9, end + 3)
        window = h[lo:hi]
        wid = windows.get(window)
        if wid is None:
            wid = windows[window] = _intern(_close(_window_table(window), model))
        sid = _combine(sid, wid)
    return sid


def _window_table(h: Pattern) -> Table:
    """Raw table of a run of ranks (a component with its empty margins), by dynamic programme.

    State after rank i: sequences started at ranks i-1 and i (still needing tiles above), melds
    placed, pair placed. Rank i gets T = (sequences through it) + 3*triplet + 2*pair copies, at
    most 4 (no fifth copy); the cost is the copies the hand lacks there. Blocks that touch no
    tile of the hand are left to the free blocks of ``_close``.
    """
    n = len(h)
    hp = tuple(h) + (0, 0)
    # a block that uses no copy from the hand costs at least as much as a free one, so at most
    # one meld per tile of the hand needs placing here
    kcap = min(4, sum(h))
    states: dict[int, int] = {0: 0}  # key = a | b << 3 | k << 6 | p << 9
    for i in range(n):
        hi = hp[i]
        can_start = i + 2 < n and (hi or hp[i + 1] or hp[i + 2])
        new: dict[int, int] = {}
        get = new.get
        for key, cost in states.items():
            a = key & 7
            b = (key >> 3) & 7
            k = (key >> 6) & 7
            p = key >> 9
            through = a + b
            max_c = min(kcap - k, 4 - through) if can_start else 0
            for c in range(max_c + 1):
                base = through + c
                for t in (0, 1) if hi else (0,):
                    kk = k + c + t
                    if kk > kcap:
                        break
                    for q in (0, 1) if (hi and not p) else (0,):
                        total = base + 3 * t + 2 * q
                        if total > 4:
                            break
                        nkey = b | c << 3 | kk << 6 | (p + q) << 9
                        nc = cost + (total - hi if total > hi else 0)
                        old = get(nkey)
                        if old is None or nc < old:
                            new[nkey] = nc
        states = new
    best = [_INF] * 10
    for key, cost in states.items():
        # sequences start only where two ranks follow, so none is left open here
        idx = (key >> 9) * 5 + ((key >> 6) & 7)
        if cost < best[idx]:
            best[idx] = cost
    return tuple(best)


def _honor_id(h: Pattern, model: int = 0) -> int:
    """Table id of the honours (memoised; honours make no sequences). With spares (model 1) an
    honour held three or four times makes its triplet only, never the pair."""
    memo = _SPARE_HONOR_ID if model else _HONOR_ID
    hid = memo.get(h)
    if hid is None:
        _check_counts(h)
        best = [_INF] * 10
        best[0] = 0
        for n in h:
            if not n:
                continue
            trip = 3 - n if n < 3 else 0
            pair = 2 - n if n < 2 else (0 if n == 2 or not model else _INF)
            new = best[:]
            for idx in range(10):
                cost = best[idx]
                if idx % 5 < 4 and cost + trip < new[idx + 1]:
                    new[idx + 1] = cost + trip
                if idx < 5 and cost + pair < new[idx + 5]:
                    new[idx + 5] = cost + pair
            best = new
        hid = memo[h] = _intern(_close(best, model))
    return hid


def suit_patterns(max_tiles: int) -> list[tuple[int, ...]]:
    """Every 9-count suit pattern (0-4 per rank) of at most ``max_tiles`` tiles, in the fixed
    order of ``engine.hand.tables``: rank 1 counts vary slowest."""
    return [tuple(p) for p in _pattern_bytes(max_tiles)]


def _pattern_bytes(max_tiles: int) -> list[Pattern]:
    """``suit_patterns`` as memo keys, rank by rank (a process start reads ~42,000 of them)."""
    digits = [bytes((c,)) for c in range(5)]
    level: list[tuple[Pattern, int]] = [(b"", max_tiles)]
    for _ in range(9):  # each prefix in order, its next rank's counts in order: lexicographic
        level = [(p + digits[c], left - c) for p, left in level for c in range(min(4, left) + 1)]
    return [p for p, _ in level]


def _load_precomputed() -> None:
    """Seed the suit memos from the generated tables (benchmarks/gen_suit_table.py), so the
    first few thousand hands of a process (and the AI's first decisions, with spares) do not wait
    for the dynamic programme."""
    from engine.hand import tables

    ids = [_intern(t) for t in tables.TABLES]
    patterns = _pattern_bytes(tables.MAX_TILES)
    if not len(patterns) == len(tables.IDS) == len(tables.SPARE_IDS):
        raise RuntimeError("engine/hand/tables.py is stale: rerun benchmarks/gen_suit_table.py")
    _SUIT_ID.update(zip(patterns, [ids[b] for b in tables.IDS], strict=True))
    _SPARE_SUIT_ID.update(zip(patterns, [ids[b] for b in tables.SPARE_IDS], strict=True))


def _group_ids(
    counts: Sequence[int],
    sid: dict[Pattern, int] = _SUIT_ID,
    hid: dict[Pattern, int] = _HONOR_ID,
    model: int = 0,
) -> tuple[int, int, int, int]:
    """Table ids of the man, pin, sou and honour parts of a hand (exact unless the spare
    memos and ``model`` 1 are passed)."""
    b = _packed(counts)
    h = b[0:9]
    m = sid.get(h)
    if m is None:
        m = _suit_id(h, model)
    h = b[9:18]
    p = sid.get(h)
    if p is None:
        p = _suit_id(h, model)
    h = b[18:27]
    s = sid.get(h)
    if s is None:
        s = _suit_id(h, model)
    h = b[27:34]
    z = hid.get(h)
    if z is None:
        z = _honor_id(h, model)
    return m, p, s, z


def _packed(counts: Sequence[int]) -> bytes:
    """The counts as 34 bytes (sliced into the memo keys of the four groups)."""
    try:
        return bytes(counts)
    except (ValueError, TypeError):
        raise InvalidHand(f"tile counts must be 0-4, got {list(counts)}") from None


def _spare_group_ids(counts: Sequence[int]) -> tuple[int, int, int, int]:
    return _group_ids(counts, _SPARE_SUIT_ID, _SPARE_HONOR_ID, 1)


def _full_id(m: int, p: int, s: int, z: int) -> int:
    """Id of the table of a whole hand from its four group ids."""
    comb = _COMBINED
    a, b = (m, p) if m <= p else (p, m)
    mp = comb.get(a << 20 | b)
    if mp is None:
        mp = _combine(a, b)
    a, b = (mp, s) if mp <= s else (s, mp)
    mps = comb.get(a << 20 | b)
    if mps is None:
        mps = _combine(a, b)
    a, b = (mps, z) if mps <= z else (z, mps)
    full = comb.get(a << 20 | b)
    if full is None:
        full = _combine(a, b)
    return full


try:
    _load_precomputed()
except (ImportError, AttributeError):  # while benchmarks/gen_suit_table.py writes it afresh
    pass


def _chiitoitsu(counts: Sequence[int]) -> int:
    # list.count runs in C: kinds held = 34 - zeros, pairs (2 or more) = kinds - singles
    zeros = counts.count(0)
    singles = counts.count(1)
    pairs = 34 - zeros - singles
    if pairs >= 7:
        return -1
    return 13 - 2 * pairs - min(singles, 7 - pairs)


_yaochuu_counts = itemgetter(*_YAOCHUU)


def _kokushi(counts: Sequence[int]) -> int:
    yao = _yaochuu_counts(counts)
    zeros = yao.count(0)
    pair = 1 if 13 - zeros - yao.count(1) else 0
    return int(zeros - pair)


def _shanten(counts: Sequence[int], n: int) -> int:
    """Exact shanten of a checked hand of ``n`` tiles (3n+1 or 3n+2, melds implied)."""
    best = _TABLES[_full_id(*_group_ids(counts))][5 + n // 3] - 1
    if n >= 13 and best > 0:
        c = _chiitoitsu(counts)
        if c < best:
            best = c
        c = _kokushi(counts)
        if c < best:
            best = c
    return best


# --- public --------------------------------------------------------------------------------------


def shanten(counts: Sequence[int], sets: int | None = None) -> int:
    """Shanten of a concealed hand: the least of the regular form, chiitoitsu and kokushi (the
    latter two only for 13/14 tiles and 4 sets, i.e. no melds). -1 = complete, 0 = tenpai.
    ``sets``: the melds still to make from these tiles (default: from the tile count).

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> shanten(kinds_to_counts(parse_kinds("1122m3344p5566s7z")))
    0
    >>> shanten(kinds_to_counts(parse_kinds("258m258p258s1234z")))
    6
    >>> shanten(kinds_to_counts(parse_kinds("2345m")), sets=4)  # ten tiles still to draw
    9
    """
    if sets is None:
        n = _size(counts)
        sets = n // 3
    else:
        _check_sets(counts, sets)
        n = sum(counts)
    best = _TABLES[_full_id(*_group_ids(counts))][5 + sets] - 1
    if n >= 13 and sets == 4 and best > 0:
        c = _chiitoitsu(counts)
        if c < best:
            best = c
        c = _kokushi(counts)
        if c < best:
            best = c
    return best


def shanten_regular(counts: Sequence[int], sets: int | None = None, spares: bool = False) -> int:
    """Shanten of the regular form (melds and a pair); ``sets``: the melds still to make from
    these tiles (default: from the tile count); ``spares``: the counts are part of a hand whose
    other tiles are spares (see the module's text).

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> shanten_regular(kinds_to_counts(parse_kinds("1112m")))  # three melds called
    0
    >>> shanten_regular(kinds_to_counts(parse_kinds("2345m")), 4, spares=True)  # a meld, three to start
    6
    """
    if sets is None:
        n = _size(counts)
        sets = n // 3
    else:
        _check_sets(counts, sets)
    if spares:
        return _TABLES[_full_id(*_spare_group_ids(counts))][5 + sets] - 1
    return _TABLES[_full_id(*_group_ids(counts))][5 + sets] - 1


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Shanten towards seven *different* pairs (Y13); needs a hand of 13 or 14 tiles.

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> shanten_chiitoitsu(kinds_to_counts(parse_kinds("1111m22334455m6z")))
    2
    """
    n = hand_size(counts)
    if n < 13:
        raise InvalidHand(f"chiitoitsu needs a closed hand of 13 or 14 tiles, got {n}")
    return _chiitoitsu(counts)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten towards kokushi musou (Y30); needs a hand of 13 or 14 tiles.

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> shanten_kokushi(kinds_to_counts(parse_kinds("19m19p19s1234567z")))
    0
    """
    n = hand_size(counts)
    if n < 13:
        raise InvalidHand(f"kokushi needs a closed hand of 13 or 14 tiles, got {n}")
    return _kokushi(counts)
