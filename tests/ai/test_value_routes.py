"""The ittsu, sanshoku and chanta routes of ``ai.value``: their shanten against brute force (the
nearest complete hand that has the yaku), open-meld compatibility, which routes add up, and the
calls they allow."""

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest

from ai import make_agent, value
from ai.efficiency import regular_shanten, shanten, ukeire
from ai.value import (
    FORCED_MISSING,
    FORCED_MISSING_OPEN,
    ROUTE_SLACK,
    Route,
    chanta_shanten,
    combines,
    hand_han,
    route_ukeire,
    routes,
)
from engine.actions import PASS, Chi
from engine.hand import shanten as engine_shanten
from engine.meld import Meld, MeldKind
from engine.rules import TENHOU
from engine.tiles import TilePool, kinds_to_counts, parse_kind, parse_kinds
from tests.ai.helpers import make_view

YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))
RUNS = [tuple(range(s * 9 + i, s * 9 + i + 3)) for s in range(3) for i in range(7)]
SETS = RUNS + [(k, k, k) for k in range(34)]
ITTSU = [[tuple(range(s * 9 + i, s * 9 + i + 3)) for i in (0, 3, 6)] for s in range(3)]
SANSHOKU = [[tuple(range(s * 9 + n, s * 9 + n + 3)) for s in range(3)] for n in range(7)]
CHANTA_SETS = [s for s in SETS if any(k in YAOCHUU for k in s)]
CHANTA_PAIRS = sorted(YAOCHUU)


def counts(text):
    return kinds_to_counts(parse_kinds(text))


def no_yakuhai(kind):
    return 0


def by_name(rs):
    return {r.name: r for r in rs}


# --- brute force ---------------------------------------------------------------------------------
# shanten = (tiles of the nearest target hand not held) - 1, the target being the sets still to
# make plus a pair. Like the AI's own shanten, a target may use a fifth copy of a kind.


def _missing(target: Counter, c) -> int:
    return sum(max(0, n - c[k]) for k, n in target.items())


def brute_forced_runs(c, melds, table, filtered=False):
    """Nearest hand whose sets (calls included) are the three runs of a line of ``table`` and
    one more set; with ``filtered``, only lines whose runs still to make miss at most
    FORCED_MISSING tiles (FORCED_MISSING_OPEN once open), as the AI lists them."""
    best = 99
    most = FORCED_MISSING_OPEN if melds else FORCED_MISSING
    for runs in table:
        if filtered:
            to_make = [r for r in runs if r not in melds]
            if sum(1 for r in to_make for k in r if not c[k]) > most:
                continue
        for extra in SETS:
            left = list(runs) + [extra]
            try:
                for m in melds:
                    left.remove(m)
            except ValueError:
                continue  # a call that is none of these four sets
            target = Counter(k for s in left for k in s)
            d = _missing(target, c)
            spare = max((c[k] - target[k] for k in range(34)), default=0)
            d += 2 - min(2, max(0, spare))  # the pair: from two spare copies, one, or none
            best = min(best, d - 1)
    return best


def brute_chanta(c, melds, honours=True):
    """Nearest hand whose every set and pair holds a terminal (or an honour)."""
    if not all(any(k in YAOCHUU for k in m) for m in melds):
        return 99
    sets = 4 - len(melds)
    allowed = [s for s in CHANTA_SETS if honours or s[0] < 27]
    pairs = [k for k in CHANTA_PAIRS if honours or k < 27]
    touching = [s for s in allowed if any(c[k] for k in s)] + [None]  # None: a set held nowhere
    best = 99
    for chosen in combinations_with_replacement(touching, sets):
        target = Counter(k for s in chosen if s is not None for k in s)
        d = _missing(target, c) + 3 * chosen.count(None)
        pair = min((max(0, 2 - max(0, c[k] - target[k])) for k in pairs), default=2)
        best = min(best, d + pair - 1)
    return best


# --- random hands --------------------------------------------------------------------------------


def deal(rng, melds, seed_kinds=()):
    """A hand of 13 - 3 * calls tiles holding ``seed_kinds``, the rest at random (<= 4 copies
    with the calls)."""
    wall = Counter({k: 4 for k in range(34)})
    for m in melds:
        wall.subtract(m)
    hand = []
    for k in seed_kinds:
        if wall[k] > 0 and len(hand) < 13 - 3 * len(melds):
            wall[k] -= 1
            hand.append(k)
    rest = list(wall.elements())
    while len(hand) < 13 - 3 * len(melds):
        k = rest.pop(rng.randrange(len(rest)))
        hand.append(k)
    return kinds_to_counts(hand)


def forced_hand(rng, table):
    """A hand leaning to one line of ``table``: 0-2 of its runs called, some of the rest held,
    sometimes another call."""
    runs = rng.choice(table)
    called = rng.sample(runs, rng.choice([0, 0, 1, 1, 2]))
    melds = list(called)
    if rng.random() < 0.3:
        melds.append(rng.choice(SETS))
    seed = [k for r in runs if r not in called for k in r if rng.random() < 0.75]
    return deal(rng, melds, seed), melds


def chanta_hand(rng):
    melds = [rng.choice(CHANTA_SETS) for _ in range(rng.choice([0, 0, 1, 2]))]
    if rng.random() < 0.1:
        melds.append(rng.choice(SETS))  # a call that rules chanta out
    pool = [k for k in range(34) if k >= 27 or k % 9 in (0, 1, 2, 6, 7, 8)]
    seed = [rng.choice(pool) for _ in range(rng.randrange(6, 12))]
    return deal(rng, melds, seed), melds


def check_route(route, c, melds, brute, brute_all):
    sets = 4 - len(melds)
    real = regular_shanten(c, sets)
    if route is None:
        # not listed: implausible, or more than ROUTE_SLACK behind the hand (chiitoitsu included)
        assert brute > shanten(c, sets, not melds) + ROUTE_SLACK or brute >= 99, (c, melds)
        return
    assert route.shanten >= real, (route, c, melds)
    if not melds:
        assert route.shanten >= engine_shanten(c), (route, c)
    assert route.shanten >= brute_all, (route, c, melds)  # never better than the best line
    assert route.shanten == brute, (route, brute, c, melds)  # exact along the lines it considers


@pytest.mark.parametrize("name,table", [("ittsu", ITTSU), ("sanshoku", SANSHOKU)])
def test_forced_run_routes_match_brute_force(name, table):
    rng = random.Random(5100 + len(table))
    listed = 0
    for i in range(300):
        c, melds = forced_hand(rng, table) if i % 4 else (deal(rng, []), [])
        mk = [(m, True) for m in melds]
        closed = not melds
        route = by_name(routes(c, mk, closed, no_yakuhai)).get(name)
        brute = brute_forced_runs(c, melds, table, filtered=True)
        check_route(route, c, melds, brute, brute_forced_runs(c, melds, table))
        if route is not None:
            listed += 1
            assert route.han == (2.0 if closed else 1.0)
    assert listed >= 100  # the generator does reach the route


@pytest.mark.parametrize("name,table", [("ittsu", ITTSU), ("sanshoku", SANSHOKU)])
def test_route_ukeire_counts_the_draws_that_bring_the_route_closer(name, table):
    rng = random.Random(5300 + len(table))
    checked = 0
    for _ in range(120):
        c, melds = forced_hand(rng, table)
        mk = [(m, True) for m in melds]
        route = by_name(routes(c, mk, not melds, no_yakuhai)).get(name)
        if route is None:
            continue
        seen = Counter(k for m in melds for k in m)
        unseen = [4 - c[k] - seen[k] for k in range(34)]
        kinds = sorted(route.needs)
        line = [[tuple(kinds[i:i + 3]) for i in (0, 3, 6)]]
        want = 0
        for k in range(34):
            if unseen[k] > 0:
                c[k] += 1
                if brute_forced_runs(c, melds, line) < route.shanten:
                    want += unseen[k]
                c[k] -= 1
        assert route_ukeire(c, mk, route, unseen) == want, (c, melds)
        checked += 1
    assert checked >= 50
    assert route_ukeire(c, mk, Route("riichi", 1, 1.0, None), unseen) is None


def test_chanta_route_matches_brute_force():
    rng = random.Random(5200)
    listed = 0
    for i in range(160):
        c, melds = chanta_hand(rng) if i % 4 else (deal(rng, []), [])
        mk = [(m, True) for m in melds]
        closed = not melds
        route = by_name(routes(c, mk, closed, no_yakuhai)).get("chanta")
        brute = brute_chanta(c, melds)
        check_route(route, c, melds, brute, brute)
        # the exact shanten whether listed or not
        if brute < 99:
            assert chanta_shanten(c, 4 - len(melds)) == brute, (c, melds)
            assert chanta_shanten(c, 4 - len(melds), honours=False) == brute_chanta(
                c, melds, honours=False), (c, melds)
        if route is not None:
            listed += 1
            honours = any(c[27:]) or any(k >= 27 for m in melds for k in m)
            junchan = (not any(k >= 27 for m in melds for k in m)
                       and brute_chanta(c, melds, honours=False) <= brute)
            assert route.han == (3.0 if closed else 2.0) - (0.0 if junchan else 1.0), (c, melds)
            assert route.keep == (value.JUNCHAN_KEEP if junchan else value.CHANTA_KEEP)
            if not honours:
                assert junchan
    assert listed >= 60


# --- named cases ---------------------------------------------------------------------------------


@pytest.mark.parametrize("hand,melds,expect", [
    # called 789m with 123456m: the ittsu is secured, tenpai
    ("123456m23p11s", ["789m"], {"ittsu": 0}),
    # called 456m: one of the runs; tenpai on the 7m
    ("12389m234p55s", ["456m"], {"ittsu": 0}),
    # called 234p: the fourth set, still fine
    ("12345689m55s", ["234p"], {"ittsu": 0}),
    # two calls off the line (234p, 567s; or 345m, which is no ittsu run, and 234p): no ittsu
    ("12345m55s", ["234p", "567s"], {"ittsu": None}),
    ("12789m55s", ["345m", "234p"], {"ittsu": None}),
    # sanshoku: called 345p, holding 345m and 34s
    ("345m34s678p11z", ["345p"], {"sanshoku": 0}),
    # a called 345p and a called 456s: different numbers, and two others for either line
    ("345m55p11z", ["345p", "456s"], {"sanshoku": None}),
    # chanta: every call with a terminal or an honour
    ("123p789s99m1z2z", ["123m"], {"chanta": 1}),
    ("123p789s99m1z2z", ["234m"], {"chanta": None}),
    ("123p789s99m1z2z", ["111z"], {"chanta": 1}),
])
def test_open_meld_compatibility(hand, melds, expect):
    mk = [(tuple(parse_kinds(m)), True) for m in melds]
    assert len(parse_kinds(hand)) == 13 - 3 * len(melds)
    got = by_name(routes(counts(hand), mk, False, no_yakuhai))
    for name, s in expect.items():
        if s is None:
            assert name not in got, got
        else:
            assert name in got and got[name].shanten == s, got


def test_junchan_counts_more_than_chanta():
    closed = by_name(routes(counts("123m789m123p99p78s"), (), True, no_yakuhai))
    assert closed["chanta"].han == 3.0 and closed["chanta"].shanten == 0
    with_honour = by_name(routes(counts("123m789m123p99p11z"), (), True, no_yakuhai))
    assert with_honour["chanta"].han == 2.0
    opened = by_name(routes(counts("789m123p99p78s"), [((0, 1, 2), True)], False, no_yakuhai))
    assert opened["chanta"].han == 2.0


def test_a_dead_run_tile_is_no_route():
    c = counts("12345689m234p55s")
    unseen = [4] * 34
    assert "ittsu" in by_name(routes(c, (), True, no_yakuhai, unseen=unseen))
    unseen[parse_kind("7m")] = 0
    assert "ittsu" not in by_name(routes(c, (), True, no_yakuhai, unseen=unseen))


def test_the_switch_lists_the_routes_before_them(monkeypatch):
    c = counts("12345689m234p55s")
    assert {"ittsu"} <= set(by_name(routes(c, (), True, no_yakuhai)))
    monkeypatch.setattr(value, "EXTRA_ROUTES", False)
    assert not {"ittsu", "sanshoku", "chanta"} & set(by_name(routes(c, (), True, no_yakuhai)))


# --- hand value ----------------------------------------------------------------------------------


def r(name, s, han, keep=None, needs=frozenset()):
    return Route(name, s, han, keep, needs)


ITTSU_M = value._ITTSU_NEEDS[0]
SANSHOKU_234 = value._SANSHOKU_NEEDS[1]
SANSHOKU_123 = value._SANSHOKU_NEEDS[0]


@pytest.mark.parametrize("a,b,together", [
    (r("ittsu", 1, 2, needs=ITTSU_M), r("sanshoku", 1, 2, needs=SANSHOKU_123), False),
    (r("ittsu", 1, 2, needs=ITTSU_M), r("riichi", 1, 1), True),
    (r("ittsu", 1, 2, needs=ITTSU_M), r("honitsu", 1, 3, value.SUIT_KINDS[0]), True),
    (r("ittsu", 1, 2, needs=ITTSU_M), r("honitsu", 1, 3, value.SUIT_KINDS[1]), False),
    (r("ittsu", 1, 2, needs=ITTSU_M), r("tanyao", 1, 1, value.SIMPLES), False),
    (r("ittsu", 1, 2, needs=ITTSU_M), r("toitoi", 1, 2), False),
    (r("ittsu", 1, 2, needs=ITTSU_M), r("chiitoitsu", 1, 2), False),
    (r("sanshoku", 1, 2, needs=SANSHOKU_234), r("tanyao", 1, 1, value.SIMPLES), True),
    (r("sanshoku", 1, 2, needs=SANSHOKU_123), r("tanyao", 1, 1, value.SIMPLES), False),
    (r("sanshoku", 1, 2, needs=SANSHOKU_123), r("chanta", 1, 2, value.CHANTA_KEEP), True),
    (r("sanshoku", 1, 2, needs=SANSHOKU_234), r("chanta", 1, 2, value.CHANTA_KEEP), False),
    (r("chanta", 1, 2, value.CHANTA_KEEP), r("tanyao", 1, 1, value.SIMPLES), False),
    (r("chanta", 1, 2, value.CHANTA_KEEP), r("yakuhai", 1, 1), True),
    (r("chanta", 1, 3, value.JUNCHAN_KEEP), r("yakuhai", 1, 1), False),
    (r("chanta", 1, 2, value.CHANTA_KEEP), r("honitsu", 1, 3, value.SUIT_KINDS[2]), True),
])
def test_which_routes_combine(a, b, together):
    assert combines(a, b) is together and combines(b, a) is together


def test_hand_han_adds_the_new_routes_only_when_no_slower():
    riichi = r("riichi", 1, 1)
    ittsu = r("ittsu", 1, 2, needs=ITTSU_M)
    assert hand_han([riichi, ittsu], ittsu) == pytest.approx(2 + 1 * 0.8)
    slow = r("ittsu", 2, 2, needs=ITTSU_M)
    assert hand_han([riichi, slow], riichi) == 1
    sanshoku = r("sanshoku", 1, 2, needs=SANSHOKU_123)
    assert hand_han([riichi, ittsu, sanshoku], ittsu) == pytest.approx(2 + 0.8)


def test_a_closed_ittsu_hand_is_worth_more(monkeypatch):
    c = counts("12345689m234p55s")  # tenpai on the 7m kanchan
    rs = routes(c, (), True, no_yakuhai)
    best = value.best_route(rs)
    assert best.name == "ittsu" and hand_han(rs, best) == 3.0  # ittsu 2 + riichi 1
    monkeypatch.setattr(value, "EXTRA_ROUTES", False)
    plain = routes(c, (), True, no_yakuhai)
    assert hand_han(plain, value.best_route(plain)) == 1.0


# --- decisions -----------------------------------------------------------------------------------


def _chi_view(pool, hand, meld, called_text, pair_text):
    """Seat 1 holding ``hand`` with an open ``meld``, offered chi on seat 0's ``called_text`` with
    its two ``pair_text`` tiles."""
    base = make_view(hand, legal=(), melds=((), (meld,), (), ()))
    kinds = parse_kinds(pair_text)
    taken = tuple(next(t for t in base.hand if t >> 2 == k) for k in kinds)
    called = next(t for t in range(136) if t >> 2 == parse_kind(called_text)
                  and t not in base.hand and t not in meld.tiles)
    legal = (Chi(taken, called), PASS)
    return make_view(hand, legal=legal, last_discard=(0, called),
                     melds=((), (meld,), (), ())), legal


def test_hard_calls_the_chi_that_completes_an_ittsu_and_refuses_a_yakuless_one(monkeypatch):
    # an open hand (chi 789p: no tanyao, no toitoi) holding 123456m 89m 5p 4z: its one yaku is
    # the ittsu, 1-shanten (the 7m still missing)
    pool = TilePool()
    tiles = tuple(sorted(pool.parse("789p")))
    meld = Meld(MeldKind.CHI, tiles, tiles[0], 3)
    hand = "123456m89m5p4z"
    mk = [(meld.kinds, True)]
    assert [(x.name, x.shanten) for x in routes(counts(hand), mk, False, no_yakuhai)] == [
        ("ittsu", 1)]
    # chi 7m with 89m completes the ittsu: tenpai (tanki) with a yaku
    view, legal = _chi_view(pool, hand, meld, "7m", "8m9m")
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, legal) == legal[0]
    # chi 3m with 45m: 345m is a second set off the line; whatever it discards then, the hand
    # has no yaku left
    after = counts("1236m89m5p4z")
    two_calls = mk + [((2, 3, 4), True)]
    for k in range(34):
        if after[k]:
            c = list(after)
            c[k] -= 1
            assert routes(c, two_calls, False, no_yakuhai) == []
    view3, legal3 = _chi_view(pool, hand, meld, "3m", "4m5m")
    assert make_agent("hard", seed=1, rules=TENHOU).act(view3, legal3) == PASS
    # without the ittsu route the hand counted as yakuless, and the good chi went by too
    monkeypatch.setattr(value, "EXTRA_ROUTES", False)
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, legal) == PASS


def test_an_open_hand_needing_two_given_tiles_has_no_ittsu():
    # 12345m 89m after chi 789p: the 6m and the 7m both missing (a closed hand keeps the route)
    assert "ittsu" not in by_name(routes(counts("12345m89m55p4z"), [((15, 16, 17), True)], False,
                                         no_yakuhai))
    assert "ittsu" in by_name(routes(counts("12345m89m55p4z6s7s8s"), (), True, no_yakuhai))


def test_a_forced_route_keeps_the_held_tiles_and_the_draws_that_serve_it():
    # sanshoku 345 tenpai on the 5s; the 2s also completes the hand, but without the sanshoku
    c = counts("345m345p34s678p11z")
    route = by_name(routes(c, (), True, no_yakuhai))["sanshoku"]
    assert route.shanten == 0
    assert all(k in route.keep for k in range(34) if c[k])
    assert parse_kind("5s") in route.keep and parse_kind("2s") not in route.keep
    # what player.evaluate counts with the mask: the 5s only
    unseen = [4 - n for n in c]
    masked = [n if k in route.keep else 0 for k, n in enumerate(unseen)]
    assert ukeire(c, masked)[2] == 4 and ukeire(c, unseen)[2] == 8
    assert route_ukeire(c, (), route, unseen) == 4
