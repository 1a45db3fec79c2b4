"""``riichi serve`` under load (issue 13): N simulated SSH players at N/4 tables.

Run from the repository root:

    .venv/bin/python benchmarks/bench_serve.py                  # 4 then 40 players, 30 s each
    .venv/bin/python benchmarks/bench_serve.py --players 8 --seconds 10
    .venv/bin/python benchmarks/bench_serve.py --players 40 --think 2 --no-ui --workers 1 2

For each N: a fresh server (a child process, ``--open``), N asyncssh clients with a pty
(100x30, xterm-256color) keeping their screen with pyte; every fourth creates a table, three
join it by its code (``join CODE``), the creator starts. Then every player plays: discards the
first tile it may, passes calls, closes results; and every ~3 s presses ``?`` and measures the
time until the help page is on its screen, then Escape until it is gone (key press -> screen
updated, the whole round trip through SSH, the app and the terminal emulator).

Figures: p50/p95 of those latencies (goal p95 <= 150 ms at 40 players), the server's resident
memory per session (RSS after the players joined minus before, divided by N), and how both grow
from 4 to 40. The clients run on the same machine (2 cores here), in ``--client-procs``
processes (4, whole tables each: one loop parsing every screen with pyte was itself a source of
the tail): their SSH and pyte work counts against the server, so the figures are pessimistic
for a real host.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import asyncssh
import pyte

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent
#: ``taskset`` prefix of the server's command line (``--pin``: the server on core 0, the
#: clients on the others), empty when not pinned
PIN_SERVER: list[str] = []
#: whether the players open the help page every ~3 s (``--no-probe``: only discards, to see
#: what share of the server's load the probes themselves make)
PROBE = [True]
#: a player's mean thinking time before a discard (``--think``; 0: discard as soon as the turn
#: is seen, the default, a pace far above a person's)
THINK = [0.0]
#: the server's ``--workers`` (set per run by ``--workers``)
WORKERS = [2]
#: processes the clients run in (``--client-procs``; whole tables each)
CLIENT_PROCS = [4]
#: the server run under cProfile (``BENCH_PROFILE=FILE``): on during the play only (SIGUSR1
#: on, SIGUSR2 off and written), so the players' joining is not in it
PROFILED = """
import cProfile, runpy, signal, sys
profile = cProfile.Profile()
def on(*_): profile.enable()
def off(*_): profile.disable(); profile.dump_stats({out!r})
signal.signal(signal.SIGUSR1, on)
signal.signal(signal.SIGUSR2, off)
sys.argv = ["app", *{argv!r}]
runpy.run_module("app", run_name="__main__")
"""
#: where the server's CPU goes, by the file a function is in (first match wins)
PARTS = (("asyncssh + crypto", ("asyncssh/", "cryptography/", "nacl/", "_socket", "ssl")),
         ("Textual compositor + strips", ("textual/_compositor", "textual/strip",
                                          "textual/_styles_cache", "textual/cache",
                                          "textual/_segment_tools", "textual/filter")),
         ("Textual CSS + layout", ("textual/css/", "textual/_arrange", "textual/_resolve",
                                   "textual/layouts/", "textual/_layout", "textual/box_model",
                                   "textual/geometry")),
         ("Textual widgets + messages", ("textual/",)),
         ("Rich (text, segments, output)", ("rich/",)),
         ("riichi app (screens, widgets)", ("/app/",)),
         ("riichi engine + ai", ("/engine/", "/ai/")),
         ("logging", ("logging/",)),
         ("asyncio + selectors", ("asyncio/", "selectors", "epoll")))
HELP = "?  this page"  # a line of the help page that fits at 100x30
CALL = re.compile(r" 1 +(Pon|Chi|Kan|Ron)\b")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def family(pid: int) -> list[int]:
    """``pid`` and its child processes (the front and its workers), children's children too."""
    out = [pid]
    try:
        tasks = Path(f"/proc/{pid}/task").iterdir()
        children = [int(c) for t in tasks
                    for c in (t / "children").read_text().split()]
    except OSError:
        children = []
    for child in children:
        out += family(child)
    return out


def each_of_family(pid: int, measure: Callable[[int], T]) -> list[T]:
    """``measure`` of ``pid`` and of each of its children (live ones), in ``family``'s order."""
    out = []
    for p in family(pid):
        try:
            out.append(measure(p))
        except OSError:  # gone meanwhile
            pass
    return out


def family_cpu(pid: int) -> list[float]:
    """CPU seconds of ``pid`` and of each of its children."""
    return each_of_family(pid, cpu_seconds)


def family_rss(pid: int) -> list[int]:
    """RSS (KiB) of ``pid`` and of each of its children."""
    return each_of_family(pid, rss_kib)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Player:
    def __init__(self, name: str) -> None:
        self.name = name
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        self.proc: asyncssh.SSHClientProcess | None = None
        self.conn: asyncssh.SSHClientConnection | None = None
        self.changed = asyncio.Event()
        self.lost = False
        self.keys = 0  # keys sent while playing (the server's work per key: CPU / keys)
        self.arrived = 0.0  # when the last bytes of the screen came (before pyte parsed them)
        self.fed = 0  # chunks of bytes parsed so far
        self._lines: list[str] = []
        self._lines_at = -1  # ``fed`` when ``_lines`` was made

    def lines(self) -> list[str]:
        """The screen's lines, made again only after new bytes (pyte's ``display`` builds
        every line anew on each call: the clients' largest cost after parsing)."""
        if self._lines_at != self.fed:
            self._lines, self._lines_at = self.screen.display, self.fed
        return self._lines

    def text(self) -> str:
        return "\n".join(self.lines())

    async def connect(self, port: int, key: asyncssh.SSHKey, command: str | None = None) -> None:
        self.conn = await asyncssh.connect("127.0.0.1", port, username=self.name,
                                           client_keys=[key], known_hosts=None)
        self.proc = await self.conn.create_process(command, term_type="xterm-256color",
                                                   term_size=(100, 30), encoding=None)
        asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.proc is not None
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                return
            self.arrived = time.monotonic()
            self.stream.feed(data)
            self.fed += 1
            self.changed.set()

    def send(self, keys: str) -> None:
        assert self.proc is not None
        self.keys += 1
        try:
            self.proc.stdin.write(keys.encode())
        except BrokenPipeError:  # the server ended this session: counted, the others go on
            self.lost = True

    async def wait(self, pattern: str, timeout: float = 30.0, absent: bool = False) -> str:
        end = time.monotonic() + timeout
        while True:
            text = self.text()
            if bool(re.search(pattern, text)) != absent:
                return text
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{self.name}: {pattern!r}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    def hand(self) -> list[str]:
        rows = [line for line in self.lines() if re.match(r"^ ?[│┃][^│┃ ]{2}[│┃]", line)]
        return re.findall(r"[│┃]([^│┃ ]{2})[│┃]", rows[-1]) if rows else []

    async def play(self, until: float, latencies: list[float], discards: list[float],
                   arrivals: list[float]) -> None:
        """Plays until ``until``; ``latencies``: help page key -> on the screen (and Escape ->
        gone), ``arrivals``: the same up to when the screen's last bytes came, before this
        process parsed them (the rest is the clients' own work and wait)."""
        next_probe = time.monotonic() + random.uniform(1, 3)
        while time.monotonic() < until and not self.lost:
            text = self.text()
            tiles = self.hand()
            if "Your turn" in text and len(tiles) % 3 == 2 and not CALL.search(text):
                # a discard of the drawn tile (always allowed): key -> the turn has passed
                if THINK[0]:
                    await asyncio.sleep(random.uniform(0.5, 1.5) * THINK[0])
                    tiles = self.hand()
                    if "Your turn" not in self.text() or len(tiles) % 3 != 2:
                        continue  # the call timer played for us meanwhile
                start = time.monotonic()
                self.send("abcdefghijklmn"[len(tiles) - 1])
                try:
                    await self.wait("Your turn", 10, absent=True)
                    discards.append(time.monotonic() - start)
                except TimeoutError:
                    discards.append(10.0)
                await asyncio.sleep(random.uniform(0.4, 0.9))
                continue
            if PROBE[0] and time.monotonic() >= next_probe and "Indicator" in text \
                    and HELP not in text:
                start = time.monotonic()
                self.send("?")
                try:
                    await self.wait(re.escape(HELP), 10)
                    latencies.append(time.monotonic() - start)
                    arrivals.append(self.arrived - start)
                    start = time.monotonic()
                    self.send("\x1b")
                    await self.wait(re.escape(HELP), 10, absent=True)
                    latencies.append(time.monotonic() - start)
                    arrivals.append(self.arrived - start)
                except TimeoutError:
                    latencies.append(10.0)
                next_probe = time.monotonic() + random.uniform(2, 4)
                continue
            if "Continue" in text:
                self.send("\r")
            elif CALL.search(text):
                self.send("\x1b")
            elif "Your turn" in text:  # after a call: no drawn tile
                self.send(random.choice("abcdefghijk"))
            await asyncio.sleep(random.uniform(0.4, 0.9))  # a person's pace


async def client_lag(until: float, lags: list[float], tick: float = 0.02) -> None:
    """How late the clients' own event loop wakes (a 20 ms sleep, over and over, until
    ``until``): every player's screen is parsed in this one process, so a key's measured
    latency includes the wait for this loop; its lag says how much of a figure is the
    clients' and not the server's."""
    while time.monotonic() < until:
        start = time.monotonic()
        await asyncio.sleep(tick)
        lags.append(time.monotonic() - start - tick)


async def seat_tables(port: int, tables: range) -> list[Player]:
    """The players of ``tables`` (four each): every fourth creates its table, three join it by
    its code, the creator starts; returned once every screen shows the table."""
    people = [Player(f"p{4 * t + i}") for t in tables for i in range(4)]
    for n in range(len(tables)):
        creator, *others = people[4 * n:4 * n + 4]
        await creator.connect(port, asyncssh.generate_private_key("ssh-ed25519"))
        await creator.wait("lobby")
        creator.send("c")
        await creator.wait("Enter starts")
        creator.send("\r")
        code = re.search(r"Table ([A-Z]{4})", await creator.wait(r"Table [A-Z]{4}")).group(1)
        for p in others:
            await p.connect(port, asyncssh.generate_private_key("ssh-ed25519"), f"join {code}")
            await p.wait("Waiting for")
        creator.send("s")
    for p in people:
        await p.wait("Indicator", 60)
    return people


def client_process(port: int, tables: range, seconds: float, think: float, probe: bool,
                   ready: Any, go: Any, out: Any) -> None:
    """One process of clients (``--client-procs``): seats ``tables``, says it is ready, plays
    from ``go`` for ``seconds`` and puts what it measured on ``out``."""
    THINK[0], PROBE[0] = think, probe
    out.put(asyncio.run(_play_share(port, tables, seconds, ready, go)))


async def _play_share(port: int, tables: range, seconds: float, ready: Any,
                      go: Any) -> dict[str, Any]:
    people = await seat_tables(port, tables)
    for p in people:
        p.keys = 0
    ready.set()
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, go.wait)  # the screens keep being read meanwhile
    latencies: list[float] = []
    arrivals: list[float] = []
    discards: list[float] = []
    lags: list[float] = []
    until = time.monotonic() + seconds
    cpu0, wall0 = time.process_time(), time.monotonic()
    watch = loop.create_task(client_lag(until, lags))
    await asyncio.gather(*(p.play(until, latencies, discards, arrivals) for p in people))
    await watch
    cpu = (time.process_time() - cpu0) / (time.monotonic() - wall0)
    for p in people:
        if p.conn is not None:
            p.conn.close()
    return {"latencies": latencies, "arrivals": arrivals, "discards": discards, "lags": lags, "cpu": cpu,
            "keys": sum(p.keys for p in people), "lost": sum(p.lost for p in people)}


async def run(players: int, seconds: float) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    env = {**os.environ, "RIICHI_HOME": str(home), "PYTHONPATH": str(ROOT)}
    serve = ["serve", "--open", "--port", "0", "--seed", "1", "--max-sessions",
             str(players + 8), "--per-address", str(players + 8), "--grace", "600",
             "--workers", str(WORKERS[0])]
    profile = os.environ.get("BENCH_PROFILE")
    launch = ["-c", PROFILED.format(out=profile, argv=serve)] if profile else ["-m", "app",
                                                                              *serve]
    server = subprocess.Popen(
        [*PIN_SERVER, sys.executable, *launch],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    loop = asyncio.get_running_loop()
    procs: list[Any] = []
    try:
        line = server.stdout.readline()
        port = int(re.search(r":(\d+);", line).group(1))
        await asyncio.sleep(0.5)
        before = sum(family_rss(server.pid))
        # the clients in CLIENT_PROCS processes (whole tables each), so that one process's
        # loop, parsing every screen with pyte, is not what the figures measure
        ctx = multiprocessing.get_context("spawn")
        go, out = ctx.Event(), ctx.Queue()
        count = min(CLIENT_PROCS[0], players // 4)
        shares = [range(players // 4)[i::count] for i in range(count)]
        readies = [ctx.Event() for _ in shares]
        procs = [ctx.Process(target=client_process, daemon=True,
                             args=(port, share, seconds, THINK[0], PROBE[0], ready, go, out))
                 for share, ready in zip(shares, readies, strict=True)]
        for proc in procs:
            proc.start()
        for ready in readies:
            if not await loop.run_in_executor(None, ready.wait, 300):
                raise RuntimeError("bench_serve: the clients did not sit down in 300 s")
        joined = sum(family_rss(server.pid))
        cpu0, wall0 = family_cpu(server.pid), time.monotonic()
        if profile:
            server.send_signal(signal.SIGUSR1)  # the profile covers the play only
        go.set()
        shares_out = [await loop.run_in_executor(None, out.get, True, seconds + 120)
                      for _ in procs]
        wall = time.monotonic() - wall0
        each = family_rss(server.pid)
        after = sum(each)
        cpu1 = family_cpu(server.pid)
        split = [(b - a) / wall for a, b in zip(cpu0, cpu1, strict=False)]
        cpu_used = sum(cpu1) - sum(cpu0)
        cpu = cpu_used / wall
        keys = sum(r["keys"] for r in shares_out)
        if profile:
            server.send_signal(signal.SIGUSR2)
            await asyncio.sleep(3)  # written
        lat = sorted(x for r in shares_out for x in r["latencies"])
        arr = sorted(x for r in shares_out for x in r["arrivals"])
        dis = sorted(x for r in shares_out for x in r["discards"])
        lags = sorted(x for r in shares_out for x in r["lags"])
        return {
            "lost": sum(r["lost"] for r in shares_out),
            "discards": len(dis),
            "d50_ms": 1000 * statistics.median(dis) if dis else float("nan"),
            "d95_ms": 1000 * dis[int(0.95 * (len(dis) - 1))] if dis else float("nan"),
            "players": players,
            "samples": len(lat),
            "p50_ms": 1000 * statistics.median(lat) if lat else float("nan"),
            "p95_ms": 1000 * lat[int(0.95 * (len(lat) - 1))] if lat else float("nan"),
            "a50_ms": 1000 * statistics.median(arr) if arr else float("nan"),
            "a95_ms": 1000 * arr[int(0.95 * (len(arr) - 1))] if arr else float("nan"),
            "rss_before_mib": before / 1024,
            "per_session_mib": (max(joined, after) - before) / 1024 / players,
            "rss_after_mib": after / 1024,
            "rss_each_mib": [r / 1024 for r in each],
            "workers": WORKERS[0],
            "server_cpu": cpu,
            "cpu_each": split,
            "client_cpu": sum(r["cpu"] for r in shares_out),
            "client_procs": len(procs),
            "keys": keys,
            "cpu_per_key_ms": 1000 * cpu_used / max(keys, 1),
            "load": os.getloadavg()[0],
            "lag50_ms": 1000 * statistics.median(lags) if lags else float("nan"),
            "lag95_ms": 1000 * lags[int(0.95 * (len(lags) - 1))] if lags else float("nan"),
        }
    finally:
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


def profile_split(path: str) -> list[tuple[str, float]]:
    """The profile's own time (tottime) by ``PARTS``, as shares of the whole."""
    import pstats

    stats = pstats.Stats(path).stats  # type: ignore[attr-defined]
    parts: dict[str, float] = {}
    for (file, _line, name), (_cc, _nc, tottime, _ct, _callers) in stats.items():
        where = f"{file} {name}"
        part = next((label for label, keys in PARTS if any(k in where for k in keys)),
                    "other (Python builtins)")
        parts[part] = parts.get(part, 0.0) + tottime
    total = sum(parts.values()) or 1.0
    return sorted(((part, t / total) for part, t in parts.items()), key=lambda x: -x[1])


class _Link:
    """A connection that keeps nothing (for the in-process figure)."""

    def __init__(self) -> None:
        self.size = (100, 30)
        self.driver = None
        self.written = 0

    def write(self, data: str) -> None:
        self.written += len(data)


async def ui_cpu_per_turn(turns: int = 40) -> float:
    """CPU seconds the event loop's thread spends per human turn of one screen (its key, the
    AI moves it is shown, its next prompt), one app in this process, no SSH: a figure the
    machine's other load does not change. The AI's own thinking is on the table's thread and
    not counted."""
    os.environ.setdefault("RIICHI_HOME", tempfile.mkdtemp(prefix="bench-serve-"))
    sys.path.insert(0, str(ROOT))
    from app import i18n
    from app.screens.lobby import SharedTableScreen
    from app.screens.setup import GameSetup
    from app.serve.app import ServeApp
    from app.serve.tables import Tables

    tables = Tables(Path(tempfile.mkdtemp(prefix="bench-serve-")), asyncio.get_running_loop(),
                    seed=1)
    link = _Link()
    i18n.viewer.set(i18n.Viewer())
    app = ServeApp(link, tables, "SHA256:bench", "bench")
    task = asyncio.create_task(app.run_async())
    while link.driver is None:
        await asyncio.sleep(0.05)
    table = tables.create(GameSetup(), 0, "SHA256:bench")
    table.sit("SHA256:bench", "bench", app)
    table.start("SHA256:bench")
    done, cpu = 0, 0.0
    while done < turns:
        screen = app.screen
        if isinstance(screen, SharedTableScreen) and screen.legal and screen.view is not None:
            start = time.thread_time()
            n = len(screen.view.hand)
            key = "\x1b" if any(type(a).__name__ == "Pass" for a in screen.legal) else \
                "abcdefghijklmn"[n if screen.view.drawn is not None else 0]
            link.driver.feed(key)
            end = time.monotonic() + 5
            while app.screen is screen and screen.legal and time.monotonic() < end:
                await asyncio.sleep(0.005)  # the key taken (a refused tile is not: moves on)
            if screen.legal:
                link.driver.feed("a")  # the refused tile was kuikae: another
            while app.screen is screen and not screen.legal and time.monotonic() < end:
                await asyncio.sleep(0.005)  # asked again, or the round ends
            cpu += time.thread_time() - start
            done += 1
        elif not isinstance(screen, SharedTableScreen):
            link.driver.feed("\r")  # a round's result
            await asyncio.sleep(0.2)
        else:
            await asyncio.sleep(0.01)
    app.exit()
    await task
    return cpu / turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[4, 40],
                        help="player counts to run, each a multiple of 4 (default: 4 40)")
    parser.add_argument("--seconds", type=float, default=30.0, help="play time per run")
    parser.add_argument("--pin", action="store_true",
                        help="the server on core 0, these clients on the other cores "
                             "(taskset): the figures measure the server, not the clients; "
                             "its workers inherit core 0 (use it with --workers 1)")
    parser.add_argument("--no-probe", action="store_true",
                        help="the players never open the help page (discards only)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a player thinks before a discard (default 0: "
                             "discard once the turn is seen)")
    parser.add_argument("--workers", type=int, nargs="+", default=[2],
                        help="the server's --workers, each a run of every --players "
                             "(default 2)")
    parser.add_argument("--client-procs", type=int, default=4, metavar="K",
                        help="processes the clients run in, whole tables each (default 4; "
                             "1: every screen parsed by one loop, as before)")
    parser.add_argument("--no-ui", action="store_true",
                        help="skip the in-process UI CPU figure")
    args = parser.parse_args()
    if args.pin:
        cores = sorted(os.sched_getaffinity(0))
        if len(cores) < 2:
            raise SystemExit("bench_serve: --pin needs two cores")
        PIN_SERVER[:] = ["taskset", "-c", str(cores[0])]
        os.sched_setaffinity(0, cores[1:])
    PROBE[0] = not args.no_probe
    CLIENT_PROCS[0] = max(1, args.client_procs)
    THINK[0] = args.think
    if not args.no_ui:
        out = sys.stdout  # a running Textual app redirects sys.stdout
        per_turn = asyncio.run(ui_cpu_per_turn())
        sys.stdout = out
        print(f"UI CPU per human turn of one screen (in process, no SSH): "
              f"{1000 * per_turn:.0f} ms", flush=True)
    if any(n % 4 for n in args.players):
        raise SystemExit("bench_serve: --players: multiples of 4 (four seats a table)")
    for workers in args.workers:
        WORKERS[0] = workers
        print(f"--workers {workers} (machine: {os.cpu_count()} CPUs, load "
              f"{os.getloadavg()[0]:.1f})", flush=True)
        measure(args)


def measure(args: argparse.Namespace) -> None:
    """Every ``--players`` count with the server's ``--workers`` now."""
    results = []
    for n in args.players:
        r = asyncio.run(run(n, args.seconds))
        results.append(r)
        print(f"{n:3d} players, {n // 4:2d} tables: help page p50 {r['p50_ms']:6.1f} ms, "
              f"p95 {r['p95_ms']:6.1f} ms ({r['samples']}; its bytes arrived p50 "
              f"{r['a50_ms']:.1f} / p95 {r['a95_ms']:.1f} ms, before pyte); discard p50 {r['d50_ms']:6.1f} ms, "
              f"p95 {r['d95_ms']:6.1f} ms ({r['discards']}); server RSS "
              f"{r['rss_before_mib']:.0f} MiB idle, {r['per_session_mib']:.1f} MiB per session, "
              f"{r['rss_after_mib']:.0f} MiB at the end "
              f"({' + '.join(f'{m:.0f}' for m in r['rss_each_mib'])}: the front, then each "
              f"worker); "
              f"server CPU {100 * r['server_cpu']:.0f}% of a core ("
              f"{' + '.join(f'{100 * c:.0f}' for c in r['cpu_each'])}), clients "
              f"{100 * r['client_cpu']:.0f}% in {r['client_procs']} processes (machine load "
              f"{r['load']:.1f}); {r['cpu_per_key_ms']:.0f} ms of server CPU per key "
              f"({r['keys']} keys: all it redraws on every screen); sessions lost {r['lost']}; "
              f"the clients' loop late p50/p95 {r['lag50_ms']:.0f}/{r['lag95_ms']:.0f} ms"
              f"{'; server pinned to one core, clients to the rest' if args.pin else ''}"
              f"{f'; players think {args.think:g} s a discard' if args.think else ''}",
              flush=True)
        if os.environ.get("BENCH_PROFILE"):
            for part, share in profile_split(os.environ["BENCH_PROFILE"]):
                print(f"    {100 * share:5.1f}%  {part}")
    if len(results) >= 2:
        a, b = results[0], results[-1]
        print(f"growth {a['players']} -> {b['players']} players: p95 x"
              f"{b['p95_ms'] / a['p95_ms']:.2f}, memory per session x"
              f"{b['per_session_mib'] / max(a['per_session_mib'], 1e-9):.2f}")
        goal = b["p95_ms"] <= 150
        print(f"goal p95 <= 150 ms at {b['players']} players: "
              f"{'met' if goal else 'NOT met'} ({b['p95_ms']:.0f} ms)")


if __name__ == "__main__":
    main()
