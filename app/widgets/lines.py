"""TextLines: a widget's Rich ``Text`` drawn to Textual strips with each style worked out once.

Textual draws the Rich Text that a ``render()`` returns by converting it to its own
``Content`` (every span's style converted again on every render), wrapping and aligning it,
and giving every segment a new style of its own that carries the segment's place (for text
selection). The table's widgets draw tens of styled tiles, and a server draws every action of
every table on each of its screens (issue 13): that was most of what their updates cost, and
styles made anew for every segment also missed every cache after them (the line filters, the
terminal's escape codes). ``TextLines`` gives each segment the style Textual would (the
widget's style, plus the spans' styles as ``Content.from_rich_text`` converts them, combined
as ``Content.render`` and ``_FormattedLine.to_strip`` combine them) but works each combination
out once and keeps it, without the place. What it would not draw as Textual does (a line wider
than the widget, which Textual wraps, folds or cuts; an alignment but left; a tab; a text
selection being made) goes through Textual's own ``Content``, so the screen looks the same
either way. Widgets that draw with it allow no text selection (a selection needs the places);
``render()`` still answers with what reads as its Text (``plain``, ``spans``, ``str``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual import active_app
from textual.content import Content
from textual.css.types import TextAlign
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

#: the alignments drawn here (the others go through Textual's ``Content``)
LEFT: frozenset[TextAlign | None] = frozenset({None, "left", "start"})


class TextLines(Visual):
    """The lines of ``text`` (split at newlines), each drawn as Textual draws a line that fits
    (see the module's docstring)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self._lines: list[Text] | None = None
        self._content: Content | None = None

    def __getattr__(self, name: str) -> Any:
        # what reads what a widget shows (tests, the table's checks) reads the Text
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.text, name)

    def __str__(self) -> str:
        return str(self.text)

    def lines(self) -> list[Text]:
        if self._lines is None:
            self._lines = self.text.split("\n", allow_blank=True)
        return self._lines

    def _plain(self) -> Content:
        """The text without its styles: what sizes are measured on (Textual's measures)."""
        if self._content is None:
            self._content = Content(self.text.plain)
        return self._content

    def get_optimal_width(self, rules: Any, container_width: int) -> int:
        return self._plain().get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: Any) -> int:
        return self._plain().get_minimal_width(rules)

    def get_height(self, rules: Any, width: int) -> int:
        return self._plain().get_height(rules, width)

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        if not width:
            return []
        lines = self.lines()
        get_rule = options.rules.get
        if (options.selection is not None or options.post_style is not None
                or get_rule("text_align", "left") not in LEFT or get_rule("line_pad", 0)
                or any(line.cell_len > width or "\t" in line.plain for line in lines)):
            return self._textual(width, height, style, options)
        app = active_app.get()
        get_style, theme = app.console.get_style, app.ansi_theme
        base = (style, theme)
        strips = []
        for line in lines[:height] if height is not None else lines:
            strips.append(_strip(line, base, get_style, options.get_style))
        return strips

    def _textual(self, width: int, height: int | None, style: Style,
                 options: RenderOptions) -> list[Strip]:
        """Textual's own drawing of the text (``visualize`` of a Rich Text)."""
        content = Content.from_rich_text(self.text, console=active_app.get().console)
        return content.render_strips(width, height, style, options)


def _strip(line: Text, base: tuple[Style, Any], get_style: Any, get_visual: Any) -> Strip:
    """One line: its spans stacked as ``Content.render`` stacks them (in their order, over
    the widget's style; the Text's own style first of all), each piece's style from the
    cache."""
    plain = line.plain
    spans: list[tuple[int, int, Any]] = [(s.start, s.end, s.style) for s in line.spans]
    if line.style and plain:
        spans.insert(0, (0, len(plain), ("text", line.style)))  # stylize_before
    if not spans:
        return Strip([Segment(plain, _style(base, ()))], cell_len(plain))
    if all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False)) \
            and all(start < end for start, end, _s in spans):
        return _side_by_side(plain, spans, base, get_style, get_visual)
    events = [(0, False, 0), *((start, False, i) for i, (start, _e, _s) in enumerate(spans, 1)),
              *((end, True, i) for i, (_s, end, _st) in enumerate(spans, 1)),
              (len(plain), True, 0)]
    events.sort(key=lambda e: (e[0], e[1]))
    stack: list[int] = []
    segments = []
    for (offset, leaving, index), (next_offset, _l, _i) in zip(events, events[1:], strict=False):
        if leaving:
            stack.remove(index)
        else:
            stack.append(index)
        if next_offset > offset:
            key = tuple(_span_key(spans[i - 1][2], get_style, get_visual)
                        for i in sorted(stack) if i)
            segments.append(Segment(plain[offset:next_offset], _style(base, key)))
    return Strip(segments, cell_len(plain))


def _side_by_side(plain: str, spans: list[tuple[int, int, Any]], base: tuple[Style, Any],
                  get_style: Any, get_visual: Any) -> Strip:
    """A line whose spans follow one another without overlapping (a row of tiles, most
    lines): the same pieces ``_strip`` makes, without stacking them."""
    segments = []
    at = 0
    for start, end, style in spans:
        if start > at:
            segments.append(Segment(plain[at:start], _style(base, ())))
        segments.append(Segment(plain[start:end],
                                _style(base, (_span_key(style, get_style, get_visual),))))
        at = end
    if at < len(plain):
        segments.append(Segment(plain[at:], _style(base, ())))
    return Strip(segments, cell_len(plain))


def _span_key(style: Any, get_style: Any, get_visual: Any) -> Any:
    """A span's style as the cache takes it: a Rich style, or a Textual style parsed from a
    Text's own style string (as ``Content.stylize_before`` leaves it)."""
    if isinstance(style, tuple):  # the Text's own style
        own = style[1]
        return get_visual(own) if isinstance(own, str) else own
    return get_style(style) if isinstance(style, str) else style


@lru_cache(maxsize=8192)
def _style(base: tuple[Style, Any], spans: tuple[Any, ...]) -> RichStyle:
    """The Rich style of a piece under ``spans`` (Rich styles, or Textual ones) over the
    widget's ``style``: ``(style + (style + span + ...)).rich_style`` as Textual computes
    it (less the place it adds for text selection)."""
    style, theme = base
    stacked = Style.combine([style, *(s if isinstance(s, Style) else Style.from_rich_style(s, theme)
                                      for s in spans)])
    return (style + stacked).rich_style
