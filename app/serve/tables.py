"""The server's tables: who sits where, starting, drops and returns, the journal, resuming.

``Tables`` is the registry (one per server). A ``Table`` has the seats of its rules, four or
three (``tenhou3``, ``majsoul3``) (``Member``: identity =
the SSH key's fingerprint, a name, the app showing it while connected) and, once its creator
starts it, a ``TableSession`` whose empty seats are played by the AI. Screens talk to a table
through a ``SeatHandle`` (what ``TableScreen`` expects of a session, bound to one seat or to a
watcher). Everything here runs on the server's event loop except the ``host`` methods the
game's thread calls (``settings_of``, ``connected``, ``tell``), which only read.

Every started table is journalled like a solo game (``app.storage.journal``), one file per
table in ``<data>/tables/CODE.jsonl`` with the seats' keys; ``Tables.resume_all`` rebuilds every
table from those files after a restart (its humans come back to their seats with their keys).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.i18n import t
from app.screens.setup import GameSetup
from app.seats import BOT_SEATS, Opponent, opponents_from_records
from app.serve.names import new_code
from app.serve.session import TableSession, public_view
from engine.actions import Action, action_from_dict
from engine.events import GameEnded
from engine.game import Game
from engine.view import PlayerView

log = logging.getLogger("riichi.serve")

#: seconds a dropped player has to come back before the AI takes the seat
GRACE = 20.0
DEFAULT_CALL_TIMER = 30
CALL_TIMERS = (0, 10, 20, 30, 60)


@dataclass
class Member:
    key: str  # the SSH key's fingerprint: who this is
    name: str
    app: Any = None  # the connection's app while connected


class SeatHandle:
    """What a ``TableScreen`` asks of its session, for one seat (``seat``) or a watcher
    (``seat`` None: the public view, never asked)."""

    def __init__(self, table: Table, seat: int | None, app: Any = None) -> None:
        self.table = table
        self.seat = seat
        self.app = app  # the connection's app (a watcher's leaves the table's list with it)
        self._closed = False
        self.node: Any = None

    @property
    def session(self) -> TableSession:
        assert self.table.session is not None
        return self.table.session

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def agents(self) -> dict[int, Any]:
        return self.session.agents

    @property
    def seed(self) -> int:
        return self.session.seed

    @property
    def setup(self) -> GameSetup:
        return self.table.setup

    @property
    def saving(self) -> bool:
        return self.session.saving

    def seat_records(self) -> list[dict[str, Any]]:
        """Who plays each seat (the table screen names and describes the seats from it)."""
        return self.table.seat_records()

    @property
    def closed(self) -> bool:
        return self._closed or self.session.closed

    def attach(self, node: Any, _seat: int) -> None:
        self.node = node
        self.table.attach(self.seat, node)

    def view(self) -> PlayerView:
        return self.table.latest_view(self.seat)

    def opening(self) -> GameEnded | None:
        if self.game.over:
            return next((e for e in reversed(self.game.events) if isinstance(e, GameEnded)),
                        None)
        return None

    def go(self) -> None:
        if self.seat is None:
            return
        if self.session.round_open:
            self.session.ready(self.seat)
        else:
            self.session.go()

    def act(self, seat: int, action: Action) -> None:
        if seat == self.seat and not self._closed:
            self.session.act(seat, action)

    def covered(self) -> bool:
        return False

    def auto_action(self, seat: int, legal: Any, view: PlayerView) -> Action | None:
        return self.session.auto_action(seat, legal, view)

    def close(self, keep_save: bool, result: Any = None) -> None:
        """The screen is gone (left, disconnected, or the game is over)."""
        if not self._closed:
            self._closed = True
            if self.seat is None:
                self.table.watchers.discard(self.app)
            self.table.detach(self.seat, self.node)


class Table:
    """One table of the server; ``host`` of its ``TableSession``."""

    def __init__(self, tables: Tables, code: str, setup: GameSetup, call_timer: int,
                 creator: str) -> None:
        self.tables = tables
        self.code = code
        self.setup = setup.resolved()  # its AI players named once: agents, screens, journal agree
        self.call_timer = call_timer
        self.creator = creator
        self.players = self.setup.seat_count  # 4, or 3 for a three-player preset (P1)
        self.seats: list[Member | None] = [None] * self.players
        self.watchers: set[Any] = set()  # apps watching
        self.session: TableSession | None = None
        self.state = "waiting"  # waiting | playing | over | stopped
        self.speed = "instant"
        self.settings: Any = None  # GameSession.auto_action's seam (see TableSession)
        self._grace: dict[int, asyncio.TimerHandle] = {}
        self._standins: set[int] = set()

    # --- the lobby's questions ------------------------------------------------------------------
    def summary(self) -> tuple[str, str, str, str, str]:
        """(code, rules, length, seats, state) for the lobby's list."""
        taken = sum(m is not None for m in self.seats)
        names = ", ".join(m.name for m in self.seats if m is not None)
        return (self.code, self.setup.rules, self.setup.length, f"{taken}/{self.players} {names}",
                self.state)

    def seat_of(self, key: str) -> int | None:
        return next((i for i, m in enumerate(self.seats) if m is not None and m.key == key),
                    None)

    def opponent(self, seat: int) -> Opponent:
        """The AI player of an empty ``seat``: the creator's choice for it in the table's setup
        (seats 1-3; seat 0 is always the creator's), else one of the table's level."""
        return self.setup.players().get(seat) or Opponent(self.setup.difficulty)

    def names(self) -> tuple[str, ...]:
        """The seats' names: the person's, the AI player's own, or ``AI 1`` (seat numbers from 1)."""
        return tuple(m.name if m is not None else self.opponent(i).name or f"AI {i + 1}"
                     for i, m in enumerate(self.seats))

    def seat_records(self) -> list[dict[str, Any]]:
        """Who plays each seat, as the journal and the history record it (a person by name and
        key, so a restart gives the seat back to the same key; an empty seat is the table's AI)."""
        out: list[dict[str, Any]] = []
        for seat, m in enumerate(self.seats):
            if m is None:
                o = self.opponent(seat)
                out.append({"kind": "ai", "level": o.level, "personality": o.personality,
                            "name": o.name})
            else:
                out.append({"kind": "human", "name": m.name, "key": m.key})
        return out

    def members(self) -> list[Any]:
        return [m.app for m in self.seats if m is not None and m.app is not None]

    # --- seats ----------------------------------------------------------------------------------
    def sit(self, key: str, name: str, app: Any) -> int | str:
        """Seat the person of ``key`` (their old seat if they had one): the seat, or why not."""
        seat = self.seat_of(key)
        if seat is not None:
            member = self.seats[seat]
            assert member is not None
            if member.app is not None and member.app is not app:
                return t("lobby.other_connection")
            member.app, member.name = app, name
            self.returned(seat)
            return seat
        if self.state != "waiting":
            return t("lobby.not_waiting", code=self.code, state=t(f"lobby.state_{self.state}"))
        free = [i for i, m in enumerate(self.seats) if m is None]
        if not free:
            return t("lobby.full", code=self.code)
        self.seats[free[0]] = Member(key, name, app)
        self.tables.changed()
        return free[0]

    def leave(self, key: str) -> None:
        """Leave the waiting room (before the start the seat is given up)."""
        seat = self.seat_of(key)
        if seat is None:
            return
        if self.state == "waiting":
            self.seats[seat] = None
            if key == self.creator:  # the table goes with its creator
                for app in self.members():
                    app.table_gone(self)
                self.seats = [None] * self.players
                self.tables.remove(self)
        else:
            member = self.seats[seat]
            assert member is not None
            member.app = None
        self.tables.changed()

    def start(self, key: str) -> str | None:
        """The creator starts the game: empty seats get the AI. Why not, or None."""
        if key != self.creator:
            return t("lobby.only_creator_start")
        if self.state != "waiting":
            return t("lobby.table_is", state=t(f"lobby.state_{self.state}"))
        seed = self.tables.next_seed()
        game = Game(self.setup.ruleset(), seed)
        journal = self.tables.journal(self, game)
        self.begin(game, journal)
        return None

    def begin(self, game: Game, journal: Any) -> None:
        """Play ``game`` (new or resumed) with the AI in the seats nobody holds."""
        agents = {seat: self.ai(seat, game) for seat in range(self.players)
                  if self.seats[seat] is None}
        self.session = TableSession(self, game, self.setup, agents, journal)
        self.session.on_over = lambda: self.tables.loop.call_soon_threadsafe(self.finished)
        self.state = "playing"
        for seat, member in enumerate(self.seats):
            if member is not None and member.app is None:
                self.dropped(seat)  # a resumed table: its people have yet to come back
        for app in self.members():
            app.table_started(self)
        self.tables.changed()

    def ai(self, seat: int, game: Game) -> Any:
        from ai import make_agent

        o = self.opponent(seat)
        return make_agent(o.level, seed=game.seed * 4 + seat, personality=o.personality,
                          rules=game.rules)

    def handle(self, seat: int | None, app: Any = None) -> SeatHandle:
        return SeatHandle(self, seat, app)

    # --- screens ----------------------------------------------------------------------------------
    def attach(self, seat: int | None, screen: Any) -> None:
        assert self.session is not None
        fanout = self.session.node
        with fanout.lock:
            if seat is None:
                fanout.watchers.add(screen)
            else:
                fanout.screens[seat] = screen

    def detach(self, seat: int | None, screen: Any) -> None:
        if self.session is None:
            return
        fanout = self.session.node
        with fanout.lock:
            if seat is None:
                fanout.watchers.discard(screen)
            elif fanout.screens.get(seat) is screen:
                del fanout.screens[seat]
            else:
                return  # an older screen of a seat its person has taken back since
        if seat is not None and self.state == "playing" and not self.session.driver.over:
            member = self.seats[seat]
            if member is not None:
                member.app = None
            self.dropped(seat)
            if self.session.round_open:
                self.session.ready(seat)  # the others need not wait for them
        self.tables.changed()

    def latest_view(self, seat: int | None) -> PlayerView:
        assert self.session is not None
        view = self.session.node.latest.get(seat)
        if view is not None:
            return view
        game = self.session.game
        return public_view(game) if seat is None else game.view(seat)

    # --- drops and returns ------------------------------------------------------------------
    def dropped(self, seat: int) -> None:
        """``seat``'s person is gone: the AI takes the seat unless they are back within
        ``GRACE`` seconds."""
        if seat in self._grace or seat in self._standins:
            return
        self._grace[seat] = self.tables.loop.call_later(self.tables.grace, self._stand_in, seat)
        log.info("table %s: seat %d dropped", self.code, seat)

    def _stand_in(self, seat: int) -> None:
        self._grace.pop(seat, None)
        member = self.seats[seat]
        if self.session is None or member is None or member.app is not None:
            return
        self._standins.add(seat)
        self.session.swap(seat, self.ai(seat, self.session.game))
        self.tell(t("lobby.away", name=member.name))
        log.info("table %s: the AI took seat %d", self.code, seat)

    def returned(self, seat: int) -> None:
        handle = self._grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        if seat in self._standins and self.session is not None:
            self._standins.discard(seat)
            self.session.swap(seat, None)
            log.info("table %s: seat %d is back", self.code, seat)

    # --- the host of the TableSession (also called on the game's thread) ----------------------
    def settings_of(self, seat: int) -> Any:
        member = self.seats[seat]
        app = member.app if member is not None else None
        return None if app is None else app.settings

    def connected(self) -> bool:
        return any(m is not None and m.app is not None for m in self.seats)

    def tell(self, text: str, severity: str = "information") -> None:
        """Say ``text`` to everyone at the table and watching (any thread); a text of
        ``app.i18n.t`` reaches each of them in their own language."""
        for app in [*self.members(), *list(self.watchers)]:
            app.tell(text, severity)

    def say(self, key: str, phrase: str) -> None:
        """A canned phrase (a text of ``app.i18n.t``) from the person of ``key``."""
        seat = self.seat_of(key)
        member = self.seats[seat] if seat is not None else None
        if member is not None:
            self.tell(t("lobby.said", name=member.name, phrase=phrase))

    # --- the end ----------------------------------------------------------------------------
    def finished(self) -> None:
        """The game is over: keep its journal among the finished tables."""
        if self.session is None or self.state != "playing":
            return
        self.state = "over"
        with self.session._journal_lock:
            journal, self.session.journal = self.session.journal, None
        if journal is not None:
            try:
                finished = self.tables.directory / "finished"
                finished.mkdir(exist_ok=True)
                journal.move_to(finished / f"{self.code}-{journal.game_id}.jsonl")
            except OSError as e:
                log.warning("table %s: %s", self.code, e)
        log.info("table %s: game over", self.code)
        self.tables.changed()

    def stop(self) -> None:
        """The server stops: the game's thread ends, the journal is kept for the restart."""
        for handle in self._grace.values():
            handle.cancel()
        if self.session is not None and self.state == "playing":
            self.session.stop()
            self.state = "stopped"


@dataclass(frozen=True)
class RemoteTable:
    """A table of another worker process, as the lobby lists it (read only: joining or
    watching it moves the connection to that worker)."""

    row: tuple[str, str, str, str, str]

    @property
    def code(self) -> str:
        return self.row[0]

    @property
    def state(self) -> str:
        return self.row[4]

    def summary(self) -> tuple[str, str, str, str, str]:
        return self.row


class Tables:
    """The server's tables, in memory, journalled in ``directory``."""

    def __init__(self, directory: Path, loop: asyncio.AbstractEventLoop,
                 grace: float = GRACE, seed: int | None = None,
                 share: tuple[int, int] = (0, 1)) -> None:
        self.directory = directory
        #: (this worker, workers): the tables of the codes that map here (``--workers``)
        self.share = share
        #: the other workers' tables by code (``RemoteTable``), shown in the lobby
        self.remote: dict[str, RemoteTable] = {}
        self.seed = seed  # the next table's seed when given (tests, demos); else random
        directory.mkdir(parents=True, exist_ok=True)
        self.loop = loop
        self.grace = grace
        self.tables: dict[str, Table] = {}
        self.listeners: set[Callable[[], None]] = set()
        #: each player's language and name (by key) once they chose them in the lobby: in
        #: memory only (a web player's name: the browser's token is their key)
        self.languages: dict[str, str] = {}
        self.names: dict[str, str] = {}

    def next_seed(self) -> int:
        if self.seed is None:
            return random.SystemRandom().randrange(2**31)
        self.seed += 1
        return self.seed - 1

    def changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def create(self, setup: GameSetup, call_timer: int, key: str) -> Table:
        table = Table(self, new_code(self.tables, self.mine), setup, call_timer, key)
        self.tables[table.code] = table
        log.info("table %s created by %s", table.code, key)
        return table

    def remove(self, table: Table) -> None:
        self.tables.pop(table.code, None)

    def get(self, code: str) -> Table | None:
        return self.tables.get(code)

    def mine(self, code: str) -> bool:
        """Whether the table ``code`` belongs to this worker (always, with one process)."""
        from app.serve.relay import worker_of

        return worker_of(code, self.share[1]) == self.share[0]

    def elsewhere(self, code: str) -> bool:
        """Whether ``code`` is a table of another worker (join and watch move there)."""
        return code not in self.tables and code in self.remote

    def live(self) -> list[Table]:
        """This worker's tables not over (what its lobby and the other workers' list)."""
        return [t for t in self.tables.values() if t.state != "over"]

    def listing(self) -> list[Table | RemoteTable]:
        """The lobby's tables: this worker's (not over), then the other workers'."""
        own: list[Table | RemoteTable] = list(self.live())
        return own + [t for code, t in sorted(self.remote.items()) if code not in self.tables]

    def summaries(self) -> list[list[str]]:
        """This worker's tables as the lobby lists them (sent to the other workers)."""
        return [list(t.summary()) for t in self.live()]

    def set_remote(self, summaries: list[list[str]]) -> None:
        """The other workers' tables now (their ``summaries``); the lobbies are told."""
        self.remote = {str(s[0]): RemoteTable(tuple(str(x) for x in s))  # type: ignore[arg-type]
                       for s in summaries if isinstance(s, list) and len(s) == 5}
        self.changed()

    def journal(self, table: Table, game: Game) -> Any:
        """A journal for ``table``'s new game (None, logged, if it cannot be created)."""
        from app.storage.journal import Journal

        seats = table.seat_records()
        meta = {"code": table.code, "preset": table.setup.rules, "length": table.setup.length,
                "reds": table.setup.reds, "difficulty": table.setup.difficulty,
                "call_timer": table.call_timer, "creator": table.creator}
        try:
            return Journal.create(self.directory / f"{table.code}.jsonl", game.rules, game.seed,
                                  seats, meta)
        except Exception as e:
            log.error("table %s: not saved: %s", table.code, e)
            return None

    def resume_all(self) -> list[str]:
        """Rebuild every journalled table (after a restart); what could not be, said."""
        from app.storage.journal import Journal

        problems = []
        for path in sorted(self.directory.glob("*.jsonl")):
            if not self.mine(path.stem):
                continue  # another worker's (``--workers``): it resumes it
            try:
                journal, saved = Journal.resume(path)
                meta = saved.meta
                level = meta.get("difficulty", "normal")
                players = opponents_from_records(saved.seats, level)  # the same AI players
                setup = GameSetup(meta.get("length", "hanchan"), meta.get("preset", "tenhou"),
                                  meta.get("reds", "1each"), level, saved.seed,
                                  tuple(players[seat] for seat in BOT_SEATS))
                game = Game.replay(saved.rules(), saved.seed,
                                   [(s, action_from_dict(a)) for s, a in saved.actions])
                code = str(meta["code"])
                table = Table(self, code, setup, int(meta.get("call_timer", 0)),
                              str(meta.get("creator", "")))
                for seat, record in enumerate(saved.seats):
                    if isinstance(record, dict) and record.get("kind") == "human":
                        table.seats[seat] = Member(str(record["key"]), str(record["name"]))
                self.tables[code] = table
                table.begin(game, journal)
                log.info("table %s resumed at action %d", code, len(saved.actions))
            except Exception as e:
                problems.append(f"{path.name}: {e}")
                log.error("could not resume %s: %s", path, e)
        return problems

    def stop_all(self) -> None:
        for table in self.tables.values():
            table.stop()
