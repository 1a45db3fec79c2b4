"""How a widget finds the painter: the app's (glyph set, theme and red fives of the game)."""

from __future__ import annotations

from textual.widget import Widget

from app.glyphs import Painter

_DEFAULT = Painter()


def painter(widget: Widget) -> Painter:
    try:
        return getattr(widget.app, "painter", _DEFAULT)
    except Exception:  # no app yet (rendering in isolation)
        return _DEFAULT
