"""Every app test keeps its files (settings, saved game, history) in a temporary RIICHI_HOME
and runs without NO_COLOR in a 256-colour terminal (TERM=xterm alone means 16 colours, where the
app underlines its highlights), so results do not depend on the machine."""

import pytest


@pytest.fixture(autouse=True)
def _riichi_home(tmp_path, monkeypatch):
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path / "riichi-home"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("COLORTERM", raising=False)
    yield
    from app.i18n import set_players

    set_players(4)  # a three-player table (P1) names seats for three until another is shown
