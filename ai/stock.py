"""Safe tiles kept for later: what a tile held in a calm hand is worth against a riichi that may
come before the hand is done (issue 16).

With no riichi out, the AI's discards were chosen for the hand alone, and it threw an isolated
honour before an isolated terminal 70.7% of the time on the Houou spots where the people threw
one of the two, and they 42.7% (27.5% of the yakuhai; a guest wind from the 5th discard on 14%
against the AI's 60%): the people keep the tiles they can fold with. Here a hand's fold is
priced as it would go if an opponent declared now: the ``FOLD`` safest tiles of the hand, each
by the deal-in chance the riichi model gives it against that opponent (``ai.defence.tile_danger``
with the opponent's river as it is: genbutsu, suji, an honour by its copies seen) times what
such a deal-in costs (``ai.defence.expected_loss``), summed and averaged over the opponents. A
discard costs what it adds to that sum, times the share of hands that must fold later
(``weight``: none by the 5th discard, ``STOCK`` from the 8th to the 12th, none again by the
18th; a riichi comes seldom early, and late few draws are left to fold through).

Fitted on the calm closed discards of the Houou games (120 games, 36,851 spots, the hand
one step from tenpai or more; benchmarks/bench_discards.py): the AI threw the people's tile in
18,610 of them, 18,755 with the stock (+2 points from the 7th to the 11th discard, and none
before: early, keeping the safe tile instead of the hand's shape lost more than it won). A
flat weight over the round, or a fold of 2, 4 or 5 tiles, agreed less.

Measured and left out of ``hard`` (``Style.stock`` is off for every level): head to head
against plain hard 2.440 +- 0.048 (200 games, seeds 7000; deal-in 11.5 -> 10.8%) and 2.490 +-
0.055 (seeds 7100); against three tenhou-python-bot in the arena, 52 games paired on seeds
9700-9712, 2.596 -> 2.712 (3 games better, 9 worse): no gain where issue 16 measures. Rerun:
``benchmarks/bench_arena.py --opp tpb --seeds 13 --seed 9700 --knob stock=true``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ai.defence import Opponent, expected_loss, tile_danger

#: the tiles a fold throws from the hand before the river gives it new safe ones
FOLD = 3
#: the share of hands that fold later, in the middle of the round (``weight``)
STOCK = 0.4
#: the own discards at which the weight starts to rise, is full, starts to fall, and is gone
RAMP = (5, 8, 12, 18)


def weight(turn: int) -> float:
    """The share of hands that must fold later, by the own discards made so far.

    >>> [round(weight(t), 2) for t in (4, 5, 6, 8, 12, 15, 18)]
    [0.0, 0.0, 0.13, 0.4, 0.4, 0.2, 0.0]
    """
    a, b, c, d = RAMP
    rise = min(1.0, max(0.0, (turn - a) / (b - a)))
    fall = min(1.0, max(0.0, (d - turn) / (d - c)))
    return STOCK * rise * fall


def fold_dangers(counts: Sequence[int], opponents: Sequence[Opponent], unseen: Sequence[int],
                 dora: Sequence[int]) -> list[float]:
    """Each kind's expected loss (deal-in chance times its points), were every opponent to
    declare riichi now, averaged over the opponents not in riichi (0 for a kind not in hand;
    empty when every opponent is in riichi).

    >>> o = Opponent(seat=1, river=[0], safe={0})
    >>> d = fold_dangers([1] + [0] * 26 + [1] + [0] * 6, [o], [4] * 34, [])
    >>> d[0], 0 < d[27] < 0.05 * 5200
    (0.0, True)
    """
    free = [replace(o, riichi=True, riichi_turn=len(o.river)) for o in opponents if not o.riichi]
    if not free:
        return []
    priced = [(o, expected_loss(o, dora)) for o in free]
    return [sum(tile_danger(k, o, unseen, dora) * loss for o, loss in priced) / len(free)
            if counts[k] else 0.0 for k in range(34)]


def fold_loss(counts: Sequence[int], dangers: Sequence[float]) -> float:
    """The summed expected loss of the ``FOLD`` safest tiles of ``counts`` (each copy a tile).

    >>> fold_loss([2, 1, 0, 1], [0.0, 100.0, 0.0, 50.0])
    50.0
    """
    tiles = sorted(d for k, d in enumerate(dangers) for _ in range(counts[k]))
    return sum(tiles[:FOLD])


def keep_costs(counts: Sequence[int], dangers: Sequence[float]) -> dict[int, float]:
    """For each kind in ``counts`` (a hand before its discard), what throwing it adds to the
    fold's summed expected loss (``fold_loss`` of the hand left less that of the best hand
    left: only differences between the discards matter)."""
    c = list(counts)
    out: dict[int, float] = {}
    for k in range(34):
        if not c[k]:
            continue
        c[k] -= 1
        out[k] = fold_loss(c, dangers)
        c[k] += 1
    least = min(out.values(), default=0.0)
    return {k: v - least for k, v in out.items()}
