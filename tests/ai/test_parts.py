"""The AI's building blocks: restricted shanten and ukeire, yaku routes, tile danger."""

import random

import pytest

from ai.defence import Opponent, tenpai_probability, tile_danger
from ai.efficiency import shanten, tenpai_quality, ukeire, waits
from ai.value import routes
from engine.hand import shanten as engine_shanten
from engine.tiles import kinds_to_counts, parse_kind, parse_kinds


def counts(text):
    return kinds_to_counts(parse_kinds(text))


def test_shanten_agrees_with_the_engine_on_random_hands():
    rng = random.Random(11)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(3000):
        n = rng.choice([13, 14, 10, 11, 7, 8, 4, 5, 1, 2])
        c = kinds_to_counts(rng.sample(wall, n))
        if max(c) == 4:
            continue  # the engine counts a wait on a fifth copy as impossible; so do we not
        assert shanten(c) == engine_shanten(c), c


def test_restricted_shanten_counts_sets_still_to_make():
    # what is left of a hand once the tiles off a route are taken out: two sets made
    c = counts("234567m")
    assert shanten(c, sets=4) == 4  # two sets and a pair still to make
    assert shanten(c, sets=2) == 0  # only the pair
    assert shanten(counts("234567m55p"), sets=2) == -1


def test_ukeire_counts_only_unseen_copies():
    c = counts("123456789m11z23s")
    unseen = [4 - x for x in c]
    s, kinds, n = ukeire(c, unseen)
    assert s == 0 and set(kinds) == {parse_kind("1s"), parse_kind("4s")} and n == 8
    unseen[parse_kind("4s")] = 0  # all four 4s visible
    assert ukeire(c, unseen)[2] == 4


def test_waits_and_second_level_shape_quality():
    assert waits(counts("123456789m2345s")) == [parse_kinds(x)[0] for x in ("2s", "5s")]
    unseen = [4] * 34
    good = tenpai_quality(counts("123456m789p3467s"), unseen, 4, True)  # ryanmen shapes
    bad = tenpai_quality(counts("123456m789p1379s"), unseen, 4, True)  # kanchan shapes
    assert good > bad


def names(rs):
    return {r.name: r.shanten for r in rs}


def no_yakuhai(kind):
    return 0


def test_routes_of_an_open_hand():
    pon_5z = ((31, 31, 31), True)
    chi_123m = ((0, 1, 2), True)
    yh = lambda k: 1 if k in (31, 32, 33) else 0  # noqa: E731
    assert "yakuhai" in names(routes(counts("456p678s2399m"), [pon_5z], False, yh))
    # an open 123m chi: no tanyao; mixed suits: no honitsu; a chi: no toitoi; no yakuhai
    assert routes(counts("456p678s2399m"), [chi_123m], False, yh) == []
    # open all-simples: tanyao with kuitan only
    chi_234m = ((1, 2, 3), True)
    assert "tanyao" in names(routes(counts("456p678s2388m"), [chi_234m], False, yh, kuitan=True))
    assert routes(counts("456p678s2388m"), [chi_234m], False, yh, kuitan=False) == []


def test_a_closed_hand_always_has_riichi():
    rs = routes(counts("19m19p19s1234z567m"), [], True, no_yakuhai)
    assert "riichi" in names(rs)


def test_a_dead_yakuhai_pair_is_no_route():
    c = counts("456p678s23m99m")
    c[33] = 2  # a chun pair
    chi = ((0, 1, 2), True)
    yh = lambda k: 1 if k == 33 else 0  # noqa: E731
    unseen = [4] * 34
    assert "yakuhai" in names(routes(c, [chi], False, yh, unseen=unseen))
    unseen[33] = 0
    assert routes(c, [chi], False, yh, unseen=unseen) == []


RIICHI = Opponent(seat=0, river=[parse_kind(x) for x in ("4m", "1z", "9p", "5s")],
                  riichi=True, riichi_turn=3)
RIICHI.safe = set(RIICHI.river)


@pytest.mark.parametrize("safer,riskier", [
    ("4m", "1m"),  # genbutsu < suji
    ("1m", "2m"),  # suji terminal < non-suji 2
    ("7m", "5m"),  # suji 7 (of 4) < non-suji 5
    ("9p", "5p"),
    ("8s", "5p"),  # suji 8s (of 5s) < live 5p
])
def test_danger_orders_the_classic_cases(safer, riskier):
    unseen = [4] * 34
    assert tile_danger(parse_kind(safer), RIICHI, unseen) < tile_danger(parse_kind(riskier),
                                                                        RIICHI, unseen)


def test_kabe_and_honours_seen():
    unseen = [4] * 34
    base = tile_danger(parse_kind("9s"), RIICHI, unseen)
    unseen[parse_kind("8s")] = 0  # all four 8s visible: no 78s ryanmen can wait on 9s
    assert tile_danger(parse_kind("9s"), RIICHI, unseen) < base
    unseen = [4] * 34
    unseen[parse_kind("6z")] = 1  # three hatsu seen: only a tanki could wait on it
    one_left = tile_danger(parse_kind("6z"), RIICHI, unseen)
    unseen[parse_kind("6z")] = 0
    assert tile_danger(parse_kind("6z"), RIICHI, unseen) == 0 < one_left


def test_tenpai_probability_grows_with_calls_and_time():
    quiet = Opponent(seat=2)
    assert tenpai_probability(quiet, 3) < tenpai_probability(quiet, 14)
    two_calls = Opponent(seat=2, meld_kinds=[(31, 31, 31), (1, 2, 3)], open_melds=2,
                         yakuhai=frozenset({31}))
    assert tenpai_probability(two_calls, 8) > tenpai_probability(quiet, 8)
    assert tenpai_probability(RIICHI, 1) == 1.0
