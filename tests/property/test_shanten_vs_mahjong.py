"""Differential test: engine.hand.shanten against the `mahjong` package (test-only oracle).

Semantics compared: `mahjong` 2.1 takes the concealed tiles and, like us, implies the called melds
from the tile count ((14 - n) // 3 melds for n = 1, 2, 4, 5, ... 14) and rejects 3n counts; its
`calculate_shanten` adds chiitoitsu and kokushi only from 13 tiles up, as we do. So overall and
regular shanten are compared on every valid size, chiitoitsu and kokushi on 13 and 14 tiles
(our public chiitoitsu/kokushi functions refuse smaller hands, theirs do not).
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from engine.hand import shanten, shanten_chiitoitsu, shanten_kokushi, shanten_regular

ORACLE = Shanten()
WALL = [k for k in range(34) for _ in range(4)]
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


def _check(counts):
    n = sum(counts)
    assert shanten(counts) == ORACLE.calculate_shanten(counts), counts
    assert shanten_regular(counts) == ORACLE.calculate_shanten_for_regular_hand(counts), counts
    if n >= 13:
        assert shanten_chiitoitsu(counts) == ORACLE.calculate_shanten_for_chiitoitsu_hand(counts)
        assert shanten_kokushi(counts) == ORACLE.calculate_shanten_for_kokushi_hand(counts)


@st.composite
def hands(draw, sizes=SIZES):
    n = draw(st.sampled_from(sizes))
    tiles = draw(st.lists(st.sampled_from(WALL), min_size=n, max_size=n).filter(
        lambda ts: max(ts.count(k) for k in set(ts)) <= 4))
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


@st.composite
def crowded_hands(draw):
    """Hands on a few kinds, with quads: where the four-copy limit matters."""
    n = draw(st.sampled_from(SIZES))
    kinds = draw(st.lists(st.integers(0, 33), min_size=4, max_size=7, unique=True))
    counts = [0] * 34
    for k in kinds[: n // 4]:
        counts[k] = 4
    extra = draw(st.lists(st.sampled_from(kinds), min_size=0, max_size=14))
    for k in extra:
        if sum(counts) < n and counts[k] < 4:
            counts[k] += 1
    if sum(counts) != n:
        counts = [0] * 34
        counts[kinds[0]] = 1  # a valid 1-tile hand rather than a rejected draw
    return counts


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(hands())
def test_shanten_agrees_with_mahjong(counts):
    _check(counts)


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(crowded_hands())
def test_shanten_agrees_with_mahjong_on_crowded_hands(counts):
    _check(counts)


def test_shanten_agrees_with_mahjong_on_seeded_random_hands():
    rng = random.Random(2024)
    for i in range(3000):
        n = 14 if i % 2 else 13
        counts = [0] * 34
        for t in rng.sample(WALL, n):
            counts[t] += 1
        _check(counts)
