"""Warnings during play go to riichi.log in the data directory, never to the terminal."""

import logging

from app.logs import log_to_file
from app.storage.paths import log_path


def test_ai_failures_are_logged_to_the_file_not_stderr(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path))
    root = logging.getLogger("riichi")
    saved = (root.handlers[:], root.level, root.propagate)
    try:
        handler = log_to_file()
        assert handler is not None
        logging.getLogger("riichi.ai").warning("hard agent at seat 2 failed; fallback played")
        handler.flush()
        text = log_path().read_text(encoding="utf-8")
        assert "riichi.ai" in text and "fallback played" in text
        assert capsys.readouterr().err == ""
        handler.close()
    finally:
        root.handlers[:], root.level, root.propagate = saved
