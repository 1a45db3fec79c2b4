"""Issue 16: riichi against dama priced as the wins are (the arena leak: against RulebaseBot the
hard AI stayed silent on 60 closed tenpai hands in 100 games and won 9 of them, mostly hands
with no yaku but riichi, whose dama was priced as if a ron could win it).

Each test fails on the code before: the yakuless dama counted as ron-able, a riichi priced by
its ron alone with a flat 1.1 for ura and ippatsu."""

import dataclasses

import pytest

from ai.observe import observe
from ai.riichi import EXTRA_HAN, extras_value
from engine.actions import Riichi
from engine.rules import TENHOU
from engine.tiles import TilePool, parse_kind
from tests.ai.helpers import hard, make_view


def tenpai_value(hand: str, riichi: bool):
    v = make_view(hand, "1z", live_tiles_left=42)
    sit = observe(v)
    tiles = sorted(TilePool().parse(hand))
    counts = [0] * 34
    for t in tiles:
        counts[t >> 2] += 1
    return hard()._tenpai_value(sit, counts, [], tiles, True, riichi=riichi)


def test_a_yakuless_dama_wins_only_by_tsumo():
    # 22789m 35p 123456s waits on the 4p kanchan with no yaku but riichi (or menzen tsumo)
    w, value, ron = tenpai_value("22789m35p123456s", riichi=False)
    assert (w, ron) == (4, False) and value == 1100  # tsumo 30 fu 1 han: 300/500
    assert tenpai_value("22789m35p123456s", riichi=True)[2] is True
    assert tenpai_value("234m456p66s345s68p", riichi=False)[2] is True  # tanyao wins by ron


def test_a_riichi_is_priced_between_its_ron_and_its_tsumo():
    # riichi on the 4p: ron 1,300 (1 han 40 fu); tsumo (riichi, menzen tsumo: 2 han 30 fu)
    # 2,000; each with its ura and ippatsu steps: the price lies between the two
    _, value, _ = tenpai_value("22789m35p123456s", riichi=True)
    ron, tsumo = extras_value(1, 40, False, False, TENHOU), extras_value(2, 30, True, False, TENHOU)
    assert 2000 < ron < value < tsumo


def test_riichi_extras_are_the_han_steps_of_this_hand():
    # ura and ippatsu priced han step by han step (measured shares), not a flat factor: a
    # 1,300 ron nearly doubles on average, a haneman gains only what reaches baiman at 8 han
    assert abs(sum(share for _, share in EXTRA_HAN) - 1.0) < 1e-9
    cheap = extras_value(1, 40, False, False, TENHOU) / 1300
    haneman = extras_value(6, 30, False, False, TENHOU) / 12000
    mangan = extras_value(5, 30, False, False, TENHOU) / 8000
    assert cheap > 1.6 and haneman < 1.05 and mangan < 1.3
    # a dealer's 2 han 30 fu ron (2,900) gains as a cheap hand does
    assert extras_value(2, 30, False, True, TENHOU) / 2900 > 1.5


@pytest.mark.parametrize("hand, left", [("22789m35p123456s", 42), ("234m1145689p789s", 50)])
def test_hard_riichis_a_yakuless_tenpai_mid_round(hand, left):
    # no yaku but riichi, on a kanchan / penchan, mid-round: dama wins only by tsumo; riichi
    # against a dama that stays dama (the dama that waits a turn for a better wait, which the
    # 35p kanchan is close to here, is test_tenpai_change's)
    v = make_view(hand, "1z", live_tiles_left=left)
    riichi = Riichi(v.drawn)
    assert hard(wait_change=False).act(v, v.legal + (riichi,)) == riichi


def test_the_riichi_bias_still_tips_a_cheap_kanchan():
    # tanyao only (1,000 points dama) on the 7p kanchan, 30 tiles left: close, the bias decides
    def act(bias):
        v = make_view("234m456p66s345s68p", "1z", live_tiles_left=30)
        return hard(riichi_bias=bias).act(v, v.legal + (Riichi(v.drawn),))

    assert isinstance(act(0.2), Riichi)
    assert not isinstance(act(-0.2), Riichi)


def test_R1_a_ready_hand_below_1000_points_is_priced_without_riichi():
    # R1: under 1,000 points no riichi. 666m 79m 123p 789p 789s drawing the 1p: the 6m leaves the
    # 8m kanchan with sanshoku (2,600 dama, about 6,000 with a riichi), the 9m the 5-8m pinfu and
    # the 7m (11 tiles, about 1,000 dama). With the points for a riichi the kanchan is worth
    # more; at 800 points it is a 2,600 dama on 4 tiles, and the wide pinfu wait wins. Priced as
    # a riichi whatever the points, the hand kept the kanchan at 800 too.
    def act(points):
        v = make_view("666m79m23p789p789s", "1p", live_tiles_left=40,
                      scores=(25000, points, 25000, 25000))
        return hard().act(v, v.legal).tile >> 2

    assert act(25000) == parse_kind("6m")
    assert act(800) == parse_kind("9m")
    # once declared (the hand is in riichi, whatever its points now) it stays priced as one
    v = make_view("666m79m23p789p789s", "1p", live_tiles_left=40,
                  scores=(25000, 800, 25000, 25000))
    v = dataclasses.replace(v, riichi=(False, True, False, False))
    assert hard()._may_riichi(observe(v))


def test_a_declared_riichi_throws_the_tile_of_the_live_wait_not_the_first_offered():
    """Asked with riichi already declared (only ``Riichi`` actions legal, as an mjai ``reach``
    comes before its tile): 123m 456p 789s 23456s throws the 2s for the 3s-6s wait, not the 6s
    whose 2s-5s wait is furiten (both in its river), though the 6s is offered first."""
    v = make_view("123m456p789s2345s", "6s", rivers=("", "2s5s", "", ""))
    two = next(t for t in v.concealed if t >> 2 == parse_kind("2s"))
    legal = (Riichi(v.drawn), Riichi(two))
    assert hard().act(v, legal) == Riichi(two)
