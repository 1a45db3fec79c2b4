"""Choice: a focusable "Label   ‹ value ›" row; ←/→ (or a click) cycle the value, posting
``Choice.Changed``. Used by the setup and settings screens."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from app.i18n import t

LABEL_WIDTH = 38


class Choice(Widget, can_focus=True):
    # The focused Choice's keys are the ones the footer shows (a screen's binding of the same
    # key would be shadowed), so "←/→ Change" is said here. The description is in the language
    # of import; screens' footers translate it again (app.screens.base.SizeAware).
    BINDINGS = [
        Binding("left", "step(-1)", t("action.change"), key_display="←/→"),
        Binding("right", "step(1)", t("action.change"), show=False),
    ]

    index: reactive[int] = reactive(0)
    label: reactive[str] = reactive("")

    @dataclass
    class Changed(Message):
        choice: Choice
        value: str

    def __init__(
        self,
        label: str,
        values: list[str],
        names: list[str],
        value: str,
        *,
        id: str | None = None,
        label_width: int = LABEL_WIDTH,
    ) -> None:
        super().__init__(id=id)
        self.label_width = label_width
        self.values = values
        self.names = names
        self.set_reactive(Choice.label, label)
        self.set_reactive(Choice.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> str:
        return self.values[self.index]

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.values)
        self.post_message(self.Changed(self, self.value))

    def on_click(self, event: events.Click) -> None:
        self.action_step(-1 if event.x < self.size.width // 3 else 1)

    def render(self) -> Text:
        out = Text()
        out.append(self.label, style="bold")
        out.append(" " * max(1, self.label_width - cell_len(self.label)))
        out.append("‹ ", style="dim")
        out.append(self.names[self.index])
        out.append(" ›", style="dim")
        return out
