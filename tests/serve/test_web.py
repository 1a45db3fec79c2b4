"""``riichi serve --web``: a browser's side through aiohttp's test client (no browser): the page
and textual-serve's files, the websocket's messages (resize, stdin, ping), the screen read with
pyte; a table created and a tile discarded; a reload gets the seat back; bad messages, a
foreign page and a missing cookie are refused with a log line."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from pathlib import Path

import pyte
import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient, TestServer

from app.serve.server import RiichiServer, ServeOptions
from app.serve.tables import Tables
from app.serve.web import COOKIE, WebServer, parse_message, player_key
from engine.actions import Discard


class Browser:
    """One tab: the websocket and the terminal (pyte) it draws."""

    def __init__(self, ws, width: int = 100, height: int = 32) -> None:
        self.ws = ws
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.texts: list = []
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == WSMsgType.BINARY:
                self.stream.feed(message.data)
            elif message.type == WSMsgType.TEXT:
                self.texts.append(json.loads(message.data))

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def send(self, *message) -> None:
        await self.ws.send_str(json.dumps(list(message)))

    async def keys(self, text: str) -> None:
        await self.send("stdin", text)

    async def wait_for(self, pattern: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.text()
            if re.search(pattern, text):
                return text
            await asyncio.sleep(0.05)
        raise AssertionError(f"{pattern!r} not on the screen:\n{self.text()}")


def web_server(tmp_path: Path) -> tuple[RiichiServer, WebServer]:
    server = RiichiServer(ServeOptions(open=True, seed=1, web_port=0), tmp_path)
    server.tables = Tables(tmp_path / "tables", asyncio.get_running_loop(), 1.0, seed=1)
    server.web = WebServer(server)
    return server, server.web


def test_browser_messages_are_checked():
    assert parse_message('["stdin", "\\u001b[A"]') == ("stdin", "\x1b[A")
    assert parse_message('["resize", {"width": 120, "height": 40}]') == ("resize", (120, 40))
    assert parse_message('["ping", "1700000000"]') == ("ping", "1700000000")
    assert parse_message('["focus"]') == ("focus", True)
    assert parse_message('["blur"]') == ("focus", False)
    for bad in ('["resize", {"width": 0, "height": 40}]', '["resize", {"width": 1e9}]',
                '["resize", {"width": true, "height": 3}]', '["stdin", 5]', '["stdin"]',
                '"stdin"', '[]', '[1, 2]', 'not json', '["quit"]', '["focus", 1]'):
        assert parse_message(bad) is None, bad


@pytest.mark.slow
def test_a_browser_creates_a_table_discards_and_comes_back(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path))
    caplog.set_level(logging.INFO, logger="riichi.serve")

    async def main():
        server, web = web_server(tmp_path)
        client = TestClient(TestServer(web.make_app()))
        await client.start_server()
        try:
            page = await client.get("/")
            html = await page.text()
            assert page.status == 200 and "/ws" in html and "static/js/textual.js" in html
            token = page.cookies[COOKIE].value
            key = player_key(token)
            assert len(token) >= 16 and page.cookies[COOKIE]["httponly"]
            script = await client.get("/static/js/textual.js")
            assert script.status == 200  # textual-serve's, from the installed package

            tab = Browser(await client.ws_connect("/ws?width=100&height=32"))
            await tab.send("resize", {"width": 100, "height": 32})
            await tab.ws.send_str("nonsense")  # a bad message: ignored, logged
            await tab.send("rm", "-rf", "/")
            await tab.send("ping", "42")
            await tab.wait_for("Your name")
            assert ["pong", "42"] in tab.texts
            await tab.keys("ann\r")
            await tab.wait_for(r"lobby — you are ann")
            assert "in a browser, not authenticated" in tab.text()
            await tab.keys("c")
            await tab.wait_for("Enter starts")
            await tab.keys("\r")
            text = await tab.wait_for(r"Table [A-Z]{4}")
            code = re.search(r"Table ([A-Z]{4})", text).group(1)
            assert f"code {code} in the lobby" in text  # how others join, on the web
            await tab.keys("s")
            await tab.wait_for(r"E You 25000")
            table = server.tables.get(code)
            assert table is not None and table.seat_of(key) == 0
            await tab.wait_for("Your turn")
            await asyncio.sleep(0.5)
            await tab.keys("a")  # the first tile
            end = time.monotonic() + 15
            while not any(s == 0 and isinstance(a, Discard) for s, a in table.session.game.actions):
                assert time.monotonic() < end, tab.text()
                await asyncio.sleep(0.05)
            tab.screen.resize(40, 120)
            await tab.send("resize", {"width": 120, "height": 40})  # the window grew
            (app,) = [session.app for session in server.sessions]
            end = time.monotonic() + 10
            while app.size != (120, 40):
                assert time.monotonic() < end
                await asyncio.sleep(0.05)

            await tab.ws.close()  # the tab is reloaded: same cookie, same player
            await tab.reader
            end = time.monotonic() + 10
            while server.sessions:
                assert time.monotonic() < end
                await asyncio.sleep(0.05)
            again = Browser(await client.ws_connect("/ws?width=100&height=32"))
            await again.wait_for(r"lobby — you are ann")  # no name asked again
            await again.keys("j")
            await again.wait_for("Table code")
            await again.keys(code.lower() + "\r")
            await again.wait_for(r"E You \d+")
            assert table.seat_of(key) == 0
            await again.ws.close()
        finally:
            await client.close()
            for table in server.tables.tables.values():
                table.stop()

    asyncio.run(main())
    log = caplog.text
    assert "ignored a bad message 'nonsense'" in log
    assert "ignored a bad message '[\"rm\"" in log


def test_a_foreign_page_and_a_missing_cookie_are_refused(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="riichi.serve")

    async def main():
        server, web = web_server(tmp_path)
        client = TestClient(TestServer(web.make_app()))
        await client.start_server()
        try:
            response = await client.get("/ws", headers={
                "Origin": "http://evil.example", "Connection": "Upgrade",
                "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
            assert response.status == 403
            ws = await client.ws_connect("/ws")  # no page opened: no cookie
            message = await ws.receive()
            assert b"open the server's page first" in message.data
            assert (await ws.receive()).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
            assert not server.sessions
        finally:
            await client.close()

    asyncio.run(main())
    assert "refused a websocket from the page of 'http://evil.example'" in caplog.text
