"""ai.review.policy: the rollout policy's fast paths give the answers of their plain forms (a
review's numbers must not move when its rollouts get cheaper)."""

import pytest

from ai.observe import passed_since_discard, river_safe_after_riichi
from ai.review.policy import FastPolicy, _visible, hand_shape, rank_discards
from ai.review.review import review_walk
from ai.review.walk import walk_record
from engine.actions import Discard
from engine.records import read_record
from engine.rules import TENHOU
from engine.table import Table
from engine.tiles import TilePool, parse_kind
from engine.wall import Wall
from tests.ai.helpers import SHARED_LOGS, make_view, pons

MJLOGS = sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))  # the hanchan bench's game is the first


def _passed_plainly(view, p):
    """What ``p`` cannot ron now, as ``ai.observe`` reads it for the AIs: its river, what
    passed it since its last discard (F2) and, in riichi, since its riichi (F3)."""
    safe = {rt.tile >> 2 for rt in view.rivers[p]} | passed_since_discard(view, p)
    if view.riichi[p]:
        safe |= river_safe_after_riichi(view, p)
    return safe


def _safest_plainly(view, threats, counts, ranked):
    """FastPolicy._safest as first written, with sets and generators (the reference)."""
    visible = _visible(view)  # unchanged: the new code counts the same
    safe_by = [_passed_plainly(view, p) for p in threats]
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


#: a 1-shanten hand with no honour and no genbutsu of its own but a 5m: the policy folds
HAND_WITH_5M = "1335m5679p24678s"


def _fold_against(view, threat):
    counts, sets, closed = hand_shape(view)
    kinds = {t >> 2 for t in view.concealed}
    return FastPolicy._safest(view, [threat], counts, rank_discards(view, kinds, counts, sets,
                                                                    closed))


def test_F3_the_rollouts_fold_with_a_tile_another_seat_threw_after_the_riichi():
    # the dealer's riichi on its second tile (the round's fifth discard); seat 1 threw 5m after
    # it and was not ronned: 5m is as safe as the dealer's own river, where the rollouts had
    # seen a middle tile and folded a 1m instead
    view = make_view(HAND_WITH_5M, "4p", seat=2, rivers=("1z2z", "9s5m", "1p", "9m"),
                     riichi=(True, False, False, False), riichi_at={0: 1})
    assert _fold_against(view, 0) == parse_kind("5m")
    assert FastPolicy(2).choose(view, view.legal).tile >> 2 == parse_kind("5m")
    # thrown before the riichi (seat 1's 5m first, then 9s): no longer safe
    before = make_view(HAND_WITH_5M, "4p", seat=2, rivers=("1z2z", "5m9s", "1p", "9m"),
                       riichi=(True, False, False, False), riichi_at={0: 1})
    assert _fold_against(before, 0) != parse_kind("5m")


def test_F2_the_rollouts_fold_with_a_tile_that_passed_an_open_threat_since_its_discard():
    # seat 3 with three pons, not in riichi, let the dealer's 5m pass after its own discard
    pool = TilePool()
    melds = ((), (), (), pons(pool, "555z 666z 777z"))
    view = make_view(HAND_WITH_5M, "4p", seat=1, rivers=("1z5m", "2z", "3z", "4z"), melds=melds,
                     pool=pool)
    assert _fold_against(view, 3) == parse_kind("5m")
    # its discard came after the 5m this time: 5m is a live tile again
    later = make_view(HAND_WITH_5M, "4p", seat=1, rivers=("5m1z", "2z", "3z", "4z"),
                      melds=melds, pool=TilePool())
    assert _fold_against(later, 3) != parse_kind("5m")


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
#: samples) as reviewed (issue 14: the same seed must give the same numbers; a change of the
#: policy or the engine's play that moves them must say so). Moved last when the policy's folds
#: took the tiles that passed a threat (F2, F3) as genbutsu (issue 16, session 37)
_RECORDED = [
    [["discard 9m", 290.6, 181.2, 32], ["discard 9p", 471.9, 0.0, 32],
     ["discard 4z", 103.1, 368.8, 32]],
    [["discard 9m", 715.6, 271.9, 32], ["discard 9p", 987.5, 0.0, 32]],
    [["discard 9m", -153.1, 0.0, 32], ["discard 3p", -400.0, 246.9, 32]],
    [["discard 3p", 553.1, 1725.0, 32], ["discard 7s", 2278.1, 0.0, 32],
     ["discard 6z", 1965.6, 312.5, 32]],
]


@pytest.mark.skipif(not MJLOGS, reason="../shared/logs is not there")
def test_a_review_gives_the_numbers_it_recorded():
    walk = walk_record(read_record(MJLOGS[0]), 0)
    review = review_walk(walk, positions=walk.positions[:4], samples=8).to_dict()
    got = [[[o["text"], o["value"], o["loss"], o["samples"]] for o in d["options"]]
           for d in review["decisions"]]
    assert got == _RECORDED
