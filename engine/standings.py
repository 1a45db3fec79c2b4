"""Standings: the ranking of the seats (G6), what follows a round (G1-G5) and the final score
with uma and oka (G7). Pure functions of the rules and the points, shared by the game (``engine.game``)
and by anyone who reasons about placement (the AI's last-round play, the advice shown to a player).

>>> ranking([25000, 31000, 25000, 19000])
[1, 0, 2, 3]
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rules import RuleSet


def ranking(scores: Sequence[int]) -> list[int]:
    """G6: seats by points, ties broken by seat order from the first dealer (seat 0)."""
    return sorted(range(len(scores)), key=lambda s: (-scores[s], s))


def next_step(
    rules: RuleSet, round_index: int, scores: Sequence[int], renchan: bool, earned: bool
) -> int | str:
    """What follows a round (G1-G5): the next round index, ``"yame"`` when the all-last dealer
    may stop (G4), or the reason the game ends (``"bust"``, ``"last round"``).

    ``earned``: the dealer won or was tenpai (an abortive draw also keeps the deal, but gives
    no agari-yame). The last regular round is South 4 (East 4 in tonpuusen); with the extension
    (G5) play goes on while nobody has the return points, at most four more rounds. Three
    players (P1, ``len(scores) == 3``) play three rounds a wind: the index skips each wind's
    fourth (South 3 is the last of a hanchan)."""
    low = min(scores)
    if (rules.bust == "below_zero" and low < 0) or (rules.bust == "zero_or_below" and low <= 0):
        return "bust"
    three = len(scores) == 3
    last = (7 if rules.length == "hanchan" else 3) - three
    final = last + 4 if rules.extension else last
    if round_index >= last:
        dealer = round_index % 4
        if renchan:
            if (rules.agari_yame and earned and ranking(scores)[0] == dealer
                    and scores[dealer] >= rules.return_points):
                return "yame"
        elif round_index >= final or max(scores) >= rules.return_points:
            return "last round"
    nxt = round_index if renchan else round_index + 1
    if three and nxt % 4 == 3:
        nxt += 1  # P1: no fourth round in a wind
    return nxt if nxt <= 15 else "last round"


def final_scores(
    points: Sequence[int], ranking: Sequence[int], rules: RuleSet
) -> tuple[float, ...]:
    """G7: (points - return) / 1000 + uma + oka (to first). With ``round56`` each of places 2-4
    is rounded "5 down 6 up" to a whole number and first place takes what makes the sum zero;
    ``round_points`` rounds the points themselves to the thousand, halves away from zero, before
    the return is taken off (Tenhou's logs with whole-number game points: 25500 -> -4, but -4500
    -> -35); ``exact`` keeps decimals."""
    n = len(points)
    oka = (rules.return_points - rules.starting_points) * n / 1000 if rules.oka_to_first else 0
    out = [0.0] * n
    if rules.score_rounding == "exact":
        for place, s in enumerate(ranking):
            v = (points[s] - rules.return_points) / 1000 + rules.uma[place]
            if place == 0:
                v += oka
            out[s] = round(v, 1)
        return tuple(out)
    if rules.score_rounding == "round_points":
        def whole(p: int) -> int:
            return _round_points(p) - rules.return_points // 1000
    else:
        def whole(p: int) -> int:
            return _round56(p - rules.return_points)
    total = 0
    for place, s in enumerate(ranking[1:], start=1):
        v = whole(points[s]) + rules.uma[place]
        out[s] = v
        total += v
    first = ranking[0]
    if rules.oka_to_first and sum(points) == n * rules.starting_points:
        out[first] = -total  # zero-sum: first place absorbs the rounding
    else:
        out[first] = whole(points[first]) + rules.uma[0] + oka
    return tuple(out)


def _round_points(points: int) -> int:
    """Thousands of ``points``, halves away from zero (25500 -> 26, -4500 -> -5): Tenhou's
    whole-number game points are these minus the return points' thousands."""
    q, r = divmod(abs(points), 1000)
    return (-1 if points < 0 else 1) * (q + (r >= 500))


def _round56(diff: int) -> int:
    """Thousands of ``diff`` points, "5 down 6 up" on the hundreds (on the magnitude)."""
    sign = -1 if diff < 0 else 1
    q, r = divmod(abs(diff), 1000)
    if r >= 600:
        q += 1
    return sign * q

