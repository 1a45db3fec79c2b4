"""The round result (modal): a win (hand, yaku with han, dora/ura/red, fu breakdown, limit,
payments, every seat's change) or a draw (tenpai hands, payments, abort reason). Also the small
yes/no ConfirmScreen."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from app.glyphs import Painter
from app.i18n import seat_name, seat_text, set_players, t, texts
from app.screens.base import SizeAware
from app.seats import seat_labels
from app.widgets.melds import meld_text
from engine.events import DrawKind, GameEnded, RoundDrawn, RoundEnded, Win
from engine.meld import Meld


def _seat(seat: int, names: Sequence[str] | None = None) -> str:
    """A seat's name: the opponent's own (``names``, from ``app.seats.seat_labels``), else its
    place (``Right``)."""
    return names[seat] if names is not None else seat_name(seat)


def fu_label(label: str, p: Painter | None = None) -> str:
    """The scoring engine's fu labels (``"closed triplet 7z"``, ``"pair 5z"``) in words, the
    tile in the player's glyphs."""
    from engine.errors import RulesError
    from engine.tiles import parse_kind

    tx = texts()
    if tx.has(f"fu.{label}"):
        return tx(f"fu.{label}")
    head, _, tile = label.rpartition(" ")
    if head and tx.has(f"fu.{head}"):
        if p is not None:
            try:
                tile = p.kind_face(parse_kind(tile)).plain.strip()
            except RulesError:
                pass
        return f"{tx(f'fu.{head}')} {tile}"
    return label


def limit_label(limit: str | None) -> str:
    if not limit:
        return ""
    return t(f"limit.{limit}")


def win_renderable(win: Win, p: Painter, dora_indicators,
                   names: Sequence[str] | None = None, nuki=()) -> Group:
    """A win's block; ``names``: the seats' names (else their places); ``nuki``: the Norths the
    winner set aside (P1), shown beside the melds and named in the dora line (each is a dora of
    its own, counted in it)."""
    r = win.result
    parts = []
    head = Text()
    if win.tsumo:
        head.append(seat_text("result.win_by", win.seat, role="winner", names=names,
                              how=t("result.tsumo")), style="bold")
    else:
        head.append(seat_text("result.ron_from", win.seat, role="winner", names=names,
                              loser=_seat(win.from_seat, names)), style="bold")
    parts.append(head)
    hand = Text()
    concealed = list(win.concealed)
    if win.tile in concealed:
        concealed.remove(win.tile)
    hand.append_text(p.tiles(sorted(concealed), sep=" "))
    hand.append(" + ")
    hand.append_text(p.tiles([win.tile]))
    for meld in win.melds:
        hand.append("  ")
        hand.append_text(meld_text(p, meld))
    if nuki:
        hand.append("  ")
        hand.append_text(p.tiles(list(nuki), sep=" "))
    parts.append(hand)
    ind = Text(t("result.dora_heading") + ": ", style="dim")
    ind.append_text(p.tiles(dora_indicators, sep=" "))
    if win.ura_indicators:
        ind.append("   " + t("result.ura_heading") + ": ", style="dim")
        ind.append_text(p.tiles(win.ura_indicators, sep=" "))
    parts.append(ind)
    yaku = Table.grid(padding=(0, 2))
    yaku.add_column()
    yaku.add_column(justify="right")
    tx = texts()
    for y in r.yaku:
        han = t("result.yakuman") if r.yakuman else f"{y.han} {t('result.han')}"
        name = tx.yaku(y.name)
        if y.name == "dora" and nuki:
            name += " " + t("result.nuki_dora", n=len(nuki))
        yaku.add_row(name, han)
    fu = Table.grid(padding=(0, 2))
    fu.add_column()
    fu.add_column(justify="right")
    if not r.yakuman:
        for label, value in r.fu_breakdown:
            fu.add_row(fu_label(label, p), f"{value:+d}" if label == "rounding" else str(value))
        fu.add_row(Text(t("fu.total"), style="bold"), Text(f"{r.fu} {t('result.fu')}",
                                                           style="bold"))
    side = Table.grid(padding=(0, 4))
    side.add_column()
    side.add_column()
    side.add_row(yaku, fu)
    parts.append(side)
    total = Text()
    if r.yakuman:
        total.append(limit_label(r.limit) or t("result.yakuman"), style="bold")
    else:
        total.append(t("result.han_fu", han=r.han, fu=r.fu), style="bold")
        if r.limit:
            total.append(f"  {limit_label(r.limit)}", style="bold")
    total.append("  " + t("result.points", n=r.total), style="bold")
    if win.pao is not None:
        total.append("  " + seat_text("result.pao", win.pao, names=names))
    parts.append(total)
    return Group(*parts)


def draw_renderable(draw: RoundDrawn, p: Painter, names: Sequence[str] | None = None,
                    melds: Sequence[Sequence[Meld]] = ()) -> Group:
    """An exhaustive or abortive draw: who was tenpai, with their revealed hands and (``melds``,
    per seat, from the view: the event reveals only the concealed tiles) their calls, so an open
    hand with one tile left reads as a hand and not as a lone tile."""
    parts = []
    if draw.kind.abortive:
        parts.append(Text(t("abort.title"), style="bold"))
        parts.append(Text(t(f"abort.{draw.kind.value}")))
        return Group(*parts)
    title = t("draw.nagashi") if draw.kind is DrawKind.NAGASHI else t("draw.exhaustive")
    parts.append(Text(title, style="bold"))
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column()
    grid.add_column()
    for seat in range(len(draw.tenpai)):
        tenpai = draw.tenpai[seat]
        hand = p.tiles(sorted(draw.hands[seat]), sep=" ") if draw.hands[seat] else Text("")
        if draw.hands[seat] and seat < len(melds):
            for meld in melds[seat]:
                hand.append("  ")
                hand.append_text(meld_text(p, meld))
        status = Text(t("draw.tenpai") if tenpai else t("draw.noten"),
                      style="bold" if tenpai else "dim")
        grid.add_row(_seat(seat, names), status, hand)
    parts.append(grid)
    if draw.nagashi:
        parts.append(Text(t("draw.nagashi") + ": " + ", ".join(_seat(s, names) for s in draw.nagashi)))
    if not any(draw.tenpai):
        parts.append(Text(t("draw.nobody_tenpai"), style="dim"))
    return Group(*parts)


def scores_renderable(deltas, after, names: Sequence[str] | None = None) -> Table:
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column(t("gameover.player"))
    table.add_column(t("result.before"), justify="right")
    table.add_column("±", justify="right")
    table.add_column(t("result.after"), justify="right")
    for seat in range(len(deltas)):
        d = deltas[seat]
        style = "bold" if d > 0 else ("dim" if d == 0 else "")
        table.add_row(_seat(seat, names), str(after[seat] - d), Text(f"{d:+d}" if d else "0", style=style),
                      str(after[seat]))
    return table


class ResultScreen(SizeAware, ModalScreen):
    BINDINGS = [
        Binding("enter", "close", t("result.continue"), key_display="⏎"),
        Binding("escape", "close", t("result.continue"), show=False),
        Binding("space", "close", t("result.continue"), show=False),
    ]

    def __init__(self, events, view_before=None, rules=None, seats=None) -> None:
        super().__init__()
        self.events = list(events)
        self.view_before = view_before
        self.rules = rules
        end = next((e for e in self.events if isinstance(e, RoundEnded)), None)
        if end is not None:
            set_players(len(end.deltas))  # the seats of the round shown (P1)
        # the seats' names from the game's seat records (app.seats); None: their places
        self.player_names = seat_labels(seats) if seats is not None else None

    def compose(self) -> ComposeResult:
        p = self.app.painter
        dora = self.view_before.dora_indicators if self.view_before is not None else ()
        blocks = []
        for ev in self.events:
            if isinstance(ev, Win):
                nuki = self.view_before.nuki[ev.seat] if self.view_before is not None and \
                    ev.seat < len(self.view_before.nuki) else ()
                blocks.append(win_renderable(ev, p, dora, self.player_names, nuki))
            elif isinstance(ev, RoundDrawn):
                melds = self.view_before.melds if self.view_before is not None else ()
                blocks.append(draw_renderable(ev, p, self.player_names, melds))
        end = next((e for e in self.events if isinstance(e, RoundEnded)), None)
        view = self.view_before
        if view is not None and (view.sticks or view.honba) and any(
                isinstance(e, Win) for e in self.events):
            blocks.append(Text(t("result.sticks_bonus", n=view.sticks, h=view.honba),
                               style="dim"))
        elif end is not None and end.sticks and not any(
                isinstance(e, (Win, GameEnded)) for e in self.events):
            # a draw: the sticks (this round's riichi among them, in the deltas) wait on the table
            blocks.append(Text(t("result.sticks_stay", n=end.sticks), style="dim"))
        with Vertical(id="result-box"):
            with VerticalScroll(id="result-scroll"):
                for block in blocks:
                    yield Static(block, classes="result-block")
                if end is not None:
                    yield Static(Text(t("result.change"), style="bold"), classes="subheading")
                    yield Static(scores_renderable(end.deltas, end.scores,
                                                   self.player_names))
            yield Static(Text(f"⏎ {t('result.continue')}", style="bold"), id="result-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(SizeAware, ModalScreen[bool]):
    """A yes/no question: y or n; Enter answers ``default`` (No for a question whose yes loses
    something), Esc answers No."""

    BINDINGS = [
        Binding("y", "answer(True)", t("app.yes")),
        Binding("enter", "answer_default", t("app.yes"), show=False),
        Binding("n", "answer(False)", t("app.no")),
        Binding("escape", "answer(False)", t("app.no"), show=False),
    ]

    def __init__(self, question: str, default: bool = True) -> None:
        super().__init__()
        self.question = question
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question)
            enter = t("app.yes") if self.default else t("app.no")
            yield Static(f"\n[b]y[/b] {t('app.yes')}   [b]n[/b] {t('app.no')}   "
                         f"[dim]⏎ {enter}[/dim]")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_answer_default(self) -> None:
        self.dismiss(self.default)


def leave_confirm(saving: bool) -> ConfirmScreen:
    """The question when the player leaves the table: the game is saved and can be continued,
    or (not being saved) it will be lost, and then Enter answers No."""
    if saving:
        return ConfirmScreen(t("table.quit_confirm"))
    return ConfirmScreen(t("table.quit_confirm_unsaved"), default=False)
