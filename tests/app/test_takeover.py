"""Taking a game back from another live riichi (issue 11 item 7).

The mechanism (app.storage.takeover) against small holder processes: a riichi that leaves when
asked, one that ignores the request, one that ignores SIGTERM too, a stopped one; and processes
that must never be signalled (not riichi, another user, a stale pid). The app: a riichi asked to
hand over closes its journal between actions (even while an opponent is thinking) and exits
with its notice; Continue offers the takeover. Finally two real ``python -m app`` processes in
ptys (slow): the second takes the game over, the first exits with its message, and the journal
holds every action once.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.app import RiichiApp
from app.i18n import t
from app.screens.result import ConfirmScreen
from app.screens.title import HandedOverScreen, TitleScreen
from app.storage import journal as J
from app.storage import takeover as T
from engine.game import Game
from tests.app.test_saving import a_saved_game, make_app
from tests.app.test_snapshots import my_turn
from tests.app.test_snapshots import wait_until as until
from tests.app.test_toggles import told
from tests.ptys import PtyProcess

ROOT = Path(__file__).resolve().parents[2]

# the holder is identified through /proc (Linux); elsewhere riichi refuses to take over
pytestmark = pytest.mark.skipif(not Path("/proc/locks").exists(), reason="needs /proc/locks")

#: a process holding the save's lock as a riichi would; argv: journal, mode
HOLDER = """
import signal, sys, time
from pathlib import Path
from app.storage.journal import _Lock

lock = _Lock(Path(sys.argv[1]))
lock.acquire()
mode = sys.argv[2]


def leave(*_):
    lock.release()
    sys.exit(0)


if mode == "polite":
    signal.signal(signal.SIGUSR1, leave)
else:
    signal.signal(signal.SIGUSR1, signal.SIG_IGN)
if mode == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
print("holding", flush=True)
time.sleep(120)
"""

_children: list[subprocess.Popen] = []


@pytest.fixture(autouse=True)
def _reap():
    yield
    while _children:
        child = _children.pop()
        if child.poll() is None:
            child.kill()
        child.wait()


def hold(journal: Path, mode: str, name: str = "riichi") -> subprocess.Popen:
    """A child named ``name`` (its argv[0], as /proc shows it) holding ``journal``'s lock."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([name, "-c", HOLDER, str(journal), mode], executable=sys.executable,
                             stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    _children.append(child)
    assert child.stdout is not None and child.stdout.readline().strip() == "holding"
    return child


def sleeper(name: str) -> subprocess.Popen:
    """A child named ``name`` that holds nothing."""
    child = subprocess.Popen([name, "-c", "import time; time.sleep(120)"],
                             executable=sys.executable)
    _children.append(child)
    cmdline = Path(f"/proc/{child.pid}/cmdline")
    while not cmdline.read_bytes().startswith(name.encode() + b"\0"):  # until it has started
        time.sleep(0.01)
    return child


def gone(child: subprocess.Popen, timeout: float = 5.0) -> int:
    return child.wait(timeout)


# --- the mechanism --------------------------------------------------------------------------
@pytest.mark.parametrize("argv, riichi", [
    (["/home/me/.venv/bin/python", "/home/me/.venv/bin/riichi", "play"], True),
    (["riichi"], True),
    (["/usr/local/bin/riichi", "--lang", "zh"], True),
    (["python3", "-m", "app", "play", "--continue"], True),
    (["python3", "-m", "http.server"], False),
    (["vim", "riichi"], False),
    (["bash", "-c", "riichi"], False),
    (["python3", "-I", "/usr/bin/riichi"], True),
    (["python3", "/tmp/x.py", "riichi"], False),
    (["python3", "-m", "pytest", "app"], False),
    ([], False),
])
def test_only_a_riichi_command_line_counts(argv, riichi):
    assert T.is_riichi_command(argv) is riichi


def test_holder_names_the_process_holding_the_game(tmp_path):
    journal = tmp_path / "game.jsonl"
    assert T.holder(journal) is None
    child = hold(journal, "polite")
    assert T.holder(journal) == child.pid
    assert T.check_holder(child.pid, T.lock_path(journal)) is None


def test_nobody_holds_it_so_nothing_is_sent(tmp_path):
    assert T.take_over(tmp_path / "game.jsonl") == T.Taken("free")


def test_a_holder_asked_to_leave_leaves(tmp_path):
    """(Its answer comes in milliseconds: benchmarks/bench_takeover.py; the long wait here only
    keeps a loaded test machine from turning the answer into a stop.)"""
    journal = tmp_path / "game.jsonl"
    child = hold(journal, "polite")
    assert T.take_over(journal, ask_wait=60) == T.Taken("left", child.pid)
    assert gone(child) == 0  # it left by itself, not stopped
    assert T.holder(journal) is None


def test_a_holder_that_ignores_the_request_is_terminated(tmp_path):
    journal = tmp_path / "game.jsonl"
    child = hold(journal, "deaf")
    assert T.take_over(journal, ask_wait=0.5) == T.Taken("stopped", child.pid)
    assert gone(child) == -signal.SIGTERM
    assert T.holder(journal) is None


def test_a_holder_that_ignores_sigterm_too_is_killed(tmp_path):
    journal = tmp_path / "game.jsonl"
    child = hold(journal, "stubborn")
    taken = T.take_over(journal, ask_wait=0.3, term_wait=0.3)
    assert taken == T.Taken("stopped", child.pid)
    assert gone(child) == -signal.SIGKILL


def test_a_stopped_holder_is_stopped_for_good(tmp_path):
    """SIGSTOP: it cannot answer (a hung riichi); SIGTERM with SIGCONT ends it."""
    journal = tmp_path / "game.jsonl"
    child = hold(journal, "polite")
    os.kill(child.pid, signal.SIGSTOP)
    assert T.take_over(journal, ask_wait=0.5) == T.Taken("stopped", child.pid)
    # the request was pending when SIGCONT came: the polite one may still have left by itself
    assert gone(child) in (-signal.SIGTERM, 0)
    assert T.holder(journal) is None


def test_a_process_that_is_not_riichi_is_never_signalled(tmp_path):
    journal = tmp_path / "game.jsonl"
    child = hold(journal, "polite", name="notriichi")
    with pytest.raises(T.TakeoverRefused, match=f"process {child.pid} is not riichi"):
        T.take_over(journal, ask_wait=0.2, term_wait=0.2, kill_wait=0.2)
    time.sleep(0.2)
    assert child.poll() is None and T.holder(journal) == child.pid  # still holding, unharmed


def test_a_stale_pid_in_the_lock_file_is_never_signalled(tmp_path):
    """The lock file names a riichi that does not hold the lock (a pid reused by another
    riichi, say, idle or playing another game): nothing is sent to it, nor to the real holder,
    which is not a riichi."""
    journal = tmp_path / "game.jsonl"
    real = hold(journal, "polite", name="notriichi")
    for other in (sleeper("riichi"), hold(tmp_path / "elsewhere" / "game.jsonl", "polite")):
        T.lock_path(journal).write_text(str(other.pid))
        with pytest.raises(T.TakeoverRefused, match="does not hold the saved game"):
            T.take_over(journal, ask_wait=0.2, term_wait=0.2, kill_wait=0.2)
        time.sleep(0.2)
        assert real.poll() is None and other.poll() is None


def test_another_users_process_is_never_signalled(tmp_path, monkeypatch):
    journal = tmp_path / "game.jsonl"
    child = hold(journal, "polite")
    monkeypatch.setattr(os, "getuid", lambda: os.stat(f"/proc/{child.pid}").st_uid + 1)
    with pytest.raises(T.TakeoverRefused, match="belongs to another user"):
        T.take_over(journal)
    assert child.poll() is None


def test_when_the_locks_cannot_be_read_nothing_is_sent(tmp_path, monkeypatch):
    journal = tmp_path / "game.jsonl"
    child = hold(journal, "polite")
    monkeypatch.setattr(T, "_holds_flock", lambda pid, lock_file: None)
    with pytest.raises(T.TakeoverRefused, match="cannot be read"):
        T.take_over(journal)
    assert child.poll() is None


def test_this_process_and_init_are_never_the_other_riichi(tmp_path):
    lock_file = T.lock_path(tmp_path / "game.jsonl")
    assert "cannot be the other riichi" in (T.check_holder(os.getpid(), lock_file) or "")
    assert "cannot be the other riichi" in (T.check_holder(1, lock_file) or "")


# --- the app ---------------------------------------------------------------------------------
class Thinking:
    """An opponent in the middle of a decision until ``go`` is set."""

    def __init__(self, agent) -> None:
        self.agent, self.started, self.go = agent, threading.Event(), threading.Event()

    def act(self, view, legal):
        self.started.set()
        self.go.wait(10)
        return self.agent.act(view, legal)


def test_a_riichi_asked_to_hand_over_stops_writing_and_exits(monkeypatch, capsys):
    """The request comes while the next opponent is thinking: the journal is closed between
    actions (the lock is free at once), that decision is never written, the notice shows and
    the app exits with it."""
    monkeypatch.setattr("app.app.HANDED_OVER_DELAY", 0.3)
    asyncio.run(_hand_over())
    assert t("takeover.left") in capsys.readouterr().err  # on the terminal after the exit


async def _hand_over():
    app = make_app(seed=5, direct=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app))
        session = app.screen.session
        thinking = session.agents[1] = Thinking(session.agents[1])
        await pilot.press("enter")  # the player discards; seat 1 starts thinking
        await until(pilot, thinking.started.is_set)
        saved = J.current_save_path().read_bytes()
        app.post_message(RiichiApp.TakeoverAsked())
        await until(pilot, lambda: isinstance(app.screen, HandedOverScreen))
        assert T.holder() is None and session.closed  # let go while seat 1 still thinks
        assert t("takeover.left") in str(app.screen.query_one("Static").render())
        thinking.go.set()
        await pilot.pause(0.2)
        assert J.current_save_path().read_bytes() == saved  # its decision is not written
        await until(pilot, lambda: not app.is_running, timeout=5)
    assert app.return_code == 0


def test_a_riichi_without_a_game_ignores_the_request():
    async def run():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.post_message(RiichiApp.TakeoverAsked())
            await pilot.pause(0.2)
            assert isinstance(app.screen, TitleScreen) and app.is_running

    asyncio.run(run())


def test_continue_offers_to_take_the_game_over(monkeypatch):
    """Another riichi holds the saved game: Continue asks, a yes asks it to leave and the game
    resumes here, from the journal read once the lock is ours."""
    monkeypatch.setenv("RIICHI_TAKEOVER_WAIT", "60")  # it answers; a loaded machine is slow
    saved = a_saved_game()
    child = hold(J.current_save_path(), "polite")

    async def run():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            assert app.screen.question == t("takeover.ask", pid=child.pid)
            assert f"process {child.pid}" in app.screen.question
            await pilot.press("y")
            await until(pilot, lambda: my_turn(app), timeout=20)
            assert app.screen.session.saving and T.holder() == os.getpid()  # ours now
            assert J.current_save_path().read_bytes().startswith(saved)

    asyncio.run(run())
    assert gone(child) == 0


def test_no_means_the_other_riichi_keeps_the_game():
    a_saved_game()
    child = hold(J.current_save_path(), "polite")

    async def run():
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.press("n")
            await pilot.pause(0.3)
            assert isinstance(app.screen, TitleScreen)

    asyncio.run(run())
    assert child.poll() is None and T.holder() == child.pid


def test_continue_leaves_a_holder_it_cannot_vouch_for_alone():
    a_saved_game()
    child = hold(J.current_save_path(), "polite", name="notriichi")

    async def run():
        app = make_app()
        said = told(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause(0.3)
            assert isinstance(app.screen, TitleScreen)
            assert any(f"process {child.pid}" in s and "is not riichi" in s for s in said), said

    asyncio.run(run())
    assert child.poll() is None and T.holder() == child.pid


def test_the_wait_for_an_answer_can_be_set(monkeypatch):
    assert T.ask_wait_seconds() == T.ASK_WAIT
    for text, seconds in (("12.5", 12.5), ("0", T.ASK_WAIT), ("soon", T.ASK_WAIT),
                          ("1e9", T.ASK_WAIT)):
        monkeypatch.setenv("RIICHI_TAKEOVER_WAIT", text)
        assert T.ask_wait_seconds() == seconds


def test_the_texts_exist_in_both_languages():
    from app.i18n import Texts

    for lang in ("en", "zh"):
        texts = Texts(lang)
        for key in ("ask", "asking", "left", "stopped", "unsure", "failed"):
            assert texts.has(f"takeover.{key}")
    assert "{pid}" in Texts("zh")._own["takeover.ask"]


# --- two real processes ----------------------------------------------------------------------
_ESCAPES = re.compile(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


class Riichi(PtyProcess):
    """``python -m app ARGS`` in an 80x24 pty, its output read as it comes."""

    def __init__(self, *args: str, env: dict[str, str]) -> None:
        super().__init__([sys.executable, "-m", "app", *args], env=env, cwd=ROOT)
        _children.append(self.proc)

    def text(self) -> str:
        return _ESCAPES.sub("", self.output().decode("utf-8", "replace"))

    def press(self, keys: str) -> None:
        self.write(keys)

    def wait_for(self, what: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while what not in self.text():
            assert self.proc.poll() is None, f"exited {self.proc.returncode}: {self.text()[-500:]}"
            assert time.monotonic() < deadline, f"no {what!r} in: {self.text()[-800:]}"
            time.sleep(0.1)


def riichi_env(tmp_path: Path) -> dict[str, str]:
    # the old riichi answers in ~60 ms (benchmarks/bench_takeover.py); a loaded test machine
    # must not turn that into a stop, which the stopped case tests on purpose
    env = dict(os.environ, PYTHONPATH=str(ROOT), RIICHI_HOME=str(tmp_path / "riichi-home"),
               RIICHI_TAKEOVER_WAIT="60",
               XDG_DATA_HOME=str(tmp_path / "xdg-data"),
               XDG_CONFIG_HOME=str(tmp_path / "xdg-config"), TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    return env


def lines_when(journal: Path, enough: int, timeout: float = 60.0) -> list[bytes]:
    deadline = time.monotonic() + timeout
    while True:
        lines = journal.read_bytes().splitlines(keepends=True) if journal.exists() else []
        if len(lines) >= enough:
            return lines
        assert time.monotonic() < deadline, f"the journal has {len(lines)} lines"
        time.sleep(0.1)


def replays(journal: Path) -> Game:
    """The journal read back and replayed: an action written twice or lost would not replay."""
    saved = J.load_journal(journal)
    assert not saved.dropped_torn_line
    return Game.replay(saved.rules(), saved.seed, saved.engine_actions())


@pytest.mark.slow
def test_two_processes_the_second_takes_the_game_over(tmp_path):
    env = riichi_env(tmp_path)
    old = Riichi("play", "--seed", "11", "--autoplay", "--speed", "normal", env=env)
    journal = tmp_path / "riichi-home" / "data" / "current-game.jsonl"
    lines_when(journal, 6)
    new = Riichi("play", "--continue", "--autoplay", "--speed", "normal", env=env)
    new.wait_for("Take it over?")
    assert f"process {old.proc.pid}" in new.text()
    before = journal.read_bytes()
    new.press("y")
    assert old.proc.wait(30) == 0  # it left by itself, in time
    assert t("takeover.left") in old.text()  # printed on its terminal as it exits
    log = (tmp_path / "riichi-home" / "data" / "riichi.log").read_text()
    handed = int(re.search(r"handed the saved game over to another riichi after (\d+) actions",
                           log).group(1))
    # the new one resumed from exactly there and plays on: every action once, in order
    lines_when(journal, handed + 1 + 3)
    assert T.holder(journal) == new.proc.pid
    new.press("\x11")  # ctrl+q
    assert new.proc.wait(30) == 0
    final = journal.read_bytes()
    assert final.startswith(before) and final.count(b'"format":"riichi-journal"') == 1
    assert len(replays(journal).actions) == final.count(b"\n") - 1 > handed


@pytest.mark.slow
def test_two_processes_a_stopped_one_is_stopped_and_its_game_taken(tmp_path):
    env = riichi_env(tmp_path)
    old = Riichi("play", "--seed", "12", "--autoplay", "--speed", "normal", env=env)
    journal = tmp_path / "riichi-home" / "data" / "current-game.jsonl"
    lines_when(journal, 6)
    os.kill(old.proc.pid, signal.SIGSTOP)  # hung: it cannot answer the request
    stopped_at = journal.read_bytes()
    taken = T.take_over(journal, ask_wait=1.0)
    assert taken == T.Taken("stopped", old.proc.pid)
    assert old.proc.wait(10) in (-signal.SIGTERM, -signal.SIGKILL)
    assert journal.read_bytes() == stopped_at
    lock = J._Lock(journal)
    lock.acquire()  # ours now
    lock.release()
    replays(journal)
