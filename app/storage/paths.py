"""Where riichi keeps its files: one place, so tests (and players) can move everything.

``RIICHI_HOME`` set: data in ``$RIICHI_HOME/data``, configuration in ``$RIICHI_HOME/config``.
Otherwise the platform's directories (platformdirs, app name ``riichi``): on Linux
``~/.local/share/riichi`` and ``~/.config/riichi``. Directories are created when first asked for.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "riichi"
HOME_ENV = "RIICHI_HOME"

SETTINGS_FILE = "settings.toml"
JOURNAL_FILE = "current-game.jsonl"
HISTORY_FILE = "history.sqlite3"
LOG_FILE = "riichi.log"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def data_dir() -> Path:
    """The data directory (saved game, history, log), created on demand."""
    home = _home()
    if home is not None:
        path = home / "data"
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """The configuration directory (settings), created on demand."""
    home = _home()
    if home is not None:
        path = home / "config"
    else:
        import platformdirs

        path = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def journal_path() -> Path:
    """The autosave journal of the game in progress."""
    return data_dir() / JOURNAL_FILE


def history_path() -> Path:
    return data_dir() / HISTORY_FILE


def log_path() -> Path:
    """Where the app may point a ``logging.FileHandler`` (storage warnings are logged to the
    ``riichi.storage`` logger)."""
    return data_dir() / LOG_FILE
