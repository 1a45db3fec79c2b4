"""ai.review.policy: the rollout policy's fast paths give the answers of their plain forms (a
review's numbers must not move when its rollouts get cheaper)."""

import pytest

from ai.review.policy import FastPolicy, _visible, hand_shape, rank_discards
from ai.review.review import review_walk
from ai.review.walk import walk_record
from engine.actions import Discard
from engine.records import read_record
from engine.rules import TENHOU
from engine.table import Table
from engine.wall import Wall
from tests.ai.helpers import SHARED_LOGS

MJLOGS = sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))  # the hanchan bench's game is the first


def _safest_plainly(view, threats, counts, ranked):
    """FastPolicy._safest as first written, with sets and generators (the reference)."""
    visible = _visible(view)  # unchanged: the new code counts the same
    safe_by = [{rt.tile >> 2 for rt in view.rivers[p]} for p in threats]
    order = {k: i for i, (_, _, k) in enumerate(ranked)}

    def danger(k):
        if all(k in safe for safe in safe_by):
            return (0, order[k])
        if k >= 27:
            return (1 if visible[k] + counts[k] >= 4 or visible[k] >= 3 else 3, order[k])
        i = k % 9
        suji = all((i >= 3 and k - 3 in safe) or (i <= 5 and k + 3 in safe)
                   for safe in safe_by)
        if suji:
            return (2 if i in (0, 8, 1, 7, 2, 6) else 4, order[k])
        return (5 if i in (0, 8) else 6, order[k])

    return min(order, key=danger)


def test_the_safest_discard_is_the_plain_forms_against_one_and_several_threats():
    checked = 0
    several = 0
    for s in range(40):
        table = Table(TENHOU, Wall.shuffled(4100 + s))
        agents = {p: FastPolicy(p) for p in range(4)}
        while not table.over:
            pending = table.pending()
            p = min(pending)
            view = table.view(p)
            kinds = {a.tile >> 2 for a in pending[p] if isinstance(a, Discard)}
            if kinds:
                counts, sets, closed = hand_shape(view)
                ranked = rank_discards(view, kinds, counts, sets, closed)
                # every other seat a threat, and each alone: more rivers than riichi gives
                for threats in ([q for q in range(4) if q != p], *([q] for q in range(4) if q != p)):
                    got = FastPolicy._safest(view, threats, counts, ranked)
                    assert got == _safest_plainly(view, threats, counts, ranked)
                    checked += 1
                    several += len(threats) > 1
            table.submit(p, agents[p].act(view, pending[p]))
    assert checked > 2000 and several > 500


def test_the_policy_random_generator_is_made_on_first_use_from_its_seed():
    import random

    p = FastPolicy(17)
    assert p._rng is None
    assert p.rng.random() == random.Random(17).random()
    assert p.rng is p.rng


def test_obvious_choice_answers_nothing_without_the_kinds_the_policy_asks_it_for():
    # FastPolicy asks ai.base.obvious_choice only when one of _OBVIOUS is on offer: were it to
    # answer some other action one day, the policy would skip it and this test says so
    from ai.base import obvious_choice
    from ai.review.policy import _OBVIOUS
    from engine import actions
    from engine.game import Game

    view = Game(seed=3).view(0)
    others = [actions.Discard(0), actions.Riichi(0), actions.Chi((4, 8), 0),
              actions.Pon((1, 2), 0), actions.Kan(actions.MeldKind.ANKAN, (0, 1, 2, 3)),
              actions.PASS, actions.ABORT]
    kinds = {type(a) for a in others} | set(_OBVIOUS)
    every = {c for c in vars(actions).values()
             if isinstance(c, type) and c.__module__ == "engine.actions" and hasattr(c, "to_dict")}
    assert every <= kinds, f"new action kinds: {every - kinds}"
    for a in others:
        assert obvious_choice(view, (a,)) is None
    assert obvious_choice(view, tuple(others)) is None


#: the first four decisions of seat 0 in the first log, 8 samples first: (option, value, loss,
#: samples) as reviewed before the rollouts were made cheaper (issue 14: the same seed must give
#: the same numbers; a change of the policy or the engine's play that moves them must say so)
_RECORDED = [
    [["discard 9m", -512.5, 0.0, 8], ["discard 9p", -512.5, 0.0, 8],
     ["discard 4z", -512.5, 0.0, 8]],
    [["discard 9m", 653.1, 256.2, 32], ["discard 9p", 909.4, 0.0, 32]],
    [["discard 9m", -500.0, 21.9, 32], ["discard 3p", -478.1, 0.0, 32]],
    [["discard 3p", 568.8, 1903.1, 32], ["discard 7s", 2471.9, 0.0, 32],
     ["discard 6z", 2368.8, 103.1, 32]],
]


@pytest.mark.skipif(not MJLOGS, reason="../shared/logs is not there")
def test_a_review_gives_the_numbers_it_gave_before_its_rollouts_got_cheaper():
    walk = walk_record(read_record(MJLOGS[0]), 0)
    review = review_walk(walk, positions=walk.positions[:4], samples=8).to_dict()
    got = [[[o["text"], o["value"], o["loss"], o["samples"]] for o in d["options"]]
           for d in review["decisions"]]
    assert got == _RECORDED
