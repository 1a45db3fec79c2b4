"""Drive ``riichi serve`` with the real OpenSSH client: a server process, clients in ptys whose
screens a terminal emulator (pyte) keeps, keys typed as bytes."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import shutil
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pyte

SSH = shutil.which("ssh")
SSH_KEYGEN = shutil.which("ssh-keygen")
ROOT = Path(__file__).resolve().parents[2]


def make_key(directory: Path, name: str) -> Path:
    path = directory / name
    subprocess.run([SSH_KEYGEN, "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)
    return path


class Server:
    """``riichi serve`` in a child process with its own RIICHI_HOME."""

    def __init__(self, home: Path, *args: str) -> None:
        self.home = home
        env = {**os.environ, "RIICHI_HOME": str(home), "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--port", "0", *args],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        match = re.search(r"listening on [\d.]+:(\d+)", line)
        if not match:
            self.proc.kill()
            raise RuntimeError(f"server did not start: {line!r} {self.proc.stderr.read()!r}")
        self.port = int(match.group(1))
        self.banner = line

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 10) -> tuple[str, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
        return out, err

    def log(self) -> str:
        path = self.home / "data" / "serve.log"
        return path.read_text() if path.exists() else ""


def ssh_args(port: int, key: Path, user: str, *command: str, tty: bool = True) -> list[str]:
    return [SSH, *(["-tt"] if tty else ["-T"]), "-p", str(port), "-i", str(key),
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
            "-F", "/dev/null", f"{user}@127.0.0.1", *command]


class Client:
    """One ``ssh -tt`` in a pty of ``width`` x ``height``; ``screen`` is what it shows."""

    def __init__(self, port: int, key: Path, user: str, *command: str, width: int = 100,
                 height: int = 32) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.lock = threading.Lock()
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color"}
        self.proc = subprocess.Popen(ssh_args(port, key, user, *command), stdin=slave,
                                     stdout=slave, stderr=slave, env=env, start_new_session=True)
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
                self.stream.feed(data)

    def text(self) -> str:
        with self.lock:
            return "\n".join(self.screen.display)

    def wait_for(self, pattern: str, timeout: float = 20.0) -> str:
        """Wait until the screen shows ``pattern`` (a regex); the screen's text."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.text()
            if re.search(pattern, text):
                return text
            time.sleep(0.05)
        raise AssertionError(f"{pattern!r} not on the screen after {timeout} s:\n{self.text()}")

    def send(self, keys: str | bytes) -> None:
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    def resize(self, width: int, height: int) -> None:
        with self.lock:
            self.screen.resize(height, width)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        os.killpg(self.proc.pid, signal.SIGWINCH)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        try:
            os.close(self.master)
        except OSError:
            pass

    def wait_exit(self, timeout: float = 10) -> int:
        return self.proc.wait(timeout)
