"""The in-app review (issue 14): two worker processes started safely from inside the running
app (a fork server, not a fork of the app's threads; started although Textual's captured
stderr has no file descriptor), the same numbers as one process; the samples from Settings;
the option table's actions in Chinese."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app.i18n import set_language
from app.screens import review as R
from app.screens.review import ReviewScreen, option_table
from app.storage.settings import Settings
from tests.app.test_replay_viewer import make_app, seed_history
from tests.app.test_review_screen import kept_data

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    import sys

    class Captured:  # as a running Textual app's sys.stderr: no file descriptor
        def write(self, text): pass
        def flush(self): pass
        def fileno(self): return -1

    if __name__ == "__main__":
        from tests.app.test_replay_viewer import recorded_game
        from app.storage import reviews as S
        rec = recorded_game()
        key = S.ReviewKey(rec.game_id, 0, 4, 0, 4)
        one = S.compute(rec, key, workers=1)
        sys.stderr = Captured()
        two = S.compute(rec, key, workers=2)
        sys.stderr = sys.__stderr__
        assert one == two, "two workers gave other numbers"
        print("same")
""")


@pytest.mark.slow
def test_two_workers_start_under_a_captured_stderr_and_agree_with_one(tmp_path):
    script = tmp_path / "two_workers.py"
    script.write_text(SCRIPT)
    out = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, env={"PYTHONPATH": str(ROOT),
                                                      "RIICHI_HOME": str(tmp_path / "home"),
                                                      "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "same"


async def _the_review_takes_its_samples_from_settings_and_two_workers(monkeypatch):
    monkeypatch.setattr(R, "SETTINGS", {"samples": None, "seed": 0, "limit": 2})
    seed_history()
    app = make_app()
    app.settings = Settings(review_samples=16)
    async with app.run_test(size=(80, 24)) as pilot:
        app.settings = Settings(review_samples=16)
        await pilot.press("h", "r")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.key.samples == 16 and screen.review_workers == R.WORKERS == 2
        for _ in range(600):
            await pilot.pause(0.05)
            if screen.data is not None:
                break
        assert screen.data is not None
        assert all(o["samples"] >= 16 for d in screen.data["decisions"] for o in d["options"])


def test_the_review_takes_its_samples_from_settings_and_two_workers(monkeypatch):
    asyncio.run(_the_review_takes_its_samples_from_settings_and_two_workers(monkeypatch))


def test_option_table_actions_in_chinese(monkeypatch):
    monkeypatch.setattr(R, "SETTINGS", {"samples": 4, "seed": 0, "limit": 8})
    seed_history()
    data = kept_data()
    d = next(d for d in data["decisions"] if d["options"])
    set_language("zh")
    try:
        import io

        from rich.console import Console

        console = Console(width=120, file=io.StringIO(), record=True)
        console.print(option_table(d))
        text = console.export_text()
    finally:
        set_language("en")
    for o in d["options"]:
        assert o["text"] not in text  # the engine's English text is not shown
    assert any(word in text for word in ("打", "跳过", "吃", "碰", "立直", "荣和", "自摸"))
