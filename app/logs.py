"""Where warnings go while the game screen is up: a file, never the terminal.

Under the Textual screen a line printed to stderr would tear the picture, so ``riichi play``
sends the ``riichi`` loggers (storage warnings, an AI that failed and was replaced by its
fallback move) to ``riichi.log`` in the data directory, appended, with a timestamp. Other
commands keep Python's default: warnings on stderr.
"""

from __future__ import annotations

import logging

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_to_file() -> logging.Handler | None:
    """Send the ``riichi`` loggers to the log file instead of stderr; ``None`` (and logging
    left as it was) when the file cannot be opened — the game must start regardless."""
    from app.storage.paths import log_path

    try:
        handler: logging.Handler = logging.FileHandler(log_path(), encoding="utf-8", delay=True)
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger("riichi")
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    root.propagate = False
    return handler
