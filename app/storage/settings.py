"""The player's settings, kept as TOML in the config directory.

Loading never fails: an unreadable file is moved aside (``settings.toml.bad``) and defaults are
used; an unknown key is ignored and a bad value falls back to its default, each with a message.
Saving is atomic (``atomic.atomic_write_text``).
"""

from __future__ import annotations

import dataclasses
import logging
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.storage import paths
from app.storage.atomic import atomic_write_text, move_aside

log = logging.getLogger("riichi.storage")

LANGUAGES = ("en", "zh")
GLYPHS = ("text", "kanji", "unicode")
SPEEDS = ("instant", "fast", "normal")
THEMES = ("classic", "ansi", "light", "mono")  # the files of assets/themes
SEAT_KEYS = ("seat_1", "seat_2", "seat_3")  # the opponents: app.seats.parse_opponent
REVIEW_SAMPLES = (16, 32, 64, 128, 256)  # sampled positions per decision of a review


def _rule_presets() -> tuple[str, ...]:
    from engine.rules import PRESETS

    return tuple(PRESETS)  # tenhou3 and majsoul3: three players (P1)


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player chose. Field order is the file's order."""

    language: str = "en"  # "en" | "zh"
    glyphs: str = "text"  # "text" | "kanji" | "unicode": text works in every terminal
    theme: str = "classic"  # colours: "classic" | "ansi" | "light" | "mono" (NO_COLOR: mono)
    speed: str = "normal"  # AI turns: "instant" | "fast" | "normal"
    rules: str = "tenhou"  # a preset name of engine.rules.PRESETS
    hints: bool = False  # shanten / ukeire over the hand's tiles (the table's u key)
    auto_win: bool = False  # declare tsumo/ron without asking
    skip_calls: bool = False  # never offer chi/pon/kan (ron is still offered)
    # discard the drawn tile automatically in riichi. Off until the player asks for it: a new
    # player's moves are never made for them, and an "on" flag they never chose is not on the
    # table from the first deal (issue 11 item 4)
    tsumogiri_after_riichi: bool = False
    name: str = "You"  # shown on the human seat
    # The opponents of new games, seats 1-3 (right, across, left): LEVEL:PERSONALITY, and
    # :NAME to keep a name (else the language's name for the seat). A varied table by default.
    seat_1: str = "normal:balanced"
    seat_2: str = "normal:aggressive"
    seat_3: str = "normal:defensive"
    # practice aids: the evaluator's verdict at a call prompt on request (v; never shown
    # unasked), and how many sampled positions a review plays out per decision (more: narrower
    # intervals, slower)
    verdict_key: bool = True
    review_samples: int = 32  # the review's first look (ai.review DEFAULT_SAMPLES); it grows where close

    def opponents(self) -> dict[int, Any]:
        """The opponents of a new game (``app.seats.Opponent`` by seat, not named yet)."""
        from app.seats import parse_opponent

        return {seat: parse_opponent(getattr(self, f"seat_{seat}")) for seat in (1, 2, 3)}

    def replace(self, **changes: Any) -> Settings:
        """A copy with some settings changed; ``ValueError`` for an unknown name or bad value."""
        names = {f.name for f in dataclasses.fields(self)}
        for key, value in changes.items():
            if key not in names:
                raise ValueError(f"unknown setting {key!r}")
            problem = _problem(key, value)
            if problem:
                raise ValueError(f"setting {key}: {problem}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


def _choices(key: str) -> tuple[str, ...] | None:
    if key == "rules":
        return _rule_presets()
    return {"language": LANGUAGES, "glyphs": GLYPHS, "theme": THEMES, "speed": SPEEDS}.get(key)


def _problem(key: str, value: Any) -> str | None:
    """Why ``value`` is not valid for ``key`` (None if it is)."""
    default = getattr(Settings(), key)
    if key in SEAT_KEYS:
        if not isinstance(value, str):
            return f"{value!r} is not text"
        from app.seats import parse_opponent

        try:
            parse_opponent(value)
        except ValueError as e:
            return str(e).partition(": ")[2]
        return None
    if isinstance(default, bool):
        return None if isinstance(value, bool) else f"{value!r} is not true or false"
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{value!r} is not a whole number"
        if key == "review_samples" and value not in REVIEW_SAMPLES:
            return f"{value!r} is not one of {', '.join(map(str, REVIEW_SAMPLES))}"
        return None
    if isinstance(default, str):
        if not isinstance(value, str):
            return f"{value!r} is not text"
        choices = _choices(key)
        if choices and value not in choices:
            return f"{value!r} is not one of {', '.join(choices)}"
        if not choices and not value.strip():
            return "it is empty"
        return None
    return None  # pragma: no cover - every field is a bool, an int or a str


def settings_from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from parsed TOML: unknown keys are ignored and bad values replaced by their
    defaults, each with a message."""
    warnings: list[str] = []
    names = [f.name for f in dataclasses.fields(Settings)]
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in names:
            warnings.append(f"Settings: unknown setting {key!r} ignored.")
            continue
        problem = _problem(key, value)
        if problem:
            default = getattr(Settings(), key)
            warnings.append(
                f"Settings: {key} = {value!r} is not valid ({problem}); using {default!r}."
            )
            continue
        values[key] = value
    return Settings(**values), warnings


def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Settings, list[str]]:
    """The saved settings (defaults if there is no file) and messages for the player.
    Never raises for a bad file: it is moved aside and defaults are used."""
    path = Path(path or paths.settings_path())
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings(), []
    except OSError as e:
        message = f"Settings could not be read ({e}); using the defaults."
        log.warning("%s", message)
        return Settings(), [message]
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        message = f"The settings file {path} is not valid TOML ({e})."
        try:
            moved = move_aside(path)
            message += f" It was moved to {moved}; using the defaults."
        except OSError as move_error:
            message += f" It could not be moved aside ({move_error}); using the defaults."
        log.warning("%s", message)
        return Settings(), [message]
    settings, warnings = settings_from_dict(data)
    for w in warnings:
        log.warning("%s: %s", path, w)
    return settings, warnings


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> Path:
    """Write the settings atomically; return the file's path."""
    import tomli_w

    path = Path(path or paths.settings_path())
    text = "# riichi settings (edited by the game; unknown keys are ignored)\n"
    text += tomli_w.dumps(settings.to_dict())
    atomic_write_text(path, text)
    return path
