"""ai.review.rollout: how many samples an evaluation spends. A decision is looked at after its
first ``samples`` and doubled while the best option is unsettled: the runner-up's paired loss
inside its interval (at the first look: inside FIRST_WIDE intervals) and that interval reaching
INDIFFERENT points; never past ``max_samples``. The rollouts are replaced by made-up outcomes
here (sample i's values fixed by i, as the real ones are by their seed), so each rule is seen
alone."""

import math

import pytest

from ai.review import rollout
from ai.review.review import GROWTH, review_position
from ai.review.rollout import (
    FIRST_WIDE,
    INDIFFERENT,
    OptionValue,
    Outcome,
    evaluate,
    runner_up,
    unsettled,
)
from ai.review.walk import walk_record
from engine.actions import Pass
from engine.game import Game
from engine.records import read_record
from engine.rules import TENHOU
from tests.ai.helpers import SHARED_LOGS


def _value(mean, loss, half):
    return OptionValue(Pass(), mean, 0.0, loss, half, 0.0, 0.0, 0.0, None, 8)


def test_unsettled_while_the_lead_is_inside_its_paired_interval():
    best = _value(500.0, 0.0, 0.0)
    assert unsettled([best, _value(100.0, 400.0, 500.0)])  # inside: grow
    assert not unsettled([best, _value(100.0, 400.0, 300.0)])  # outside: settled
    assert not unsettled([best])  # nothing to compare


def test_the_first_look_asks_for_a_lead_FIRST_WIDE_intervals_wide():
    best = _value(500.0, 0.0, 0.0)
    runner = _value(100.0, 400.0, 300.0)  # outside one interval, inside two
    assert FIRST_WIDE * 300.0 > 400.0
    assert unsettled([best, runner], first=True)
    assert not unsettled([best, runner])
    assert not unsettled([best, _value(100.0, 700.0, 300.0)], first=True)


def test_options_surely_within_INDIFFERENT_points_are_settled():
    best = _value(500.0, 0.0, 0.0)
    assert not unsettled([best, _value(490.0, 10.0, INDIFFERENT / 2)])  # 10 ± 50: a tie
    assert unsettled([best, _value(490.0, 10.0, INDIFFERENT)])  # could still be 110 apart


def test_the_runner_up_is_the_option_of_the_smallest_paired_loss():
    best = _value(500.0, 0.0, 0.0)
    close = _value(100.0, 50.0, 400.0)  # a lower mean, yet nearest the best sample by sample
    far = _value(300.0, 900.0, 100.0)
    assert runner_up([best, far, close]) is close
    assert unsettled([best, far, close])  # the close one decides, not the far one
    assert runner_up([best]) is None


def _made_up(gap, spread, common=0.0):
    """Fake rollouts of two options: option 0 leads by ``gap``; the paired difference swings by
    ± ``spread`` from sample to sample, and both share a luck of ± ``common``."""

    def run(game, seat, options, seed, indices, whole_game):
        rows = []
        for i in indices:
            luck = common * math.sin(1.7 * i + 0.3)
            swing = spread * (1 if i % 2 else -1)
            a = luck + gap / 2 + swing / 2
            b = luck - gap / 2 - swing / 2
            rows.append([Outcome(a, int(a), False, False), Outcome(b, int(b), False, False)])
        return rows
    return run


@pytest.fixture
def decision():
    game = Game(TENHOU, 1)
    return game, list(game.pending()[0][:2])


def _spent(monkeypatch, decision, run, samples=32, cap=512):
    monkeypatch.setattr(rollout, "run_samples", run)
    game, opts = decision
    values = evaluate(game, 0, opts, samples=samples, max_samples=cap)
    assert {v.samples for v in values} == {values[0].samples}  # every option on every sample
    return values[0].samples, values


def test_a_clear_decision_stops_at_its_first_look(monkeypatch, decision):
    n, values = _spent(monkeypatch, decision, _made_up(3000.0, 1000.0))
    assert n == 32 and values[1].loss == pytest.approx(3000.0)


def test_a_lead_outside_one_interval_but_not_two_grows_once(monkeypatch, decision):
    # 1000 ± 1.96 * 2000 / sqrt(32) = ± 700 at 32 (inside two intervals), ± 490 at 64
    n, _ = _spent(monkeypatch, decision, _made_up(1000.0, 2000.0))
    assert n == 64


def test_a_close_decision_grows_until_the_lead_is_outside_its_interval(monkeypatch, decision):
    # 300 ± 1.96 * 2000 / sqrt(n): inside at 128 (± 346), outside at 256 (± 245)
    n, values = _spent(monkeypatch, decision, _made_up(300.0, 2000.0))
    assert n == 256 and values[1].loss > values[1].loss_half


def test_a_tie_grows_to_the_cap_and_no_further(monkeypatch, decision):
    n, _ = _spent(monkeypatch, decision, _made_up(0.0, 2000.0), cap=300)
    assert n == 300


def test_common_luck_cancels_in_the_paired_difference(monkeypatch, decision):
    # each option's own interval is wider than the gap; the paired one is not
    n, values = _spent(monkeypatch, decision, _made_up(1000.0, 500.0, common=8000.0))
    assert n == 32
    assert values[0].half > values[1].loss > FIRST_WIDE * values[1].loss_half


def test_a_fixed_evaluation_never_grows(monkeypatch, decision):
    monkeypatch.setattr(rollout, "run_samples", _made_up(0.0, 2000.0))
    game, opts = decision
    assert {v.samples for v in evaluate(game, 0, opts, samples=32)} == {32}


def test_a_reviewed_decision_uses_the_growing_evaluation(monkeypatch):
    seen = {}

    def spy(game, seat, options, **kw):
        seen.update(kw)
        raise LookupError("spied")

    monkeypatch.setattr("ai.review.review.evaluate", spy)
    record = read_record(sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))[0])
    for p in walk_record(record, 0).positions:
        try:
            review_position(p, samples=8)
        except LookupError:
            break
    assert seen["samples"] == 8 and seen["max_samples"] == GROWTH * 8
