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

And when the seats first reach tenpai (the first discard that leaves the hand ready) and on what
wait: four hard AIs get there as fast as the people (by their 9th discard 25.3% of seats, the
people 24.2%; ever 46.6% and 47.0%) but on poorer waits (four live tiles or fewer 63.3% of
their first ready hands, the people 51.0%; seven pairs 7.2% and 3.1%): 40 games from seed
5000 (session 37).

And how the rounds end: the wins a round by tsumo or ron and the winner's hand (riichi, dama,
open), and the first calls a seat-round (those made while another seat's riichi was out apart).
Four hard AIs win by ron as often as the people (48.2% of the rounds against 48.1%) but by tsumo
less (33.5% against 35.9%: an open hand's tsumo 10.5% against 14.4%), and open fewer hands (28.0%
of the seat-rounds against 32.6%; facing a riichi 0.9% against 3.3%): 60 games from seed 5000
(session 50).

And every riichi by its wait's shape, and how its round ended for it (won, dealt in, another
seat won, drawn), with the first ready hands by their wait's shape: four hard AIs reach their
first ready hand on a ryanmen less often than the people (38.5% against 47.0%; on one kind,
kanchan, penchan or a lone tile, 36.6% against 30.7%), the closed hands above all (four live
tiles or fewer 61.3% against 48.7%; the open ones 54.4% and 53.7%), and declare riichi on them so
(ryanmen 41.2% of the riichi against 54.7%). Their riichi deal in more (12.9% against 9.3%), on
every wait (ryanmen 10.4% against 8.5%, one kind 15.2% against 12.0%): another seat's win comes
from the riichi more often than among the people (12.9 of the 32.6% where the riichi did not win
or draw, the people 9.3 of 31.4%): hard facing a riichi with a ready hand stays dama more
(bench_riichi), whose waits the riichi throws into. 60 games from seed 5000 (session 51).

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
    RoundEnded,
    RoundStarted,
    Win,
)
from engine.hand.shanten import shanten, shanten_regular  # noqa: E402
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
    fates: dict[int, str] = {}  # the riichi seats whose round has not ended: their wait's shape
    winners: set[int] = set()  # this round's (two on a double ron)
    losers: set[int] = set()  # the seat a ron was won from
    thrown: list[int] = []  # each seat's discards this round
    ready: set[int] = set()  # the seats ready after one of their discards this round
    for ev in events:
        if isinstance(ev, RoundStarted):
            c["rounds"] += 1
            riichi, opened, seen, first = set(), set(), [0] * 34, -1
            hands = [kinds_to_counts([t >> 2 for t in h]) for h in ev.hands]
            thrown, ready = [0] * len(hands), set()
            c["seat rounds"] += len(hands)
        elif isinstance(ev, Drew) and ev.tile is not None:
            hands[ev.seat][ev.tile >> 2] += 1
        elif isinstance(ev, Discarded):
            hand = hands[ev.seat]
            hand[ev.tile >> 2] -= 1
            seen[ev.tile >> 2] += 1
            thrown[ev.seat] += 1
            if ev.seat not in ready and shanten(hand, sum(hand) // 3) == 0:
                ready.add(ev.seat)
                first_ready(c, hand, seen, thrown[ev.seat], ev.seat in opened)
        elif isinstance(ev, (Called, KanDeclared)):
            m = ev.meld  # the tiles it took from the hand: a kakan's added one, else all but the called
            if m.kind is MeldKind.KAKAN:
                taken = [m.added] if m.added is not None else []
            else:
                taken = [t for t in m.tiles if t != m.called]
            for t in taken:
                hands[ev.seat][t >> 2] -= 1
            if isinstance(ev, Called) and ev.seat not in opened:
                opened.add(ev.seat)
                c["first calls"] += 1
                c["first calls facing a riichi"] += bool(riichi)
        elif isinstance(ev, RiichiAccepted):
            riichi.add(ev.seat)
            fates[ev.seat] = wait_shape(hands[ev.seat])
            c[f"riichi {fates[ev.seat]}"] += 1
            if first < 0:
                first = ev.seat
                hand = hands[ev.seat]
                c["riichi rounds"] += 1
                c["riichi wait <= 4"] += live_copies(hand, seen) <= 4
        elif isinstance(ev, Win):
            won = "tsumo" if ev.tsumo else "ron"
            hand = "riichi" if ev.seat in riichi else "open" if ev.seat in opened else "dama"
            c[f"wins: {won} {hand}"] += 1
            if first >= 0:
                c[f"riichi rounds: {won}" if ev.seat == first else "riichi rounds: another"] += 1
                first = -1  # a double ron counts once
            winners.add(ev.seat)
            if not ev.tsumo:
                losers.add(ev.from_seat)
        elif isinstance(ev, RoundEnded):
            for s, shape in fates.items():
                fate = "won" if s in winners else "dealt in" if s in losers else \
                    "another won" if winners else "drawn"
                c[f"riichi {shape}: {fate}"] += 1
            fates, winners, losers = {}, set(), set()
        if isinstance(ev, RoundDrawn) and ev.kind is DrawKind.EXHAUSTIVE:
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


def first_ready(c: Counter[str], hand: list[int], seen: list[int], discards: int,
                opened: bool = False) -> None:
    """Count a seat's first ready hand (``hand``, after its ``discards``-th discard, the rivers
    ``seen``): when, on how many live tiles (not in the hand or a river), the wait's shape
    (``wait_shape``), and whether the hand had called (``opened``)."""
    c["first ready"] += 1
    for n in FIRST_READY_BY:
        c[f"first ready by {n}"] += discards <= n
    live = live_copies(hand, seen)
    shape = wait_shape(hand)
    c["first ready wait <= 4"] += live <= 4
    c["first ready seven pairs"] += shape == "seven pairs"
    c[f"first ready wait: {shape}"] += 1
    hand_kind = "open" if opened else "closed"
    c[f"first ready {hand_kind}"] += 1
    c[f"first ready {hand_kind} wait <= 4"] += live <= 4


def live_copies(hand: list[int], seen: list[int]) -> int:
    """The copies of a ready hand's waits in no river and not in the hand itself."""
    return sum(max(0, 4 - hand[w] - seen[w]) for w in waits(hand))


#: the shapes of a ready hand's wait (``wait_shape``), in the order they are printed
WAIT_SHAPES = ("ryanmen", "one kind", "two kinds", "three kinds+", "seven pairs")
#: how a riichi's round ended for it
RIICHI_FATES = ("won", "dealt in", "another won", "drawn")


def wait_shape(hand: list[int]) -> str:
    """A ready hand's wait: ``ryanmen`` (two kinds three apart in a suit), ``one kind``
    (kanchan, penchan, a lone tile), ``two kinds`` (shanpon and the others), ``three kinds+``, or
    ``seven pairs``.

    >>> from engine.tiles import kinds_to_counts, parse_kinds
    >>> [wait_shape(kinds_to_counts(parse_kinds(h))) for h in ("123456789m23p11z",
    ...  "123456789m13p11z", "123456789m11p11z", "1133557799m113p")]
    ['ryanmen', 'one kind', 'two kinds', 'seven pairs']
    """
    if shanten_regular(hand, sum(hand) // 3) > 0:
        return "seven pairs"
    ws = sorted(waits(hand))
    if len(ws) >= 3:
        return "three kinds+"
    if len(ws) == 2:
        a, b = ws
        return "ryanmen" if b < 27 and a // 9 == b // 9 and b - a == 3 else "two kinds"
    return "one kind"


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


#: the own discards by which the first ready hands are counted
FIRST_READY_BY = (6, 9, 12)
#: a winner's hand: in riichi, open (a call made), or closed without riichi
WIN_HANDS = ("riichi", "dama", "open")


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
    wins = ", ".join(f"{won} {hand} {c[f'wins: {won} {hand}'] / max(1, c['rounds']):.1%}"
                     for won in ("tsumo", "ron") for hand in WIN_HANDS)
    print(f"  wins a round: {wins}; first calls a seat-round {c['first calls'] / max(1, c['seat rounds']):.1%}"
          f" ({c['first calls facing a riichi'] / max(1, c['seat rounds']):.1%} facing a riichi)")
    f = max(1, c["first ready"])
    by = ", ".join(f"{c[f'first ready by {n}'] / max(1, c['seat rounds']):.1%}" for n in FIRST_READY_BY)
    print(f"  seats ever ready after a discard {c['first ready'] / max(1, c['seat rounds']):.1%}"
          f" (by their {', '.join(map(str, FIRST_READY_BY))}th discard {by}): the first ready hand's"
          f" wait four tiles or fewer {c['first ready wait <= 4'] / f:.1%}, seven pairs "
          f"{c['first ready seven pairs'] / f:.1%}")
    shapes = ", ".join(f"{w} {c[f'first ready wait: {w}'] / f:.1%}" for w in WAIT_SHAPES)
    tight = ", ".join(f"{k} {c[f'first ready {k} wait <= 4'] / max(1, c[f'first ready {k}']):.1%}"
                      for k in ("closed", "open"))
    print(f"    by the wait: {shapes}; four tiles or fewer: {tight}")
    n = sum(c[f"riichi {w}"] for w in WAIT_SHAPES)
    print(f"  every riichi ({n}) by its wait: its share, then how its round ended for it "
          f"({', '.join(RIICHI_FATES)})")
    for w in ("all",) + WAIT_SHAPES:
        shapes_in = WAIT_SHAPES if w == "all" else (w,)
        m = sum(c[f"riichi {x}"] for x in shapes_in)
        ends = ", ".join(f"{sum(c[f'riichi {x}: {e}'] for x in shapes_in) / max(1, m):.1%}"
                         for e in RIICHI_FATES)
        print(f"    {w:13} {m / max(1, n):6.1%}: {ends}")


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
