"""The two moments the UI needs the whole storage layer: starting up and finishing a game.

>>> # at start:            s = startup();  show s.warnings;  offer s.saved if not None
>>> # new game:            journal = Journal.create(None, rules, seed, seats, meta, overwrite=True)
>>> # resume:              journal, saved = Journal.resume(); replay saved.engine_actions()
>>> #                      (CorruptJournal or IllegalAction: show journal.set_aside(str(e)))
>>> # every action:        table.submit(seat, a); journal.append(seat, a); then show it
>>> # game over:           warnings = finish_game(journal, record_from_events(...))
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from app.storage import paths
from app.storage.history import History, PlayedGame
from app.storage.journal import Journal, SavedGame, load_saved_game
from app.storage.settings import Settings, load_settings

log = logging.getLogger("riichi.storage")

UNRECORDED_DIR = "unrecorded"


@dataclass(frozen=True, slots=True)
class Startup:
    """Everything read at start. ``saved`` is the game to offer to resume (None: none, or it
    was a bad file — see ``warnings``); ``running_elsewhere``: another riichi is playing it."""

    settings: Settings
    saved: SavedGame | None
    running_elsewhere: bool
    warnings: list[str] = field(default_factory=list)


def startup(check_history: bool = True) -> Startup:
    """Read settings and the saved game and check the history database (``quick_check``,
    migrations); bad files are moved aside and reported. Never raises for a bad file."""
    settings, warnings = load_settings()
    loaded = load_saved_game()
    warnings += loaded.warnings
    if check_history:
        with History.open(check=True) as h:
            warnings += h.warnings
    return Startup(settings, loaded.game, loaded.running_elsewhere, warnings)


def finish_game(journal: Journal, record: PlayedGame) -> list[str]:
    """Record the finished game in the history, then remove its journal. If it cannot be
    recorded, the journal is moved to ``<data>/unrecorded/<game_id>.jsonl`` rather than lost
    (and is no longer offered for resume). Returns messages for the player."""
    with History.open(check=False) as h:
        h.record_game(record)
        warnings = list(h.warnings)
        recorded = h.get_game(record.game_id) is not None
    if recorded:
        journal.discard()
    else:
        target = journal.move_to(paths.data_dir() / UNRECORDED_DIR / f"{record.game_id}.jsonl")
        message = f"The game could not be added to the history; its record was kept in {target}."
        log.warning("%s", message)
        warnings.append(message)
    return warnings
