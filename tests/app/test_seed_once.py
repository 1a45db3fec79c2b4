"""``riichi play --seed N`` seeds the game the command starts; a later New game deals new tiles."""

from __future__ import annotations

import asyncio

from tests.app.test_snapshots import my_turn, table_app, wait_until


def test_the_seed_deals_the_first_game_only():
    asyncio.run(_first_only())


async def _first_only():
    app = table_app(seed=5)
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
