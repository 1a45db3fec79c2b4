"""Rollouts: the value of each option of one decision, by playing the rest of the hand (in the
all-last: the rest of the game) from positions whose hidden tiles are sampled anew
(``engine.sample.sample_hidden``), with :class:`~ai.review.policy.FastPolicy` at every seat.

Common random numbers: sample ``i`` deals the same hidden tiles for every option, so the luck of
the deal cancels in the differences between options; the interval of a difference is taken over
the paired samples. Sample ``i`` is seeded from (seed, i) only, so a result does not depend on
how many worker processes share the samples: a review is reproducible.

The value of an option is the seat's expected points change from the decision to the end of the
hand (riichi stick and honba included); in the all-last (``placement``) it is the expected final
game score under the game's uma and oka, in points (1.0 of game score = 1000 points), so the same
grading bands serve both.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from ai.placement import is_all_last
from ai.review.policy import FastPolicy
from engine.actions import Action
from engine.events import Win
from engine.game import Game
from engine.rules import RuleSet
from engine.sample import clone_game, portable, sample_hidden

Z95 = 1.96  # two-sided 95% normal quantile


@dataclass(frozen=True, slots=True)
class Outcome:
    """One rollout of one option: the value (points, or game score in points in the all-last),
    the hand's points change, and whether the seat won or dealt in."""

    value: float
    points: int
    won: bool
    dealt_in: bool


@dataclass(frozen=True, slots=True)
class OptionValue:
    """What the rollouts say of one option. ``mean`` ± ``half`` is the value with its 95%
    interval; ``loss`` ± ``loss_half`` the value lost against the best option, paired over the
    same samples; ``points`` the expected points change of the hand; ``placement`` the expected
    final game score (None unless the game's end is near enough to count)."""

    action: Action
    mean: float
    half: float
    loss: float
    loss_half: float
    points: float
    win_rate: float
    deal_in_rate: float
    placement: float | None
    samples: int


def placement_value(points: Sequence[int], seat: int, rules: RuleSet) -> float:
    """The seat's final game score (G7, without rounding: uma, oka to first) in points."""
    order = sorted(range(len(points)), key=lambda s: (-points[s], s))
    place = order.index(seat)
    v = points[seat] - rules.return_points + 1000 * rules.uma[place]
    if place == 0 and rules.oka_to_first:
        v += (rules.return_points - rules.starting_points) * len(points)
    return float(v)


def _play(game: Game, seat: int, action: Action, whole_game: bool, seed: int) -> Outcome:
    """Submit ``action`` for ``seat`` and play the hand (``whole_game``: the game) out."""
    g = clone_game(game, events=False)
    # the next round is dealt only when the rollout plays on into it (dealing costs ~4%)
    g.auto_deal = whole_game
    table = g.table
    start = table.state.scores[seat]
    agents = {p: FastPolicy(seed * 4 + p) for p in range(4)}
    g.submit(seat, action)
    while True:
        pending = g.pending()
        if not pending or (not whole_game and table.over):
            break
        p = min(pending)
        legal = pending[p]
        # a single legal action is what the policy's act returns unasked: no view to build
        g.submit(p, legal[0] if len(legal) == 1 else agents[p].act(g.view(p), legal))
    out = table.state.outcome
    end = out.scores[seat] if out is not None else table.state.scores[seat]
    won = out is not None and seat in out.winners
    dealt = any(isinstance(e, Win) and e.from_seat == seat and e.seat != seat
                for e in table.state.events)
    if whole_game:
        points = g.result.points if g.result is not None else tuple(g.scores)
        value = placement_value(points, seat, g.rules)
    else:
        value = float(end - start)
    return Outcome(value, end - start, won, dealt)


def sample_seed(seed: int, i: int) -> int:
    """The seed of sample ``i`` of an evaluation seeded ``seed``."""
    return random.Random(f"riichi-review:{seed}:{i}").randrange(1 << 62)


def run_samples(game: Game, seat: int, options: Sequence[Action], seed: int,
                indices: Sequence[int], whole_game: bool) -> list[list[Outcome]]:
    """Per sample index, the outcome of every option (one worker's share)."""
    out = []
    for i in indices:
        s = sample_seed(seed, i)
        rng = random.Random(s)
        position = sample_hidden(game, seat, rng)
        out.append([_play(position, seat, a, whole_game, s) for a in options])
    return out


def _run_chunk(args: tuple[Game, int, tuple[Action, ...], int, list[int], bool]
               ) -> list[list[Outcome]]:
    return run_samples(*args)


def plays_to_end(game: Game) -> bool:
    """Whether the rollouts play the whole game: the round may be the game's last (G1, G5)."""
    return is_all_last(game.round_index, game.rules)


#: an adaptive evaluation stops at its first look (``samples``) only when the runner-up's
#: paired loss is this many 95% intervals wide: with few samples the interval of a difference
#: that is mostly zero with rare large values (one tile drawn or not) is itself unreliable
FIRST_WIDE = 2.0
#: ... or when the whole interval of the runner-up's loss lies under this many points: the
#: options are as good as each other (both grade "fine"), more samples would not change a grade
INDIFFERENT = 100.0


def runner_up(values: Sequence[OptionValue]) -> OptionValue | None:
    """The option closest to the best (smallest paired loss), None with a single option."""
    best = max(range(len(values)), key=lambda j: values[j].mean, default=None)
    rest = [v for j, v in enumerate(values) if j != best]
    return min(rest, key=lambda v: v.loss, default=None)


def unsettled(values: Sequence[OptionValue], *, first: bool = False) -> bool:
    """Whether the best option of ``values`` is not yet told apart from the runner-up: the
    runner-up's loss (the mean of the paired differences, sample by sample) is inside its
    interval (``first``: inside ``FIRST_WIDE`` intervals), and that interval reaches
    ``INDIFFERENT`` points or more (a gap that could matter)."""
    runner = runner_up(values)
    if runner is None:
        return False
    wide = FIRST_WIDE if first else 1.0
    if runner.loss > wide * runner.loss_half:
        return False  # the lead is outside its interval: settled
    return runner.loss + runner.loss_half >= INDIFFERENT


class Cancelled(Exception):
    """An evaluation was cancelled (its ``cancelled()`` said so between samples)."""


def evaluate(game: Game, seat: int, options: Sequence[Action], *, samples: int = 64,
             seed: int = 0, pool: Executor | None = None, workers: int = 1,
             max_samples: int | None = None,
             cancelled: Callable[[], bool] | None = None) -> list[OptionValue]:
    """The value of each of ``options`` (legal actions of ``seat`` now in ``game``) over
    ``samples`` sampled positions, in the order given. While the best option is
    :func:`unsettled` (the first look at ``samples`` asks for a wider lead), the samples
    double, up to ``max_samples`` (default: no more); every option is played on every
    sample, so the values of a grown evaluation are those of a fixed one of its size. ``pool``
    spreads the samples over ``workers`` worker processes; the result is the same
    without it. ``cancelled()`` is asked between samples (between batches with a pool):
    ``Cancelled`` when it says so (the call prompt drops a verdict the player no longer needs)."""
    if samples < 2:
        raise ValueError("an evaluation needs at least 2 samples for its interval")
    legal = game.pending().get(seat, ())
    for a in options:
        if a not in legal:
            raise ValueError(f"{a} is not a legal action of seat {seat} now")
    opts = tuple(options)
    whole = plays_to_end(game)
    base = portable(game)
    limit = samples if max_samples is None else max(samples, max_samples)
    rows: list[list[Outcome]] = []
    batch = samples
    while True:
        indices = list(range(len(rows), len(rows) + batch))
        if cancelled is None or pool is not None and workers > 1:
            if cancelled is not None and cancelled():
                raise Cancelled
            rows += sample_rows(base, seat, opts, seed, indices, whole, pool, workers)
        else:
            for i in indices:  # one sample at a time: a cancel is heard within one sample
                if cancelled():
                    raise Cancelled
                rows += run_samples(base, seat, opts, seed, [i], whole)
        values = summarise(opts, rows, whole)
        if len(rows) >= limit or not unsettled(values, first=len(rows) == samples):
            return values
        batch = min(len(rows), limit - len(rows))


#: chunks a worker gets of one evaluation step (handed out as workers come free)
CHUNKS_PER_WORKER = 4


def sample_rows(base: Game, seat: int, opts: tuple[Action, ...], seed: int,
                indices: list[int], whole: bool, pool: Executor | None,
                workers: int) -> list[list[Outcome]]:
    """Per sample of ``indices``, the outcome of every option, spread over ``workers``
    processes of ``pool`` in ``CHUNKS_PER_WORKER`` chunks each (in this process without one);
    the same whatever ``workers`` is."""
    if pool is None or workers <= 1:
        return run_samples(base, seat, opts, seed, indices, whole)
    # several chunks a worker: rollouts differ in length (a hand that ends at once, one played
    # to its draw), so one chunk a worker left one waiting on the other at every growth step
    n = min(len(indices), CHUNKS_PER_WORKER * workers)
    chunks = [indices[k::n] for k in range(n)]
    parts = list(pool.map(_run_chunk, [(base, seat, opts, seed, c, whole) for c in chunks]))
    by_index: dict[int, list[Outcome]] = {}
    for c, part in zip(chunks, parts, strict=True):
        by_index.update(zip(c, part, strict=True))
    return [by_index[i] for i in indices]


def _mean_half(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, Z95 * math.sqrt(var / n)


def summarise(options: Sequence[Action], rows: Sequence[Sequence[Outcome]],
              whole_game: bool) -> list[OptionValue]:
    """Per option: means and 95% intervals, the loss against the best option paired by sample."""
    n = len(rows)
    values = [[row[j].value for row in rows] for j in range(len(options))]
    means = [sum(v) / n for v in values]
    best = max(range(len(options)), key=lambda j: means[j])
    out = []
    for j, a in enumerate(options):
        m, h = _mean_half(values[j])
        diff = [values[best][i] - values[j][i] for i in range(n)]
        loss, loss_half = _mean_half(diff)
        out.append(OptionValue(
            action=a, mean=m, half=h, loss=loss, loss_half=loss_half,
            points=sum(row[j].points for row in rows) / n,
            win_rate=sum(row[j].won for row in rows) / n,
            deal_in_rate=sum(row[j].dealt_in for row in rows) / n,
            placement=(m / 1000 if whole_game else None), samples=n))
    return out


__all__ = ["FIRST_WIDE", "INDIFFERENT", "Cancelled", "OptionValue", "Outcome", "evaluate",
           "placement_value", "plays_to_end", "run_samples", "runner_up", "sample_rows",
           "sample_seed", "summarise", "unsettled"]
