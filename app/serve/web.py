"""``riichi serve --web PORT``: the same lobby and tables in a browser.

textual-serve starts one process per browser, and a process cannot share the server's tables
(they live in memory, with their game threads). So the browser side of textual-serve (its page,
xterm.js and script, from the installed package) is served here with aiohttp, and each
browser's websocket is handled in this process like an SSH channel: a ``ServeApp`` drawn by
``WebDriver`` (``app.serve.driver``) on a ``WebSession``.

The page's protocol (textual-serve's ``textual.js``): the websocket URL carries the first size
(``?width=W&height=H``); the browser sends JSON text messages ``["stdin", text]``,
``["resize", {"width": W, "height": H}]``, ``["ping", x]`` (answered ``["pong", x]``),
``["focus"]`` and ``["blur"]``; the server sends the screen as binary messages (the terminal's
bytes, UTF-8) and closes the socket when the session ends. Anything else is ignored, with a
line in the log.

Identity: no key. A per-browser token (a random cookie, HttpOnly) is the player (its hash is
the seat's "key": a reload, or coming back later, gets the seat back); the name is asked in the
lobby. Nobody is authenticated: README "Hosting" says to keep the default 127.0.0.1 or to put
the page behind a proxy that authenticates.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
import time
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from app.serve.driver import AppHolder

log = logging.getLogger("riichi.serve")

COOKIE = "riichi_player"
#: unsent bytes after which a browser that does not read is dropped (as ``server.BACKLOG``)
BACKLOG = 4 * 1024 * 1024
#: the largest message a browser may send (a paste; keys are a few bytes)
MAX_MESSAGE = 64 * 1024
#: the sizes a browser may ask for (a terminal, not a billboard)
MAX_SIZE = (500, 200)


def textual_serve_files() -> tuple[Path, Path]:
    """textual-serve's ``templates`` and ``static`` folders (the installed package's)."""
    import textual_serve

    base = Path(textual_serve.__file__).resolve().parent
    return base / "templates", base / "static"


def player_key(token: str) -> str:
    """The seat key of a browser's token (the token itself is never logged nor journalled)."""
    return "web:" + hashlib.sha256(token.encode()).hexdigest()[:20]


def parse_message(text: str) -> tuple[str, Any] | None:
    """A browser's message as ``(kind, value)``: ``("stdin", str)``, ``("resize", (w, h))``,
    ``("ping", str)``, ``("focus", True)`` / ``("focus", False)``; None for anything else.

    >>> parse_message('["resize", {"width": 100, "height": 30}]')
    ('resize', (100, 30))
    >>> parse_message('["stdin", "a"]')
    ('stdin', 'a')
    >>> parse_message('["rm", "-rf"]') is None, parse_message('{') is None
    (True, True)
    """
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, list) or not message or not isinstance(message[0], str):
        return None
    kind, args = message[0], message[1:]
    if kind == "stdin" and len(args) == 1 and isinstance(args[0], str):
        return ("stdin", args[0])
    if kind == "resize" and len(args) == 1 and isinstance(args[0], dict):
        width, height = args[0].get("width"), args[0].get("height")
        if (isinstance(width, int) and isinstance(height, int) and not isinstance(width, bool)
                and 1 <= width <= MAX_SIZE[0] and 1 <= height <= MAX_SIZE[1]):
            return ("resize", (width, height))
        return None
    if kind == "ping" and len(args) == 1 and isinstance(args[0], str) and len(args[0]) < 64:
        return ("ping", args[0])
    if kind in ("focus", "blur") and not args:
        return ("focus", kind == "focus")
    return None


def _size(value: str | None, default: int, most: int) -> int:
    try:
        return max(1, min(most, int(value or default)))
    except ValueError:
        return default


class WebSession(AppHolder):
    """One browser tab: the ``Link`` of its ``WebDriver`` (size, writes that never block)
    and the app drawn in it. The server's ``sessions`` hold it beside the SSH channels."""

    def __init__(self, server: Any, ws: web.WebSocketResponse, address: str,
                 size: tuple[int, int]) -> None:
        self.server = server
        self.ws = ws
        self.address = address
        self.size = size
        self.driver: Any = None  # WebDriver, or app.serve.front.Relay with --workers
        self.app: Any = None
        self.closing = False
        self.last_input = time.monotonic()
        self._pending: list[bytes] = []
        self._pending_size = 0
        self._flusher: asyncio.Task[None] | None = None
        self._idle: asyncio.TimerHandle | None = None

    # --- the Link the driver uses ---------------------------------------------------------
    def write(self, data: str) -> None:
        """Queue ``data`` for the browser; one task sends what is queued, so a slow browser
        never holds the app (or a table) up; one that stops reading is dropped."""
        if self.closing:
            return
        chunk = data.encode("utf-8")
        self._pending.append(chunk)
        self._pending_size += len(chunk)
        if self._pending_size > BACKLOG:
            log.warning("web %s: not reading its screen, dropped", self.address)
            self.close()
            return
        if self._flusher is None:
            self._flusher = asyncio.get_running_loop().create_task(self._flush())

    async def _flush(self) -> None:
        try:
            while self._pending and not self.closing:
                data = b"".join(self._pending)
                self._pending.clear()
                self._pending_size = 0
                await self.ws.send_bytes(data)
        except Exception:  # the browser is gone
            self.closing = True
            self._exit_app()
        finally:
            self._flusher = None

    # --- what the browser says ------------------------------------------------------------
    def received(self, text: str) -> None:
        message = parse_message(text) if len(text) <= MAX_MESSAGE else None
        if message is None:
            log.warning("web %s: ignored a bad message %r", self.address, text[:80])
            return
        kind, value = message
        if kind == "ping":
            self._send_json(["pong", value])
            return
        self.last_input = time.monotonic()
        if kind == "stdin":
            if self.driver is not None:
                self.driver.feed(value)
        elif kind == "resize":
            self.size = value
            if self.driver is not None:
                self.driver.resize(*value)
        elif kind == "focus" and self.driver is not None:
            self.driver.focus(value)

    def _send_json(self, value: Any) -> None:
        if not self.closing:
            asyncio.get_running_loop().create_task(self._send_text(json.dumps(value)))

    async def _send_text(self, text: str) -> None:
        try:
            await self.ws.send_str(text)
        except Exception:
            self.closing = True

    def watch_idle(self, limit: float) -> None:
        """Close the session after ``limit`` seconds without a key (checked each minute)."""
        def check() -> None:
            if self.closing:
                return
            if time.monotonic() - self.last_input > limit:
                log.info("web %s: idle too long, closed", self.address)
                self.stopping("You were idle too long: goodbye.")
            else:
                self._idle = loop.call_later(60, check)

        loop = asyncio.get_running_loop()
        self._idle = loop.call_later(60, check)

    # --- the server's calls (as a GameChannel's) ------------------------------------------
    def close(self) -> None:
        self.closing = True
        if self._idle is not None:
            self._idle.cancel()
        self._exit_app()
        asyncio.get_running_loop().create_task(self.ws.close())


class WebServer:
    """The browser side of ``riichi serve``: the page, its files, one websocket per tab."""

    def __init__(self, server: Any) -> None:
        self.server = server  # the RiichiServer: its tables, sessions and limits
        self.runner: web.AppRunner | None = None
        self.port = 0
        templates, self.static = textual_serve_files()
        self.page = (templates / "app_index.html").read_text(encoding="utf-8")

    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.add_routes([web.get("/", self.index), web.get("/ws", self.websocket),
                        web.static("/static", self.static)])
        return app

    async def start(self, host: str, port: int) -> None:
        self.runner = web.AppRunner(self.make_app(), handle_signals=False, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, host, port)
        await site.start()
        self.port = int(site._server.sockets[0].getsockname()[1])  # type: ignore[union-attr]
        log.info("web page on http://%s:%d/", host, self.port)

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    # --- the page -----------------------------------------------------------------------
    async def index(self, request: web.Request) -> web.Response:
        """textual-serve's page, pointed at this server's websocket; a new browser gets its
        token (the cookie that gives it its seat back after a reload)."""
        import jinja2

        secure = request.secure or request.headers.get("X-Forwarded-Proto") == "https"
        base = f"{'https' if secure else 'http'}://{request.host}"
        html = jinja2.Environment(autoescape=True).from_string(self.page).render(
            font_size=_size(request.query.get("fontsize"), 16, 64),
            app_websocket_url=f"{'wss' if secure else 'ws'}://{request.host}/ws",
            config={"static": {"url": f"{base}/static/"}},
            application={"name": "riichi"}, ping_url="")
        response = web.Response(text=html, content_type="text/html")
        if not request.cookies.get(COOKIE):
            response.set_cookie(COOKIE, secrets.token_urlsafe(24), max_age=365 * 86400,
                                httponly=True, samesite="Strict", secure=secure)
        return response

    # --- one tab ------------------------------------------------------------------------
    async def websocket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin.split("://", 1)[-1] != request.host:
            log.warning("web %s: refused a websocket from the page of %r", request.remote,
                        origin[:80])
            raise web.HTTPForbidden(text="riichi: this page's websocket is for its own page")
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        token = request.cookies.get(COOKIE, "")
        refusal = self.server.refusal(request.remote or "?")
        if refusal is None and len(token) < 16:
            refusal = "no player cookie: open the server's page first"
        if refusal is not None:
            log.warning("web %s: refused: %s", request.remote, refusal)
            await ws.send_bytes(f"riichi: {refusal}\r\n".encode())
            await ws.close()
            return ws
        size = (_size(request.query.get("width"), 80, MAX_SIZE[0]),
                _size(request.query.get("height"), 24, MAX_SIZE[1]))
        session = WebSession(self.server, ws, request.remote or "?", size)
        key = player_key(token)
        lang = request.headers.get("Accept-Language")
        log.info("web %s connected as %s", session.address, key)
        self.server.connected(session)
        task = asyncio.get_running_loop().create_task(self._run(session, key, lang))
        session.watch_idle(self.server.options.idle_minutes * 60)
        try:
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    session.received(message.data)
                elif message.type == WSMsgType.BINARY:
                    log.warning("web %s: ignored a binary message", session.address)
        finally:
            session.closing = True
            if session._idle is not None:
                session._idle.cancel()
            session._exit_app()
            await asyncio.wait([task], timeout=10)
            log.info("web %s (%s) disconnected", session.address, key)
        return ws

    async def _run(self, session: WebSession, key: str, lang: str | None) -> None:
        """The tab's app, in its own task (so its own i18n viewer, as an SSH session's)."""
        from app import i18n
        from app.serve.app import ServeApp

        i18n.viewer.set(i18n.Viewer())
        tables = self.server.tables
        try:
            if self.server.workers is not None:  # the app in a worker process
                from app.serve.front import Relay

                session.relay = session.driver = Relay(self.server.workers, session, {
                    "via": "web", "key": key, "name": "guest", "lang": lang,
                    "address": session.address, "term": "xterm-truecolor",
                    "start": ["lobby", None]})
                await session.relay.run()
                return
            session.app = ServeApp(session, tables, key, tables.names.get(key, "guest"),
                                   term="xterm-truecolor", lang=lang, via="web")
            await session.app.run_async()
            if session.app.return_code:
                log.error("the web session of %s failed:\n%s", key,
                          session.app.error_output.getvalue()[-6000:])
        except Exception:  # this tab's app failed: the others play on
            log.exception("the web session of %s failed", key)
        finally:
            self.server.disconnected(session)
            if not session.closing:
                session.closing = True
                await session.ws.close()
