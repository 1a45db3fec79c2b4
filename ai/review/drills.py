"""Drill positions from seeded self-play: play a game with strong AIs at every seat, walk each
seat's decisions, keep those of the drill categories (a call, riichi or dama, push or fold), and
evaluate them with the reviewer (:func:`ai.review.rollout.evaluate`, common random numbers).

A drill is a position and its evaluated options; it is rebuilt from the rules, the seed and the
actions before it (``Game.replay``), so it is small to keep. Everything is seeded: the same
seed gives the same drills, whatever the number of worker processes.

>>> from engine.rules import TENHOU
>>> drills = list(selfplay_drills(1, TENHOU, samples=4, limit=1, level="greedy"))
>>> drills[0].category in DRILL_CATEGORIES, len(drills[0].values) >= 2
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from ai import make_agent
from ai.review.grades import FINE
from ai.review.options import choose_options
from ai.review.review import GROWTH
from ai.review.rollout import Cancelled, OptionValue, evaluate
from ai.review.walk import Position, walk_actions
from engine.actions import Action
from engine.driver import Driver
from engine.game import Game
from engine.rules import RuleSet

#: the categories a drill asks about: the close calls of the issue (a call or not, riichi or
#: dama, push or fold); efficiency discards have a drill of their own nowhere
DRILL_CATEGORIES = ("calls", "riichi", "push/fold")
#: decisions taken per self-play game at most, spread over the game (not all from East 1)
PER_GAME = 6


@dataclass(frozen=True, slots=True)
class Drill:
    """One evaluated drill position: rebuilt by replaying ``actions`` (those before the
    decision) of the game of ``rules`` and ``seed``; ``seat`` decides; ``options`` with their
    ``values`` (same order); ``played`` what the game's player chose; ``close``: the best two
    options are within the runner-up's interval or ``FINE`` points."""

    rules: RuleSet
    seed: int
    actions: tuple[tuple[int, Action], ...]
    seat: int
    category: str
    options: tuple[Action, ...]
    values: tuple[OptionValue, ...]
    played: Action
    close: bool
    round: str


def is_close(values: Sequence[OptionValue]) -> bool:
    """Whether the best two options are hard to tell apart: the runner-up lost less than its
    paired interval, or less than ``FINE`` points."""
    rest = sorted((v for v in values if v.loss > 0 or v.loss_half > 0), key=lambda v: v.loss)
    if not rest:
        return True  # every option the same value
    return rest[0].loss <= max(rest[0].loss_half, FINE)


def selfplay_game(seed: int, rules: RuleSet, level: str = "hard",
                  cancelled: Callable[[], bool] | None = None) -> Game:
    """A whole game of ``level`` AIs at every seat, dealt from ``seed``; ``cancelled()`` is
    asked after every action (``Cancelled``: a drill screen closed while its game was played)."""
    game = Game(rules, seed)
    driver = Driver(game, {p: make_agent(level, seed=seed * 8 + p, rules=rules)
                           for p in range(rules.players)})
    while driver.step() is not None:
        if cancelled is not None and cancelled():
            raise Cancelled
    return game


def drill_positions(game: Game, rules: RuleSet) -> list[Position]:
    """The decisions of every seat of a finished ``game`` whose category is a drill's (and
    not obvious), in game order; at most ``PER_GAME``, spread evenly over them."""
    found: list[Position] = []
    for seat in range(rules.players):
        walk = walk_actions(Game(rules, game.seed), game.actions, seat)
        for p in walk.positions:
            choice = choose_options(p.view, p.legal, p.played)
            if (choice is not None and not choice.obvious and len(choice.options) >= 2
                    and choice.category in DRILL_CATEGORIES):
                found.append(p)
    found.sort(key=lambda p: p.index)
    if len(found) <= PER_GAME:
        return found
    step = len(found) / PER_GAME
    return [found[int(i * step)] for i in range(PER_GAME)]


def evaluate_position(p: Position, played: Sequence[tuple[int, Action]], rules: RuleSet,
                      seed: int, *, samples: int, pool: Executor | None = None,
                      workers: int = 1, cancelled: Callable[[], bool] | None = None) -> Drill:
    """Evaluate one position's options (grown like a review's while unsettled) as a drill;
    ``played`` the game's actions (those before ``p.index`` rebuild the position)."""
    choice = choose_options(p.view, p.legal, p.played)
    assert choice is not None
    values = evaluate(p.game, p.seat, choice.options, samples=samples, seed=seed * 100003 + p.index,
                      pool=pool, workers=workers, max_samples=GROWTH * samples,
                      cancelled=cancelled)
    actions = tuple(played[:p.index])
    return Drill(rules, seed, actions, p.seat, choice.category, choice.options, tuple(values),
                 p.played, is_close(values), p.round)


def selfplay_drills(seed: int, rules: RuleSet, *, samples: int = 64, limit: int | None = None,
                    level: str = "hard", pool: Executor | None = None, workers: int = 1,
                    cancelled: Callable[[], bool] | None = None) -> Iterator[Drill]:
    """Drills from the self-play game of ``seed``, evaluated one by one as they are asked for
    (at most ``limit``)."""
    game = selfplay_game(seed, rules, level, cancelled)
    for n, p in enumerate(drill_positions(game, rules)):
        if limit is not None and n >= limit:
            return
        yield evaluate_position(p, game.actions, rules, seed, samples=samples, pool=pool, workers=workers,
                                cancelled=cancelled)


__all__ = ["DRILL_CATEGORIES", "PER_GAME", "Drill", "drill_positions", "evaluate_position",
           "is_close", "selfplay_drills", "selfplay_game"]
