"""Replays of finished games: the list of games in the history (``ReplayListScreen``, from the
title screen) and the viewer (``ReplayViewerScreen``).

The viewer rebuilds the game from its record's rules, seed and actions (STYLE 5: the same
mechanism as resuming) and keeps one ``Frame`` per step: every seat's views after each action
that changed something, so every hand is shown open. A round's last step keeps the finished
round on screen with its result; the next step is the next deal. Keys: ←/→ a step, Home/End the
first/last step, p/n (PgUp/PgDn) the previous/next round.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from app.i18n import round_label, seat_name, seat_text, set_players, t, texts
from app.screens.base import SizeAware
from app.seats import seat_labels, seat_styles
from app.storage.history import History, PlayedGame
from app.widgets.melds import meld_text
from app.widgets.replay_seat import ReplaySeat, seat_state, table_bar
from engine.actions import action_from_dict
from engine.driver import ReplayRefused, replay
from engine.errors import RulesError
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    DrawKind,
    Drew,
    GameEnded,
    KanDeclared,
    Nuki,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
    Win,
)
from engine.game import Game
from engine.rules import RuleSet
from engine.tiles import dora_of
from engine.view import PlayerView

HUMAN = 0


class ReplayError(ValueError):
    """A record that cannot be replayed (unknown action, or one the rules refuse)."""


@dataclass(frozen=True)
class Frame:
    """One step: every seat's view (four, or three with P1), the events that led here, and
    which round it is (``round_no`` counts the game's deals from 0); ``actions``: how many of the
    record's actions were replayed by then (the review finds a decision's step by it)."""

    views: tuple[PlayerView, ...]
    events: tuple
    round_no: int
    actions: int = 0

    @property
    def round_start(self) -> bool:
        return any(isinstance(e, RoundStarted) for e in self.events)


def build_frames(rules: RuleSet, seed: int, actions) -> list[Frame]:
    """Replay ``actions`` (``(seat, action dict)``) through the driver and keep a frame per step
    that changed something. ``ReplayError`` names the first action that cannot be replayed."""
    parsed = []
    for i, (seat, data) in enumerate(actions, start=1):
        try:
            parsed.append((int(seat), action_from_dict(data)))
        except (RulesError, ValueError, KeyError, TypeError) as e:
            raise ReplayError(t("replay.bad_action", n=i, error=str(e))) from None
    # The game stops when a round ends, so the finished round's table is still there for its last
    # step (how it ended); the next round is dealt right after.
    game = Game(rules, seed, auto_deal=False)
    round_no = 0
    done = 0

    def frame(events) -> Frame:
        return Frame(tuple(game.view(s) for s in range(rules.players)), tuple(events), round_no,
                     done)

    frames = [frame(game.events)]

    def seen(_seat, _action, out) -> None:
        nonlocal round_no, done
        done += 1
        if out:
            frames.append(frame(out))
        if game.next_round is not None:
            opening = game.start_round()
            round_no += 1
            frames.append(frame(opening))

    try:
        replay(game, parsed, on_events=seen)
    except ReplayRefused as e:
        raise ReplayError(t("replay.bad_action", n=e.index + 1, error=e.reason)) from None
    return frames


def frames_of(record: PlayedGame) -> list[Frame]:
    try:
        rules = RuleSet.from_dict(record.rules)
    except (RulesError, ValueError, KeyError, TypeError) as e:
        raise ReplayError(t("replay.bad_rules", error=str(e))) from None
    return build_frames(rules, record.seed, record.actions)


# --------------------------------------------------------------------------- texts of a step


def describe(frame: Frame, p) -> list[Text]:
    """What happened at this step, one line per event worth telling (results in detail)."""
    lines: list[Text] = []
    names = texts()
    for ev in frame.events:
        match ev:
            case RoundStarted():
                lines.append(Text(t("replay.dealt", round=round_label(ev.round_index),
                                    honba=ev.honba), style="bold"))
            case Drew() if ev.tile is not None:
                line = Text(t("replay.drew", seat=seat_name(ev.seat)) + " ")
                line.append_text(p.tiles([ev.tile]))
                lines.append(line)
            case Discarded():
                line = Text(t("event.discard", seat=seat_name(ev.seat), tile=""))
                line.append_text(p.tiles([ev.tile]))
                if ev.riichi:
                    line.append("  " + t("action.riichi"), style="bold")
                lines.append(line)
            case Called() | KanDeclared():
                kind = ev.meld.kind.value if ev.meld.kind.value in ("chi", "pon") else "kan"
                line = Text(seat_text(f"event.{kind}", ev.seat, tiles=""))
                line.append_text(p.tiles(ev.meld.tiles, sep=" "))
                lines.append(line)
            case Nuki():
                line = Text(seat_text("event.nuki", ev.seat, tiles=""))
                line.append_text(p.tiles([ev.tile]))
                lines.append(line)
            case DoraRevealed():
                line = Text(t("event.dora", tile=""))
                line.append_text(p.tiles([ev.indicator]))
                lines.append(line)
            case Win():
                r = ev.result
                head = (seat_text("result.win_by", ev.seat, role="winner", how=t("result.tsumo"))
                        if ev.tsumo else
                        seat_text("result.ron_from", ev.seat, role="winner",
                                  loser=seat_name(ev.from_seat)))
                value = t("result.yakuman") if r.yakuman else t("result.han_fu", han=r.han,
                                                                 fu=r.fu)
                line = Text(head, style="bold")
                line.append(f" · {value} · {t('result.points', n=r.total)}")
                lines.append(line)
                hand = Text("  ")
                concealed = list(ev.concealed)
                if ev.tile in concealed:
                    concealed.remove(ev.tile)
                hand.append_text(p.tiles(sorted(concealed), sep=" "))
                hand.append(" + ")
                hand.append_text(p.tiles([ev.tile]))
                for meld in ev.melds:
                    hand.append("  ")
                    hand.append_text(meld_text(p, meld))
                if ev.ura_indicators:
                    hand.append("   " + t("result.ura_heading") + " ", style="dim")
                    hand.append_text(p.tiles(ev.ura_indicators, sep=" "))
                lines.append(hand)
                lines.append(Text("  " + ", ".join(
                    names.yaku(y.name) + ("" if r.yakuman else f" {y.han}") for y in r.yaku)))
            case RoundDrawn():
                if ev.kind.abortive:
                    lines.append(Text(f"{t('abort.title')}: {t(f'abort.{ev.kind.value}')}",
                                      style="bold"))
                else:
                    tenpai = [seat_name(s) for s in range(len(ev.tenpai)) if ev.tenpai[s]]
                    title = "nagashi" if ev.kind is DrawKind.NAGASHI else "exhaustive"
                    line = Text(t(f"draw.{title}"), style="bold")
                    line.append(" · " + t("draw.tenpai") + ": " + (", ".join(tenpai) or "-"))
                    lines.append(line)
            case RoundEnded():
                lines.append(Text("  " + " · ".join(
                    f"{seat_name(s)} {d:+d}" if d else f"{seat_name(s)} 0"
                    for s, d in enumerate(ev.deltas))))
            case GameEnded():
                r = ev.result
                lines.append(Text(t("replay.game_over"), style="bold"))
                lines.append(Text("  " + " · ".join(
                    f"{t(f'gameover.place_{i + 1}')} {seat_name(s)} {r.points[s]}"
                    for i, s in enumerate(r.ranking))))
    return lines


# --------------------------------------------------------------------------- the viewer


class ReplayViewerScreen(SizeAware, Screen):
    BINDINGS = [
        Binding("left", "step(-1)", t("replay.step"), key_display="←→"),
        Binding("right", "step(1)", t("replay.step"), show=False),
        Binding("home", "jump('first')", t("replay.first"), key_display="Home"),
        Binding("end", "jump('last')", t("replay.last"), key_display="End"),
        Binding("p", "round(-1)", t("replay.prev_round"), key_display="p"),
        Binding("n", "round(1)", t("replay.next_round"), key_display="n"),
        Binding("pageup", "round(-1)", t("replay.prev_round"), show=False),
        Binding("pagedown", "round(1)", t("replay.next_round"), show=False),
        Binding("escape", "close", t("stats.back"), key_display="Esc"),
        Binding("q", "close", t("stats.back"), show=False),
    ]

    index: reactive[int] = reactive(0, init=False)

    def __init__(self, record: PlayedGame) -> None:
        super().__init__()
        self.record = record
        self.frames = frames_of(record)  # ReplayError for a record that cannot be replayed
        # who played: the opponents by name (older records: by place), and what kind of player
        self.players = len(self.frames[0].views)
        set_players(self.players)  # the names below are given for this table (P1)
        self.player_names = seat_labels(record.seats)
        self.player_kinds = seat_styles(record.seats)

    def players_line(self) -> Text:
        """``Players: You, Aoi (Normal · balanced), …``: shown with the game's first step."""
        who = [t("replay.player_kind", name=n, kind=kind) if kind else n
               for n, kind in zip(self.player_names, self.player_kinds, strict=True)]
        return Text(t("replay.players", players=t("replay.players_sep").join(who)), style="dim")

    def compose(self) -> ComposeResult:
        yield Static(id="replay-bar")
        with Vertical(id="replay-seats"):
            for seat in range(self.players):
                yield ReplaySeat(id=f"replay-seat-{seat}", classes="replay-seat")
        info = VerticalScroll(id="replay-info")
        info.can_focus = False  # the arrow keys, Home and End step through the game
        with info:
            yield Static(id="replay-events")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        set_players(self.players)  # seats named for three players (P1)
        self.show(0)

    def watch_index(self, index: int) -> None:
        self.show(index)

    def show(self, index: int) -> None:
        frame = self.frames[index]
        p = self.app.painter
        v0 = frame.views[0]
        dora = frozenset(dora_of(i >> 2, self.players) for i in v0.dora_indicators)
        # The discard to mark: this step's, or the one a ron took.
        latest = next((e.seat if isinstance(e, Discarded) else e.from_seat
                       for e in reversed(frame.events)
                       if isinstance(e, Discarded) or (isinstance(e, Win) and not e.tsumo)),
                      None)
        for seat in range(self.players):
            v = frame.views[seat]
            self.query_one(f"#replay-seat-{seat}", ReplaySeat).state = seat_state(
                v, seat, self.player_names[seat], dora, seat == latest)
        bar = table_bar(v0, p)
        bar.append(t("replay.step_of", n=index + 1, total=len(self.frames)), style="bold")
        self.query_one("#replay-bar", Static).update(bar)
        lines = describe(frame, p)
        if index == 0:
            lines.insert(0, self.players_line())
        self.query_one("#replay-events", Static).update(Text("\n").join(lines))
        self.query_one("#replay-info", VerticalScroll).scroll_home(animate=False)

    # --- moving ---------------------------------------------------------------------------
    def round_starts(self) -> list[int]:
        return [i for i, f in enumerate(self.frames) if i == 0 or f.round_start]

    def action_step(self, delta: int) -> None:
        target = self.index + delta
        if 0 <= target < len(self.frames):
            self.index = target
        else:
            self.app.bell()

    def action_jump(self, where: str) -> None:
        self.index = 0 if where == "first" else len(self.frames) - 1

    def action_round(self, delta: int) -> None:
        starts = self.round_starts()
        if delta > 0:
            later = [i for i in starts if i > self.index]
            if later:
                self.index = later[0]
            else:
                self.index = len(self.frames) - 1  # the last round: its end
        else:
            earlier = [i for i in starts if i < self.index]
            if earlier:
                self.index = earlier[-1]
            else:
                self.app.bell()

    def action_close(self) -> None:
        self.app.pop_screen()


# --------------------------------------------------------------------------- the list


def game_label(g) -> str:
    date = g.finished[:16].replace("T", " ")
    place = t(f"gameover.place_{g.placement}") if g.placement else "-"
    points = "-" if g.player_points is None else str(g.player_points)
    score = "-" if g.player_score is None else f"{g.player_score:+g}"
    length = t(f"replay.length_{g.length}") if g.length in ("hanchan", "tonpuusen") else g.length
    return f"{date}  {g.rules_name:<8} {length:<9} {place:>4} {points:>7} {score:>6}"


class ReplayListScreen(SizeAware, Screen):
    """The finished games, newest first; Enter opens one in the viewer."""

    BINDINGS = [
        Binding("enter", "open", t("replay.open"), key_display="⏎"),
        Binding("r", "review", t("review.menu"), key_display="r"),
        Binding("escape", "close", t("stats.back"), key_display="Esc"),
        Binding("q", "close", t("stats.back"), show=False),
    ]

    LIMIT = 200

    def __init__(self) -> None:
        super().__init__()
        with History.open(check=False) as h:
            self.games = h.list_games(self.LIMIT)
            self.warnings = list(h.warnings)

    def compose(self) -> ComposeResult:
        with Vertical(id="replays-box"):
            yield Static(t("replay.list_title"), classes="heading")
            for warning in self.warnings:
                yield Static(warning, classes="stats-warning")
            if not self.games:
                yield Static(t("replay.empty"), id="replays-empty")
            else:
                yield OptionList(*[Option(game_label(g), id=g.game_id) for g in self.games],
                                 id="replays")
                yield Static(t("replay.hint"), classes="hint", id="replays-hint")
        yield Footer()

    def on_mount(self) -> None:
        for warning in self.warnings:
            self.notify(warning, severity="warning", timeout=8)
        if self.games:
            menu = self.query_one("#replays", OptionList)
            menu.highlighted = 0
            menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open_game(event.option.id or "")

    def action_open(self) -> None:
        if not self.games:
            return
        menu = self.query_one("#replays", OptionList)
        if menu.highlighted is not None:
            self.open_game(self.games[menu.highlighted].game_id)

    def action_review(self) -> None:
        if not self.games:
            return
        menu = self.query_one("#replays", OptionList)
        if menu.highlighted is not None:
            from app.screens.review import open_review

            open_review(self, self.games[menu.highlighted].game_id)

    def open_game(self, game_id: str) -> None:
        with History.open(check=False) as h:
            record = h.get_game(game_id)
            warnings = list(h.warnings)
        for warning in warnings:
            self.notify(warning, severity="warning", timeout=8)
        if record is None:
            self.notify(t("replay.missing"), severity="error")
            return
        try:
            screen = ReplayViewerScreen(record)
        except ReplayError as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        self.app.push_screen(screen)

    def action_close(self) -> None:
        self.app.pop_screen()
