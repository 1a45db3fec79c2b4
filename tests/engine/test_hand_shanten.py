"""Shanten (engine.hand.shanten): hand-picked mpsz cases, and an exact brute force on small hands."""

import itertools
import random

import pytest

from engine.errors import RulesError
from engine.hand.discard_shanten import shanten_after_discards
from engine.hand.shanten import (
    InvalidHand,
    shanten,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_regular,
)
from engine.tiles import kinds_to_counts, parse_kinds


def hand(text):
    return kinds_to_counts(parse_kinds(text))


@pytest.mark.parametrize(
    "text, expected",
    [
        # complete hands
        ("123m456p789s11222z", -1),
        ("11122233344455m", -1),
        ("1112345678999m5m", -1),  # chuuren shape
        ("11223344556677z", -1),  # seven honour pairs (Y13 / daichisei shape)
        ("19m19p19s12345677z", -1),  # kokushi (Y30)
        # tenpai, one per wait kind
        ("123m456p789s1122z", 0),  # shanpon
        ("123m456p789s11z23m", 0),  # ryanmen
        ("123m456p789s11z13m", 0),  # kanchan
        ("123m456p789s11z12m", 0),  # penchan
        ("123m456p789s111z1m", 0),  # tanki
        ("1112345678999m", 0),  # nine-sided
        ("19m19p19s1234567z", 0),  # kokushi 13-sided
        ("1122m3344p5566s7z", 0),  # chiitoitsu tanki
        # 1 to 6 shanten
        ("123m456p789s1z35m7p", 1),
        ("123m456p789s1z37m7p", 2),
        ("123m456p159s1z35m7p", 3),
        ("123m456p158s1z37m7p", 4),
        ("123m258p147s1z37m7p", 5),
        ("147m258p369s1234z", 6),
        ("123m456p789s1z3m5p7s", 2),  # 14 tiles
        # four of a kind
        ("1111m234567789p", 1),  # its only "wait" would be a fifth 1m: not tenpai
        ("1111m2222m3333m4z", 0),  # 111 222 333 123m, tanki on 4z
        ("1111m22334455m6z", 1),  # regular form; chiitoitsu is 2 (below)
    ],
)
def test_shanten_cases(text, expected):
    assert shanten(hand(text)) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1112m", 0),  # three melds called: waits 2m, 3m
        ("11m", -1),  # four melds called: a pair is complete
        ("1m", 0),  # tanki after four calls
        ("12m", 0),  # discard one, tanki on the other
        ("1111m", 1),  # its pair would need a fifth 1m
        ("1111z", 1),
        ("2358m", 1),
        ("123m4567p", 0),  # two melds called
        ("11123m", -1),
        ("147m258p3z", 4),  # two melds called: 2 + 2 for the melds, 1 for the pair, less 1
    ],
)
def test_shanten_with_melds_implied_by_tile_count(text, expected):
    assert shanten(hand(text)) == expected
    assert shanten_regular(hand(text)) == expected


def test_Y13_chiitoitsu_needs_seven_different_pairs():
    assert shanten_chiitoitsu(hand("1111m22334455m6z")) == 2
    assert shanten_chiitoitsu(hand("11m22334455m66z77z")) == -1
    assert shanten_chiitoitsu(hand("1111m223344556z")) == 2  # 5 pairs (1m, 2-5z) and 6z
    assert shanten_chiitoitsu(hand("1357m2468p13579s")) == 6


def test_Y30_kokushi_shanten():
    assert shanten_kokushi(hand("19m19p19s1234567z")) == 0
    assert shanten_kokushi(hand("19m19p19s1234566z")) == 0  # waits on 7z only
    assert shanten_kokushi(hand("19m19p19s12345677z")) == -1
    assert shanten_kokushi(hand("23456m23456p234s")) == 13


def test_fourteen_tiles_is_best_discard():
    for text, expected in (("123m456p789s1z35m7p9s", 1), ("123m456p789s11z35m7p", 0)):
        h = hand(text)
        best = min(shanten([c - (k == d) for k, c in enumerate(h)]) for d in range(34) if h[d])
        assert shanten(h) == best == expected


@pytest.mark.parametrize(
    "counts, reason",
    [
        ([0] * 33, "34 counts"),
        ([5] + [0] * 33, "0-4"),
        ([-1, 2] + [0] * 32, "0-4"),
        (hand("123m"), "3n\\+1 or 3n\\+2"),
        (hand("123m456p789s111z"), "3n\\+1 or 3n\\+2"),
        (hand("123m456p789s11222z3m"), "got 15"),
        ([0] * 34, "got 0"),
    ],
)
def test_bad_hands_raise(counts, reason):
    with pytest.raises(InvalidHand, match=reason):
        shanten(counts)
    assert issubclass(InvalidHand, RulesError)


def test_chiitoitsu_and_kokushi_need_a_closed_hand():
    with pytest.raises(InvalidHand):
        shanten_chiitoitsu(hand("1122m3344p5m"))
    with pytest.raises(InvalidHand):
        shanten_kokushi(hand("19m19p19s1z"))


# --- exact brute force on small hands -------------------------------------------------------------

_BLOCKS = [(k, k, k) for k in range(34)] + [
    (s * 9 + r, s * 9 + r + 1, s * 9 + r + 2) for s in range(3) for r in range(7)
]


def _brute_distance(counts):
    """Fewest tiles to add to reach any complete hand (<= 4 copies): every target enumerated."""
    k_need = sum(counts) // 3
    best = 99
    for melds in itertools.combinations_with_replacement(_BLOCKS, k_need):
        target = [0] * 34
        for block in melds:
            for t in block:
                target[t] += 1
        for pair in range(34):
            target[pair] += 2
            if max(target) <= 4:
                cost = sum(t - c for t, c in zip(target, counts, strict=True) if t > c)
                best = min(best, cost)
            target[pair] -= 2
    return best


def test_regular_shanten_matches_brute_force_on_small_hands():
    rng = random.Random(7)
    wall = [k for k in range(34) for _ in range(4)]
    for n in (1, 2, 4, 5) * 30 + (7, 8) * 2:
        counts = kinds_to_counts(rng.sample(wall, n))
        assert shanten_regular(counts) == _brute_distance(counts) - 1, counts


def test_regular_shanten_matches_brute_force_on_dense_small_hands():
    # hands crowded on a few kinds, where the four-copy limit bites
    rng = random.Random(11)
    for i in range(50):
        n = rng.choice((4, 5)) if i % 8 else rng.choice((7, 8))
        kinds = [rng.randrange(0, 5) for _ in range(n)]
        counts = [0] * 34
        for k in kinds:
            counts[k] += 1
        if max(counts) > 4:
            continue
        assert shanten_regular(counts) == _brute_distance(counts) - 1, counts


def test_precomputed_suit_tables_match_the_dynamic_programme():
    # engine/hand/tables.py is generated by benchmarks/gen_suit_table.py; check a sample of it
    # (all patterns of up to 3 tiles, and random larger ones) against a fresh computation
    from engine.hand import tables as _suit_table
    from engine.hand.shanten import _TABLES, _compute_suit, suit_patterns

    patterns = suit_patterns(_suit_table.MAX_TILES)
    assert len(patterns) == len(_suit_table.IDS)
    rng = random.Random(3)
    sample = [i for i, p in enumerate(patterns) if sum(p) <= 3]
    sample += rng.sample(range(len(patterns)), 300)
    for i in sample:
        stored = _suit_table.TABLES[_suit_table.IDS[i]]
        assert _TABLES[_compute_suit(bytes(patterns[i]))] == stored, patterns[i]
        stored = _suit_table.TABLES[_suit_table.SPARE_IDS[i]]
        assert _TABLES[_compute_suit(bytes(patterns[i]), 1)] == stored, patterns[i]


_YAOCHUU_KINDS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def test_shanten_after_discards_matches_one_hand_at_a_time():
    # the rollout policy ranks discards with it: any difference would change the review's numbers
    rng = random.Random(14)
    wall = [k for k in range(34) for _ in range(4)]
    seven_best = 0
    for i in range(600):
        sets = rng.randint(0, 4)
        n = 3 * sets + 2
        # a third of the hands from few kinds, most of them terminals and honours: pairs,
        # triplets and near-kokushi shapes, where chiitoitsu or kokushi is the best count
        kinds_pool = rng.sample(_YAOCHUU_KINDS, 8) + rng.sample(range(34), 3) if i % 3 == 0 \
            else range(34)
        pool = [k for k in wall if k in kinds_pool]
        rng.shuffle(pool)
        counts = [0] * 34
        for k in pool[:n]:
            counts[k] += 1
        kinds = [k for k in range(34) if counts[k]]
        for spares, closed in ((True, sets == 4), (True, False), (False, False)):
            got = shanten_after_discards(counts, kinds, sets, spares=spares, closed=closed)
            want = []
            for k in kinds:
                counts[k] -= 1
                regular = s = shanten_regular(counts, sets, spares=spares)
                if closed:
                    s = min(s, shanten_chiitoitsu(counts), shanten_kokushi(counts))
                    seven_best += s < regular
                want.append(s)
                counts[k] += 1
            assert got == want
    assert seven_best > 100  # the shapes above did reach chiitoitsu and kokushi


def test_shanten_after_discards_refuses_a_kind_not_held():
    with pytest.raises(RulesError, match="no tile of kind 5"):
        shanten_after_discards(kinds_to_counts(parse_kinds("123m")), [5], 1)


def test_shanten_after_discards_is_the_same_with_its_memo_cleared(monkeypatch):
    from engine.hand import discard_shanten

    rng = random.Random(15)
    hands = [kinds_to_counts(rng.sample([k for k in range(34) for _ in range(4)], 14))
             for _ in range(60)]
    kinds = [[k for k in range(34) if c[k]] for c in hands]
    first = [shanten_after_discards(c, ks, 4, spares=True, closed=True)
             for c, ks in zip(hands, kinds, strict=True)]
    monkeypatch.setattr(discard_shanten, "_AFTER_MAX", 2)  # cleared every other group
    discard_shanten._AFTER.clear()
    again = [shanten_after_discards(c, ks, 4, spares=True, closed=True)
             for c, ks in zip(hands, kinds, strict=True)]
    assert again == first and len(discard_shanten._AFTER) <= 2
