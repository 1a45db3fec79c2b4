"""app.serve.strips: Textual's strips without self-referencing caches (the server's garbage)."""

from __future__ import annotations

import sys

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from app.serve.strips import _ORIGINAL, break_strip_cycles


def strips() -> list[Strip]:
    red = Style(color="red")
    return [Strip([Segment("abc", red), Segment("de")]), Strip([Segment("x" * 10)]),
            Strip([]), Strip([Segment("中文", red), Segment("ab")])]


def test_divide_and_crop_extend_give_what_textual_gives():
    break_strip_cycles()
    for strip in strips():
        n = strip.cell_length
        for cuts in ([n], [n, n + 3], [1, n], [0, n], [2], [n + 1]):
            mine = strip.divide(cuts)
            theirs = _ORIGINAL["divide"](Strip(list(strip), n), cuts)
            assert [list(s) for s in mine] == [list(s) for s in theirs]
            assert [s.cell_length for s in mine] == [s.cell_length for s in theirs]
        for start, end in ((0, n), (-1, n), (0, n + 2), (1, n), (0, max(n - 1, 0)), (2, n + 4)):
            mine = strip.crop_extend(start, end, None)
            theirs = _ORIGINAL["crop_extend"](Strip(list(strip), n), start, end, None)
            assert list(mine) == list(theirs) and mine.cell_length == theirs.cell_length


def test_a_strip_divided_and_cropped_to_itself_keeps_no_reference_to_itself():
    """Its own caches do not hold it (so reference counting frees it); Textual's do."""
    break_strip_cycles()
    strip = Strip([Segment("abcdef")])
    before = sys.getrefcount(strip)
    strip.divide([6])
    strip.crop_extend(0, 6, None)
    assert sys.getrefcount(strip) == before
    theirs = Strip([Segment("abcdef")])
    before = sys.getrefcount(theirs)
    _ORIGINAL["divide"](theirs, [6])
    _ORIGINAL["crop_extend"](theirs, 0, 6, None)
    assert sys.getrefcount(theirs) > before  # the cycle this module breaks
