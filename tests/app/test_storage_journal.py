"""The autosave journal: round trip, torn last lines, bad files, the lock, and SIGKILL."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app.storage import journal as J
from engine.rules import preset

ROOT = Path(__file__).resolve().parents[2]
SEATS = [{"kind": "human", "name": "You"}, {"kind": "ai"}, {"kind": "ai"}, {"kind": "ai"}]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _new(**kw):
    return J.Journal.create(None, preset("majsoul"), 42, SEATS, {"player": "You"}, **kw)


def test_round_trip_in_the_data_dir(home):
    j = _new()
    j.append(0, {"type": "discard", "tile": 16})
    j.append(2, {"type": "pass"})
    j.close()
    assert J.current_save_path().parent == home / "data"
    assert J.has_saved_game()
    g = J.load_journal()
    assert g.seed == 42 and g.seats == SEATS and g.meta == {"player": "You"}
    assert g.rules() == preset("majsoul")
    assert g.actions == [(0, {"type": "discard", "tile": 16}), (2, {"type": "pass"})]
    assert g.game_id == j.game_id and not g.dropped_torn_line
    header = json.loads(J.current_save_path().read_text().splitlines()[0])
    assert header["format"] == "riichi-journal" and header["version"] == 1


def test_engine_actions_are_stored_by_to_dict():
    actions = pytest.importorskip("engine.actions")
    j = _new()
    j.append(1, actions.Discard(16))
    j.close()
    seat, d = J.load_journal().actions[0]
    assert seat == 1 and actions.action_from_dict(d) == actions.Discard(16)


def test_append_rejects_bad_seat_and_non_dicts():
    with _new() as j:
        with pytest.raises(ValueError):
            j.append(4, {"type": "pass"})
        with pytest.raises(TypeError):
            j.append(0, ["not", "a", "dict"])
        assert j.action_count == 0


def test_create_does_not_replace_a_saved_game_unless_asked():
    _new().close()
    with pytest.raises(FileExistsError):
        _new()
    j = _new(overwrite=True)
    j.close()
    assert J.load_journal().game_id == j.game_id


def test_torn_last_line_is_dropped_reported_and_cut_on_resume():
    j = _new()
    j.append(0, {"type": "discard", "tile": 1})
    j.close()
    path = J.current_save_path()
    with open(path, "ab") as f:
        f.write(b'{"seat": 1, "action": {"type": "dis')
    result = J.load_saved_game()
    assert result.game is not None and result.game.dropped_torn_line
    assert result.game.actions == [(0, {"type": "discard", "tile": 1})]
    assert result.warnings == [J.TORN_MESSAGE]
    j, saved = J.Journal.resume()
    assert saved.dropped_torn_line and j.action_count == 1
    j.append(1, {"type": "discard", "tile": 5})
    j.close()
    g = J.load_journal()
    assert not g.dropped_torn_line
    assert g.actions == [(0, {"type": "discard", "tile": 1}), (1, {"type": "discard", "tile": 5})]


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b'{"format": "riichi-jou',  # torn header: create never leaves one, so it is corrupt
        b"\x00\x00\x00\n",
        b'{"format": "something-else", "version": 1}\n',
        b'{"format": "riichi-journal", "version": 2, "seed": 1}\n',
        b"HEADER\n",
    ],
    ids=["empty", "torn-header", "nul", "other-format", "newer-version", "garbage-header"],
)
def test_bad_headers_are_moved_aside(content):
    path = J.current_save_path()
    path.write_bytes(content)
    with pytest.raises(J.CorruptJournal):
        J.load_journal()
    result = J.load_saved_game()
    assert result.game is None and len(result.warnings) == 1
    assert "moved to" in result.warnings[0]
    assert not path.exists()
    assert path.with_name(path.name + ".bad").read_bytes() == content


@pytest.mark.parametrize(
    "middle",
    [b"garbage\n", b'{"seat": 9, "action": {}}\n', b'{"seat": 0}\n', b'{"seat": 0, "action": 5}\n'],
)
def test_corruption_before_the_last_line_is_a_bad_file(middle):
    j = _new()
    j.append(0, {"type": "pass"})
    j.close()
    path = J.current_save_path()
    with open(path, "ab") as f:
        f.write(middle + b'{"seat": 1, "action": {"type": "pass"}}\n')
    with pytest.raises(J.CorruptJournal, match="line 3"):
        J.load_journal()
    with pytest.raises(J.CorruptJournal):
        J.Journal.resume()
    assert J.load_saved_game().game is None
    assert path.with_name(path.name + ".bad").exists()


def test_bad_files_are_numbered_never_overwritten():
    path = J.current_save_path()
    for n in range(3):
        path.write_bytes(b"bad %d\n" % n)
        J.load_saved_game()
    names = sorted(p.name for p in path.parent.glob("*.bad"))
    assert names == [path.name + ".2.bad", path.name + ".3.bad", path.name + ".bad"]
    assert path.with_name(path.name + ".3.bad").read_bytes() == b"bad 2\n"


def test_second_journal_in_the_same_directory_is_refused():
    j = _new()
    with pytest.raises(J.GameAlreadyRunning, match=f"process {os.getpid()}"):
        J.Journal.resume()
    with pytest.raises(J.GameAlreadyRunning):
        J.discard_save()
    result = J.load_saved_game()
    assert result.running_elsewhere and result.game is None
    assert "already running" in result.warnings[0]
    j.close()
    assert J.load_saved_game().game is not None
    assert J.discard_save() and not J.has_saved_game()
    assert not J.discard_save()


def test_discard_after_the_game_releases_the_lock():
    j = _new()
    j.discard()
    assert not J.has_saved_game()
    _new().close()


def _child(code: str, home: Path) -> subprocess.Popen:
    env = dict(os.environ, RIICHI_HOME=str(home), PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def test_other_process_is_told_a_game_is_running(home):
    j = _new()
    child = _child(
        """
        from app.storage import journal as J
        try:
            J.Journal.resume()
        except J.GameAlreadyRunning as e:
            print("refused:", e)
        """,
        home,
    )
    out, err = child.communicate(timeout=30)
    expected = f"refused: A game is already running in another riichi (process {os.getpid()})"
    assert expected in out, err
    j.close()


WRITER = """
    import sys
    from app.storage import journal as J
    from engine.rules import preset
    j = J.Journal.create(None, preset(), 7, ["human", "ai", "ai", "ai"], overwrite=True)
    print("ready", flush=True)
    n = 0
    while True:
        j.append(n % 4, {"type": "discard", "tile": n % 136, "n": n, "pad": "x" * (n % 300)})
        print(n, flush=True)  # acknowledged: the caller would now show the move
        n += 1
"""


def test_sigkill_at_random_points_keeps_every_acknowledged_action(home):
    rng = random.Random(1234)
    for _ in range(6):
        child = _child(WRITER, home)
        assert child.stdout.readline().strip() == "ready"
        acked = -1
        for _ in range(rng.randrange(1, 120)):
            line = child.stdout.readline()
            if not line:
                break
            acked = int(line)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        child.stderr.close()
        result = J.load_saved_game()
        assert result.game is not None, result.warnings
        ns = [a["n"] for _, a in result.game.actions]
        assert ns == list(range(len(ns)))  # a prefix, in order
        assert len(ns) >= acked + 1  # everything acknowledged is there
        j, _ = J.Journal.resume()  # the lock died with the child; resuming works
        j.close()


def test_failed_append_takes_back_its_partial_line(monkeypatch):
    j = _new()
    j.append(0, {"type": "pass"})
    real_write = os.write

    def half_then_full(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(J.os, "write", half_then_full)
    with pytest.raises(OSError):
        j.append(1, {"type": "discard", "tile": 3})
    monkeypatch.setattr(J.os, "write", real_write)
    j.append(2, {"type": "pass"})
    j.close()
    g = J.load_journal()
    assert g.actions == [(0, {"type": "pass"}), (2, {"type": "pass"})] and not g.dropped_torn_line


def test_two_processes_starting_games_at_once(home, tmp_path):
    code = """
        import os, sys, time
        from app.storage import journal as J
        from engine.rules import preset
        time.sleep(max(0.0, float(sys.argv[1]) - time.time()))  # start together
        try:
            j = J.Journal.create(None, preset(), 1, ["human", "ai", "ai", "ai"], overwrite=True)
        except J.GameAlreadyRunning:
            print("refused", flush=True)
        else:
            for i in range(200):
                j.append(i % 4, {"type": "pass", "i": i})
            deadline = time.time() + 30
            while not os.path.exists(sys.argv[2]) and time.time() < deadline:
                time.sleep(0.01)  # keep the game while the other one tries
            j.close()
            print("played", flush=True)
    """
    import time

    flag = tmp_path / "other-one-done"
    start = str(time.time() + 0.7)
    env = dict(os.environ, RIICHI_HOME=str(home), PYTHONPATH=str(ROOT))
    children = [
        subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), start, str(flag)], cwd=ROOT,
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    deadline = time.time() + 30
    while all(c.poll() is None for c in children) and time.time() < deadline:
        time.sleep(0.01)
    flag.touch()
    outs = sorted(c.communicate(timeout=60)[0].strip() for c in children)
    assert outs == ["played", "refused"]
    g = J.load_journal()
    assert [a["i"] for _, a in g.actions] == list(range(200)) and not g.dropped_torn_line


def test_a_save_the_engine_cannot_replay_is_set_aside():
    actions = pytest.importorskip("engine.actions")
    j = _new()
    j.append(0, actions.Discard(16))
    j.append(1, {"type": "discard", "tile": 999})  # a JSON-valid line the engine refuses
    j.close()
    j, saved = J.Journal.resume()
    with pytest.raises(J.CorruptJournal, match="action 2"):
        saved.engine_actions()
    message = j.set_aside("action 2 cannot be read")
    assert "moved to" in message and not J.has_saved_game()
    path = J.current_save_path()
    assert J.load_journal(path.with_name(path.name + ".bad")).game_id == saved.game_id
    _new().close()  # the lock was released
