"""ai.efficiency on engine.hand: the AI's shanten and ukeire of whole and restricted hands, against
the block count the AI has always ranked its routes by (an independent oracle written here), over
many random hands with explicit set counts. Its decisions depend on these numbers exactly."""

import random
from functools import cache

import pytest

from ai.efficiency import (
    chiitoitsu_shanten,
    kokushi_shanten,
    regular_shanten,
    shanten,
    step_quality,
    tenpai_quality,
    ukeire,
    waits,
)
from engine.hand import is_complete
from engine.tiles import YAOCHUU, kinds_to_counts, parse_kinds

# --- the oracle: pareto-best (sets, partial sets, pair) blocks per suit, combined --------------


@cache
def _suit_blocks(c: tuple[int, ...]) -> frozenset[tuple[int, int, int]]:
    out: set[tuple[int, int, int]] = set()

    def rec(c: list[int], i: int, m: int, t: int, p: int) -> None:
        while i < 9 and c[i] == 0:
            i += 1
        if i == 9:
            out.add((m, t, p))
            return
        # (copies taken at offsets from i, melds, partial sets, pair)
        shapes = [({0: 3}, 1, 0, 0)] if c[i] >= 3 else []
        if i <= 6 and c[i + 1] and c[i + 2]:
            shapes.append(({0: 1, 1: 1, 2: 1}, 1, 0, 0))
        if c[i] >= 2:
            if not p:
                shapes.append(({0: 2}, 0, 0, 1))
            shapes.append(({0: 2}, 0, 1, 0))
        if i <= 7 and c[i + 1]:
            shapes.append(({0: 1, 1: 1}, 0, 1, 0))
        if i <= 6 and c[i + 2]:
            shapes.append(({0: 1, 2: 1}, 0, 1, 0))
        shapes.append(({}, 0, 0, 0))  # the tile at i left over
        for take, dm, dt, dp in shapes:
            for o, n in take.items():
                c[i + o] -= n
            rec(c, i + (0 if take else 1), m + dm, t + dt, p + dp)
            for o, n in take.items():
                c[i + o] += n

    rec(list(c), 0, 0, 0, 0)
    return frozenset(out)


def _honour_blocks(c):
    m = sum(1 for n in c if n >= 3)
    pairs = sum(1 for n in c if n == 2)
    return {(m, pairs, 0), (m, pairs - 1, 1)} if pairs else {(m, 0, 0)}


def oracle_regular(counts, sets):
    best = 99
    parts = [_suit_blocks(tuple(counts[s * 9 : s * 9 + 9])) for s in range(3)]
    parts.append(_honour_blocks(counts[27:34]))
    for a in parts[0]:
        for b in parts[1]:
            for c in parts[2]:
                for d in parts[3]:
                    m, t, p = (a[i] + b[i] + c[i] + d[i] for i in range(3))
                    if p > 1:
                        continue
                    m = min(m, sets)
                    t = min(t, sets - m)
                    best = min(best, 2 * sets - 2 * m - t - p)
    return best


def oracle_shanten(counts, sets, closed):
    s = oracle_regular(counts, sets)
    if closed and sets == 4 and sum(counts) >= 13:
        pairs = sum(1 for n in counts if n >= 2)
        kinds = sum(1 for n in counts if n)
        yao = sum(1 for k in YAOCHUU if counts[k])
        yao_pair = any(counts[k] >= 2 for k in YAOCHUU)
        s = min(s, 6 - pairs + max(0, 7 - kinds), 13 - yao - yao_pair)
    return s


def oracle_accepting(counts, sets, closed):
    s = oracle_shanten(counts, sets, closed)
    out = []
    c = list(counts)
    for k in range(34):
        if c[k] >= 4:
            continue
        c[k] += 1
        if oracle_shanten(c, sets, closed) < s:
            out.append(k)
        c[k] -= 1
    return s, tuple(out)


# --- random hands, whole and restricted ------------------------------------------------------

_SIMPLES = [k for k in range(27) if k not in YAOCHUU]


def _hands(seed, count):
    """(counts, sets, closed): whole hands of every size, hands crowded onto few kinds (fourth
    copies), and the parts the AI's routes keep (simples, one suit and honours, one suit), with
    set counts as the routes pass them (also one less, for a yakuhai route)."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    for i in range(count):
        size = rng.choice((13, 13, 10, 7, 4, 1))
        if i % 3 == 0:
            kinds = rng.sample(range(34), rng.randint(2, 6))
            pool = [k for k in kinds for _ in range(4)]
        else:
            pool = wall
        c = [0] * 34
        for k in rng.sample(pool, min(size, len(pool))):
            c[k] += 1
        sets = (size + 1) // 3
        keep = rng.choice((None, None, _SIMPLES, list(range(9)) + list(range(27, 34)),
                           list(range(9, 18))))
        if keep is not None:
            c = [n if k in keep else 0 for k, n in enumerate(c)]
        if rng.random() < 0.2 and sets:
            sets -= 1
        yield c, sets, keep is None and sets == 4


def test_shanten_matches_the_block_count_on_whole_and_restricted_hands():
    for c, sets, closed in _hands(7, 6000):
        assert regular_shanten(c, sets) == oracle_regular(c, sets), (c, sets)
        assert shanten(c, sets, closed) == oracle_shanten(c, sets, closed), (c, sets, closed)


def test_ukeire_matches_every_draw_of_the_block_count():
    unseen = [3] * 34
    for c, sets, closed in _hands(8, 2500):
        s, kinds = oracle_accepting(c, sets, closed)
        assert ukeire(c, unseen, sets, closed) == (s, kinds, 3 * len(kinds)), (c, sets, closed)


def test_defaults_come_from_the_tile_count():
    c = kinds_to_counts(parse_kinds("123456789m11p11z3s"))
    assert shanten(c) == shanten(c, 4, True) == 0
    assert regular_shanten(c) == oracle_regular(c, 4)
    assert ukeire(c, [4] * 34)[:2] == oracle_accepting(c, 4, True)


@pytest.mark.parametrize("text", ["", "1m", "11m", "111z", "11z", "1112m", "2222z", "2z3z"])
def test_one_set_fewer_than_none_asks_for_the_pair_only(text):
    # a yakuhai route of a hand with four melds: regular_shanten(hand without the pair, -1)
    c = kinds_to_counts(parse_kinds(text)) if text else [0] * 34
    assert regular_shanten(c, -1) == shanten(c, -1, False) == oracle_regular(c, -1)
    assert ukeire(c, [4] * 34, -1, False)[:2] == oracle_accepting(c, -1, False)


@pytest.mark.parametrize("text, expected", [
    ("123m456p789s1122z", 4), ("1122m3344p5566s7z", 0), ("1111m22334455m6z", 2), ("1133557799m113p", 0),
])
def test_chiitoitsu_shanten(text, expected):
    assert chiitoitsu_shanten(kinds_to_counts(parse_kinds(text))) == expected


def test_kokushi_shanten():
    assert kokushi_shanten(kinds_to_counts(parse_kinds("19m19p19s1234567z"))) == 0
    assert kokushi_shanten(kinds_to_counts(parse_kinds("19m19p19s123456z5m"))) == 1


def test_waits_leave_out_a_fifth_copy_and_match_is_complete():
    for c, _, _ in _hands(9, 3000):
        if sum(c) % 3 != 1:
            continue
        expected = []
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                if is_complete(c):
                    expected.append(k)
                c[k] -= 1
        assert waits(c) == expected, c
    assert waits(kinds_to_counts(parse_kinds("1111m234567789p"))) == []
    assert waits(kinds_to_counts(parse_kinds("234m55567p23789s77z"))) == []  # 15 tiles


def test_tenpai_quality_of_a_ryanmen_and_a_kanchan_shape():
    unseen = [4] * 34
    good = kinds_to_counts(parse_kinds("123m456p789s23m45p"))
    poor = kinds_to_counts(parse_kinds("123m456p789s13m46p"))
    assert tenpai_quality(good, unseen, 4, True) > tenpai_quality(poor, unseen, 4, True) > 0


def test_step_quality_of_ryanmen_and_kanchan_blocks():
    """Two steps from tenpai, a hand of two-sided blocks reaches a wider 1-shanten hand than the
    same hand of closed waits, though a first draw helps both; a hand at another distance has
    no second step to weigh."""
    unseen = [4] * 34
    good = kinds_to_counts(parse_kinds("123m456p23m45p78s1z"))
    poor = kinds_to_counts(parse_kinds("123m456p13m46p79s1z"))
    assert shanten(good, 4, True) == shanten(poor, 4, True) == 2
    assert step_quality(good, unseen, 4, True) > step_quality(poor, unseen, 4, True) > 0
    one_away = kinds_to_counts(parse_kinds("123m456p789s23m45p"))
    assert step_quality(one_away, unseen, 4, True) == 0.0
