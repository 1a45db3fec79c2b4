"""Drive ``riichi serve`` with the real OpenSSH client: a server process, clients in ptys whose
screens a terminal emulator (pyte) keeps, keys typed as bytes."""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.ptys import PtyProcess

SSH = shutil.which("ssh")
SSH_KEYGEN = shutil.which("ssh-keygen")
ROOT = Path(__file__).resolve().parents[2]
#: how long a server may take to print its "listening on" line before the test fails (a hung
#: start must fail the suite, not stall it)
START_TIMEOUT = 60.0


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
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], START_TIMEOUT)
        if not ready:
            self.proc.kill()
            _, err = self.proc.communicate()
            raise RuntimeError(f"server printed nothing in {START_TIMEOUT:.0f} s: {err!r}")
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


class Client(PtyProcess):
    """One ``ssh -tt`` in a pty of ``width`` x ``height``; ``screen`` is what it shows."""

    def __init__(self, port: int, key: Path, user: str, *command: str, width: int = 100,
                 height: int = 32) -> None:
        env = {**os.environ, "TERM": "xterm-256color"}
        super().__init__(ssh_args(port, key, user, *command), env=env, width=width,
                         height=height, emulate=True)

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
        self.write(keys)

    def resize(self, width: int, height: int) -> None:
        with self.lock:
            self.screen.resize(height, width)
        self.set_size(width, height)
        os.killpg(self.proc.pid, signal.SIGWINCH)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.close_pty()

    def wait_exit(self, timeout: float = 10) -> int:
        """Wait for the ssh to end, and for the reader to take the last of what it wrote from
        the pty (under load the reader lags: a test read ``raw`` before the server's last
        words were in it)."""
        code = self.proc.wait(timeout)
        self.reader.join(timeout)
        return code
