"""MeldsView: a seat's calls. The called tile is shown reversed ("sideways") on the side of the
giver: left for the player on the left, middle for across, right for the player on the right;
a closed kan shows its two ends face down; an added kan's extra tile sits by the called one."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from app.glyphs import Painter
from app.widgets._paint import painter
from app.widgets.lines import TextLines
from engine.meld import Meld, MeldKind


def meld_text(p: Painter, meld: Meld) -> Text:
    """One meld as text (also used by the result screen)."""
    out = Text()
    sideways = p.theme.style("riichi")
    tiles = list(meld.tiles)
    if meld.kind is MeldKind.ANKAN:
        for i, tile in enumerate(tiles):
            if i in (0, 3):
                out.append_text(p.back())
                out.append(" ")
            else:
                out.append_text(p.face(tile))
                out.append(p.mark(tile))
                if p.mark(tile) != " ":
                    out.append(" ")  # the mark never touches the next tile
        return out
    called = meld.called
    rest = [t for t in tiles if t != called and t != meld.added]
    extra = [meld.added] if meld.added is not None else []
    # source: 1 right (shimocha), 2 across (toimen), 3 left (kamicha)
    side = [called] + extra
    if meld.source == 3:
        order = side + rest
    elif meld.source == 2:
        order = rest[:1] + side + rest[1:]
    else:
        order = rest + side
    for i, tile in enumerate(order):
        face = p.face(tile)
        if tile in side:
            face.stylize(sideways, 0, len(face))
        out.append_text(face)
        out.append(p.mark(tile))
        if p.mark(tile) != " " and i < len(order) - 1:
            out.append(" ")  # the mark never touches the next tile ("5m* 6m", not "5m*6m")
    return out


class MeldsView(Widget):
    """Reactive ``melds``: the seat's melds in call order."""

    ALLOW_SELECT = False  # drawn with TextLines (app.widgets.lines)

    # A new meld repaints the melds; they are laid out again (a layout pass costs the whole
    # screen) only when their size may change: their lines, or the width of one sized by them.
    melds: reactive[tuple[Meld, ...]] = reactive(())

    def watch_melds(self, old: tuple[Meld, ...], new: tuple[Meld, ...]) -> None:
        width = self.styles.width
        if width is None or width.is_auto or not self.size.width \
                or self._extent(old) != self._extent(new):
            self.refresh(layout=True)

    def _extent(self, melds: tuple[Meld, ...]) -> int:
        """The lines ``melds`` take at the widget's present width (``_lines``)."""
        return max(1, len(self._lines(self.size.width, melds)))

    def get_content_width(self, container, viewport) -> int:
        # From the melds, never from the widget's present size: measured by rendering, the
        # melds were wrapped at the width the widget had before a call, and a new meld went
        # onto a line of its own that a one-line row did not show.
        return min(self.one_line_width(), container.width)

    def get_content_height(self, container, viewport, width: int) -> int:
        return max(1, len(self._lines(width)))

    def one_line_width(self) -> int:
        """Cells the melds take on one line."""
        p = painter(self)
        parts = [meld_text(p, meld).cell_len for meld in self.melds]
        return sum(parts) + max(0, len(parts) - 1)

    def render(self) -> TextLines:
        out = Text("\n").join(self._lines(self.size.width or 80))
        out.no_wrap = True
        return TextLines(out)

    def _lines(self, width: int, melds: tuple[Meld, ...] | None = None) -> list[Text]:
        """Melds (``melds``, else the shown ones) left to right, starting a new line rather
        than splitting a meld."""
        p = painter(self)
        lines = [Text()]
        for meld in self.melds if melds is None else melds:
            part = meld_text(p, meld)
            line = lines[-1]
            if line.cell_len and line.cell_len + 1 + part.cell_len > width:
                lines.append(Text())
                line = lines[-1]
            elif line.cell_len:
                line.append(" ")
            line.append_text(part)
        return lines
