"""Tenpai at exhaustive draws (issue 16): how often a seat not in riichi is ready when the wall
runs out, in the Houou games of ``../shared/logs/mjlog`` and in four-hard self-play.

It found hard's largest leak against tenhou-python-bot: at the draws of the arena hard was ready
in 3% of its seats not in riichi, the bots in 25%, Houou people in 27% (hard self-play: 6.5%);
hard broke its tenpai at its last discards, where a hand can win little more but is still paid
for being ready (K1). ``ai.chances.keiten`` prices that now.

And how the rounds with a riichi end (the first riichi wins by tsumo or ron, another seat wins, or
the wall runs out) with the first riichi's wait (its tiles not in its hand or any river): in four-hard
self-play the wall ran out more often than among the people (18.4% of the rounds against 15.3%),
in the rounds with a riichi above all (22.6% against 18.8%): the first riichi won 42.7% of them
(people 53%), on waits of four tiles or fewer 62% of the time (people 41%).

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

from ai.efficiency import waits  # noqa: E402
from engine.events import (  # noqa: E402
    Called,
    Discarded,
    DrawKind,
    Drew,
    Event,
    KanDeclared,
    RiichiAccepted,
    RoundDrawn,
    RoundStarted,
    Win,
)
from engine.meld import MeldKind  # noqa: E402
from engine.tiles import kinds_to_counts  # noqa: E402

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "mjlog"


def tally(events: Iterable[Event], c: Counter[str]) -> None:
    """Add a game's rounds, its exhaustive draws' seats and its rounds with a riichi to ``c``."""
    riichi: set[int] = set()
    opened: set[int] = set()
    hands: list[list[int]] = []
    seen = [0] * 34  # kinds in the rivers
    first = -1  # the round's first riichi seat
    for ev in events:
        if isinstance(ev, RoundStarted):
            c["rounds"] += 1
            riichi, opened, seen, first = set(), set(), [0] * 34, -1
            hands = [kinds_to_counts([t >> 2 for t in h]) for h in ev.hands]
        elif isinstance(ev, Drew) and ev.tile is not None:
            hands[ev.seat][ev.tile >> 2] += 1
        elif isinstance(ev, Discarded):
            hands[ev.seat][ev.tile >> 2] -= 1
            seen[ev.tile >> 2] += 1
        elif isinstance(ev, (Called, KanDeclared)):
            m = ev.meld  # the tiles it took from the hand: a kakan's added one, else all but the called
            if m.kind is MeldKind.KAKAN:
                taken = [m.added] if m.added is not None else []
            else:
                taken = [t for t in m.tiles if t != m.called]
            for t in taken:
                hands[ev.seat][t >> 2] -= 1
            if isinstance(ev, Called):
                opened.add(ev.seat)
        elif isinstance(ev, RiichiAccepted):
            riichi.add(ev.seat)
            if first < 0:
                first = ev.seat
                hand = hands[ev.seat]
                c["riichi rounds"] += 1
                c["riichi wait <= 4"] += sum(4 - hand[w] - seen[w] for w in waits(hand)) <= 4
        elif isinstance(ev, Win) and first >= 0:
            won = "tsumo" if ev.tsumo else "ron"
            c[f"riichi rounds: {won}" if ev.seat == first else "riichi rounds: another"] += 1
            first = -1  # a double ron counts once
        elif isinstance(ev, RoundDrawn) and ev.kind is DrawKind.EXHAUSTIVE:
            c["draws"] += 1
            if first >= 0:
                c["riichi rounds: draw"] += 1
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
    r = max(1, c["riichi rounds"])
    print(f"  rounds with a riichi {c['riichi rounds'] / max(1, c['rounds']):.1%}: the first riichi "
          f"won {(c['riichi rounds: tsumo'] + c['riichi rounds: ron']) / r:.1%} (tsumo "
          f"{c['riichi rounds: tsumo'] / r:.1%}, ron {c['riichi rounds: ron'] / r:.1%}), another "
          f"seat {c['riichi rounds: another'] / r:.1%}, the wall ran out {c['riichi rounds: draw'] / r:.1%}"
          f"; its wait four tiles or fewer {c['riichi wait <= 4'] / r:.1%}")


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
