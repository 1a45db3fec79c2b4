"""ScoreBar: the top line: round, honba, riichi sticks, dora indicators, tiles left, whose turn."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from app.i18n import t
from app.widgets._paint import painter
from app.widgets.lines import TextLines


@dataclass(frozen=True)
class ScoreInfo:
    round_label: str = ""
    honba: int = 0
    sticks: int = 0
    dora_indicators: tuple[int, ...] = ()
    wall: int = 0
    turn_label: str = ""
    flags: tuple[str, ...] = ()  # active toggles (auto-win, no calls, tsumogiri, autoplay)


class ScoreBar(Widget):
    ALLOW_SELECT = False  # drawn with TextLines (app.widgets.lines)
    info: reactive[ScoreInfo] = reactive(ScoreInfo)

    def render(self) -> TextLines:
        p = painter(self)
        i = self.info
        out = Text()
        out.append(f" {i.round_label} ", style="bold reverse")
        out.append(f" {t('table.honba', n=i.honba)} · {t('table.sticks', n=i.sticks)} │ ")
        out.append(t("table.indicator") + " ")
        for tile in i.dora_indicators:
            out.append_text(p.tile(tile))
        out.append(f"│ {t('table.wall', n=i.wall)} │ ")
        out.append(i.turn_label, style="bold")
        if i.flags:
            out.append("  [" + " ".join(i.flags) + "]", style="dim")
        out.no_wrap = True
        return TextLines(out)
