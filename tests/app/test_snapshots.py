"""Snapshot tests (pytest-textual-snapshot): one per screen and key flow, fixed seed and size.
Update after a deliberate change with ``pytest tests/app/test_snapshots.py --snapshot-update``
and look at the SVGs in ``tests/app/__snapshots__`` before committing them."""

import time

import pytest

from ai import make_agent
from app.app import RiichiApp
from app.options import PlayOptions
from app.screens.gameover import GameOverScreen
from app.screens.result import ResultScreen
from app.screens.table import TableScreen
from app.storage.settings import Settings
from engine.actions import Chi, Kan, Pass, Pon, Riichi
from engine.events import RoundDrawn, Win
from engine.rules import TENHOU


def make_app(**options) -> RiichiApp:
    base = dict(speed="instant", save=False)
    base.update(options)
    return RiichiApp(PlayOptions(**base), settings=Settings())


def table_app(seed=1, **options) -> RiichiApp:
    return make_app(seed=seed, direct=True, difficulty="greedy", **options)


async def wait_until(pilot, condition, timeout=30.0):
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < timeout, "timed out"
        await pilot.pause(0.01)


def my_turn(app) -> bool:
    return isinstance(app.screen, TableScreen) and bool(app.screen.legal)


async def play_until(pilot, app, stop, timeout=40.0):
    """Play the player's seat with the greedy baseline that never calls (acting as the keys
    would) until ``stop(app)``; round results that are not wanted are dismissed with Enter. The
    baseline, not a tuned level, so that tuning the AIs does not move these snapshots."""
    agent = make_agent("greedy", seed=5, rules=TENHOU)
    start = time.monotonic()
    while not stop(app):
        assert time.monotonic() - start < timeout, "timed out"
        screen = app.screen
        if isinstance(screen, ResultScreen):
            await pilot.press("enter")
        elif my_turn(app):
            action = agent.act(screen.view, screen.legal)
            if isinstance(action, (Chi, Pon, Kan)) and Pass() in screen.legal:
                action = Pass()
            screen.submit_human(action)
        await pilot.pause(0.01)


def result_with(kind):
    def stop(app):
        return isinstance(app.screen, ResultScreen) and any(
            isinstance(e, kind) for e in app.screen.events)
    return stop


def test_title(snap_compare):
    """The title screen: New game, Rules & yaku, Settings, Quit (no saved game)."""
    assert snap_compare(make_app(), terminal_size=(80, 24))


def test_setup(snap_compare):
    """New game setup with its defaults; Enter would start at once."""
    assert snap_compare(make_app(), press=["enter"], terminal_size=(80, 24))


def test_help(snap_compare):
    """The help page over the title screen."""
    assert snap_compare(make_app(), press=["question_mark"], terminal_size=(80, 24))


def test_settings_in_chinese(snap_compare):
    """Settings after switching the language to 中文 with →."""
    assert snap_compare(make_app(), press=["s", "right"], terminal_size=(80, 24))


def test_table_80x24(snap_compare):
    """The table at the first turn, compact layout."""
    async def before(pilot):
        await wait_until(pilot, lambda: my_turn(pilot.app))
    assert snap_compare(table_app(), terminal_size=(80, 24), run_before=before)


@pytest.mark.slow
def test_table_120x40(snap_compare):
    """The roomier layout after a few turns (log on the right)."""
    async def before(pilot):
        for _ in range(4):
            await wait_until(pilot, lambda: my_turn(pilot.app))
            screen = pilot.app.screen
            if screen.query_one("HandView").selectable:
                await pilot.press("enter")
            else:
                await pilot.press("escape")
        await wait_until(pilot, lambda: my_turn(pilot.app))
    assert snap_compare(table_app(), terminal_size=(120, 40), run_before=before)


def test_table_too_small(snap_compare):
    """Below 80x24 the player is told what size is needed."""
    assert snap_compare(make_app(), terminal_size=(60, 20))


@pytest.mark.slow
def test_call_prompt(snap_compare):
    """A call offered on a discard: numbered options and Esc to skip."""
    async def before(pilot):
        app = pilot.app
        while True:
            await wait_until(pilot, lambda: my_turn(app))
            if app.screen.call_prompt(app.screen.legal):
                return
            await pilot.press("enter")
    assert snap_compare(table_app(), terminal_size=(80, 24), run_before=before)


@pytest.mark.slow
def test_riichi_selection(snap_compare):
    """After choosing Riichi only the discards that keep tenpai can be selected."""
    async def before(pilot):
        app = pilot.app

        def can_riichi(app):
            return my_turn(app) and any(isinstance(a, Riichi) for a in app.screen.legal)

        await play_until(pilot, app, can_riichi)
        index = next(i for i, o in enumerate(app.screen.offers) if o.riichi_open is False)
        await pilot.press(str(index + 1))
    assert snap_compare(table_app(seed=2), terminal_size=(80, 24), run_before=before)


def test_win_result(snap_compare):
    """A win: hand, yaku and han, dora indicators, fu breakdown, points, every seat's change."""
    async def before(pilot):
        await play_until(pilot, pilot.app, result_with(Win))
    assert snap_compare(table_app(seed=3), terminal_size=(80, 24), run_before=before)


@pytest.mark.slow
def test_draw_result(snap_compare):
    """A draw: who was tenpai (their hands shown), the payments."""
    async def before(pilot):
        await play_until(pilot, pilot.app, result_with(RoundDrawn))
    assert snap_compare(table_app(seed=4), terminal_size=(80, 24), run_before=before)


@pytest.mark.slow
def test_final_standings(snap_compare):
    """The final standings of a tonpuusen with uma and oka."""
    async def before(pilot):
        await play_until(pilot, pilot.app, lambda app: isinstance(app.screen, GameOverScreen),
                         timeout=60)
    app = table_app(seed=6, length="tonpuusen", autoplay=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=before)
