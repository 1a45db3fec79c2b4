"""Where a knob changes the AI's riichi answer, how the people's rounds went (issue 16): for each
hand of the real Houou games (``../shared/logs/mjlog``), the first turn with a riichi legal where
the AI with ``--knob KNOB=VALUE`` answers otherwise than without it (riichi against dama); there,
what the person did, and how the round went for them by their choice: won, dealt in later, and
their points over the round (riichi sticks paid and collected included).

Not a controlled test (a person chose with what they read), but the spots are those where only
the knob decides, so the people who played either answer there say which one paid.

    .venv/bin/python benchmarks/riichi_outcomes.py --knob wait_change_yaku=false
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab_hard import knobs  # noqa: E402
from bench_calls import real_games  # noqa: E402
from bench_riichi import riichi_spots, situation  # noqa: E402

from ai.observe import observe  # noqa: E402
from ai.player import Player  # noqa: E402
from engine.actions import Riichi  # noqa: E402
from engine.records.model import GameRecord  # noqa: E402


def round_points(record: GameRecord, index: int, honba: int, seat: int) -> int:
    """The seat's score change over the round ``index``-``honba`` of ``record``."""
    for r in record.rounds:
        if (r.index, r.honba) == (index, honba):
            return r.end_scores()[seat] - r.scores[seat]
    raise LookupError(f"no round {index}-{honba}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=159)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--knob", action="append", required=True, metavar="KNOB=VALUE",
                    help="the ai.style.Style knob the variant changes (repeatable)")
    args = ap.parse_args()
    change = knobs(args.knob)
    # each row's (outcome, points) of its hands; an outcome list is filled as the replay goes
    # on, so it is read once all games are played
    hands: defaultdict[tuple[str, ...], list[tuple[list[str], int]]] = defaultdict(list)
    n_games = 0
    for record, agent in real_games(args.games, args.level, "balanced"):
        n_games += 1
        assert isinstance(agent, Player)
        variant = Player(args.level, seed=1, rules=record.rules)
        variant.style = replace(agent.style, **change)
        seen: set[tuple[int, int, int]] = set()
        for view, legal, played, outcome in riichi_spots(record):
            hand = (view.round_index, view.honba, view.seat)
            if hand in seen:
                continue
            ai = isinstance(agent.choose(view, legal), Riichi)
            if ai == isinstance(variant.choose(view, legal), Riichi):
                continue
            seen.add(hand)
            threat, dama, size, _ = situation(agent, observe(view), legal)
            answers = ("variant riichi" if not ai else "variant dama",
                       "riichi" if isinstance(played, Riichi) else "dama")
            pts = round_points(record, *hand)
            for key in (("*", "*", "*"), (threat, dama, size)):
                hands[key + answers].append((outcome, pts))
    print(f"first riichi chances of {n_games} Houou games where {' '.join(args.knob)} changes "
          f"{args.level}'s answer: the people's rounds by their choice")
    print(f"{'threat':8}{'dama':9}{'wait':6}{'variant':16}{'people':8}{'hands':>6}{'won':>8}"
          f"{'dealt':>8}{'points':>9}")
    for k in sorted(hands, key=lambda k: tuple((x == "*", x) for x in k)):
        got = hands[k]
        n = len(got)
        won = sum(o[0] == "won" for o, _ in got) / n
        dealt = sum(o[0] == "dealt" for o, _ in got) / n
        print(f"{k[0]:8}{k[1]:9}{k[2]:6}{k[3]:16}{k[4]:8}{n:6}{won:8.1%}{dealt:8.1%}"
              f"{sum(p for _, p in got) / n:9,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
