"""``riichi serve``: host the game over SSH (lobby, tables with friends, AI in empty seats)."""

from __future__ import annotations

import argparse
from pathlib import Path

NAME = "serve"
HELP = "host the game over SSH (players connect with ssh -p PORT HOST) and, with --web, in a browser"

OPEN_WARNING = ("WARNING: --open: ANY SSH key may connect and play. Use it only on a network "
                "you trust (a LAN); otherwise give --authorized-keys FILE.")


#: the most worker processes (each holds its own copy of the code: ~75 MiB idle)
MAX_WORKERS = 64


def default_workers() -> int:
    """One worker per core this process may use (the screens' drawing is CPU-bound)."""
    import os

    try:
        return max(1, min(MAX_WORKERS, len(os.sched_getaffinity(0))))
    except AttributeError:  # not Linux
        return max(1, min(MAX_WORKERS, os.cpu_count() or 1))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for everyone)")
    parser.add_argument("--port", type=int, default=2222, help="port (default 2222)")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--authorized-keys", type=Path, metavar="FILE",
                     help="the keys that may connect (OpenSSH authorized_keys format; default: "
                          "authorized_keys in the data directory)")
    who.add_argument("--open", action="store_true", help="any key may connect (LAN only)")
    parser.add_argument("--max-sessions", type=int, default=64, metavar="N",
                        help="connections playing at once (default 64)")
    parser.add_argument("--per-address", type=int, default=8, metavar="N",
                        help="connections from one address (default 8)")
    parser.add_argument("--idle-minutes", type=float, default=30.0, metavar="M",
                        help="close a session idle this long (default 30)")
    parser.add_argument("--grace", type=float, default=20.0, metavar="S",
                        help="seconds a dropped player has before the AI takes the seat")
    parser.add_argument("--web", type=int, metavar="PORT",
                        help="also serve the lobby in a browser on PORT (players there are not "
                             "authenticated: see README Hosting)")
    parser.add_argument("--web-host", default="127.0.0.1", metavar="ADDRESS",
                        help="address of the web page (default 127.0.0.1: this machine only)")
    parser.add_argument("--workers", type=int, default=default_workers(), metavar="N",
                        help="processes running the tables and screens (default: the number "
                             f"of CPUs, {default_workers()} here; 1: all in one process)")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="the first table's seed, then N+1, ... (tests, demos)")


def options_from_args(args: argparse.Namespace):
    """The server's options, or ``SystemExit`` with one line saying what is wrong."""
    from app.serve.server import ServeOptions
    from app.storage.paths import data_dir

    def fail(text: str) -> SystemExit:
        return SystemExit(f"riichi serve: error: {text}")

    if not 0 <= args.port < 65536:
        raise fail(f"--port {args.port}: give a port from 1 to 65535 (0: any free port)")
    for name in ("max_sessions", "per_address"):
        if getattr(args, name) < 1:
            raise fail(f"--{name.replace('_', '-')} must be at least 1")
    web = getattr(args, "web", None)
    if web is not None and not 0 <= web < 65536:
        raise fail(f"--web {web}: give a port from 1 to 65535 (0: any free port)")
    if web is not None and web == args.port and web != 0:
        raise fail(f"--web {web}: the SSH server listens on that port (--port)")
    workers = getattr(args, "workers", 1)
    if not 1 <= workers <= MAX_WORKERS:
        raise fail(f"--workers {workers}: give 1 to {MAX_WORKERS} (1: one process)")
    if args.idle_minutes <= 0 or args.grace < 0:
        raise fail("--idle-minutes must be above 0 and --grace at least 0")
    keys = args.authorized_keys
    if not args.open:
        keys = keys or data_dir() / "authorized_keys"
        if not keys.is_file():
            raise fail(f"{keys}: no such file; give --authorized-keys FILE (the keys that may "
                       f"connect) or --open (any key, LAN only)")
        from app.serve.server import read_authorized

        try:
            found = read_authorized(keys)
        except (OSError, UnicodeDecodeError) as e:
            raise fail(f"{keys}: cannot read it: {e}") from None
        if not found:
            raise fail(f"{keys}: no public key in it (one 'ssh-ed25519 AAAA...' line per "
                       f"player): nobody could connect")
    return ServeOptions(host=args.host, port=args.port, authorized_keys=keys, open=args.open,
                        max_sessions=args.max_sessions, per_address=args.per_address,
                        idle_minutes=args.idle_minutes, grace=args.grace,
                        seed=args.seed, web_port=web, workers=workers,
                        web_host=getattr(args, "web_host", "127.0.0.1"))


def run(args: argparse.Namespace) -> int:
    import asyncio
    import sys

    from app.serve.server import RiichiServer, log_to_data
    from app.storage.paths import data_dir

    options = options_from_args(args)
    # Every session's app redirects sys.stdout/stderr to itself while it runs (Textual's print
    # capture); with many apps starting and ending in any order the process's own streams
    # would end up pointing at a finished app. The server's lines go to the real ones.
    out, err = sys.stdout, sys.stderr
    data = data_dir()
    log_to_data(data)

    async def main() -> None:
        server = RiichiServer(options, data)
        try:
            problems = await server.start()
        except RuntimeError as e:  # a worker process did not start
            if server.workers is not None:
                await server.workers.stop(5)
            raise SystemExit(f"riichi serve: error: {e}") from None
        except OSError as e:
            if server.workers is not None:
                await server.workers.stop(5)
            where = f"{options.host}:{options.port}"
            if server.acceptor is not None:  # the SSH side listens: the web's port failed
                where = f"{options.web_host}:{options.web_port}"
            raise SystemExit(f"riichi serve: error: cannot listen on {where}: "
                             f"{e.strerror or e}") from None
        if options.open:
            print(OPEN_WARNING, file=err, flush=True)
        for problem in problems:
            print(f"riichi serve: could not resume {problem}", file=err, flush=True)
        resumed = server.resumed
        print(f"riichi serve: listening on {options.host}:{server.port}; {resumed} tables "
              f"resumed; logs in {data / 'serve.log'}", file=out, flush=True)
        if server.web is not None:
            print(f"riichi serve: web page on http://{options.web_host}:{server.web.port}/ "
                  f"(players there are not authenticated)", file=out, flush=True)
        await server.serve_until_stopped()
        print("riichi serve: stopped, every table saved", file=out, flush=True)

    try:
        asyncio.run(main())
    finally:
        sys.stdout, sys.stderr = out, err
    return 0
