"""The round result says where the riichi sticks go: to the winner (with the honba), or, after a
draw, that they stay on the table for the next winner (R5)."""

from __future__ import annotations

import asyncio

from app.screens.result import ResultScreen
from engine.events import DrawKind, GameEnded, RoundDrawn, RoundEnded
from engine.game import Game
from engine.rules import preset
from tests.app.test_snapshots import make_app, wait_until
from tests.app.test_table_melds import screen_lines

HANDS = ((), (), (), ())


def drawn_round(sticks: int, game_end: bool = False) -> list:
    """An exhaustive draw, two seats tenpai, each of them having declared riichi this round."""
    deltas = (-1500, 500, 500, -1500)
    events = [RoundDrawn(DrawKind.EXHAUSTIVE, (-1500, 1500, 1500, -1500),
                         (False, True, True, False), HANDS),
              RoundEnded(deltas, tuple(25000 + d for d in deltas), 1, sticks, False)]
    if game_end:
        events.append(GameEnded(None, "last round"))  # the result screen reads no standings
    return events


async def _shown(events) -> str:
    game = Game(preset("tenhou"), 3)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ResultScreen(events, game.view(0), game.rules))
        await wait_until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        return "\n".join(screen_lines(app.screen))


def test_R5_a_draw_says_the_sticks_stay_for_the_next_winner():
    shown = asyncio.run(_shown(drawn_round(sticks=2)))
    assert "Riichi sticks on the table: 2, for the next winner" in shown
    assert "Exhaustive draw" in shown


def test_R5_a_draw_without_sticks_or_at_the_game_end_says_nothing_of_them():
    assert "Riichi sticks" not in asyncio.run(_shown(drawn_round(sticks=0)))
    # at the end of the game leftover sticks go as the rules say: the standings tell it
    assert "Riichi sticks" not in asyncio.run(_shown(drawn_round(sticks=2, game_end=True)))
