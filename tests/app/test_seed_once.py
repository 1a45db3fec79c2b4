"""``riichi play --seed N`` seeds the game the command starts; a later New game deals new tiles."""

from __future__ import annotations

import asyncio

from app.app import RiichiApp
from app.options import PlayOptions
from app.storage.settings import Settings
from tests.app.test_snapshots import my_turn, wait_until


def test_the_seed_deals_the_first_game_only():
    asyncio.run(_first_only())


async def _first_only():
    options = PlayOptions(seed=5, difficulty="greedy", speed="instant", direct=True, save=False)
    app = RiichiApp(options, settings=Settings())
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        first = app.screen
        assert first.seed == 5
        # the standings' New game (the setup screen) asks for the setup from the options
        setup = app.game_setup_from_options()
        assert setup.seed is None
        await app.pop_screen()
        app.start_game(setup)
        await wait_until(pilot, lambda: app.screen is not first and my_turn(app))
        assert app.screen.seed != 5
