"""ai.standing: before the all-last, a deal-in weighed against a win by the standings (the place
is settled at the end, G7; two seats' gap moves by the measured spread until then), and the hard
AI's ``Style.standing`` that weighs each opponent's danger by it."""

from __future__ import annotations

import pytest

from ai.observe import observe
from ai.standing import defence_factors, place_chances, place_values, regular_rounds_left
from engine.rules import TENHOU, TENHOU3
from engine.tiles import TilePool, parse_kind
from tests.ai.helpers import hard, make_view

EVEN = (25000, 25000, 25000, 25000)
LEADER = (45000, 22000, 18000, 15000)  # seat 0 far ahead


def test_places_are_chances_that_add_up_and_favour_the_points_ahead():
    scores = (30000, 25000, 25000, 20000)
    top, bottom = place_chances(scores, 0, 10000.0), place_chances(scores, 3, 10000.0)
    assert sum(top) == pytest.approx(1.0) and sum(bottom) == pytest.approx(1.0)
    assert top[0] > bottom[0] and top[3] < bottom[3]
    assert top == pytest.approx(bottom[::-1])  # the same gaps, turned round
    assert place_chances(EVEN, 2, 10000.0) == pytest.approx([0.125, 0.375, 0.375, 0.125])


def test_G7_places_are_worth_uma_and_oka_to_first():
    assert place_values(TENHOU) == (40000.0, 10000.0, -10000.0, -20000.0)


def test_an_even_table_weighs_every_opponent_as_the_points_say():
    for round_index in range(7):
        factors = defence_factors(EVEN, 1, round_index, TENHOU)
        assert set(factors) == {0, 2, 3}
        assert all(f == pytest.approx(1.0) for f in factors.values())


def test_a_leader_pays_more_for_a_deal_in_than_it_gains_by_a_win_and_more_so_later():
    early = defence_factors(LEADER, 0, 0, TENHOU)
    late = defence_factors(LEADER, 0, 5, TENHOU)
    assert all(1.0 < early[o] < late[o] for o in (1, 2, 3))
    # the seat just behind gains what the leader loses: a deal-in to it costs the most
    assert late[1] > late[2] > late[3]


def test_a_seat_far_behind_weighs_its_deal_ins_less_than_its_wins():
    factors = defence_factors(LEADER, 3, 5, TENHOU)
    assert all(f < 1.0 for f in factors.values())


def test_regular_rounds_left_count_this_one_and_three_a_wind_at_three_seats():
    assert regular_rounds_left(0, TENHOU) == 8 and regular_rounds_left(6, TENHOU) == 2
    assert regular_rounds_left(0, TENHOU3) == 6 and regular_rounds_left(4, TENHOU3) == 3


def _facing_riichi(scores, round_index=6):
    return make_view("3p4p6p7p7p8p8p1s4s5s6s8s8s", "6z", pool=TilePool(), seat=1,
                     riichi=(True, False, False, False), riichi_at={0: 7},
                     rivers=("4z7s7s5m8m2p4s5m", "", "", ""), scores=scores,
                     round_index=round_index, live_tiles_left=36)


def test_hard_weighs_the_danger_of_each_opponent_by_the_standings():
    lead = (22000, 45000, 18000, 15000)  # seat 1, the view's, far ahead in South 3
    view = _facing_riichi(lead)
    p = hard(standing=True)
    p.choose(view, view.legal)  # sets the factors of this position
    assert p._standing == defence_factors(lead, 1, 6, TENHOU)
    weighed = p._danger(observe(view), parse_kind("1s"))
    p._standing = None
    assert weighed == pytest.approx(p._danger(observe(view), parse_kind("1s")) *
                                    defence_factors(lead, 1, 6, TENHOU)[0] / p._mood(
                                        observe(view))[0])


def test_a_leader_folds_the_tile_an_even_table_pushes():
    even = _facing_riichi(EVEN)
    assert str(hard(standing=True).choose(even, even.legal)) == "discard 1s"
    lead = _facing_riichi((22000, 45000, 18000, 15000))
    assert str(hard(standing=True).choose(lead, lead.legal)) == "discard 4s"  # the genbutsu


def test_the_all_last_is_priced_by_the_outlook_not_by_the_standings():
    p = hard(standing=True)
    last = _facing_riichi((22000, 45000, 18000, 15000), round_index=7)
    p.choose(last, last.legal)
    assert p._standing is None and p._outlook is not None
