"""Fixtures of the SSH tests: keys, a server, clients (tests/serve/harness.py)."""

from __future__ import annotations

import re
import time

import pytest

from tests.serve.harness import SSH, SSH_KEYGEN, Client, Server, make_key

needs_ssh = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None,
    reason="the OpenSSH client (ssh, ssh-keygen) is not installed: apt-get install "
           "openssh-client (.ci/run does when it may)")


@pytest.fixture
def keys(tmp_path):
    return {name: make_key(tmp_path, name) for name in ("alice", "bob", "carol", "eve")}


@pytest.fixture
def cleanup():
    things: list = []
    yield things
    for thing in reversed(things):
        try:
            thing.close() if isinstance(thing, Client) else thing.stop()
        except Exception:
            pass


def serve(tmp_path, cleanup, *args: str) -> Server:
    server = Server(tmp_path / "home", *args)
    cleanup.append(server)
    return server


def connect(server: Server, keys, cleanup, name: str, *command: str, **size) -> Client:
    client = Client(server.port, keys[name], name, *command, **size)
    cleanup.append(client)
    return client


def create_table(client: Client) -> str:
    """From the lobby: create a table with the setup's defaults; its code."""
    client.wait_for("lobby")
    client.send("c")
    client.wait_for("Enter starts")
    client.send("\r")
    text = client.wait_for(r"Table [A-Z]{4}")
    return re.search(r"Table ([A-Z]{4})", text).group(1)


HAND_ROW = re.compile(r"^ ?([│┃][^│┃]{2}[│┃])+")  # ┃ boxes the selected tile
CALL = re.compile(r" 1 +(Pon|Chi)\b")


def hand_row(text: str) -> str | None:
    """The concealed hand's row of tiles on a screen (``│1m││2m│...``), None if none."""
    rows = [line.strip() for line in text.splitlines() if HAND_ROW.match(line)]
    return rows[-1] if rows else None


def hand_tiles(text: str) -> list[str]:
    """The tiles of the hand row (whatever highlights the selected one)."""
    row = hand_row(text) or ""
    return re.findall(r"[│┃]([^│┃ ]{2})[│┃]", row)


class Player:
    """A person at the table who discards the first tile they may and takes calls when told."""

    def __init__(self, client: Client, take_calls: bool = True) -> None:
        self.client = client
        self.take_calls = take_calls
        self.discards = 0
        self.calls = 0
        self.pick = 0
        self.last_key_at = 0.0
        self.last_screen = ""

    def step(self) -> None:
        text = self.client.text()
        now = time.monotonic()
        if text == self.last_screen and now - self.last_key_at < 0.6:
            return  # the screen has not answered the last key yet
        self.last_screen = text
        if "⏎ Continue" in text:
            self.client.send("\r")
        elif CALL.search(text):
            if self.take_calls:
                self.client.send("1")
                self.calls += 1
            else:
                self.client.send("\x1b")
        elif "Your turn" in text:
            if now - self.last_key_at < 1.5:
                self.pick += 1  # the tile was refused (kuikae): try the next one
            else:
                self.pick = 0
            self.client.send("abcdefghijklmn"[self.pick % 14])
            self.discards += 1
        else:
            return
        self.last_key_at = now


def play(players: list[Player], until, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for p in players:
            p.step()
        if until():
            return
        time.sleep(0.05)
    raise AssertionError("not reached in time:\n" + "\n\n".join(p.client.text() for p in players))


def wait_for_draw(client: Client, others: list[Player], timeout: float = 30.0) -> str:
    """Let ``others`` play until ``client`` must discard (it drew: 3n+2 tiles, no call offered);
    its screen then. Calls offered to ``client`` meanwhile are passed."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for p in others:
            p.step()
        text = client.text()
        if "Continue" in text:
            client.send("\r")
            time.sleep(0.5)
        elif CALL.search(text):
            client.send("\x1b")
            time.sleep(0.5)
        elif "Your turn" in text and len(hand_tiles(text)) % 3 == 2:
            time.sleep(0.7)  # the same for a while: not a key's answer still on its way
            if client.text() == text:
                return text
        time.sleep(0.05)
    raise AssertionError(f"no turn to discard:\n{client.text()}")
