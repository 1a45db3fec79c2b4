"""The table: the player's hand and melds, the four rivers, the opponents, the calls on offer.

The screen renders and handles keys only. Its ``GameSession`` (app.session) owns the game, the
journal and the opponents, moves the game in its worker and tells the screen with messages
(``Happened``, ``HumanTurn``, ``RoundOver``); the player's choice goes back with
``session.act(seat, action)``. What the call bar offers and advises is app.offers. Widgets get
plain data through their reactives and report clicks with messages; they never see the engine.
"""

from __future__ import annotations

import threading
from typing import TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import RichLog, Static

from app.i18n import players, rel_seat, set_players, t
from app.offers import HandHints, Offer, call_bar, call_prompt, refused_tile_note
from app.screens.base import SizeAware
from app.screens.setup import GameSetup
from app.screens.table_keys import TABLE_BINDINGS, key_active
from app.screens.table_layout import Blank, fit_my_line, table_widgets
from app.session import GameSession, Happened, HumanTurn, RoundOver
from app.table_text import (
    PlacementLine,
    center_info,
    event_line,
    flags,
    last_discarder,
    north_info,
    score_info,
    seat_info,
    seat_kinds,
    waits_note,
)
from app.verdict import VerdictAsk
from app.widgets import CallBar, HandView, MeldsView, RiverView, ScoreBar, ScoreInfo, SeatLine
from app.widgets.lines import TextLines
from engine.actions import Action, Discard, Pass, Riichi
from engine.events import GameEnded
from engine.tiles import dora_of
from engine.view import PlayerView

W = TypeVar("W", bound=Widget)


class TableScreen(SizeAware, Blank, Screen):  # Blank: no text or border of its own
    BINDINGS = TABLE_BINDINGS

    def __init__(self, session: GameSession, seat: int = 0):
        super().__init__()
        self.session = session
        self.seat = seat  # the seat this screen shows and plays
        session.attach(self, seat)
        set_players(session.game.rules.players)  # seat names of a three-player table (P1)
        self.view: PlayerView | None = None
        self.legal: tuple[Action, ...] = ()
        self.offers: list[Offer] = []
        self.riichi_open: bool | None = None  # not None while choosing a riichi discard
        self.last_seat: int | None = None
        self.finished = False
        self._placement = PlacementLine()
        self.placement_note = ""  # the all-last line at 80x24, in the call bar's row
        self.pick_note = ""  # why the strong AI's pick is not the fastest discard (hints on)
        self._hints = HandHints()
        self.verdict = VerdictAsk()  # the evaluator's line on a call prompt, when asked (v)
        self._shown: dict[str, Text | str] = {}  # what each Static shows (put)
        self._unshown: PlayerView | None = None  # a Happened's view not drawn yet
        self._drawn: list[threading.Event] = []  # told once that view is drawn
        self._keys_state: tuple[object, ...] | None = None  # key_active's inputs last shown
        self._found: dict[str, Widget] = {}  # widgets by selector (found)

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def new_game(cls, app, setup: GameSetup) -> TableScreen:
        return cls(GameSession.new(app, setup))

    @classmethod
    def resume(cls, app) -> TableScreen | None:
        session = GameSession.resume(app)
        return None if session is None else cls(session)

    @property
    def game(self):
        """The session's game (to read while the player is asked or a result is shown)."""
        return self.session.game

    @property
    def agents(self) -> dict:
        return self.session.agents

    @property
    def seed(self) -> int:
        return self.session.seed

    # --- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from table_widgets()

    def on_mount(self) -> None:
        # three players (P1): nobody across; that side shows the Norths set aside (riichi.tcss)
        self.set_class(self.game.rules.players == 3, "-three")
        self.apply_size()
        # a resumed game: its event log's last lines, as they were, and its last discard marked
        self.log_events(self.game.events, last=self.query_one("#log", RichLog).max_lines)
        self.last_seat = last_discarder(self.game.events, None)
        self.show_view(self.session.view())
        opening = self.session.opening()
        if isinstance(opening, GameEnded) or opening is None and self.game.over:
            # A saved game whose last action ended it (killed before it was recorded): show
            # the final standings and record it, as an uninterrupted game does.
            self.call_after_refresh(self.finish, opening)
        elif opening is not None:
            # Saved right after a round ended (the result was on screen): show it again.
            events, self.view = opening
            self.call_after_refresh(self.show_result, events, self.session.view())
        else:
            self.session.go()

    def on_resize(self, event) -> None:
        super().on_resize(event)
        self.apply_size()

    def apply_size(self) -> None:
        from app.app import WIDE_HEIGHT, WIDE_WIDTH

        size = self.app.size
        wide = size.width >= WIDE_WIDTH and size.height >= WIDE_HEIGHT
        changed = wide != self.has_class("-wide")
        self.set_class(wide, "-wide")
        self.found("#hand", HandView).short = not wide
        fit_my_line(self, self.app.size.width, self.found)
        if self.view is not None:
            self.show_placement(self.view)
        if changed and self.legal:
            self.update_controls()  # the call advice is longer at the roomier size

    # --- showing the game -------------------------------------------------------------------
    def rel_id(self, seat: int) -> str:
        rel = rel_seat(seat, self.seat)
        return "my" if rel == "you" else rel

    def show_view(self, view: PlayerView) -> None:
        from app.seats import bot_seats

        self.view = view
        set_players(len(view.scores))  # another table's names may have been set meanwhile
        dora = frozenset(dora_of(i >> 2, len(view.scores)) for i in view.dora_indicators)
        bots = bot_seats(self.agents)
        records = self.session.seat_records()  # the players' names and kinds
        kinds = seat_kinds(records)
        for seat in range(len(view.scores)):
            rel = self.rel_id(seat)
            info = seat_info(view, seat, self.seat, self.last_seat, bots,
                             self.my_note(view) if seat == self.seat else "", records, kinds)
            self.found("#my-seat" if rel == "my" else f"#{rel}-line", SeatLine).info = info
            self.found(f"#{rel}-melds", MeldsView).melds = view.melds[seat]
            river_view = self.found(f"#{rel}-river", RiverView)
            river_view.river = view.rivers[seat]
            river_view.last = seat == self.last_seat
        fit_my_line(self, self.app.size.width, self.found)
        hand = self.found("#hand", HandView)
        hand.tiles = view.hand
        hand.drawn = view.drawn
        hand.dora_kinds = dora
        self.found("#scorebar", ScoreBar).info = score_info(view, self.turn_label(view, kinds[0]),
                                                   self.flags())
        self.put("#center-info", center_info(view, self.app.painter, self.session.saving))
        if players() == 3:
            self.put("#north-box",
                     north_info(view, self.seat, self.app.painter, kinds[0]))
        self.show_placement(view)
        self.update_controls()

    def found(self, selector: str, kind: type[W]) -> W:
        """The widget at ``selector``, found once while it is on the screen: every update
        sets some twenty of them, and each query walks the whole screen."""
        widget = self._found.get(selector)
        if widget is None or not widget.is_attached:
            widget = self._found[selector] = self.query_one(selector, kind)
        return widget  # type: ignore[return-value]

    def put(self, selector: str, content: Text | str) -> Static:
        """Show ``content`` in the ``Static`` at ``selector`` unless it shows it already, laid
        out again only when its size follows from its content (an automatic width or height)
        and changes: a layout pass costs the whole screen, and most updates change only a
        figure in the centre (the wall, in a box of a fixed size) or nothing there."""
        static = self.found(selector, Static)
        before = self._shown.get(selector)
        if before != content:
            self._shown[selector] = content
            sized = any(s is None or s.is_auto
                        for s in (static.styles.width, static.styles.height))
            static.update(TextLines(content) if isinstance(content, Text) else content,
                          layout=sized and (before is None or _extent(before) != _extent(content)))
        return static

    def show_placement(self, view: PlayerView) -> None:
        """The all-last placement hint (what hand moves the player up, what deal-in costs a
        place): at the roomier size on a line of its own under the score bar, always; at 80x24
        in the call bar's row while nothing is on offer there, with the practice hints on."""
        wide = self.has_class("-wide")
        if not wide and not self.app.settings.hints:
            text = ""
        else:
            # 80x24: the call bar's row is 80 cells, less its leading blank and a margin
            width = self.app.size.width - 2 if wide else 77
            text = self._placement(view, self.game.rules, width)
        line = self.put("#allast", text if wide else "")
        line.set_class(wide and bool(text), "-on")
        self.placement_note = "" if wide else text
        self.found("#callbar", CallBar).note = self.placement_note or self.pick_note

    def my_note(self, view: PlayerView) -> str:
        return waits_note(view, self.app.painter, self.app.settings.hints)

    def turn_label(self, view: PlayerView, names: tuple[str, ...] | None = None) -> str:
        """Whose turn the score bar names (``names``: the seats' names, if at hand)."""
        if self.legal:
            return t("table.turn_you")
        return t("table.turn_other", seat=(names or self.seat_names())[view.turn])

    def seat_names(self) -> tuple[str, ...]:
        """The seats' names as the seat lines give them (the opponents' own, else places)."""
        from app.seats import seat_labels

        return seat_labels(self.session.seat_records())

    def flags(self) -> tuple[str, ...]:
        return flags(self.app.settings, self.app.options.autoplay)

    def log_events(self, events, last: int | None = None) -> None:
        """Write the event log's lines of ``events`` (only the ``last`` ones if given)."""
        log, p = self.found("#log", RichLog), self.app.painter
        names = self.seat_names()
        lines = [line for ev in events if (line := event_line(ev, p, names)) is not None]
        for line in lines[-last:] if last else lines:
            log.write(line)

    # --- controls ---------------------------------------------------------------------------
    def update_controls(self) -> None:
        hand = self.found("#hand", HandView)
        bar = self.found("#callbar", CallBar)
        kind = Riichi if self.riichi_open is not None else Discard
        hand.selectable = frozenset(a.tile for a in self.legal if isinstance(a, kind))
        self.offers, bar.options, prompt = call_bar(
            self.legal, self.view, self.game.rules, self.app.painter, self.has_class("-wide"),
            self.riichi_open)
        bar.prompt = self.verdict.joined(prompt)
        hints = self.app.settings.hints and self.view is not None and hand.selectable
        hand.hints = self._hints(self.view, self.legal, self.game.rules) if hints else ()
        self.pick_note = self._hints.reason if hand.hints else ""
        bar.note = self.placement_note or self.pick_note
        hand.pick_tile = self._hints.pick_tile(self.legal, hand.hints)
        hand.keep_selection()
        # The keys shown follow from these alone (table_keys.key_active): an opponent's move
        # changes none of them, and the footer need not ask every binding again.
        keys = (self.riichi_open, bool(hand.selectable), bool(self.offers),
                any(isinstance(a, Pass) for a in self.legal))
        if keys != self._keys_state:
            self._keys_state = keys
            self.refresh_bindings()

    def call_prompt(self, legal) -> str:
        return call_prompt(legal, self.view, self.app.painter, self.seat_names())

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # Keys that do nothing now are hidden from the footer (and inactive). The footer may ask
        # while the screen is still being composed or already taken down: no hand, no keys.
        hand = self.hand_view()
        if hand is None:
            return False
        return key_active(action, parameters, self.riichi_open,
                          bool(hand.selectable), bool(self.offers), self.legal)

    def hand_view(self) -> HandView | None:
        """The hand widget while it is on the screen, else None. Kept once found: the footer
        asks ``check_action`` for each of ~40 keys after every update, and a query walks every
        widget of the screen each time (it was half the CPU of drawing an opponent's discard,
        ``benchmarks/bench_table_screen.py``, on every screen of a server)."""
        try:
            return self.found("#hand", HandView)
        except NoMatches:  # not composed yet, or gone
            return None

    def action_move(self, delta: int) -> None:
        self.found("#hand", HandView).move(delta)

    def action_confirm(self, _mode: str = "") -> None:
        tile = self.found("#hand", HandView).selected_tile()
        if tile is not None:
            self.play_tile(tile)

    def action_tile(self, index: int) -> None:
        hand = self.found("#hand", HandView)
        tile = hand.pick(index)
        if tile is not None:
            self.play_tile(tile)
        else:
            self.refuse_tile(index)

    def refuse_tile(self, index: int) -> None:
        """A tile that may not go now was chosen (its letter, a click): a bell, and why when
        the reason is kuikae."""
        self.app.bell()
        shown = self.found("#hand", HandView).shown()
        if 0 <= index < len(shown):
            note = refused_tile_note(shown[index], self.view, self.legal, self.app.painter)
            if note:
                self.notify(note, severity="warning")

    def action_offer(self, index: int) -> None:
        if index < len(self.offers):
            self.take_offer(self.offers[index])
        else:
            self.app.bell()

    def action_skip(self, _mode: str = "") -> None:
        if self.riichi_open is not None:
            self.riichi_open = None
            self.update_controls()
            return
        for a in self.legal:
            if isinstance(a, Pass):
                self.submit_human(a)
                return

    def action_toggle(self, name: str, _mode: str = "") -> None:  # _mode: table_keys twins
        self.app.toggle_setting(name)  # saved, and what changed is said
        if self.view is not None:
            self.found("#scorebar", ScoreBar).info = ScoreInfo(
                **{**self.found("#scorebar", ScoreBar).info.__dict__, "flags": self.flags()}
            )
            if name == "hints":
                self.show_view(self.view)
        if self.legal:  # the player is being asked: the worker is idle
            action = self.session.auto_action(self.seat, self.legal, self.view)
            if action is not None:
                self.submit_human(action)

    def action_verdict(self) -> None:
        if not self.app.settings.verdict_key:
            self.notify(t("verdict.off"))
        elif not self.verdict.ask(self, self.game, self.seat, self.legal):
            self.notify(t("verdict.none"))
        else:
            self.show_verdict()  # "evaluating the call and the pass…" until it is done

    def show_verdict(self) -> None:
        self.update_controls()

    def action_help(self) -> None:
        """The help page, made once per app and language and shown again from its top: making
        it (its widgets mounted and styled) was most of opening it, a cost a server pays for
        every connection's every ``?``."""
        from app.i18n import texts
        from app.screens.help import HelpScreen

        name = f"table-help-{texts().lang}"
        if self.app.is_screen_installed(name):
            page = self.app.get_screen(name)
            page.query_one("#help-box").scroll_home(animate=False)
        else:
            self.app.install_screen(HelpScreen(), name)
        self.app.push_screen(name)

    def action_leave(self) -> None:
        from app.screens.result import leave_confirm

        def done(yes: bool | None) -> None:
            if yes:
                self.session.close(keep_save=True)
                self.app.pop_screen()

        self.app.push_screen(leave_confirm(self.session.saving), done)

    @on(HandView.Refused)
    def on_hand_refused(self, message: HandView.Refused) -> None:
        self.refuse_tile(message.index)

    @on(HandView.Discard)
    def on_hand_discard(self, message: HandView.Discard) -> None:
        self.play_tile(message.tile)

    @on(CallBar.Chosen)
    def on_call_chosen(self, message: CallBar.Chosen) -> None:
        options = self.found("#callbar", CallBar).options
        if not 0 <= message.index < len(options):
            return  # a late click (e.g. a double click's second): its offer is gone
        option = options[message.index]
        if message.option is not None and message.option is not option:
            return  # clicked on an offer the bar no longer shows
        if option.key == "esc":
            self.action_skip()
        else:
            self.action_offer(int(option.key) - 1)

    def play_tile(self, tile: int) -> None:
        if self.riichi_open is not None:
            for a in self.legal:
                if isinstance(a, Riichi) and a.tile == tile and a.open == self.riichi_open:
                    self.submit_human(a)
                    return
            self.app.bell()
            return
        self.submit_human(Discard(tile))

    def take_offer(self, offer: Offer) -> None:
        if offer.riichi_open is not None:
            self.riichi_open = offer.riichi_open
            self.update_controls()
        elif offer.action is not None:
            self.submit_human(offer.action)

    # --- the game, through the session -------------------------------------------------------
    def submit_human(self, action: Action) -> None:
        """The player's choice: handed to the session, which submits it in its worker."""
        if action not in self.legal:
            self.app.bell()
            return
        self.legal = ()
        self.riichi_open = None
        self.verdict.drop()  # a verdict still being computed is of no use now
        self.update_controls()  # nothing to choose until asked again (footer, keys, call bar)
        self.session.act(self.seat, action)

    @on(HumanTurn)
    def human_turn(self, message: HumanTurn) -> None:
        if self.session.closed or not self.is_attached or message.seat != self.seat:
            return
        self.legal = tuple(message.legal)
        self._unshown = None  # this view is newer
        self.show_view(message.view)

    @on(Happened)
    def happened(self, message: Happened) -> None:
        if self.session.closed or not self.is_attached:
            if message.drawn is not None:
                self.call_after_refresh(message.drawn.set)
            return
        self.mark_and_log(message.events)
        # Drawn once the messages already queued are handled: a burst of them (the opponents'
        # turns, a busy server's backlog) costs one update of the table, showing the last view.
        self.view = message.view
        if message.drawn is not None:
            self._drawn.append(message.drawn)
        if self._unshown is None:
            self.call_later(self.show_unshown)
        self._unshown = message.view

    def show_unshown(self) -> None:
        """Show the view the last ``Happened`` brought, if no later turn or result showed one."""
        view, self._unshown = self._unshown, None
        if view is not None and not (self.session.closed or not self.is_attached):
            self.show_view(view)
        for drawn in self._drawn:
            self.call_after_refresh(drawn.set)
        self._drawn.clear()

    @on(RoundOver)
    def round_over(self, message: RoundOver) -> None:
        if self.session.closed or not self.is_attached:
            return
        events = message.events
        self.show_unshown()  # the table under the result: as the round's last action left it
        self.mark_and_log(events)
        # Keep the finished round on screen under the result; the next deal shows afterwards.
        self.show_result(list(events[message.end:]), message.view)

    def mark_and_log(self, events) -> None:
        self.last_seat = last_discarder(events, self.last_seat)
        self.log_events(events)

    def show_result(self, events, view_after: PlayerView) -> None:
        from app.screens.result import ResultScreen

        before = self.view
        game_end = next((e for e in events if isinstance(e, GameEnded)), None)

        def done(_=None) -> None:
            if game_end is not None or self.game.over:
                self.finish(game_end)
                return
            self.last_seat = None
            self.show_view(self.session.view())
            self.session.go()

        self.app.push_screen(ResultScreen(events, before, self.game.rules,
                                          self.session.seat_records()), done)

    def finish(self, game_end: GameEnded | None) -> None:
        from app.screens.gameover import GameOverScreen

        self.finished = True
        result = game_end.result if game_end is not None else self.game.result
        self.session.close(keep_save=False, result=result)
        # The standings replace the table and whatever the player opened over it (help, the
        # quit question): switch_screen replaces only the top screen.
        app = self.app
        if self in app.screen_stack:
            while app.screen is not self:
                app.pop_screen()
        app.switch_screen(GameOverScreen(result, game_end.reason if game_end else "",
                                         self.session.setup, self.seed,
                                         self.session.seat_records()))

    def on_unmount(self) -> None:
        if not self.finished:
            self.session.close(keep_save=True)


def _extent(content: Text | str) -> tuple[int, int]:
    """Lines and widest line of ``content``: what an automatic size follows from."""
    lines = content.split("\n") if isinstance(content, str) else content.plain.split("\n")
    return len(lines), max(cell_len(line) for line in lines)
