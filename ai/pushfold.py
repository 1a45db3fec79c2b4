"""Push or fold, looking past the discard at hand (issue 16).

The discard score of ``ai.player`` weighs the attack (chance to win x value) against the danger
of the one tile thrown now. A hand that keeps attacking against a ready opponent must also throw
the tiles it draws until it wins, each of them a new chance to deal in. A player who sees this
folds a slow hand early and pushes a ready one (the push/fold charts of modern strategy: a good
tenpai pushes against a riichi, a cheap 1-shanten rarely, a 2-shanten almost never).

- ``push_cost``: the expected loss of the discards still to come while pushing, by how far the
  hand is from winning: ``PUSH_LATER``, how much more often people who pushed such a hand into a
  riichi dealt in later in the round than those who folded it (the Houou games of
  ``benchmarks/bench_pushfold.py``; the later folds a pushing hand can still make are in it). The
  attack of a discard is worth this much less, but never less than a tenth of itself
  (``FOLD_KEEP``): the hand keeps the option to fold later and to come back, and among equally
  safe tiles the one that keeps the hand goes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ai.defence import Opponent, expected_loss, tenpai_probability

#: how much more often a hand ready, 1-shanten, 2+-shanten (before its discard) that pushed into a
#: riichi dealt in later in the round than one that folded: people in the 159 Houou games of
#: bench_pushfold (its "later deal-in: pushed / folded", 7.9/7.2, 10.3/6.2, 9.9/3.8%). The guess
#: it replaces, 2.5, 5, 7.5 more discards at PUSH_DANGER each (0.06, 0.13, 0.19), folded
#: 1-shanten hands where people push (17% of those spots against 27%; issue 16)
PUSH_LATER = (0.007, 0.041, 0.061)
#: how much more often a closed ready hand that declared riichi into a riichi dealt in later in
#: the round than one that pushed it dama (people in the same games: 11.8% of 204 riichi, 5.7% of
#: 212 dama pushes; 6.7% of 268 folds): a riichi throws every tile it draws, dama can still fold
RIICHI_LATER = 0.061
#: deal-in chance of a tile thrown for the hand's sake, not for safety: about a fifth of a middle
#: non-suji tile against a riichi (Tenhou statistics: 12-13%), as many drawn tiles are safe ones
#: or are kept (``hold_cost``; the cap of ``push_cost`` with few draws left)
PUSH_DANGER = 0.025
#: only an opponent this likely ready is pushed against (a riichi, an open hand with calls
#: late): against silent hands the charts do not apply, and a hand keeps building
THREAT_MIN = 0.5
#: the share of its attack a hand keeps when pushing costs more than it brings (``pushed``)
FOLD_KEEP = 0.1


def push_cost(opponents: Iterable[Opponent], turn: int, dora: Sequence[int], shanten: int,
              draws: int) -> float:
    """Expected points lost by the discards still to come when a hand ``shanten`` steps from
    tenpai (after the discard) keeps attacking for at most ``draws`` more draws, against the
    opponents at least ``THREAT_MIN`` likely ready.

    >>> riichi = Opponent(seat=1, riichi=True)
    >>> push_cost([riichi], 8, (), 0, 10) < push_cost([riichi], 8, (), 2, 10)
    True
    >>> push_cost([Opponent(seat=1)], 14, (), 1, 10)  # a closed silent hand: no known threat
    0.0
    """
    if shanten < 0 or draws <= 0:
        return 0.0
    later = min(PUSH_LATER[min(shanten, len(PUSH_LATER) - 1)], PUSH_DANGER * draws)
    return _threats(opponents, turn, dora) * later


def riichi_cost(opponents: Iterable[Opponent], turn: int, dora: Sequence[int], draws: int
                ) -> float:
    """Expected points a riichi loses against dama by throwing every tile it draws from now on
    (``RIICHI_LATER``, at most ``PUSH_DANGER`` a draw), against the opponents at least
    ``THREAT_MIN`` likely ready.

    >>> riichi = Opponent(seat=1, riichi=True)
    >>> riichi_cost([Opponent(seat=1)], 8, (), 10), riichi_cost([riichi], 8, (), 0)
    (0.0, 0.0)
    >>> riichi_cost([riichi], 8, (), 10) > push_cost([riichi], 8, (), 0, 10)
    True
    """
    if draws <= 0:
        return 0.0
    return _threats(opponents, turn, dora) * min(RIICHI_LATER, PUSH_DANGER * draws)


def hold_cost(opponents: Iterable[Opponent], turn: int, dora: Sequence[int], draws: int
              ) -> float:
    """Expected points lost by a ready hand that stays ready to the end of the wall (for the
    noten payments, K1) instead of folding: each of its ``draws`` draws thrown at
    ``PUSH_DANGER``, against the opponents at least ``THREAT_MIN`` likely ready.

    >>> riichi = Opponent(seat=1, riichi=True)
    >>> hold_cost([riichi], 8, (), 0), hold_cost([Opponent(seat=1)], 8, (), 6)
    (0.0, 0.0)
    >>> hold_cost([riichi], 8, (), 2) < hold_cost([riichi], 8, (), 8)
    True
    """
    if draws <= 0:
        return 0.0
    return _threats(opponents, turn, dora) * PUSH_DANGER * draws


def _threats(opponents: Iterable[Opponent], turn: int, dora: Sequence[int]) -> float:
    """The expected loss of a deal-in into the opponents at least ``THREAT_MIN`` likely ready,
    weighted by that likelihood."""
    per = 0.0
    for o in opponents:
        p = tenpai_probability(o, turn)
        if p >= THREAT_MIN:
            per += p * expected_loss(o, dora)
    return per


def pushed(attack: float, cost: float) -> float:
    """The attack of a discard less the ``cost`` of pushing on, but at least ``FOLD_KEEP`` of
    it (folding later keeps that much); a negative attack (a yakuless open hand) is left as is.

    >>> pushed(1000.0, 300.0), pushed(1000.0, 5000.0), pushed(-50.0, 300.0)
    (700.0, 100.0, -50.0)
    """
    if attack <= 0.0:
        return attack
    return max(attack - cost, FOLD_KEEP * attack)
