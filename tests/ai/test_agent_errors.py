"""An exception inside an agent's decision: logged and answered with the fallback in a game,
raised under ``RIICHI_STRICT_AI=1`` (which tests/conftest.py sets for the whole suite)."""

from __future__ import annotations

import logging

import pytest

from ai.base import Agent, fallback
from engine.actions import Discard
from tests.ai.helpers import make_view


class Broken(Agent):
    kind = "broken"

    def choose(self, view, legal):
        raise RuntimeError("bug in choose")


def test_the_suite_runs_strict():
    import os

    assert os.environ.get("RIICHI_STRICT_AI") == "1"


def test_strict_an_exception_in_choose_propagates(monkeypatch):
    monkeypatch.setenv("RIICHI_STRICT_AI", "1")
    view = make_view("123m456p789s23s11z", "4s")
    with pytest.raises(RuntimeError, match="bug in choose"):
        Broken().act(view, view.legal)


def test_not_strict_an_exception_in_choose_plays_the_fallback(monkeypatch, caplog):
    monkeypatch.delenv("RIICHI_STRICT_AI", raising=False)
    view = make_view("123m456p789s23s11z", "4s", seat=2)
    agent = Broken(seed=5)
    with caplog.at_level(logging.ERROR, logger="riichi.ai"):
        action = agent.act(view, view.legal)
    assert action in view.legal and isinstance(action, Discard)
    assert action == fallback(view.legal)
    assert agent.failures == 1
    [record] = [r for r in caplog.records if r.name == "riichi.ai"]
    assert "broken agent at seat 2" in record.getMessage()
    assert record.exc_info is not None and record.exc_info[0] is RuntimeError
    agent.act(view, view.legal)
    assert agent.failures == 2


def test_a_single_legal_action_needs_no_choice(monkeypatch):
    monkeypatch.delenv("RIICHI_STRICT_AI", raising=False)
    view = make_view("123m456p789s23s11z", "4s")
    only = view.legal[:1]
    agent = Broken()
    assert agent.act(view, only) == only[0] and agent.failures == 0
