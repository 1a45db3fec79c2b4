"""RiverView: one seat's discards in rows of six; the riichi tile reversed (sideways), called
tiles struck through, the last discard underlined with a ◂; a space after every mark
(``Painter.river_row``)."""

from __future__ import annotations

from typing import Protocol

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from app.widgets._paint import painter
from app.widgets.lines import TextLines

ROW = 6


class RiverEntry(Protocol):
    tile: int
    riichi: bool
    called_by: int | None


class RiverView(Widget):
    """Reactives: ``river`` (entries with ``tile``, ``riichi``, ``called_by``) and ``last``
    (whether its final tile is the discard now open to calls / the latest)."""

    # Rows of six fit the river's width (``Painter.river_row``): never wrapped, so Textual
    # skips looking for places to wrap them on every render and height measure.
    ALLOW_SELECT = False  # drawn with TextLines (app.widgets.lines)
    DEFAULT_CSS = """
    RiverView {
        text-wrap: nowrap;
        text-overflow: clip;
    }
    """

    # A new discard repaints the river; it is laid out again (a layout pass costs the whole
    # screen) only when its height changes: when it starts a row beyond its minimum height
    # (riichi.tcss keeps three rows for every river).
    river: reactive[tuple] = reactive(())
    last: reactive[bool] = reactive(False)

    def watch_river(self, old: tuple, new: tuple) -> None:
        if self._height(old) != self._height(new):
            self.refresh(layout=True)

    def _height(self, river: tuple) -> int:
        """The widget's height for ``river``: its rows, at least its minimum height."""
        floor = self.styles.min_height
        rows = _rows(river)
        return max(rows, int(floor.value)) if floor is not None and floor.is_cells else rows

    def render(self) -> TextLines:
        p = painter(self)
        lines = []
        river = self.river
        room = self.size.width or ROW * (p.width() + 2)
        for start in range(0, max(len(river), 1), ROW):
            tiles = [
                p.tile(
                    entry.tile,
                    riichi=entry.riichi,
                    called=entry.called_by is not None,
                    last=self.last and i == len(river) - 1,
                )
                for i, entry in enumerate(river[start : start + ROW], start)
            ]
            lines.append(p.river_row(tiles, room))
        out = Text("\n").join(lines)
        out.no_wrap = True
        return TextLines(out)


def _rows(river: tuple) -> int:
    """The lines ``render`` draws for ``river``: a row per six discards, one when empty."""
    return max(1, -(-len(river) // ROW))
