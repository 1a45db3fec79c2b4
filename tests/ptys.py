"""A program in a pseudo-terminal for the tests that need a real terminal (the takeover of a
game by a second riichi, the SSH clients of ``riichi serve``): its output read as it comes by a
thread, kept as bytes and, when asked, in a terminal emulator (pyte) that knows the screen."""

from __future__ import annotations

import fcntl
import os
import pty
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
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
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
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    def set_size(self, width: int, height: int) -> None:
        """The pty's new size (the program learns it from SIGWINCH, sent by the caller)."""
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))

    def close_pty(self) -> None:
        try:
            os.close(self.master)
        except OSError:
            pass
