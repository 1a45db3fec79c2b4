"""What a deal-in costs against a win's gain by the standings, before the all-last (issue 16).

The final score rewards the place (G7: uma, and oka to first), and the place is settled only at
the end, so a point is worth more or less to a seat than its face by where the others stand and
how many rounds are left to change it. ``ai.placement.Outlook`` prices the round that may end the
game exactly; before it, the place is a chance: two seats' point gap moves by the game's end as
a normal spread of ``PAIR_SPREAD`` times the square root of the regular rounds left (this one
counted), measured on 243 arena games of four players (hard and tenhou-python-bot): the gap of
two seats moved with a standard deviation of 23,915 points from East 1, 16,411 from South 1,
11,406 from South 3, 8,643 from South 4, 7,931-8,700 per square root of a round left at every
round. Each other seat ends above this one as the chance its gap turns, the places counted as
independent of one another (``place_chances``).

``defence_factors`` gives, for each opponent, how much a typical deal-in to it costs in final
score against what a typical win gains, relative to the same at an even table: a leader loses
more to a deal-in into the seat just behind than it gains by a win, a seat far behind the
reverse. ``Player`` weighs each opponent's danger by it (``Style.standing``), in the place of
the hand-set factors of South 3 (``Player._mood``).

Measured and left out (session 44; off in every level): on the Houou spots facing a riichi with a
genbutsu held, East 3 to South 3 (``bench_pushfold``'s standings table), the people pushed 18.4%
of the time leading by 8,000 or more, 19.6% leading, 22.7% between, 27.0% last and 40.9% last by
8,000 or more; hard 24.1 / 22.4 / 24.7 / 23.8 / 31.5%, with the standings 20.8 / 20.1 / 24.1 /
25.1 / 30.9% (23.7% in all, people 23.5%, hard 24.6%): nearer the people when leading, not when
far behind (they value a place won from last more than G7's uma does; places valued as Tenhou's
dan points, 45 / 45 / 135 apart, pushed 34.9% there but no less when leading). Four hard (288
games from 6000) win 20.1 -> 19.8%, deal-in 11.4 -> 10.9%, draws 19.5 -> 20.9%, average win
7,040 -> 7,084. Against tenhou-python-bot paired with the bases (216 games): 9700-9726 2.370 ->
2.444 (+0.074 +- 0.105; 4 better, 10 worse), 9800-9826 2.417 -> 2.380 (-0.037 +- 0.118; 8 better,
6 worse): even (+0.019), 0 errors.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.rules import RuleSet

#: the spread of two seats' point gap by the end of the game, per square root of a regular round
#: left (measured as above)
PAIR_SPREAD = 8400.0
#: the deal-in and the win the factors are taken at: about a typical hand's price
TYPICAL = 6000
#: the factors are kept within these bounds
FACTOR_RANGE = (0.5, 2.0)


def place_values(rules: RuleSet) -> tuple[float, ...]:
    """What each place adds to the final score, in points (uma, and oka to first: G7)."""
    n = rules.players
    oka = (rules.return_points - rules.starting_points) * n if rules.oka_to_first else 0
    return tuple(1000.0 * u + (oka if place == 0 else 0) for place, u in enumerate(rules.uma))


def place_chances(scores: Sequence[int], seat: int, spread: float) -> list[float]:
    """The chances that ``seat`` ends in each place (first to last), each other seat ending
    above it as the chance that a normal spread of ``spread`` does not turn their gap.

    >>> [round(p, 3) for p in place_chances([25000] * 4, 0, 10000.0)]
    [0.125, 0.375, 0.375, 0.125]
    >>> place_chances([40000, 20000, 20000, 20000], 0, 1.0)
    [1.0, 0.0, 0.0, 0.0]
    """
    dist = [1.0]
    for o in range(len(scores)):
        if o == seat:
            continue
        gap = scores[o] - scores[seat]
        above = 0.5 * (1.0 + math.erf(gap / (spread * math.sqrt(2.0))))
        nxt = [0.0] * (len(dist) + 1)
        for k, p in enumerate(dist):
            nxt[k] += p * (1.0 - above)
            nxt[k + 1] += p * above
        dist = nxt
    return dist


def expected_final(scores: Sequence[int], seat: int, spread: float,
                   values: Sequence[float]) -> float:
    """This seat's expected final score in points: its points and its places' worth."""
    chances = place_chances(scores, seat, spread)
    return scores[seat] + sum(p * v for p, v in zip(chances, values, strict=True))


def regular_rounds_left(round_index: int, rules: RuleSet) -> int:
    """The regular rounds left, this one counted (P1: three a wind)."""
    per = 3 if rules.players == 3 else 4
    winds = 2 if rules.length == "hanchan" else 1
    this = (round_index // 4) * per + round_index % 4
    return max(1, per * winds - this)


def defence_factors(scores: Sequence[int], seat: int, round_index: int, rules: RuleSet
                    ) -> dict[int, float]:
    """For each other seat: a typical deal-in to it against a typical win of this seat, in
    final score, over the same at an even table (1.0 there)."""
    spread = PAIR_SPREAD * math.sqrt(regular_rounds_left(round_index, rules))
    values = place_values(rules)
    even = [rules.starting_points] * len(scores)
    par = _loss(even, seat, (seat + 1) % len(scores), spread, values) / \
        _gain(even, seat, spread, values)
    now = list(scores)
    gain = _gain(now, seat, spread, values)
    low, high = FACTOR_RANGE
    return {o: min(high, max(low, _loss(now, seat, o, spread, values) / gain / par))
            for o in range(len(scores)) if o != seat}


def _gain(scores: list[int], seat: int, spread: float, values: Sequence[float]) -> float:
    """A typical ron won from each other seat in turn, on average, in final score."""
    now = expected_final(scores, seat, spread, values)
    total = 0.0
    others = [o for o in range(len(scores)) if o != seat]
    for o in others:
        after = list(scores)
        after[seat] += TYPICAL
        after[o] -= TYPICAL
        total += expected_final(after, seat, spread, values) - now
    return total / len(others)


def _loss(scores: list[int], seat: int, winner: int, spread: float,
          values: Sequence[float]) -> float:
    """A typical deal-in to ``winner``, in final score."""
    after = list(scores)
    after[seat] -= TYPICAL
    after[winner] += TYPICAL
    return expected_final(scores, seat, spread, values) - expected_final(after, seat, spread,
                                                                         values)
