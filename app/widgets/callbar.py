"""CallBar: the calls and declarations on offer (Tsumo, Riichi, Pon, each Chi and Kan, Ron,
nine-terminal abort, Skip), numbered 1-9; a click or the number posts ``CallBar.Chosen``."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True)
class CallOption:
    label: Text | str
    key: str  # "1".."9", or "esc" for Skip


class CallBar(Widget):
    """Reactives: ``prompt`` (what the offer is about) and ``options``."""

    prompt: reactive[str] = reactive("")
    options: reactive[tuple[CallOption, ...]] = reactive(())

    @dataclass
    class Chosen(Message):
        index: int

    def _render_with_spans(self) -> tuple[Text, list[tuple[int, int]]]:
        out = Text()
        spans = []
        if self.prompt:
            out.append(self.prompt + " ", style="bold")
        for opt in self.options:
            start = out.cell_len
            key = "Esc" if opt.key == "esc" else opt.key
            out.append(f" {key} ", style="bold reverse")
            out.append(" ")
            out.append_text(opt.label if isinstance(opt.label, Text) else Text(opt.label))
            spans.append((start, out.cell_len))
            out.append("  ")
        out.no_wrap = True
        return out, spans

    def render(self) -> Text:
        return self._render_with_spans()[0]

    def on_click(self, event: events.Click) -> None:
        for i, (x0, x1) in enumerate(self._render_with_spans()[1]):
            if x0 <= event.x < x1:
                self.post_message(self.Chosen(i))
                return
