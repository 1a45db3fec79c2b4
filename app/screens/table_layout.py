"""The table screen's widgets and where they sit: the score bar, the three opponents around the
centre (seat line, melds, river; with three players the side across shows the Norths set aside
and the scores instead), the player's river, seat line and melds, the hand, the call bar,
the footer; the event log at the roomier size. Sizes and colours are in app/riichi.tcss."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import RichLog, Static

from app.widgets import CallBar, HandView, KeyFooter, MeldsView, RiverView, ScoreBar, SeatLine


class Blank:
    """Drawn blank (Textual's ``BLANK``: its lines made at once, not styled one by one): the
    table's screen, rows and columns have no border or text of their own, and every update of
    the table draws each widget that meets it again (a server does so on every screen). Not
    with few colours or none: there the app's line filters restyle every line (RiichiApp.
    get_line_filters), and a blank widget's lines would skip them."""

    @property
    def BLANK(self) -> bool:  # noqa: N802 (Textual's name)
        app = self.app  # type: ignore[attr-defined]
        return not (getattr(app, "colourless", False) or getattr(app, "few_colours", False))


class Row(Blank, Horizontal):
    """A row of the table (drawn blank)."""


class Column(Blank, Vertical):
    """A column of the table (drawn blank)."""


def table_widgets() -> ComposeResult:
    """The table's widgets, for ``TableScreen.compose``."""
    yield ScoreBar(id="scorebar")
    yield Static(id="allast")  # the all-last placement hint of the roomier layout
    with Row(id="middle"):
        with Column(id="seat-left", classes="side"):
            yield from _seat_widgets("left")
        with Column(id="center"):
            with Column(id="seat-across", classes="seat"):
                yield from _seat_widgets("across")
                # three players (P1): nobody sits across; the Norths set aside and the scores
                yield Static(id="north-box")
            centre = Static(id="center-info")
            centre.ALLOW_SELECT = False  # drawn with TextLines (app.widgets.lines), as the rest
            yield centre
            with Column(id="my-river-box"):
                yield RiverView(id="my-river")
        with Column(id="seat-right", classes="side"):
            yield from _seat_widgets("right")
        log = RichLog(id="log", max_lines=300, wrap=True, markup=False)
        log.can_focus = False  # the keys belong to the table
        yield log
    with Row(id="my-line"):
        yield MeldsView(id="my-melds")  # right of the seat line, or over it (riichi.tcss)
        yield SeatLine(id="my-seat")
    yield HandView(id="hand")
    yield CallBar(id="callbar")
    yield KeyFooter()  # one line, drawn again only when its keys change


def _seat_widgets(rel: str) -> Iterator[Widget]:
    yield SeatLine(id=f"{rel}-line")
    yield MeldsView(id=f"{rel}-melds")
    yield RiverView(id=f"{rel}-river")


def fit_my_line(screen: DOMNode, width: int, find: Callable[..., Any] | None = None) -> None:
    """The player's seat line (waits, or the hint rows' legend, in its note) and melds share a
    row while both fit in ``width``; else the melds take the row over the seat line (which stays
    just over the hand and its hint rows), so that neither runs into the other and every meld
    shows. ``find(selector, kind)`` finds a widget (the screen's query by default)."""
    find = find or screen.query_one
    seat = find("#my-seat", SeatLine)
    melds = find("#my-melds", MeldsView)
    need = seat.line(tiles=True).cell_len + 2 + melds.one_line_width()
    stacked = bool(melds.melds) and need > width
    find("#my-line", Row).set_class(stacked, "-stacked")
