"""A whole game: rotation, renchan, honba and sticks carried over, extension, bust, agari-yame,
ranking and the final score (G1-G7, R5)."""

import random

import pytest

from engine.actions import AgariYame, Discard
from engine.errors import IllegalAction
from engine.events import GameEnded, RoundEnded, RoundStarted
from engine.game import Game, final_scores, next_step, ranking
from engine.rules import RuleSet

R = RuleSet()


def test_G1_hanchan_ends_after_south_4_tonpuusen_after_east_4():
    assert next_step(R, 7, [35000, 25000, 20000, 20000], False, False) == "last round"
    assert next_step(R, 6, [35000, 25000, 20000, 20000], False, False) == 7
    ton = RuleSet(length="tonpuusen")
    assert next_step(ton, 3, [35000, 25000, 20000, 20000], False, False) == "last round"
    assert next_step(ton, 2, [35000, 25000, 20000, 20000], False, False) == 3


def test_G2_renchan_keeps_the_round_index():
    assert next_step(R, 2, [25000] * 4, True, True) == 2
    assert next_step(R, 2, [25000] * 4, False, False) == 3


def test_G5_extension_into_west_until_someone_has_the_return_points():
    low = [29000, 27000, 22000, 22000]
    assert next_step(R, 7, low, False, False) == 8
    assert next_step(R, 8, low, False, False) == 9
    assert next_step(R, 8, [30000, 26000, 22000, 22000], False, False) == "last round"
    assert next_step(R, 11, low, False, False) == "last round"  # at most West 4
    assert next_step(R.replace(extension=False), 7, low, False, False) == "last round"
    assert next_step(RuleSet(length="tonpuusen"), 3, low, False, False) == 4  # into South


def test_G3_bust_per_rule():
    assert next_step(R, 1, [-100, 40000, 30000, 30100], False, False) == "bust"
    assert next_step(R, 1, [0, 40000, 30000, 30000], False, False) == 2
    assert next_step(R.replace(bust="zero_or_below"), 1, [0, 40000, 30000, 30000],
                     False, False) == "bust"
    assert next_step(R.replace(bust="off"), 1, [-100, 40000, 30000, 30100], False, False) == 2


def test_G4_agari_yame_only_for_a_top_dealer_after_win_or_tenpai():
    top = [20000, 20000, 20000, 40000]  # all-last (South 4): seat 3 deals
    assert next_step(R, 7, top, True, True) == "yame"
    assert next_step(R, 7, top, True, False) == 7  # an abortive draw keeps the deal, no yame
    assert next_step(R.replace(agari_yame=False), 7, top, True, True) == 7
    assert next_step(R, 7, [40000, 20000, 20000, 20000], True, True) == 7  # not first
    assert next_step(R, 7, [20000, 30000, 20000, 30000], True, True) == 7  # tie: seat 1 ranks first


def test_G4_agari_yame_decision_is_the_dealers_action():
    g = Game(R, 5)
    g.round_index = 7  # put the game at a finished all-last (the flag is what the loop sets)
    g._yame_pending = True
    assert g.pending() == {3: (AgariYame(True), AgariYame(False))}
    assert g.view(3).legal == (AgariYame(True), AgariYame(False))
    with pytest.raises(IllegalAction, match="seat 0"):
        g.submit(0, AgariYame(True))
    events = g.submit(3, AgariYame(True))
    assert isinstance(events[-1], GameEnded) and events[-1].reason == "agari-yame" and g.over
    g2 = Game(R, 5)
    g2.round_index = 7
    g2._yame_pending = True
    events = g2.submit(3, AgariYame(False))
    assert isinstance(events[0], RoundStarted) and events[0].round_index == 7 and not g2.over


def test_G6_ranking_ties_by_seat_order_from_the_first_dealer():
    assert ranking([30000, 30000, 20000, 20000]) == [0, 1, 2, 3]
    assert ranking([20000, 30000, 20000, 30000]) == [1, 3, 0, 2]


def test_G7_final_score_uma_oka_round56():
    points = [45300, 30100, 15400, 9200]
    order = ranking(points)
    assert final_scores(points, order, R.replace(score_rounding="round56")) == (56, 10, -25, -41)
    exact = final_scores(points, order, R)  # the tenhou preset: exact, one decimal
    assert exact == pytest.approx((55.3, 10.1, -24.6, -40.8))
    uma = R.replace(uma=(15, 5, -5, -15))
    assert sum(final_scores(points, order, uma)) == 0


def test_R5_leftover_sticks_go_to_the_top_or_are_lost():
    g = Game(R, 1)
    g.scores, g.sticks = [30000, 40000, 15000, 13000], 2
    g._finish("last round")
    assert g.result.points == (30000, 42000, 15000, 13000) and g.result.leftover_sticks == 2
    g = Game(R.replace(leftover_sticks_to_top=False), 1)
    g.scores, g.sticks = [30000, 40000, 15000, 13000], 2
    g._finish("last round")
    assert g.result.points == (30000, 40000, 15000, 13000)


def test_rounds_carry_scores_honba_and_sticks_and_rotate_the_dealer():
    for seed in range(4):
        rng = random.Random(seed)
        g = Game(R, seed)
        while not g.over:
            p = g.pending()
            s = rng.choice(sorted(p))
            g.submit(s, rng.choice(p[s]))
        ends = [e for e in g.events if isinstance(e, RoundEnded)]
        starts = [e for e in g.events if isinstance(e, RoundStarted)]
        assert len(starts) == len(ends)
        for end, nxt, cur in zip(ends, starts[1:], starts):
            assert nxt.scores == end.scores and nxt.honba == end.honba and nxt.sticks == end.sticks
            assert nxt.round_index == cur.round_index + (0 if end.renchan else 1)
            assert nxt.dealer == nxt.round_index % 4 and nxt.round_wind == 27 + nxt.round_index // 4
            if not end.renchan and end.honba:
                assert end.honba == cur.honba + 1  # a draw that passed the deal


def test_game_refuses_actions_after_the_end_and_from_the_wrong_seat():
    g = Game(R, 3)
    with pytest.raises(IllegalAction, match="seat 2"):
        g.submit(2, Discard(g.table.seats[2].hand[0]))
    g.result = None
    rng = random.Random(3)
    while not g.over:
        p = g.pending()
        s = rng.choice(sorted(p))
        g.submit(s, rng.choice(p[s]))
    with pytest.raises(IllegalAction, match="over"):
        g.submit(0, Discard(0))
    assert g.pending() == {}


def _play(rules, seed):
    rng = random.Random(seed)
    g = Game(rules, seed)
    while not g.over:
        p = g.pending()
        s = rng.choice(sorted(p))
        g.submit(s, rng.choice(p[s]))
    return g


def test_G3_bust_ends_a_real_game_at_once():
    rules = R.replace(starting_points=500)
    reasons = []
    for seed in range(6):
        g = _play(rules, seed)
        end = g.events[-1]
        reasons.append(end.reason)
        if end.reason == "bust":
            last_round = [e for e in g.events if isinstance(e, RoundEnded)][-1]
            assert min(last_round.scores) < 0
    assert "bust" in reasons


def test_game_flow_follows_next_step_round_by_round():
    from engine.events import RoundDrawn, Win

    for seed in range(6):
        g = _play(R, seed)
        ev = g.events
        starts = [i for i, e in enumerate(ev) if isinstance(e, RoundStarted)]
        for n, i in enumerate(starts):
            start = ev[i]
            end_i = next(j for j in range(i, len(ev)) if isinstance(ev[j], RoundEnded))
            end = ev[end_i]
            wins = [e.seat for e in ev[i:end_i] if isinstance(e, Win)]
            drawn = [e for e in ev[i:end_i] if isinstance(e, RoundDrawn)]
            earned = start.dealer in wins or bool(
                drawn and not drawn[0].kind.abortive and drawn[0].tenpai[start.dealer])
            step = next_step(R, start.round_index, end.scores, end.renchan, earned)
            if n + 1 < len(starts):
                nxt = ev[starts[n + 1]]
                assert step == "yame" or step == nxt.round_index
            else:
                assert isinstance(ev[-1], GameEnded)
                assert step in ("last round", "bust", "yame")
