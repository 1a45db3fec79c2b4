"""The autosave journal: the game in progress as its seed, its rules and its actions.

One JSON object per line. The first line is the header::

    {"format": "riichi-journal", "version": 1, "game_id": "…", "created": "2026-…Z",
     "rules": RuleSet.to_dict(), "seed": 1234, "seats": [...], "meta": {...}}

then one line per action taken, in order: ``{"seat": 2, "action": {"type": "discard", ...}}``.
Replaying the actions on a table built from the seed and rules rebuilds the exact state.

Durability: the header is written atomically (the file never exists without a whole header);
``Journal.append`` writes the line with one ``write`` on an ``O_APPEND`` descriptor and fsyncs it
before returning, so once the caller has shown an action's result, that action survives a crash
or a kill. A crash *during* an append leaves a final line without its newline: loading drops it
(it was never acknowledged) and says so. Anything else wrong — no header, another format, a newer
version, a bad line before the last — makes the file a bad file (``CorruptJournal``).

Two processes: whoever plays a game holds an exclusive ``fcntl.flock`` on ``<journal>.lock``
for the life of its ``Journal``. A second riichi that tries to create, resume or discard the
save gets ``GameAlreadyRunning`` naming the other process: we refuse rather than give it a
journal of its own, because one saved game per player is what "resume" means, and two games
would silently race to become it. The UI tells the player, who can finish or quit the other one.
"""

from __future__ import annotations

import datetime as _dt
import json
import logging
import os
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.storage import paths
from app.storage.atomic import atomic_write_bytes, fsync_dir, move_aside

try:  # POSIX; on other systems there is no cross-process lock (documented limitation)
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("riichi.storage")

FORMAT = "riichi-journal"
VERSION = 1


class CorruptJournal(ValueError):
    """The journal is not a riichi journal we can read; the message says what and where."""


class GameAlreadyRunning(RuntimeError):
    """Another riichi process holds the saved game."""

    def __init__(self, path: Path, pid: int | None) -> None:
        who = f"another riichi (process {pid})" if pid else "another riichi"
        super().__init__(
            f"A game is already running in {who}, using {path}. "
            "Finish or quit that game first."
        )
        self.path = path
        self.pid = pid


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A journal as read back: everything needed to replay the game to where it stopped."""

    game_id: str
    created: str
    rules_dict: dict[str, Any]
    seed: int
    seats: list[Any]
    actions: list[tuple[int, dict[str, Any]]]
    meta: dict[str, Any] = field(default_factory=dict)
    dropped_torn_line: bool = False

    def rules(self) -> Any:
        """The ``engine.rules.RuleSet``."""
        from engine.rules import RuleSet

        return RuleSet.from_dict(self.rules_dict)

    def engine_actions(self) -> list[tuple[int, Any]]:
        """The actions as engine objects (``engine.actions.action_from_dict``);
        ``CorruptJournal`` naming the first one that cannot be read."""
        from engine.actions import action_from_dict

        out = []
        for i, (seat, data) in enumerate(self.actions, start=1):
            try:
                out.append((seat, action_from_dict(data)))
            except ValueError as e:
                raise CorruptJournal(f"game {self.game_id}: action {i}: {e}") from None
        return out


@dataclass(frozen=True, slots=True)
class LoadResult:
    """What ``load_saved_game`` found: the game (``None``: nothing to resume) and messages for
    the player (a dropped last action, a bad file moved aside)."""

    game: SavedGame | None
    warnings: list[str]
    running_elsewhere: bool = False


def current_save_path() -> Path:
    """The journal of the game in progress (in the data directory)."""
    return paths.journal_path()


def has_saved_game(path: str | os.PathLike[str] | None = None) -> bool:
    """Is there a saved game to resume? (It may still turn out to be a bad file.)"""
    return Path(path or current_save_path()).is_file()


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


class _Lock:
    """An exclusive, non-blocking flock on ``<journal>.lock``; the file holds the owner's pid.
    The lock file is never deleted (deleting it would let two processes lock different files)."""

    def __init__(self, journal: Path) -> None:
        self.path = _lock_path(journal)
        self.fd: int | None = None

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except (BlockingIOError, PermissionError):
                try:
                    text = os.read(fd, 32).decode("ascii", "replace").strip()
                finally:
                    os.close(fd)
                raise GameAlreadyRunning(
                    self.path.with_suffix(""), int(text) if text.isdigit() else None
                ) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            try:
                os.ftruncate(fd, 0)
            except OSError:
                pass
            os.close(fd)  # closing the descriptor releases the flock


def _json_line(obj: Any) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _as_dict(value: Any, what: str) -> dict[str, Any]:
    if hasattr(value, "to_dict"):
        value = value.to_dict()
    if not isinstance(value, Mapping):
        raise TypeError(f"{what} must be a dict or have to_dict(), got {type(value).__name__}")
    return dict(value)


class Journal:
    """The open journal of the game being played: append each action as it is taken.

    Use ``Journal.create`` for a new game and ``Journal.resume`` to continue a saved one; both
    take the lock (``GameAlreadyRunning``). ``close()`` releases it; ``discard()`` removes the
    file when the game is over (after ``history.record_game``) or abandoned.
    """

    def __init__(self, path: Path, lock: _Lock, game_id: str, seats: int, count: int) -> None:
        self.path = path
        self.game_id = game_id
        self._lock = lock
        self._seats = seats
        self._count = count
        self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND)

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str] | None,
        rules: Any,
        seed: int,
        seats: Sequence[Any],
        meta: Mapping[str, Any] | None = None,
        *,
        game_id: str | None = None,
        overwrite: bool = False,
    ) -> Journal:
        """Start the journal of a new game. ``rules`` is a ``RuleSet`` or its dict; ``seats``
        JSON-able descriptions of the four seats (e.g. ``{"kind": "human", "name": "You"}``).
        An existing saved game is only replaced with ``overwrite=True`` (``FileExistsError``)."""
        path = Path(path or current_save_path())
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, got {seed!r}")
        header = {
            "format": FORMAT,
            "version": VERSION,
            "game_id": game_id or uuid.uuid4().hex,
            "created": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            "rules": _as_dict(rules, "rules"),
            "seed": seed,
            "seats": list(seats),
            "meta": dict(meta or {}),
        }
        line = _json_line(header)  # fails before touching anything if not JSON-able
        lock = _Lock(path)
        lock.acquire()
        try:
            if path.exists() and not overwrite:
                raise FileExistsError(
                    f"a saved game already exists at {path}; resume or discard it first"
                )
            atomic_write_bytes(path, line)
            return cls(path, lock, header["game_id"], len(header["seats"]), 0)
        except BaseException:
            lock.release()
            raise

    @classmethod
    def resume(cls, path: str | os.PathLike[str] | None = None) -> tuple[Journal, SavedGame]:
        """Lock and reopen a saved game for more actions. A torn last line is cut off the file
        (``saved.dropped_torn_line`` says so); ``CorruptJournal`` if it is a bad file (use
        ``load_saved_game`` first to move bad files aside with a message)."""
        path = Path(path or current_save_path())
        lock = _Lock(path)
        lock.acquire()
        try:
            data = path.read_bytes()
            saved, good_length = _parse(data, path)
            if good_length < len(data):
                with open(path, "r+b") as f:
                    f.truncate(good_length)
                    f.flush()
                    os.fsync(f.fileno())
                log.warning(
                    "%s: cut off a torn last line (%d bytes)", path, len(data) - good_length
                )
            return cls(path, lock, saved.game_id, len(saved.seats), len(saved.actions)), saved
        except BaseException:
            lock.release()
            raise

    @property
    def action_count(self) -> int:
        return self._count

    def append(self, seat: int, action: Any) -> None:
        """Record one action durably (written and fsynced when this returns). ``action`` is an
        engine action (``to_dict()``) or its dict. Call it after the table accepted the action
        and before showing its result. ``OSError`` (e.g. disk full) leaves the journal as it was
        before the call."""
        if self._fd is None:
            raise ValueError(f"journal {self.path} is closed")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._seats:
            raise ValueError(f"seat must be 0-{self._seats - 1}, got {seat!r}")
        line = _json_line({"seat": seat, "action": _as_dict(action, "action")})
        size = os.fstat(self._fd).st_size
        try:
            view = memoryview(line)
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
            os.fsync(self._fd)
        except OSError:
            # Disk full or similar: take the partial line back so the journal stays valid
            # (the caller must not show the action as done; it may retry).
            try:
                os.ftruncate(self._fd, size)
                os.fsync(self._fd)
            except OSError:
                pass  # a torn last line is still recoverable on load
            raise
        self._count += 1

    def close(self) -> None:
        """Close the file and release the lock; the saved game stays for a later resume."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)
        self._lock.release()

    def discard(self) -> None:
        """Delete the journal (the game is over and recorded, or abandoned) and release."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)
        try:
            os.unlink(self.path)
            fsync_dir(self.path.parent)
        finally:
            self._lock.release()

    def set_aside(self, reason: str) -> str:
        """The saved game cannot be replayed (e.g. ``engine_actions`` or the table refused an
        action): move it aside as ``<name>.bad``, release, and return a message for the player."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)
        try:
            moved = move_aside(self.path)
            message = (f"The saved game could not be resumed ({reason}). "
                       f"It was moved to {moved} and a new game starts.")
        except OSError as e:
            message = f"The saved game could not be resumed ({reason}) nor moved aside ({e})."
        finally:
            self._lock.release()
        log.warning("%s", message)
        return message

    def move_to(self, target: str | os.PathLike[str]) -> Path:
        """Move the journal out of the save slot (kept, e.g. a finished game that could not be
        recorded) and release; return the new path."""
        target = Path(target)
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(self.path, target)
            fsync_dir(self.path.parent)
            fsync_dir(target.parent)
        finally:
            self._lock.release()
        return target

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # pragma: no cover - best effort if the caller forgot
        try:
            self.close()
        except Exception:
            pass


def _parse(data: bytes, path: Path) -> tuple[SavedGame, int]:
    """Parse a journal; return the game and the length of its good prefix (the whole file
    unless a torn last line was dropped)."""
    where = str(path)
    torn = False
    good_length = len(data)
    if not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1  # 0 if there is no complete line at all
        if cut == 0:
            raise CorruptJournal(f"{where}: no complete header line")
        torn = True
        good_length = cut
        data = data[:cut]
    lines = data.split(b"\n")[:-1]
    try:
        header = json.loads(lines[0].decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise CorruptJournal(f"{where}: line 1: the header is not JSON ({e})") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise CorruptJournal(f"{where}: line 1: not a riichi journal")
    version = header.get("version")
    if version != VERSION:
        newer = isinstance(version, int) and version > VERSION
        raise CorruptJournal(
            f"{where}: journal version {version!r}, this riichi reads version {VERSION}"
            + (" (saved by a newer riichi)" if newer else "")
        )
    seed, seats, rules = header.get("seed"), header.get("seats"), header.get("rules")
    game_id, created = header.get("game_id"), header.get("created")
    meta = header.get("meta", {})
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise CorruptJournal(f"{where}: line 1: seed must be an integer")
    if not isinstance(seats, list) or not seats:
        raise CorruptJournal(f"{where}: line 1: seats must be a non-empty list")
    if not isinstance(rules, dict):
        raise CorruptJournal(f"{where}: line 1: rules must be an object")
    if not isinstance(game_id, str) or not game_id or not isinstance(created, str):
        raise CorruptJournal(f"{where}: line 1: game_id and created must be strings")
    if not isinstance(meta, dict):
        raise CorruptJournal(f"{where}: line 1: meta must be an object")
    try:
        from engine.rules import RuleSet

        RuleSet.from_dict(rules)
    except ValueError as e:
        raise CorruptJournal(f"{where}: line 1: bad rules: {e}") from None
    actions: list[tuple[int, dict[str, Any]]] = []
    for number, raw in enumerate(lines[1:], start=2):
        try:
            entry = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise CorruptJournal(f"{where}: line {number} is not JSON ({e})") from None
        if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
            raise CorruptJournal(f"{where}: line {number} is not an action entry")
        seat, action = entry["seat"], entry["action"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
            raise CorruptJournal(f"{where}: line {number}: bad seat {seat!r}")
        if not isinstance(action, dict):
            raise CorruptJournal(f"{where}: line {number}: the action is not an object")
        actions.append((seat, action))
    game = SavedGame(
        game_id=game_id,
        created=created,
        rules_dict=rules,
        seed=seed,
        seats=seats,
        actions=actions,
        meta=meta,
        dropped_torn_line=torn,
    )
    return game, good_length


def load_journal(path: str | os.PathLike[str] | None = None) -> SavedGame:
    """Read a journal without changing it. ``FileNotFoundError`` if there is none,
    ``CorruptJournal`` if it is a bad file; a torn last line is dropped and reported in
    ``dropped_torn_line``."""
    path = Path(path or current_save_path())
    return _parse(path.read_bytes(), path)[0]


TORN_MESSAGE = (
    "The game was interrupted while saving its last move; it resumes just before that move."
)


def load_saved_game(path: str | os.PathLike[str] | None = None) -> LoadResult:
    """What the UI calls at start: the saved game if there is one, with messages to show.
    A bad journal is moved aside (``<name>.bad``) and reported; the player starts afresh.
    If another riichi is playing it, ``running_elsewhere`` is set (with a message) and the
    file is left alone. Never raises for a bad or unreadable file."""
    path = Path(path or current_save_path())
    lock = _Lock(path)
    try:
        lock.acquire()
    except GameAlreadyRunning as e:
        log.warning("%s", e)
        return LoadResult(None, [str(e)], running_elsewhere=True)
    except OSError as e:
        return LoadResult(None, [f"The saved game's lock file cannot be used ({e})."])
    try:
        return _load_locked(path)
    finally:
        lock.release()


def _load_locked(path: Path) -> LoadResult:
    try:
        game = load_journal(path)
    except FileNotFoundError:
        return LoadResult(None, [])
    except (CorruptJournal, OSError) as e:
        message = f"The saved game could not be read ({e})."
        try:
            moved = move_aside(path)
            message += f" It was moved to {moved} and a new game starts."
        except OSError as move_error:
            message += f" It could not be moved aside either ({move_error})."
        log.warning("%s", message)
        return LoadResult(None, [message])
    warnings = [TORN_MESSAGE] if game.dropped_torn_line else []
    if warnings:
        log.warning("%s: %s", path, TORN_MESSAGE)
    return LoadResult(game, warnings)


def discard_save(path: str | os.PathLike[str] | None = None) -> bool:
    """Delete the saved game (it is finished and recorded, or the player abandons it).
    ``GameAlreadyRunning`` if another process is playing it; ``False`` if there was none.
    A process holding the game open uses ``Journal.discard`` instead."""
    path = Path(path or current_save_path())
    lock = _Lock(path)
    lock.acquire()
    try:
        try:
            os.unlink(path)
        except FileNotFoundError:
            return False
        fsync_dir(path.parent)
        return True
    finally:
        lock.release()
