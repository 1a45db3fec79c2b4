"""Issue 16: the dora a threat is dealt or shows. A dora kind in hand is a riichi's wait more often
than the readings say (``ai.defence.DORA_WAIT``), a ron on a dora or a red five gains the han
(``DORA_LOSS``), and a red five in a call is a dora shown (D2)."""

import pytest

from ai.defence import (
    DORA_FACTOR,
    DORA_LOSS,
    DORA_WAIT,
    OPEN_LOSS,
    Opponent,
    expected_loss,
    threat_cost,
)
from ai.observe import observe
from engine.meld import Meld, MeldKind
from engine.tiles import TilePool, parse_kind
from tests.ai.helpers import hard, make_view

UNSEEN = [4] * 34
FIVE_P = parse_kind("5p")


def open_hand() -> Opponent:
    return Opponent(seat=0, open_melds=2, meld_kinds=[(2, 3, 4), (20, 21, 22)])


def test_a_dora_dealt_to_an_open_hand_is_a_likelier_wait_and_a_dearer_ron():
    opp = open_hand()
    plain = threat_cost(FIVE_P, [opp], UNSEEN, (), 10)
    dora = threat_cost(FIVE_P, [opp], UNSEEN, (FIVE_P,), 10)
    assert dora == pytest.approx(plain * DORA_WAIT * DORA_LOSS)
    # a red five is no likelier a wait than the plain ones, but the ron gains its han
    assert threat_cost(FIVE_P, [opp], UNSEEN, (), 10, red=True) == pytest.approx(
        plain * DORA_LOSS)


def test_three_seats_keep_the_readings_of_a_dora():
    opp = open_hand()
    plain = threat_cost(FIVE_P, [opp], UNSEEN, (), 10, calibrated=False)
    dora = threat_cost(FIVE_P, [opp], UNSEEN, (FIVE_P,), 10, calibrated=False)
    assert dora == pytest.approx(plain * DORA_FACTOR)


def test_a_dora_is_dearer_to_deal_to_a_riichi():
    riichi = Opponent(seat=0, riichi=True, river=[0, 30, 31], riichi_turn=2)
    plain = threat_cost(FIVE_P, [riichi], UNSEEN, (), 10)
    dora = threat_cost(FIVE_P, [riichi], UNSEEN, (FIVE_P,), 10)
    assert dora > plain * DORA_LOSS * 1.2  # likelier a wait, though shared with every kind


def test_a_red_five_in_a_call_is_a_dora_shown():
    # D2: a yakuhai pon and a chi holding the red 5p show 2 han, as a dora 5p would
    yakuhai = frozenset({31, 32, 33})
    calls = [(31, 31, 31), (12, 13, 14)]
    bare = Opponent(seat=0, open_melds=2, meld_kinds=calls, yakuhai=yakuhai)
    red = Opponent(seat=0, open_melds=2, meld_kinds=calls, yakuhai=yakuhai, shown_red=1)
    assert expected_loss(bare, ()) == OPEN_LOSS[1]
    assert expected_loss(red, ()) == expected_loss(bare, (FIVE_P,)) == OPEN_LOSS[2]


def test_observe_counts_the_red_fives_in_the_opponents_calls():
    pool = TilePool()
    chi = tuple(sorted(pool.parse("30p4p")))  # the red 5p
    pon = tuple(sorted(pool.parse("555s")))  # plain 5s
    melds = ((Meld(MeldKind.CHI, chi, chi[0], 3), Meld(MeldKind.PON, pon, pon[0], 2)), (), (), ())
    v = make_view("123m456m789m11s2z", "3z", pool=pool, melds=melds)
    opp = next(o for o in observe(v).opponents if o.seat == 0)
    assert opp.shown_red == 1
    assert next(o for o in observe(v, (0, 0, 0)).opponents if o.seat == 0).shown_red == 0


def test_hard_prices_a_red_five_it_would_throw_as_a_dora():
    # facing a riichi, the only 5p held is red in one hand, plain in the other: throwing the red
    # one costs more (the ron gains a han); a plain 5p beside it is what would be thrown
    def danger(hand):
        v = make_view(hand, "3z", pool=TilePool(), riichi=(True, False, False, False),
                      riichi_at={0: 2}, rivers=("1m7z6z", "", "", ""))
        p = hard()
        return p._danger(observe(v, p.rules.red_fives), FIVE_P)

    plain = danger("123m456m789s5p11z2z")
    assert danger("123m456m789s0p11z2z") == pytest.approx(plain * DORA_LOSS)
    assert danger("123m456m789s05p11z") == pytest.approx(danger("123m456m789s55p11z"))
