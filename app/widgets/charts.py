"""Text charts for the statistics screen: horizontal bars, and the placements of recent games.

Only block characters, dots and digits: a chart reads the same in 16 colours, in a monochrome
theme and under NO_COLOR (colour only repeats what the shapes already say). Colours come from
the component classes, set in ``riichi.tcss``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

FULL = "█"
TRACK = "·"
MARK = "●"
EMPTY = "·"


def _pad(text: str, width: int, right: bool = False) -> str:
    gap = max(0, width - cell_len(text))
    return " " * gap + text if right else text + " " * gap


@dataclass(frozen=True)
class Bar:
    """One row: ``value`` is the filled fraction (0-1), ``text`` the figure shown after it."""

    label: str
    value: float
    text: str


class BarChart(Widget):
    """Reactive ``bars``: one labelled bar per line, all scaled to the widget's width."""

    COMPONENT_CLASSES = {"barchart--bar", "barchart--track"}

    bars: reactive[tuple[Bar, ...]] = reactive((), layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self.bars))

    def render(self) -> Text:
        bars = self.bars
        if not bars:
            return Text("")
        width = self.size.width or 40
        label_w = max(cell_len(b.label) for b in bars)
        text_w = max(cell_len(b.text) for b in bars)
        bar_w = max(3, width - label_w - text_w - 2)
        fill = self.get_component_rich_style("barchart--bar", partial=True)
        track = self.get_component_rich_style("barchart--track", partial=True)
        lines = []
        for b in bars:
            value = min(1.0, max(0.0, b.value))
            filled = round(value * bar_w)
            if value > 0 and filled == 0:
                filled = 1  # something is not nothing
            line = Text(_pad(b.label, label_w) + " ")
            line.append(FULL * filled, style=fill)
            line.append(TRACK * (bar_w - filled), style=track)
            line.append(" " + _pad(b.text, text_w, right=True))
            lines.append(line)
        out = Text("\n").join(lines)
        out.no_wrap = True
        return out


class PlacementChart(Widget):
    """Reactives ``placements`` (1-4 per game, oldest first) and ``labels`` (a row name per
    place: four, or three for three-player games). One row per place, one column per game: a ``●`` in the row of the game's place.
    When the width is short, the most recent games that fit are shown."""

    COMPONENT_CLASSES = {
        "placementchart--first",
        "placementchart--middle",
        "placementchart--last",
        "placementchart--empty",
    }

    placements: reactive[tuple[int, ...]] = reactive((), layout=True)
    labels: reactive[tuple[str, ...]] = reactive(("1", "2", "3", "4"), layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.labels)

    def fitting(self, width: int) -> tuple[int, ...]:
        """The games shown in ``width`` cells (two cells per game)."""
        label_w = max(cell_len(label) for label in self.labels)
        room = max(1, (width - label_w - 2) // 2)
        return self.placements[-room:]

    def render(self) -> Text:
        shown = self.fitting(self.size.width or 40)
        label_w = max(cell_len(label) for label in self.labels)
        styles = {
            1: self.get_component_rich_style("placementchart--first", partial=True),
            2: self.get_component_rich_style("placementchart--middle", partial=True),
            3: self.get_component_rich_style("placementchart--middle", partial=True),
            4: self.get_component_rich_style("placementchart--last", partial=True),
        }
        last = len(self.labels)
        styles[last] = self.get_component_rich_style("placementchart--last", partial=True)
        empty = self.get_component_rich_style("placementchart--empty", partial=True)
        lines = []
        for place in range(1, last + 1):
            line = Text(_pad(self.labels[place - 1], label_w) + " │")
            for p in shown:
                if p == place:
                    line.append(MARK, style=styles[place])
                else:
                    line.append(EMPTY, style=empty)
                line.append(" ")
            lines.append(line)
        out = Text("\n").join(lines)
        out.no_wrap = True
        return out
