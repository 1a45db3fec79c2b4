"""Resume proof: a game played by AIs in a child process, autosaved to the journal after every
action, is killed with SIGKILL at random points (and while the player's seat is being asked
about a call); the journal is then loaded and replayed (``Game.replay``), and compared with the
same game played without interruption: the same state (the views of all four seats, what each
must decide) and, when play goes on with the same decisions, the same events to the end.

Finally the title screen's Continue is shown to bring the player back to that call prompt.

The AIs' random generators are reseeded from the position before each decision (``DECIDE``):
a resumed game gets fresh AIs, and without this their choices would differ from the
uninterrupted game's for a reason that has nothing to do with the saved state.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from app.storage import journal as J
from engine.actions import Pass
from engine.events import RoundDrawn, RoundEnded, Win
from engine.game import Game
from engine.rules import RuleSet

ROOT = Path(__file__).resolve().parents[2]

# Shared by the child (which plays and is killed) and the test (which plays the reference game
# and continues the resumed one), so both decide in exactly the same way.
DECIDE = """
from dataclasses import replace

from ai import make_agent
from engine.rules import RuleSet

RULES = replace(RuleSet(), length="tonpuusen")
SEATS = [{"kind": "human", "name": "You"}] + [{"kind": "ai", "level": "easy"}] * 3
AGENTS = {}


def decide(game):
    pending = game.pending()
    seat = min(pending)
    agent = AGENTS.get(seat)
    if agent is None:
        agent = AGENTS[seat] = make_agent("easy", seed=seat, rules=game.rules)
    agent.rng.seed(game.seed * 1_000_003 + len(game.actions) * 4 + seat)
    return seat, agent.act(game.view(seat), pending[seat])
"""

CHILD = DECIDE + """
import sys
import time

from app.storage.journal import Journal
from engine.game import Game

seed, stop_at = int(sys.argv[1]), int(sys.argv[2])
game = Game(RULES, seed)
journal = Journal.create(None, RULES, seed, SEATS, {"difficulty": "easy"}, overwrite=True)
print("ready", flush=True)
while not game.over:
    seat, action = decide(game)
    game.submit(seat, action)
    journal.append(seat, action)  # acknowledged from here on
    if len(game.actions) == stop_at:
        print("asking", flush=True)  # the player is thinking; the connection drops
        time.sleep(600)
print("done", flush=True)
"""

SHARED: dict = {}
exec(compile(textwrap.dedent(DECIDE), "DECIDE", "exec"), SHARED)
RULES: RuleSet = SHARED["RULES"]


class Reference:
    """The uninterrupted game, with every seat's view and the event count after each action."""

    def __init__(self, seed: int) -> None:
        game = Game(RULES, seed)
        self.views = [tuple(game.view(s) for s in range(4))]
        self.pending = [game.pending()]
        self.event_counts = [len(game.events)]
        while not game.over:
            seat, action = SHARED["decide"](game)
            game.submit(seat, action)
            self.views.append(tuple(game.view(s) for s in range(4)))
            self.pending.append(game.pending())
            self.event_counts.append(len(game.events))
        self.game = game

    def call_prompts(self) -> list[int]:
        """Action counts where only seat 0 must act and may let a discard pass (a call prompt:
        AIs act first, so this is what the player sees)."""
        return [n for n, p in enumerate(self.pending)
                if list(p) == [0] and any(isinstance(a, Pass) for a in p[0])]


_REFERENCES: dict[int, Reference] = {}


def reference(seed: int) -> Reference:
    if seed not in _REFERENCES:
        _REFERENCES[seed] = Reference(seed)
    return _REFERENCES[seed]


def start_child(seed: int, stop_at: int = -1) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(CHILD), str(seed), str(stop_at)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert child.stdout.readline().strip() == "ready", child.stderr.read()
    return child


def kill(child: subprocess.Popen) -> None:
    if child.poll() is not None:  # it must still be playing (or asking)
        raise AssertionError(f"the child ended by itself ({child.returncode}): "
                             f"{child.stdout.read()} {child.stderr.read()}")
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    child.stdout.close()
    child.stderr.close()


def journal_lines() -> int:
    try:
        return J.current_save_path().read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def check_resume(ref: Reference) -> int:
    """Load the killed child's journal, replay it, compare with the reference; then play on
    with the same decisions and compare every following event. Returns the actions resumed."""
    loaded = J.load_saved_game()
    assert loaded.game is not None, loaded.warnings
    saved = loaded.game
    n = len(saved.actions)
    expected = [(s, a.to_dict()) for s, a in ref.game.actions[:n]]
    assert saved.actions == expected  # a prefix of the game, in order, nothing invented
    journal, saved = J.Journal.resume()  # the lock died with the child
    journal.close()
    game = Game.replay(saved.rules(), saved.seed, saved.engine_actions())
    assert tuple(game.view(s) for s in range(4)) == ref.views[n]  # every seat, incl. legal
    assert game.pending() == ref.pending[n]
    start = len(game.events)
    assert game.events == ref.game.events[: ref.event_counts[n]]
    while not game.over:
        seat, action = SHARED["decide"](game)
        game.submit(seat, action)
    assert game.events[start:] == ref.game.events[ref.event_counts[n]:]
    assert game.actions == ref.game.actions
    assert game.result == ref.game.result
    return n


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 11])
def test_sigkill_at_random_points_resumes_the_same_game(seed):
    """Three kills at random moments of the AIs' play (the child may be mid-action or
    mid-write), each resumed and played on to the end."""
    ref = reference(seed)
    total = len(ref.game.actions)
    rng = random.Random(seed)
    resumed = []
    for _ in range(3):
        target = rng.randrange(1, total)
        child = start_child(seed)
        deadline = time.monotonic() + 60
        while journal_lines() < target + 1 and child.poll() is None:  # header + actions
            assert time.monotonic() < deadline, "the child did not get there in time"
            time.sleep(0.0005)
        kill(child)
        resumed.append(check_resume(ref))
    assert all(0 < n < total for n in resumed), resumed  # the kills landed mid-game


@pytest.mark.slow
def test_sigkill_while_the_player_is_asked_about_a_call(seed=3):
    """Killed while seat 0 is being asked whether to call a discard: the resumed game asks the
    same question (same view, same legal actions) and goes on identically."""
    ref = reference(seed)
    prompts = ref.call_prompts()
    assert prompts, "this seed should offer the player a call"
    for n in (prompts[0], prompts[-1]):
        child = start_child(seed, stop_at=n)
        assert child.stdout.readline().strip() == "asking"
        kill(child)
        assert check_resume(ref) == n


@pytest.mark.slow
def test_continue_on_the_title_screen_brings_back_the_call_prompt(seed=3):
    """The title screen's Continue after a kill at a call prompt: the table shows the same
    position and asks the same question (the call bar offers the calls and Skip)."""
    ref = reference(seed)
    n = ref.call_prompts()[0]
    child = start_child(seed, stop_at=n)
    assert child.stdout.readline().strip() == "asking"
    kill(child)
    asyncio.run(_continue(ref, n))


async def _continue(ref: Reference, n: int) -> None:
    from app.app import RiichiApp
    from app.options import PlayOptions
    from app.screens.table import TableScreen
    from app.storage.settings import Settings
    from app.widgets import CallBar

    app = RiichiApp(PlayOptions(speed="instant"), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # Continue, then where the game stopped (round, honba, points, when it was saved)
        assert "Continue" in [str(o.prompt).splitlines()[0]
                              for o in app.screen.query_one("#menu").options]
        await pilot.press("c")
        start = time.monotonic()
        while not (isinstance(app.screen, TableScreen) and app.screen.legal):
            assert time.monotonic() - start < 20, "the table did not ask the player"
            await pilot.pause(0.02)
        screen = app.screen
        assert len(screen.game.actions) == n  # nobody moved on the player's behalf
        assert screen.game.view(0) == ref.views[n][0]
        assert set(screen.legal) == set(ref.pending[n][0])
        bar = screen.query_one(CallBar)
        assert bar.prompt  # "Left discarded 5m"
        assert [o.key for o in bar.options][-1] == "esc"  # Skip
        assert len(bar.options) == len([a for a in screen.legal if not isinstance(a, Pass)]) + 1


@pytest.mark.slow
def test_continue_after_the_last_action_finishes_the_game(seed=3):
    """Killed after the game's last action (the final result on screen, not yet recorded):
    Continue shows the final standings and records the game, as an uninterrupted game does."""
    ref = reference(seed)
    child = start_child(seed, stop_at=len(ref.game.actions))
    assert child.stdout.readline().strip() == "asking"
    kill(child)
    game_id = J.load_saved_game().game.game_id
    asyncio.run(_continue_finished(game_id))


async def _continue_finished(game_id: str) -> None:
    from app.app import RiichiApp
    from app.options import PlayOptions
    from app.screens.gameover import GameOverScreen
    from app.screens.result import ResultScreen
    from app.storage import history as H
    from app.storage.settings import Settings

    app = RiichiApp(PlayOptions(speed="instant"), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        start = time.monotonic()
        while not isinstance(app.screen, GameOverScreen):
            if time.monotonic() - start > 5:
                break
            if isinstance(app.screen, ResultScreen):
                await pilot.press("enter")
            await pilot.pause(0.05)
        assert isinstance(app.screen, GameOverScreen)
    assert H.get_game(game_id) is not None
    assert not J.has_saved_game()


def round_end_counts(ref: Reference) -> list[int]:
    """Action counts right after an action that ended a round (not the game)."""
    return [n for n in range(1, len(ref.event_counts))
            if any(isinstance(e, RoundEnded)
                   for e in ref.game.events[ref.event_counts[n - 1]:ref.event_counts[n]])
            and n < len(ref.game.actions)]


@pytest.mark.slow
def test_continue_while_a_round_result_was_shown(seed=3):
    """Killed while the result of a round was on screen: Continue shows that result again."""
    ref = reference(seed)
    n = round_end_counts(ref)[0]
    child = start_child(seed, stop_at=n)
    assert child.stdout.readline().strip() == "asking"
    kill(child)
    asyncio.run(_continue_at_result(ref, n))


async def _continue_at_result(ref: Reference, n: int) -> None:
    from app.app import RiichiApp
    from app.options import PlayOptions
    from app.screens.result import ResultScreen
    from app.storage.settings import Settings

    ended = [e for e in ref.game.events[ref.event_counts[n - 1]:ref.event_counts[n]]
             if isinstance(e, (Win, RoundDrawn))]
    app = RiichiApp(PlayOptions(speed="instant"), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause(0.5)
        assert isinstance(app.screen, ResultScreen)
        assert [e for e in app.screen.events if isinstance(e, (Win, RoundDrawn))] == ended
        assert len(app.screen_stack[-2].game.actions) == n  # nothing played meanwhile
