"""The table: the player's hand and melds, the four rivers, the opponents, the calls on offer.

The screen renders and handles keys only. Its ``GameSession`` (app.session) owns the game, the
journal and the opponents, moves the game in its worker and tells the screen with messages
(``Happened``, ``HumanTurn``, ``RoundOver``); the player's choice goes back with
``session.act(seat, action)``. What the call bar offers and advises is app.offers. Widgets get
plain data through their reactives and report clicks with messages; they never see the engine.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from app.i18n import round_label, seat_name, seat_text, t, texts
from app.offers import HandHints, Offer, advice_text, build_offers, call_prompt, practice_aid
from app.screens.base import SizeAware
from app.screens.setup import GameSetup
from app.session import GameSession, Happened, HumanTurn, RoundOver, unseen_result
from app.widgets import (
    CallBar,
    CallOption,
    HandView,
    MeldsView,
    RiverView,
    ScoreBar,
    ScoreInfo,
    SeatInfo,
    SeatLine,
    TileHint,
)
from app.widgets.hand import TILE_KEYS
from engine.actions import Action, Discard, Pass, Riichi
from engine.events import (
    Called,
    Discarded,
    GameEnded,
    KanDeclared,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
    Win,
)
from engine.tiles import dora_of, seat_wind
from engine.view import PlayerView


def event_line(ev, p) -> Text | None:
    """The event log's line for an event (painted with ``p``), None for events it leaves out
    (draws, dora indicators: the score bar shows them)."""
    match ev:
        case RoundStarted():
            return Text(round_label(ev.round_index), style="bold")
        case Discarded():
            line = Text(t("event.discard", seat=seat_name(ev.seat), tile=""))
            line.append_text(p.tiles([ev.tile]))
            if ev.riichi:
                line.append(f"  {t('action.riichi')}", style="bold")
            return line
        case Called() | KanDeclared():
            kind = ev.meld.kind.value if ev.meld.kind.value in ("chi", "pon") else "kan"
            line = Text(seat_text(f"event.{kind}", ev.seat, tiles=""))
            line.append_text(p.tiles(ev.meld.tiles, sep=" "))
            return line
        case Win():
            return Text(seat_text("event.win", ev.seat), style="bold")
        case RoundDrawn():
            return Text(t("event.draw_round"), style="bold")
    return None



class TableScreen(SizeAware, Screen):
    # Descriptions are in the language chosen at start (this module is imported lazily).
    BINDINGS = [
        Binding("left", "move(-1)", t("action.select"), key_display="←→"),
        Binding("right", "move(1)", t("action.select"), show=False),
        Binding("enter", "confirm", t("action.discard"), key_display="⏎"),
        Binding("enter", "confirm('riichi')", t("action.riichi"), key_display="⏎"),
        Binding("escape", "skip", t("action.pass"), key_display="Esc"),
        Binding("escape", "skip('riichi')", t("action.cancel"), key_display="Esc"),
        Binding("space", "skip", t("action.pass"), show=False),
        *[Binding(str(n), f"offer({n - 1})", t("action.call"), show=(n == 1), key_display="1-9")
          for n in range(1, 10)],
        # a-n: the letters are printed under the tiles (and listed in help), so the footer
        # leaves them out and keeps room for every other key at 80 columns
        *[Binding(k, f"tile({i})", t("action.tile"), show=False, key_display="a-n")
          for i, k in enumerate(TILE_KEYS)],
        Binding("w", "toggle('auto_win')", t("action.auto_win")),
        Binding("x", "toggle('skip_calls')", t("action.skip_calls")),
        Binding("z", "toggle('tsumogiri_after_riichi')", t("action.tsumogiri")),
        Binding("u", "toggle('hints')", t("action.hints")),
        Binding("question_mark", "help", t("action.help"), key_display="?"),
        Binding("q", "leave", t("action.quit")),
    ]

    def __init__(self, session: GameSession, seat: int = 0):
        super().__init__()
        self.session = session
        self.seat = seat  # the seat this screen shows and plays
        session.attach(self, seat)
        self.view: PlayerView | None = None
        self.legal: tuple[Action, ...] = ()
        self.offers: list[Offer] = []
        self.riichi_open: bool | None = None  # not None while choosing a riichi discard
        self.last_seat: int | None = None
        self.finished = False
        self._placement_key: tuple | None = None  # what the placement hint was made from
        self._placement = ""
        self._hints = HandHints()

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
        yield ScoreBar(id="scorebar")
        yield Static(id="allast")  # the all-last placement hint of the roomier layout
        with Horizontal(id="middle"):
            with Vertical(id="seat-left", classes="side"):
                yield from self._seat_widgets("left")
            with Vertical(id="center"):
                with Vertical(id="seat-across", classes="seat"):
                    yield from self._seat_widgets("across")
                yield Static(id="center-info")
                with Vertical(id="my-river-box"):
                    yield RiverView(id="my-river")
            with Vertical(id="seat-right", classes="side"):
                yield from self._seat_widgets("right")
            log = RichLog(id="log", max_lines=300, wrap=True, markup=False)
            log.can_focus = False  # the keys belong to the table
            yield log
        with Horizontal(id="my-line"):
            yield SeatLine(id="my-seat")
            yield MeldsView(id="my-melds")
        yield HandView(id="hand")
        yield CallBar(id="callbar")
        yield Footer(compact=True)

    def _seat_widgets(self, rel: str):
        yield SeatLine(id=f"{rel}-line")
        yield MeldsView(id=f"{rel}-melds")
        yield RiverView(id=f"{rel}-river")

    def on_mount(self) -> None:
        self.apply_size()
        self.fill_log()
        for ev in reversed(self.game.events):  # a resumed game: mark its last discard
            if isinstance(ev, RoundStarted):
                break
            if isinstance(ev, Discarded):
                self.last_seat = ev.seat
                break
        self.show_view(self.session.view())
        unseen = unseen_result(self.game, self.seat)
        if unseen is not None and not self.game.over:
            # Saved right after a round ended (the result was on screen): show it again.
            events, before = unseen
            self.view = before
            self.call_after_refresh(self.show_result, events, self.session.view())
            return
        if self.game.over:
            # A saved game whose last action ended it (killed before it was recorded): show
            # the final standings and record it, as an uninterrupted game does.
            end = next((e for e in reversed(self.game.events) if isinstance(e, GameEnded)), None)
            self.call_after_refresh(self.finish, end)
            return
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
        self.query_one(HandView).short = not wide
        if self.view is not None:
            self.show_placement(self.view)
        if changed and self.legal:
            self.update_controls()  # the call advice is longer at the roomier size

    # --- showing the game -------------------------------------------------------------------
    def rel_id(self, seat: int) -> str:
        return ("my", "right", "across", "left")[(seat - self.seat) % 4]

    def show_view(self, view: PlayerView) -> None:
        from app.seats import bot_seats

        self.view = view
        dora = frozenset(dora_of(i >> 2) for i in view.dora_indicators)
        bots = bot_seats(self.agents)
        for seat in range(4):
            rel = self.rel_id(seat)
            info = SeatInfo(
                name=seat_name(seat),
                wind=seat_wind(seat, view.dealer),
                points=view.scores[seat],
                riichi=view.riichi[seat],
                tiles=self.tile_count(view, seat),
                dealer=seat == view.dealer,
                turn=seat == view.turn,
                note=self.my_note(view) if seat == self.seat else "",
                bot=seat in bots,
            )
            river = view.rivers[seat]
            if seat == self.seat:
                self.query_one("#my-seat", SeatLine).info = info
                self.query_one("#my-melds", MeldsView).melds = view.melds[seat]
                river_view = self.query_one("#my-river", RiverView)
            else:
                self.query_one(f"#{rel}-line", SeatLine).info = info
                self.query_one(f"#{rel}-melds", MeldsView).melds = view.melds[seat]
                river_view = self.query_one(f"#{rel}-river", RiverView)
            river_view.river = river
            river_view.last = seat == self.last_seat
        hand = self.query_one(HandView)
        hand.tiles = view.hand
        hand.drawn = view.drawn
        hand.dora_kinds = dora
        self.query_one(ScoreBar).info = ScoreInfo(
            round_label=round_label(view.round_index),
            honba=view.honba,
            sticks=view.sticks,
            dora_indicators=view.dora_indicators,
            wall=view.live_tiles_left,
            turn_label=self.turn_label(view),
            flags=self.flags(),
        )
        p = self.app.painter
        info = Text(t("table.indicator") + " ")
        info.append_text(p.tiles(view.dora_indicators, sep=" "))
        info.append(" → " + t("table.dora") + " ")
        info.append_text(p.kinds([dora_of(i >> 2) for i in view.dora_indicators]))
        info.append(f"\n{t('table.wall', n=view.live_tiles_left)}")
        info.justify = "center"
        self.query_one("#center-info", Static).update(info)
        self.show_placement(view)
        self.update_controls()

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
            key = (view.scores, view.seat, view.dealer, view.round_index, view.honba,
                   view.sticks, width, texts().lang)
            if key != self._placement_key:
                from app.placement_hint import placement_hint

                self._placement_key = key
                self._placement = practice_aid(
                    lambda: placement_hint(view, self.game.rules, width), "")
            text = self._placement
        line = self.query_one("#allast", Static)
        line.update(text if wide else "")
        line.set_class(wide and bool(text), "-on")
        self.query_one(CallBar).note = "" if wide else text

    def tile_count(self, view: PlayerView, seat: int) -> int:
        if seat == self.seat:
            return len(view.concealed)
        count = 13 - 3 * len(view.melds[seat])
        just_discarded = view.last_discard is not None and view.last_discard[0] == seat
        if view.turn == seat and not just_discarded and self.last_seat != seat:
            count += 1
        return count

    def my_note(self, view: PlayerView) -> str:
        if not view.waits:
            if self.app.settings.hints and len(view.concealed) % 3 == 2:
                return t("table.hints_legend")  # names the two rows just below it
            return ""
        p = self.app.painter
        note = t("table.waits", tiles=p.kinds(view.waits).plain.replace("  ", " "))
        if view.furiten:
            from ai.advice import furiten_waits

            own = practice_aid(lambda: furiten_waits(view), ())
            if self.app.settings.hints and own:
                # which of the waits lie in the player's own river (F1)
                tiles = p.kinds(own).plain.replace("  ", " ")
                note += f" ({t('table.furiten_by', tiles=tiles)})"
            else:
                note += f" ({t('table.furiten')})"
        return note

    def turn_label(self, view: PlayerView) -> str:
        if self.legal:
            return t("table.turn_you")
        return t("table.turn_other", seat=seat_name(view.turn))

    def flags(self) -> tuple[str, ...]:
        s = self.app.settings
        out = []
        if s.auto_win:
            out.append(t("table.auto_win"))
        if s.skip_calls:
            out.append(t("table.skip_calls"))
        if s.tsumogiri_after_riichi:
            out.append(t("table.tsumogiri"))
        if self.app.options.autoplay:
            out.append(t("table.autoplay"))
        return tuple(out)

    def fill_log(self) -> None:
        """The event log of the game so far (a resumed game's, or a new game's first round
        header): its last lines, as they were before the player left."""
        log = self.query_one("#log", RichLog)
        p = self.app.painter
        lines = [line for ev in self.game.events if (line := event_line(ev, p)) is not None]
        for line in lines[-(log.max_lines or len(lines)):]:
            log.write(line)

    def log_events(self, events) -> None:
        log = self.query_one("#log", RichLog)
        p = self.app.painter
        for ev in events:
            line = event_line(ev, p)
            if line is not None:
                log.write(line)

    # --- controls ---------------------------------------------------------------------------
    def update_controls(self) -> None:
        hand = self.query_one(HandView)
        bar = self.query_one(CallBar)
        legal = self.legal
        if self.riichi_open is not None:
            selectable = {a.tile for a in legal if isinstance(a, Riichi)}
            hand.selectable = frozenset(selectable)
            bar.prompt = t("table.choose_riichi")
            bar.options = (CallOption(t("action.cancel"), "esc"),)
            self.offers = []
        else:
            hand.selectable = frozenset(a.tile for a in legal if isinstance(a, Discard))
            self.offers = self.build_offers(legal)
            options = [CallOption(o.label, str(i + 1), o.advice, o.warning)
                       for i, o in enumerate(self.offers)]
            passes = [a for a in legal if isinstance(a, Pass)]
            if passes:
                advice, warning = "", ""
                if any(o.advice for o in self.offers):  # skipping, compared with the calls
                    advice, warning = self.advice_text(passes[0])
                options.append(CallOption(t("action.pass"), "esc", advice, warning))
            bar.options = tuple(options)
            bar.prompt = self.call_prompt(legal)
        hand.hints = self.hand_hints() if hand.selectable else ()
        shown = hand.shown()
        if hand.selectable and not (0 <= hand.selected < len(shown)
                                    and shown[hand.selected] in hand.selectable):
            # Start on the drawn tile (tsumogiri is the most common choice), else the rightmost.
            candidates = [i for i, tile in enumerate(shown) if tile in hand.selectable]
            hand.selected = candidates[-1]
        elif not hand.selectable:
            hand.selected = -1
        self.refresh_bindings()

    def call_prompt(self, legal) -> str:
        return call_prompt(legal, self.view, self.app.painter)

    def build_offers(self, legal) -> list[Offer]:
        return build_offers(legal, self.view, self.game.rules, self.app.painter,
                            self.has_class("-wide"))

    def advice_text(self, action: Action) -> tuple[str, str]:
        return advice_text(action, self.view, self.game.rules, self.app.painter,
                           self.has_class("-wide"))

    def hand_hints(self) -> tuple[tuple[int, TileHint], ...]:
        """With hints on, what each discard leaves and the strong AI's pick (app.offers)."""
        if not self.app.settings.hints or self.view is None:
            return ()
        return self._hints(self.view, self.legal, self.game.rules)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # Keys that do nothing now are hidden from the footer (and inactive).
        # Enter and Esc have their riichi-selection twins (declare, cancel): one shows at a time.
        if action == "confirm" and (parameters == ("riichi",)) != (self.riichi_open is not None):
            return False
        if action in ("move", "confirm", "tile"):
            return bool(self.query_one(HandView).selectable)
        if action == "offer":
            return bool(self.offers)
        if action == "skip":
            if parameters == ("riichi",):
                return self.riichi_open is not None
            return self.riichi_open is None and any(isinstance(a, Pass) for a in self.legal)
        return True

    def action_move(self, delta: int) -> None:
        hand = self.query_one(HandView)
        shown = hand.shown()
        idx = [i for i, tile in enumerate(shown) if tile in hand.selectable]
        if not idx:
            return
        pos = idx.index(hand.selected) if hand.selected in idx else 0
        hand.selected = idx[(pos + delta) % len(idx)]

    def action_confirm(self, _mode: str = "") -> None:
        hand = self.query_one(HandView)
        shown = hand.shown()
        if 0 <= hand.selected < len(shown) and shown[hand.selected] in hand.selectable:
            self.play_tile(shown[hand.selected])

    def action_tile(self, index: int) -> None:
        hand = self.query_one(HandView)
        shown = hand.shown()
        if index < len(shown) and shown[index] in hand.selectable:
            hand.selected = index
            self.play_tile(shown[index])
        else:
            self.app.bell()

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

    def action_toggle(self, name: str) -> None:
        s = self.app.settings
        self.app.apply_settings(s.replace(**{name: not getattr(s, name)}))
        if self.view is not None:
            self.query_one(ScoreBar).info = ScoreInfo(
                **{**self.query_one(ScoreBar).info.__dict__, "flags": self.flags()}
            )
            if name == "hints":
                self.show_view(self.view)
        if self.legal:  # the player is being asked: the worker is idle
            action = self.session.auto_action(self.seat, self.legal, self.view)
            if action is not None:
                self.submit_human(action)

    def action_help(self) -> None:
        from app.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        from app.screens.result import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.session.close(keep_save=True)
                self.app.pop_screen()

        self.app.push_screen(ConfirmScreen(t("table.quit_confirm")), done)

    @on(HandView.Discard)
    def on_hand_discard(self, message: HandView.Discard) -> None:
        self.play_tile(message.tile)

    @on(CallBar.Chosen)
    def on_call_chosen(self, message: CallBar.Chosen) -> None:
        options = self.query_one(CallBar).options
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
        self.update_controls()  # nothing to choose until asked again (footer, keys, call bar)
        self.session.act(self.seat, action)

    @on(HumanTurn)
    def human_turn(self, message: HumanTurn) -> None:
        if self.session.closed or not self.is_attached or message.seat != self.seat:
            return
        self.legal = tuple(message.legal)
        self.show_view(message.view)

    @on(Happened)
    def happened(self, message: Happened) -> None:
        if not (self.session.closed or not self.is_attached):
            self.mark_and_log(message.events)
            self.show_view(message.view)
        if message.drawn is not None:
            self.call_after_refresh(message.drawn.set)

    @on(RoundOver)
    def round_over(self, message: RoundOver) -> None:
        if self.session.closed or not self.is_attached:
            return
        events = message.events
        self.mark_and_log(events)
        # Keep the finished round on screen under the result; the next deal shows afterwards.
        cut = next(i for i, e in enumerate(events)
                   if isinstance(e, (Win, RoundDrawn, RoundEnded, GameEnded)))
        self.show_result(list(events[cut:]), message.view)

    def mark_and_log(self, events) -> None:
        for ev in events:
            if isinstance(ev, Discarded):
                self.last_seat = ev.seat
            elif isinstance(ev, RoundStarted):
                self.last_seat = None
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

        self.app.push_screen(ResultScreen(events, before, self.game.rules), done)

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
                                         self.session.setup, self.seed))

    def on_unmount(self) -> None:
        if not self.finished:
            self.session.close(keep_save=True)
