"""The wall (T2-T4, D1): seeded shuffles, the agreed draw-order layout, scripted walls."""

import pytest

from engine.errors import RulesError
from engine.wall import DEAD_WALL_START, FIRST_DRAW, Wall


def test_T3_same_seed_round_and_honba_give_the_same_wall():
    assert Wall.shuffled(42, 3, 1) == Wall.shuffled(42, 3, 1)
    assert Wall.shuffled(42, 3, 1).tiles != Wall.shuffled(42, 3, 2).tiles
    assert Wall.shuffled(42, 3, 1).tiles != Wall.shuffled(43, 3, 1).tiles
    assert Wall.shuffled(42, 3, 1).tiles != Wall.shuffled(42, 4, 1).tiles


def test_T1_T3_shuffled_wall_holds_each_tile_once_with_dice_and_break_point():
    w = Wall.shuffled(7)
    assert sorted(w.tiles) == list(range(136))
    assert all(1 <= d <= 6 for d in w.dice)
    assert 0 <= w.break_point < 136
    ring = w.ring()
    assert sorted(ring) == list(range(136))
    assert ring[w.break_point] == w.tiles[0]


def test_T2_deal_is_4_4_4_then_1_each_dealer_first():
    w = Wall.from_tiles(range(136))
    hands = w.deal(dealer=1)
    assert hands[1] == [0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48]
    assert hands[2] == [4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 49]
    assert hands[0] == [12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 51]
    assert FIRST_DRAW == 52


def test_T4_D1_dead_wall_positions():
    w = Wall.from_tiles(range(136))
    assert [w.rinshan(i) for i in range(4)] == [122, 123, 124, 125]
    assert [w.dora_indicator(i) for i in range(5)] == [126, 128, 130, 132, 134]
    assert [w.ura_indicator(i) for i in range(5)] == [127, 129, 131, 133, 135]
    assert Wall.live_end(0) == DEAD_WALL_START == 122
    assert Wall.live_end(2) == 120  # haitei moves one tile earlier per kan


def test_from_tiles_refuses_anything_but_the_136_tiles():
    with pytest.raises(RulesError):
        Wall.from_tiles(range(135))
    with pytest.raises(RulesError):
        Wall.from_tiles([0] + list(range(1, 135)) + [1])


def test_from_hands_places_hands_draws_and_dead_wall():
    hands = [list(range(s * 13, s * 13 + 13)) for s in range(4)]
    w = Wall.from_hands(hands, draws=[100, 101], dead={4: 120, 0: 121}, dealer=2)
    dealt = w.deal(2)
    assert [sorted(h) for h in dealt] == hands
    assert w.tiles[52:54] == (100, 101)
    assert w.dora_indicator(0) == 120 and w.rinshan(0) == 121
    with pytest.raises(RulesError):
        Wall.from_hands(hands, draws=[0])
