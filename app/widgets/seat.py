"""SeatLine: one seat's headline: wind, name (and a marker when an external bot plays the seat),
points, tiles in hand, riichi stick, dealer, turn."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from app.i18n import t

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


class SeatLine(Widget):
    info: reactive[SeatInfo] = reactive(SeatInfo, layout=True)

    def render(self) -> Text:
        out = self.line(tiles=True)
        if self.info.bot and self.size.width and cell_len(out.plain) > self.size.width:
            # The bot marker takes the room of the tile count, not of the riichi stick.
            out = self.line(tiles=False)
        return out

    def line(self, tiles: bool) -> Text:
        i = self.info
        out = Text()
        wind = t(f"wind.{WIND_KEYS[i.wind - 27]}")
        # Fits 24 cells: "N Left 24000 (13) riichi" (the side columns of the 80x24 layout).
        out.append(wind, style="bold reverse" if i.turn else "bold")
        out.append(f" {i.name} ", style="bold" if i.turn else "")
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
