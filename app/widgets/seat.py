"""SeatLine: one seat's headline: wind, name, what kind of player an AI seat is (``Hard ·
aggressive``, or ``H·A`` where the line is short), a marker when an external bot plays the
seat, points, tiles in hand, riichi stick, dealer, turn."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from app.i18n import t
from app.widgets.lines import TextLines

WIND_KEYS = ("e", "s", "w", "n")


@dataclass(frozen=True)
class SeatInfo:
    name: str = ""
    wind: int = 27  # tile kind 27-30
    points: int = 25000
    riichi: bool = False
    tiles: int = 13
    dealer: bool = False
    turn: bool = False
    note: str = ""  # e.g. the player's waits or furiten
    bot: bool = False  # played by an external (mjai) bot
    style: str = ""  # an AI's level and personality: "Hard · aggressive"
    style_short: str = ""  # the same in a few cells: "H·A"


class SeatLine(Widget):
    ALLOW_SELECT = False  # drawn with TextLines (app.widgets.lines)

    # A new info repaints the line; only a line of automatic width (the seat across) is laid
    # out again, and only when its width may change: a layout pass costs the whole screen.
    info: reactive[SeatInfo] = reactive(SeatInfo)

    def watch_info(self, old: SeatInfo, new: SeatInfo) -> None:
        if self.styles.width is not None and self.styles.width.is_auto \
                and self._widths(old) != self._widths(new):
            self.refresh(layout=True)

    def _widths(self, info: SeatInfo) -> tuple[int, ...]:
        """The cells of each form the line may take (``render``): its automatic width
        follows from them."""
        forms = ((info.style, True), (info.style_short, True), (info.style_short, False))
        return tuple(self.line(tiles, style, info).cell_len for style, tiles in forms)

    def render(self) -> TextLines:
        return TextLines(self._fitting(self.size.width))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        # an automatic width (the seat across) is the longest form that fits the room there
        # is, not the one that fit the width the line had before: measured by ``render`` a
        # line that had once lost its tile count kept that narrow width for good
        return self._fitting(container.width).cell_len

    def _fitting(self, width: int) -> Text:
        """The longest line that fits ``width`` cells (any, for 0): the player's kind in
        words, in letters, then without the tile count (the marker and the kind take its
        room, not the riichi stick's)."""
        i = self.info
        forms = [(i.style, True), (i.style_short, True)]
        if i.style_short or i.bot:
            forms.append((i.style_short, False))
        for style, tiles in forms:
            out = self.line(tiles, style)
            if not width or out.cell_len <= width:
                return out
        return out

    def line(self, tiles: bool, style: str = "", info: SeatInfo | None = None) -> Text:
        """The line with or without the tile count, with ``style`` (of ``info``, by default
        the shown one)."""
        i = self.info if info is None else info
        out = Text()
        wind = t(f"wind.{WIND_KEYS[i.wind - 27]}")
        # Fits 24 cells: "N Mei N·A 24000 (13) riichi" (the side columns of the 80x24 layout).
        out.append(wind, style="bold reverse" if i.turn else "bold")
        out.append(f" {i.name} ", style="bold" if i.turn else "")
        if style:
            out.append(style, style="dim")
            out.append(" ")
        if i.bot:
            out.append(t("table.bot_mark"), style="dim")
            out.append(" ")
        out.append(f"{i.points}")
        if tiles:
            out.append(f" ({i.tiles})", style="dim")
        if i.riichi:
            out.append(" ")
            out.append(t("table.riichi_mark"), style="bold reverse")
        if i.note:
            out.append(f" {i.note}", style="italic")
        out.no_wrap = True
        return out
