"""Hand shapes: the agari check and every decomposition of a concealed hand (rules S3, Y13, Y30).

All functions work on 34-count arrays (``counts[kind]``). A *set* is a pair ``(kind, is_seq)``:
``(k, True)`` is the sequence k, k+1, k+2 and ``(k, False)`` the triplet of k.

>>> from engine.tiles import parse_kinds, kinds_to_counts
>>> is_complete(kinds_to_counts(parse_kinds("123456789m11p234s")))
True
>>> decompositions(kinds_to_counts(parse_kinds("111222333m")))[:1]
((None, ((0, False), (1, False), (2, False))),)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import product
from typing import Any

from engine.tiles import YAOCHUU

Set = tuple[int, bool]
#: A decomposition: (pair kind, or None when the counts hold sets only; the sets sorted).
Decomposition = tuple[int | None, tuple[Set, ...]]


@cache
def _suit_sets(counts: tuple[int, ...]) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Every way to cut one suit's 9 counts into sets only (offsets 0-8), each way sorted."""
    i = 0
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        return ((),)
    out: list[tuple[tuple[int, bool], ...]] = []
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        for rest in _suit_sets(tuple(c)):
            out.append(((i, False),) + rest)
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        for rest in _suit_sets(tuple(c)):
            out.append(((i, True),) + rest)
    return tuple(out)


@cache
def _suit_ok(counts: tuple[int, ...]) -> bool:
    """Whether one suit's 9 counts split into sets only (fast path of ``is_complete``)."""
    i = 0
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        return True
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if _suit_ok(tuple(c)):
            return True
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        return _suit_ok(tuple(c))
    return False


@cache
def _suit_ok_with_pair(counts: tuple[int, ...]) -> bool:
    for i in range(9):
        if counts[i] >= 2:
            c = list(counts)
            c[i] -= 2
            if _suit_ok(tuple(c)):
                return True
    return False


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven different pairs (Y13; four of a kind is not two pairs)."""
    pairs = 0
    for n in counts:
        if n == 2:
            pairs += 1
        elif n:
            return False
    return pairs == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    """One of each terminal and honour plus one more of them (Y30)."""
    total = 0
    for k in YAOCHUU:
        n = counts[k]
        if n == 0 or n > 2:
            return False
        total += n
    return total == 14


def is_regular(counts: Sequence[int]) -> bool:
    """Sets plus exactly one pair (the regular agari shape; any multiple of 3 plus 2 tiles)."""
    pair_suit = -1
    for s in range(3):
        part = tuple(counts[s * 9 : s * 9 + 9])
        r = sum(part) % 3
        if r == 1:
            return False
        if r == 2:
            if pair_suit >= 0:
                return False
            pair_suit = s
            if not _suit_ok_with_pair(part):
                return False
        elif not _suit_ok(part):
            return False
    for k in range(27, 34):
        n = counts[k]
        if n == 2:
            if pair_suit >= 0:
                return False
            pair_suit = 3
        elif n not in (0, 3):
            return False
    return pair_suit >= 0


def is_complete(counts: Sequence[int]) -> bool:
    """FAST agari-shape check of concealed 34-counts with 3n+2 tiles: regular, chiitoitsu or
    kokushi (the last two only with all 14 tiles concealed). Says nothing about yaku.

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> is_complete(kinds_to_counts(parse_kinds("19m19p19s1234567z1z")))
    True
    >>> is_complete(kinds_to_counts(parse_kinds("12m")))
    False
    """
    total = sum(counts)
    if total % 3 != 2:
        return False
    if is_regular(counts):
        return True
    if total == 14:
        return is_chiitoitsu(counts) or is_kokushi(counts)
    return False


@cache
def _suit_options(suit: int, part: tuple[int, ...], with_pair: bool
                  ) -> tuple[tuple[int | None, tuple[Set, ...]], ...]:
    """Every (pair kind or None, sets) of one suit's counts, in absolute tile kinds (a table
    that fills up quickly: a suit holds at most 14 tiles)."""
    base = suit * 9
    options: list[tuple[int | None, tuple[Set, ...]]] = []
    if with_pair:
        for i in range(9):
            if part[i] >= 2:
                c = list(part)
                c[i] -= 2
                for way in _suit_sets(tuple(c)):
                    options.append((base + i, tuple((base + o, q) for o, q in way)))
    else:
        for way in _suit_sets(part):
            options.append((None, tuple((base + o, q) for o, q in way)))
    return tuple(options)


@cache
def _honor_option(part: tuple[int, ...]) -> tuple[int, int | None, tuple[Set, ...]] | None:
    """Honours split into triplets and at most one pair: (number of pairs, pair kind, sets);
    None when impossible."""
    sets: list[Set] = []
    pair = None
    pairs = 0
    for i, n in enumerate(part):
        if n == 3:
            sets.append((27 + i, False))
        elif n == 2:
            pairs += 1
            pair = 27 + i
        elif n:
            return None
    if pairs > 1:
        return None
    return pairs, pair, tuple(sets)


Options = tuple[tuple[int | None, tuple[Set, ...]], ...]


@cache
def _suit_table(suit: int, part: tuple[int, ...]) -> tuple[int, Options, Options]:
    """(tile count mod 3, options without a pair, options with the pair) of one suit."""
    r = sum(part) % 3
    if r == 1:
        return 1, (), ()
    if r == 2:
        return 2, (), _suit_options(suit, part, True)
    return 0, _suit_options(suit, part, False), ()


@lru_cache(maxsize=4096)
def _decompositions(counts: bytes) -> tuple[Decomposition, ...]:
    """``decompositions`` of counts packed as 34 bytes (a compact key for a bounded cache)."""
    key = tuple(counts)
    hon = _honor_option(key[27:34])
    if hon is None:
        return ()
    rm, om0, om2 = _suit_table(0, key[0:9])
    rp, op0, op2 = _suit_table(1, key[9:18])
    rs, os0, os2 = _suit_table(2, key[18:27])
    if rm == 1 or rp == 1 or rs == 1:
        return ()
    pairs = hon[0] + (rm == 2) + (rp == 2) + (rs == 2)
    if pairs > 1 or (pairs == 0 and sum(key) % 3 == 2):
        return ()
    om = om2 if rm == 2 else om0
    op = op2 if rp == 2 else op0
    os_ = os2 if rs == 2 else os0
    if not om or not op or not os_:
        return ()
    hs = hon[2]
    hp = hon[1]
    if len(om) == 1 and len(op) == 1 and len(os_) == 1:
        pa, a = om[0]
        pb, b = op[0]
        pc, c = os_[0]
        pair = pa if pa is not None else pb if pb is not None else pc if pc is not None else hp
        return ((pair, a + b + c + hs),)
    out: list[Decomposition] = []
    for pa, a in om:
        for pb, b in op:
            for pc, c in os_:
                pair = pa if pa is not None else pb if pb is not None else pc
                if pair is None:
                    pair = hp
                out.append((pair, a + b + c + hs))
    return tuple(out)


def decompositions(counts: Sequence[int]) -> tuple[Decomposition, ...]:
    """Every split of the counts into one pair and sets (or sets only when the tile count is a
    multiple of 3). Empty when there is none. The last few thousand results are cached."""
    return _decompositions(bytes(counts))


# --- wait readings (S1, Y17) ---------------------------------------------------------------------
#
# A reading is ``(pair, sets, wait)`` with sets as ``(kind, is_seq, concealed, is_kan)``. The
# wait depends only on the part (suit or honours) holding the winning tile, so the tables below
# are keyed by one part's counts: a hand's readings are the product of its parts' options, with
# no per-hand cache.

#: A set of a reading: (kind, is_seq, concealed, is_kan).
ReadingSet = tuple[int, bool, bool, bool]
#: A reading: (pair kind, sets, wait).
Reading = tuple[int, tuple[ReadingSet, ...], str]
#: (pair kind or None, the concealed sets) of one part.
PartOptions = tuple[tuple[int | None, tuple[ReadingSet, ...]], ...]
#: (pair kind or None, its wait readings (sets, wait)) of the winning tile's part.
WaitOptions = tuple[tuple[int | None, tuple[tuple[tuple[ReadingSet, ...], str], ...]], ...]
#: (pairs it holds or _IMPOSSIBLE, options, its sets when it has one option).
PartEntry = tuple[int, PartOptions, tuple[ReadingSet, ...] | None]
#: (options with their waits, the only (pair or None, sets, wait) when there is one).
WinEntry = tuple[WaitOptions, tuple[int | None, tuple[ReadingSet, ...], str] | None]

#: (kind, is_seq) -> the concealed set (kind, is_seq, concealed=True, is_kan=False).
_PLAIN: dict[Set, ReadingSet] = {(k, q): (k, q, True, False) for k in range(34) for q in (False, True)}


def _part_options(part_no: int, part: tuple[int, ...]) -> tuple[bool, PartOptions]:
    """(whether the part holds the pair, every (pair kind or None, concealed sets) of it) of
    one part's counts (parts 0-2 are the suits, 3 the honours); no options: it cannot split."""
    if part_no == 3:
        hon = _honor_option(part)
        if hon is None:
            return False, ()
        return hon[0] == 1, ((hon[1], tuple(_PLAIN[s] for s in hon[2])),)
    r = sum(part) % 3
    if r == 1:
        return False, ()
    return r == 2, tuple((p, tuple(_PLAIN[s] for s in sets))
                         for p, sets in _suit_options(part_no, part, r == 2))


def _win_part_options(part_no: int, part: tuple[int, ...], w: int, tsumo: bool
                      ) -> tuple[bool, WaitOptions]:
    """Like ``_part_options`` for the part holding the winning kind ``w``, each option with its
    wait readings ``(sets, wait)``: tanki on the pair, then each set holding ``w`` in order (a
    set kind read once per position); a triplet completed by ron is open (Y17)."""
    has_pair, options = _part_options(part_no, part)
    out = []
    for pair, sets in options:
        waits: list[tuple[tuple[ReadingSet, ...], str]] = []
        seen = set()
        if pair == w:
            waits.append((sets, "tanki"))
        for i, (k, is_seq, _, _) in enumerate(sets):
            if is_seq:
                pos = w - k
                if pos < 0 or pos > 2 or (k, pos) in seen:
                    continue
                seen.add((k, pos))
                if pos == 1:
                    wait = "kanchan"
                elif (pos == 0 and k % 9 == 6) or (pos == 2 and k % 9 == 0):
                    wait = "penchan"
                else:
                    wait = "ryanmen"
                waits.append((sets, wait))
            elif k == w and (k, -1) not in seen:
                seen.add((k, -1))
                if tsumo:
                    waits.append((sets, "shanpon"))
                else:
                    full = list(sets)
                    full[i] = (k, False, False, False)
                    waits.append((tuple(full), "shanpon"))
        out.append((pair, tuple(waits)))
    return has_pair, tuple(out)


_IMPOSSIBLE = 9  # a part that cannot split counts as that many pairs


def _part_entry(part_no: int, part: bytes) -> PartEntry:
    """A table entry of one part: (pairs it holds, options, its sets when it has one option)."""
    has_pair, options = _part_options(part_no, tuple(part))
    entry: PartEntry = (int(has_pair) if options else _IMPOSSIBLE, options,
             options[0][1] if len(options) == 1 else None)
    _PART_TABLES[part_no][part] = entry
    return entry


def _win_entry(part_no: int, part: bytes, w: int, tsumo: bool) -> WinEntry:
    """A table entry of the winning tile's part: (its options with their wait readings, the
    only (pair, sets, wait) when there is one)."""
    options = _win_part_options(part_no, tuple(part), w, tsumo)[1]
    one: tuple[int | None, tuple[ReadingSet, ...], str] | None = None
    if len(options) == 1 and len(options[0][1]) == 1:
        one = (options[0][0], *options[0][1][0])
    entry: WinEntry = (options, one)
    _WIN_TABLES[w][tsumo][part] = entry
    return entry


#: Part number -> {counts: entry}; win kind -> tsumo -> {counts: entry}; counts as bytes.
_PART_TABLES: tuple[dict[bytes, PartEntry], ...] = ({}, {}, {}, {})
_WIN_TABLES: tuple[tuple[dict[bytes, WinEntry], dict[bytes, WinEntry]], ...] = tuple(
    ({}, {}) for _ in range(34)
)


def readings(hand_counts: Sequence[int], w: int, tsumo: bool,
             extra: tuple[ReadingSet, ...] = ()) -> list[Reading]:
    """Every regular reading ``(pair, sets, wait)`` of concealed counts (3n+2 tiles) won on
    kind ``w``, in the order of ``decompositions`` (man, pin, sou options, then the waits of
    each), the sets followed by ``extra`` (the melds); empty when the counts are no regular
    hand. The per-part tables are plain dicts (this is the scorer's hot path)."""
    counts = bytes(hand_counts)
    keys = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
    m, p, s, h = keys
    em = _PART_TABLES[0].get(m) or _part_entry(0, m)
    ep = _PART_TABLES[1].get(p) or _part_entry(1, p)
    es = _PART_TABLES[2].get(s) or _part_entry(2, s)
    eh = _PART_TABLES[3].get(h) or _part_entry(3, h)
    if em[0] + ep[0] + es[0] + eh[0] != 1:  # exactly one pair, every part split
        return []
    wp = w // 9
    key = keys[wp]
    win, one = _WIN_TABLES[w][tsumo].get(key) or _win_entry(wp, key, w, tsumo)
    # the concealed sets of the parts before and after the winning tile's, when each of them
    # has one option (the usual case; the honours always have one when they split)
    sm, sp, ss, sh = em[2], ep[2], es[2], eh[2]
    first: tuple[ReadingSet, ...]
    rest: tuple[ReadingSet, ...]
    if wp == 0:
        if sp is None or ss is None or sh is None:
            return _several(em, ep, es, eh, wp, win, extra)
        first = ()
        rest = sp + ss + sh + extra
    elif wp == 1:
        if sm is None or ss is None or sh is None:
            return _several(em, ep, es, eh, wp, win, extra)
        first = sm
        rest = ss + sh + extra
    elif wp == 2:
        if sm is None or sp is None or sh is None:
            return _several(em, ep, es, eh, wp, win, extra)
        first = sm + sp
        rest = sh + extra
    else:
        if sm is None or sp is None or ss is None:
            return _several(em, ep, es, eh, wp, win, extra)
        first = sm + sp + ss
        rest = extra
    # the pair kind, when another part holds it (its one option says); exactly one part holds
    # the pair, so the reading's pair is never None (the ignores below)
    pair = (em if em[0] else ep if ep[0] else es if es[0] else eh)[1][0][0]
    if one is not None:
        q, sets, wait = one
        return [(pair if q is None else q, first + sets + rest, wait)]  # type: ignore[list-item]
    return [(pair if q is None else q, first + sets + rest, wait)  # type: ignore[misc]
            for q, waits in win for sets, wait in waits]


def _several(em: PartEntry, ep: PartEntry, es: PartEntry, eh: PartEntry, wp: int,
             win: WaitOptions, extra: tuple[ReadingSet, ...]) -> list[Reading]:
    """``readings`` when a part other than the winning tile's has several options: man, pin,
    sou options in order, then the waits of each."""
    out: list[Reading] = []
    parts: list[Any] = [em[1], ep[1], es[1], eh[1]]  # options of each part, the waits at wp
    parts[wp] = win
    for combo in product(*parts):
        pair: int = next(o[0] for o in combo if o[0] is not None)
        before: tuple[ReadingSet, ...] = ()
        for o in combo[:wp]:
            before += o[1]
        after: tuple[ReadingSet, ...] = ()
        for o in combo[wp + 1 :]:
            after += o[1]
        after += extra
        for sets, wait in combo[wp][1]:
            out.append((pair, before + sets + after, wait))
    return out
