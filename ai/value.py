"""Yaku routes and hand value, estimated from a seat's own tiles.

A *route* is a way the hand can have a yaku: its shanten when only the tiles that serve it are
kept (tanyao drops terminals and honours, honitsu the other suits...), the han it brings, and
whether it is already secured. A closed hand always has riichi (and menzen tsumo), so it is never
yakuless; an open hand is only as good as its routes, and an open hand with no route cannot win.

>>> from engine.tiles import parse_kinds, kinds_to_counts
>>> r = routes(kinds_to_counts(parse_kinds("234567m345p6788s")), (), closed=True,
...            yakuhai_han=lambda k: 0, kuitan=True)
>>> sorted(x.name for x in r)[:3]
['chiitoitsu', 'riichi', 'tanyao']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.efficiency import chiitoitsu_shanten, regular_shanten, shanten

_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


@dataclass(frozen=True, slots=True)
class Route:
    name: str
    shanten: int  # shanten along this route (99 = impossible)
    han: float  # han the route itself brings (before dora and other routes)
    keep: frozenset[int] | None  # kinds that serve the route (None = all)


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


def routes(
    counts: Sequence[int],
    melds: Sequence[tuple[tuple[int, ...], bool]],
    closed: bool,
    yakuhai_han: Callable[[int], int],
    kuitan: bool = True,
    unseen: Sequence[int] | None = None,
) -> list[Route]:
    """Every route still open to the hand. ``melds`` are (kinds, opened) of own calls;
    ``yakuhai_han(kind)`` is the han of a triplet of that kind for this seat; with ``unseen``
    a yakuhai pair whose other copies are all visible is no route."""
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
            out.append(Route("chiitoitsu", chiitoitsu_shanten(counts), 2.0, None))
    if secured:
        out.append(Route("yakuhai", base, float(secured), None))
    else:
        # a yakuhai pair: the route needs its third copy
        for k in range(27, 34):
            if counts[k] == 2 and yakuhai_han(k) and (unseen is None or unseen[k] > 0):
                c = list(counts)
                c[k] = 0
                s = regular_shanten(c, sets - 1) + 1
                out.append(Route("yakuhai", s, float(yakuhai_han(k)), None))
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
    return out


def best_route(rs: Sequence[Route]) -> Route | None:
    """The fastest route, then the most valuable."""
    if not rs:
        return None
    return min(rs, key=lambda r: (r.shanten, -r.han))


#: how much of a route's han a hand that far from tenpai can expect to keep on the way
ROUTE_REALISED = (1.0, 0.8, 0.5, 0.25, 0.1)


def hand_han(rs: Sequence[Route], best: Route) -> float:
    """Han of the hand along ``best``: its own han plus every other route that is no slower and
    combines with it (chiitoitsu takes no triplets: no yakuhai, no toitoi). Far from tenpai the
    extra routes count for less: most such plans fall apart."""
    han = best.han
    far = ROUTE_REALISED[min(max(best.shanten, 0), len(ROUTE_REALISED) - 1)]
    for r in rs:
        if r is best or r.shanten > best.shanten:
            continue
        if best.name == "chiitoitsu" and r.name in ("yakuhai", "toitoi"):
            continue
        if r.name == "chiitoitsu" or (r.name == best.name):
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
