"""Help (``?``): every key, how to read the table, and the rules in short."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from app.i18n import t
from app.screens.base import SizeAware

KEY_LINES = ("k_select", "k_discard", "k_tile_keys", "k_calls", "k_skip", "k_auto_win",
             "k_skip_calls", "k_tsumogiri", "k_hints", "k_verdict", "k_help", "k_quit", "k_mouse")
TABLE_LINES = ("t_layout", "t_marks", "t_players", "t_kuikae", "t_sanma")


class HelpText(Static):
    """The help page's text as one widget: the title, the headings, the paragraphs and the
    closing hint, styled by component classes (riichi.tcss) as the heading, subheading and hint
    classes style a widget each elsewhere, their padding a blank line. Opening the page restyles,
    lays out and draws each of its widgets again, and a widget a part was most of what it cost
    (a server pays it for every ``?`` of every player: bench_serve's probe key)."""

    COMPONENT_CLASSES = {"help-text--heading", "help-text--subheading", "help-text--hint"}

    def __init__(self, parts: Sequence[tuple[str, str]]) -> None:
        super().__init__(markup=False, classes="para")
        self.parts = parts  # (kind, text): heading, subheading, hint, or "" for a paragraph

    def render(self) -> Content:
        styles = {kind: self.get_visual_style(f"help-text--{kind}")
                  for kind in ("heading", "subheading", "hint")}
        lines = []
        for kind, text in self.parts:
            if kind in ("subheading", "hint"):
                lines.append(Content(""))  # the padding above it
            lines.append(Content.styled(text, styles[kind]) if kind else Content(text))
            if kind == "heading":
                lines.append(Content(""))  # the padding under it
        return Content("\n").join(lines)


class HelpScreen(SizeAware, ModalScreen):
    BINDINGS = [
        Binding("escape", "close", t("action.close")),
        Binding("question_mark", "close", t("action.close"), show=False),
        Binding("q", "close", t("action.close"), show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield HelpText([
                ("heading", t("help.title")),
                ("subheading", t("help.keys_heading")),
                ("", "\n".join(t(f"help.{k}") for k in KEY_LINES)),
                ("subheading", t("help.table_heading")),
                ("", "\n".join(t(f"help.{k}") for k in TABLE_LINES)),
                ("subheading", t("help.rules_heading")),
                ("", t("rulespage.basics").strip()),
                ("hint", t("help.close")),
            ])

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def action_close(self) -> None:
        self.app.pop_screen()
