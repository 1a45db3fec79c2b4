"""The agreed interface: make_agent(kind, seed, personality, rules=RULES).act(view, legal) -> one
of legal; the rules are the game's own and must be given."""

import pytest

from ai import KINDS, PERSONALITIES, make_agent
from engine.actions import Discard
from engine.rules import TENHOU
from tests.ai.helpers import make_view


def test_unknown_kind_lists_the_kinds():
    with pytest.raises(ValueError, match="greedy"):
        make_agent("grandmaster", rules=TENHOU)


def test_unknown_personality_is_refused():
    with pytest.raises(ValueError, match="balanced"):
        make_agent("hard", personality="reckless", rules=TENHOU)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_returns_a_legal_discard(kind):
    view = make_view("123m456p789s1z23s9m", "5z")
    action = make_agent(kind, seed=5, rules=TENHOU).act(view, view.legal)
    assert action in view.legal


@pytest.mark.parametrize("personality", PERSONALITIES)
def test_personalities_build(personality):
    view = make_view("123m456p789s1z23s9m", "5z")
    agent = make_agent("hard", seed=1, personality=personality, rules=TENHOU)
    assert agent.act(view, view.legal) in view.legal


def test_tsumogiri_discards_the_drawn_tile():
    view = make_view("123m456p789s1z23s9m", "5z")
    assert make_agent("tsumogiri", rules=TENHOU).act(view, view.legal) == Discard(view.drawn)


@pytest.mark.parametrize("kind", ["greedy", "easy", "normal", "hard"])
def test_efficient_agents_keep_the_two_sided_shape(kind):
    # 123m 456p 789s 23s + 9m 1z 5z: cutting 2s or 3s would lose the ryanmen
    view = make_view("123m456p789s1z23s9m", "5z")
    action = make_agent(kind, seed=2, rules=TENHOU).act(view, view.legal)
    assert action.tile >> 2 not in (19, 20)


def test_react_uses_the_views_legal_actions():
    view = make_view("123m456p789s1z23s9m", "5z")
    assert make_agent("normal", rules=TENHOU).react(view) in view.legal
