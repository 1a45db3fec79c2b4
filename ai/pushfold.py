"""Push or fold, looking past the discard at hand (issue 16).

The discard score of ``ai.player`` weighs the attack (chance to win x value) against the danger
of the one tile thrown now. A hand that keeps attacking against a ready opponent must also throw
the tiles it draws until it wins, each of them a new chance to deal in, and the round is more
likely to end with the opponent's win first. A player who sees this folds a slow hand early and
pushes a ready one (the push/fold charts of modern strategy: a good tenpai pushes against a
riichi, a cheap 1-shanten rarely, a 2-shanten almost never).

- ``push_cost``: the expected loss of the discards still to come while pushing, by how far the
  hand is from winning (``PUSH_STEPS`` more discards at ``PUSH_DANGER`` each, the average
  deal-in chance of a tile a pushing hand cannot choose for safety). The attack of a discard is
  worth this much less, but never less than nothing: the hand keeps the option to fold later.
- ``race_hazard``: the chance per own draw that the round ends before this hand wins, higher
  the more likely the opponents are ready.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ai.chances import HAZARD
from ai.defence import Opponent, expected_loss, tenpai_probability

#: further discards a pushing hand makes before it wins, by shanten after this discard: a ready
#: hand throws what it draws until it wins (about two go-arounds and a half against a riichi),
#: each step from tenpai adds about three draws
PUSH_STEPS = (2.5, 5.0, 7.5, 9.0)
#: deal-in chance of a tile thrown for the hand's sake, not for safety: about half of a middle
#: non-suji tile against a riichi (Tenhou statistics: 12-13%), as drawn tiles are often safe ones
PUSH_DANGER = 0.025
#: per own draw, the chance a surely ready opponent wins first (a riichi wins about half its
#: rounds over some ten draws of everyone)
THREAT_HAZARD = 0.05


def push_cost(opponents: Iterable[Opponent], turn: int, dora: Sequence[int], shanten: int,
              draws: int) -> float:
    """Expected points lost by the discards still to come when a hand ``shanten`` steps from
    tenpai keeps attacking for at most ``draws`` more draws.

    >>> riichi = Opponent(seat=1, riichi=True)
    >>> push_cost([riichi], 8, (), 0, 10) < push_cost([riichi], 8, (), 2, 10)
    True
    >>> push_cost([Opponent(seat=1)], 2, (), 1, 10)  # a closed silent hand early: no threat
    0.0
    """
    if shanten < 0 or draws <= 0:
        return 0.0
    steps = min(PUSH_STEPS[min(shanten, len(PUSH_STEPS) - 1)], float(draws))
    per = 0.0
    for o in opponents:
        p = tenpai_probability(o, turn)
        if p > 0.0:
            per += p * expected_loss(o, dora)
    return per * PUSH_DANGER * steps


def race_hazard(opponents: Iterable[Opponent], turn: int) -> float:
    """Per own draw, the chance the round ends before this hand wins: the base ``HAZARD`` plus
    ``THREAT_HAZARD`` for each opponent by how likely it is ready.

    >>> race_hazard([Opponent(seat=1, riichi=True)], 8) > race_hazard([Opponent(seat=1)], 8)
    True
    """
    return HAZARD + THREAT_HAZARD * sum(tenpai_probability(o, turn) for o in opponents)
