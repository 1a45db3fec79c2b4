"""Rules & yaku: the basics, every yaku with its han (closed / open) from the scoring engine's
registry, and the current rule options."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from app.i18n import t, texts
from app.screens.base import SizeAware


def yaku_table(rules=None) -> Table:
    from engine.rules import TENHOU
    from engine.scoring.yaku import YAKU, YAKUMAN

    rules = rules or TENHOU
    tx = texts()
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False, expand=False)
    table.add_column(t("rulespage.yaku_heading"))
    table.add_column(t("rulespage.han_closed_open"), justify="right")
    table.add_column("")
    seen_help = set()
    shown = set()
    for y in YAKU:
        if y.rule is not None and not getattr(rules, y.rule):
            continue
        if y.name == "renhou" and rules.renhou == "off":
            continue
        name = y.name
        for generic in ("yakuhai: seat wind", "yakuhai: round wind"):
            if name.startswith(generic + " "):
                name = generic  # one line for the four winds
        if name in shown:
            continue
        shown.add(name)
        han = f"{y.closed_han} / {y.open_han if y.open_han else '-'}"
        base = y.name.split(":")[0] if y.name.startswith("yakuhai") else y.name
        base = {"haitei raoyue": "haitei", "houtei raoyui": "houtei"}.get(base, base)
        helptext = ""
        if base not in seen_help and tx.has(f"yaku_help.{base}"):
            helptext = tx(f"yaku_help.{base}")
            seen_help.add(base)
        table.add_row(tx.yaku(name), han, Text(helptext, style="dim"))
    for y in YAKUMAN:
        if y.rule is not None and not getattr(rules, y.rule):
            continue
        base = {"kokushi musou": "kokushi"}.get(y.name, y.name)
        helptext = tx(f"yaku_help.{base}") if tx.has(f"yaku_help.{base}") else ""
        table.add_row(tx.yaku(y.name), t("rulespage.yakuman"), Text(helptext, style="dim"))
    return table


class RulesScreen(SizeAware, Screen):
    BINDINGS = [Binding("escape", "back", t("app.back")), Binding("q", "back", t("app.back"), show=False)]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Static(t("rulespage.title"), classes="heading")
            yield Static(t("rulespage.basics").strip(), classes="para")
            yield Static(t("rulespage.han_note"), classes="hint")
            yield Static(yaku_table())
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_back(self) -> None:
        self.app.pop_screen()
