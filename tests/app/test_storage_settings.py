"""Settings: TOML round trip, per-key fallbacks, bad files moved aside."""

from __future__ import annotations

import logging

import pytest

from app.storage import paths
from app.storage.settings import Settings, load_settings, save_settings


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_no_file_gives_defaults_quietly():
    assert load_settings() == (Settings(), [])


def test_round_trip_in_the_config_dir(home):
    s = Settings().replace(language="zh", glyphs="kanji", speed="instant", rules="majsoul",
                           hints=False, auto_win=True, name="Saki")
    path = save_settings(s)
    assert path == home / "config" / "settings.toml"
    assert load_settings() == (s, [])
    assert 'language = "zh"' in path.read_text()


def test_replace_checks_values():
    with pytest.raises(ValueError, match="speed"):
        Settings().replace(speed="ludicrous")
    with pytest.raises(ValueError, match="unknown"):
        Settings().replace(colour="red")
    with pytest.raises(ValueError, match="rules"):
        Settings().replace(rules="nosuchpreset")


def test_unknown_keys_and_bad_values_fall_back_per_key(caplog):
    paths.settings_path().write_text(
        'language = "fr"\nglyphs = "kanji"\nhints = "yes"\nspeed = 3\ntheme = "dark"\n'
        'rules = "local"\nname = ""\n'
    )
    with caplog.at_level(logging.WARNING, logger="riichi.storage"):
        s, warnings = load_settings()
    assert s == Settings(glyphs="kanji", rules="local")
    text = "\n".join(warnings)
    for word in ("language", "hints", "speed", "theme", "name"):
        assert word in text
    assert len(warnings) == 5
    assert "theme" in caplog.text
    assert paths.settings_path().exists()  # a readable file is not moved aside


@pytest.mark.parametrize(
    "content",
    [b'language = "en', b"\xff\xfe garbage", b"[[[", b'hints = true\nhints = false\n'],
    ids=["truncated", "not-utf8", "brackets", "duplicate-key"],
)
def test_malformed_file_is_moved_aside_and_defaults_used(content):
    path = paths.settings_path()
    path.write_bytes(content)
    s, warnings = load_settings()
    assert s == Settings()
    assert len(warnings) == 1 and "moved to" in warnings[0]
    assert not path.exists()
    assert path.with_name("settings.toml.bad").read_bytes() == content
    path.write_bytes(content)
    load_settings()
    assert path.with_name("settings.toml.2.bad").read_bytes() == content
    assert path.with_name("settings.toml.bad").read_bytes() == content


def test_P1_three_player_presets_are_saved_settings_now_that_the_table_shows_three_seats():
    assert Settings().replace(rules="tenhou3").rules == "tenhou3"
    assert Settings().replace(rules="majsoul3").rules == "majsoul3"
    with pytest.raises(ValueError, match="'tenhou2' is not one of tenhou, majsoul, local, "
                                         "tenhou3, majsoul3"):
        Settings().replace(rules="tenhou2")
