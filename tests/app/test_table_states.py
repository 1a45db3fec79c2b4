"""Pilot tests of the table screen's states: what a late or doubled message, another screen on
top, or a closing screen must not do. The player's seat is driven with the greedy baseline,
never a tuned level; the opponents are greedy AIs."""

import asyncio
import time

from app.app import RiichiApp
from app.options import PlayOptions
from app.screens.result import ResultScreen
from app.screens.table import TableScreen


async def _until(pilot, app, agent, wanted, limit_s=60.0):
    """Play the player's seat with ``agent`` (calls passed) until ``wanted(screen)`` holds on
    the player's turn; returns the table screen."""
    from engine.actions import Chi, Kan, Pass, Pon

    start = time.monotonic()
    while True:
        assert time.monotonic() - start < limit_s, "the wanted situation never came"
        screen = app.screen
        if isinstance(screen, ResultScreen):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and screen.legal:
            if wanted(screen):
                await pilot.pause()
                return screen
            action = agent.act(screen.view, screen.legal)
            if isinstance(action, (Chi, Pon, Kan)) and Pass() in screen.legal:
                action = Pass()
            screen.submit_human(action)
        await pilot.pause(0.01)


def test_a_double_click_on_the_call_bar_takes_one_answer_and_ignores_the_stale_second():
    """Two clicks on Pass reach the screen as two ``CallBar.Chosen`` messages; the first passes
    and empties the bar, the second refers to an option that is gone: it must be ignored (it
    raised IndexError, which ended the app)."""
    asyncio.run(_double_click())


async def _double_click():
    from ai import make_agent
    from app.widgets import CallBar
    from engine.actions import Pass

    app = RiichiApp(PlayOptions(seed=2, difficulty="greedy", speed="instant", direct=True,
                                save=False))
    agent = make_agent("greedy", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _until(pilot, app, agent, lambda s: Pass() in s.legal)
        bar = screen.query_one(CallBar)
        index = next(i for i, o in enumerate(bar.options) if o.key == "esc")
        actions = len(screen.game.actions)
        option = bar.options[index]
        bar.post_message(CallBar.Chosen(index, option))  # what two clicks on Pass post
        bar.post_message(CallBar.Chosen(index, option))
        await pilot.pause(0.1)
        assert app.is_running and app.return_code is None
        assert screen.game.actions[actions] == (0, Pass())
        # the second message did not answer anything that came after the first
        assert all(seat != 0 for seat, _ in screen.game.actions[actions + 1:])
