"""CallBar: the calls and declarations on offer (Tsumo, Riichi, Pon, each Chi and Kan, Ron,
nine-terminal abort, Skip), numbered 1-9; a click or the number posts ``CallBar.Chosen``.

When options carry advice (what a call does to the hand), each option takes a row of its own:
the key, the call, then the advice in a muted style and its warning (a call that leaves no yaku)
in the warning style.

With nothing on offer the bar shows its ``note`` (muted), a line the screen may lend to a hint:
the 80x24 table's all-last placement hint."""

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
    advice: str = ""  # e.g. "1→0 shanten · 18 tiles · yaku: "
    warning: str = ""  # shown after the advice, in the warning style (e.g. "none!")


class CallBar(Widget):
    """Reactives: ``prompt`` (what the offer is about) and ``options``."""

    COMPONENT_CLASSES = {"callbar--advice", "callbar--warning"}

    # New options repaint the bar; it is laid out again (a layout pass costs the whole screen)
    # only when its height changes (``get_content_height``).
    prompt: reactive[str] = reactive("")
    options: reactive[tuple[CallOption, ...]] = reactive(())
    note: reactive[str] = reactive("")
    _height = 1  # the content height of the last layout

    def watch_prompt(self) -> None:
        self._relayout()

    def watch_options(self) -> None:
        self._relayout()

    def _relayout(self) -> None:
        height = self._content_height()
        if height != self._height:
            self._height = height
            self.refresh(layout=True)

    @dataclass
    class Chosen(Message):
        """An option was clicked: its index and the option itself, so that a click handled after
        the bar changed (a double click, a new offer) can be told from a current one."""

        index: int
        option: CallOption | None = None

    def rows(self) -> bool:
        """Whether the options are shown one a row (some carry advice)."""
        return any(opt.advice or opt.warning for opt in self.options)

    def _key(self, out: Text, opt: CallOption) -> None:
        key = "Esc" if opt.key == "esc" else opt.key
        out.append(f" {key} ", style="bold reverse")
        out.append(" ")

    def _label(self, opt: CallOption) -> Text:
        return opt.label if isinstance(opt.label, Text) else Text(opt.label)

    def _render_with_spans(self) -> tuple[Text, list[tuple[int, int, int]]]:
        """The text and each option's (row, x start, x end)."""
        out = Text()
        spans = []
        if self.rows():
            advice = self.get_component_rich_style("callbar--advice", partial=True)
            warning = self.get_component_rich_style("callbar--warning", partial=True)
            row = 0
            if self.prompt:
                out.append(self.prompt, style="bold")
                row = 1
            width = max(self._label(opt).cell_len for opt in self.options)
            for opt in self.options:
                if row:
                    out.append("\n")
                line = Text()
                self._key(line, opt)
                line.append_text(self._label(opt))
                line.append(" " * (width - self._label(opt).cell_len + 2))
                line.append(opt.advice, style=advice)
                line.append(opt.warning, style=warning)
                spans.append((row, 0, line.cell_len))  # the whole row is the option
                out.append_text(line)
                row += 1
            out.no_wrap = True
            return out, spans
        if not self.prompt and not self.options and self.note:
            out.append(" " + self.note,
                       style=self.get_component_rich_style("callbar--advice", partial=True))
        if self.prompt:
            out.append(self.prompt + " ", style="bold")
        for opt in self.options:
            start = out.cell_len
            self._key(out, opt)
            out.append_text(self._label(opt))
            spans.append((0, start, out.cell_len))
            out.append("  ")
        out.no_wrap = True
        return out, spans

    def render(self) -> Text:
        return self._render_with_spans()[0]

    def get_content_height(self, container, viewport, width: int) -> int:
        return self._content_height()

    def _content_height(self) -> int:
        """Rows: one, or an option a row (and the prompt's) when the options carry advice."""
        if not self.rows():
            return 1
        return len(self.options) + (1 if self.prompt else 0)

    def on_click(self, event: events.Click) -> None:
        for i, (row, x0, x1) in enumerate(self._render_with_spans()[1]):
            if row == event.y and x0 <= event.x < x1:
                self.post_message(self.Chosen(i, self.options[i]))
                return
