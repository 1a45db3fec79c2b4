"""Tenpai at exhaustive draws (issue 16): how often a seat not in riichi is ready when the wall
runs out, in the Houou games of ``../shared/logs/mjlog`` and in four-hard self-play.

It found hard's largest leak against tenhou-python-bot: at the draws of the arena hard was ready
in 3% of its seats not in riichi, the bots in 25%, Houou people in 27% (hard self-play: 6.5%);
hard broke its tenpai at its last discards, where a hand can win little more but is still paid
for being ready (K1). ``ai.chances.keiten`` prices that now.

Run from the repository root (about a minute with two workers):

    .venv/bin/python benchmarks/bench_draws.py --games 40 --seed 5000 --workers 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.events import Called, DrawKind, Event, RiichiAccepted, RoundDrawn, RoundStarted  # noqa: E402

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "mjlog"


def tally(events: Iterable[Event], c: Counter[str]) -> None:
    """Add a game's rounds and its exhaustive draws' seats to ``c``."""
    riichi: set[int] = set()
    opened: set[int] = set()
    for ev in events:
        if isinstance(ev, RoundStarted):
            c["rounds"] += 1
            riichi, opened = set(), set()
        elif isinstance(ev, RiichiAccepted):
            riichi.add(ev.seat)
        elif isinstance(ev, Called):
            opened.add(ev.seat)
        elif isinstance(ev, RoundDrawn) and ev.kind is DrawKind.EXHAUSTIVE:
            c["draws"] += 1
            for s in range(len(ev.tenpai)):
                if s in riichi:
                    c["riichi"] += 1
                    continue
                c["seats"] += 1
                if ev.tenpai[s]:
                    c["tenpai"] += 1
                    c["tenpai open" if s in opened else "tenpai closed"] += 1
                if riichi:
                    c["facing"] += 1
                    c["facing tenpai"] += ev.tenpai[s]


def houou() -> Counter[str]:
    from engine.records import read_record
    from engine.replay import replay_game

    c: Counter[str] = Counter()
    for path in sorted(LOGS.glob("*.mjlog")):
        record = read_record(path)
        if record.rules.players != 4:
            continue
        game = replay_game(record).game
        if game is not None:
            tally(game.events, c)
    return c


def selfplay_game(seed: int) -> Counter[str]:
    from ai import make_agent
    from engine.driver import play_out
    from engine.game import Game
    from engine.rules import TENHOU

    game = Game(TENHOU, seed)
    play_out(game, {s: make_agent("hard", seed=seed * 4 + s, rules=TENHOU) for s in range(4)})
    c: Counter[str] = Counter()
    tally(game.events, c)
    return c


def show(label: str, c: Counter[str]) -> None:
    n = max(1, c["seats"])
    print(f"{label}: {c['rounds']} rounds, {c['draws']} exhaustive draws "
          f"({c['draws'] / max(1, c['rounds']):.1%}); seats not in riichi there: ready "
          f"{c['tenpai'] / n:.1%} (open {c['tenpai open'] / n:.1%}, closed "
          f"{c['tenpai closed'] / n:.1%}), facing a riichi {c['facing tenpai'] / max(1, c['facing']):.1%}"
          f"; seats in riichi {c['riichi'] / max(1, c['riichi'] + c['seats']):.1%}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="four-hard self-play games")
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    if LOGS.is_dir():
        show("Houou people", houou())
    seeds = range(args.seed, args.seed + args.games)
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            games = pool.map(selfplay_game, seeds)
    else:
        games = [selfplay_game(s) for s in seeds]
    show(f"four hard, {args.games} games", sum(games, Counter()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
