"""What a hand is worth to the AI beside what the players went on to win with it (issue 16): the
expected value ``Player.evaluate`` gives the hand after a discard (chance x worth of a win, the
win bonus in, the noten payments out) against the round's outcome (the seat's win x its points
plus the win bonus; nothing when it did not win).

Every own turn of a seat not in riichi that threw a tile, in the real games of
``../shared/logs/mjlog`` (almost all Houou room), sorted by whether a riichi was out, whether
the hand was closed, and its steps from tenpai along the route ``evaluate`` prices (three: three
and more). Printed per row: turns, the worth said, the worth won, their ratio (1.00: the chain's
expected value is what people got; ``bench_chances`` splits it into the chance and a win's
worth). With no riichi out people attack most hands to the end, so the ratio is how far the
chain under- or overprices an attack (``ai.chances.CALM_WORTH``, which ``Style.calm_attack``
applies); facing a riichi people fold the hands the chain still prices, so those rows read low.

Measured (session 42, 159 games, hard; ``calm_attack`` does not move ``evaluate``): no riichi
out, closed hands won 1.18 / 1.12 / 1.49 times the worth said one / two / three+ steps from
tenpai, open hands 1.07 / 1.12 / 0.97; ready hands 1.03 closed, 1.34 open.

Run from the repository root (about half a minute for 159 games):

    .venv/bin/python benchmarks/bench_worth.py [--games 159] [--knob open_option=0 ...]
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab_hard import knobs  # noqa: E402
from bench_calls import real_games  # noqa: E402
from bench_chances import hand_after, record_turns  # noqa: E402

from ai.chances import CALM_WORTH  # noqa: E402
from ai.observe import observe  # noqa: E402
from ai.player import Player  # noqa: E402
from engine.records.model import GameRecord  # noqa: E402

#: a row: riichi out ("calm" / "riichi out"), closed or open, steps from tenpai (3: and more)
Key = tuple[str, str, int]


def priced_turns(record: GameRecord, agent: Player) -> list[tuple[Key, float, float]]:
    """(row, the worth said, the worth won) of each turn of ``record`` the chain prices (a hand
    with a yaku on some route), four seats: the expected value ``agent`` gives the hand after the
    discard, and the seat's win in that round (its points and the win bonus) or 0. ``agent``
    must not price the noten payments (``Style.keiten`` off): the records give the wins only."""
    pending = []
    for view, action, outcome, points in record_turns(record):
        sit = observe(view)
        if sit.players != 4:
            continue
        counts, tiles = hand_after(sit, action.tile)
        agent._outlook = None
        ev, s, _ = agent.evaluate(sit, counts, tiles)
        if s >= 99:
            continue  # no yaku on any route: the chain was not asked
        key = ("riichi out" if sit.riichi_out else "calm",
               "closed" if sit.closed else "open", min(s, 3))
        pending.append((key, ev, outcome, points, agent._win_bonus(sit)))
    # the rounds are over: who won is known
    return [(key, ev, points + bonus if outcome[0] == "won" and points else 0.0)
            for key, ev, outcome, points, bonus in pending]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=159)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--personality", default="balanced")
    ap.add_argument("--knob", action="append", default=[], metavar="NAME=VALUE",
                    help="a Style knob of the level changed for the chain read (repeatable)")
    args = ap.parse_args()
    change = knobs(args.knob)
    said: dict[Key, float] = defaultdict(float)
    won: dict[Key, float] = defaultdict(float)
    turns: dict[Key, int] = defaultdict(int)
    games = 0
    for record, agent in real_games(args.games, args.level, args.personality):
        games += 1
        agent.style = dataclasses.replace(agent.style, keiten=False, **change)
        for key, ev, realized in priced_turns(record, agent):
            turns[key] += 1
            said[key] += ev
            won[key] += realized
    print(f"{games} real games, {args.level} ({args.personality})"
          + "".join(f", {k}={v}" for k, v in change.items())
          + ": the worth evaluate gives the hand after a discard beside what the seat won")
    print(f"{'':11}{'hand':7}{'steps':>6}{'turns':>8}{'said':>8}{'won':>8}{'ratio':>7}"
          f"{'CALM_WORTH':>12}")
    for key in sorted(turns, key=lambda k: (k[0] != "calm", k[1], k[2])):
        n = turns[key]
        ratio = won[key] / said[key] if said[key] > 0 else 0.0
        table = f"{CALM_WORTH[key[1] == 'closed'][key[2]]:12.2f}" if key[0] == "calm" else ""
        steps = "3+" if key[2] == 3 else str(key[2])
        print(f"{key[0]:11}{key[1]:7}{steps:>6}{n:8}{said[key] / n:8.0f}{won[key] / n:8.0f}"
              f"{ratio:7.2f}{table}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
