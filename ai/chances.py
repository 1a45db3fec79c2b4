"""How likely a hand is to be completed: the small Markov chain over shanten the real AI prices
its discards with, and the waits that can still come."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

# per-own-draw chance of moving one step, by shanten, for the steps after the first
_STEP = {0: 6.0, 1: 18.0, 2: 28.0, 3: 36.0, 4: 42.0, 5: 48.0, 6: 52.0}
RON_FACTOR = 1.6  # a wait is hit by own draws plus (more cautious) opponents discards
WIN_BONUS = 1500  # a win also ends the round: what the others would have won is denied
HAZARD = 0.06  # per own draw, the chance another seat wins or the round is otherwise over
# Measured and left out (issue 16): the race by riichi on the table, from the 159 Houou games of
# ../shared/logs/mjlog (per own draw of a seat not in riichi, the round ended by another's win
# 0.030 of the time with no riichi out, 1,789 of 59,967 draws; 0.147 with one, 1,995 of 13,566),
# as hard's hazard (0.030 + 0.117 per riichi): four hard deal-in 12.3 -> 11.3% (in issue 16's
# band), win 20.7 -> 20.2%, calls 27.8 -> 26.4%; vs 3 greedy 1.925 -> 1.945, vs 3 rule 1.720 ->
# 1.700. Left out for now: hard then folds the 1-shanten and tenpai hands that
# tests/ai/test_placement and test_pushfold show it pushing against a riichi (the last seat far
# behind in the all-last too), judgements to look at again before the hazard goes in.
SHANTEN_BACK = 0.5  # a wait is hit by own draws plus three opponents' discards
ROUGH_SPREAD = ((0.6, 0.25), (1.0, 0.5), (1.7, 0.25))  # a han less / as guessed / a han more


def win_probability(s: int, first: float, unseen: int, draws: int, can_ron: bool = True,
                    wait: float | None = None, hazard: float = HAZARD) -> float:
    """Chance to complete a hand ``s`` steps from tenpai with ``draws`` own draws left, when the
    first step has ``first`` unseen useful copies (a small Markov chain, one state per shanten);
    ``hazard``: the chance, per own draw, that the round ends another way first."""
    if s < 0:
        return 1.0
    if draws <= 0:
        return 0.0
    unseen = max(unseen, 10)
    probs = []
    for level in range(s, -1, -1):
        if level == s:
            n = first
        elif level == 0 and wait is not None:
            n = wait
        else:
            n = _STEP[min(level, 6)]
        p = n / unseen
        if level == 0:
            p *= RON_FACTOR if can_ron else 1.0
        probs.append(min(0.95, p))
    dist = [1.0] + [0.0] * len(probs)
    keep = 1.0 - hazard
    for _ in range(draws):
        for i in range(len(probs)):
            dist[i] *= keep  # someone else ended the round first
        for i in range(len(probs) - 1, -1, -1):
            move = dist[i] * probs[i]
            dist[i] -= move
            dist[i + 1] += move
    return dist[-1]


def spare_tile(kind: int, used: set[int]) -> int | None:
    """A copy of ``kind`` not among ``used`` (the highest first: red fives are the lowest), to
    score a win on that kind; None when all four are used."""
    return next((kind * 4 + c for c in (3, 2, 1, 0) if kind * 4 + c not in used), None)


def live_waits(kinds: Sequence[int], unseen: Sequence[int], used: set[int]
               ) -> Iterator[tuple[int, int, int]]:
    """(kind, unseen copies, a spare physical tile to score it with) for each wait that can
    still come."""
    for w in kinds:
        n = unseen[w]
        if n <= 0:
            continue
        tile = spare_tile(w, used)
        if tile is not None:
            yield w, n, tile
