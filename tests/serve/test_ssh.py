"""``riichi serve`` through the real OpenSSH client on loopback (issue 13's proof): two people
at one table discard and call, a drop and a return, a watcher, refused keys and requests,
SIGTERM then a restart. Each test runs a server process; the clients are ``ssh -tt`` in ptys
whose screens pyte keeps."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import time

import pytest

from tests.serve.conftest import (
    HAND_ROW,
    Player,
    connect,
    create_table,
    hand_row,
    hand_tiles,
    needs_ssh,
    play,
    serve,
    wait_for_draw,
)
from tests.serve.harness import ssh_args

pytestmark = [pytest.mark.slow, needs_ssh]


def start_two(tmp_path, keys, cleanup, *args: str):
    """alice creates a table (seed 1), bob joins it by its code, alice starts it."""
    server = serve(tmp_path, cleanup, "--open", "--seed", "1", *args)
    alice = connect(server, keys, cleanup, "alice")
    code = create_table(alice)
    bob = connect(server, keys, cleanup, "bob", "join", code)
    bob.wait_for("Waiting for alice to start")
    alice.wait_for("seat 2: bob")
    alice.send("s")
    alice.wait_for(r"E You 25000")
    bob.wait_for(r"S You 25000")
    return server, alice, bob, code


def concealed_count(text: str, name: str) -> int:
    """The number of concealed tiles a screen shows on ``name``'s seat line."""
    return int(re.search(rf"{name} \d+ \((\d+)\)", text).group(1))


@pytest.mark.parametrize("workers", [(), ("--workers", "1")], ids=["default", "one-process"])
def test_two_players_discard_and_call(tmp_path, keys, cleanup, workers):
    server, alice, bob, code = start_two(tmp_path, keys, cleanup, *workers)
    a, b = Player(alice, take_calls=False), Player(bob, take_calls=False)
    # each sees their own hand only, and the other by name
    assert hand_row(alice.text()) != hand_row(bob.text())
    assert hand_row(alice.text()) not in bob.text()
    assert "bob" in alice.text() and "alice" in bob.text()
    play([a, b], lambda: a.discards >= 2 and b.discards >= 2)
    a.take_calls = b.take_calls = True
    # a call taken can still be overruled (bob's pon beats alice's chi of the same tile), so
    # who called is read from the screens: the caller has fewer concealed tiles than 13
    called = r"You \d+ \(([0-9]|1[0-2])\)"
    play([a, b], lambda: any(re.search(called, c.text()) for c in (alice, bob)))
    caller, other, name = (alice, bob, "alice") if re.search(called, alice.text()) else (bob, alice, "bob")
    other.wait_for(rf"{name} \d+ \(([0-9]|1[0-2])\)")  # the call shows on the other screen too
    # the window-change message reaches the table: the screen is drawn at the new size
    alice.resize(120, 40)
    alice.wait_for(r"Indicator")
    assert "Error" not in server.log() and "Traceback" not in server.log()


def test_drop_then_ai_then_return(tmp_path, keys, cleanup):
    server, alice, bob, code = start_two(tmp_path, keys, cleanup, "--grace", "1")
    a, b = Player(alice, take_calls=False), Player(bob, take_calls=False)
    play([a, b], lambda: a.discards >= 1 and b.discards >= 1)
    bob.close()
    deadline = time.monotonic() + 15
    while "the AI took seat 1" not in server.log():
        assert time.monotonic() < deadline, server.log()
        time.sleep(0.1)
    # bob's seat plays on (the call timer is 30 s: alice's turns come back by the AI alone)
    before = a.discards
    play([a], lambda: a.discards >= before + 3, timeout=20)
    back = connect(server, keys, cleanup, "bob", "join", code)
    back.wait_for(r"S You \d+")  # at his seat (South of East 1)
    back.wait_for(HAND_ROW.pattern.replace("^", "(?m)^", 1))  # his hand (a frame may come in parts)
    deadline = time.monotonic() + 10
    while "seat 1 is back" not in server.log():
        assert time.monotonic() < deadline, server.log()
        time.sleep(0.1)
    b2 = Player(back, take_calls=False)
    played = b2.discards
    play([a, b2], lambda: b2.discards >= played + 2, timeout=30)  # asked again: a person's seat


def test_three_player_table(tmp_path, keys, cleanup):
    """P1: a tenhou3 table seats three: the lobby says 2/3, two people play it with the AI in
    the third seat, and nobody sits across."""
    server = serve(tmp_path, cleanup, "--open", "--seed", "1")
    alice = connect(server, keys, cleanup, "alice")
    alice.wait_for("lobby")
    alice.send("c")
    alice.wait_for("Enter starts")
    alice.send("\x1b[B")  # the rules' line
    for _ in range(3):  # tenhou -> majsoul -> local -> tenhou3
        alice.send("\x1b[C")
        time.sleep(0.2)
    alice.wait_for("Tenhou, 3 players")
    alice.send("\r")
    code = re.search(r"Table ([A-Z]{4})", alice.wait_for(r"Table [A-Z]{4}")).group(1)
    assert "seat 4" not in alice.text()
    carol = connect(server, keys, cleanup, "carol")
    carol.wait_for(rf"{code} .*1/3 alice")
    bob = connect(server, keys, cleanup, "bob", "join", code, width=80, height=24)
    bob.wait_for("Waiting for alice to start")
    carol.wait_for(rf"{code} .*2/3 alice, bob")
    alice.send("s")
    alice.wait_for(r"E You 35000")
    text = bob.wait_for(r"S You 35000")
    assert "alice" in text and "Across" not in text
    # at 80 columns the footer keeps the phrases key whole (the toggles share one entry)
    footer = re.compile(r"q Quit +p Say\s*$")
    a, b = Player(alice, take_calls=False), Player(bob, take_calls=False)
    seen = set()

    def footers() -> bool:
        last = bob.text().rstrip().splitlines()[-1]
        if "Esc" in last or "Select" in last or "Aids" in last:
            assert footer.search(last), last
            seen.add(last.split()[0])
        return a.discards >= 2 and b.discards >= 2 and len(seen) >= 2

    play([a, b], footers)
    assert "Error" not in server.log() and "Traceback" not in server.log()


def test_watcher_sees_no_hidden_tile(tmp_path, keys, cleanup):
    server, alice, bob, code = start_two(tmp_path, keys, cleanup)
    carol = connect(server, keys, cleanup, "carol", "watch", code)
    carol.wait_for(r"Indicator")
    a, b = Player(alice), Player(bob)
    checks = 0
    end = time.monotonic() + 25
    while checks < 15 and time.monotonic() < end:
        a.step()
        b.step()
        text = carol.text()
        hands = [hand_row(alice.text()), hand_row(bob.text())]
        if "Continue" not in text and "Indicator" in text:
            assert hand_row(text) is None, text  # no concealed tile at all
            for hand in hands:
                assert hand is None or hand not in text
            assert "You " not in text  # no seat is the watcher's
            assert not re.search(r"alice \d+ \(0\)", text)  # her tiles counted, not shown
            checks += 1
        time.sleep(0.3)
    assert checks >= 10
    assert "alice" in carol.text() and "bob" in carol.text()


def run_ssh(server, key, *args: str, timeout: float = 20) -> subprocess.CompletedProcess:
    return subprocess.run(args[0] if args and isinstance(args[0], list) else
                          ssh_args(server.port, key, "x", *args, tty=False),
                          capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


def test_unknown_key_is_refused(tmp_path, keys, cleanup):
    allowed = tmp_path / "authorized_keys"
    allowed.write_text("# the players\n" + keys["alice"].with_suffix(".pub").read_text())
    server = serve(tmp_path, cleanup, "--authorized-keys", str(allowed))
    eve = run_ssh(server, keys["eve"], "join", "ABCD")
    assert eve.returncode == 255 and "Permission denied" in eve.stderr
    alice = run_ssh(server, keys["alice"], "join", "ABCD")  # in, but no terminal given
    assert alice.returncode == 1 and "needs a terminal" in alice.stderr
    assert "refused key" in server.log()


def test_shell_exec_subsystem_and_forwarding_are_refused(tmp_path, keys, cleanup):
    server = serve(tmp_path, cleanup, "--open")
    key = keys["alice"]
    marker = tmp_path / "ran"
    done = run_ssh(server, key, f"touch {marker}; cat /etc/passwd")
    assert done.returncode == 1 and "runs only the game" in done.stderr
    assert "root:" not in done.stdout and not marker.exists()
    shell = run_ssh(server, key)  # a shell without a terminal
    assert shell.returncode == 1 and "needs a terminal" in shell.stderr
    sftp = run_ssh(server, key, "-s", "sftp")
    assert sftp.returncode != 0 and "subsystem request failed" in sftp.stderr
    remote = run_ssh(server, key, ssh_args(server.port, key, "x", tty=False)[:1] + [
        "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9",
        *ssh_args(server.port, key, "x", tty=False)[2:]])
    assert remote.returncode == 255 and "forwarding failed" in remote.stderr
    # a local forward: the tunnel's channel is refused when used
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    tunnel = subprocess.Popen(
        ssh_args(server.port, key, "x", tty=False)[:1] + ["-N", "-L", f"{port}:127.0.0.1:9"]
        + ssh_args(server.port, key, "x", tty=False)[2:],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5) as c:
                    c.settimeout(5)
                    assert c.recv(10) == b""  # closed: nothing came through
                break
            except ConnectionRefusedError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
        deadline = time.monotonic() + 5
        while "refused a port forward" not in server.log():
            assert time.monotonic() < deadline, server.log()
            time.sleep(0.1)
    finally:
        tunnel.terminate()
        try:
            tunnel.wait(10)
        except subprocess.TimeoutExpired:  # a loaded machine: the client is slow to go
            tunnel.kill()
            tunnel.wait(10)


def test_sigterm_then_restart_resumes_the_table(tmp_path, keys, cleanup):
    server, alice, bob, code = start_two(tmp_path, keys, cleanup)
    a, b = Player(alice, take_calls=False), Player(bob, take_calls=False)
    play([a, b], lambda: a.discards >= 2 and b.discards >= 1)
    text = wait_for_draw(alice, [b])
    hand = hand_tiles(text)
    assert len(hand) in (2, 5, 8, 11, 14), hand_row(text)
    server.proc.send_signal(signal.SIGTERM)
    alice.wait_for("server is stopping", 5)  # told, then the connection ends
    out, err = server.stop()
    assert "stopped, every table saved" in out
    assert (tmp_path / "home" / "data" / "tables" / f"{code}.jsonl").exists()
    assert alice.wait_exit(10) is not None
    again = serve(tmp_path, cleanup, "--open")
    assert "1 tables resumed" in again.banner
    back = connect(again, keys, cleanup, "alice", "join", code)
    text = back.wait_for("Your turn")
    assert hand_tiles(text) == hand  # the same hand, the same turn


def test_limits_on_sessions_and_connections_per_address(tmp_path, keys, cleanup):
    server = serve(tmp_path, cleanup, "--open", "--max-sessions", "1")
    first = connect(server, keys, cleanup, "alice")
    first.wait_for("lobby")
    full = connect(server, keys, cleanup, "bob")
    full.wait_exit(15)
    assert "the server is full" in full.raw.decode(errors="replace")
    first.close()

    other = serve(tmp_path / "b", cleanup, "--open", "--per-address", "1")
    one = connect(other, keys, cleanup, "alice")
    one.wait_for("lobby")
    two = run_ssh(other, keys["bob"], "join", "ABCD")
    assert two.returncode == 255 and "too many connections" in two.stderr
