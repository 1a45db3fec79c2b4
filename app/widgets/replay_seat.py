"""ReplaySeat: one seat in the replay viewer, hand open: headline and concealed hand (the drawn
tile apart), melds, then the river wrapped to the width (riichi tile reversed, called tiles
struck through, the latest discard marked). Compact, so four seats fit 80x24."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from app.i18n import round_label, t
from app.widgets._paint import painter
from app.widgets.melds import meld_text
from engine.tiles import seat_wind

WIND_KEYS = ("e", "s", "w", "n")
INDENT = "  "
NAME_END = 10  # the points line up (names are up to 6 cells: "Across", "对家")
HAND_START = 24  # after "E Across    25000 riichi "


@dataclass(frozen=True)
class SeatState:
    """Plain data for one seat at one step (the screen builds it from that seat's view)."""

    name: str = ""
    wind: int = 27  # tile kind 27-30
    points: int = 25000
    riichi: bool = False
    turn: bool = False
    hand: tuple[int, ...] = ()
    drawn: int | None = None
    melds: tuple = ()
    river: tuple = ()  # entries with tile, riichi, called_by
    last: bool = False  # the river's final tile is the latest discard
    dora_kinds: frozenset[int] = field(default_factory=frozenset)
    nuki: tuple[int, ...] = ()  # P1: the Norths set aside, shown beside the melds


def seat_state(v, seat: int, name: str, dora: frozenset[int], last: bool) -> SeatState:
    """Seat ``seat`` as the view ``v`` shows it: its hand and drawn tile only when it is the
    view's own seat (the replay viewer passes each seat its own view, a drill one view)."""
    own = seat == v.seat
    players = len(v.scores)
    return SeatState(
        name=name, wind=seat_wind(seat, v.dealer, players), points=v.scores[seat],
        riichi=v.riichi[seat], turn=seat == v.turn, hand=v.hand if own else (),
        drawn=v.drawn if own else None, melds=v.melds[seat], river=v.rivers[seat], last=last,
        dora_kinds=dora, nuki=v.nuki[seat] if seat < len(v.nuki) else ())


def table_bar(v, painter_) -> Text:
    """The head of a replayed table's status line: round, honba, riichi sticks, indicators and
    wall; the screen appends what it is (a replay's step, a drill's source)."""
    bar = Text()
    bar.append(f" {round_label(v.round_index)} ", style="bold reverse")
    bar.append(f" {t('table.honba', n=v.honba)} · {t('table.sticks', n=v.sticks)} │ ")
    bar.append(t("table.indicator") + " ")
    bar.append_text(painter_.tiles(v.dora_indicators, sep=" "))
    bar.append(f" │ {t('table.wall', n=v.live_tiles_left)} │ ")
    bar.no_wrap = True
    return bar


class ReplaySeat(Widget):
    """Reactive ``state``: a ``SeatState``."""

    state: reactive[SeatState] = reactive(SeatState, layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Text:
        out = Text("\n").join(self._lines(self.size.width or 80))
        out.no_wrap = True
        return out

    def _lines(self, width: int) -> list[Text]:
        p = painter(self)
        s = self.state
        head = Text()
        head.append(t(f"wind.{WIND_KEYS[(s.wind - 27) % 4]}"),
                    style="bold reverse" if s.turn else "bold")
        head.append(" " + s.name, style="bold" if s.turn else "")
        head.pad_right(max(0, NAME_END - head.cell_len))
        head.append(f"{s.points:>6}")
        head.append(" ")
        if s.riichi:
            head.append(t("table.riichi_mark"), style="bold reverse")
        head.pad_right(max(0, HAND_START - head.cell_len))
        for i, tile in enumerate(s.hand):
            if i and not head.plain.endswith(" "):
                head.append(" ")  # a red five's mark never touches the next tile ("5m* 6m")
            head.append_text(p.face(tile, dora=(tile >> 2) in s.dora_kinds))
            head.append(p.mark(tile))
        if s.drawn is not None:
            head.append(" ")
            head.append_text(p.face(s.drawn, dora=(s.drawn >> 2) in s.dora_kinds))
            head.append(p.mark(s.drawn))
        lines = [head]
        parts = [meld_text(p, meld) for meld in s.melds]
        if s.nuki:
            parts.append(p.tiles(list(s.nuki), sep=" "))
        for part in parts:
            line = lines[-1]
            if line.cell_len + 2 + part.cell_len > width:
                lines.append(Text(INDENT))
                line = lines[-1]
            line.append("  " if line.plain.strip() else "")
            line.append_text(part)
        river = Text(INDENT)
        for i, entry in enumerate(s.river):
            tile = p.tile(entry.tile, riichi=entry.riichi, called=entry.called_by is not None,
                          last=s.last and i == len(s.river) - 1)
            # a mark never touches the next tile (kanji faces carry no space of their own):
            # the separating space counts when the row is full, so it is never cut off
            sep = " " if river.plain.strip() and not river.plain.endswith(" ") else ""
            if river.cell_len + len(sep) + tile.cell_len > width and river.plain.strip():
                lines.append(river)
                river = Text(INDENT)
                sep = ""
            river.append(sep)
            river.append_text(tile)
        lines.append(river)
        return lines
