"""The front of ``riichi serve --workers N``: the worker processes and each session's relay.

The listening process keeps SSH (``app.serve.server``) and the web (``app.serve.web``): keys,
limits, a client that does not read. The apps and tables run in ``N`` worker processes
(``app.serve.worker``), so that the screens' drawing (most of a server's CPU) uses every core
and each app waits for fewer others on its event loop. ``Workers`` starts them (before the
server says it listens), restarts one that dies, forwards each one's table summaries to the
others (one lobby across workers) and keeps the names and languages players chose. ``Relay``
is one connection's session at a worker: the connection's ``driver`` (keys, size and focus go
to the worker) and the writer of the worker's screen to the connection; when the app moves to
another worker's table (``MOVE``) it goes on there on the same connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from app.serve.relay import (
    CONTROL,
    EXIT,
    FOCUS,
    HELLO,
    INPUT,
    LISTING,
    MOVE,
    OUTPUT,
    PREFS,
    RESIZE,
    STOP,
    STOPPING,
    TABLES,
    FrameError,
    frame,
    frame_json,
    frame_text,
    parse_json,
    read_frame,
    worker_of,
)

log = logging.getLogger("riichi.serve")

#: seconds a worker has to say it is ready (resuming many tables replays their games)
START_TIMEOUT = 120.0
#: what a client's terminal gets back when its worker died under it (the app could not say)
RESET_TERMINAL = ("\x1b[?2004l\x1b[?7h\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
                  "\x1b[?1049l\x1b[?25h\x1b[?1004l")


class WorkerProcess:
    """One worker: its process, control connection, sessions relayed to it, tables."""

    def __init__(self, index: int, socket: Path) -> None:
        self.index = index
        self.socket = socket
        self.proc: asyncio.subprocess.Process | None = None
        self.control: asyncio.StreamWriter | None = None
        self.ready = asyncio.Event()
        self.sessions = 0
        self.summaries: list[Any] = []
        self.restarts = 0


class Workers:
    """The worker processes of one front (``count`` of them) and what they share."""

    def __init__(self, count: int, data: Path, grace: float, seed: int | None) -> None:
        self.count = count
        self.data = data
        self.grace, self.seed = grace, seed
        # the sockets' directory: private (0700), in the system's temporary directory (a Unix
        # socket's path must stay short, and the data directory's may be long)
        self.directory = Path(tempfile.mkdtemp(prefix="riichi-serve-"))
        os.chmod(self.directory, 0o700)
        self.workers = [WorkerProcess(i, self.directory / f"w{i}.sock") for i in range(count)]
        #: the names and languages keys chose (``Kept`` in the workers), sent in each hello
        self.prefs: dict[str, dict[str, str]] = {}
        self.stopping = False
        self._tasks: set[asyncio.Task[Any]] = set()

    # --- life -----------------------------------------------------------------------------------
    async def start(self) -> tuple[int, list[str]]:
        """Start every worker (each resumes its tables): (tables resumed, problems)."""
        infos = await asyncio.gather(*(self._spawn(w) for w in self.workers))
        return (sum(int(i.get("resumed", 0)) for i in infos),
                [str(p) for i in infos for p in i.get("problems", [])])

    async def _spawn(self, w: WorkerProcess) -> dict[str, Any]:
        import app

        root = str(Path(app.__file__).resolve().parents[1])
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            p for p in (root, os.environ.get("PYTHONPATH")) if p)}
        args = [sys.executable, "-m", "app.serve.worker", "--index", str(w.index), "--count",
                str(self.count), "--socket", str(w.socket), "--data", str(self.data),
                "--grace", str(self.grace)]
        if self.seed is not None:
            args += ["--seed", str(self.seed)]
        w.proc = await asyncio.create_subprocess_exec(
            *args, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, env=env)
        assert w.proc.stdout is not None
        try:
            line = await asyncio.wait_for(w.proc.stdout.readline(), START_TIMEOUT)
            info = json.loads(line)
            if not isinstance(info, dict):
                raise ValueError(line)
            reader, writer = await asyncio.open_unix_connection(str(w.socket))
        except (TimeoutError, ValueError, OSError) as e:
            if w.proc.returncode is None:
                w.proc.kill()
            raise RuntimeError(f"worker {w.index} did not start: {e}") from None
        writer.write(frame(CONTROL))
        w.control = writer
        self.tell(w)  # the other workers' tables (a restarted worker's lobby lists them too)
        w.ready.set()
        self._task(self._controlled(w, reader))
        self._task(self._watch(w, w.proc))
        log.info("worker %d started (pid %d)", w.index, w.proc.pid)
        return info

    def _task(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _watch(self, w: WorkerProcess, proc: asyncio.subprocess.Process) -> None:
        """A worker that dies is started again: its tables resume from their journals."""
        status = await proc.wait()
        if self.stopping or w.proc is not proc:
            return
        w.ready.clear()
        w.control = None
        w.summaries = []
        self.broadcast()
        w.restarts += 1
        log.warning("worker %d ended (exit status %s): starting it again; its tables resume "
                    "from their journals", w.index, status)
        delay = 0.0
        while not self.stopping:
            await asyncio.sleep(delay)
            try:
                info = await self._spawn(w)
                log.info("worker %d is back: %s tables resumed", w.index, info.get("resumed"))
                for problem in info.get("problems", []):
                    log.warning("worker %d could not resume %s", w.index, problem)
                return
            except RuntimeError as e:
                log.warning("%s; trying again", e)
                delay = min(30.0, delay * 2 + 1)

    async def _controlled(self, w: WorkerProcess, reader: asyncio.StreamReader) -> None:
        """A worker's news: its tables' summaries, a key's name or language."""
        while True:
            try:
                got = await read_frame(reader)
            except FrameError as e:
                log.warning("worker %d: %s", w.index, e)
                got = None
            if got is None:
                return
            kind, payload = got
            try:
                value = parse_json(payload)
            except FrameError:
                continue
            if kind == TABLES and isinstance(value, list):
                w.summaries = value
                self.broadcast(w.index)
            elif kind == PREFS and isinstance(value, dict) and isinstance(value.get("key"), str):
                self.remember(value["key"], value)

    def remember(self, key: str, value: dict[str, Any]) -> None:
        """A key's name or language, as its worker says it now."""
        prefs = self.prefs.setdefault(key, {})
        for field in ("name", "lang"):
            if isinstance(value.get(field), str):
                prefs[field] = value[field]

    def broadcast(self, source: int | None = None) -> None:
        """Every worker (but ``source``) is sent the others' tables."""
        for w in self.workers:
            if w.index != source:
                self.tell(w)

    def tell(self, w: WorkerProcess) -> None:
        """``w`` is sent the other workers' tables."""
        if w.control is not None:
            others = [s for o in self.workers if o is not w for s in o.summaries]
            w.control.write(frame_json(LISTING, others))

    async def stop(self, timeout: float = 15.0) -> None:
        """Every worker saves its tables, tells its players and exits; waited for."""
        self.stopping = True
        for w in self.workers:
            if w.control is not None:
                w.control.write(frame(STOP))
        procs = [w.proc for w in self.workers if w.proc is not None]
        if procs:
            done, pending = await asyncio.wait([asyncio.ensure_future(p.wait()) for p in procs],
                                               timeout=timeout)
            for p in procs:
                if p.returncode is None:
                    log.warning("worker pid %d did not stop: killed", p.pid)
                    p.kill()
        for w in self.workers:
            if w.socket.exists():
                w.socket.unlink()
        try:
            self.directory.rmdir()
        except OSError:
            pass

    # --- sessions -----------------------------------------------------------------------------
    def pick(self, start: Any) -> WorkerProcess:
        """The worker of a session: the table's for ``join``/``watch CODE``, else the one with
        the fewest sessions."""
        if isinstance(start, (list, tuple)) and len(start) == 2 and start[1]:
            return self.workers[worker_of(str(start[1]), self.count)]
        return min(self.workers, key=lambda w: (w.sessions, w.index))

    async def open(self, w: WorkerProcess, hello: dict[str, Any]
                   ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A session's connection to ``w``, its hello sent (waits while ``w`` restarts)."""
        await asyncio.wait_for(w.ready.wait(), START_TIMEOUT)
        reader, writer = await asyncio.open_unix_connection(str(w.socket))
        prefs = self.prefs.get(str(hello.get("key")))
        writer.write(frame_json(HELLO, {**hello, "prefs": prefs or {}}))
        return reader, writer


class Relay:
    """One connection's session at a worker. ``link`` is the connection (``write(str)``,
    ``size``); this is its ``driver`` (``feed``, ``resize``, ``focus``) and its ``relay``."""

    def __init__(self, workers: Workers, link: Any, hello: dict[str, Any]) -> None:
        self.workers = workers
        self.link = link
        self.hello = hello
        self.writer: asyncio.StreamWriter | None = None
        self.closed = False

    def _send(self, data: bytes) -> None:
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write(data)  # keys before the app is there are dropped, as in process

    def feed(self, text: str) -> None:
        self._send(frame_text(INPUT, text))

    def resize(self, width: int, height: int) -> None:
        self._send(frame_json(RESIZE, [width, height]))

    def focus(self, focused: bool) -> None:
        self._send(frame(FOCUS, b"1" if focused else b"0"))

    def stopping(self, text: str) -> None:
        self._send(frame_text(STOPPING, text))

    def close(self) -> None:
        """The client has gone: the worker's app ends (its connection closes)."""
        self.closed = True
        if self.writer is not None:
            self.writer.close()

    async def run(self) -> int:
        """Relay until the app ends: its exit status."""
        hello = dict(self.hello)
        while not self.closed:
            w = self.workers.pick(hello.get("start"))
            for attempt in range(3):  # (a worker that just died is not known to be yet)
                try:
                    reader, self.writer = await self.workers.open(
                        w, {**hello, "size": list(self.link.size)})
                    break
                except (OSError, TimeoutError) as e:
                    if attempt == 2 or self.closed:
                        log.warning("could not reach worker %d: %s", w.index, e)
                        self.link.write("riichi: the server cannot start your session now: "
                                        "try again soon\r\n")
                        return 1
                    await asyncio.sleep(1.0)
            w.sessions += 1
            try:
                kind, value = await self._pump(reader)
            finally:
                w.sessions -= 1
                self.writer.close()
                self.writer = None
            if kind == MOVE and isinstance(value, dict):
                start = value.get("start")
                self.workers.remember(str(hello.get("key")), value)
                hello["start"] = start
                log.info("%s moves to worker %d (%s)", hello.get("key"),
                         self.workers.pick(start).index, start)
                continue
            if kind == EXIT:
                status = value.get("status", 0) if isinstance(value, dict) else 0
                return int(status) if isinstance(status, int) else 1
            if not self.closed:  # the worker ended under this session
                code = hello["start"][1] if hello.get("start") and hello["start"][1] else "CODE"
                self.link.write(f"{RESET_TERMINAL}\r\nriichi: the table server of this session "
                                f"stopped (it is starting again; tables are saved): connect "
                                f"again, or ssh -t HOST join {code}\r\n")
                return 1
        return 0

    async def _pump(self, reader: asyncio.StreamReader) -> tuple[bytes | None, Any]:
        """The worker's screen to the client until the app ends: (EXIT or MOVE, its value), or
        (None, None) if the worker's connection closed first."""
        while True:
            try:
                got = await read_frame(reader)
            except FrameError as e:
                log.warning("a worker sent %s", e)
                return None, None
            if got is None:
                return None, None
            kind, payload = got
            if kind == OUTPUT:
                self.link.write(payload.decode("utf-8", "replace"))
            elif kind in (EXIT, MOVE):
                try:
                    return kind, parse_json(payload)
                except FrameError:
                    return kind, {}
