"""``riichi play --seat N=mjai:COMMAND``: an external mjai bot plays a seat of the player's game
(our own ``riichi bot --mjai`` as the external program); a bot that fails is replaced by our AI
and the player is told; leaving the table stops it, Continue starts it again."""

import asyncio
import shlex
import sys
import time
from pathlib import Path

import pytest

from app.app import RiichiApp
from app.cli import build_parser
from app.commands.play import options_from_args
from app.i18n import Texts
from app.mjai_client import MjaiAgent
from app.options import PlayOptions
from app.screens.gameover import GameOverScreen
from app.screens.result import ResultScreen
from app.screens.table import TableScreen
from app.storage.journal import load_journal
from app.storage.settings import Settings
from engine.actions import Pass

ROOT = Path(__file__).resolve().parents[2]
OUR_BOT = shlex.join([sys.executable, "-m", "app", "bot", "--mjai", "--difficulty", "greedy"])
EN = Texts("en")


@pytest.fixture(autouse=True)
def _at_root(monkeypatch):
    monkeypatch.chdir(ROOT)  # ``python -m app`` finds this checkout


def make_app(told: list[str], **options) -> RiichiApp:
    base = dict(length="tonpuusen", difficulty="greedy", speed="instant", direct=True)
    base.update(options)
    app = RiichiApp(PlayOptions(**base), settings=Settings())
    app.notify = lambda message, **kw: told.append(str(message))  # type: ignore[method-assign]
    return app


def marked(table) -> list[str]:
    """The seats whose line on the table carries the bot marker."""
    return [rel for rel in ("right", "across", "left")
            if f" {EN('table.bot_mark')} " in table.query_one(f"#{rel}-line").render().plain]


async def wait_for(pilot, condition, what: str, limit: float = 30.0) -> None:
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < limit, f"timed out waiting for {what}"
        await pilot.pause(0.02)


def test_the_seat_option_reaches_the_game_options():
    parser, _ = build_parser()
    args = parser.parse_args(["play", "--seat", f"1=mjai:{OUR_BOT}", "--seat", "3=mjai:bot {seat}"])
    assert options_from_args(args).mjai == {1: OUR_BOT, 3: "bot {seat}"}
    for bad in ("0=mjai:x", "4=mjai:x", "1=grumpy", "1=mjai:", "x=mjai:y"):
        with pytest.raises(SystemExit):
            parser.parse_args(["play", "--seat", bad])
    with pytest.raises(SystemExit, match="twice"):
        options_from_args(parser.parse_args(["play", "--seat", "1=mjai:a", "--seat", "1=mjai:b"]))


@pytest.mark.slow
def test_our_bot_plays_a_seat_through_a_whole_autoplayed_game():
    told: list[str] = []

    async def run():
        app = make_app(told, seed=36, autoplay=True, save=False, mjai={1: OUR_BOT})
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, (TableScreen, ResultScreen)),
                           "the table")
            # a quick first hand may already show its result over the table
            table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            bot = table.agents[1]
            assert isinstance(bot, MjaiAgent) and bot.process is not None
            proc = bot.process.proc
            start = time.monotonic()
            while not isinstance(app.screen, GameOverScreen):
                assert time.monotonic() - start < 300, "the game did not finish in time"  # CI machines are shared and slow
                if isinstance(app.screen, ResultScreen):
                    await pilot.press("enter")
                await pilot.pause(0.02)
            assert bot.failure is None and bot.answers > 20
            assert table.game.over
            for _ in range(100):  # stopped in the background when the game ended
                if proc.poll() is not None:
                    break
                await asyncio.sleep(0.05)
            assert proc.poll() == 0 and bot.process is None
        assert told[0] == EN("mjai.seated", seat=EN("seat.right"), command=OUR_BOT)
        assert not [m for m in told if "mjai" in m and m != told[0]], told

    asyncio.run(run())


FAILING = {  # how it fails: (command, what the player is told)
    "missing": ("/nonexistent/mjai-bot", "cannot start"),  # at bind, in the UI thread
    "dies": (shlex.join([sys.executable, "-c", "import sys; sys.stdin.readline(); sys.exit(3)"]),
             "exited (code 3)"),  # at its first turn, in the game's worker thread
}


@pytest.mark.slow
@pytest.mark.parametrize("how", list(FAILING))
def test_a_failing_bot_is_replaced_by_our_ai_and_the_player_told(how):
    command, reason = FAILING[how]
    told: list[str] = []

    async def run():
        app = make_app(told, seed=9, autoplay=True, save=False, mjai={2: command})
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen),
                           "the first round's end")
            table = app.screen_stack[-2]
            bot = table.agents[2]
            assert bot.failure is not None and reason in bot.failure and bot.process is None
            assert bot.answers == 0
            assert any(action for seat, action in table.game.actions if seat == 2)
            await wait_for(pilot, lambda: len(told) >= 2, "the notification")
            assert told[1] == EN("mjai.replaced", seat=EN("seat.across"), why=bot.failure)
            assert reason in told[1] and len(told) == 2
            await pilot.press("enter")  # the next deal: our AI plays the seat, no marker
            await wait_for(pilot, lambda: table.view.round_index > 0 or table.view.honba > 0,
                           "the next deal")
            assert marked(table) == []

    asyncio.run(run())


@pytest.mark.slow
def test_leaving_stops_the_bot_and_continue_starts_it_again():
    """The journal records the mjai seat: Continue (without --seat) seats the same bot."""
    told: list[str] = []

    async def run():
        app = make_app(told, seed=3, save=True, mjai={3: OUR_BOT})
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen)
                           and bool(app.screen.legal), "the player's turn")
            table = app.screen
            bot = table.agents[3]
            proc = bot.process.proc
            assert marked(table) == ["left"]  # "N Left bot 25000 (13)"
            start = time.monotonic()
            while not (bot.answers >= 1 and app.screen is table and table.legal):
                assert time.monotonic() - start < 30, "the bot never played"
                if isinstance(app.screen, ResultScreen):
                    await pilot.press("enter")
                elif app.screen is table and table.legal:  # discard the selected tile, or pass
                    passes = any(isinstance(a, Pass) for a in table.legal)
                    await pilot.press("enter" if table.query_one("HandView").selectable
                                      else "escape" if passes else "1")
                await pilot.pause(0.02)
            await pilot.press("q")
            await pilot.pause()
            await pilot.press("enter")  # confirm: the game is kept
            await wait_for(pilot, lambda: app.screen.__class__.__name__ == "TitleScreen",
                           "the title screen")
            await wait_for(pilot, lambda: proc.poll() is not None, "the bot to stop", 10)
            assert bot.failure is None and bot.answers >= 1
        saved = load_journal()
        assert saved.seats[3] == {"kind": "mjai", "command": OUR_BOT}
        # our AI's seat: its level, personality and name (issue 11 item 9)
        assert saved.seats[1] == {"kind": "ai", "level": "greedy", "personality": "balanced",
                                  "name": "Aoi"}

        told.clear()
        again = make_app(told, resume=True, direct=False, save=True)
        async with again.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(again.screen, TableScreen)
                           and bool(again.screen.legal), "the player's turn after Continue")
            bot = again.screen.agents[3]
            assert isinstance(bot, MjaiAgent) and bot.command == OUR_BOT
            assert bot.process is not None and bot.failure is None
            assert told == [EN("mjai.seated", seat=EN("seat.left"), command=OUR_BOT)]
            assert marked(again.screen) == ["left"]
            await pilot.press("q")
            await pilot.pause()
            await pilot.press("enter")
            proc = bot.process.proc if bot.process is not None else None
            await pilot.pause()
        if proc is not None:
            proc.wait(timeout=10)

    asyncio.run(run())
