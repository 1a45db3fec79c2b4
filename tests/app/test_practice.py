"""Practice built in: advice beside each call on offer, and the hint toggle (u) that shows over
each tile of the hand the shanten and ukeire left after discarding it."""

import asyncio

from app.app import RiichiApp
from app.options import PlayOptions
from app.screens.table import TableScreen
from app.storage.settings import Settings, load_settings
from app.widgets import CallBar, HandView
from engine.actions import Chi, Kan, Pon
from tests.app.test_snapshots import my_turn, table_app, wait_until


async def _to_call_prompt(pilot):
    app = pilot.app
    while True:
        await wait_until(pilot, lambda: my_turn(app))
        if app.screen.call_prompt(app.screen.legal):
            return
        await pilot.press("enter")


def test_call_prompt_with_advice(snap_compare):
    """A pon offered at 80x24: each option on its row with shanten before→after, the tiles
    that help, the yaku kept; Skip compared the same way."""
    assert snap_compare(table_app(seed=5), terminal_size=(80, 24), run_before=_to_call_prompt)


def test_hand_with_hints(snap_compare):
    """Hints on (u) at the first turn, 80x24: shanten and ukeire over each tile, best ones
    highlighted."""
    async def before(pilot):
        await wait_until(pilot, lambda: my_turn(pilot.app))
        await pilot.press("u")
        await pilot.pause()
    assert snap_compare(table_app(seed=5), terminal_size=(80, 24), run_before=before)


def test_hints_toggle_is_kept_in_settings():
    asyncio.run(_toggle())


async def _toggle():
    options = PlayOptions(seed=5, difficulty="greedy", speed="instant", direct=True, save=False)
    app = RiichiApp(options, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        hand = app.screen.query_one(HandView)
        assert hand.hints == () and not hand.has_class("-hints")
        height = hand.size.height
        await pilot.press("u")
        await pilot.pause()
        assert app.settings.hints and load_settings()[0].hints
        hints = dict(hand.hints)
        assert {t >> 2 for t in hand.shown()} == set(hints)
        best = [k for k, h in hints.items() if h.best]
        low = min(h.shanten for h in hints.values())
        assert best and all(hints[k].shanten == low for k in best)
        assert hand.has_class("-hints") and hand.size.height == height + 2
        shown = app.screen.active_bindings["u"]
        assert shown.enabled and shown.binding.show and shown.binding.description == "Hints"
        await pilot.press("u")
        await pilot.pause()
        assert not app.settings.hints and not load_settings()[0].hints
        assert hand.hints == () and hand.size.height == height


def test_every_call_offer_carries_advice():
    asyncio.run(_advice())


async def _advice():
    options = PlayOptions(seed=5, difficulty="greedy", speed="instant", direct=True, save=False)
    app = RiichiApp(options, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_call_prompt(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        calls = [o for o in screen.offers if isinstance(o.action, (Chi, Pon, Kan))]
        assert calls and all("shanten" in o.advice for o in calls)
        bar = screen.query_one(CallBar)
        assert bar.rows() and bar.size.height == len(bar.options) + 1
        skip = bar.options[-1]
        assert skip.key == "esc" and "shanten" in skip.advice
