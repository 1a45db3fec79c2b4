"""Calm discards: real Tenhou players beside the AI in the same spots (issue 16: how often the
hard AI throws what strong people throw when nothing threatens, and where it differs).

Every discard of a closed seat with no riichi out and no riichi legal, in the real games of
``../shared/logs/mjlog`` (almost all Houou room), replayed by the engine and answered by the AI
from the seat's own view. Printed by the hand's shanten before the discard: spots, how often the
AI threw the same kind, and of the others how the AI's discard compares by shanten and ukeire
after it (faster / slower / wider / narrower / the same) and by the kinds thrown (people -> AI:
honour, term(inal), 2-8 as "28" for 2 and 8, "mid" for 3-7).

Run from the repository root (about a minute for 40 games):

    .venv/bin/python benchmarks/bench_discards.py [--games 40] [--level hard] [--show 5]
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_calls import real_games, real_games_parser  # noqa: E402

from ai.efficiency import shanten, ukeire  # noqa: E402
from ai.observe import observe  # noqa: E402
from ai.review.walk import Walk, recorded_game, replay_steps  # noqa: E402
from engine.actions import Discard, Riichi  # noqa: E402
from engine.tiles import format_kinds  # noqa: E402


def tile_class(kind: int) -> str:
    """honour, term (1 or 9), 28 (2 or 8) or mid (3-7)."""
    if kind >= 27:
        return "honour"
    rank = kind % 9
    return "term" if rank in (0, 8) else "28" if rank in (1, 7) else "mid"


def main() -> int:
    ap = real_games_parser(__doc__, 40,
                           "print this many spots a shanten where the AI threw another kind")
    args = ap.parse_args()
    rows: Counter[str] = Counter()
    shown: Counter[str] = Counter()
    n_games = 0
    for record, agent in real_games(args.games, args.level, args.personality):
        setup = recorded_game(record)
        if setup is None:
            continue
        n_games += 1
        game = setup.game
        for _i, s, action, legal in replay_steps(game, setup.actions, Walk(), setup.starts,
                                                setup.stop):
            if not isinstance(action, Discard) or action not in legal or \
                    any(isinstance(a, Riichi) for a in legal):
                continue
            view = game.view(s)
            sit = observe(view)
            if view.riichi[s] or not sit.closed or sit.riichi_out:
                continue
            choice = agent.choose(view, legal)
            if not isinstance(choice, Discard):
                continue  # a kan or an abort: not a discard to compare
            key = f"s{min(shanten(sit.counts, sit.sets_needed, True), 3)}"
            people, ai = action.tile >> 2, choice.tile >> 2
            rows[key] += 1
            if people == ai:
                rows[key + " same"] += 1
                continue
            after = []
            for kind in (people, ai):
                c = sit.counts[:]
                c[kind] -= 1
                sh, _, n = ukeire(c, sit.unseen, sit.sets_needed, True)
                after.append((sh, n))
            (sh_p, n_p), (sh_a, n_a) = after
            how = "faster" if sh_a < sh_p else "slower" if sh_a > sh_p else \
                "wider" if n_a > n_p else "narrower" if n_a < n_p else "same ukeire"
            rows[f"{key} how {how}"] += 1
            rows[f"{key} kind {tile_class(people)}->{tile_class(ai)}"] += 1
            if shown[key] < args.show:
                shown[key] += 1
                hand = format_kinds([t >> 2 for t in sorted(view.concealed)])
                print(f"  {key} {hand}: people {format_kinds([people])}, AI "
                      f"{format_kinds([ai])} ({how}), turn {sit.turn}, dora "
                      f"{format_kinds(list(sit.dora))}")
    print(f"calm closed discards, {n_games} real games, people vs {args.level} "
          f"({args.personality}): share where the AI threw the same kind")
    for key in ("s0", "s1", "s2", "s3"):
        n = rows[key]
        if not n:
            continue
        same = rows[key + " same"] / n
        print(f"{key}{'+' if key == 's3' else ''}: {n:6} spots, same {same:6.1%}")
        for part in ("how", "kind"):
            top = sorted(((v, k.split(" ", 2)[2]) for k, v in rows.items()
                          if k.startswith(f"{key} {part} ")), reverse=True)[:8]
            print(f"    {part:5}" + ", ".join(f"{name} {v / n:.1%}" for v, name in top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
