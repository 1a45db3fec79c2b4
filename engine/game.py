"""A whole game (hanchan or tonpuusen): dealer rotation, honba, sticks, renchan, the extension,
bust, agari-yame and the final score with uma and oka (rules G1-G7, R5).

A game is its seed, its rules and its actions (STYLE 5): ``Game.replay(rules, seed, actions)``
rebuilds exactly the same game, so the list of ``(seat, action)`` pairs is the save file, the
resume, the replay and the bug report.

>>> g = Game(seed=1)
>>> sorted(g.pending()) == [0] and not g.over
True

Two seams serve those who need a game that is not a seeded one from East 1:

- where the walls come from: ``walls=`` is a :data:`WallSource`, called with the number of the
  deal (0 for the game's first) and the round's :class:`RoundStart`; the default is the seeded
  shuffle ``Wall.shuffled(seed, index, honba)``. A replay of a real record passes its walls.
- where the rounds start: ``start=`` places the first round anywhere ("South 4, these scores,
  1 honba, 2 sticks"); with ``auto_deal=False`` the game stops when a round ends, shows the round
  the engine wants next as :attr:`Game.next_round`, and deals nothing until
  :meth:`Game.start_round` (that round, or another one: a record's own start).

>>> g = Game(seed=1, start=RoundStart(7, (32000, 18000, 25000, 25000), honba=1, sticks=2))
>>> g.describe(), g.dealer, g.sticks
('South 4, 1 honba', 3, 2)

Saving (``to_dict``) keeps the first round's start when it is not East 1, so such a game
round-trips. A game dealt from given walls, or with a round started by hand that is not the one
its own flow wants, cannot be rebuilt from its actions: ``to_dict`` raises ``RulesError`` saying so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action, AgariYame, action_from_dict
from engine.errors import IllegalAction, RulesError
from engine.events import Event, GameEnded, GameResult
from engine.rules import TENHOU, RuleSet
from engine.standings import final_scores, next_step, ranking
from engine.table import Table, round_name
from engine.view import PlayerView
from engine.wall import Wall

_YAME = (AgariYame(True), AgariYame(False))
_LAST_INDEX = 15  # North 4: rounds are indexed 0-15 (G1, G5)


@dataclass(frozen=True, slots=True)
class RoundStart:
    """Where a round starts: its index (0-3 East 1-4, 4-7 South, 8-11 West, 12-15 North), every
    seat's points, the honba (R3), the riichi sticks on the table (R5) and the current dealer's
    consecutive wins before it (L13 paarenchan).

    >>> RoundStart(4, (25000,) * 4, honba=2).name
    'South 1, 2 honba'
    """

    index: int
    scores: tuple[int, ...]
    honba: int = 0
    sticks: int = 0
    dealer_streak: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "scores", tuple(self.scores))
        if not 0 <= self.index <= _LAST_INDEX:
            raise RulesError(f"round index {self.index} is not 0-{_LAST_INDEX} (East 1-North 4)")
        if min(self.honba, self.sticks, self.dealer_streak) < 0:
            raise RulesError(
                f"honba {self.honba}, sticks {self.sticks} and dealer streak "
                f"{self.dealer_streak} cannot be negative"
            )

    @classmethod
    def first(cls, rules: RuleSet, seats: int = 4) -> RoundStart:
        """East 1 with the rules' starting points (G1)."""
        return cls(0, (rules.starting_points,) * seats)

    @property
    def name(self) -> str:
        """``'East 1'``, ``'South 3, 2 honba'``."""
        return round_name(self.index, self.honba)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data (see ``from_dict``)."""
        return {
            "index": self.index,
            "scores": list(self.scores),
            "honba": self.honba,
            "sticks": self.sticks,
            "dealer_streak": self.dealer_streak,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundStart:
        """Inverse of ``to_dict``; raises ``RulesError`` on anything else."""
        try:
            return cls(
                int(data["index"]),
                tuple(int(x) for x in data["scores"]),
                int(data.get("honba", 0)),
                int(data.get("sticks", 0)),
                int(data.get("dealer_streak", 0)),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            if isinstance(e, RulesError):
                raise
            raise RulesError(f"not a round start: {e}") from None


#: Where a game's walls come from: ``(deal number, round start) -> Wall``. The deal number counts
#: the rounds the game dealt before this one (0 for its first), whatever their starts.
WallSource = Callable[[int, RoundStart], Wall]


def seeded_walls(seed: int) -> WallSource:
    """The default source: each round's wall shuffled from (seed, round index, honba) only (T3),
    so a seed deals the same walls whatever was played before."""

    def walls(number: int, start: RoundStart) -> Wall:
        return Wall.shuffled(seed, start.index, start.honba, players=len(start.scores))

    return walls


class Game:
    """A game between ``rules.players`` seats (four, or three: P1); seat 0 is the first dealer
    (East in East 1).

    ``start`` places the first round (default: East 1 at the rules' starting points); ``walls``
    says where the walls come from (default: :func:`seeded_walls` of ``seed``); with
    ``auto_deal=False`` the game stops between rounds (see :attr:`next_round`)."""

    def __init__(
        self,
        rules: RuleSet = TENHOU,
        seed: int = 0,
        *,
        start: RoundStart | None = None,
        walls: WallSource | None = None,
        auto_deal: bool = True,
    ) -> None:
        self.rules = rules
        self.seed = seed
        #: the first round's start (``to_dict`` keeps it when it is not East 1)
        self.start = RoundStart.first(rules, rules.players) if start is None else start
        if len(self.start.scores) != rules.players:
            raise RulesError(f"a {rules.players}-player game starts with {rules.players} "
                             f"scores, got {len(self.start.scores)}")
        self.auto_deal = auto_deal
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.result: GameResult | None = None
        #: G4: a round ended at the all-last with the dealer first; the dealer decides whether
        #: the game ends (``AgariYame``) before anything else happens
        self.yame_pending = False
        #: the round the engine wants next, once a round ended and the game goes on, while a game
        #: with ``auto_deal=False`` waits for ``start_round`` (``None`` otherwise)
        self.next_round: RoundStart | None = None
        self._walls = seeded_walls(seed) if walls is None else walls
        # why the actions alone cannot rebuild this game (to_dict), None while they can
        self._unsaved: str | None = None if walls is None else "it was dealt from given walls"
        self._deals = 0
        # the round in play; once a round ends, the one that follows (honba, sticks and scores
        # carried over, R3-R5), as next_round shows while the game waits between rounds
        self.round_index = self.start.index
        self.honba = self.start.honba
        self.sticks = self.start.sticks
        self.scores = list(self.start.scores)
        self.dealer_streak = self.start.dealer_streak  # consecutive wins of the dealer (L13)
        self.table: Table = self._deal(self.start)

    # ------------------------------------------------------------------ public API
    @property
    def over(self) -> bool:
        """The game ended (``result`` is set)."""
        return self.result is not None

    @property
    def dealer(self) -> int:
        """The dealer's seat (East) of ``round_index``."""
        return self.round_index % 4

    def pending(self) -> dict[int, tuple[Action, ...]]:
        """Seats that must act and their legal actions (``{}`` once the game is over, and between
        rounds until ``start_round``)."""
        if self.result is not None or self.next_round is not None:
            return {}
        if self.yame_pending:
            return {self.dealer: _YAME}
        return self.table.pending()

    def submit(self, seat: int, action: Action) -> tuple[Event, ...]:
        """One action; raises ``IllegalAction`` (naming action, seat and situation) and changes
        nothing when it is not legal now."""
        if self.result is not None:
            raise IllegalAction(f"{action} by seat {seat} is not legal: the game is over")
        if self.next_round is not None:
            raise IllegalAction(
                f"{action} by seat {seat} is not legal: the game is between rounds "
                f"({self.next_round.name} is not dealt yet)"
            )
        if self.yame_pending:
            if seat != self.dealer or action not in _YAME:
                raise IllegalAction(
                    f"{action} by seat {seat} is not legal: the all-last dealer (seat "
                    f"{self.dealer}) decides whether to end the game (agari-yame)"
                )
            self.actions.append((seat, action))
            self.yame_pending = False
            n = len(self.events)
            assert isinstance(action, AgariYame)
            if action.stop:
                self._finish("agari-yame")
            else:
                self._go_on()  # G4: the dealer plays on, the same round index again
            return tuple(self.events[n:])
        out = self.table.submit(seat, action)  # raises before any change
        self.actions.append((seat, action))
        self.events.extend(out)
        if self.table.over:
            n = len(self.events) - len(out)
            self._after_round()
            return tuple(self.events[n:])
        return out

    def start_round(self, start: RoundStart | None = None) -> tuple[Event, ...]:
        """Deal a round and return its opening events: ``start``, or by default the round the
        engine wants next (:attr:`next_round`). Any other start (a record's own, a position set
        for a test) replaces the game's flow: a round in play is dropped, a finished game goes on
        (a replay that follows a record past the engine's end), and the game no longer saves by
        its actions alone."""
        if start is None:
            if self.next_round is None:
                raise RulesError(
                    "no round to start: the game is not between rounds; pass the RoundStart "
                    "to deal"
                )
            start = self.next_round
        elif start != self.next_round and self._unsaved is None:
            self._unsaved = f"{start.name} was started by hand"
        self.round_index, self.honba, self.sticks = start.index, start.honba, start.sticks
        self.scores = list(start.scores)
        self.dealer_streak = start.dealer_streak
        self.result = None
        self.yame_pending = False
        self.next_round = None
        n = len(self.events)
        self.table = self._deal(start)
        return tuple(self.events[n:])

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now (the current or just-finished round)."""
        v = self.table.view(seat)
        if self.yame_pending and seat == self.dealer:
            return replace(v, legal=_YAME)
        return v

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: int,
        actions: Iterable[tuple[int, Action]],
        *,
        start: RoundStart | None = None,
    ) -> Game:
        """Rebuild a game from its seed, rules and actions (and its first round's start)."""
        g = cls(rules, seed, start=start)
        for i, (seat, action) in enumerate(actions):
            try:
                g.submit(seat, action)
            except IllegalAction as e:
                raise IllegalAction(f"replay action {i}: {e}") from None
        return g

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-able data: rules, seed, actions, and the first round's start
        when it is not East 1 at the starting points. Raises ``RulesError`` for a game its
        actions cannot rebuild (dealt from given walls, or a round started by hand)."""
        if self._unsaved is not None:
            raise RulesError(
                f"this game cannot be saved as its seed and actions: {self._unsaved}, so "
                "replaying them would not rebuild it (save the record instead)"
            )
        out: dict[str, Any] = {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "actions": [[s, a.to_dict()] for s, a in self.actions],
        }
        if self.start != RoundStart.first(self.rules, self.rules.players):
            out["start"] = self.start.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Inverse of ``to_dict`` (replays every action)."""
        try:
            rules = RuleSet.from_dict(data["rules"])
            seed = data["seed"]
            actions = [(int(s), action_from_dict(a)) for s, a in data["actions"]]
            start = RoundStart.from_dict(data["start"]) if "start" in data else None
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, RulesError):
                raise
            raise RulesError(f"not a saved game: {e}") from None
        return cls.replay(rules, seed, actions, start=start)

    def describe(self) -> str:
        """``'South 3, 2 honba'``: the round of ``round_index`` and ``honba``."""
        return round_name(self.round_index, self.honba)

    # ------------------------------------------------------------------ rounds
    def _deal(self, start: RoundStart) -> Table:
        t = Table(
            self.rules,
            self._walls(self._deals, start),
            round_index=start.index,
            honba=start.honba,
            sticks=start.sticks,
            scores=start.scores,
            dealer_streak=start.dealer_streak,
        )
        self._deals += 1
        self.events.extend(t.events)
        return t

    def _after_round(self) -> None:
        out = self.table.outcome
        assert out is not None
        self.scores = list(out.scores)
        self.sticks = out.sticks
        self.honba = out.honba
        if self.dealer in out.winners:
            self.dealer_streak += 1
        elif not out.renchan:
            self.dealer_streak = 0
        earned = self.dealer in out.winners or (out.draw is not None and out.dealer_tenpai)
        step = next_step(self.rules, self.round_index, self.scores, out.renchan, earned)
        if step == "yame":
            self.yame_pending = True  # G4: the dealer chooses (AIs and default: end)
        elif isinstance(step, str):
            self._finish(step)
        else:
            self.round_index = step
            self._go_on()

    def _go_on(self) -> None:
        """The next round of the game's own flow: dealt now, or left for ``start_round``."""
        wanted = RoundStart(
            self.round_index, tuple(self.scores), self.honba, self.sticks, self.dealer_streak
        )
        if self.auto_deal:
            self.table = self._deal(wanted)
        else:
            self.next_round = wanted

    def _finish(self, reason: str) -> None:
        rules = self.rules
        points = list(self.scores)
        order = ranking(points)
        leftover = self.sticks
        if leftover and rules.leftover_sticks_to_top:
            points[order[0]] += 1000 * leftover  # R5
        self.result = GameResult(
            points=tuple(points),
            ranking=tuple(order),
            scores=tuple(final_scores(points, order, rules)),
            leftover_sticks=leftover,
        )
        self.events.append(GameEnded(self.result, reason))


__all__ = [
    "Game",
    "RoundStart",
    "WallSource",
    "final_scores",
    "next_step",
    "ranking",
    "seeded_walls",
]
