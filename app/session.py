"""A game being played in the app: the game, its journal, the seats' agents and the one thread
that moves the game.

``GameSession`` owns the ``Game``, the autosave journal and an agent for every seat a person
does not play (our AI or an mjai bot, ``app.seats``). It runs the one game loop
(``engine.driver.Driver``) in a Textual thread worker and tells the screen what happened with
messages: ``Happened`` (events, with the view of the seat the screen shows), ``HumanTurn`` (a
seat without an agent must act: seat, view, legal actions) and ``RoundOver`` (the events from the
round's end on; the session waits until ``go()``).

Every change of the game happens on that worker's thread: a person's answer is not submitted by
the screen but handed over with ``act(seat, action)`` through a queue the worker reads, so the
game is never mutated from two threads (the UI thread only reads what the worker no longer
moves: the game while a person is asked or a result is shown, and immutable views). Nothing
here says which seat a person plays: every seat without an agent is asked, and a screen shows
one seat (``attach``), so a later session can seat more than one person.

The session also does what the player's toggles decide without asking (auto-win, skip calls,
tsumogiri after riichi), waits while another screen covers the table, appends every action to
the journal (closing waits for an append in progress) and records the finished game in the
history.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from textual.message import Message
from textual.worker import Worker, get_current_worker

from app.settings_speed import SPEED_DELAY
from engine.actions import Action, Discard, Pass, Ron, Tsumo, action_from_dict
from engine.driver import Driver
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    GameEnded,
    KanDeclared,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
    Win,
)
from engine.game import Game
from engine.view import PlayerView

log = logging.getLogger("riichi.app")

_VISIBLE = (Discarded, Called, KanDeclared)
_ENDS = (Win, RoundDrawn, RoundEnded, GameEnded)
#: at instant speed the screen is told at most this often (and at every round end and turn of
#: a person): drawing each of a round's ~150 actions would be slower than playing them
UI_INTERVAL = 0.1
#: how long the worker waits for the screen to draw a person's own move before the opponents
#: start thinking (their thread would compete with that redraw for the interpreter)
DRAW_WAIT = 0.5


def ends_round(events: Sequence[Event]) -> bool:
    """Whether ``events`` end a round (a win, a draw) or the game."""
    return any(isinstance(e, _ENDS) for e in events)


@dataclass
class Happened(Message):
    """Events happened; ``view`` is the shown seat's view after them. ``drawn``, when given, is
    set once the screen has drawn them (the session waits for a person's own move)."""

    events: tuple[Event, ...]
    view: PlayerView
    drawn: threading.Event | None = None


@dataclass
class HumanTurn(Message):
    """``seat`` (played by a person) must choose one of ``legal``."""

    seat: int
    view: PlayerView
    legal: tuple[Action, ...]


@dataclass
class RoundOver(Message):
    """A round (or the game) ended in ``events``, from ``events[end]`` on (a win, a draw);
    ``view`` is the shown seat's view after them. The session waits for ``go()``."""

    events: tuple[Event, ...]
    view: PlayerView

    @property
    def end(self) -> int:
        return next(i for i, e in enumerate(self.events) if isinstance(e, _ENDS))


@dataclass
class _Act:
    seat: int
    action: Action


@dataclass
class _Go:
    pass


@dataclass
class _Stop:
    reasons: list[str] = field(default_factory=list)


def unseen_result(game: Game, seat: int) -> tuple[list[Event], PlayerView] | None:
    """(events, ``seat``'s view before them) of a round that ended with the game's last action
    if no action came after it: a resumed game whose result the player may not have seen."""
    events = game.events
    if not game.actions:
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
    before = Game.replay(game.rules, game.seed, game.actions[:-1])
    return list(events[first:]), before.view(seat)


class GameSession:
    """One game in the app: ``new`` or ``resume`` builds it, ``attach`` names the screen that
    shows it (and hosts the worker), ``go`` plays on, ``act`` answers a person's turn, ``close``
    ends it."""

    def __init__(self, app: Any, game: Game, setup: Any, agents: Mapping[int, Any],
                 journal: Any = None) -> None:
        self.app = app
        self.game = game
        self.setup = setup
        self.seed = game.seed
        self.agents = dict(agents)
        self.journal = journal
        # The worker records each action while the UI thread may close the journal (the
        # player leaves): an append and the close never overlap.
        self._journal_lock = threading.Lock()
        self._inbox: queue.Queue[_Act | _Go | _Stop] = queue.Queue()
        self._worker: Worker[None] | None = None
        self._asked: dict[int, tuple[Action, ...]] = {}  # the persons asked, by the worker
        self.node: Any = None  # the screen told what happens (attach)
        self.seat = 0  # the seat that screen shows
        self.closed = False
        # every action the driver submits (an agent's, a person's, an automatic one) is journalled
        self.driver = Driver(game, self.agents, on_events=lambda s, a, _e: self.record(s, a))

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def new(cls, app: Any, setup: Any) -> GameSession:
        """A new game of ``setup`` (a random seed unless it names one), saved unless the app
        runs with saving off."""
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)
        setup = setup.resolved()  # the players named once: agents, journal, table agree
        rules = setup.ruleset()
        app.set_reds(rules.red_fives)
        game = Game(rules, seed)
        agents = make_agents(app, setup, game, app.options.mjai)
        journal = open_journal(app, rules, seed, setup) if app.options.save else None
        return cls(app, game, setup, agents, journal)

    @classmethod
    def resume(cls, app: Any) -> GameSession | None:
        """The saved game, replayed from its journal (``Game.replay``: STYLE 5); None (the
        player is told why) when there is none or it cannot be replayed."""
        from app.screens.setup import GameSetup
        from app.seats import BOT_SEATS, mjai_from_records, opponents_from_records
        from app.storage.journal import Journal, load_saved_game

        found = load_saved_game()
        for warning in found.warnings:
            app.notify(warning, severity="warning", timeout=8)
        if found.game is None:
            return None
        try:
            journal, saved = Journal.resume()
            rules = saved.rules()
            game = Game.replay(rules, saved.seed,
                               [(seat, action_from_dict(data)) for seat, data in saved.actions])
        except Exception as e:
            app.notify(f"{e}", severity="error", timeout=8)
            return None
        meta = saved.meta
        level = meta.get("difficulty", "normal")
        players = opponents_from_records(saved.seats, level)  # the same players again
        setup = GameSetup(rules.length, meta.get("preset", rules.name), meta.get("reds", "1each"),
                          level, saved.seed, tuple(players[seat] for seat in BOT_SEATS))
        app.set_reds(rules.red_fives)
        mjai = app.options.mjai or mjai_from_records(saved.seats)  # the same bots again
        return cls(app, game, setup, make_agents(app, setup, game, mjai), journal)

    # --- what the screen asks -----------------------------------------------------------------
    @property
    def saving(self) -> bool:
        """Whether the game is being saved: False with ``--no-save``, when the journal could
        not be opened (another riichi holds the save, a disk problem) or once an append
        failed. The table says so, and that leaving loses the game."""
        return self.journal is not None

    def attach(self, node: Any, seat: int) -> None:
        """``node`` (a screen) shows ``seat`` and is told what happens; it hosts the worker."""
        self.node, self.seat = node, seat

    def view(self) -> PlayerView:
        """The shown seat's view now (read it only while the worker does not move the game)."""
        return self.game.view(self.seat)

    def opening(self) -> GameEnded | tuple[list[Event], PlayerView] | None:
        """What a resumed game shows first instead of playing on: its end (a game saved by
        its last action: ``GameEnded``), or a round result the player may not have seen
        (events, the shown seat's view before them); None for neither."""
        if self.game.over:
            return next((e for e in reversed(self.game.events) if isinstance(e, GameEnded)),
                        None)
        return unseen_result(self.game, self.seat)

    def go(self) -> None:
        """Play on: from the start, after a round's result, after a resume."""
        self._ensure_worker()
        self._inbox.put(_Go())

    def act(self, seat: int, action: Action) -> None:
        """A person's answer for ``seat``; the worker submits it (and ignores a stale one)."""
        self._ensure_worker()
        self._inbox.put(_Act(seat, action))

    def covered(self) -> bool:
        """Whether another screen (help, the quit question, the too-small notice) is over the
        table: the opponents do not play on behind it."""
        try:
            return bool(self.node.is_attached and self.app.screen is not self.node)
        except Exception:  # the app is shutting down
            return False

    def auto_action(self, seat: int, legal: Sequence[Action], view: PlayerView) -> Action | None:
        """What the player's toggles decide without asking: wins (auto-win), passing on calls
        (no calls), discarding the draw in riichi (tsumogiri)."""
        s = self.app.settings
        if s.auto_win:
            for a in legal:
                if isinstance(a, (Tsumo, Ron)):
                    return a
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes and s.skip_calls and not any(isinstance(a, Ron) for a in legal):
            return passes[0]
        if s.tsumogiri_after_riichi and view.riichi[seat] and view.drawn is not None:
            others = [a for a in legal if not isinstance(a, Discard)]
            if not others and Discard(view.drawn) in legal:
                return Discard(view.drawn)
        return None

    # --- the worker -----------------------------------------------------------------------------
    def _ensure_worker(self) -> None:
        if self._worker is None and not self.closed:
            self._worker = self.node.run_worker(self._serve, thread=True, exclusive=True,
                                                group="table", name="game session")

    def _serve(self) -> None:
        """The worker: the only thread that moves the game, one command at a time."""
        worker = get_current_worker()
        while not worker.is_cancelled and not self.closed:
            try:
                command = self._inbox.get(timeout=0.2)
            except queue.Empty:
                continue
            if isinstance(command, _Stop) or self.closed:
                return
            if isinstance(command, _Act):
                legal = self._asked.get(command.seat, ())
                if command.action not in legal:
                    log.info("ignored a stale answer %s for seat %d", command.action,
                             command.seat)
                    continue
                self._asked = {}
                events = self.driver.submit(command.seat, command.action)
                if self._tell(events, drawn=True):
                    continue
            self._advance(worker)

    def _tell(self, events: tuple[Event, ...], drawn: bool = False) -> bool:
        """Post ``events`` (a round end as ``RoundOver``); True when the round ended."""
        view = self.game.view(self.seat)
        if ends_round(events):
            self.node.post_message(RoundOver(tuple(events), view))
            return True
        done = threading.Event() if drawn else None
        self.node.post_message(Happened(tuple(events), view, done))
        if done is not None:
            done.wait(DRAW_WAIT)
        return False

    def _advance(self, worker: Worker[None]) -> None:
        """Play the automatic seats until a person must act, a round ends or the game does."""
        delay = SPEED_DELAY.get(self.app.speed, 0.0)
        buffered: list[Event] = []
        shown_at = time.monotonic()

        def show(events: tuple[Event, ...]) -> bool:
            nonlocal shown_at
            buffered.extend(events)
            ends = ends_round(events)
            if delay or ends or time.monotonic() - shown_at >= UI_INTERVAL:
                batch = tuple(buffered)
                buffered.clear()
                shown_at = time.monotonic()
                return self._tell(batch)
            return False

        while not worker.is_cancelled and not self.closed:
            if self.driver.over:
                return
            pending = self.game.pending()
            seat = self.driver.next_seat(pending)
            if seat is not None and self.covered():
                time.sleep(0.05)  # help or the quit question is up: the table waits for it
                continue
            if seat is not None:
                step = self.driver.step()
                assert step is not None
                seat, action, events = step
                if worker.is_cancelled or self.closed or show(events):
                    return
                if delay and any(isinstance(e, _VISIBLE) for e in events):
                    time.sleep(delay)
                continue
            waiting = self.driver.waiting()
            if not waiting:
                return
            seat = min(waiting)
            legal = waiting[seat]
            view = self.game.view(seat)
            auto = self.auto_action(seat, legal, view)
            if auto is not None:
                events = self.driver.submit(seat, auto)
                if show(events):
                    return
                continue
            if buffered:
                self._tell(tuple(buffered))
            self._asked = dict(waiting)
            self.node.post_message(HumanTurn(seat, view, tuple(legal)))
            return

    # --- journal, history, the end --------------------------------------------------------------
    def record(self, seat: int, action: Action) -> None:
        """Append to the journal (from the worker)."""
        with self._journal_lock:
            journal = self.journal
            if journal is None:
                return
            try:
                journal.append(seat, action)
            except OSError as e:  # play on unsaved: the table shows it from now on
                from app.i18n import t

                self.journal = None
                self.app.tell(t("table.not_saved_because", reason=e), "error")

    def close(self, keep_save: bool, result: Any = None) -> None:
        """End the session (UI thread): stop the bots and the worker, then keep the save
        (leaving), record the finished game in the history (``result``) or drop the save."""
        if not self.closed:  # stop the mjai bots' programs (once)
            from app.seats import close_agents

            close_agents(self.agents)
        self.closed = True
        self._inbox.put(_Stop())
        if self._worker is not None:
            self._worker.cancel()
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

    def seat_records(self) -> list[dict[str, Any]]:
        """Who plays each seat, as the journal and the history record it."""
        from app.seats import mjai_seats, seat_records

        return seat_records(self.app.settings.name, self.setup.players(),
                            mjai_seats(self.agents), self.game.rules.players)

    def record_history(self, journal: Any) -> None:
        """Add the finished game to the history, then remove its save (storage.session)."""
        from app.storage.played import record_from_events
        from app.storage.session import finish_game

        seats = self.seat_records()
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


def make_agents(app: Any, setup: Any, game: Game, mjai: Mapping[int, str]) -> dict[int, Any]:
    """Our AIs, and the mjai bots of ``mjai`` ({seat: command}) bound to ``game``."""
    from app.i18n import seat_name
    from app.seats import make_agents as seats_agents

    autoplay = setup.difficulty if app.options.autoplay else False
    return seats_agents(game, setup.players(), game.seed, autoplay, mjai, app.tell, seat_name)


def open_journal(app: Any, rules: Any, seed: int, setup: Any) -> Any:
    """A new autosave journal, or None (the player is told) when it cannot be created. It
    never replaces a saved game: the player is asked first and the old save is discarded on a
    yes (``RiichiApp.start_game``); one still there (another riichi made it meanwhile) leaves
    this game unsaved, which the table shows."""
    from app.seats import seat_records
    from app.storage.journal import Journal

    seats = seat_records(app.settings.name, setup.players(), app.options.mjai, rules.players)
    meta = {"difficulty": setup.difficulty, "reds": setup.reds, "preset": setup.rules}
    try:
        return Journal.create(None, rules, seed, seats, meta)
    except Exception as e:  # another riichi holds the save, disk problems: play unsaved
        from app.i18n import t

        app.notify(t("table.not_saved_because", reason=e), severity="warning", timeout=10)
        return None


__all__ = ["GameSession", "Happened", "HumanTurn", "RoundOver", "ends_round", "unseen_result"]
