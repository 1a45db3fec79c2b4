"""Waits, tenpai and ukeire (engine.hand.waits): mpsz cases and brute force over every drawn kind."""

import random

import pytest

from engine.hand.shanten import InvalidHand, shanten
from engine.hand.waits import Ukeire, is_tenpai, ukeire, ukeire_table, waits
from engine.tiles import format_kinds, kinds_to_counts, parse_kinds


def hand(text):
    return kinds_to_counts(parse_kinds(text))


def plus(counts, kind, n=1):
    out = list(counts)
    out[kind] += n
    return out


@pytest.mark.parametrize(
    "text, expected",
    [
        ("123m456p789s1122z", "12z"),  # shanpon
        ("123m456p789s11z23m", "14m"),  # ryanmen
        ("123m456p789s11z13m", "2m"),  # kanchan
        ("123m456p789s11z12m", "3m"),  # penchan
        ("123m456p789s111z1m", "14m"),  # tanki, and 11m + 234m
        ("456p789s111z2345m", "25m"),  # nobetan
        ("1112345678999m", "123456789m"),  # chuuren, nine-sided
        ("2345666m789p123s", "12457m"),  # many readings
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # Y30 kokushi 13-sided
        ("19m19p19s1234566z", "7z"),
        ("1122m3344p5566s7z", "7z"),  # Y13 chiitoitsu tanki
        ("1112m", "23m"),  # three melds called
        ("1m", "1m"),  # four melds called
        ("1111m234567789p", "1m"),  # a fifth 1m: included, the table decides (karaten)
        ("123m456p789s1111z", "1z"),  # a fifth 1z: 111z + 11z
        ("123m456p789s1z35m7p", ""),  # 1-shanten: no waits
    ],
)
def test_waits_cases(text, expected):
    assert format_kinds(waits(hand(text))) == format_kinds(parse_kinds(expected))


def test_is_tenpai_excludes_a_wait_on_a_fifth_copy():
    assert is_tenpai(hand("123m456p789s11z23m"))
    assert not is_tenpai(hand("123m456p789s1z35m7p"))
    h = hand("1111m234567789p")
    assert waits(h) == (0,) and not is_tenpai(h) and shanten(h) == 1
    assert ukeire(h).kinds != (0,)


@pytest.mark.parametrize("func", [waits, is_tenpai, ukeire])
def test_3n2_hands_are_refused(func):
    with pytest.raises(InvalidHand, match="3n\\+1"):
        func(hand("123m456p789s11z234m"))


def test_ukeire_table_refuses_3n1_hands():
    with pytest.raises(InvalidHand, match="3n\\+2"):
        ukeire_table(hand("123m456p789s11z23m"))


def test_ukeire_cases():
    u = ukeire(hand("123m456p789s11z23m"))
    assert u == Ukeire(0, (0, 3), 7)  # 1m-4m: three 1m (one is in 123m) and four 4m
    # 1-shanten: 35m and 7p; with visible copies counted out
    h = hand("123m456p789s1z35m7p")
    visible = [0] * 34
    visible[3] = 2  # two 4m seen
    u = ukeire(h, visible)
    assert u.shanten == 1
    assert u.count == sum(4 - h[k] - visible[k] for k in u.kinds)
    assert 3 in u.kinds and 27 in u.kinds


def test_ukeire_rejects_impossible_visible_counts():
    visible = [0] * 34
    visible[0] = 4  # the hand holds a 1m too
    with pytest.raises(InvalidHand, match="more than 4"):
        ukeire(hand("123m456p789s11z23m"), visible)
    with pytest.raises(InvalidHand, match="34 counts"):
        ukeire(hand("123m456p789s11z23m"), [0] * 10)


# --- brute force ----------------------------------------------------------------------------------

def _complete_shape(counts, pair_left=True):
    """Melds and one pair, by plain recursion; any number of copies (fifth-copy waits)."""
    k = next((i for i, c in enumerate(counts) if c), None)
    if k is None:
        return not pair_left
    c = list(counts)
    if pair_left and c[k] >= 2:
        c[k] -= 2
        if _complete_shape(c, False):
            return True
        c[k] += 2
    if c[k] >= 3:
        c[k] -= 3
        if _complete_shape(c, pair_left):
            return True
        c[k] += 3
    if k < 27 and k % 9 < 7 and c[k + 1] and c[k + 2]:
        c[k] -= 1
        c[k + 1] -= 1
        c[k + 2] -= 1
        return _complete_shape(c, pair_left)
    return False


def _complete(counts):
    if _complete_shape(counts):
        return True
    if sum(counts) == 14:
        if sorted(counts)[-7:] == [2] * 7 and counts.count(0) == 27:
            return True
        yao = [counts[k] for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)]
        if sum(yao) == 14 and 0 not in yao:
            return True
    return False


def _random_hands(seed, sizes, count):
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    return [kinds_to_counts(rng.sample(wall, rng.choice(sizes))) for _ in range(count)]


def _tenpai_rich_hands(seed, count):
    """Random complete hands with one tile removed: every one is tenpai or karaten."""
    rng = random.Random(seed)
    blocks = [(k, k, k) for k in range(34)] + [
        (s * 9 + r, s * 9 + r + 1, s * 9 + r + 2) for s in range(3) for r in range(7)
    ]
    out = []
    while len(out) < count:
        melds = rng.randint(0, 4)
        counts = [0] * 34
        for _ in range(melds):
            for t in rng.choice(blocks):
                counts[t] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        kinds = [k for k in range(34) if counts[k]]
        counts[rng.choice(kinds)] -= 1
        out.append(counts)
    return out


def test_waits_match_brute_force():
    hands = _random_hands(3, (1, 4, 7, 10, 13), 150) + _tenpai_rich_hands(4, 300)
    seen_karaten = 0
    for counts in hands:
        expected = []
        for k in range(34):
            after = plus(counts, k)
            complete = _complete(after)
            if counts[k] < 4:  # the exact shanten agrees where no fifth copy is involved
                assert (shanten(after) == -1) == complete
            if complete:
                expected.append(k)
                seen_karaten += counts[k] == 4
        assert waits(counts) == tuple(expected), format_kinds(
            [k for k in range(34) for _ in range(counts[k])]
        )
        assert is_tenpai(counts) == any(counts[k] < 4 for k in expected)
    assert seen_karaten  # the fifth-copy branch was exercised


def test_ukeire_matches_brute_force():
    for counts in _random_hands(5, (4, 7, 10, 13), 60) + _tenpai_rich_hands(6, 40):
        s0 = shanten(counts)
        kinds = tuple(k for k in range(34) if counts[k] < 4 and shanten(plus(counts, k)) < s0)
        u = ukeire(counts)
        assert u.shanten == s0
        assert u.kinds == kinds
        assert u.count == sum(4 - counts[k] for k in kinds)


def test_ukeire_table_matches_ukeire_after_each_discard():
    rng = random.Random(8)
    for counts in _random_hands(9, (14, 11, 5), 40):
        visible = [rng.randint(0, 4 - c) if rng.random() < 0.3 else 0 for c in counts]
        table = ukeire_table(counts, visible)
        assert set(table) == {k for k in range(34) if counts[k]}
        for d, entry in table.items():
            after = plus(counts, d, -1)
            assert entry == ukeire(after, plus(visible, d)), (d, counts)
        assert min(e.shanten for e in table.values()) == shanten(counts)
