"""Taking the saved game back from another live riichi process.

Whoever plays the saved game holds the flock on ``<journal>.lock`` (``journal._Lock``), whose
file names the holder's pid. After an SSH connection dropped without a clean close, that riichi
can live on and keep the game; ``take_over`` gets it back:

1. It checks that the pid really is a riichi of this user that holds *this* lock
   (``check_holder``: the process belongs to us, its command line is riichi, and the kernel's
   ``/proc/locks`` lists it holding a flock on the lock file's inode). Anything else, or being
   unable to tell (no ``/proc``), refuses with the reason and touches nothing: a pid can be
   reused by an unrelated process, which must never be signalled.
2. It asks the holder to save and leave with ``SIGUSR1`` (``ASK_SIGNAL``); the app closes its
   game session (the worker stopped, an append in progress finished, the journal closed, the
   lock released), says "continued in another terminal" and exits.
3. If the lock is not free within ``ASK_WAIT`` seconds (the process is stopped or hung), it is
   checked again and stopped: ``SIGTERM`` (with ``SIGCONT``, so a stopped one receives it), then
   ``SIGKILL``. An append is one ``write`` plus ``fsync`` and a torn last line is dropped on
   load, so a kill cannot leave half an action that counts.

Why a signal for the ask, rather than a unix socket or a request file beside the lock: the
holder needs no listening thread, socket path or polling timer while it plays; a signal reaches a
process whose terminal is gone; the asyncio loop turns it into a call on the app's UI thread
(``loop.add_signal_handler``), the thread that also closes sessions when the player leaves, so a
takeover and a leave or a game's end never run at once; and only a process of the same user may
send it. The takeover waits for the lock itself, not for an answer, so a holder that cannot answer
costs a few seconds, not the game. A riichi too old to handle ``SIGUSR1`` is ended by it (its
default action), which is also a takeover: its journal is as whole as after a kill.

The new process reads the journal only once it holds the lock: ``take_over`` returns when the
lock is free (it took and released it), and ``Journal.resume`` then takes it and reads.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from app.storage.journal import GameAlreadyRunning, _Lock, current_save_path

log = logging.getLogger("riichi.storage")

#: the request "save and leave"; the app handles it (``RiichiApp.listen_for_takeover``)
ASK_SIGNAL = signal.SIGUSR1
#: seconds the holder has to let go after the request before it is stopped; the environment's
#: RIICHI_TAKEOVER_WAIT overrides it (a slow machine, or a test that must see the answer)
ASK_WAIT = 5.0
#: seconds after SIGTERM, then after SIGKILL, before giving up
TERM_WAIT = 2.0
KILL_WAIT = 2.0
_POLL = 0.05


class TakeoverRefused(RuntimeError):
    """The game was not taken over; the message says why (nothing was signalled unless it
    says so)."""

    def __init__(self, pid: int | None, reason: str) -> None:
        super().__init__(reason)
        self.pid = pid
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Taken:
    """What ``take_over`` did: ``how`` is ``"free"`` (nobody held the game), ``"left"`` (the
    holder saved and left when asked) or ``"stopped"`` (it did not answer and was stopped)."""

    how: str
    pid: int | None = None


def lock_path(path: str | os.PathLike[str] | None = None) -> Path:
    """The lock file of the journal at ``path`` (the saved game by default)."""
    journal = Path(path or current_save_path())
    return journal.with_name(journal.name + ".lock")


def holder(path: str | os.PathLike[str] | None = None) -> int | None:
    """The pid of the riichi holding the saved game (0 when the lock file names none), or
    None when nobody holds it. Taking the lock to look releases it at once."""
    lock = _Lock(Path(path or current_save_path()))
    try:
        lock.acquire()
    except GameAlreadyRunning as e:
        return e.pid or 0
    lock.release()
    return None


def is_riichi_command(argv: list[str]) -> bool:
    """Whether a command line starts riichi: the ``riichi`` program (run directly or by its
    interpreter, as a console script is) or ``python -m app``."""
    if not argv:
        return False
    if os.path.basename(argv[0]) == "riichi":
        return True
    if not os.path.basename(argv[0]).startswith("python"):
        return False
    # the interpreter's options come first: "python -I /venv/bin/riichi", "python -m app"
    for i, arg in enumerate(argv[1:], start=1):
        if arg == "-m":
            return argv[i + 1:i + 2] == ["app"]
        if not arg.startswith("-"):
            return os.path.basename(arg) == "riichi"
    return False


def _holds_flock(pid: int, lock_file: Path) -> bool | None:
    """Whether ``/proc/locks`` lists ``pid`` holding a flock on ``lock_file``; None if that
    cannot be read (not Linux)."""
    try:
        inode = lock_file.stat().st_ino
        text = Path("/proc/locks").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        fields = line.split()
        # "1: FLOCK  ADVISORY  WRITE 4321 08:01:1234 0 EOF"; "1: -> FLOCK ..." is a waiter.
        # Only the inode is compared: on btrfs or overlayfs the device /proc/locks names is not
        # the one stat() gives, and the pid (read from this very lock file) must match too.
        if len(fields) < 6 or fields[1] != "FLOCK":
            continue
        if fields[4] == str(pid) and fields[5].rsplit(":", 1)[-1] == str(inode):
            return True
    return False


def check_holder(pid: int, lock_file: Path) -> str | None:
    """None if ``pid`` is a riichi process of this user holding ``lock_file``; otherwise why it
    must be left alone (it is not, or that cannot be told)."""
    if pid <= 1 or pid == os.getpid():
        return f"process {pid} cannot be the other riichi"
    proc = Path(f"/proc/{pid}")
    try:
        owner = proc.stat().st_uid
        raw = (proc / "cmdline").read_bytes()
    except FileNotFoundError:
        return f"process {pid} is gone, yet the game is still locked"
    except OSError as e:
        return f"process {pid} cannot be checked ({e.strerror or e})"
    if owner != os.getuid():
        return f"process {pid} belongs to another user"
    argv = [a.decode("utf-8", "replace") for a in raw.split(b"\0") if a]
    if not is_riichi_command(argv):
        return f"process {pid} is not riichi ({' '.join(argv)[:60] or 'no command line'})"
    holds = _holds_flock(pid, lock_file)
    if holds is None:
        return f"the locks of process {pid} cannot be read on this system"
    if not holds:
        return f"process {pid} does not hold the saved game"
    return None


def _wait_free(journal: Path, seconds: float) -> bool:
    """Poll until nobody holds the game at ``journal`` (True) or ``seconds`` passed (False)."""
    deadline = time.monotonic() + seconds
    while True:
        if holder(journal) is None:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(_POLL)


def _signal(pid: int, lock_file: Path, signals: tuple[signal.Signals, ...]) -> bool:
    """Send ``signals`` to ``pid`` if it is still the riichi holding ``lock_file`` (checked
    right before: never a pid reused meanwhile); False if it no longer is."""
    if check_holder(pid, lock_file) is not None:
        return False
    for n, sig in enumerate(signals):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return n > 0  # it ended on the first signal: that one was delivered
    return True


def ask_wait_seconds() -> float:
    """``ASK_WAIT``, or RIICHI_TAKEOVER_WAIT when that is a number of seconds (0.1-600)."""
    try:
        value = float(os.environ.get("RIICHI_TAKEOVER_WAIT", ""))
    except ValueError:
        return ASK_WAIT
    return value if 0.1 <= value <= 600 else ASK_WAIT


def take_over(
    path: str | os.PathLike[str] | None = None,
    *,
    ask_wait: float | None = None,
    term_wait: float = TERM_WAIT,
    kill_wait: float = KILL_WAIT,
) -> Taken:
    """Get the saved game at ``path`` back from the riichi holding it (see the module's
    docstring); returns once the lock is free. ``TakeoverRefused`` when the holder is not
    surely a riichi of ours (nothing was sent) or could not be stopped. Blocks up to
    ``ask_wait`` (default ``ask_wait_seconds()``) ``+ term_wait + kill_wait`` seconds: call it
    off the UI thread."""
    if ask_wait is None:
        ask_wait = ask_wait_seconds()
    journal = Path(path or current_save_path())
    lock_file = lock_path(journal)
    pid = holder(journal)
    if pid is None:
        return Taken("free")
    if not pid:
        raise TakeoverRefused(None, "the lock file does not say which process holds the game")
    reason = check_holder(pid, lock_file)
    if reason is not None:
        raise TakeoverRefused(pid, reason)
    log.warning("asking riichi process %d to leave the saved game", pid)
    how = "left"
    steps = (((ASK_SIGNAL,), ask_wait), ((signal.SIGTERM, signal.SIGCONT), term_wait),
             ((signal.SIGKILL,), kill_wait))
    for signals, wait in steps:
        asking = signals[0] == ASK_SIGNAL
        if not asking:
            log.warning("riichi process %d did not leave; sending %s", pid, signals[0].name)
        if _signal(pid, lock_file, signals):
            how = "left" if asking else "stopped"
        elif not _wait_free(journal, wait):
            # it no longer holds the game, yet the game is still held: not ours to stop
            raise TakeoverRefused(pid, check_holder(pid, lock_file)
                                  or f"process {pid} changed while it was asked to leave")
        if _wait_free(journal, wait):
            return Taken(how, pid)
    raise TakeoverRefused(pid, f"process {pid} did not let go of the game even when killed")


__all__ = [
    "ASK_SIGNAL",
    "Taken",
    "TakeoverRefused",
    "ask_wait_seconds",
    "check_holder",
    "holder",
    "is_riichi_command",
    "lock_path",
    "take_over",
]
