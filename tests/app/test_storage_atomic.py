"""Paths honour RIICHI_HOME; atomic writes never leave a torn file, even under SIGKILL."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from app.storage import paths
from app.storage.atomic import atomic_write_bytes, atomic_write_text, move_aside

ROOT = Path(__file__).resolve().parents[2]


def test_riichi_home_holds_everything_and_is_created_on_demand(tmp_path, monkeypatch):
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path / "h"))
    assert not (tmp_path / "h").exists()
    assert paths.data_dir() == tmp_path / "h" / "data" and paths.data_dir().is_dir()
    assert paths.config_dir() == tmp_path / "h" / "config" and paths.config_dir().is_dir()
    for p in (paths.journal_path(), paths.history_path(), paths.log_path()):
        assert p.parent == tmp_path / "h" / "data"
    assert paths.settings_path().parent == tmp_path / "h" / "config"


def test_without_riichi_home_platformdirs_decides(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.delenv("RIICHI_HOME", raising=False)
    seen = []

    def fake(kind):
        def f(appname, appauthor=None):
            seen.append((kind, appname))
            return str(tmp_path / kind)
        return f

    monkeypatch.setattr(platformdirs, "user_data_dir", fake("data"))
    monkeypatch.setattr(platformdirs, "user_config_dir", fake("config"))
    assert paths.data_dir() == tmp_path / "data" and (tmp_path / "data").is_dir()
    assert paths.config_dir() == tmp_path / "config"
    assert seen == [("data", "riichi"), ("config", "riichi")]


def test_atomic_write_replaces_and_leaves_no_temp(tmp_path):
    target = tmp_path / "sub" / "f.txt"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two ✓")
    assert target.read_text(encoding="utf-8") == "two ✓"
    assert sorted(p.name for p in target.parent.iterdir()) == ["f.txt"]


def test_move_aside_numbers_and_keeps_content(tmp_path):
    f = tmp_path / "x.db"
    moved = []
    for n in range(3):
        f.write_text(str(n))
        moved.append(move_aside(f))
    assert [p.name for p in moved] == ["x.db.bad", "x.db.2.bad", "x.db.3.bad"]
    assert [p.read_text() for p in moved] == ["0", "1", "2"]
    assert not f.exists()


WRITER = """
    import sys
    from app.storage.atomic import atomic_write_bytes
    path = sys.argv[1]
    n = 0
    print("ready", flush=True)
    while True:
        # each version is 2 MB of one repeated byte: a torn file would mix two of them
        atomic_write_bytes(path, bytes([65 + n % 26]) * (2 << 20))
        n += 1
"""


def test_kill_during_writes_never_leaves_a_torn_file(tmp_path):
    target = tmp_path / "state.bin"
    atomic_write_bytes(target, b"Z" * 10)
    rng = random.Random(99)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for _ in range(8):
        child = subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(WRITER), str(target)],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True,
        )
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.15))
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        child.stdout.close()
        data = target.read_bytes()
        assert data in (b"Z" * 10,) or (len(data) == 2 << 20 and data == data[:1] * len(data))
    # the temp files of the killed writers are cleaned by the next write
    atomic_write_bytes(target, b"done")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.bin"]


@pytest.mark.parametrize("bad", [None, "x"])
def test_atomic_write_failure_keeps_the_old_file(tmp_path, bad):
    target = tmp_path / "f"
    atomic_write_bytes(target, b"old")
    with pytest.raises(TypeError):
        atomic_write_bytes(target, bad)  # type: ignore[arg-type]
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]


def test_storage_and_history_command_never_import_textual():
    code = (
        "import sys, app.storage.paths, app.storage.atomic, app.storage.journal, "
        "app.storage.history, app.storage.settings, app.commands.history; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.stdout.strip() == "[]"
