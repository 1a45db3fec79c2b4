"""Help (``?``): every key, how to read the table, and the rules in short."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from app.i18n import t
from app.screens.base import SizeAware

KEY_LINES = ("k_select", "k_discard", "k_tile_keys", "k_calls", "k_skip", "k_auto_win",
             "k_skip_calls", "k_tsumogiri", "k_hints", "k_verdict", "k_help", "k_quit", "k_mouse")
TABLE_LINES = ("t_layout", "t_marks", "t_players", "t_kuikae", "t_sanma")


class HelpScreen(SizeAware, ModalScreen):
    BINDINGS = [
        Binding("escape", "close", t("action.close")),
        Binding("question_mark", "close", t("action.close"), show=False),
        Binding("q", "close", t("action.close"), show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(t("help.title"), classes="heading")
            yield Static(t("help.keys_heading"), classes="subheading")
            yield Static("\n".join(t(f"help.{k}") for k in KEY_LINES), classes="para")
            yield Static(t("help.table_heading"), classes="subheading")
            yield Static("\n".join(t(f"help.{k}") for k in TABLE_LINES), classes="para")
            yield Static(t("help.rules_heading"), classes="subheading")
            yield Static(t("rulespage.basics").strip(), classes="para")
            yield Static(t("help.close"), classes="hint")

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def action_close(self) -> None:
        self.app.pop_screen()
