"""What ``riichi play`` was asked for (plain data; no Textual)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class PlayOptions:
    seed: int | None = None
    rules: str | None = None  # preset name; None = the settings' choice
    length: str | None = None  # "hanchan" | "tonpuusen"
    reds: str | None = None  # a key of engine.rules.RED_SETS
    difficulty: str | None = None  # every opponent's level; None = the settings' (seat_1..3)
    autoplay: bool = False  # an AI plays the player's seat too
    speed: str | None = None  # "instant" | "fast" | "normal"; None = settings
    glyphs: str | None = None
    theme: str | None = None
    language: str | None = None
    direct: bool = False  # skip the title and setup screens
    resume: bool = False  # continue the saved game at once
    save: bool = True  # keep the autosave journal
    mjai: dict[int, str] = field(default_factory=dict)  # seat (1-3) -> an mjai bot's command
    opponents: dict[int, Any] = field(default_factory=dict)  # seat (1-3) -> app.seats.Opponent
