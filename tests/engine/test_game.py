"""A whole game: rotation, renchan, honba and sticks carried over, extension, bust, agari-yame,
ranking and the final score (G1-G7, R5)."""

import random

import pytest

from engine.actions import PASS, TSUMO, AgariYame, Discard
from engine.errors import IllegalAction, RulesError
from engine.events import GameEnded, RoundEnded, RoundStarted
from engine.game import Game, RoundStart, final_scores, next_step, ranking, seeded_walls
from engine.rules import RuleSet
from engine.wall import Wall

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


# The all-last dealer (seat 3) wins on the first draw (tenhou): 123456789m 1234p + 4p.
DEALER_HAND = [0, 4, 8, 12, 17, 20, 24, 28, 32, 36, 40, 44, 48]
DEALER_DRAW = 49


def scripted_wall(dealer: int = 3) -> Wall:
    """A wall where ``dealer`` holds ``DEALER_HAND`` and draws ``DEALER_DRAW`` first."""
    rest = [t for t in range(136) if t not in DEALER_HAND and t != DEALER_DRAW]
    others = iter([rest[13 * i: 13 * i + 13] for i in range(3)])
    hands = [DEALER_HAND if s == dealer else next(others) for s in range(4)]
    return Wall.from_hands(hands, draws=[DEALER_DRAW], dealer=dealer)


def all_last_win(rules=R, **kw) -> Game:
    """A game started at South 4 (seat 3 deals, first) whose dealer wins on the first draw: the
    first wall is scripted, the later ones seeded."""
    first = scripted_wall()
    seeded = seeded_walls(5)

    def walls(number, start):
        return first if number == 0 else seeded(number, start)

    start = RoundStart(7, (20000, 20000, 20000, 40000))
    g = Game(rules, 5, start=start, walls=walls, **kw)
    g.submit(3, TSUMO)
    return g


def test_G4_agari_yame_decision_is_the_dealers_action():
    g = all_last_win()
    assert g.yame_pending and not g.over
    assert g.pending() == {3: (AgariYame(True), AgariYame(False))}
    assert g.view(3).legal == (AgariYame(True), AgariYame(False))
    with pytest.raises(IllegalAction, match="seat 0"):
        g.submit(0, AgariYame(True))
    events = g.submit(3, AgariYame(True))
    assert isinstance(events[-1], GameEnded) and events[-1].reason == "agari-yame" and g.over
    g2 = all_last_win()
    events = g2.submit(3, AgariYame(False))
    assert isinstance(events[0], RoundStarted) and events[0].round_index == 7 and not g2.over
    assert events[0].honba == 1 and g2.dealer_streak == 1  # renchan (G2), L13 counted


def test_G4_agari_yame_not_offered_when_the_rules_say_no():
    g = all_last_win(R.replace(agari_yame=False))
    assert not g.yame_pending and 3 in g.pending() and g.round_index == 7 and g.honba == 1


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


def _idle(g: Game) -> None:
    """Every seat discards what it drew and calls nothing (so no win and no riichi stick)."""
    while not g.over:
        p = g.pending()
        s = min(p)
        drawn = Discard(g.table.drawn) if g.table.drawn is not None else None
        g.submit(s, drawn if drawn in p[s] else PASS if PASS in p[s] else p[s][0])


def test_R5_leftover_sticks_go_to_the_top_or_are_lost():
    start = RoundStart(7, (30000, 40000, 15000, 13000), sticks=2)
    for to_top in (True, False):
        g = Game(R.replace(leftover_sticks_to_top=to_top), 1, start=start)
        _idle(g)
        last = [e for e in g.events if isinstance(e, RoundEnded)][-1]
        assert g.result.leftover_sticks == 2 == last.sticks
        points = list(last.scores)
        if to_top:
            points[ranking(points)[0]] += 2000
        assert g.result.points == tuple(points) and g.events[-1].reason == "last round"


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
        for end, nxt, cur in zip(ends, starts[1:], starts, strict=False):
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


# --- seams: where the walls come from, where the rounds start --------------------------------


def dealt_from(g: Game, wall: Wall) -> bool:
    """The last round dealt took its hands and first dora indicator from ``wall``."""
    start = [e for e in g.events if isinstance(e, RoundStarted)][-1]
    hands = [sorted(h) for h in wall.deal(start.dealer)]
    return [sorted(h) for h in start.hands] == hands and (
        start.dora_indicators == (wall.dora_indicator(0),))


def test_a_game_is_dealt_from_given_walls():
    asked = []
    wall = scripted_wall(dealer=0)

    def walls(number, start):
        asked.append((number, start))
        return wall if number == 0 else Wall.shuffled(9, start.index, start.honba)

    g = Game(R, 9, walls=walls)
    assert asked == [(0, RoundStart.first(R))]
    assert dealt_from(g, wall)
    assert sorted(g.events[0].hands[0]) == DEALER_HAND and g.table.drawn == DEALER_DRAW
    g.submit(0, TSUMO)  # East 1: the dealer keeps the deal, East 1 with 1 honba follows
    opened = [e for e in g.events if isinstance(e, RoundStarted)][-1]
    assert asked[1] == (1, RoundStart(0, opened.scores, honba=1, dealer_streak=1))
    assert dealt_from(g, Wall.shuffled(9, 0, 1))


def test_the_default_walls_are_the_seeded_shuffle():
    g = Game(R, 4, start=RoundStart(5, (25000,) * 4, honba=2))
    assert dealt_from(g, Wall.shuffled(4, 5, 2))
    assert seeded_walls(4)(0, g.start) == Wall.shuffled(4, 5, 2)


def test_a_game_starts_at_a_given_position():
    start = RoundStart(7, (32000, 18000, 25000, 25000), honba=1, sticks=2)
    g = Game(R, 3, start=start)
    assert [type(e) for e in g.events if isinstance(e, RoundStarted)] == [RoundStarted]
    first = g.events[0]
    assert (first.round_index, first.dealer, first.honba, first.sticks, first.scores) == (
        7, 3, 1, 2, (32000, 18000, 25000, 25000))
    assert (g.round_index, g.dealer, g.honba, g.sticks, g.scores) == (7, 3, 1, 2, list(start.scores))
    assert g.describe() == start.name == "South 4, 1 honba"


def _random_game(seed: int, **kw) -> Game:
    """A game of random legal actions; one that stops between rounds is dealt its next round
    at once (the same game)."""
    rng = random.Random(seed)
    g = Game(R, seed, **kw)
    while not g.over:
        if g.next_round is not None:
            assert g.pending() == {}
            g.start_round()
            continue
        p = g.pending()
        s = rng.choice(sorted(p))
        g.submit(s, rng.choice(p[s]))
    return g


def test_a_game_that_stops_between_rounds_is_the_same_game():
    for seed in range(3):
        auto = _random_game(seed)
        stops = _random_game(seed, auto_deal=False)
        assert stops.actions == auto.actions and stops.events == auto.events
        assert stops.result == auto.result
        assert stops.to_dict() == auto.to_dict()  # its own flow: it saves like any game


def test_between_rounds_the_game_shows_the_wanted_start_and_takes_no_action():
    g = all_last_win(auto_deal=False)
    g.submit(3, AgariYame(False))
    end = g.events[-1]
    assert isinstance(end, RoundEnded)
    wanted = RoundStart(7, end.scores, honba=1, sticks=0, dealer_streak=1)
    assert g.next_round == wanted and g.pending() == {} and not g.over
    with pytest.raises(IllegalAction, match="between rounds"):
        g.submit(3, Discard(0))
    events = g.start_round()
    assert isinstance(events[0], RoundStarted) and events[0].scores == end.scores
    assert g.next_round is None and sorted(g.pending()) == [3]
    with pytest.raises(RulesError, match="no round to start"):
        g.start_round()


def test_a_round_started_by_hand_replaces_the_flow_and_cannot_be_saved_by_actions():
    g = Game(R, 2, auto_deal=False)
    opened = g.start_round(RoundStart(6, (25000, 35000, 20000, 20000), sticks=1))
    assert (g.round_index, g.sticks) == (6, 1)
    assert opened[0].round_index == 6 and dealt_from(g, Wall.shuffled(2, 6, 0))
    with pytest.raises(RulesError, match="South 3 was started by hand"):
        g.to_dict()
    ended = all_last_win()
    ended.submit(3, AgariYame(True))
    assert ended.over
    ended.start_round(RoundStart(7, ended.result.points))  # a finished game goes on
    assert not ended.over and sorted(ended.pending()) == [3]
    with pytest.raises(RulesError, match="given walls"):
        ended.to_dict()


def test_a_game_started_at_a_position_round_trips_through_to_dict():
    start = RoundStart(6, (31000, 19000, 27000, 23000), honba=1, sticks=1)
    rng = random.Random(8)
    g = Game(R, 8, start=start)
    while not g.over:
        p = g.pending()
        s = rng.choice(sorted(p))
        g.submit(s, rng.choice(p[s]))
    data = g.to_dict()
    assert RoundStart.from_dict(data["start"]) == start
    again = Game.from_dict(data)
    assert again.events == g.events and again.result == g.result
    assert Game.replay(R, 8, g.actions, start=start).events == g.events
    assert "start" not in Game(R, 8).to_dict()  # East 1 games save as before


def test_round_starts_are_checked():
    with pytest.raises(RulesError, match="round index 16"):
        RoundStart(16, (25000,) * 4)
    with pytest.raises(RulesError, match="negative"):
        RoundStart(0, (25000,) * 4, honba=-1)
    with pytest.raises(RulesError, match="not a round start"):
        RoundStart.from_dict({"scores": [25000] * 4})
    with pytest.raises(RulesError, match="not a saved game|not a round start"):
        Game.from_dict({**Game(R, 1).to_dict(), "start": {"index": "x", "scores": []}})
