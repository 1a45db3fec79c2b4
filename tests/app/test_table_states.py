"""Pilot tests of the table screen's states: what a late or doubled message, another screen on
top, or a closing screen must not do. The player's seat is driven with the greedy baseline,
never a tuned level; the opponents are greedy AIs."""

import asyncio
import time

import pytest

from app.app import RiichiApp
from app.options import PlayOptions
from app.screens.result import ResultScreen
from app.screens.table import TableScreen
from app.session import GameSession
from engine.rules import TENHOU
from tests.app.test_snapshots import wait_until


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
    agent = make_agent("greedy", seed=5, rules=TENHOU)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _until(pilot, app, agent, lambda s: Pass() in s.legal)
        bar = screen.query_one(CallBar)
        index = next(i for i, o in enumerate(bar.options) if o.key == "esc")
        actions = len(screen.game.actions)
        option = bar.options[index]
        bar.post_message(CallBar.Chosen(index, option))  # what two clicks on Pass post
        bar.post_message(CallBar.Chosen(index, option))
        await wait_until(pilot, lambda: len(screen.game.actions) > actions, timeout=10)
        await pilot.pause(0.1)
        assert app.is_running and app.return_code is None
        assert screen.game.actions[actions] == (0, Pass())
        # the second message did not answer anything that came after the first
        assert all(seat != 0 for seat, _ in screen.game.actions[actions + 1:])


@pytest.mark.slow
def test_the_game_ending_under_the_help_screen_leaves_no_table_behind_the_final_standings():
    """The help screen is open when the last round ends: the round result comes over it, and
    after it the final standings must replace the table and what lies on it. ``switch_screen``
    replaced only the top screen (the help), so the dead table stayed under the standings and
    "back to the title" showed it again. (The help stays open all game: the player's seat is
    answered by the greedy baseline under it; the opponents, who wait while a screen covers
    the table, are made to play on here, as the player's own automatic moves - autoplay,
    auto-win - still do.)"""
    from pytest import MonkeyPatch

    with MonkeyPatch.context() as mp:
        mp.setattr(GameSession, "covered", lambda self: False)
        asyncio.run(_game_over_under_help())


async def _game_over_under_help():
    from ai import make_agent
    from app.screens.gameover import GameOverScreen
    from app.screens.help import HelpScreen
    from app.screens.title import TitleScreen

    app = RiichiApp(PlayOptions(seed=7, length="tonpuusen", difficulty="greedy",
                                speed="instant", direct=True, save=False))
    agent = make_agent("greedy", seed=5, rules=TENHOU)
    async with app.run_test(size=(80, 24)) as pilot:
        start = time.monotonic()
        table = None
        while not isinstance(app.screen, GameOverScreen):
            assert time.monotonic() - start < 120, "the game did not finish in time"
            screen = app.screen
            if isinstance(screen, TableScreen):
                table = screen
                await pilot.press("question_mark")
            elif isinstance(screen, ResultScreen):
                await pilot.press("enter")
            elif isinstance(screen, HelpScreen) and table is not None and table.legal:
                table.submit_human(agent.act(table.view, table.legal))
            await pilot.pause(0.005)
        assert table is not None and table.game.over
        stack = [type(s) for s in app.screen_stack]
        assert TableScreen not in stack and HelpScreen not in stack, stack
        await pilot.press("enter")  # back to the title
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


def test_leaving_while_the_worker_records_an_ai_action_never_closes_the_journal_under_it():
    """The session's worker records each AI action in the journal (an fsync) while the player
    may leave (``GameSession.close`` on the UI thread). Closing must wait for an append in
    progress: closing under it made the append fail (ValueError on a closed journal, AttributeError once the
    screen's journal was None, EBADF mid-write), and an error in the worker ends the app."""
    asyncio.run(_close_during_append())


class _SlowJournal:
    def __init__(self):
        import threading

        self.started = threading.Event()
        self.release = threading.Event()
        self.appending = False
        self.closed = False
        self.closed_during_append = False
        self.appended = []

    def append(self, seat, action):
        if self.closed:
            raise ValueError("journal is closed")
        self.appending = True
        self.started.set()
        self.release.wait(5)
        self.appended.append((seat, action))
        self.appending = False

    def close(self):
        self.closed_during_append = self.appending
        self.closed = True


async def _close_during_append():
    import threading

    from engine.actions import Pass

    app = RiichiApp(PlayOptions(seed=2, difficulty="greedy", speed="instant", direct=True,
                                save=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        journal = _SlowJournal()
        session = screen.session
        session.journal = journal
        errors = []

        def worker():
            try:
                session.record(1, Pass())
            except Exception as e:  # what would end the app from the real worker
                errors.append(e)

        thread = threading.Thread(target=worker)
        thread.start()
        assert journal.started.wait(5)
        threading.Timer(0.2, journal.release.set).start()
        session.close(keep_save=True)  # the player leaves mid-append
        thread.join(5)
        assert not errors
        assert journal.closed and not journal.closed_during_append
        assert journal.appended == [(1, Pass())]


def test_a_failing_practice_aid_leaves_the_game_playable(monkeypatch, caplog):
    """The hints, the call advice and the furiten note come from ai.advice; if one of them
    raises, the screen shows the game without that aid (the failure is logged) instead of
    ending the app."""
    import ai.advice

    def broken(*_a, **_k):
        raise RuntimeError("advice bug")

    monkeypatch.setattr(ai.advice, "discard_hints", broken)
    monkeypatch.setattr(ai.advice, "explain_call", broken)
    asyncio.run(_broken_aids())
    assert "advice bug" in caplog.text


async def _broken_aids():
    from ai import make_agent
    from engine.actions import Pass

    app = RiichiApp(PlayOptions(seed=2, difficulty="greedy", speed="instant", direct=True,
                                save=False))
    agent = make_agent("greedy", seed=5, rules=TENHOU)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("u")  # hints on: every own turn asks for them
        screen = await _until(pilot, app, agent, lambda s: Pass() in s.legal)
        actions = len(screen.game.actions)
        await pilot.press("escape")  # skip the call: the game goes on
        await wait_until(pilot, lambda: len(screen.game.actions) > actions, timeout=10)
        assert app.is_running


@pytest.mark.slow
def test_the_opponents_wait_while_help_covers_the_table():
    """With the help screen (or the quit question) over the table, the AIs do not play on
    behind it; closing it lets them go on."""
    asyncio.run(_wait_under_help())


async def _wait_under_help():
    from ai import make_agent
    from engine.actions import Discard

    app = RiichiApp(PlayOptions(seed=3, difficulty="greedy", speed="instant", direct=True,
                                save=False))
    agent = make_agent("greedy", seed=5, rules=TENHOU)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _until(pilot, app, agent, lambda s: any(isinstance(a, Discard)
                                                                for a in s.legal))
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is not screen
        screen.submit_human(next(a for a in screen.legal if isinstance(a, Discard)))
        await pilot.pause(0.5)
        moved = len(screen.game.actions)
        await pilot.pause(0.5)
        assert len(screen.game.actions) == moved  # nobody played behind the help screen
        await pilot.press("escape")
        start = time.monotonic()
        while len(screen.game.actions) == moved:
            assert time.monotonic() - start < 10, "the opponents did not go on"
            await pilot.pause(0.05)


def test_offers_without_a_discard_say_what_they_are():
    """A chankan ron, a tenpai declaration (K1 option) and agari-yame (G4) come with no
    discard open to calls: the prompt names the situation instead of staying blank (or naming
    an old discard)."""
    asyncio.run(_prompts())


async def _prompts():
    from dataclasses import replace

    from ai import make_agent
    from app.i18n import t
    from engine.actions import PASS, RON, AgariYame, DeclareTenpai, Discard
    from engine.meld import Meld, MeldKind

    app = RiichiApp(PlayOptions(seed=3, difficulty="greedy", speed="instant", direct=True,
                                save=False))
    agent = make_agent("greedy", seed=5, rules=TENHOU)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _until(pilot, app, agent,
                              lambda s: any(isinstance(a, Discard) for a in s.legal))
        kakan = Meld(MeldKind.KAKAN, (108, 109, 110, 111), 108, 1, added=111)  # 1z
        view = replace(screen.view, last_discard=None, turn=1,
                       melds=((), (kakan,), (), ()))
        screen.view = view
        text = screen.call_prompt((RON, PASS))
        # the kan's seat by the name its seat line shows (the opponent's own: issue 11 item 9)
        assert "chankan" in text.lower() and screen.seat_names()[1] in text
        assert screen.seat_names()[1] not in ("", "Right")
        assert screen.call_prompt((DeclareTenpai(True), DeclareTenpai(False))) == \
            t("table.tenpai_prompt")
        assert screen.call_prompt((AgariYame(True), AgariYame(False))) == t("table.yame_prompt")
