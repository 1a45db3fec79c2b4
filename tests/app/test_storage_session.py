"""startup() and finish_game(): the storage layer as the UI uses it."""

from __future__ import annotations

import sqlite3

import pytest

from app.storage import history as H
from app.storage import journal as J
from app.storage import paths
from app.storage.session import finish_game, startup
from app.storage.settings import Settings, save_settings
from engine.rules import preset

SEATS = ["human", "ai", "ai", "ai"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _record(journal: J.Journal) -> H.PlayedGame:
    saved = J.load_journal(journal.path)
    return H.PlayedGame(saved.game_id, saved.rules_dict, saved.seed, saved.seats,
                        (40000, 30000, 20000, 10000), (0, 1, 2, 3), (50.0, 10.0, -20.0, -40.0),
                        actions=saved.actions)


def test_fresh_start_has_defaults_and_nothing_to_resume():
    s = startup()
    assert (s.settings, s.saved, s.running_elsewhere, s.warnings) == (Settings(), None, False, [])


def test_every_kind_of_bad_file_at_once_is_moved_aside_and_reported():
    paths.settings_path().write_text("speed = [")
    J.current_save_path().write_text("not json\n")
    paths.history_path().write_bytes(b"junk" * 300)
    s = startup()
    assert s.settings == Settings() and s.saved is None and not s.running_elsewhere
    assert len(s.warnings) == 3 and all("moved to" in w for w in s.warnings)
    bad = sorted(p.name for p in paths.data_dir().glob("*.bad"))
    assert bad == ["current-game.jsonl.bad", "history.sqlite3.bad"]
    assert (paths.config_dir() / "settings.toml.bad").exists()


def test_play_quit_resume_finish():
    save_settings(Settings(speed="fast"))
    j = J.Journal.create(None, preset(), 9, SEATS)
    j.append(0, {"type": "discard", "tile": 3})
    j.close()  # the player quits (or the connection drops)
    s = startup()
    assert s.settings.speed == "fast" and s.saved is not None and s.saved.actions[0][0] == 0
    j, saved = J.Journal.resume()
    j.append(1, {"type": "pass"})
    assert finish_game(j, _record(j)) == []
    assert not J.has_saved_game()
    [g] = H.list_games()
    assert g.game_id == saved.game_id and g.placement == 1
    assert H.get_game(saved.game_id).actions == [(0, {"type": "discard", "tile": 3}),
                                                 (1, {"type": "pass"})]


def test_a_game_that_cannot_be_recorded_is_kept_not_lost():
    H.History.open().close()
    con = sqlite3.connect(paths.history_path())
    con.execute(f"PRAGMA user_version = {H.SCHEMA_VERSION + 5}")  # a newer riichi's history
    con.commit()
    con.close()
    j = J.Journal.create(None, preset(), 9, SEATS)
    j.append(2, {"type": "pass"})
    warnings = finish_game(j, _record(j))
    assert any("newer riichi" in w for w in warnings) and "kept in" in warnings[-1]
    assert not J.has_saved_game()
    kept = paths.data_dir() / "unrecorded" / f"{j.game_id}.jsonl"
    assert J.load_journal(kept).actions == [(2, {"type": "pass"})]
    J.Journal.create(None, preset(), 10, SEATS).close()  # the lock was released
