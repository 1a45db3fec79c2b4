"""Finished games, in SQLite in the data directory (``history.sqlite3``).

A game is kept whole: rules, seed, seats and every action (so the replay viewer can rebuild it),
final points, ranking and game scores, and one row per round (kind, wins with han/fu/points and
yaku, deltas, who declared riichi, who called) for the statistics.

Several riichi processes may use the file at once: WAL mode, a busy timeout, and every write in
one ``BEGIN IMMEDIATE`` transaction. Recording is idempotent on the game id (the journal's), so a
crash between recording a game and discarding its journal cannot count the game twice.

Schema changes go in ``MIGRATIONS``: entry *i* takes ``PRAGMA user_version`` from *i* to *i+1*.
A file from a newer riichi is left alone (history unavailable, with a message); a corrupt file
is moved aside (``history.sqlite3.bad``, with its ``-wal``) and a new one started, with a message.
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import os
import sqlite3
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Self, TypeVar

from app.storage import drill_results, paths
from app.storage.atomic import move_aside
from app.storage.played import (
    GameSummary,
    PlayedGame,
    PlayedRound,
    PlayedWin,
    Statistics,
    seat_kind,
)

log = logging.getLogger("riichi.storage")
T = TypeVar("T")

BUSY_TIMEOUT_MS = 10_000
#: Lines of a hand result that are not yaku (left out of yaku counts).
NOT_YAKU = frozenset({"dora", "aka dora", "ura dora"})
#: What a discarder pays per honba on a ron (S6), as engine.settlement pays it.
HONBA_RON = 300

_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26


# --------------------------------------------------------------------------- schema


def _statements(conn: sqlite3.Connection, script: str) -> None:
    """Run ``;``-separated statements inside the caller's transaction (``executescript`` would
    commit it first)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def _v1(conn: sqlite3.Connection) -> None:
    _statements(
        conn,
        """
        CREATE TABLE games (
            id            TEXT PRIMARY KEY,   -- the journal's game_id
            started       TEXT,
            finished      TEXT NOT NULL,      -- ISO 8601, UTC
            rules_name    TEXT NOT NULL,
            rules         TEXT NOT NULL,      -- RuleSet.to_dict() as JSON
            length        TEXT NOT NULL,      -- hanchan | tonpuusen
            rounds_played INTEGER NOT NULL,
            seed          TEXT NOT NULL,      -- an int of any size
            seats         TEXT NOT NULL,      -- JSON list
            points        TEXT NOT NULL,      -- JSON: final points per seat
            ranking       TEXT NOT NULL,      -- JSON: seats first to last
            scores        TEXT NOT NULL,      -- JSON: uma/oka game scores per seat
            actions       BLOB NOT NULL,      -- zlib(JSON [[seat, action], ...])
            meta          TEXT NOT NULL
        );
        CREATE INDEX games_by_finished ON games(finished);
        CREATE TABLE rounds (
            game_id     TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq         INTEGER NOT NULL,     -- order within the game
            round_index INTEGER NOT NULL,     -- 0 = East 1
            honba       INTEGER NOT NULL,
            kind        TEXT NOT NULL,        -- tsumo | ron | a draw kind
            deltas      TEXT NOT NULL,        -- JSON per seat
            riichi      TEXT NOT NULL,        -- JSON list of seats
            called      TEXT NOT NULL,        -- JSON list of seats
            PRIMARY KEY (game_id, seq)
        );
        CREATE TABLE wins (
            game_id   TEXT NOT NULL,
            seq       INTEGER NOT NULL,
            seat      INTEGER NOT NULL,
            from_seat INTEGER NOT NULL,       -- == seat for tsumo
            han       INTEGER NOT NULL,
            fu        INTEGER NOT NULL,
            points    INTEGER NOT NULL,
            yaku      TEXT NOT NULL,          -- JSON list of names
            FOREIGN KEY (game_id, seq) REFERENCES rounds(game_id, seq) ON DELETE CASCADE
        );
        CREATE INDEX wins_by_round ON wins(game_id, seq);
        """
    )


#: Entry i migrates a database from ``user_version`` i to i+1 (2: the drill answers).
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, drill_results.v2]
SCHEMA_VERSION = len(MIGRATIONS)


class HistoryTooNew(RuntimeError):
    """The database was written by a newer riichi."""


def _is_corruption(e: sqlite3.Error) -> bool:
    code = getattr(e, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(e).lower()
    return "malformed" in text or "not a database" in text


class _Corrupt(sqlite3.DatabaseError):
    """quick_check found damage."""

    sqlite_errorcode = _SQLITE_CORRUPT


def _connect(path: Path, check: bool) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        if check:
            rows = [r[0] for r in conn.execute("PRAGMA quick_check")]
            if rows != ["ok"]:
                raise _Corrupt("; ".join(str(r) for r in rows[:3]))
        _migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _migrate(conn: sqlite3.Connection) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise HistoryTooNew(
            f"the history database has schema version {version}; this riichi knows up to "
            f"{SCHEMA_VERSION} (it was written by a newer riichi)"
        )
    while version < SCHEMA_VERSION:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # another process may have migrated while we waited for the write lock
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                MIGRATIONS[version](conn)
                version += 1
                conn.execute(f"PRAGMA user_version = {version}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


# --------------------------------------------------------------------------- the database


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class History:
    """The history database. ``History.open()`` never raises for a bad file: ``warnings``
    holds messages for the player and ``available`` says whether it can be used. Every method
    is safe to call when unavailable (reads return nothing, ``record_game`` returns False)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.warnings: list[str] = []
        self._conn: sqlite3.Connection | None = None

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *, check: bool = True) -> History:
        """Open (creating or migrating) the database; ``check`` runs ``PRAGMA quick_check``
        (do it once per session, at start)."""
        h = cls(Path(path or paths.history_path()))
        h._open(check)
        return h

    @property
    def available(self) -> bool:
        return self._conn is not None

    def _warn(self, message: str) -> None:
        log.warning("%s", message)
        self.warnings.append(message)

    def _open(self, check: bool) -> None:
        try:
            self._conn = _connect(self.path, check)
        except HistoryTooNew as e:
            self._warn(f"Game history is not available: {e}.")
        except sqlite3.Error as e:
            if _is_corruption(e):
                self._recover(e)
            else:
                self._warn(f"Game history is not available ({e}).")

    def _recover(self, error: Exception) -> None:
        """Move the damaged database (and its WAL) aside and start a new one."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        message = f"The game history {self.path} is damaged ({error})."
        try:
            moved = move_aside(self.path)
            for suffix in ("-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    move_aside(side)
            message += f" It was moved to {moved} and a new history was started."
        except OSError as e:
            self._warn(message + f" It could not be moved aside ({e}).")
            return
        self._warn(message)
        try:
            self._conn = _connect(self.path, check=False)
        except sqlite3.Error as e:
            self._warn(f"Game history is not available ({e}).")

    def _run(self, op: Callable[[sqlite3.Connection], T], default: T) -> T:
        """Run ``op``; on corruption, recover and retry once on the new database."""
        for attempt in (1, 2):
            if self._conn is None:
                return default
            try:
                return op(self._conn)
            except sqlite3.Error as e:
                if _is_corruption(e) and attempt == 1:
                    self._recover(e)
                    continue
                self._warn(f"Game history error ({e}).")
                return default
        return default  # pragma: no cover

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----------------------------------------------------------------------- writing

    def record_game(self, game: PlayedGame) -> bool:
        """Store a finished game (one transaction). True if stored now, False if it was
        already there (same ``game_id``) or history is unavailable."""
        finished = game.finished or _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
        rules_name = str(game.rules.get("name", "?"))
        length = str(game.rules.get("length", "?"))
        actions = zlib.compress(_j([[s, a] for s, a in game.actions]).encode("utf-8"))

        def op(conn: sqlite3.Connection) -> bool:
            conn.execute("BEGIN IMMEDIATE")
            try:
                cur = conn.execute(
                    "INSERT OR IGNORE INTO games (id, started, finished, rules_name, rules,"
                    " length, rounds_played, seed, seats, points, ranking, scores, actions, meta)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    (game.game_id, game.started, finished, rules_name, _j(game.rules), length,
                     len(game.rounds), str(game.seed), _j(game.seats), _j(list(game.points)),
                     _j(list(game.ranking)), _j(list(game.scores)), actions, _j(game.meta)),
                )
                if cur.rowcount == 0:
                    conn.execute("ROLLBACK")
                    return False
                for seq, r in enumerate(game.rounds):
                    conn.execute(
                        "INSERT INTO rounds VALUES (?,?,?,?,?,?,?,?)",
                        (game.game_id, seq, r.round_index, r.honba, r.kind, _j(list(r.deltas)),
                         _j(list(r.riichi)), _j(list(r.called))),
                    )
                    conn.executemany(
                        "INSERT INTO wins VALUES (?,?,?,?,?,?,?,?)",
                        [(game.game_id, seq, w.seat, w.from_seat, w.han, w.fu, w.points,
                          _j(list(w.yaku))) for w in r.wins],
                    )
                conn.execute("COMMIT")
                return True
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

        return bool(self._run(op, False))

    def record_drill(self, answer: drill_results.DrillAnswer) -> bool:
        """Keep one drill answer; False when history is unavailable."""

        def op(conn: sqlite3.Connection) -> bool:
            drill_results.insert(conn, answer)
            return True

        return bool(self._run(op, False))

    def drill_accuracy(self, by: str = "session", last: int = 6) -> drill_results.DrillAccuracy:
        """Drill accuracy per category over the last sessions or weeks (``drill_results``)."""
        return self._run(lambda conn: drill_results.accuracy(conn, by, last),
                         drill_results.DrillAccuracy())

    # ----------------------------------------------------------------------- reading

    def list_games(
        self, limit: int | None = 20, player_seat_kind: str = "human"
    ) -> list[GameSummary]:
        """The most recent finished games first (``limit=None``: all)."""

        def op(conn: sqlite3.Connection) -> list[GameSummary]:
            sql = ("SELECT id, finished, rules_name, length, rounds_played, seats, points,"
                   " ranking, scores FROM games ORDER BY finished DESC, rowid DESC")
            rows = conn.execute(sql + (" LIMIT ?" if limit is not None else ""),
                                (limit,) if limit is not None else ()).fetchall()
            out = []
            for gid, fin, rname, length, nrounds, seats, points, ranking, scores in rows:
                seats, points = json.loads(seats), tuple(json.loads(points))
                ranking, scores = tuple(json.loads(ranking)), tuple(json.loads(scores))
                me = next((i for i, s in enumerate(seats) if seat_kind(s) == player_seat_kind),
                          None)
                out.append(GameSummary(
                    gid, fin, rname, length, nrounds, seats, points, ranking, scores, me,
                    None if me is None else ranking.index(me) + 1,
                    None if me is None else points[me],
                    None if me is None else scores[me],
                ))
            return out

        none: list[GameSummary] = []
        return list(self._run(op, none))

    def get_game(self, game_id: str) -> PlayedGame | None:
        """The whole record (with rounds and actions), or None."""

        def op(conn: sqlite3.Connection) -> PlayedGame | None:
            row = conn.execute(
                "SELECT started, finished, rules, seed, seats, points, ranking, scores, actions,"
                " meta FROM games WHERE id = ?", (game_id,),
            ).fetchone()
            if row is None:
                return None
            started, finished, rules, seed, seats, points, ranking, scores, actions, meta = row
            wins: dict[int, list[PlayedWin]] = {}
            for seq, seat, frm, han, fu, pts, yaku in conn.execute(
                "SELECT seq, seat, from_seat, han, fu, points, yaku FROM wins"
                " WHERE game_id = ? ORDER BY rowid", (game_id,),
            ):
                wins.setdefault(seq, []).append(
                    PlayedWin(seat, frm, han, fu, pts, tuple(json.loads(yaku))))
            rounds = tuple(
                PlayedRound(ri, honba, kind, tuple(json.loads(deltas)), tuple(wins.get(seq, ())),
                            tuple(json.loads(riichi)), tuple(json.loads(called)))
                for seq, ri, honba, kind, deltas, riichi, called in conn.execute(
                    "SELECT seq, round_index, honba, kind, deltas, riichi, called FROM rounds"
                    " WHERE game_id = ? ORDER BY seq", (game_id,),
                )
            )
            return PlayedGame(
                game_id=game_id,
                rules=json.loads(rules),
                seed=int(seed),
                seats=json.loads(seats),
                points=tuple(json.loads(points)),
                ranking=tuple(json.loads(ranking)),
                scores=tuple(json.loads(scores)),
                rounds=rounds,
                actions=[(s, a) for s, a in json.loads(zlib.decompress(actions).decode("utf-8"))],
                started=started,
                finished=finished,
                meta=json.loads(meta),
            )

        return self._run(op, None)

    def statistics(self, player_seat_kind: str = "human", recent: int = 20,
                   players: int = 4) -> Statistics:
        """The record of every seat of kind ``player_seat_kind`` (each such seat in each game
        counts once) in the games of ``players`` players (P1: three- and four-player games are
        counted apart: their placements and rates do not compare), see ``Statistics``."""

        def op(conn: sqlite3.Connection) -> Statistics:
            games = conn.execute(
                "SELECT id, seats, ranking, rules FROM games ORDER BY finished, rowid").fetchall()
            mine: dict[str, list[int]] = {}
            honba_ron: dict[str, int] = {}  # what a honba adds to a ron, per game (S6, P1)
            placements: list[int] = []
            for gid, seats, ranking, rules in games:
                seats_l, ranking_l = json.loads(seats), json.loads(ranking)
                if len(seats_l) != players:
                    continue
                honba_ron[gid] = HONBA_RON
                if players == 3:
                    honba_ron[gid] = json.loads(rules).get("honba_points", 100) * 2
                kind_seats = [i for i, s in enumerate(seats_l) if seat_kind(s) == player_seat_kind]
                if kind_seats:
                    mine[gid] = kind_seats
                    placements.extend(ranking_l.index(s) + 1 for s in kind_seats)
            if not mine:
                return Statistics(placements=(0,) * players, players=players)
            wins_by_round: dict[tuple[str, int], list[tuple[int, int, int, str]]] = {}
            for gid, seq, seat, frm, pts, yaku in conn.execute(
                "SELECT game_id, seq, seat, from_seat, points, yaku FROM wins ORDER BY rowid"
            ):
                if gid in mine:
                    wins_by_round.setdefault((gid, seq), []).append((seat, frm, pts, yaku))
            n_rounds = won = dealt_in = riichi = called = tsumo = ron = 0
            win_points: list[int] = []
            deal_in_points: list[int] = []
            yaku_counts: Counter[str] = Counter()
            for gid, seq, honba, riichi_j, called_j in conn.execute(
                "SELECT game_id, seq, honba, riichi, called FROM rounds"
            ):
                if gid not in mine:
                    continue
                r_seats, c_seats = set(json.loads(riichi_j)), set(json.loads(called_j))
                wins = wins_by_round.get((gid, seq), [])
                for me in mine[gid]:
                    n_rounds += 1
                    riichi += me in r_seats
                    called += me in c_seats
                    my_wins = [w for w in wins if w[0] == me]
                    won += bool(my_wins)
                    for seat, frm, pts, yaku in my_wins:
                        win_points.append(pts)
                        if seat == frm:
                            tsumo += 1
                        else:
                            ron += 1
                        yaku_counts.update(y for y in json.loads(yaku) if y not in NOT_YAKU)
                    # what the discarder paid: the hand's value, and the honba on the first win
                    # (S6: 300 each, to the first winner from the discarder, as the engine pays)
                    paid = [pts + (honba_ron[gid] * honba if i == 0 else 0)
                            for i, (seat, frm, pts, _) in enumerate(wins)
                            if frm == me and seat != me]
                    if paid:
                        dealt_in += 1
                        deal_in_points.extend(paid)

            def rate(n: int) -> float | None:
                return n / n_rounds if n_rounds else None

            def mean(xs: Sequence[int]) -> float | None:
                return sum(xs) / len(xs) if xs else None

            return Statistics(
                games=len(placements),
                rounds=n_rounds,
                average_placement=mean(placements),
                placements=tuple(placements.count(p) for p in range(1, players + 1)),
                players=players,
                win_rate=rate(won),
                deal_in_rate=rate(dealt_in),
                riichi_rate=rate(riichi),
                call_rate=rate(called),
                tsumo_wins=tsumo,
                ron_wins=ron,
                deal_ins=len(deal_in_points),
                average_win_points=mean(win_points),
                average_deal_in_points=mean(deal_in_points),
                yaku_counts=dict(sorted(yaku_counts.items(), key=lambda kv: (-kv[1], kv[0]))),
                recent_placements=placements[-recent:] if recent > 0 else [],
            )

        return self._run(op, Statistics())


# --------------------------------------------------------------------------- one-shot functions
# Each opens the database, does one thing and closes it; warnings are logged. The UI keeps a
# ``History.open()`` for the session instead, to show its ``warnings``.


def record_game(game: PlayedGame, path: str | os.PathLike[str] | None = None) -> bool:
    with History.open(path, check=False) as h:
        return h.record_game(game)


def list_games(limit: int | None = 20, path: str | os.PathLike[str] | None = None,
               player_seat_kind: str = "human") -> list[GameSummary]:
    with History.open(path, check=False) as h:
        return h.list_games(limit, player_seat_kind)


def get_game(game_id: str, path: str | os.PathLike[str] | None = None) -> PlayedGame | None:
    with History.open(path, check=False) as h:
        return h.get_game(game_id)


def statistics(player_seat_kind: str = "human", recent: int = 20,
               path: str | os.PathLike[str] | None = None, players: int = 4) -> Statistics:
    with History.open(path, check=False) as h:
        return h.statistics(player_seat_kind, recent, players)
