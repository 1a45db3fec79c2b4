"""Scrollbars that stay visible without colour. Textual draws a scrollbar's track as blank cells
on a background colour, so with the mono theme (NO_COLOR), where every colour goes, only the
thumb (reversed) is left and the scrollbar reads as a stray block. Here the track is drawn with
a light shade (``░``, in any terminal font) when the app is colourless; with colour nothing
changes."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment, Segments
from textual.scrollbar import ScrollBarRender

TRACK = "░"


class PlainScrollBarRender(ScrollBarRender):
    """Textual's scrollbar, with its track drawn as a line while the app has no colour."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for bar in super().__rich_console__(console, options):
            if isinstance(bar, Segments) and _colourless():
                yield Segments([_track(s) for s in bar.segments],
                               new_lines=bar.new_lines)
            else:
                yield bar


def _colourless() -> bool:
    from textual._context import active_app

    try:
        app = active_app.get()
    except LookupError:
        return False
    return bool(getattr(app, "colourless", False))


def _track(segment: Segment) -> Segment:
    """A blank cell of the track (not of the thumb, which is reversed) drawn as a line."""
    text, style, control = segment
    if control or style is None or style.reverse or not text or text.strip():
        return segment
    meta = style.meta or {}
    if meta.get("@mouse.down") not in ("scroll_up", "scroll_down", None):
        return segment
    return Segment(TRACK * len(text), style, control)
