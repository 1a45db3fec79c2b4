"""``riichi serve --workers 2`` through the real OpenSSH client: one lobby across the workers, a
join from a lobby of one worker to a table of the other on the same connection (the move),
``join CODE`` straight to the code's worker, a worker killed and started again with its table
resumed, SIGTERM saving the tables of every worker and a restart with other worker counts
resuming each once, and the web page's sessions through the same relay."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import time

import pytest

from app.serve.relay import worker_of
from tests.serve.conftest import (
    Player,
    connect,
    create_table,
    hand_tiles,
    needs_ssh,
    play,
    serve,
    wait_for_draw,
)

pytestmark = [pytest.mark.slow, needs_ssh]


def wait_log(server, pattern: str, timeout: float = 15.0) -> re.Match:
    deadline = time.monotonic() + timeout
    while True:
        found = re.search(pattern, server.log())
        if found:
            return found
        assert time.monotonic() < deadline, f"{pattern!r} not in the log:\n{server.log()}"
        time.sleep(0.1)


def worker_pid(server, index: int) -> int:
    """The pid of worker ``index`` now (its last start in the log)."""
    found = re.findall(rf"worker {index} started \(pid (\d+)\)", server.log())
    assert found, server.log()
    return int(found[-1])


def test_one_lobby_across_workers_and_a_join_moves_the_connection(tmp_path, keys, cleanup):
    server = serve(tmp_path, cleanup, "--open", "--seed", "1", "--workers", "2")
    alice = connect(server, keys, cleanup, "alice")  # the first lobby: worker 0
    mine = create_table(alice)
    assert worker_of(mine, 2) == 0  # made where its creator is
    bob = connect(server, keys, cleanup, "bob", width=80, height=24)  # the emptier: worker 1
    theirs = create_table(bob)
    assert worker_of(theirs, 2) == 1
    carol = connect(server, keys, cleanup, "carol")
    carol.wait_for(rf"{theirs} .*1/4 bob")  # both workers' tables in one lobby
    carol.wait_for(rf"{mine} .*1/4 alice")
    bob.send("q")  # his table goes; back in his lobby (worker 1), alice's table listed
    bob.wait_for(rf"{mine} .*1/4 alice")
    deadline = time.monotonic() + 10
    while True:  # gone from the other worker's lobby too (a screen read between frames
        text = carol.text()  # may show neither row: read until it shows the one left)
        if theirs not in text and re.search(rf"{mine} .*1/4 alice", text):
            break
        assert time.monotonic() < deadline, text
        time.sleep(0.05)
    bob.send("\r")  # join the table under the cursor: worker 0's
    bob.wait_for("Waiting for alice to start")
    wait_log(server, r"moves to worker 0 \(\['join', '" + mine)
    alice.wait_for("seat 2: bob")
    alice.send("s")
    alice.wait_for(r"E You 25000")
    bob.wait_for(r"S You 25000")
    a, b = Player(alice, take_calls=False), Player(bob, take_calls=False)
    play([a, b], lambda: a.discards >= 1 and b.discards >= 1)
    assert "Traceback" not in server.log() and "ERROR" not in server.log()


def test_join_code_goes_to_its_worker_and_a_killed_worker_is_started_again(tmp_path, keys,
                                                                             cleanup):
    server = serve(tmp_path, cleanup, "--open", "--seed", "1", "--workers", "2")
    alice = connect(server, keys, cleanup, "alice")
    code = create_table(alice)
    home = worker_of(code, 2)
    bob = connect(server, keys, cleanup, "bob", "join", code)
    bob.wait_for("Waiting for alice to start")
    found = wait_log(server, rf"\[w(\d)\]: session of \S+ \(ssh\): join {code}")
    assert int(found.group(1)) == home  # straight to the code's worker
    alice.send("s")
    a, b = Player(alice, take_calls=False), Player(bob, take_calls=False)
    play([a, b], lambda: a.discards >= 1 and b.discards >= 1)
    hand = hand_tiles(wait_for_draw(alice, [b]))
    os.kill(worker_pid(server, home), signal.SIGKILL)
    alice.wait_for("table server of this session stopped")
    assert alice.wait_exit(10) == 1
    wait_log(server, rf"worker {home} ended \(exit status -9\)")
    wait_log(server, rf"worker {home} is back: 1 tables resumed", 60)
    back = connect(server, keys, cleanup, "alice", "join", code)
    text = back.wait_for("Your turn", 30)
    assert hand_tiles(text) == hand  # her hand, at her turn
    assert server.proc.poll() is None  # the front never stopped
    # a worker never outlives its front (its control connection closes)
    pids = [worker_pid(server, i) for i in (0, 1)]
    sockets = socket_directory(pids[0])
    server.proc.kill()
    server.proc.wait(5)
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in pids):
        assert time.monotonic() < deadline, "a worker outlived its front"
        time.sleep(0.1)
    # a killed front leaves its sockets' directory (a clean stop removes it): not the test's to keep
    shutil.rmtree(sockets, ignore_errors=True)


def socket_directory(pid: int) -> str:
    """The private directory of a worker's socket (its ``--socket`` argument)."""
    with open(f"/proc/{pid}/cmdline", "rb") as f:
        args = f.read().decode().split("\0")
    return os.path.dirname(args[args.index("--socket") + 1])


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:  # a zombie (not yet reaped) has ended
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_sigterm_saves_every_workers_tables_and_other_counts_resume_them(tmp_path, keys,
                                                                         cleanup):
    server = serve(tmp_path, cleanup, "--open", "--seed", "1", "--workers", "2")
    codes = []
    for name in ("alice", "bob"):  # one table on each worker, each started
        client = connect(server, keys, cleanup, name)
        codes.append(create_table(client))
        client.send("s")
        client.wait_for(r"E You 25000")
    assert sorted(worker_of(code, 2) for code in codes) == [0, 1]
    server.proc.send_signal(signal.SIGTERM)
    out, err = server.stop()
    assert "stopped, every table saved" in out
    tables = tmp_path / "home" / "data" / "tables"
    assert all((tables / f"{code}.jsonl").exists() for code in codes)
    for workers in ("3", "1"):
        again = serve(tmp_path, cleanup, "--open", "--workers", workers)
        assert "2 tables resumed" in again.banner
        for code in codes:
            tag = rf"\[w{worker_of(code, 3)}\]" if workers == "3" else ""
            wait_log(again, rf"{tag}: table {code} resumed")
        alice = connect(again, keys, cleanup, "alice", "join", codes[0])
        alice.wait_for(r"E You \d+")
        alice.close()
        again.proc.send_signal(signal.SIGTERM)
        out, err = again.stop()
        assert "stopped, every table saved" in out
        (tmp_path / "home" / "data" / "serve.log").unlink()  # the next run's lines only


def test_a_browser_plays_through_a_worker(tmp_path, cleanup):
    """--web with workers: the tab's session is relayed as an SSH channel's (stdin, resize,
    focus in; the screen out)."""
    from aiohttp import ClientSession, CookieJar

    from tests.serve.test_web import Browser

    server = serve(tmp_path, cleanup, "--open", "--seed", "1", "--workers", "2", "--web", "0")
    line = server.proc.stdout.readline()
    port = int(re.search(r"http://[\d.]+:(\d+)/", line).group(1))

    async def main() -> None:
        async with ClientSession(cookie_jar=CookieJar(unsafe=True)) as http:  # 127.0.0.1
            async with http.get(f"http://127.0.0.1:{port}/") as page:
                assert page.status == 200
            async with http.ws_connect(f"http://127.0.0.1:{port}/ws?width=100&height=32") as ws:
                tab = Browser(ws)
                await tab.wait_for("Your name")
                await tab.keys("wendy\r")
                await tab.wait_for("you are wendy")
                await tab.send("resize", {"width": 90, "height": 30})
                await tab.send("blur")
                await tab.send("focus")
                await tab.keys("c")
                await tab.wait_for("Enter starts")
                await tab.keys("\r")
                text = await tab.wait_for(r"Table [A-Z]{4}")
                assert "join" in text
                await ws.send_str(json.dumps(["ping", "7"]))
                deadline = time.monotonic() + 5
                while ["pong", "7"] not in tab.texts:
                    assert time.monotonic() < deadline
                    await asyncio.sleep(0.05)

    asyncio.run(main())
    wait_log(server, r"\[w\d\]: session of web:\w+ \(web\): lobby")
    assert "Traceback" not in server.log()
