"""Decision time of ``riichi bot --mjai`` per protocol line: our AI at all four seats of an
engine hanchan, every line sent and answered as text through ``MjaiBot.react`` (JSON parsing,
the seat tracker, legal actions by engine rules, the AI's choice, the JSON answer).

Run from the repository root: ``.venv/bin/python benchmarks/bench_mjai.py [games] [difficulty]``
(default 4 games, ``normal``). Reports the median and p99 per line that asks for a decision
(the bot had legal actions) and over all lines, in CPU time of this process (other jobs on a
shared machine inflate wall time). Targets: median <= 10 ms, p99 <= 100 ms per line.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.mjai_bot import MjaiBot  # noqa: E402
from engine.actions import AgariYame, DeclareTenpai  # noqa: E402
from engine.driver import play_out  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.mjai import SeatLink  # noqa: E402


def play(seed: int, kind: str, decide: list[float], every: list[float]) -> None:
    game = Game(seed=seed)
    bots = {s: MjaiBot(s, kind=kind) for s in range(4)}
    links = {s: SeatLink(s, game.rules) for s in range(4)}
    clock = time.process_time

    def ask(seat: int, line: str) -> dict:
        bot = bots[seat]
        t0 = clock()
        answer = bot.react(line)
        dt = clock() - t0
        every.append(dt)
        if bot.tracker.legal():
            decide.append(dt)
        return json.loads(answer)

    class Seat:
        """A seat answered by its bot over the protocol (the news since its last line, then
        its answer read back as an action); the tenpai declaration and agari-yame, which mjai
        does not ask, take the first legal action."""

        def __init__(self, seat: int) -> None:
            self.seat = seat

        def act(self, view, legal):
            if isinstance(legal[0], (AgariYame, DeclareTenpai)):
                return legal[0]
            link, drawn = links[self.seat], view.drawn
            action = link.read(ask(self.seat, json.dumps(link.news(game.events))), legal, drawn)
            if action is None:
                action = link.read(ask(self.seat, json.dumps(link.reach_echo())), legal, drawn,
                                   after_reach=True)
            return action

    play_out(game, {s: Seat(s) for s in range(4)})  # the one game loop (engine.driver)
    for seat, link in links.items():
        ask(seat, json.dumps(link.news(game.events)))


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] * 1000


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    kind = sys.argv[2] if len(sys.argv) > 2 else "normal"
    decide: list[float] = []
    every: list[float] = []
    t0 = time.perf_counter()
    for seed in range(games):
        play(seed, kind, decide, every)
    wall = time.perf_counter() - t0
    med, p99 = statistics.median(decide) * 1000, pct(decide, 0.99)
    print(f"mjai bot ({kind}), {games} hanchan, {len(every)} lines, {len(decide)} decisions, "
          f"{wall:.1f} s wall")
    print(f"  per decision line: median {med:.2f} ms, p99 {p99:.2f} ms, max {pct(decide, 1):.1f} ms"
          f"  (targets 10 / 100 ms)")
    print(f"  per line (all):    median {statistics.median(every) * 1000:.2f} ms, "
          f"p99 {pct(every, 0.99):.2f} ms")
    ok = med <= 10 and p99 <= 100
    print("  OK" if ok else "  OVER TARGET")
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
