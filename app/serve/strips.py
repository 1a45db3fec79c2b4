"""Textual's ``Strip`` (a rendered line) without the caches that point at itself.

A ``Strip`` memoises its derived strips (``divide``, ``crop_extend``, ...) in caches of its
own. When the derived strip is the strip itself (a line divided at its own end, or cropped
and extended to its own width, which the compositor does for most lines of most frames),
the cache holds the strip that holds the cache: a reference cycle, so the line is freed not
when the widget draws a new one but only by the cyclic garbage collector, and since a widget
keeps its lines until it redraws, most of them outlive the young generations. In the server
(40 players: ~230 such objects per screen update, 1.7 million in two minutes) they made the
full collections that held every connection up for seconds, or, with those made rare
(``app.serve.app.collect_less``), hundreds of MiB. ``break_strip_cycles`` returns those
results before they are cached: the same strips, the same output, freed by reference counting.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.strip import Strip

_ORIGINAL: dict[str, Any] = {}


def _divide(self: Strip, cuts: Any) -> list[Strip]:
    cell_length = self.cell_length
    if [cut for cut in cuts if cut <= cell_length] == [cell_length]:
        return [self]  # what Strip.divide returns here, without caching it in itself
    return _ORIGINAL["divide"](self, cuts)  # type: ignore[no-any-return]


def _crop_extend(self: Strip, start: int, end: int, style: Style | None) -> Strip:
    if start <= 0 and end == self.cell_length:
        return self  # extend_cell_length(end) and crop(0, end) both return the strip itself
    return _ORIGINAL["crop_extend"](self, start, end, style)  # type: ignore[no-any-return]


def break_strip_cycles() -> None:
    """Make ``Strip.divide`` and ``Strip.crop_extend`` return the strip itself uncached (once;
    a second call changes nothing)."""
    if _ORIGINAL:
        return
    _ORIGINAL["divide"] = Strip.divide
    _ORIGINAL["crop_extend"] = Strip.crop_extend
    Strip.divide = _divide  # type: ignore[method-assign]
    Strip.crop_extend = _crop_extend  # type: ignore[method-assign]
