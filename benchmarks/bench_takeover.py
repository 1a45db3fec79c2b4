"""How long taking a game back from another riichi takes (issue 11 item 7).

Run from the repository root:

    .venv/bin/python benchmarks/bench_takeover.py            # 5 rounds
    .venv/bin/python benchmarks/bench_takeover.py --rounds 9

Each round starts a real ``python -m app play --autoplay --speed normal`` in an 80x24 pty with
its own RIICHI_HOME, waits until it has saved a few moves, then times ``take_over`` (the
request, the old riichi closing its session between two moves, the lock free) and how long the
old one takes to exit after that (it shows its notice for ``HANDED_OVER_DELAY``). A second set of
rounds SIGSTOPs the old riichi first: the time is then ``ASK_WAIT`` plus the stop. Prints the
medians and the worst.
"""

from __future__ import annotations

import argparse
import fcntl
import logging
import os
import pty
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.storage import takeover  # noqa: E402


def start(home: Path) -> tuple[subprocess.Popen[bytes], Path]:
    """An autoplaying riichi in a pty (its output drained), and its journal once it has moves."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, PYTHONPATH=str(ROOT), RIICHI_HOME=str(home), TERM="xterm-256color")
    proc = subprocess.Popen([sys.executable, "-m", "app", "play", "--seed", "3", "--autoplay",
                             "--speed", "normal"], stdin=slave, stdout=slave, stderr=slave,
                            env=env, cwd=ROOT, start_new_session=True)
    os.close(slave)

    def drain() -> None:
        while True:
            try:
                if not os.read(master, 65536):
                    return
            except OSError:
                return

    threading.Thread(target=drain, daemon=True).start()
    journal = home / "data" / "current-game.jsonl"
    deadline = time.monotonic() + 60
    while not (journal.exists() and journal.read_bytes().count(b"\n") >= 6):
        if time.monotonic() > deadline:
            proc.kill()
            raise SystemExit("the riichi under test saved no moves in 60 s")
        time.sleep(0.1)
    return proc, journal


def one(stopped: bool) -> tuple[float, float, str]:
    with tempfile.TemporaryDirectory() as tmp:
        proc, journal = start(Path(tmp))
        try:
            if stopped:
                os.kill(proc.pid, signal.SIGSTOP)
            began = time.monotonic()
            taken = takeover.take_over(journal)
            free = time.monotonic() - began
            proc.wait(30)
            exited = time.monotonic() - began
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        return free, exited, taken.how


def report(name: str, runs: list[tuple[float, float, str]]) -> None:
    free = [r[0] for r in runs]
    exited = [r[1] for r in runs]
    hows = sorted({r[2] for r in runs})
    print(f"{name:<22} lock free: median {statistics.median(free) * 1000:7.0f} ms, "
          f"worst {max(free) * 1000:7.0f} ms; old riichi gone: median "
          f"{statistics.median(exited) * 1000:7.0f} ms  ({', '.join(hows)})")


def main() -> None:
    logging.getLogger("riichi").setLevel(logging.ERROR)  # each round's "asking ..." warning
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    report("asked (it answers)", [one(stopped=False) for _ in range(args.rounds)])
    report("stopped (SIGSTOP)", [one(stopped=True) for _ in range(max(1, args.rounds // 2))])


if __name__ == "__main__":
    main()
