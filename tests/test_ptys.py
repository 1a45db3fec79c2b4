"""tests/ptys.PtyProcess, the program-in-a-pty of the takeover and SSH tests: closing it never
frees its descriptor under its reader thread."""

from __future__ import annotations

import os
import sys
import threading

from tests.ptys import PtyProcess


class Gate:
    """A lock the test holds (``PtyProcess.lock``): ``waiting`` is set once the reader, having
    read, waits for it, i.e. the reader is between two reads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.waiting = threading.Event()

    def __enter__(self) -> None:
        self.waiting.set()
        self.lock.acquire()

    def __exit__(self, *exc: object) -> None:
        self.lock.release()


def test_close_waits_for_the_reader_before_it_frees_the_descriptor():
    """A closed client's reader once took the "listening on" line of the server started next:
    the pty closed while its reader was between two reads, the server's stdout pipe got the
    descriptor's number, and the reader's next read was from that pipe."""
    pty_ = PtyProcess([sys.executable, "-c", "import time; time.sleep(60)"], env=dict(os.environ))
    gate = Gate()
    gate.lock.acquire()
    pty_.lock = gate  # type: ignore[assignment]
    pty_.write(b"x")  # the pty echoes it: the reader reads it, then waits at the gate
    assert gate.waiting.wait(10)
    pty_.proc.kill()
    pty_.proc.wait(10)
    master = pty_.master
    closing = threading.Thread(target=pty_.close_pty)
    closing.start()
    closing.join(0.5)
    closed_under_the_reader = not closing.is_alive()
    gate.lock.release()
    closing.join(10)
    assert not closed_under_the_reader, "close_pty freed the descriptor while the reader ran"
    assert not closing.is_alive() and not pty_.reader.is_alive()
    # the number is free now; a pipe that gets it keeps what is written to it
    read, write = os.pipe()
    try:
        os.dup2(read, master)
        os.write(write, b"riichi serve: listening on 127.0.0.1:2222\n")
        assert os.read(master, 100) == b"riichi serve: listening on 127.0.0.1:2222\n"
        pty_.close_pty()  # a second close leaves the number alone
        os.fstat(master)
    finally:
        for fd in {read, write, master}:
            os.close(fd)
    assert b"listening" not in pty_.output()
