"""The table: the player's hand and melds, the four rivers, the opponents, the calls on offer.

The screen owns the ``Game``. AI turns run in a thread worker (``advance``) that submits their
actions one at a time and hands each new ``PlayerView`` to the UI thread; the UI thread touches
the game only while the worker is idle (the player's own turn). Widgets get plain data through
their reactives and report clicks with messages; they never see the engine.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static
from textual.worker import get_current_worker

from app.screens.base import SizeAware

from app.i18n import round_label, seat_name, seat_text, t, texts
from app.screens.setup import GameSetup
from app.settings_speed import SPEED_DELAY
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
from engine.actions import (
    AbortNineTerminals,
    Action,
    AgariYame,
    Chi,
    DeclareTenpai,
    Discard,
    Kan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
    action_from_dict,
)
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    GameEnded,
    KanDeclared,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
    Win,
)
from engine.meld import MeldKind
from engine.tiles import dora_of, seat_wind
from engine.view import PlayerView

_T = TypeVar("_T")
log = logging.getLogger("riichi.app")


def practice_aid(compute: Callable[[], _T], default: _T) -> _T:
    """A practice aid (advice, hints, the all-last line) or ``default`` when computing it
    fails: an aid is never worth the game; the failure goes to the log."""
    try:
        return compute()
    except Exception:
        log.exception("a practice aid failed; the game goes on without it")
        return default

HUMAN = 0
_VISIBLE = (Discarded, Called, KanDeclared)
UI_INTERVAL = 0.1


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


@dataclass
class Offer:
    """One numbered entry of the call bar: an action, or ``riichi`` to pick a riichi discard."""

    label: Text
    action: Action | None = None
    riichi_open: bool | None = None  # not None: enter riichi selection
    advice: str = ""  # what the call does to the hand (practice advice)
    warning: str = ""  # shown after the advice as a warning (no yaku)


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

    def __init__(self, game, setup: GameSetup, agents: dict, journal=None, seed: int = 0):
        super().__init__()
        self.game = game
        self.setup = setup
        self.agents = agents
        self.journal = journal
        # The worker records the AIs' actions while the UI thread may close the journal (the
        # player leaves): an append and the close never overlap.
        self._journal_lock = threading.Lock()
        self.seed = seed
        self.view: PlayerView | None = None
        self.legal: tuple[Action, ...] = ()
        self.offers: list[Offer] = []
        self.riichi_open: bool | None = None  # not None while choosing a riichi discard
        self.last_seat: int | None = None
        self.finished = False
        self.closing = False  # leaving: the worker's last updates are dropped
        self._placement_key: tuple | None = None  # what the placement hint was made from
        self._placement = ""
        # the strong AI's discard for the hints: (view, legal, kind); one per view, not per paint
        self._pick: tuple[PlayerView, tuple[Action, ...], int | None] | None = None

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def new_game(cls, app, setup: GameSetup) -> TableScreen:
        from engine.game import Game

        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
        rules = setup.ruleset()
        app.set_reds(rules.red_fives)
        game = Game(rules, seed)
        agents = cls.make_agents(app, setup, seed, game, app.options.mjai)
        journal = None
        if app.options.save:
            journal = cls.open_journal(app, rules, seed, setup)
        return cls(game, setup, agents, journal, seed)

    @staticmethod
    def make_agents(app, setup: GameSetup, seed: int, game, mjai) -> dict:
        """Our AIs, and the mjai bots of ``mjai`` ({seat: command}) bound to ``game``."""
        from app.seats import make_agents

        return make_agents(game, setup.difficulty, seed, app.options.autoplay, mjai, app.tell,
                           seat_name)

    @staticmethod
    def open_journal(app, rules, seed: int, setup: GameSetup):
        from app.storage.journal import Journal

        from app.seats import seat_records

        seats = seat_records(app.settings.name, setup.difficulty, app.options.mjai)
        meta = {"difficulty": setup.difficulty, "reds": setup.reds, "preset": setup.rules}
        try:
            return Journal.create(None, rules, seed, seats, meta, overwrite=True)
        except Exception as e:  # another riichi holds the save, disk problems: play unsaved
            app.notify(str(e), severity="warning", timeout=8)
            return None

    @classmethod
    def resume(cls, app) -> TableScreen | None:
        from app.storage.journal import Journal, load_saved_game
        from engine.game import Game

        found = load_saved_game()
        for warning in found.warnings:
            app.notify(warning, severity="warning", timeout=8)
        if found.game is None:
            return None
        try:
            journal, saved = Journal.resume()
            rules = saved.rules()
            game = Game(rules, saved.seed)
            for seat, data in saved.actions:
                game.submit(seat, action_from_dict(data))
        except Exception as e:
            app.notify(f"{e}", severity="error", timeout=8)
            return None
        meta = saved.meta
        setup = GameSetup(rules.length, meta.get("preset", rules.name), meta.get("reds", "1each"),
                          meta.get("difficulty", "normal"), saved.seed)
        app.set_reds(rules.red_fives)
        from app.seats import mjai_from_records

        mjai = app.options.mjai or mjai_from_records(saved.seats)  # the same bots again
        agents = cls.make_agents(app, setup, saved.seed, game, mjai)
        return cls(game, setup, agents, journal, saved.seed)

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
        self.show_view(self.game.view(HUMAN))
        unseen = self.unseen_result()
        if unseen is not None and not self.game_over():
            # Saved right after a round ended (the result was on screen): show it again.
            events, before = unseen
            self.view = before
            self.call_after_refresh(self.show_result, events, self.game.view(HUMAN))
            return
        if self.game_over():
            # A saved game whose last action ended it (killed before it was recorded): show
            # the final standings and record it, as an uninterrupted game does.
            end = next((e for e in reversed(self.game.events) if isinstance(e, GameEnded)), None)
            self.call_after_refresh(self.finish, end)
            return
        self.advance()

    def unseen_result(self):
        """(events, view before) of a round that ended with the game's last action, if no
        action came after it: a resumed game whose result the player may not have seen."""
        events = self.game.events
        if not self.game.actions:
            return None
        ends = [i for i, e in enumerate(events) if isinstance(e, RoundEnded)]
        if not ends:
            return None
        end = ends[-1]
        if any(not isinstance(e, (RoundStarted, Drew, DoraRevealed, GameEnded))
               for e in events[end + 1:]):
            return None
        start = next(i for i in range(end, -1, -1)
                     if i == 0 or isinstance(events[i - 1], RoundStarted))
        first = next((i for i in range(start, end + 1)
                      if isinstance(events[i], (Win, RoundDrawn))), end)
        from engine.game import Game

        before = Game.replay(self.game.rules, self.game.seed, self.game.actions[:-1])
        return list(events[first:]), before.view(HUMAN)

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
        return ("my", "right", "across", "left")[(seat - HUMAN) % 4]

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
                note=self.my_note(view) if seat == HUMAN else "",
                bot=seat in bots,
            )
            river = view.rivers[seat]
            if seat == HUMAN:
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
        if seat == HUMAN:
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
        if not legal or any(isinstance(a, Discard) for a in legal):
            return ""
        if any(isinstance(a, DeclareTenpai) for a in legal):
            return t("table.tenpai_prompt")
        if any(isinstance(a, AgariYame) for a in legal):
            return t("table.yame_prompt")
        view = self.view
        if view is None:
            return ""
        if view.last_discard is not None:
            seat, tile = view.last_discard
            return t("table.call_prompt", seat=seat_name(seat),
                     tile=self.app.painter.tiles([tile]).plain.strip())
        if any(isinstance(a, Ron) for a in legal):
            # a ron with no discard open to calls robs a kan (chankan): name the kan's tile
            seat = view.turn
            kans = [m for m in view.melds[seat] if m.kind in (MeldKind.KAKAN, MeldKind.ANKAN)]
            if kans:
                m = kans[-1]
                tile = m.added if m.added is not None else m.tiles[-1]
                return t("table.chankan_prompt", seat=seat_name(seat),
                         tile=self.app.painter.tiles([tile]).plain.strip())
        return ""

    def build_offers(self, legal) -> list[Offer]:
        p = self.app.painter
        offers: list[Offer] = []

        def label(name: str, tiles=()) -> Text:
            out = Text(name, style="bold")
            if tiles:
                out.append(" ")
                out.append_text(p.tiles(sorted(tiles), sep=" "))
            return out

        for a in legal:
            if isinstance(a, Tsumo):
                offers.append(Offer(label(t("action.tsumo")), a))
            elif isinstance(a, Ron):
                offers.append(Offer(label(t("action.ron")), a))
        riichi = [a for a in legal if isinstance(a, Riichi)]
        if any(not a.open for a in riichi):
            offers.append(Offer(label(t("action.riichi")), riichi_open=False))
        if any(a.open for a in riichi):
            offers.append(Offer(label(t("yaku.open riichi")), riichi_open=True))
        for a in legal:
            if isinstance(a, Pon):
                offers.append(Offer(label(t("action.pon"), (*a.tiles, a.called)), a))
            elif isinstance(a, Chi):
                offers.append(Offer(label(t("action.chi"), (*a.tiles, a.called)), a))
            elif isinstance(a, Kan):
                name = {MeldKind.ANKAN: "ankan", MeldKind.KAKAN: "kakan"}.get(a.kind, "kan")
                tiles = a.tiles + ((a.called,) if a.called is not None else ())
                offers.append(Offer(label(t(f"action.{name}"), tiles), a))
            elif isinstance(a, AbortNineTerminals):
                offers.append(Offer(label(t("action.kyuushu")), a))
            elif isinstance(a, DeclareTenpai):
                offers.append(Offer(label(t("draw.tenpai") if a.tenpai else t("draw.noten")), a))
            elif isinstance(a, AgariYame):
                offers.append(Offer(label(t("action.yame_stop" if a.stop else
                                              "action.yame_continue")), a))
        offers = offers[:9]
        for o in offers:
            if isinstance(o.action, (Chi, Pon, Kan)):
                o.advice, o.warning = self.advice_text(o.action)
        return offers

    # --- practice advice ----------------------------------------------------------------------
    def advice_text(self, action: Action) -> tuple[str, str]:
        """The advice line of a call (or of skipping it) and its warning: shanten before and
        after, helpful tiles, the yaku kept; at the roomier size also the best discards and the
        dora kept. ("", "") when there is nothing to explain."""
        from ai.advice import explain_call

        if self.view is None:
            return "", ""
        if not isinstance(action, (Chi, Pon, Kan, Pass)):
            return "", ""  # only calls (and skipping them) are explained
        view = self.view
        a = practice_aid(lambda: explain_call(view, action, self.game.rules), None)
        if a is None:
            return "", ""
        wide = self.has_class("-wide")
        p = self.app.painter
        parts = [t("advice.shanten", before=a.shanten_before, after=a.shanten_after),
                 t("advice.tiles", n=a.ukeire)]
        if wide and a.discards:
            parts.append(t("advice.discard", tiles=p.kinds(a.discards).plain))
        if wide and a.dora:
            parts.append(t("advice.dora", n=a.dora))
        head = " · ".join(parts) + " · " + t("advice.yaku")  # "yaku: " / "役："
        if a.no_yaku:
            return head, t("advice.no_yaku")
        names = []
        for r in a.yaku:
            name = texts().yaku(r.name)
            names.append(t("advice.detour", name=name, n=r.detour) if r.detour else name)
        shown = names if wide else names[:1]
        text = ", ".join(shown)
        if len(names) > len(shown):
            text += " " + t("advice.more", n=len(names) - len(shown))
        return head + text, ""

    def hand_hints(self) -> tuple[tuple[int, TileHint], ...]:
        """With hints on, what each discard leaves (shanten, ukeire, best, furiten tenpai) and
        which one the strong AI would choose."""
        if not self.app.settings.hints or self.view is None:
            return ()
        from ai.advice import ai_pick, discard_hints

        view, legal = self.view, self.legal
        hints = practice_aid(lambda: discard_hints(view), {})
        if self._pick is None or self._pick[0] is not view or self._pick[1] != legal:
            pick = practice_aid(lambda: ai_pick(view, legal, self.game.rules), None)
            self._pick = (view, legal, pick)
        pick = self._pick[2]
        return tuple((k, TileHint(h.shanten, h.count, h.best, h.furiten, k == pick))
                     for k, h in sorted(hints.items()))

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
            action = self.auto_action(self.legal, self.view)
            if action is not None:
                self.submit_human(action)

    def action_help(self) -> None:
        from app.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_leave(self) -> None:
        from app.screens.result import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.close_game(keep_save=True)
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

    # --- the game loop ----------------------------------------------------------------------
    def submit_human(self, action: Action) -> None:
        if action not in self.legal:
            self.app.bell()
            return
        self.legal = ()
        self.riichi_open = None
        self.update_controls()  # nothing to choose until asked again (footer, keys, call bar)
        events = self.game.submit(HUMAN, action)
        self.record(HUMAN, action)
        if not self.after_events(events, self.game.view(HUMAN)):
            # Draw the player's move before the opponents start thinking (their thread would
            # compete with this refresh for the interpreter).
            self.call_after_refresh(self.advance)

    def record(self, seat: int, action: Action) -> None:
        """Append to the journal (from the worker or the UI thread)."""
        with self._journal_lock:
            journal = self.journal
            if journal is None:
                return
            try:
                journal.append(seat, action)
            except OSError as e:
                self.journal = None
                self.app.call_later(self.app.notify, f"{e}", severity="error")

    def auto_action(self, legal, view) -> Action | None:
        """What the toggles decide without asking: wins (auto-win), passing on calls (no
        calls), discarding the draw in riichi (tsumogiri)."""
        s = self.app.settings
        if s.auto_win:
            for a in legal:
                if isinstance(a, (Tsumo, Ron)):
                    return a
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes and s.skip_calls and not any(isinstance(a, Ron) for a in legal):
            return passes[0]
        if (s.tsumogiri_after_riichi and view is not None and view.riichi[HUMAN]
                and view.drawn is not None):
            others = [a for a in legal if not isinstance(a, Discard)]
            if not others and Discard(view.drawn) in legal:
                return Discard(view.drawn)
        return None

    @work(thread=True, exclusive=True, group="table")
    def advance(self) -> None:
        worker = get_current_worker()
        delay = SPEED_DELAY.get(self.app.speed, 0.0)
        # At instant speed the screen is redrawn at most every UI_INTERVAL seconds (and at every
        # round end and player's turn): drawing each of a round's ~150 actions would be slower
        # than playing them.
        buffered: list = []
        shown_at = time.monotonic()

        def show(events) -> bool:
            nonlocal shown_at
            buffered.extend(events)
            ends = any(isinstance(e, (Win, RoundDrawn, RoundEnded, GameEnded)) for e in events)
            if delay or ends or time.monotonic() - shown_at >= UI_INTERVAL:
                batch = list(buffered)
                buffered.clear()
                shown_at = time.monotonic()
                return self.app.call_from_thread(self.after_events, batch, self.game.view(HUMAN))
            return False

        while not worker.is_cancelled:
            if self.game_over():
                return
            pending = self.game.pending()
            ai = [s for s in sorted(pending) if s in self.agents]
            if ai and self.covered():
                time.sleep(0.05)  # help or the quit question is up: the table waits for it
                continue
            if ai:
                seat = ai[0]
                action = self.agents[seat].act(self.game.view(seat), pending[seat])
                events = self.game.submit(seat, action)
                self.record(seat, action)
                if worker.is_cancelled:
                    return
                if show(events):
                    return
                if delay and any(isinstance(e, _VISIBLE) for e in events):
                    time.sleep(delay)
                continue
            if HUMAN in pending:
                legal = pending[HUMAN]
                view = self.game.view(HUMAN)
                action = self.auto_action(legal, view)
                if action is not None:
                    events = self.game.submit(HUMAN, action)
                    self.record(HUMAN, action)
                    if show(events):
                        return
                    continue
                if buffered:
                    self.app.call_from_thread(self.after_events, list(buffered), view)
                self.app.call_from_thread(self.human_turn, view, legal)
            return

    def covered(self) -> bool:
        """Whether another screen (help, the quit question, the too-small notice) is over the
        table: the opponents do not play on behind it."""
        try:
            return self.is_attached and self.app.screen is not self
        except Exception:  # the app is shutting down
            return False

    def game_over(self) -> bool:
        over = getattr(self.game, "over", False)
        return bool(over() if callable(over) else over)

    def human_turn(self, view: PlayerView, legal) -> None:
        if self.closing or not self.is_attached:
            return
        self.legal = tuple(legal)
        self.show_view(view)

    def after_events(self, events, view: PlayerView) -> bool:
        """Show what happened; True when a round ended (the result is shown, the loop waits)."""
        if self.closing or not self.is_attached:
            return True  # the screen is going away: the worker stops
        for ev in events:
            if isinstance(ev, Discarded):
                self.last_seat = ev.seat
            elif isinstance(ev, RoundStarted):
                self.last_seat = None
        self.log_events(events)
        ended = [e for e in events if isinstance(e, (Win, RoundDrawn, RoundEnded, GameEnded))]
        if not ended:
            self.show_view(view)
            return False
        # Keep the finished round on screen under the result; the next deal shows afterwards.
        cut = next(i for i, e in enumerate(events)
                   if isinstance(e, (Win, RoundDrawn, RoundEnded, GameEnded)))
        self.show_result(list(events[cut:]), view)
        return True

    def show_result(self, events, view_after: PlayerView) -> None:
        from app.screens.result import ResultScreen

        before = self.view
        game_end = next((e for e in events if isinstance(e, GameEnded)), None)

        def done(_=None) -> None:
            if game_end is not None or self.game_over():
                self.finish(game_end)
                return
            self.last_seat = None
            self.show_view(self.game.view(HUMAN))
            self.advance()

        self.app.push_screen(ResultScreen(events, before, self.game.rules), done)

    def finish(self, game_end: GameEnded | None) -> None:
        from app.screens.gameover import GameOverScreen

        self.finished = True
        result = game_end.result if game_end is not None else getattr(self.game, "result", None)
        self.close_game(keep_save=False, result=result)
        # The standings replace the table and whatever the player opened over it (help, the
        # quit question): switch_screen replaces only the top screen.
        app = self.app
        if self in app.screen_stack:
            while app.screen is not self:
                app.pop_screen()
        app.switch_screen(GameOverScreen(result, game_end.reason if game_end else "",
                                         self.setup, self.seed))

    def close_game(self, keep_save: bool, result=None) -> None:
        if not self.closing:  # stop the mjai bots' programs (once)
            from app.seats import close_agents

            close_agents(self.agents)
        self.closing = True
        self.workers.cancel_group(self, "table")
        with self._journal_lock:  # waits for an append in progress
            journal, self.journal = self.journal, None
        if journal is None:
            return
        try:
            if keep_save:
                journal.close()
            elif result is not None:
                self.record_history(journal)
            else:
                journal.discard()
        except Exception as e:  # the game is over either way; say what went wrong
            self.app.notify(f"{e}", severity="warning", timeout=8)

    def record_history(self, journal) -> None:
        """Add the finished game to the history, then remove its save (storage.session)."""
        from app.storage.played import record_from_events
        from app.storage.session import finish_game

        from app.seats import mjai_seats, seat_records

        seats = seat_records(self.app.settings.name, self.setup.difficulty,
                             mjai_seats(self.agents))
        record = record_from_events(
            game_id=journal.game_id,
            rules=self.game.rules,
            seed=self.seed,
            seats=seats,
            actions=[(s, a.to_dict()) for s, a in self.game.actions],
            events=self.game.events,
            meta={"difficulty": self.setup.difficulty, "preset": self.setup.rules},
        )
        for warning in finish_game(journal, record):
            self.app.notify(warning, severity="warning", timeout=8)

    def on_unmount(self) -> None:
        if not self.finished:
            self.close_game(keep_save=True)
