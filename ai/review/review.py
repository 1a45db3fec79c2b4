"""A whole review: every decision of a seat with its options, values and grade, and the totals
per category (the API the command line, and later the app's review screens and drills, read).

>>> from engine.game import Game
>>> from ai.review.walk import walk_actions
>>> walk = walk_actions(Game(seed=2), [], 0)
>>> review_walk(walk, samples=4).decisions
[]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ai.review.grades import CategoryTotal, grade, totals
from ai.review.options import choose_options
from ai.review.rollout import OptionValue, evaluate
from ai.review.walk import Position, Walk
from engine.actions import Action

#: sampled positions of a decision's first look (each played out once per option); a clear
#: decision stops there, an unsettled one doubles (``ai.review.rollout.unsettled``)
DEFAULT_SAMPLES = 32
GROWTH = 4  # an unsettled decision grows to at most this many times its samples


@dataclass(frozen=True, slots=True)
class Decision:
    """One reviewed decision. ``options`` in the order evaluated (the played one among them);
    ``values`` the same order (empty for an obvious decision, not played out); ``grade`` of the
    played option; ``lost`` its value lost against the best (0 when best or obvious)."""

    index: int
    round: str
    seat: int
    category: str
    played: Action
    options: tuple[Action, ...]
    values: tuple[OptionValue, ...]
    best: Action
    grade: str
    lost: float
    lost_half: float
    obvious: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data for tools (``riichi review --json``)."""
        return {
            "index": self.index, "round": self.round, "seat": self.seat,
            "category": self.category, "played": self.played.to_dict(),
            "played_text": str(self.played), "best": self.best.to_dict(),
            "best_text": str(self.best), "grade": self.grade, "lost": round(self.lost, 1),
            "lost_interval": round(self.lost_half, 1), "obvious": self.obvious,
            "options": [{
                "action": v.action.to_dict(), "text": str(v.action), "value": round(v.mean, 1),
                "interval": round(v.half, 1), "loss": round(v.loss, 1),
                "loss_interval": round(v.loss_half, 1), "points": round(v.points, 1),
                "win_rate": round(v.win_rate, 4), "deal_in_rate": round(v.deal_in_rate, 4),
                "placement": None if v.placement is None else round(v.placement, 2),
                "samples": v.samples,
            } for v in self.values],
        }


@dataclass(slots=True)
class Review:
    """Every decision of ``seat`` and the totals per category; ``problem`` says why a record
    was reviewed only in part (None: whole); ``samples`` per decision and ``seed``."""

    seat: int
    decisions: list[Decision] = field(default_factory=list)
    problem: str | None = None
    samples: int = DEFAULT_SAMPLES
    seed: int = 0

    @property
    def categories(self) -> list[CategoryTotal]:
        return totals((d.category, d.grade, d.lost) for d in self.decisions)

    @property
    def match_rate(self) -> float:
        """Share of decisions where the played option was the best (obvious ones count)."""
        n = len(self.decisions)
        return sum(d.grade == "best" for d in self.decisions) / n if n else 0.0

    @property
    def lost(self) -> float:
        return sum(max(0.0, d.lost) for d in self.decisions)

    def mistakes(self) -> list[Decision]:
        """Decisions graded inaccuracy or worse, in game order (for next/previous mistake)."""
        return [d for d in self.decisions if d.grade in ("inaccuracy", "mistake", "blunder")]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "samples": self.samples, "seed": self.seed,
            "problem": self.problem, "match_rate": round(self.match_rate, 4),
            "lost": round(self.lost, 1),
            "categories": [{"category": c.category, "decisions": c.decisions,
                            "matched": c.matched, "match_rate": round(c.match_rate, 4),
                            "lost": round(c.lost, 1), "grades": c.grades}
                           for c in self.categories],
            "decisions": [d.to_dict() for d in self.decisions],
        }


def review_position(p: Position, *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                    pool: Executor | None = None, workers: int = 1) -> Decision | None:
    """Grade one decision (None when it offers nothing to decide)."""
    choice = choose_options(p.view, p.legal, p.played)
    if choice is None:
        return None
    if choice.obvious or len(choice.options) < 2:
        return Decision(p.index, p.round, p.seat, choice.category, p.played, choice.options,
                        (), p.played, "best", 0.0, 0.0, obvious=True)
    # each decision its own seed, so one decision's result does not depend on the others
    values = evaluate(p.game, p.seat, choice.options, samples=samples,
                      seed=seed * 100003 + p.index, pool=pool, workers=workers,
                      max_samples=GROWTH * samples)
    best = max(values, key=lambda v: v.mean)
    mine = values[choice.options.index(p.played)]
    g = grade(mine.loss, mine.loss_half, mine is best)
    return Decision(p.index, p.round, p.seat, choice.category, p.played, choice.options,
                    tuple(values), best.action, g, 0.0 if mine is best else mine.loss,
                    mine.loss_half)


def review_walk(walk: Walk, *, samples: int = DEFAULT_SAMPLES, seed: int = 0, workers: int = 1,
                progress: Callable[[int, int], None] | None = None,
                positions: Sequence[Position] | None = None,
                pool: Executor | None = None) -> Review:
    """Review every position of ``walk`` (or the given ``positions``), spreading each
    decision's samples over ``workers`` processes (of ``pool`` when given: the caller starts
    and shuts it down; else one started here); ``progress(done, total)`` after each."""
    todo = list(walk.positions if positions is None else positions)
    seat = todo[0].seat if todo else 0
    out = Review(seat, problem=walk.problem, samples=samples, seed=seed)
    own = pool is None and workers > 1
    if own:
        pool = ProcessPoolExecutor(workers)
    try:
        for i, p in enumerate(todo):
            d = review_position(p, samples=samples, seed=seed, pool=pool, workers=workers)
            if d is not None:
                out.decisions.append(d)
            if progress is not None:
                progress(i + 1, len(todo))
    finally:
        if own and pool is not None:
            pool.shutdown()
    return out


__all__ = ["DEFAULT_SAMPLES", "GROWTH", "Decision", "Review", "review_position", "review_walk"]
