"""Push or fold against hands with calls: real Tenhou players beside the AI in the same spots
(issue 16: four hard AIs end 19.6% of their rounds in an exhaustive draw, the Houou people
15.3%; bench_pushfold does this against a riichi).

Every discard of a seat with no riichi out (its own neither) while another seat has made two calls or more and the
seat holds a tile safe against every such seat (its own discards, and what passed it since its
last one: ``ai.observe``), in the real games of ``../shared/logs/mjlog`` (almost all Houou room),
replayed by the engine and answered by the AI from the seat's own view. Printed by the hand's
shanten before the discard and the stage (early: before the seat's 12th turn): spots, how often
the people threw a tile that was not safe against them (a push), how often the AI did; and for
the people, how the round went after a push and after a fold (won it, dealt in later).

Measured (session 41, 159 games, hard): the AI folds far more than the people one step from tenpai
and further (1-shanten 53.5% pushed against 63.0%, 2-shanten 43.6% against 57.4%, 3-shanten and
more 39.8% against 52.5%; with open_option, since: 54.1, 43.6 and 39.8%; with calm_attack 1 too,
session 42, left out: 55.6, 44.9 and 42.7%), ready hands alike (65.5% both); with the defence
weight 1.0 instead of 1.3 about 2 points more, without the discards still to come priced against
open hands (``ai.pushfold``) about 1: the danger of the tile thrown now (``ai.defence``,
calibrated: ``open_danger.py``) outweighs the little a slow hand's discards differ by, even priced
at what such hands win (``ai.chances.CALM_WORTH``, ``Style.calm_attack``). The people who pushed a
2-shanten hand won 7.8% of those rounds and dealt in later 10.9%, those who folded 3.8% and 6.5%.

Run from the repository root (about half a minute for 159 games):

    .venv/bin/python benchmarks/bench_openfold.py [--games 159] [--level hard]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_calls import real_games  # noqa: E402
from bench_pushfold import replayed  # noqa: E402

from ai.efficiency import shanten  # noqa: E402
from ai.observe import Situation, observe  # noqa: E402
from engine.actions import Discard, Riichi  # noqa: E402

#: an opponent with this many calls or more is a threat (two calls: ready about 56% of the time)
CALLS = 2
#: the seat's turns before this one are "early"
LATE_TURN = 12


def facing_calls(sit: Situation) -> frozenset[int] | None:
    """The kinds safe against every opponent with ``CALLS`` calls or more, when there is one,
    no riichi is out (the seat's own neither) and the seat holds such a kind (else None)."""
    v = sit.view
    if v.riichi[v.seat] or sit.riichi_out:
        return None
    threats = [o for o in sit.opponents if o.open_melds >= CALLS]
    if not threats:
        return None
    safe = frozenset.intersection(*(frozenset(o.safe) for o in threats))
    if not any(sit.counts[k] for k in safe):
        return None
    return safe


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=159)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--personality", default="balanced")
    args = ap.parse_args()
    rows: Counter[tuple[str, ...]] = Counter()
    later: list[tuple[tuple[str, str], bool, list[str]]] = []
    n_games = 0
    for record, agent in real_games(args.games, args.level, args.personality):
        n_games += 1
        for game, outcomes, i, s, action, legal in replayed(record):
            if not isinstance(action, Discard) or action not in legal:
                continue
            view = game.view(s)
            sit = observe(view)
            safe = facing_calls(sit)
            if safe is None:
                continue
            outcome = outcomes.watch(s, i)
            choice = agent.choose(view, legal)
            if not isinstance(choice, (Discard, Riichi)):
                continue
            steps = f"s{min(shanten(sit.counts, sit.sets_needed, sit.closed), 3)}"
            stage = "late" if sit.turn >= LATE_TURN else "early"
            human = action.tile >> 2 not in safe
            bot = choice.tile >> 2 not in safe
            for key in ((steps, stage), (steps, "*"), ("*", "*")):
                rows[key + ("n",)] += 1
                rows[key + ("h",)] += human
                rows[key + ("a",)] += bot
                later.append((key, human, outcome))
    for key, human, outcome in later:  # the outcomes are known once every round is over
        side = "push" if human else "fold"
        rows[key + (side,)] += 1
        rows[key + (side, outcome[0])] += 1
    print(f"no riichi out, another seat with {CALLS}+ calls, a tile safe against it in hand, "
          f"{n_games} real games, people vs {args.level} ({args.personality}): share that "
          "threw a tile not safe against it; the people's rounds after a push / a fold")
    print(f"{'shanten':8}{'stage':7}{'spots':>7}{'people':>8}{'AI':>8}   {'push: won':>10}"
          f"{'dealt':>7}   {'fold: won':>10}{'dealt':>7}")
    for key in sorted({k[:2] for k in rows}, key=lambda k: (k[0] == "*", k[0], k[1] == "*", k[1])):
        n = rows[key + ("n",)]
        if n < 20 and "*" not in key:
            continue
        pu, fo = max(1, rows[key + ("push",)]), max(1, rows[key + ("fold",)])
        print(f"{key[0]:8}{key[1]:7}{n:7}{rows[key + ('h',)] / n:8.1%}{rows[key + ('a',)] / n:8.1%}"
              f"   {rows[key + ('push', 'won')] / pu:10.1%}{rows[key + ('push', 'dealt')] / pu:7.1%}"
              f"   {rows[key + ('fold', 'won')] / fo:10.1%}{rows[key + ('fold', 'dealt')] / fo:7.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
