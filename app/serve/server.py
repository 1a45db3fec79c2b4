"""The SSH server of ``riichi serve`` (asyncssh).

Only the game runs: a shell request opens the lobby, an exec request may only be ``join CODE``
or ``watch CODE`` (anything else gets one line saying so, and nothing runs), subsystems (sftp)
and every forwarding (TCP, Unix sockets, agent, X11) are refused. Clients prove a key: one in
the authorized_keys file, or any key with ``--open``; the key's fingerprint is the player's
identity, the SSH user name their first name. Limits: sessions in all, connections per address,
idle minutes, and a client that stops reading (its unsent output grows past ``BACKLOG``) is
dropped rather than let grow. Each session's app runs in its own task: its crash is logged and
ends that connection only (its seat goes to the AI after the grace period).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
import warnings
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    # cryptography 51 deprecates DSA, which asyncssh names as it is imported: the warning would
    # reach the terminal of whoever starts the server (riichi serve's host key is ed25519)
    warnings.filterwarnings("ignore", message="DSA is deprecated")
    import asyncssh

from app.serve.driver import AppHolder, SSHDriver
from app.serve.names import clean_name, parse_command
from app.serve.tables import GRACE, Tables

log = logging.getLogger("riichi.serve")

HOST_KEY_FILE = "ssh_host_ed25519_key"
#: unsent bytes after which a client that does not read is dropped
BACKLOG = 4 * 1024 * 1024


@dataclass
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None
    open: bool = False  # any key may connect
    max_sessions: int = 64
    per_address: int = 8
    idle_minutes: float = 30.0
    grace: float = GRACE
    seed: int | None = None  # the first table's seed (then +1 each): tests, demos
    web_port: int | None = None  # riichi serve --web PORT: the lobby in a browser too
    web_host: str = "127.0.0.1"
    #: worker processes running the apps and tables (``app.serve.front``); 1: all in this one
    workers: int = 1


def host_key(directory: Path) -> asyncssh.SSHKey:
    """The server's host key: made on the first start, kept (0600) in ``directory``."""
    path = directory / HOST_KEY_FILE
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
        log.info("made the host key %s", path)
    os.chmod(path, 0o600)
    return asyncssh.read_private_key(str(path))


def read_authorized(path: Path) -> set[bytes]:
    """The public keys of an authorized_keys file (options before a key are ignored)."""
    keys = set()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        for i in range(len(words) - 1):  # "[options] type base64 [comment]"
            try:
                keys.add(asyncssh.import_public_key(f"{words[i]} {words[i + 1]}").public_data)
                break
            except (asyncssh.KeyImportError, ValueError):
                continue
        else:
            log.warning("%s:%d: no public key on this line", path, n)
    return keys


class RiichiServer:
    """The server: its tables, its sessions, the listening socket."""

    def __init__(self, options: ServeOptions, data: Path) -> None:
        self.options = options
        self.data = data
        self.sessions: set[Any] = set()  # GameChannel, app.serve.web.WebSession
        self.connections: set[Connection] = set()
        self.addresses: Counter[str] = Counter()
        self.authorized: set[bytes] = set()
        self.tables: Tables | None = None
        self.acceptor: Any = None
        self.collector: Any = None  # FullCollections, once listening
        self.web: Any = None  # app.serve.web.WebServer with --web
        self.web_addresses: Counter[str] = Counter()
        self.stopped = asyncio.Event()
        self._stopping = False
        self.workers: Any = None  # app.serve.front.Workers with --workers 2 or more
        self.resumed = 0

    async def start(self) -> list[str]:
        """Listen; resume the journalled tables. Returns the problems met resuming."""
        loop = asyncio.get_running_loop()
        if self.options.authorized_keys is not None:
            self.authorized = read_authorized(self.options.authorized_keys)
        if self.options.workers > 1:  # the tables and apps in worker processes
            from app.serve.front import Workers

            self.workers = Workers(self.options.workers, self.data, self.options.grace,
                                   self.options.seed)
            self.resumed, problems = await self.workers.start()
        else:
            self.tables = Tables(self.data / "tables", loop, self.options.grace,
                                 self.options.seed)
            problems = self.tables.resume_all()
            self.resumed = len(self.tables.tables)
        self.acceptor = await asyncssh.create_server(
            lambda: Connection(self), self.options.host, self.options.port,
            server_host_keys=[host_key(self.data)], agent_forwarding=False,
            x11_forwarding=False, allow_scp=False, login_timeout=30, keepalive_interval=60,
            encoding="utf-8", line_editor=False)
        if self.options.web_port is not None:
            from app.serve.web import WebServer

            self.web = WebServer(self)
            await self.web.start(self.options.web_host, self.options.web_port)
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, self.stop)
        if self.workers is None:  # (each worker does this for its own apps)
            from app.serve.app import FullCollections, collect_less
            from app.serve.strips import break_strip_cycles

            break_strip_cycles()  # most of the cyclic garbage the screens made
            collect_less()  # full garbage collections stall every connection: on a timer only
            self.collector = FullCollections(loop)
        log.info("listening on %s:%d (%s)%s", self.options.host, self.options.port,
                 "open to any key" if self.options.open else "authorized keys only",
                 f", {self.options.workers} worker processes" if self.workers else "")
        return problems

    @property
    def port(self) -> int:
        return int(self.acceptor.sockets[0].getsockname()[1])

    # --- the web's sessions (app.serve.web) ------------------------------------------------
    def refusal(self, address: str) -> str | None:
        """Why a browser at ``address`` may not open a session now (the SSH limits), or None."""
        if len(self.sessions) >= self.options.max_sessions:
            return "the server is full: try again later"
        if self.web_addresses[address] >= self.options.per_address:
            return "too many connections from your address"
        return None

    def connected(self, session: Any) -> None:
        self.sessions.add(session)
        self.web_addresses[session.address] += 1

    def disconnected(self, session: Any) -> None:
        self.sessions.discard(session)
        self.web_addresses[session.address] -= 1
        if self.web_addresses[session.address] <= 0:
            del self.web_addresses[session.address]

    def stop(self) -> None:
        """SIGTERM: every table saved (its journal kept for the restart), everyone told."""
        if self.stopped.is_set() or self._stopping:
            return
        self._stopping = True
        if self.workers is not None:  # each saves its tables and tells its players
            log.info("stopping: telling %d workers", self.workers.count)

            async def wait() -> None:
                await self.workers.stop()
                self.stopped.set()

            asyncio.get_running_loop().create_task(wait())
            return
        log.info("stopping: saving %d tables", len(self.tables.tables) if self.tables else 0)
        if self.collector is not None:
            self.collector.cancel()
        if self.tables is not None:
            self.tables.stop_all()
        for session in list(self.sessions):
            session.stopping("The server is stopping: your table is saved and resumes when "
                             "it is back.")
        loop = asyncio.get_running_loop()
        loop.call_later(2.0, self.stopped.set)

    async def serve_until_stopped(self) -> None:
        await self.stopped.wait()
        for session in list(self.sessions):
            session.close()
        for connection in list(self.connections):
            connection.conn.close()
        if self.web is not None:
            await self.web.stop()
        if self.acceptor is not None:
            self.acceptor.close()
            try:  # a client that does not answer the close does not hold the stop up
                await asyncio.wait_for(self.acceptor.wait_closed(), 3)
            except TimeoutError:
                log.warning("stopped without waiting for every client to hang up")


class Connection(asyncssh.SSHServer):
    """One client connection: limits, authentication, and what it may open."""

    def __init__(self, server: RiichiServer) -> None:
        self.server = server
        self.address = "?"
        self.key = ""
        self.user = ""
        self.conn: Any = None
        self.too_many = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.server.connections.add(self)
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.server.addresses[self.address] += 1
        # refused once the keys are exchanged (begin_auth), so the client can read why
        self.too_many = self.server.addresses[self.address] > self.server.options.per_address

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections.discard(self)
        self.server.addresses[self.address] -= 1
        if self.server.addresses[self.address] <= 0:
            del self.server.addresses[self.address]
        log.info("%s (%s) disconnected%s", self.address, self.key or "no key",
                 f": {exc}" if exc else "")

    def begin_auth(self, username: str) -> bool:
        self.user = username
        if self.too_many:
            log.warning("refused %s: more than %d connections from it", self.address,
                        self.server.options.per_address)
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                           "too many connections from your address")
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        ok = self.server.options.open or key.public_data in self.server.authorized
        if ok:
            self.key = key.get_fingerprint()
        else:
            log.warning("refused key %s from %s", key.get_fingerprint(), self.address)
        return ok

    def auth_completed(self) -> None:
        log.info("%s logged in as %r with %s", self.address, self.user, self.key)

    def session_requested(self) -> GameChannel:
        return GameChannel(self)

    def connection_requested(self, *args: Any) -> bool:
        log.warning("%s: refused a port forward", self.address)
        return False

    def server_requested(self, *args: Any) -> bool:
        log.warning("%s: refused a remote port forward", self.address)
        return False

    def unix_connection_requested(self, *args: Any) -> bool:
        return False

    def unix_server_requested(self, *args: Any) -> bool:
        return False


class GameChannel(AppHolder, asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One session channel: the game's app drawn on it (the ``Link`` of ``SSHDriver``)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.server = connection.server
        self.chan: Any = None
        self.term = ""
        self.size = (80, 24)
        self.pty = False
        self.start: tuple[str, str | None] | str = ("lobby", None)
        self.driver: SSHDriver | None = None
        self.app: Any = None
        self.task: asyncio.Task[None] | None = None
        self.last_input = time.monotonic()
        self.closing = False

    # --- the channel's requests -----------------------------------------------------------------
    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.pty = True
        self.term = term_type or "xterm"
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.start = parse_command(command)
        if isinstance(self.start, str):
            log.warning("%s: refused the command %r", self.connection.address, command[:80])
        return True  # answered with a line saying why (session_started), nothing is run

    def subsystem_requested(self, subsystem: str) -> bool:
        log.warning("%s: refused the subsystem %r", self.connection.address, subsystem[:40])
        return False

    def session_started(self) -> None:
        if isinstance(self.start, str):
            self._refuse(self.start)
        elif not self.pty:
            self._refuse("riichi needs a terminal: connect with ssh -t")
        elif len(self.server.sessions) >= self.server.options.max_sessions:
            log.warning("%s: refused, %d sessions already", self.connection.address,
                        len(self.server.sessions))
            self._refuse("the server is full: try again later")
        else:
            self.server.sessions.add(self)
            self.task = asyncio.get_running_loop().create_task(self._run())

    def _refuse(self, why: str) -> None:
        self.chan.write_stderr(f"riichi: {why}\r\n")
        self.chan.exit(1)

    # --- the app ----------------------------------------------------------------------------------
    async def _run(self) -> None:
        from app import i18n
        from app.serve.app import ServeApp

        i18n.viewer.set(i18n.Viewer())  # this connection's own (its task's context)

        assert not isinstance(self.start, str)
        name = clean_name(self.connection.user)
        self._idle = asyncio.get_running_loop().call_later(60, self._check_idle)
        status = 1
        try:
            env = self.chan.get_environment() or {}  # LANG when the client sends it
            lang = env.get("LC_ALL") or env.get("LC_MESSAGES") or env.get("LANG")
            if self.server.workers is not None:
                status = await self._relayed(name, lang)
            else:
                assert self.server.tables is not None
                self.app = ServeApp(self, self.server.tables, self.connection.key, name,
                                    self.start, self.term, lang=lang)
                await self.app.run_async()
                status = self.app.return_code or 0
                if status:
                    log.error("the session of %s failed:\n%s", self.connection.key,
                              self.app.error_output.getvalue()[-6000:])
        except Exception:  # this connection's app failed: the others play on
            log.exception("the session of %s failed", self.connection.key)
            status = 1
        finally:
            self._idle.cancel()
            self.server.sessions.discard(self)
        self._exit(status)

    def _exit(self, status: int) -> None:
        if not self.closing:
            self.closing = True
            try:
                self.chan.exit(status)
            except Exception:  # the client is gone already
                pass

    async def _relayed(self, name: str, lang: str | None) -> int:
        """The app in a worker process (``--workers``): relayed until it ends."""
        from app.serve.front import Relay

        self.relay = self.driver = Relay(self.server.workers, self, {  # type: ignore[assignment]
            "via": "ssh", "key": self.connection.key, "name": name, "lang": lang,
            "address": self.connection.address, "term": self.term, "start": list(self.start)})
        return await self.relay.run()

    def _check_idle(self) -> None:
        idle = time.monotonic() - self.last_input
        if idle > self.server.options.idle_minutes * 60:
            log.info("%s: idle for %d minutes, closed", self.connection.address, idle // 60)
            self.stopping("You were idle too long: goodbye.")
        else:
            self._idle = asyncio.get_running_loop().call_later(60, self._check_idle)

    # --- the Link the driver uses -------------------------------------------------------------
    def write(self, data: str) -> None:
        if self.closing:
            return
        try:
            self.chan.write(data)
        except Exception:  # the channel closed under us
            self.closing = True
            return
        if self.chan.get_write_buffer_size() > BACKLOG:
            log.warning("%s: not reading its screen, dropped", self.connection.address)
            self.close()

    def data_received(self, data: str, datatype: Any) -> None:
        self.last_input = time.monotonic()
        if self.driver is not None:
            self.driver.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.size = (width or 80, height or 24)
        if self.driver is not None:
            self.driver.resize(*self.size)

    def eof_received(self) -> bool:
        self._exit_app()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closing = True
        self._exit_app()

    def close(self) -> None:
        self.closing = True
        self._exit_app()
        try:
            self.chan.close()
        except Exception:
            pass


def log_to_data(data: Path, who: str = "") -> None:
    """Connections and errors go to ``serve.log`` in the data directory (a worker process's
    lines marked with ``who``, e.g. ``w1``)."""
    handler = logging.FileHandler(data / "serve.log", encoding="utf-8")
    mark = f"[{who}]" if who else ""
    handler.setFormatter(logging.Formatter(
        f"%(asctime)s %(levelname)s %(name)s{mark}: %(message)s"))
    root = logging.getLogger("riichi")
    root.addHandler(handler)
    root.setLevel(logging.INFO)
