"""ai.review: the rollout policy, the evaluator (common random numbers, reproducible, worker
processes give the same numbers), the options of each kind of decision, grades and totals."""

import json
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from ai import make_agent
from ai.efficiency import shanten
from ai.observe import river_safe_after_riichi
from ai.review.grades import BLUNDER, FINE, MISTAKE, grade, totals
from ai.review.options import choose_options
from ai.review.policy import FastPolicy
from ai.review.review import review_position, review_walk
from ai.review.rollout import (
    INDIFFERENT,
    OptionValue,
    evaluate,
    placement_value,
    plays_to_end,
    unsettled,
)
from ai.review.walk import walk_actions
from engine.actions import Chi, Discard, Pass, Pon, Riichi, Ron, Tsumo
from engine.driver import play_out
from engine.game import Game, RoundStart
from engine.phase import Phase
from engine.rules import TENHOU
from engine.table import Table
from engine.wall import Wall


def _until(seed, stop, start=None, kind="normal"):
    """A game played by AIs until ``stop(game)`` holds with seat 0 pending."""
    game = Game(TENHOU, seed, start=start)
    ai = {p: make_agent(kind, seed=p, rules=TENHOU) for p in range(4)}
    while not game.over:
        pending = game.pending()
        if 0 in pending and stop(game, pending[0]):
            return game
        p = min(pending)
        game.submit(p, ai[p].act(game.view(p), pending[p]))
    return None


def test_the_policy_plays_whole_hands_fast_and_legally():
    for s in range(5):
        table = Table(TENHOU, Wall.shuffled(s))
        play_out(table, {p: FastPolicy(p) for p in range(4)})
        assert table.over


def _fold_spot(game, legal):
    """Seat 0 to discard, not tenpai, holding a genbutsu of every riichi seat."""
    t = game.table
    riichi = [p for p in (1, 2, 3) if t.seats[p].riichi]
    if not riichi or t.phase is not Phase.TURN or t.seats[0].riichi:
        return False
    view = game.view(0)
    if any(isinstance(a, Riichi) for a in legal):
        return False
    return bool(_genbutsu(view, riichi)) and not view.waits


def _genbutsu(view, riichi):
    """The kinds in hand every riichi seat cannot ron: its river, and what passed it since (F3)."""
    safe = [{rt.tile >> 2 for rt in view.rivers[p]} | river_safe_after_riichi(view, p)
            for p in riichi]
    return {k for k in (t >> 2 for t in view.concealed) if all(k in s for s in safe)}


def test_the_policy_takes_wins_and_folds_to_riichi_with_genbutsu():
    folds = 0
    for seed in range(1, 6):
        game = _until(seed, _fold_spot, kind="greedy")
        if game is None:
            continue
        view = game.view(0)
        riichi = [p for p in (1, 2, 3) if view.riichi[p]]
        counts = [0] * 34
        for t in view.concealed:
            counts[t >> 2] += 1
        sets = 4 - len(view.melds[0])
        best = min(shanten([n - (i == k) for i, n in enumerate(counts)], sets, sets == 4)
                   for k in range(34) if counts[k])
        if best == 0:
            continue  # tenpai after a discard: the policy pushes
        choice = FastPolicy(0).act(view, view.legal)
        assert choice.tile >> 2 in _genbutsu(view, riichi)
        folds += 1
    assert folds >= 1
    win = _until(3, lambda g, legal: any(isinstance(a, (Ron, Tsumo)) for a in legal))
    assert win is not None
    legal = win.pending()[0]
    assert isinstance(FastPolicy(0).act(win.view(0), legal), (Ron, Tsumo))


def test_the_same_option_twice_loses_nothing_common_random_numbers():
    game = _until(5, lambda g, legal: g.table.state.next_draw > 60
                  and g.table.phase is Phase.TURN)
    a = next(x for x in game.pending()[0] if isinstance(x, Discard))
    v1, v2 = evaluate(game, 0, [a, a], samples=6, seed=3)
    assert v1.mean == v2.mean and v1.half == v2.half
    assert v2.loss == 0 and v2.loss_half == 0


def test_an_evaluation_is_reproducible_and_the_same_with_workers():
    game = _until(6, lambda g, legal: g.table.state.next_draw > 64
                  and g.table.phase is Phase.TURN)
    opts = [x for x in game.pending()[0] if isinstance(x, Discard)][:2]
    one = evaluate(game, 0, opts, samples=6, seed=11)
    assert one == evaluate(game, 0, opts, samples=6, seed=11)
    with ProcessPoolExecutor(2) as pool:
        assert one == evaluate(game, 0, opts, samples=6, seed=11, pool=pool, workers=2)
    assert one != evaluate(game, 0, opts, samples=6, seed=12)


def test_an_illegal_option_or_too_few_samples_is_refused():
    game = Game(TENHOU, 2)
    legal = game.pending()[0]
    with pytest.raises(ValueError, match="not a legal action"):
        evaluate(game, 0, [Pass()], samples=4)
    with pytest.raises(ValueError, match="at least 2"):
        evaluate(game, 0, list(legal[:2]), samples=1)


def test_skipping_a_ron_loses_value():
    game = _until(3, lambda g, legal: any(isinstance(a, Ron) for a in legal))
    assert game is not None
    legal = game.pending()[0]
    ron = next(a for a in legal if isinstance(a, Ron))
    skip = Pass() if Pass() in legal else None
    assert skip is not None
    won, skipped = evaluate(game, 0, [ron, skip], samples=8)
    assert won.win_rate == 1.0 and won.mean > skipped.mean


def test_G7_in_the_all_last_the_value_is_the_final_game_score():
    start = RoundStart(7, (30000, 25000, 25000, 20000))
    game = _until(8, lambda g, legal: g.table.phase is Phase.TURN, start=start)
    assert plays_to_end(game)
    a = next(x for x in game.pending()[0] if isinstance(x, Discard))
    (v,) = evaluate(game, 0, [a], samples=4)
    assert v.placement is not None and v.placement == pytest.approx(v.mean / 1000)
    # first place with 30000 and uma +20, oka +20: 0 + 20000 + 20000
    assert placement_value([30000, 25000, 25000, 20000], 0, TENHOU) == 40000.0


def test_a_call_decision_plays_every_form_and_the_pass():
    game = _until(2, lambda g, legal: any(isinstance(a, Chi) for a in legal)
                  and sum(isinstance(a, Chi) for a in legal) >= 2)
    assert game is not None
    legal = game.pending()[0]
    choice = choose_options(game.view(0), legal, Pass())
    assert choice.category == "calls" and Pass() in choice.options
    forms = {tuple(sorted(t >> 2 for t in a.tiles)) for a in legal if isinstance(a, (Chi, Pon))}
    got = {tuple(sorted(t >> 2 for t in a.tiles)) for a in choice.options
           if isinstance(a, (Chi, Pon))}
    assert got == forms


def test_a_riichi_decision_weighs_riichi_against_dama_on_the_same_tile():
    game = _until(4, lambda g, legal: any(isinstance(a, Riichi) for a in legal))
    assert game is not None
    legal = game.pending()[0]
    played = next(a for a in legal if isinstance(a, Riichi))
    choice = choose_options(game.view(0), legal, played)
    assert choice.category == "riichi"
    assert played in choice.options and Discard(played.tile) in choice.options


def test_grades_follow_the_bands():
    assert grade(5000, 100, True) == "best"
    assert grade(FINE - 1, 0, False) == "fine"
    assert grade(2000, 2500, False) == "fine"  # within its interval
    assert grade(MISTAKE - 1, 100, False) == "inaccuracy"
    assert grade(BLUNDER - 1, 100, False) == "mistake"
    assert grade(BLUNDER, 100, False) == "blunder"
    (calls, riichi) = totals([("calls", "best", 0), ("calls", "mistake", 1500.0),
                              ("riichi", "fine", 100.0)])
    assert (calls.decisions, calls.matched, calls.lost, calls.match_rate) == (2, 1, 1500.0, 0.5)
    assert riichi.grades["fine"] == 1


def test_a_saved_game_is_walked_and_reviewed_with_json_for_tools():
    played = Game(TENHOU, 21)
    play_out(played, {p: make_agent("greedy", seed=p, rules=TENHOU) for p in range(4)})
    walk = walk_actions(Game(TENHOU, 21), played.actions, 2)
    assert walk.problem is None and walk.positions
    assert all(p.seat == 2 for p in walk.positions)
    review = review_walk(walk, samples=3, positions=walk.positions[:4])
    assert 1 <= len(review.decisions) <= 4
    data = json.loads(json.dumps(review.to_dict()))
    assert len(data["decisions"]) == len(review.decisions)
    for d in review.decisions:
        assert d.played in d.options
        assert d.grade in ("best", "fine", "inaccuracy", "mistake", "blunder")
        if not d.obvious:
            assert len(d.values) == len(d.options) >= 2
    # each decision is seeded on its own: reviewing it alone gives the same grade
    alone = review_position(walk.positions[0], samples=3)
    assert alone == review.decisions[0]


def test_a_walk_can_stop_before_a_round():
    played = Game(TENHOU, 22)
    play_out(played, {p: make_agent("greedy", seed=p, rules=TENHOU) for p in range(4)})
    whole = walk_actions(Game(TENHOU, 22), played.actions, 1)
    first = walk_actions(Game(TENHOU, 22), played.actions, 1, rounds=1)
    assert {p.round for p in first.positions} == {"East 1"}
    assert first.positions and len(first.positions) < len(whole.positions)
    assert [p.index for p in first.positions] == [p.index for p in whole.positions][
        :len(first.positions)]
    assert walk_actions(Game(TENHOU, 22), played.actions, 1, rounds=0).positions == []


def test_a_refused_action_stops_the_walk_with_a_reason():
    game = Game(TENHOU, 2)
    walk = walk_actions(game, [(0, Discard(135 if 135 not in game.table.seats[0].hand else 0))], 0)
    assert walk.problem is not None and "action 0" in walk.problem


def test_an_evaluation_leaves_the_global_random_generator_alone():
    state = random.getstate()
    game = _until(5, lambda g, legal: g.table.phase is Phase.TURN)
    a = next(x for x in game.pending()[0] if isinstance(x, Discard))
    evaluate(game, 0, [a, a], samples=2)
    assert random.getstate() == state


def _value(loss, half):
    return OptionValue(Pass(), 0.0, 0.0, loss, half, 0.0, 0.0, 0.0, None, 8)


def test_an_evaluation_grows_only_while_the_best_is_unsettled():
    best = _value(0.0, 0.0)
    assert unsettled([best, _value(200, 400)])  # a gap that could matter, not yet clear
    assert not unsettled([best, _value(200, 20)])  # clear
    assert not unsettled([best, _value(10, INDIFFERENT / 4)])  # surely too small to matter
    assert not unsettled([best])  # (tests/ai/test_review_sampling.py: each rule alone)
    game = _until(5, lambda g, legal: g.table.state.next_draw > 56
                  and g.table.phase is Phase.TURN)
    opts = [x for x in game.pending()[0] if isinstance(x, Discard)][:3]
    fixed = evaluate(game, 0, opts, samples=4, seed=2)
    grown = evaluate(game, 0, opts, samples=4, seed=2, max_samples=16)
    assert {v.samples for v in fixed} == {4}
    n = grown[0].samples
    assert n in (4, 8, 16)
    assert (n == 4) == (not unsettled(fixed, first=True))
    assert all(v.samples == n for v in grown)
    assert grown == evaluate(game, 0, opts, samples=4, seed=2, max_samples=16)
