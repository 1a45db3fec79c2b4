"""Drill answers in the history (schema 2): an old database (schema 1) is migrated and keeps
its games; accuracy per category over sessions and weeks; a damaged database gets the same
message as before and a newer one is left alone; the statistics screen shows the accuracy per
category over the last sessions, ``w`` per week."""

from __future__ import annotations

import asyncio
import sqlite3

from textual.widgets import Static

from app.screens.stats import StatsScreen
from app.storage import drill_results as R
from app.storage import history as H
from app.storage import paths
from tests.app.test_drills import text_of
from tests.app.test_replay_viewer import make_app, recorded_game


def answer(session, category, grade, answered):
    return R.DrillAnswer(session, f"d-{answered}", "selfplay", category, grade, 0.0, answered)


def test_a_schema_1_database_is_migrated_and_keeps_its_games():
    migrations, version = H.MIGRATIONS, H.SCHEMA_VERSION
    H.MIGRATIONS, H.SCHEMA_VERSION = migrations[:1], 1  # the riichi before drills
    try:
        with H.History.open() as h:
            assert h.record_game(recorded_game())
            assert not h.record_drill(answer("s", "calls", "best", "2026-01-01T00:00:00"))
    finally:
        H.MIGRATIONS, H.SCHEMA_VERSION = migrations, version
    con = sqlite3.connect(paths.history_path())
    assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    con.close()
    with H.History.open() as h:
        assert h.warnings == []
        assert h.get_game(recorded_game().game_id) == recorded_game()
        assert h.record_drill(answer("s", "calls", "best", "2026-01-01T00:00:00"))
        assert h.drill_accuracy().answers == 1
    con = sqlite3.connect(paths.history_path())
    assert con.execute("PRAGMA user_version").fetchone()[0] == H.SCHEMA_VERSION == 2


def test_accuracy_per_category_over_sessions_and_weeks():
    with H.History.open() as h:
        for a in (answer("2026-01-05T10:00:00", "calls", "best", "2026-01-05T10:01:00"),
                  answer("2026-01-05T10:00:00", "calls", "mistake", "2026-01-05T10:02:00"),
                  answer("2026-01-05T10:00:00", "riichi", "fine", "2026-01-05T10:03:00"),
                  answer("2026-01-14T09:00:00", "calls", "best", "2026-01-14T09:01:00")):
            assert h.record_drill(a)
        acc = h.drill_accuracy("session")
        assert acc.labels == ["01-05", "01-14"]
        assert [None if p is None else (p.accurate, p.answers) for p in acc.by_category["calls"]
                ] == [(1, 2), (1, 1)]
        assert acc.by_category["riichi"][1] is None
        assert (acc.totals["calls"].accurate, acc.totals["calls"].answers) == (2, 3)
        weeks = h.drill_accuracy("week")
        assert weeks.labels == ["2026-W02", "2026-W03"]
        assert len(h.drill_accuracy("session", last=1).labels) == 1


def test_damaged_database_same_message_and_drills_start_anew():
    path = paths.history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database at all" * 200)
    with H.History.open() as h:
        assert len(h.warnings) == 1 and "damaged" in h.warnings[0]
        assert h.drill_accuracy().answers == 0
        assert h.record_drill(answer("s", "calls", "best", "2026-01-01T00:00:00"))


def test_newer_database_is_left_alone():
    path = paths.history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 99")
    con.close()
    with H.History.open() as h:
        assert not h.available and "newer riichi" in h.warnings[0]
        assert not h.record_drill(answer("s", "calls", "best", "2026-01-01T00:00:00"))
        assert h.drill_accuracy().answers == 0


async def _stats_screen_shows_drill_accuracy() -> None:
    with H.History.open() as h:
        for a in (answer("2026-01-05T10:00:00", "calls", "best", "2026-01-05T10:01:00"),
                  answer("2026-01-05T10:00:00", "calls", "mistake", "2026-01-05T10:02:00"),
                  answer("2026-01-14T09:00:00", "push/fold", "fine", "2026-01-14T09:01:00")):
            h.record_drill(a)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        table = text_of(screen.query_one("#stats-drills", Static))
        assert "01-05" in table and "01-14" in table
        assert "calls" in table and "1/2 50%" in table and "push/fold" in table
        await pilot.press("w")
        table = text_of(screen.query_one("#stats-drills", Static))
        assert "2026-W02" in table and "2026-W03" in table
        title = text_of(screen.query_one("#stats-drills-title", Static))
        assert "weeks" in title


def test_stats_screen_shows_drill_accuracy():
    asyncio.run(_stats_screen_shows_drill_accuracy())


async def _stats_screen_without_drills_says_where_they_are() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert "No drills answered yet" in text_of(app.screen.query_one("#stats-drills", Static))


def test_stats_screen_without_drills_says_where_they_are():
    asyncio.run(_stats_screen_without_drills_says_where_they_are())
