"""The decisions of a game: replays a game (ours: rules, seed and actions; or an imported record
through the engine) and stops at every action of the reviewed seat with a choice, keeping a
copy of the position before it (``engine.sample.portable``).

A record whose actions the engine refuses is walked up to that point; ``Walk.problem`` says where
it stopped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from engine.actions import Action, AgariYame, DeclareTenpai
from engine.errors import IllegalAction
from engine.game import Game, RoundStart
from engine.record_walls import build_wall
from engine.records.model import GameRecord, RecordError
from engine.replay import replay_game
from engine.sample import portable
from engine.table import round_name
from engine.view import PlayerView
from engine.wall import Wall


@dataclass(slots=True)
class Position:
    """One decision of the reviewed seat: the game before it (a private copy), the seat's view
    and legal actions, what it played, the round's name and the action's number in the game."""

    game: Game
    seat: int
    view: PlayerView
    legal: tuple[Action, ...]
    played: Action
    round: str
    index: int


@dataclass(slots=True)
class Walk:
    """The positions of a game for one seat, and why the walk stopped early (None: it did not)."""

    positions: list[Position] = field(default_factory=list)
    problem: str | None = None


def _worth(legal: Sequence[Action]) -> bool:
    return len(legal) > 1 and not all(isinstance(a, (AgariYame, DeclareTenpai)) for a in legal)


def replay_steps(game: Game, actions: Iterable[tuple[int, Action]], out: Walk,
                 starts: Sequence[RoundStart] = (), rounds: int | None = None,
                 ) -> Iterator[tuple[int, int, Action, tuple[Action, ...]]]:
    """Submit ``actions`` to ``game`` one by one, yielding ``(number, seat, action, legal)``
    before each (``legal``: what the seat could do there); ``starts`` are the rounds to deal
    when the game stops between rounds (records); the steps end before round number
    ``rounds`` (counted from 0) when given. Why they ended early goes to ``out.problem``."""
    if rounds is not None and rounds <= 0:
        return
    next_start = iter(starts)
    dealt = 1  # rounds dealt so far, the one in play included
    table = game.table
    for i, (s, action) in enumerate(actions):
        if game.next_round is not None or (game.over and starts):
            start = next(next_start, None)
            if start is None:
                out.problem = f"action {i}: the record has no round left to deal"
                return
            game.start_round(RoundStart(start.index, start.scores, start.honba, start.sticks,
                                        game.dealer_streak))
        if game.table is not table:
            table = game.table
            dealt += 1
            if rounds is not None and dealt > rounds:
                return
        yield i, s, action, game.pending().get(s, ())
        try:
            game.submit(s, action)
        except IllegalAction as exc:
            out.problem = f"action {i}: {exc}"
            return


def walk_actions(game: Game, actions: Iterable[tuple[int, Action]], seat: int,
                 starts: Sequence[RoundStart] = (), rounds: int | None = None) -> Walk:
    """Submit ``actions`` to ``game``, keeping a position before each choice of ``seat``
    (``replay_steps``: ``starts`` and ``rounds`` as there)."""
    out = Walk()
    for i, s, action, legal in replay_steps(game, actions, out, starts, rounds):
        if s == seat and _worth(legal) and action in legal:
            out.positions.append(Position(
                portable(game), s, game.view(s), legal, action,
                round_name(game.round_index, game.honba), i))
    return out


def walk_saved(rules_game: Game, actions: Iterable[tuple[int, Action]], seat: int) -> Walk:
    """The positions of one of our games: ``rules_game`` is a fresh ``Game`` with the saved
    rules, seed and first round; ``actions`` the saved ``(seat, action)`` list."""
    return walk_actions(rules_game, actions, seat)


@dataclass(slots=True)
class RecordedGame:
    """A record set up for the engine: ``game`` at its first round, dealt from the record's
    walls; ``starts`` the later rounds' starts; ``actions`` what the engine's replay kept;
    ``stop`` the first round (counted from 0) the engine refused part of, ``problem`` why."""

    game: Game
    starts: list[RoundStart]
    actions: list[tuple[int, Action]]
    stop: int | None
    problem: str | None


def recorded_game(record: GameRecord) -> RecordedGame | None:
    """``record`` replayed by the engine (``engine.replay``) and a fresh game on the same walls
    to walk its actions along; None when no round can be dealt. A round the engine refused part
    of is left out with all after it: the actions the replay kept stop mid-round there, so the
    next round's would land in the wrong place."""
    report = replay_game(record, check=False)
    rounds = list(record.rounds) + ([record.cut] if record.cut is not None else [])
    if report.game is None or not rounds:
        return None
    walls: list[Wall] = []
    for r in rounds:
        try:
            walls.append(build_wall(r))
        except RecordError:
            break
    if not walls:
        return None
    starts = [RoundStart(r.index, r.scores, r.honba, r.sticks) for r in rounds[:len(walls)]]

    def recorded(number: int, start: RoundStart) -> Wall:
        return walls[number]

    game = Game(record.rules, 0, start=starts[0], walls=recorded, auto_deal=False)
    first = report.mismatches[0] if report.mismatches else None
    return RecordedGame(game, starts[1:], list(report.game.actions),
                        None if first is None else first.round_number,
                        None if first is None else
                        f"the engine refused the record in {first.round}: {first.what}")


def walk_record(record: GameRecord, seat: int) -> Walk:
    """The positions of an imported record: the engine replays it from the record's walls
    (``recorded_game``), then the positions are taken along the same actions."""
    setup = recorded_game(record)
    if setup is None:
        return Walk(problem="the record has no playable round")
    walk = walk_actions(setup.game, setup.actions, seat, setup.starts, rounds=setup.stop)
    if walk.problem is None:
        walk.problem = setup.problem
    return walk


__all__ = ["Position", "RecordedGame", "Walk", "recorded_game", "replay_steps", "walk_actions",
           "walk_record", "walk_saved"]
