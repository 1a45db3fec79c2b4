"""Wait masks over packed suit keys (engine.hand.masks): keys kept as the table keeps them give the
waits of the hand's counts (engine.hand.waits, brute-forced in test_hand_waits.py), the riichi
filter agrees with trying each discard, and the C5 readings check agrees with a brute force over
every reading of a complete hand."""

import random

from engine.hand import (
    SHIFT,
    SUIT_OF,
    has_reading_without_triplet,
    mask_kinds,
    regular_tenpai_by_discard,
    regular_wait_mask,
    wait_mask,
    waits,
)
from engine.tiles import YAOCHUU, counts34, kinds_to_counts, parse_kinds


def _keys(c):
    keys, sizes = [0] * 4, [0] * 4
    for k, m in enumerate(c):
        keys[SUIT_OF[k]] += m << SHIFT[k]
        sizes[SUIT_OF[k]] += m
    return keys, sizes


def _random_hands(seed, count, sizes=(13, 13, 10, 7, 4, 1)):
    rng = random.Random(seed)
    yao = [t for t in range(136) if (t >> 2) in YAOCHUU]
    for i in range(count):
        r = i % 3
        if r == 0:
            pool = yao[:]
        elif r == 1:
            pool = [t for t in range(136) if (t >> 2) < 9 or rng.random() < 0.2]
        else:
            pool = [k * 4 + j for k in rng.sample(range(34), 7) for j in range(4)]
        rng.shuffle(pool)
        n = rng.choice(sizes)
        yield counts34(pool[:n])


def test_wait_masks_match_the_reference_waits():
    for c in _random_hands(11, 3000):
        keys, sizes = _keys(c)
        n = sum(c)
        assert mask_kinds(wait_mask(keys, sizes, c, n == 13)) == waits(c), c


def test_regular_tenpai_by_discard_matches_each_discard():
    for c in _random_hands(12, 1500, sizes=(14, 14, 11, 8, 5, 2)):
        keys, sizes = _keys(c)
        expected = False
        for d in range(34):
            if c[d]:
                keys[SUIT_OF[d]] -= 1 << SHIFT[d]
                sizes[SUIT_OF[d]] -= 1
                expected = expected or bool(regular_wait_mask(keys, sizes))
                keys[SUIT_OF[d]] += 1 << SHIFT[d]
                sizes[SUIT_OF[d]] += 1
        assert regular_tenpai_by_discard(keys, sizes) is expected, c


def _readings(c, pair_left=True):
    """Every reading of counts ``c`` as sets and one pair, each a tuple of (shape, kind)."""
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        return [()] if not pair_left else []
    out = []
    if c[i] >= 3:
        c[i] -= 3
        out += [(("t", i),) + r for r in _readings(c, pair_left)]
        c[i] += 3
    if pair_left and c[i] >= 2:
        c[i] -= 2
        out += [(("p", i),) + r for r in _readings(c, False)]
        c[i] += 2
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        out += [(("s", i),) + r for r in _readings(c, pair_left)]
        for k in (i, i + 1, i + 2):
            c[k] += 1
    return out


def test_reading_without_triplet_matches_every_reading():
    # C5: the seed-000 example reads 111m as a triplet or as three runs
    c = kinds_to_counts(parse_kinds("111222333m456p77s"))
    assert has_reading_without_triplet(c, 0)
    assert not has_reading_without_triplet(kinds_to_counts(parse_kinds("111m456m789p22s345s")), 0)
    rng = random.Random(13)
    checked = 0
    while checked < 400:
        c = [0] * 34
        kinds = rng.sample(range(34), 5) if rng.random() < 0.5 else rng.sample(range(9), 4)
        for _ in range(4):
            k = rng.choice(kinds)
            if k < 27 and k % 9 <= 6 and rng.random() < 0.5:
                for x in (k, k + 1, k + 2):
                    c[x] += 1
            else:
                c[k] += 3
        c[rng.choice(kinds)] += 2
        if max(c) > 4:
            continue
        for kind in (k for k in range(34) if c[k] >= 3):
            expected = kind < 27 and any(("t", kind) not in r for r in _readings(c))
            assert has_reading_without_triplet(c, kind) is expected, (c, kind)
            checked += 1
