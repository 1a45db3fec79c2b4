"""The evaluator's verdict at a call prompt (issue 14): only on request (v), never unasked; one
line after the prompt's question, call against pass with its interval; dropped (and its
evaluation cancelled) by the next action; the setting ``verdict_key`` switches the key off."""

import asyncio

import pytest

from ai.review.review import DEFAULT_SAMPLES
from ai.review.rollout import OptionValue
from app import verdict as V
from app.storage.settings import Settings
from app.widgets import CallBar
from engine.actions import Chi, Pass, Pon
from tests.app.test_practice import _to_call_prompt
from tests.app.test_snapshots import table_app, wait_until

PON = Pon((16, 17), 18)


def value(action, mean, loss, half):
    return OptionValue(action, mean, 100.0, loss, half, mean, 0.2, 0.1, None, 64)


def test_verdict_line_call_against_pass_paired():
    # the pon is best: the pass's loss is the gap, with the pass's paired interval
    line = V.verdict_line([value(PON, 500, 0, 0), value(Pass(), 190, 310, 240)])
    assert line == "pon 5m (0m+5m): +310 ±240 vs pass (call)"
    # the pass is best: the call's loss, negative
    line = V.verdict_line([value(PON, -900, 1400, 300), value(Pass(), 500, 0, 0)])
    assert line == "pon 5m (0m+5m): -1400 ±300 vs pass (pass)"
    # inside the interval
    assert V.verdict_line([value(PON, 100, 0, 0), value(Pass(), 60, 40, 90)]).endswith(
        "(too close)")
    # several forms: the best one is named
    chi = Chi((20, 24), 17)
    line = V.verdict_line([value(PON, -50, 150, 60), value(chi, 100, 0, 0),
                           value(Pass(), 0, 100, 50)])
    assert line.startswith("chi 5m (6m+7m): +100 ±50")
    assert V.verdict_line([value(Pass(), 0, 0, 0)]) == ""


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(V, "SAMPLES", 4)


def prompt_of(app) -> str:
    return str(app.screen.query_one(CallBar).prompt)


async def _v_shows_the_verdict_only_when_asked():
    app = table_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_call_prompt(pilot)
        screen = app.screen
        await pilot.pause(0.3)
        assert "vs pass" not in prompt_of(app) and screen.verdict.note == ""  # never unasked
        await pilot.press("v")
        await wait_until(pilot, lambda: "vs pass" in prompt_of(app))
        question, _, line = prompt_of(app).partition("  │ ")
        assert "discarded" in question and "vs pass" in line and "±" in line
        await pilot.press("escape")  # pass: the verdict goes with the prompt
        assert screen.verdict.note == ""
        assert "vs pass" not in prompt_of(app)


def test_v_shows_the_verdict_only_when_asked(small):
    asyncio.run(_v_shows_the_verdict_only_when_asked())


async def _next_action_cancels_a_verdict_being_computed(monkeypatch):
    monkeypatch.setattr(V, "SAMPLES", 2000)  # far longer than the test
    app = table_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_call_prompt(pilot)
        screen = app.screen
        await pilot.press("v")
        assert "evaluating" in prompt_of(app)
        cancel = screen.verdict._cancel
        await pilot.press("escape")
        assert cancel.is_set() and screen.verdict.note == ""
        await pilot.pause(0.3)
        assert "evaluating" not in prompt_of(app)


def test_next_action_cancels_a_verdict_being_computed(monkeypatch):
    asyncio.run(_next_action_cancels_a_verdict_being_computed(monkeypatch))


async def _setting_switches_the_key_off():
    app = table_app(seed=5)
    app.settings = Settings(verdict_key=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings = Settings(verdict_key=False)
        await _to_call_prompt(pilot)
        await pilot.press("v")
        await pilot.pause(0.2)
        assert any("verdict key is off" in n.message for n in app._notifications)
        assert app.screen.verdict.note == "" and "vs pass" not in prompt_of(app)


def test_setting_switches_the_key_off(small):
    asyncio.run(_setting_switches_the_key_off())


def test_verdict_key_is_a_setting_kept_as_true_or_false():
    assert Settings().verdict_key is True and Settings().review_samples == DEFAULT_SAMPLES
    with pytest.raises(ValueError):
        Settings().replace(verdict_key="yes")
    with pytest.raises(ValueError):
        Settings().replace(review_samples=65)
    with pytest.raises(ValueError):
        Settings().replace(review_samples=True)
    assert Settings().replace(review_samples=128).review_samples == 128
