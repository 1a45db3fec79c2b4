"""A worker process of ``riichi serve --workers N``: its share of the tables and the apps of the
sessions the front relays to it (``app.serve.relay`` says how they talk).

Started by the front (``app.serve.front``) as ``python -m app.serve.worker``, with the front's
data directory: it resumes the journalled tables whose codes map to it, listens on its Unix
socket (in the front's private directory), prints one line (JSON: tables resumed, problems) to
say it is ready, and then runs, for every session the front opens, the same ``ServeApp`` as a
single process would, drawn by ``SSHDriver`` or ``WebDriver`` on a ``RelayLink`` whose writes
go back to the front as frames. Its log lines go to ``serve.log`` too, marked ``[wN]``.
It stops (saving every table, telling its players) on the front's ``STOP``, on SIGTERM, or when
its control connection closes (the front is gone: a worker never outlives it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

from app.serve.driver import AppHolder
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
    frame_json,
    frame_text,
    parse_json,
    read_frame,
)
from app.serve.web import MAX_SIZE

log = logging.getLogger("riichi.serve")

STOP_TEXT = "The server is stopping: your table is saved and resumes when it is back."


class Kept(dict[str, str]):
    """A key's chosen name or language (``Tables.names``, ``Tables.languages``): the front is
    told of each change (``told(key)``), since it keeps them for every worker."""

    def __init__(self, told: Any) -> None:
        super().__init__()
        self.told = told

    def __setitem__(self, key: str, value: str) -> None:
        super().__setitem__(key, value)
        self.told(key)

    def keep(self, key: str, value: str) -> None:
        """Set without telling the front (what it sent)."""
        super().__setitem__(key, value)


def hello_size(value: Any) -> tuple[int, int]:
    """A hello's or resize's ``[width, height]``, within the sizes a client may ask for."""
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return (max(1, min(MAX_SIZE[0], value[0])), max(1, min(MAX_SIZE[1], value[1])))
    return (80, 24)


class RelayLink(AppHolder):
    """One session relayed from the front: the ``Link`` its driver draws on (writes become
    ``OUTPUT`` frames) and the app. ``moving``: the (kind, code) the session goes on with at
    another worker (``ServeApp.join``/``watch`` of a table held there)."""

    def __init__(self, worker: Worker, writer: asyncio.StreamWriter, hello: dict[str, Any]
                 ) -> None:
        self.worker = worker
        self.writer = writer
        self.hello = hello
        self.size = hello_size(hello.get("size"))
        self.driver: Any = None
        self.app: Any = None
        self.moving: tuple[str, str] | None = None
        self.closing = False

    def write(self, data: str) -> None:
        if not self.closing and not self.writer.is_closing():
            self.writer.write(frame_text(OUTPUT, data))  # the socket buffers: never blocks

    def move(self, start: tuple[str, str]) -> None:
        """End this app; the front goes on with ``start`` at the worker of its code."""
        self.moving = start
        self.app.exit()

    async def run(self, reader: asyncio.StreamReader) -> None:
        from app import i18n
        from app.serve.app import ServeApp
        from app.serve.names import clean_name, parse_code

        i18n.viewer.set(i18n.Viewer())  # this session's own (its task's context)
        tables = self.worker.tables
        hello = self.hello
        key = str(hello.get("key", ""))
        prefs = hello.get("prefs")
        if not isinstance(prefs, dict):
            prefs = {}
        if isinstance(prefs.get("name"), str):
            tables.names.keep(key, clean_name(prefs["name"]))
        if isinstance(prefs.get("lang"), str):
            tables.languages.keep(key, prefs["lang"])
        start = hello.get("start")
        kind, code = (start if isinstance(start, list) and len(start) == 2 else ("lobby", None))
        if kind not in ("join", "watch") or not isinstance(code, str) or not parse_code(code):
            kind, code = "lobby", None
        via = "web" if hello.get("via") == "web" else "ssh"
        log.info("session of %s (%s): %s%s", key, via, kind, f" {code}" if code else "")
        reading = asyncio.get_running_loop().create_task(self._read(reader))
        status = 1
        try:
            self.app = ServeApp(self, tables, key, clean_name(str(hello.get("name", ""))),
                                (kind, code), str(hello.get("term", "xterm")),
                                lang=hello.get("lang") if isinstance(hello.get("lang"), str)
                                else None, via=via)
            await self.app.run_async()
            status = self.app.return_code or 0
            if status:
                log.error("the session of %s failed:\n%s", key,
                          self.app.error_output.getvalue()[-6000:])
        except Exception:  # this session's app failed: the others play on
            log.exception("the session of %s failed", key)
        finally:
            reading.cancel()
            self.worker.links.discard(self)
        try:
            if self.moving is not None:
                self.writer.write(frame_json(MOVE, {
                    "start": list(self.moving), "name": tables.names.get(key),
                    "lang": tables.languages.get(key)}))
            else:
                self.writer.write(frame_json(EXIT, {"status": status}))
            await self.writer.drain()
            self.writer.close()
        except (ConnectionError, RuntimeError):  # the front closed it first
            pass

    async def _read(self, reader: asyncio.StreamReader) -> None:
        """The client's input, size, focus; the front's ``STOPPING``; its close ends the app."""
        while True:
            try:
                got = await read_frame(reader)
            except FrameError as e:
                log.warning("a session's relay: %s: closed", e)
                got = None
            if got is None:
                break
            kind, payload = got
            if kind == INPUT and self.driver is not None:
                self.driver.feed(payload.decode("utf-8", "replace"))
            elif kind == RESIZE:
                try:
                    self.size = hello_size(parse_json(payload))
                except FrameError:
                    continue
                if self.driver is not None:
                    self.driver.resize(*self.size)
            elif kind == FOCUS and self.driver is not None and hasattr(self.driver, "focus"):
                self.driver.focus(payload == b"1")
            elif kind == STOPPING:
                self.stopping(payload.decode("utf-8", "replace"))
        self.closing = True
        self._exit_app()


class Worker:
    """One worker process: its tables, its sessions, its Unix socket, the front's control."""

    def __init__(self, index: int, count: int, data: Path, socket: Path, grace: float,
                 seed: int | None) -> None:
        self.index, self.count = index, count
        self.data, self.socket = data, socket
        self.grace, self.seed = grace, seed
        self.tables: Any = None
        self.links: set[RelayLink] = set()
        self.control: asyncio.StreamWriter | None = None
        self.sent: list[list[str]] | None = None
        self._send_soon = False
        self.done = asyncio.Event()
        self.stopped = False

    async def start(self) -> tuple[int, list[str]]:
        """Resume this worker's tables and listen: (tables resumed, problems)."""
        from app.serve.app import FullCollections, collect_less
        from app.serve.strips import break_strip_cycles
        from app.serve.tables import Tables

        loop = asyncio.get_running_loop()
        self.tables = Tables(self.data / "tables", loop, self.grace, self.seed,
                             share=(self.index, self.count))
        self.tables.names = Kept(self.tell_prefs)
        self.tables.languages = Kept(self.tell_prefs)
        problems = self.tables.resume_all()
        self.tables.listeners.add(self.tables_changed)
        if self.socket.exists():
            self.socket.unlink()
        self.server = await asyncio.start_unix_server(self.accept, str(self.socket))
        os.chmod(self.socket, 0o600)
        for sig in (signal.SIGTERM,):
            loop.add_signal_handler(sig, self.stop)
        break_strip_cycles()  # as a single server process does (``RiichiServer.start``)
        collect_less()
        self.collector = FullCollections(loop)
        return len(self.tables.tables), problems

    # --- connections from the front -----------------------------------------------------------
    async def accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            first = await read_frame(reader)
            if first is None:
                writer.close()
                return
            kind, payload = first
            if kind == CONTROL:
                await self.controlled(reader, writer)
            elif kind == HELLO and not self.stopped:
                hello = parse_json(payload)
                if not isinstance(hello, dict):
                    raise FrameError("a hello that is not an object")
                link = RelayLink(self, writer, hello)
                self.links.add(link)
                await link.run(reader)
            else:
                writer.close()
        except FrameError as e:
            log.warning("the front sent %s: connection closed", e)
            writer.close()

    async def controlled(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
                         ) -> None:
        """The front's control connection: the other workers' tables, stop; its end stops
        this worker."""
        self.control = writer
        self.sent = None
        self.send_tables()
        while True:
            try:
                got = await read_frame(reader)
                if got is None:
                    break
                kind, payload = got
                if kind == LISTING:
                    value = parse_json(payload)
                    self.tables.set_remote(value if isinstance(value, list) else [])
                elif kind == STOP:
                    self.stop()
            except FrameError as e:
                log.warning("the front's control connection: %s", e)
                break
        self.control = None
        if not self.stopped:
            log.info("the front has gone: stopping")
        self.stop()

    # --- told to the front ----------------------------------------------------------------------
    def tables_changed(self) -> None:
        if not self._send_soon:  # once per loop turn, whatever changed
            self._send_soon = True
            self.tables.loop.call_soon_threadsafe(self.send_tables)

    def send_tables(self) -> None:
        """This worker's tables to the front, when they are not what it was last told."""
        self._send_soon = False
        summaries = self.tables.summaries()
        if self.control is not None and summaries != self.sent:
            self.sent = summaries
            self.control.write(frame_json(TABLES, summaries))

    def tell_prefs(self, key: str) -> None:
        if self.control is not None:
            self.control.write(frame_json(PREFS, {"key": key, "name": self.tables.names.get(key),
                                                  "lang": self.tables.languages.get(key)}))

    # --- the end --------------------------------------------------------------------------------
    def stop(self) -> None:
        """Save every table (journals kept for the restart), tell every player, exit soon."""
        if self.stopped:
            return
        self.stopped = True
        log.info("stopping: saving %d tables", len(self.tables.tables))
        self.collector.cancel()
        self.tables.stop_all()
        for link in list(self.links):
            link.stopping(STOP_TEXT)
        asyncio.get_running_loop().call_later(2.0, self.done.set)

    async def serve(self, ready: Any) -> None:
        resumed, problems = await self.start()
        print(json.dumps({"resumed": resumed, "problems": problems}), file=ready, flush=True)
        # nothing else may reach the front's pipe (it is read for this line only)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
        await self.done.wait()
        self.server.close()
        for link in list(self.links):
            link.closing = True
            link._exit_app()
        if self.links:
            await asyncio.sleep(0.5)


def main(argv: list[str] | None = None) -> int:
    """``python -m app.serve.worker --index I --count N --socket PATH --data DIR ...``."""
    from app.serve.server import log_to_data

    parser = argparse.ArgumentParser(prog="riichi-serve-worker")
    parser.add_argument("--index", type=int, required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--socket", type=Path, required=True)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--grace", type=float, required=True)
    parser.add_argument("--seed", type=int)
    args = parser.parse_args(argv)
    if not 0 <= args.index < args.count:
        parser.error("--index must be in 0 .. --count - 1")
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the front's to handle
    log_to_data(args.data, f"w{args.index}")
    out, err = sys.stdout, sys.stderr  # every app redirects them while it runs
    worker = Worker(args.index, args.count, args.data, args.socket, args.grace, args.seed)
    try:
        asyncio.run(worker.serve(out))
    finally:
        sys.stdout, sys.stderr = out, err
    return 0


if __name__ == "__main__":
    sys.exit(main())
