"""``TableSession``: a ``GameSession`` shared by the screens of several people.

The solo session tells one screen (``node``) what happens and asks only the lowest waiting
seat. Here ``node`` is a ``Fanout``: every event goes to every screen at the table with that
screen's own view (a player's seat view; a watcher's public view), and every waiting human seat
is asked at once (the engine resolves several calls on one discard by its priorities). The
game still moves on one thread, this session's own (not a Textual worker: no single app owns a
shared table), and only that thread swaps a dropped seat's AI in or out.

The base class's loop (``_advance``) is reused as is, through its seams: ``covered`` (here: the
table pauses while none of its humans is connected), ``auto_action`` (each player's own
toggles) and ``node.post_message``.
"""

from __future__ import annotations

import dataclasses
import logging
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.i18n import t
from app.session import GameSession, Happened, HumanTurn, RoundOver, _Act, _Go, _Stop
from engine.actions import Action, Discard, Pass
from engine.game import Game
from engine.view import PlayerView

log = logging.getLogger("riichi.serve")

#: the longest a round's result holds the table up (a player who walked away)
ROUND_WAIT = 60.0


def public_view(game: Game) -> PlayerView:
    """What everyone at the table sees (a watcher's view): seat 0's view without anything only
    seat 0 may know (hand, drawn tile, waits, furiten, legal actions). Never the wall."""
    view = game.view(0)
    return dataclasses.replace(view, hand=(), drawn=None, waits=(), furiten=False,
                               ippatsu=False, legal=())


def timeout_action(legal: Sequence[Action], view: PlayerView) -> Action:
    """What a person who let the call timer run out does: pass on a call, else discard the
    drawn tile (else the first discard on offer)."""
    for a in legal:
        if isinstance(a, Pass):
            return a
    if view.drawn is not None and Discard(view.drawn) in legal:
        return Discard(view.drawn)
    return next((a for a in legal if isinstance(a, Discard)), legal[0])


@dataclass
class _Swap:
    """Give ``seat`` to ``agent`` (the AI for a dropped player) or, with None, back to its
    person."""

    seat: int
    agent: Any


class _Running:
    """What ``GameSession._advance`` asks of its worker: whether to stop."""

    def __init__(self, session: TableSession) -> None:
        self.session = session

    @property
    def is_cancelled(self) -> bool:
        return self.session.closed


class Fanout:
    """The session's ``node``: posts every message to every screen at the table, each with its
    own view. ``screens`` is ``{seat: screen}`` of connected players, ``watchers`` a set."""

    is_attached = True

    def __init__(self, session: TableSession) -> None:
        self.session = session
        self.screens: dict[int, Any] = {}
        self.watchers: set[Any] = set()
        self.lock = threading.Lock()
        #: the last view told to each seat (None: watchers), made on the game's thread: what
        #: a screen that opens meanwhile shows first (the game may be moving)
        self.latest: dict[int | None, PlayerView] = {}

    def targets(self) -> list[tuple[Any, int | None]]:
        with self.lock:
            return [*((s, seat) for seat, s in self.screens.items()),
                    *((w, None) for w in self.watchers)]

    def in_turn(self, events: Any) -> list[tuple[Any, int | None]]:
        """``targets`` with the screen of the seat whose action began ``events`` first: the
        person who pressed the key sees it answered before the others' screens are drawn
        (the loop draws them in the order they were told)."""
        actor = getattr(events[0], "seat", None) if events else None
        targets = self.targets()
        if actor is None:
            return targets
        return sorted(targets, key=lambda target: target[1] != actor)

    def view_for(self, seat: int | None) -> PlayerView:
        game = self.session.game
        view = public_view(game) if seat is None else game.view(seat)
        self.latest[seat] = view
        return view

    def post_message(self, message: Any) -> None:
        """Called on the game's thread, where reading the game is safe."""
        if isinstance(message, HumanTurn):
            self.session.ask_all()
            return
        if isinstance(message, Happened) and message.drawn is not None:
            message.drawn.set()  # no one screen's drawing holds a shared table up
        for screen, seat in self.in_turn(message.events):
            view = self.view_for(seat)
            if isinstance(message, RoundOver):
                screen.post_message(RoundOver(message.events, view))
            else:
                screen.post_message(Happened(message.events, view))
        if isinstance(message, RoundOver):
            self.session.round_over()


class TableSession(GameSession):
    """A game with several human seats (those without an agent). ``host`` gives ``speed``,
    ``settings_of(seat)`` (the toggles of the person there, or None), ``connected()`` (whether
    any human is here), ``tell(text, severity)`` and ``call_timer`` (seconds; 0 = off)."""

    def __init__(self, host: Any, game: Game, setup: Any, agents: Mapping[int, Any],
                 journal: Any = None) -> None:
        super().__init__(host, game, setup, agents, journal)
        self.node = Fanout(self)
        self.humans = frozenset(s for s in range(game.rules.players) if s not in self.agents)
        self._thread: threading.Thread | None = None
        self._asks = 0  # numbers each ask, so a timer of an answered ask does nothing
        self._ready: set[int] = set()  # humans who have seen the round's result
        self._rounds = 0
        self.round_open = False  # a round's result is up, the table waits for its humans
        self.failure: str | None = None
        self.on_over: Callable[[], None] | None = None

    # --- seams of GameSession -----------------------------------------------------------------
    def seat_records(self) -> list[dict[str, Any]]:
        """The table's people and AI seats (not a solo player's settings and opponents)."""
        records: list[dict[str, Any]] = self.app.seat_records()
        return records

    def covered(self) -> bool:
        """The table pauses while none of its humans is connected."""
        return not self.app.connected()

    def auto_action(self, seat: int, legal: Sequence[Action], view: PlayerView) -> Action | None:
        settings = self.app.settings_of(seat)
        if settings is None:
            return None
        saved, self.app.settings = getattr(self.app, "settings", None), settings
        try:
            return super().auto_action(seat, legal, view)
        finally:
            self.app.settings = saved

    def _ensure_worker(self) -> None:
        if self._thread is None and not self.closed:
            self._thread = threading.Thread(target=self._run, name="riichi-table", daemon=True)
            self._thread.start()

    # --- the table's thread -------------------------------------------------------------------
    def _run(self) -> None:
        running = _Running(self)
        while not self.closed:
            try:
                command = self._inbox.get(timeout=0.2)
            except queue.Empty:
                continue
            try:
                if isinstance(command, _Stop) or self.closed:
                    return
                if isinstance(command, _Swap):
                    self._swap(command)
                elif isinstance(command, _Act):
                    legal = self._asked.get(command.seat, ())
                    if command.action not in legal:
                        log.info("ignored a stale answer %s for seat %d", command.action,
                                 command.seat)
                        continue
                    del self._asked[command.seat]
                    if self._tell(self.driver.submit(command.seat, command.action)):
                        continue
                elif isinstance(command, _Go) and self.round_open:
                    continue  # a player's "go" before every human has seen the result
                self._advance(running)  # type: ignore[arg-type]
                if self.driver.over and self.on_over is not None:
                    self.on_over()
                    return
            except Exception as e:  # an engine or AI failure stops this table only
                log.exception("table stopped")
                self.failure = f"{type(e).__name__}: {e}"
                self.app.tell(t("lobby.stopped", why=self.failure), "error")
                return

    def _swap(self, command: _Swap) -> None:
        if command.agent is None:
            self.agents.pop(command.seat, None)
        else:
            self.agents[command.seat] = command.agent
            self._asked.pop(command.seat, None)

    def ask_all(self) -> None:
        """Ask every waiting human seat (the game's thread; the engine waits for all)."""
        waiting = self.driver.waiting()
        self._asked = dict(waiting)
        self._asks += 1
        ask = self._asks
        for seat, legal in waiting.items():
            view = self.node.view_for(seat)
            screen = self.node.screens.get(seat)
            if screen is not None:
                screen.post_message(HumanTurn(seat, view, tuple(legal)))
            timer = self.app.call_timer
            if timer:
                t = threading.Timer(timer, self._time_out, (ask, seat, tuple(legal), view))
                t.daemon = True
                t.start()

    def _time_out(self, ask: int, seat: int, legal: tuple[Action, ...],
                  view: PlayerView) -> None:
        if self.closed or ask != self._asks or self._asked.get(seat) is None:
            return
        screen = self.node.screens.get(seat)
        if screen is not None:  # the prompt goes away: the move is made for them
            screen.post_message(HumanTurn(seat, view, ()))
        self.act(seat, timeout_action(legal, view))

    # --- rounds ---------------------------------------------------------------------------------
    def round_over(self) -> None:
        """A round's result is up: wait for the humans (at most ``ROUND_WAIT`` seconds)."""
        self._ready = set()
        self.round_open = True
        self._rounds += 1
        timer = threading.Timer(ROUND_WAIT, self._round_timeout, (self._rounds,))
        timer.daemon = True
        timer.start()

    def _round_timeout(self, rounds: int) -> None:
        if self.round_open and rounds == self._rounds and not self.closed:
            self.ready(None)

    def ready(self, seat: int | None) -> None:
        """``seat``'s person has seen the round's result (any thread): the next round starts
        once every connected human has (``None``: the host decides, e.g. a timeout)."""
        if seat is not None:
            self._ready.add(seat)
        here = {s for s in self.humans if s in self.node.screens and s not in self.agents}
        if seat is None or here <= self._ready:
            self.round_open = False
            self.go()

    def swap(self, seat: int, agent: Any) -> None:
        """Give ``seat`` to ``agent`` (None: back to its person) on the game's thread."""
        self._ensure_worker()
        self._inbox.put(_Swap(seat, agent))

    def stop(self) -> None:
        """Stop the game's thread; the journal is closed (kept) for a restart."""
        self.closed = True
        self._inbox.put(_Stop())
        with self._journal_lock:
            journal, self.journal = self.journal, None
        if journal is not None:
            journal.close()
