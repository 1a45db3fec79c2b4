"""engine.driver: the one game loop - who acts first, where it stops for a seat without an agent,
the decision clock, replaying recorded actions."""

import pytest

from ai import make_agent
from engine.actions import Pass
from engine.driver import Driver, play_out, replay
from engine.errors import IllegalAction
from engine.game import Game
from engine.rules import TENHOU


class First:
    """Takes the first legal action and remembers which seats it was asked for."""

    def __init__(self, asked):
        self.asked = asked

    def act(self, view, legal):
        self.asked.append(view.seat)
        return legal[0]


def test_the_lowest_pending_seat_with_an_agent_acts_and_a_seat_without_one_waits_its_turn():
    game = Game(seed=3)
    asked = []
    agent = First(asked)
    driver = Driver(game, {1: agent, 2: agent, 3: agent})
    for _ in range(30):
        waiting = driver.run()
        assert list(waiting) == [0]  # only seat 0 is left: no seat with an agent is pending
        pending = game.pending()
        assert all(seat not in driver.agents for seat in pending)
        driver.submit(0, waiting[0][0])
    assert set(asked) == {1, 2, 3}


def test_play_out_is_the_min_pending_loop_it_replaces():
    agents = {s: make_agent("greedy", seed=s, rules=TENHOU) for s in range(4)}
    by_hand = Game(seed=5)
    while not by_hand.over:
        pending = by_hand.pending()
        seat = min(pending)
        by_hand.submit(seat, agents[seat].act(by_hand.view(seat), pending[seat]))
    agents = {s: make_agent("greedy", seed=s, rules=TENHOU) for s in range(4)}
    driven = Game(seed=5)
    play_out(driven, agents)
    assert driven.actions == by_hand.actions and driven.result == by_hand.result


def test_the_clock_times_each_decision_and_on_events_hears_each_action():
    ticks = iter(range(100_000))
    timed, heard = [], []
    game = Game(seed=2)
    driver = Driver(game, {s: First([]) for s in range(4)}, clock=lambda: next(ticks),
                    on_decision=lambda seat, dt: timed.append((seat, dt)),
                    on_events=lambda seat, action, events: heard.append((seat, action)))
    driver.run(until=lambda events: len(heard) >= 20)
    assert len(heard) == 20 and len(timed) == 20
    assert all(dt == 1 for _, dt in timed)
    assert heard == game.actions


def test_play_out_refuses_to_leave_a_seat_unanswered():
    with pytest.raises(ValueError, match=r"seats \[0\]"):
        play_out(Game(seed=1), {1: First([]), 2: First([]), 3: First([])})


def test_replay_rebuilds_the_game_and_names_the_refused_action():
    game = Game(seed=4)
    play_out(game, {s: First([]) for s in range(4)})
    again = Game(seed=4)
    replay(again, game.actions)
    assert again.events == game.events
    with pytest.raises(IllegalAction, match="replay action 1:"):
        replay(Game(seed=4), [game.actions[0], (2, Pass())])
