"""Yaku routes and hand value, estimated from a seat's own tiles.

A *route* is a way the hand can have a yaku: its shanten when only the tiles that serve it are
kept (tanyao drops terminals and honours, honitsu the other suits...), the han it brings, and
whether it is already secured. A closed hand always has riichi (and menzen tsumo), so it is never
yakuless; an open hand is only as good as its routes, and an open hand with no route cannot win.

Ittsu and sanshoku doujun force three runs: their shanten is the runs' missing tiles plus the
shanten of what is left towards the remaining set and pair. Chanta (junchan without honours) is an
exact distance to the nearest hand whose every set and pair holds a terminal or an honour. These
three are only listed when plausible (at most four of the nine forced tiles missing, one once
the hand is open; at most one step behind the hand's own shanten), which keeps the list short:
the AI asks for it ~14 times a decision.

>>> from engine.tiles import parse_kinds, kinds_to_counts
>>> r = routes(kinds_to_counts(parse_kinds("234567m345p6788s")), (), closed=True,
...            yakuhai_han=lambda k: 0, kuitan=True)
>>> sorted(x.name for x in r)[:3]
['chiitoitsu', 'riichi', 'tanyao']

A closed hand waiting on the 7m kanchan that completes an ittsu:

>>> r = routes(kinds_to_counts(parse_kinds("12345689m234p55s")), (), closed=True,
...            yakuhai_han=lambda k: 0)
>>> [(x.name, x.shanten, x.han) for x in r if x.name in ("riichi", "ittsu")]
[('riichi', 0, 1.0), ('ittsu', 0, 2.0)]

An open hand that called 789m and holds 123456m: its ittsu is secured, tenpai on 14p:

>>> [(x.name, x.shanten, x.han) for x in routes(kinds_to_counts(parse_kinds("123456m23p11s")),
...  [((6, 7, 8), True)], closed=False, yakuhai_han=lambda k: 0)]
[('ittsu', 0, 1.0)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from ai.efficiency import chiitoitsu_shanten, regular_shanten, shanten, ukeire

_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


@dataclass(frozen=True, slots=True)
class Route:
    name: str
    shanten: int  # shanten along this route (99 = impossible)
    han: float  # han the route itself brings (before dora and other routes)
    keep: frozenset[int] | None  # kinds that serve the route (None = all)
    needs: frozenset[int] = frozenset()  # kinds the final hand must hold (ittsu, sanshoku runs)
    pair: int | None = None  # the yakuhai pair whose third copy the route needs


def _mask(counts: Sequence[int], keep: frozenset[int]) -> list[int]:
    return [n if k in keep else 0 for k, n in enumerate(counts)]


def toitoi_shanten(counts: Sequence[int], sets: int) -> int:
    trip = sum(1 for n in counts if n >= 3)
    pairs = sum(1 for n in counts if n == 2)
    m = min(trip, sets)
    pairs += max(0, trip - sets)
    head = 1 if pairs else 0
    pairs -= head
    t = min(pairs, sets - m)
    return 2 * sets - 2 * m - t - head


SUIT_KINDS = [frozenset(range(s * 9, s * 9 + 9)) | frozenset(range(27, 34)) for s in range(3)]
SIMPLES = frozenset(k for k in range(27) if k % 9 not in (0, 8))

#: list the ittsu, sanshoku and chanta routes (False = the routes before them: the A/B switch of
#: the self-play comparison in the commit that added them)
EXTRA_ROUTES = True
#: a new route is listed only this many steps behind the hand's own shanten at most; further
#: behind it never adds value to a closed hand and only tempts an open one into slow calls
ROUTE_SLACK = 1
#: at most this many of the nine forced ittsu / sanshoku tiles may be missing (held or called);
#: an open hand that still needs two or three given tiles for its one yaku is a poor bet, and
#: self-play showed calls made for such hands (the whole hand's ukeire flatters them)
FORCED_MISSING = 4
FORCED_MISSING_OPEN = 1

_ITTSU = tuple(tuple(tuple(range(s * 9 + i, s * 9 + i + 3)) for i in (0, 3, 6)) for s in range(3))
_SANSHOKU = tuple(tuple(tuple(range(s * 9 + n, s * 9 + n + 3)) for s in range(3))
                  for n in range(7))
_ITTSU_NEEDS = tuple(frozenset(k for r in runs for k in r) for runs in _ITTSU)
_SANSHOKU_NEEDS = tuple(frozenset(k for r in runs for k in r) for runs in _SANSHOKU)
#: chanta keeps terminals, honours and the 2, 3, 7, 8 that make 123 / 789 runs; junchan no honours
JUNCHAN_KEEP = frozenset(k for k in range(27) if k % 9 in (0, 1, 2, 6, 7, 8))
CHANTA_KEEP = JUNCHAN_KEEP | frozenset(range(27, 34))


def routes(
    counts: Sequence[int],
    melds: Sequence[tuple[tuple[int, ...], bool]],
    closed: bool,
    yakuhai_han: Callable[[int], int],
    kuitan: bool = True,
    unseen: Sequence[int] | None = None,
    chiitoitsu_han: float = 2.0,
) -> list[Route]:
    """Every route still open to the hand. ``melds`` are (kinds, opened) of own calls;
    ``yakuhai_han(kind)`` is the han of a triplet of that kind for this seat; with ``unseen``
    a yakuhai pair whose other copies are all visible is no route. ``chiitoitsu_han``: what
    the chiitoitsu route is worth in ``points``' units, which price 40 fu: its 2 han, or less
    for its 25 fu (``Style.chiitoitsu_han``)."""
    sets = 4 - len(melds)
    out: list[Route] = []
    meld_kinds = [k for kinds, _ in melds for k in kinds]
    secured = 0
    for kinds, _ in melds:
        if kinds[0] == kinds[-1]:
            secured += yakuhai_han(kinds[0])
    for k in range(27, 34):
        if counts[k] >= 3:
            secured += yakuhai_han(k)
    base = shanten(counts, sets, closed)
    if closed:
        out.append(Route("riichi", base, 1.0, None))
        if sum(counts) >= 13:
            out.append(Route("chiitoitsu", chiitoitsu_shanten(counts), chiitoitsu_han, None))
    if secured:
        out.append(Route("yakuhai", base, float(secured), None))
    else:
        # a yakuhai pair: the route needs its third copy
        for k in range(27, 34):
            if counts[k] == 2 and yakuhai_han(k) and (unseen is None or unseen[k] > 0):
                c = list(counts)
                c[k] = 0
                s = regular_shanten(c, sets - 1) + 1
                out.append(Route("yakuhai", s, float(yakuhai_han(k)), None, pair=k))
    if (closed or kuitan) and all(k in SIMPLES for k in meld_kinds):
        c = _mask(counts, SIMPLES)
        out.append(Route("tanyao", regular_shanten(c, sets), 1.0, SIMPLES))
    for s in range(3):
        keep = SUIT_KINDS[s]
        if all(k in keep for k in meld_kinds):
            c = _mask(counts, keep)
            n_in = sum(c)
            if n_in >= sum(counts) - 3:  # at most three tiles to throw away
                honours = any(c[27:34]) or any(k >= 27 for k in meld_kinds)
                han = (3.0 if closed else 2.0) + (0.0 if honours else 2.5)
                out.append(Route("honitsu", regular_shanten(c, sets), han, keep))
    if all(kinds[0] == kinds[-1] for kinds, _ in melds) and (melds or closed):
        out.append(Route("toitoi", toitoi_shanten(counts, sets), 2.0, None))
    if EXTRA_ROUTES:
        _extra_routes(out, counts, melds, closed, sets, unseen, base + ROUTE_SLACK)
    return out


def _forced_runs(
    counts: Sequence[int],
    meld_kinds: Sequence[tuple[int, ...]],
    runs: tuple[tuple[int, ...], ...],
    sets: int,
    unseen: Sequence[int] | None,
    most: int = FORCED_MISSING,
) -> tuple[list[int], list[int], int] | None:
    """(kinds missing from the runs still to make, the rest of the hand, sets the rest must
    still make) for a hand that must end with the three ``runs``; None when the calls do not fit
    (a called run may be one of them, at most one other call: the fourth set), when a missing
    kind is all visible, or when more than ``most`` tiles are missing."""
    need = list(runs)
    others = 0
    for kinds in meld_kinds:
        if kinds in need:
            need.remove(kinds)
        else:
            others += 1
    if others > 1:
        return None
    c = list(counts)
    missing = []
    for run in need:
        for k in run:
            if c[k]:
                c[k] -= 1
            elif unseen is not None and unseen[k] <= 0:
                return None  # every copy is visible: the run can never be made
            else:
                missing.append(k)
                if len(missing) > most:
                    return None
    return missing, c, sets - len(need)


def _forced_runs_shanten(
    counts: Sequence[int],
    meld_kinds: Sequence[tuple[int, ...]],
    runs: tuple[tuple[int, ...], ...],
    sets: int,
    unseen: Sequence[int] | None,
    most: int = FORCED_MISSING,
) -> int:
    """Shanten of a hand that must end with the three ``runs`` (ittsu or sanshoku), or 99.

    Each run still to make costs the tiles of it not held, and the tiles held for it are set
    aside: the distance to a target splits exactly into the runs' part and the rest's part (each
    kind of the runs appears once), so the shanten is ``missing + regular_shanten(rest, sets
    left)``.

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> c = kinds_to_counts(parse_kinds("12345689m23p55s"))
    >>> _forced_runs_shanten(c, (), _ITTSU[0], 4, None)   # the 7m and a 14p: 1-shanten
    1
    >>> _forced_runs_shanten(c, ((9, 10, 11), (18, 19, 20)), _ITTSU[0], 2, None)  # two others
    99
    """
    split = _forced_runs(counts, meld_kinds, runs, sets, unseen, most)
    if split is None:
        return 99
    missing, rest, sets_left = split
    return len(missing) + regular_shanten(rest, sets_left)


_NONE_SEEN = (0,) * 34


def _forced_keep(
    counts: Sequence[int],
    meld_kinds: Sequence[tuple[int, ...]],
    runs: tuple[tuple[int, ...], ...],
    sets: int,
    unseen: Sequence[int] | None,
) -> frozenset[int]:
    """``keep`` of an ittsu or sanshoku route: every kind held (the rest of the hand serves the
    fourth set and the pair) and every kind whose draw brings the route closer. Masking a hand
    by it changes nothing, but its ukeire then leaves out the draws that only help the hand
    away from the runs (the 2s of a 34s that sanshoku 345 needs the 5s of)."""
    split = _forced_runs(counts, meld_kinds, runs, sets, unseen)
    held = frozenset(k for k in range(34) if counts[k])
    if split is None:
        return held
    missing, rest, sets_left = split
    return held | frozenset(missing) | frozenset(ukeire(rest, _NONE_SEEN, sets_left, False)[1])


def route_ukeire(
    counts: Sequence[int],
    melds: Sequence[tuple[tuple[int, ...], bool]],
    route: Route,
    unseen: Sequence[int],
) -> int | None:
    """Unseen copies of the kinds whose draw brings an ittsu or sanshoku ``route`` one step
    closer: the runs' missing kinds, and what lowers the rest's shanten (exact, by the same
    split as the route's shanten). None for the other routes (their ``keep`` mask serves).
    The whole hand's ukeire flatters these routes: most of its tiles do not help the runs.

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> c = kinds_to_counts(parse_kinds("123456m23p11s"))   # called 789m: tenpai, ittsu secured
    >>> r = routes(c, [((6, 7, 8), True)], False, lambda k: 0)[0]
    >>> route_ukeire(c, [((6, 7, 8), True)], r, [4] * 34)  # 1p or 4p
    8
    """
    if not route.needs:
        return None
    kinds = sorted(route.needs)
    runs = tuple(tuple(kinds[i:i + 3]) for i in (0, 3, 6))
    meld_kinds = [tuple(sorted(k)) for k, _ in melds]
    split = _forced_runs(counts, meld_kinds, runs, 4 - len(melds), unseen)
    if split is None:
        return 0
    missing, rest, sets_left = split
    _, accepts, _ = ukeire(rest, unseen, sets_left, False)
    return sum(unseen[k] for k in set(missing) | set(accepts))


@cache
def _chanta_group(term: int, next_: int, far: int) -> tuple[tuple[int, int], ...]:
    """Most tiles held of a target made of ``j`` sets (0-4) and ``p`` pairs (0-1) in one
    terminal group (1-2-3 or 9-8-7 of a suit, counts from the terminal in): sets are the
    terminal's triplet and the terminal run, the pair the terminal's; -1 = no such target."""
    best = [[-1, -1] for _ in range(5)]
    for runs in range(5):
        for trip in range(2):
            for p in range(2):
                j = runs + trip
                t = runs + 3 * trip + 2 * p
                if j > 4 or t > 4:
                    continue
                held = min(term, t) + min(next_, runs) + min(far, runs)
                best[j][p] = max(best[j][p], held)
    return tuple((a, b) for a, b in best)


_HONOUR_GROUP = tuple(((0, min(n, 2)), (min(n, 3), -1), (-1, -1), (-1, -1), (-1, -1))
                      for n in range(5))


@lru_cache(maxsize=1 << 12)
def _chanta(key: bytes, sets: int) -> int:
    """Exact shanten to a chanta shape: ``sets`` sets and a pair, each with a terminal or an
    honour (``key``: 1-2-3 and 9-8-7 counts of each suit, then the seven honours, as 25 bytes:
    a compact key, and a small cache, so the memory of a long session stays flat)."""
    groups = [_chanta_group(*key[i:i + 3]) for i in range(0, 18, 3) if any(key[i:i + 3])]
    groups += [_HONOUR_GROUP[n] for n in key[18:] if n]
    # most tiles held of a target of at most j sets and p pairs: the sets not placed go to a
    # group the hand holds nothing of (there are always such), at no tile held
    best = [[0, 0] for _ in range(sets + 1)]
    for g in groups:
        new = [row[:] for row in best]
        for j in range(sets + 1):
            for p in range(2):
                have = best[j][p]
                for j2 in range(sets + 1 - j):
                    for p2 in range(2 - p):
                        h = g[j2][p2]
                        if h > 0 and have + h > new[j + j2][p + p2]:
                            new[j + j2][p + p2] = have + h
        best = new
    # a target is 3 * sets + 2 tiles; shanten = tiles still to draw - 1
    return 3 * sets + 1 - max(max(row) for row in best)


def chanta_shanten(counts: Sequence[int], sets: int, honours: bool = True) -> int:
    """Shanten towards chanta (every set and the pair with a terminal or an honour; junchan with
    ``honours=False``).

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> chanta_shanten(kinds_to_counts(parse_kinds("123789m12399p11z")), 4)  # tanki 1z or 9p
    0
    >>> chanta_shanten(kinds_to_counts(parse_kinds("123789m12399p11z")), 4, honours=False)
    2
    """
    key: list[int] = []
    for b in (0, 9, 18):
        key += (counts[b], counts[b + 1], counts[b + 2], counts[b + 8], counts[b + 7],
                counts[b + 6])
    key += counts[27:34] if honours else (0,) * 7
    return _chanta(bytes(key), sets)


def _extra_routes(
    out: list[Route],
    counts: Sequence[int],
    melds: Sequence[tuple[tuple[int, ...], bool]],
    closed: bool,
    sets: int,
    unseen: Sequence[int] | None,
    limit: int,
) -> None:
    """Append the ittsu, sanshoku and chanta routes no slower than ``limit`` (the best of each)."""
    meld_kinds = [tuple(sorted(kinds)) for kinds, _ in melds]
    han = 2.0 if closed else 1.0
    most = FORCED_MISSING if closed else FORCED_MISSING_OPEN
    # kinds held of each run (suit, lowest number): the quick reject of implausible lines
    tri = []
    for b in (0, 9, 18):
        has = [1 if n else 0 for n in counts[b:b + 9]]
        tri.append([has[n] + has[n + 1] + has[n + 2] for n in range(7)])
    for name, table, needs in (("ittsu", _ITTSU, _ITTSU_NEEDS),
                               ("sanshoku", _SANSHOKU, _SANSHOKU_NEEDS)):
        best = (limit + 1, -1)
        for i, runs in enumerate(table):
            if name == "ittsu":
                held = tri[i][0] + tri[i][3] + tri[i][6]
            else:
                held = tri[0][i] + tri[1][i] + tri[2][i]
            if meld_kinds:
                held += sum(3 for r in runs if r in meld_kinds)  # a called run counts in full
            if held < 9 - most:
                continue
            s = _forced_runs_shanten(counts, meld_kinds, runs, sets, unseen, most)
            if s < best[0]:
                best = (s, i)
        if best[1] >= 0:
            keep = _forced_keep(counts, meld_kinds, table[best[1]], sets, unseen)
            out.append(Route(name, best[0], han, keep, needs[best[1]]))
    if not all(any(k in _YAOCHUU for k in kinds) for kinds in meld_kinds):
        return
    # the 4, 5 and 6 serve no chanta set: a bound that spares the exact count most of the time
    useless = sum(counts[b + 3] + counts[b + 4] + counts[b + 5] for b in (0, 9, 18))
    if 3 * sets + 1 - (sum(counts) - useless) > limit:
        return
    s = chanta_shanten(counts, sets)
    if s > limit:
        return
    if not any(k >= 27 for kinds in meld_kinds for k in kinds):
        sj = chanta_shanten(counts, sets, honours=False)
        if sj <= s:
            out.append(Route("chanta", sj, 3.0 if closed else 2.0, JUNCHAN_KEEP))
            return
    out.append(Route("chanta", s, han, CHANTA_KEEP))


def extra_routes(
    counts: Sequence[int],
    melds: Sequence[tuple[tuple[int, ...], bool]],
    closed: bool,
    limit: int,
    unseen: Sequence[int] | None = None,
) -> list[Route]:
    """The ittsu, sanshoku and chanta routes :func:`routes` would list, for a caller that
    measures the hand itself: each no slower than ``limit`` shanten (``routes`` passes the hand's
    shanten + :data:`ROUTE_SLACK`). The chanta route of a hand that can go without honours is
    junchan: its ``keep`` is :data:`JUNCHAN_KEEP`.

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> [(r.name, r.shanten) for r in extra_routes(kinds_to_counts(parse_kinds("123456m23p11s")),
    ...                                              [((6, 7, 8), True)], False, 1)]
    [('ittsu', 0)]
    """
    out: list[Route] = []
    _extra_routes(out, counts, melds, closed, 4 - len(melds), unseen, limit)
    return out


def best_route(rs: Sequence[Route]) -> Route | None:
    """The fastest route, then the most valuable."""
    if not rs:
        return None
    return min(rs, key=lambda r: (r.shanten, -r.han))


def pair_ukeire(counts: Sequence[int], route: Route, unseen: Sequence[int], sets: int) -> int:
    """The unseen copies that bring a yakuhai pair's route (``Route.pair``) a step nearer: its
    third copy, or a draw that lowers the shanten of the rest of the hand, which must make the
    sets without the pair. Not the whole hand's ukeire: a draw that only improves the shape
    (a ready shape that wins on the pair's kind alone) leaves the route where it was.

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> c = kinds_to_counts(parse_kinds("4567899p7s22z"))  # 456p 789p, the 9p and 7s apart
    >>> pair_ukeire(c, Route("yakuhai", 1, 2.0, None, pair=28), [4 - n for n in c], 3)
    14

    (3p, 6p, 9p and 7s complete the rest: 12 copies; the South: 2. Every draw that improves
    the shape: 35.)
    """
    assert route.pair is not None
    c = list(counts)
    c[route.pair] = 0
    return ukeire(c, unseen, sets - 1, False)[2] + unseen[route.pair]


#: how much of a route's han a hand that far from tenpai can expect to keep on the way
ROUTE_REALISED = (1.0, 0.8, 0.5, 0.25, 0.1)


#: routes that never make one hand: chiitoitsu has no sets, toitoi no runs (and chanta needs one),
#: ittsu and sanshoku together need five sets, chanta has terminals in every set
_APART = frozenset(frozenset(p) for p in (
    ("chiitoitsu", "yakuhai"), ("chiitoitsu", "toitoi"), ("chiitoitsu", "ittsu"),
    ("chiitoitsu", "sanshoku"), ("chiitoitsu", "chanta"), ("toitoi", "ittsu"),
    ("toitoi", "sanshoku"), ("toitoi", "chanta"), ("ittsu", "sanshoku"), ("chanta", "tanyao"),
    ("ittsu", "chanta"),
))


def combines(a: Route, b: Route) -> bool:
    """Whether two routes can be yaku of the same hand: not a pair in ``_APART``, and the runs
    one forces (``needs``) are tiles the other keeps (sanshoku 234 with tanyao, ittsu with the
    honitsu of its suit, sanshoku 123/789 with chanta); junchan keeps no honour: no yakuhai.

    >>> sanshoku_234 = Route("sanshoku", 1, 2.0, None, _SANSHOKU_NEEDS[1])
    >>> combines(sanshoku_234, Route("tanyao", 1, 1.0, SIMPLES))
    True
    >>> combines(Route("ittsu", 1, 2.0, None, _ITTSU_NEEDS[0]), Route("tanyao", 1, 1.0, SIMPLES))
    False
    """
    if frozenset((a.name, b.name)) in _APART:
        return False
    for x, y in ((a, b), (b, a)):
        if x.needs and y.keep is not None and not x.needs <= y.keep:
            return False
        if x.name == "chanta" and x.keep is JUNCHAN_KEEP and y.name == "yakuhai":
            return False
    return True


#: han a lone yakuhai tile is worth for each copy of it drawn (its chance to pair before the wall
#: runs out): fitted to the Houou people's calm closed discards at 3+-shanten, where they threw
#: 19% of the lone yakuhai they held and the AI 40% without it (bench_discards' same-kind share
#: 40.7% -> 45.1% with 0.1; 0.05 / 0.15 / 0.2 / 0.5: 45.1 / 44.9 / 44.6 / 43.5%; issue 16). Far
#: less than a pon's han: the value counts the pairing only, the speed of the pon is not priced
LONE_YAKUHAI = 0.1


def lone_yakuhai_han(counts: Sequence[int], yakuhai_han: Callable[[int], int],
                     unseen: Sequence[int], unseen_total: int, draws: int) -> float:
    """Han a closed hand can expect from its lone yakuhai tiles: each pairs if one of its unseen
    copies is drawn in the ``draws`` left, worth ``LONE_YAKUHAI`` of its han. A lone yakuhai has
    no route of its own (it is two copies away), so without this the AI threw a lone dragon
    where people throw a lone terminal.

    >>> c = [0] * 34; c[31] = 1  # a lone white dragon, three copies unseen
    >>> u = [4] * 34; u[31] = 3
    >>> dragon = lambda k: 1 if k >= 31 else 0
    >>> round(lone_yakuhai_han(c, dragon, u, 100, 12), 3)
    0.031
    >>> u[31] = 1  # two copies seen: it rarely pairs
    >>> round(lone_yakuhai_han(c, dragon, u, 100, 12), 3)
    0.011
    >>> lone_yakuhai_han(c, lambda k: 0, u, 100, 12)  # a guest wind: nothing
    0.0
    """
    if draws <= 0 or unseen_total <= 0:
        return 0.0
    han = 0.0
    for k in range(27, 34):
        if counts[k] == 1 and unseen[k] >= 1:
            h = yakuhai_han(k)
            if h:
                paired = 1.0 - (1.0 - unseen[k] / unseen_total) ** draws
                han += h * paired * LONE_YAKUHAI
    return han


#: a hand leans to one suit with at most this many tiles outside that suit and the honours
ONE_SUIT_OUTSIDE = 3


def _isolated(counts: Sequence[int], k: int) -> bool:
    """Whether the number kind ``k`` is held once with no tile of its suit within two."""
    return counts[k] == 1 and not any(
        0 <= k % 9 + d < 9 and counts[k + d] for d in (-2, -1, 1, 2))


def lone_terminals(counts: Sequence[int]) -> list[int]:
    """The single number terminals with no tile of their suit within two: the tiles whose
    shapes are the poorest (``Style.terminal_order``).

    >>> from engine.tiles import parse_kinds, kinds_to_counts, format_kinds
    >>> format_kinds(lone_terminals(kinds_to_counts(parse_kinds("19m13p799s1z"))))
    '19m'
    """
    return [k for k in range(27) if k % 9 in (0, 8) and _isolated(counts, k)]


def one_suit_strays(counts: Sequence[int], meld_kinds: Sequence[int]) -> frozenset[int]:
    """The isolated number tiles (no tile of their suit within two) outside the main suit of a
    hand that leans to one suit: one to ``ONE_SUIT_OUTSIDE`` tiles outside that suit and the
    honours, an honour held, no call outside it. The Houou people throw such a tile before an
    isolated honour, where efficiency alone keeps it (``Style.one_suit_order``).

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> c = kinds_to_counts(parse_kinds("12356789m7p19s113z"))
    >>> sorted(one_suit_strays(c, []))  # 7p and 1s 9s outside: each isolated
    [15, 18, 26]
    >>> sorted(one_suit_strays(kinds_to_counts(parse_kinds("1235678m78p1s113z")), []))  # 78p kept
    [18]
    >>> one_suit_strays(kinds_to_counts(parse_kinds("12356789m7p19s1135p")), [])  # no honour
    frozenset()
    >>> sorted(one_suit_strays(kinds_to_counts(parse_kinds("55568999m8s11335z")), []))  # 8s alone
    [25]
    """
    if not any(counts[27:34]):
        return frozenset()
    suit = max(range(3), key=lambda s: sum(counts[s * 9:s * 9 + 9]))
    if any(k < 27 and k // 9 != suit for k in meld_kinds):
        return frozenset()
    outside = [k for k in range(27) if k // 9 != suit and counts[k]]
    if not 1 <= sum(counts[k] for k in outside) <= ONE_SUIT_OUTSIDE:
        return frozenset()
    return frozenset(k for k in outside if _isolated(counts, k))


def hand_han(rs: Sequence[Route], best: Route) -> float:
    """Han of the hand along ``best``: its own han plus every other route that is no slower and
    combines with it (``combines``: chiitoitsu takes no triplets, ittsu no sanshoku...); one
    route of each name. Far from tenpai the extra routes count for less: most such plans fall
    apart."""
    han = best.han
    far = ROUTE_REALISED[min(max(best.shanten, 0), len(ROUTE_REALISED) - 1)]
    for r in rs:
        if r is best or r.shanten > best.shanten:
            continue
        if r.name == "chiitoitsu" or r.name == best.name or not combines(best, r):
            continue
        han += r.han if r.name == "yakuhai" else r.han * far
    return han


_NONDEALER = (1000, 1300, 2600, 5200, 8000, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000)


def points(han: float, dealer: bool) -> float:
    """Rough ron value of ``han`` (30-40 fu hands), dealer x1.5."""
    h = max(1.0, han)
    lo = int(h)
    frac = h - lo
    table = _NONDEALER
    a = table[min(lo, 12)] if lo < 13 else 32000
    b = table[min(lo + 1, 12)] if lo + 1 < 13 else 32000
    v = a + (b - a) * frac
    return v * 1.5 if dealer else v
