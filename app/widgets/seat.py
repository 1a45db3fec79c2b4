"""SeatLine: one seat's headline: wind, name, points, riichi stick, tiles in hand, dealer, turn."""

from __future__ import annotations

from dataclasses import dataclass

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


class SeatLine(Widget):
    info: reactive[SeatInfo] = reactive(SeatInfo, layout=True)

    def render(self) -> Text:
        i = self.info
        out = Text()
        wind = t(f"wind.{WIND_KEYS[i.wind - 27]}")
        # Fits 24 cells: "N Left 24000 (13) riichi" (the side columns of the 80x24 layout).
        out.append(wind, style="bold reverse" if i.turn else "bold")
        out.append(f" {i.name} ", style="bold" if i.turn else "")
        out.append(f"{i.points}")
        out.append(f" ({i.tiles})", style="dim")
        if i.riichi:
            out.append(" ")
            out.append(t("table.riichi_mark"), style="bold reverse")
        if i.note:
            out.append(f" {i.note}", style="italic")
        out.no_wrap = True
        return out
