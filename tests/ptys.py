"""A program in a pseudo-terminal for the tests that need a real terminal (the takeover of a
game by a second riichi, the SSH clients of ``riichi serve``): its output read as it comes by a
thread, kept as bytes and, when asked, in a terminal emulator (pyte) that knows the screen.

The reader thread owns the pty's descriptor until it has stopped: ``close_pty`` wakes it, waits
for it and only then closes the descriptor. Closed under a reader that was between two reads (busy
feeding the emulator), the descriptor's number went to the next file opened, the stdout pipe of the
``riichi serve`` a test started next, and the reader took that server's "listening on" line: the
test waited for a line that had already been read (test_limits_on_sessions_and_connections_per_
address in a loaded full run).
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import termios
import threading
from collections.abc import Sequence
from pathlib import Path


class PtyProcess:
    """``argv`` started in a new session on a ``width`` x ``height`` pty. ``raw`` is all it wrote;
    ``screen`` (with ``emulate``) is a pyte screen fed the same bytes."""

    def __init__(self, argv: Sequence[str], *, env: dict[str, str], width: int = 80,
                 height: int = 24, cwd: Path | None = None, emulate: bool = False) -> None:
        self.raw = bytearray()
        self.lock = threading.Lock()
        self.screen = self.stream = None
        if emulate:
            import pyte

            self.screen = pyte.Screen(width, height)
            self.stream = pyte.ByteStream(self.screen)
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.proc = subprocess.Popen(list(argv), stdin=slave, stdout=slave, stderr=slave, env=env,
                                     cwd=cwd, start_new_session=True)
        os.close(slave)
        self.master = master
        self.closed = False
        self._wake_read, self._wake_write = os.pipe()  # close_pty stops the reader through it
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        poll = select.poll()
        poll.register(self.master, select.POLLIN)
        poll.register(self._wake_read, select.POLLIN)
        while True:
            if self._wake_read in dict(poll.poll()):
                return  # close_pty: the descriptors close once this thread has ended
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            with self.lock:
                self.raw.extend(data)
                if self.stream is not None:
                    self.stream.feed(data)

    def output(self) -> bytes:
        """Everything written so far."""
        with self.lock:
            return bytes(self.raw)

    def write(self, keys: str | bytes) -> None:
        self._check_open()
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    def set_size(self, width: int, height: int) -> None:
        """The pty's new size (the program learns it from SIGWINCH, sent by the caller)."""
        self._check_open()
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))

    def _check_open(self) -> None:
        if self.closed:  # its number may be another file's now
            raise ValueError("the pty is closed")

    def close_pty(self) -> None:
        """Stop the reader, then close the pty (once: a second close would close whatever file
        has the number now)."""
        if self.closed:
            return
        self.closed = True
        os.write(self._wake_write, b"x")
        self.reader.join(10)
        if self.reader.is_alive():  # stuck: leaked rather than closed under it
            return
        for fd in (self.master, self._wake_read, self._wake_write):
            os.close(fd)
