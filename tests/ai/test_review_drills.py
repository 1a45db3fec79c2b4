"""ai.review.drills: seeded self-play drill positions (call, riichi, push/fold), their
evaluation, the closeness test, and an evaluation's cancel."""

import pytest

from ai.review.drills import (
    DRILL_CATEGORIES,
    PER_GAME,
    drill_positions,
    evaluate_position,
    is_close,
    selfplay_drills,
    selfplay_game,
)
from ai.review.rollout import Cancelled, OptionValue, evaluate
from engine.actions import Pass
from engine.game import Game
from engine.rules import TENHOU


def _value(loss, half, action=None):
    return OptionValue(action or Pass(), -loss, 100.0, loss, half, -loss, 0.0, 0.0, None, 8)


def test_close_when_the_runner_up_is_inside_its_interval_or_under_fine():
    assert is_close([_value(0, 0), _value(250, 50)])  # under FINE points
    assert is_close([_value(0, 0), _value(900, 1000)])  # inside its interval
    assert not is_close([_value(0, 0), _value(900, 200)])
    assert is_close([_value(0, 0), _value(0, 0)])  # the same value


def test_selfplay_drills_are_of_the_drill_categories_rebuilt_from_their_actions():
    game = selfplay_game(3, TENHOU, "greedy")
    positions = drill_positions(game, TENHOU)
    assert 0 < len(positions) <= PER_GAME
    assert [p.index for p in positions] == sorted(p.index for p in positions)
    drill = evaluate_position(positions[0], game.actions, TENHOU, 3, samples=4)
    assert drill.category in DRILL_CATEGORIES
    assert len(drill.values) == len(drill.options) >= 2
    assert drill.played in drill.options
    # the actions before the decision rebuild the position: the seat is asked the same
    again = Game.replay(TENHOU, 3, drill.actions)
    assert set(drill.options) <= set(again.pending()[drill.seat])


def test_selfplay_drills_are_seeded():
    a = list(selfplay_drills(4, TENHOU, samples=4, limit=2, level="greedy"))
    b = list(selfplay_drills(4, TENHOU, samples=4, limit=2, level="greedy"))
    assert [(d.actions, d.options, d.values) for d in a] == \
        [(d.actions, d.options, d.values) for d in b]


def test_evaluate_cancelled_between_samples():
    game = selfplay_game(3, TENHOU, "greedy")
    p = drill_positions(game, TENHOU)[0]
    legal = p.game.pending()[p.seat]
    asked = []

    def cancelled():
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(Cancelled):
        evaluate(p.game, p.seat, legal[:2], samples=8, cancelled=cancelled)
    assert len(asked) == 3  # heard within one sample


def test_selfplay_game_is_cancelled_between_actions():
    asked = []

    def cancelled():
        asked.append(1)
        return len(asked) >= 5

    with pytest.raises(Cancelled):
        selfplay_game(3, TENHOU, "greedy", cancelled)
    assert len(asked) == 5
    # the same game as one not asked to stop
    assert selfplay_game(3, TENHOU, "greedy").actions == selfplay_game(3, TENHOU, "greedy",
                                                                        lambda: False).actions
