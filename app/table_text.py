"""The table's texts, made from a seat's view: the event log's lines, the seat lines and the
score bar, the centre's dora and wall line, the player's waits note, the opponents' tile counts, the toggles shown in the score
bar and the all-last placement line.

Plain functions (``rich.text.Text`` painted by the app's painter, the widgets' data classes);
no widgets, no game: the table screen puts them on screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from app.i18n import rel_seat, round_label, seat_name, seat_text, t, texts
from app.offers import practice_aid
from app.widgets import ScoreInfo, SeatInfo
from engine.events import (
    Called,
    Discarded,
    Event,
    KanDeclared,
    Nuki,
    RoundDrawn,
    RoundStarted,
    Win,
)
from engine.rules import RuleSet
from engine.tiles import dora_of, seat_wind
from engine.view import PlayerView


def event_line(ev: Event, p: Any, names: Sequence[str] | None = None) -> Text | None:
    """The event log's line for an event (painted with ``p``), None for events it leaves out
    (draws, dora indicators: the score bar shows them). ``names``: the seats' names as the seat
    lines give them (``app.seats.seat_labels``), else their places."""
    match ev:
        case RoundStarted():
            return Text(round_label(ev.round_index), style="bold")
        case Discarded():
            who = names[ev.seat] if names is not None else seat_name(ev.seat)
            line = Text(t("event.discard", seat=who, tile=""))
            line.append_text(p.tiles([ev.tile]))
            if ev.riichi:
                line.append(f"  {t('action.riichi')}", style="bold")
            return line
        case Called() | KanDeclared():
            kind = ev.meld.kind.value if ev.meld.kind.value in ("chi", "pon") else "kan"
            line = Text(seat_text(f"event.{kind}", ev.seat, names=names, tiles=""))
            line.append_text(p.tiles(ev.meld.tiles, sep=" "))
            return line
        case Nuki():
            line = Text(seat_text("event.nuki", ev.seat, names=names, tiles=""))
            line.append_text(p.tiles([ev.tile]))
            return line
        case Win():
            return Text(seat_text("event.win", ev.seat, names=names), style="bold")
        case RoundDrawn():
            return Text(t("event.draw_round"), style="bold")
    return None


def last_discarder(events: Sequence[Event], before: int | None) -> int | None:
    """The seat whose discard is the last of the current round after ``events`` (its river
    marks it); ``before`` when they have neither a discard nor a new deal."""
    for ev in reversed(events):
        if isinstance(ev, RoundStarted):
            return None
        if isinstance(ev, Discarded):
            return ev.seat
    return before


def seat_info(view: PlayerView, seat: int, shown: int, last_seat: int | None,
              bots: frozenset[int], note: str, records: Sequence[Any] | None = None,
              kinds: SeatKinds | None = None) -> SeatInfo:
    """What a seat's line shows: name (and what kind of player an AI is, from the seat
    ``records`` of ``app.seats``, or their ``seat_kinds`` made once for every seat), wind,
    points, riichi, tiles, dealer, turn, bot."""
    names, styles, short = seat_kinds(records) if kinds is None else kinds
    return SeatInfo(
        name=names[seat],
        style=styles[seat],
        style_short=short[seat],
        wind=seat_wind(seat, view.dealer, len(view.scores)),
        points=view.scores[seat],
        riichi=view.riichi[seat],
        tiles=tile_count(view, seat, shown, last_seat),
        dealer=seat == view.dealer,
        turn=seat == view.turn,
        note=note,
        bot=seat in bots,
    )


#: Each seat's name, kind of player and its short form (``seat_kinds``).
SeatKinds = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]


def seat_kinds(records: Sequence[Any] | None) -> SeatKinds:
    """Each seat's name, what kind of player it is and the same in a few cells, from the seat
    ``records``: made once for the four seat lines of an update (each read the records
    three times)."""
    from app.seats import seat_labels, seat_styles

    return seat_labels(records), seat_styles(records), seat_styles(records, short=True)


def score_info(view: PlayerView, turn_label: str, flags: tuple[str, ...]) -> ScoreInfo:
    """What the score bar shows: round, honba, sticks, dora indicators, wall, turn, toggles."""
    return ScoreInfo(
        round_label=round_label(view.round_index),
        honba=view.honba,
        sticks=view.sticks,
        dora_indicators=view.dora_indicators,
        wall=view.live_tiles_left,
        turn_label=turn_label,
        flags=flags,
    )


def center_info(view: PlayerView, p: Any, saving: bool = True) -> Text:
    """The centre of the table: the dora indicators, the dora they show, the wall left, and
    "not saved" while the game is not being saved (the centre, not the score bar's end, which
    an opponent's turn label or more dora push past 80 columns)."""
    info = Text(t("table.indicator") + " ")
    info.append_text(p.tiles(view.dora_indicators, sep=" "))
    info.append(" → " + t("table.dora") + " ")
    players = len(view.scores)
    info.append_text(p.kinds([dora_of(i >> 2, players) for i in view.dora_indicators]))
    info.append(f"\n{t('table.wall', n=view.live_tiles_left)}")
    if not saving:
        info.append(f"\n{t('table.not_saved')}", style="bold")
    info.justify = "center"
    return info


def north_info(view: PlayerView, shown: int, p: Any, names: Sequence[str] | None = None) -> Text:
    """The side across of a three-player table (P1), where nobody sits: the Norths each seat
    has set aside (a dora each) beside its points, the shown seat first, then right and left.
    ``names``: the seats' names as the seat lines give them (else their places)."""
    from rich.cells import cell_len

    out = Text(t("table.norths"), style="bold")
    players = len(view.scores)
    order = [(shown + k) % players for k in range(players)]
    # the shown seat as ``seat_name`` names it for whoever looks: "You", or at a shared
    # table a watcher's name for it (a watcher is nobody's "You")
    label = {s: names[s] if names is not None and s != shown
             else seat_name(s) if s == shown else seat_name(s, shown) for s in order}
    width = max(cell_len(label[s]) for s in order)
    for seat in order:
        out.append("\n")
        name = label[seat]
        pad = " " * (width - cell_len(name))
        out.append(f"{name}{pad} ", style="bold" if rel_seat(seat, shown) == "you" else "")
        out.append(f"{view.scores[seat]:>6}  ")
        norths = view.nuki[seat] if seat < len(view.nuki) else ()
        if norths:
            out.append_text(p.tiles(list(norths), sep=" "))
        else:
            out.append("-", style="dim")
    out.no_wrap = True
    return out


def tile_count(view: PlayerView, seat: int, shown: int, last_seat: int | None) -> int:
    """How many tiles ``seat`` holds as the screen showing ``shown`` draws it (an opponent who
    drew and has not discarded yet holds one more)."""
    if seat == shown:
        return len(view.concealed)
    count = 13 - 3 * len(view.melds[seat])
    just_discarded = view.last_discard is not None and view.last_discard[0] == seat
    if view.turn == seat and not just_discarded and last_seat != seat:
        count += 1
    return count


def waits_note(view: PlayerView, p: Any, hints: bool) -> str:
    """The note on the player's seat line: the waits (and furiten, with the hints which of
    them lie in the own river: F1), or the hint rows' legend."""
    # After a call the hand (3n+2 tiles, none drawn) is not the one the waits were counted for:
    # no waits until the discard (the hints say what each discard leaves).
    after_call = len(view.concealed) % 3 == 2 and view.drawn is None
    if not view.waits or after_call:
        if hints and len(view.concealed) % 3 == 2:
            return t("table.hints_legend")  # names the two rows just below it
        return ""
    note = t("table.waits", tiles=p.kinds(view.waits).plain.replace("  ", " "))
    if view.furiten:
        from ai.advice import furiten_waits

        nothing: tuple[int, ...] = ()
        own = practice_aid(lambda: furiten_waits(view), nothing)
        if hints and own:
            # which of the waits lie in the player's own river (F1)
            tiles = p.kinds(own).plain.replace("  ", " ")
            note += f" ({t('table.furiten_by', tiles=tiles)})"
        else:
            note += f" ({t('table.furiten')})"
    return note


def flags(settings: Any, autoplay: bool) -> tuple[str, ...]:
    """The toggles that are on, as the score bar lists them."""
    out = []
    if settings.auto_win:
        out.append(t("table.auto_win"))
    if settings.skip_calls:
        out.append(t("table.skip_calls"))
    if settings.tsumogiri_after_riichi:
        out.append(t("table.tsumogiri"))
    if autoplay:
        out.append(t("table.autoplay"))
    return tuple(out)


class PlacementLine:
    """The all-last placement hint (what hand moves the player up, what deal-in costs a
    place), made again only when what it depends on changed."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._text = ""

    def __call__(self, view: PlayerView, rules: RuleSet, width: int) -> str:
        key = (view.scores, view.seat, view.dealer, view.round_index, view.honba,
               view.sticks, width, texts().lang)
        if key != self._key:
            from app.placement_hint import placement_hint

            self._key = key
            self._text = practice_aid(lambda: placement_hint(view, rules, width), "")
        return self._text
