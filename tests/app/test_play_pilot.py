"""Functional tests: whole games played through the UI with key presses (Pilot)."""

import asyncio
import time

import pytest

from app.app import RiichiApp
from app.options import PlayOptions
from app.screens.gameover import GameOverScreen
from app.screens.result import ResultScreen
from app.screens.table import TableScreen
from engine.rules import TENHOU
from tests.app.test_snapshots import wait_until


async def _play_to_the_end(pilot, app, limit_s: float = 60.0) -> int:
    """Press Enter on every round result until the final standings; returns rounds seen."""
    rounds = 0
    start = time.monotonic()
    while not isinstance(app.screen, GameOverScreen):
        assert time.monotonic() - start < limit_s, "the game did not finish in time"
        if isinstance(app.screen, ResultScreen):
            rounds += 1
            await pilot.press("enter")
        await pilot.pause(0.02)
    return rounds


@pytest.mark.slow
@pytest.mark.parametrize("length", ["hanchan"])
def test_autoplay_game_reaches_final_standings(length):
    asyncio.run(_autoplay(length))


async def _autoplay(length):
    options = PlayOptions(seed=7, length=length, difficulty="greedy", autoplay=True,
                          speed="instant", direct=True, save=False)
    app = RiichiApp(options)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        rounds = await _play_to_the_end(pilot, app)
        assert rounds >= 8  # at least East 1-4 and South 1-4
        screen = app.screen
        assert screen.result is not None
        assert sorted(screen.result.ranking) == [0, 1, 2, 3]
        assert sum(screen.result.points) + 1000 * screen.result.leftover_sticks == 100000
        await pilot.press("enter")  # back to the title screen
        await pilot.pause()
        assert app.screen.__class__.__name__ == "TitleScreen"


@pytest.mark.slow
def test_rounds_played_with_keys():
    """The player's seat is played only with keys for two whole rounds: 1 for a win on offer,
    Esc to let calls pass, Enter to discard the selected tile (the drawn one), Enter on the
    round result; opponents are greedy AIs."""
    asyncio.run(_keys_game(seed=11, length="tonpuusen", rounds_wanted=2, limit_s=60))


@pytest.mark.slow
def test_whole_hanchan_played_with_keys_reaches_the_final_standings():
    """A whole hanchan where every decision of the player's seat is a key press (~600 of
    them), to the final standings and back to the title screen."""
    asyncio.run(_keys_game(seed=7, length="hanchan", rounds_wanted=None, limit_s=300))


async def _keys_game(seed, length, rounds_wanted, limit_s):
    from app.screens.title import TitleScreen
    from engine.actions import Pass, Ron, Tsumo

    options = PlayOptions(seed=seed, length=length, difficulty="greedy", speed="instant",
                          direct=True, save=False)
    app = RiichiApp(options)
    presses = {"1": 0, "escape": 0, "enter": 0}
    rounds = 0
    async with app.run_test(size=(80, 24)) as pilot:
        start = time.monotonic()
        table = None
        while rounds_wanted is None or rounds < rounds_wanted:
            assert time.monotonic() - start < limit_s, "the rounds did not finish in time"
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, ResultScreen):
                rounds += 1
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen.legal:
                table = screen
                legal = screen.legal
                if any(isinstance(a, (Tsumo, Ron)) for a in legal) or (
                        screen.offers and not any(isinstance(a, Pass) for a in legal)
                        and not screen.query_one("HandView").selectable):
                    key = "1"
                elif any(isinstance(a, Pass) for a in legal):
                    key = "escape"
                else:
                    key = "enter"
                presses[key] += 1
                before = len(table.game.actions)
                await pilot.press(key)
                # the key was taken as an action: the session's worker submits it (under load
                # it may run a little after the key is handled)
                game = table.game
                await wait_until(pilot, lambda g=game, n=before: len(g.actions) > n, timeout=10)
            await pilot.pause(0.005)
        assert presses["enter"] > 10
        assert table is not None and table.game.round_index + table.game.honba >= 1
        if rounds_wanted is None:
            result = app.screen.result
            assert rounds >= 8 and table.game.over
            assert sorted(result.ranking) == [0, 1, 2, 3]
            assert sum(result.points) + 1000 * result.leftover_sticks == 100000
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
        else:
            assert sum(table.game.scores) + 1000 * table.game.sticks == 100000


@pytest.mark.slow
def test_shrinking_below_80x24_shows_a_notice_and_growing_returns_to_the_table():
    asyncio.run(_resize())


async def _resize():
    from app.screens.small import TooSmallScreen

    options = PlayOptions(seed=1, difficulty="greedy", speed="instant", direct=True, save=False)
    app = RiichiApp(options)
    async with app.run_test(size=(80, 24)) as pilot:
        start = time.monotonic()
        while not (isinstance(app.screen, TableScreen) and app.screen.legal):
            assert time.monotonic() - start < 20
            await pilot.pause(0.02)
        await pilot.resize_terminal(70, 20)
        await pilot.pause(0.2)
        assert isinstance(app.screen, TooSmallScreen)
        assert "80x24" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.2)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.has_class("-wide")


@pytest.mark.slow
def test_riichi_and_calls_by_keys():
    """Riichi by keys: its number, then only tenpai-keeping tiles are selectable and Enter
    declares riichi with the selected one; a chi/pon offer is taken with its number."""
    asyncio.run(_riichi_and_calls())


async def _riichi_and_calls():
    from ai import make_agent
    from engine.actions import Chi, Discard, Kan, Pon, Riichi

    app = RiichiApp(PlayOptions(seed=2, difficulty="greedy", speed="instant", direct=True,
                                save=False))
    agent = make_agent("greedy", seed=5, rules=TENHOU)  # the baseline, never a tuned level
    seen = {"riichi": False, "call": False}
    async with app.run_test(size=(80, 24)) as pilot:
        start = time.monotonic()
        while not all(seen.values()):
            assert time.monotonic() - start < 60, f"not seen: {seen}"
            screen = app.screen
            if isinstance(screen, ResultScreen):
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen.legal:
                legal = screen.legal
                riichi = [a for a in legal if isinstance(a, Riichi)]
                calls = [i for i, o in enumerate(screen.offers)
                         if isinstance(o.action, (Chi, Pon))]
                if riichi and not seen["riichi"]:
                    index = next(i for i, o in enumerate(screen.offers) if o.riichi_open is False)
                    await pilot.press(str(index + 1))
                    await pilot.pause()
                    hand = screen.query_one("HandView")
                    assert hand.selectable == {a.tile for a in riichi}
                    assert "tenpai" in screen.query_one("CallBar").prompt
                    tile = hand.shown()[hand.selected]
                    await pilot.press("enter")
                    await pilot.pause()
                    # Enter declared riichi with the selected tile (a ron on the declaration
                    # tile may end the round at once, so the game's actions are the witness)
                    assert (0, Riichi(tile)) in screen.game.actions
                    if not isinstance(app.screen, ResultScreen):
                        assert screen.game.view(0).riichi[0]
                        assert any(r.riichi and r.tile == tile
                                   for r in screen.game.view(0).rivers[0])
                    seen["riichi"] = True
                elif calls and not seen["call"]:
                    mine = len(screen.game.view(0).melds[0])
                    await pilot.press(str(calls[0] + 1))
                    await pilot.pause(0.05)
                    # Taken, unless a pon (or ron) by another seat had priority.
                    called = [e for e in screen.game.events[-8:] if type(e).__name__ == "Called"]
                    assert len(screen.game.view(0).melds[0]) == mine + 1 or called
                    seen["call"] = True
                else:
                    action = agent.act(screen.view, legal)
                    if isinstance(action, (Chi, Pon, Kan)):  # the one call is made by keys
                        action = next(a for a in legal if not isinstance(a, (Chi, Pon, Kan)))
                    if isinstance(action, Riichi):
                        action = Discard(action.tile)
                    screen.submit_human(action)
            await pilot.pause(0.01)


async def next_turn(pilot, app):
    """Dismiss round results until the player has to act; the table screen."""
    start = time.monotonic()
    while not (isinstance(app.screen, TableScreen) and app.screen.legal):
        assert time.monotonic() - start < 20
        if isinstance(app.screen, ResultScreen):
            await pilot.press("enter")
        await pilot.pause(0.02)
    return app.screen


@pytest.mark.slow
def test_leave_and_continue_from_the_title_screen():
    """q then y leaves a saved game; the title offers Continue, which resumes the same game at
    the same action."""
    asyncio.run(_continue())


async def _continue():
    from app.screens.title import TitleScreen

    app = RiichiApp(PlayOptions(seed=3, difficulty="greedy", speed="instant", direct=True))
    async with app.run_test(size=(80, 24)) as pilot:
        async def my_turn():
            return await next_turn(pilot, app)

        for _ in range(6):
            screen = await my_turn()
            await pilot.press("enter" if screen.query_one("HandView").selectable else "escape")
        screen = await my_turn()
        actions = list(screen.game.actions)
        await pilot.press("q")
        await pilot.press("y")
        await pilot.pause(0.1)
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#menu")
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids[:2] == ["new", "continue"]
        await pilot.press("c")
        screen = await my_turn()
        assert screen.game.actions == actions
        assert screen.seed == 3


@pytest.mark.slow
def test_starting_in_a_small_terminal_then_growing():
    """riichi play --seed N in a 60x20 terminal: the notice first, the table once it grows."""
    asyncio.run(_small_start())


async def _small_start():
    from app.screens.small import TooSmallScreen

    app = RiichiApp(PlayOptions(seed=1, difficulty="greedy", speed="instant", direct=True,
                                save=False))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause(0.3)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.3)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q", "y")
        await pilot.pause(0.2)
        assert app.screen.__class__.__name__ == "TitleScreen"


def _log_text(screen) -> list[str]:
    return [strip.text.rstrip() for strip in screen.query_one("#log").lines]


@pytest.mark.slow
def test_continue_at_120x40_shows_the_event_log_as_it_was():
    """The roomier layout's event log after Continue: the same lines as before leaving (it was
    empty), from the round header on."""
    asyncio.run(_continue_log())


async def _continue_log():
    app = RiichiApp(PlayOptions(seed=3, difficulty="greedy", speed="instant", direct=True))
    async with app.run_test(size=(120, 40)) as pilot:
        async def my_turn():
            screen = await next_turn(pilot, app)
            await pilot.pause()  # the log's lines are laid out
            return screen

        for _ in range(5):
            screen = await my_turn()
            await pilot.press("enter" if screen.query_one("HandView").selectable else "escape")
        screen = await my_turn()
        before = _log_text(screen)
        assert before[0] == "East 1" and any(line.startswith("You: ") for line in before)
        await pilot.press("q", "y")
        await pilot.pause(0.1)
        await pilot.press("c")
        screen = await my_turn()
        assert _log_text(screen) == before


@pytest.mark.slow
def test_leaving_while_choosing_the_riichi_discard_brings_back_the_same_prompt():
    """Riichi is chosen (its number), then the game is left, or the connection drops, before a
    discard is picked: the declaration was never submitted, so nothing of it is saved, and
    Continue asks the same question as before the riichi key (riichi offered, the same hand and
    discards), not a half-made declaration. Answering No to the quit question keeps the
    selection."""
    asyncio.run(_riichi_leave())


async def _riichi_leave():
    from ai import make_agent
    from app.storage.journal import load_journal
    from app.widgets import CallBar
    from engine.actions import Chi, Kan, Pass, Pon, Riichi

    app = RiichiApp(PlayOptions(seed=2, difficulty="greedy", speed="instant", direct=True))
    # the baseline plays the player's seat until riichi
    agent = make_agent("greedy", seed=5, rules=TENHOU)

    def prompt(screen):
        hand = screen.query_one("HandView")
        bar = screen.query_one(CallBar)
        return (screen.game.view(0), hand.shown(), hand.selectable,
                [o.label.plain for o in screen.offers], bar.prompt,
                [(str(o.label), o.key) for o in bar.options])

    async with app.run_test(size=(80, 24)) as pilot:
        start = time.monotonic()
        while True:
            assert time.monotonic() - start < 60, "riichi was never offered"
            screen = app.screen
            if isinstance(screen, ResultScreen):
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen.legal:
                if any(isinstance(a, Riichi) for a in screen.legal):
                    break
                action = agent.act(screen.view, screen.legal)
                if isinstance(action, (Chi, Pon, Kan)) and Pass() in screen.legal:
                    action = Pass()
                screen.submit_human(action)
            await pilot.pause(0.01)
        await pilot.pause()
        before = prompt(screen)
        actions = list(screen.game.actions)
        index = next(i for i, o in enumerate(screen.offers) if o.riichi_open is False)
        await pilot.press(str(index + 1))
        assert screen.riichi_open is False  # choosing the riichi discard
        assert prompt(screen)[2] == {a.tile for a in screen.legal if isinstance(a, Riichi)}
        # What a dropped connection leaves: the journal holds no trace of the riichi key.
        assert load_journal().actions == [(s, a.to_dict()) for s, a in actions]
        await pilot.press("q", "n")
        await pilot.pause()
        assert app.screen is screen and screen.riichi_open is False  # still choosing
        await pilot.press("q", "y")
        await pilot.pause(0.1)
        await pilot.press("c")
        start = time.monotonic()
        while not (isinstance(app.screen, TableScreen) and app.screen.legal):
            assert time.monotonic() - start < 20, "Continue did not ask the player"
            await pilot.pause(0.02)
        await pilot.pause()
        again = app.screen
        assert again is not screen and again.game.actions == actions
        assert again.riichi_open is None
        assert prompt(again) == before
