"""A whole game (hanchan or tonpuusen): dealer rotation, honba, sticks, renchan, the extension,
bust, agari-yame and the final score with uma and oka (rules G1-G7, R5).

A game is its seed, its rules and its actions (STYLE 5): ``Game.replay(rules, seed, actions)``
rebuilds exactly the same game, so the list of ``(seat, action)`` pairs is the save file, the
resume, the replay and the bug report.

>>> g = Game(seed=1)
>>> sorted(g.pending()) == [0] and not g.over
True
"""

from __future__ import annotations

from collections.abc import Iterable
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


class Game:
    """A game between four seats; seat 0 is the first dealer (East in East 1)."""

    def __init__(self, rules: RuleSet = TENHOU, seed: int = 0) -> None:
        self.rules = rules
        self.seed = seed
        self.scores = [rules.starting_points] * 4
        self.round_index = 0
        self.honba = 0
        self.sticks = 0
        self.dealer_streak = 0  # consecutive wins of the current dealer (L13)
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.result: GameResult | None = None
        self.table: Table = self._new_table()
        self._yame_pending = False

    # ------------------------------------------------------------------ public API
    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def dealer(self) -> int:
        return self.round_index % 4

    def pending(self) -> dict[int, tuple[Action, ...]]:
        """Seats that must act and their legal actions (``{}`` once the game is over)."""
        if self.result is not None:
            return {}
        if self._yame_pending:
            return {self.dealer: _YAME}
        return self.table.pending()

    def submit(self, seat: int, action: Action) -> tuple[Event, ...]:
        """One action; raises ``IllegalAction`` (naming action, seat and situation) and changes
        nothing when it is not legal now."""
        if self.result is not None:
            raise IllegalAction(f"{action} by seat {seat} is not legal: the game is over")
        if self._yame_pending:
            if seat != self.dealer or action not in _YAME:
                raise IllegalAction(
                    f"{action} by seat {seat} is not legal: the all-last dealer (seat "
                    f"{self.dealer}) decides whether to end the game (agari-yame)"
                )
            self.actions.append((seat, action))
            self._yame_pending = False
            n = len(self.events)
            assert isinstance(action, AgariYame)
            if action.stop:
                self._finish("agari-yame")
            else:
                self._start_next()
            return tuple(self.events[n:])
        out = self.table.submit(seat, action)  # raises before any change
        self.actions.append((seat, action))
        self.events.extend(out)
        if self.table.over:
            n = len(self.events) - len(out)
            self._after_round()
            return tuple(self.events[n:])
        return out

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now (the current or just-finished round)."""
        v = self.table.view(seat)
        if self._yame_pending and seat == self.dealer:
            from dataclasses import replace

            return replace(v, legal=_YAME)
        return v

    @classmethod
    def replay(cls, rules: RuleSet, seed: int, actions: Iterable[tuple[int, Action]]) -> Game:
        """Rebuild a game from its seed, rules and actions."""
        g = cls(rules, seed)
        for i, (seat, action) in enumerate(actions):
            try:
                g.submit(seat, action)
            except IllegalAction as e:
                raise IllegalAction(f"replay action {i}: {e}") from None
        return g

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-able data: rules, seed and actions."""
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "actions": [[s, a.to_dict()] for s, a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Inverse of ``to_dict`` (replays every action)."""
        try:
            rules = RuleSet.from_dict(data["rules"])
            seed = data["seed"]
            actions = [(int(s), action_from_dict(a)) for s, a in data["actions"]]
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, RulesError):
                raise
            raise RulesError(f"not a saved game: {e}") from None
        return cls.replay(rules, seed, actions)

    def describe(self) -> str:
        return round_name(self.round_index, self.honba)

    # ------------------------------------------------------------------ rounds
    def _new_table(self) -> Table:
        t = Table(
            self.rules,
            Wall.shuffled(self.seed, self.round_index, self.honba),
            round_index=self.round_index,
            honba=self.honba,
            sticks=self.sticks,
            scores=self.scores,
            dealer_streak=self.dealer_streak,
        )
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
            self._yame_pending = True  # G4: the dealer chooses (AIs and default: end)
        elif isinstance(step, str):
            self._finish(step)
        else:
            self.round_index = step
            self.table = self._new_table()

    def _start_next(self) -> None:
        self.table = self._new_table()

    def _ranking(self) -> list[int]:
        return ranking(self.scores)

    def _finish(self, reason: str) -> None:
        rules = self.rules
        points = list(self.scores)
        ranking = self._ranking()
        leftover = self.sticks
        if leftover and rules.leftover_sticks_to_top:
            points[ranking[0]] += 1000 * leftover
        scores = final_scores(points, ranking, rules)
        self.result = GameResult(
            points=tuple(points),  # type: ignore[arg-type]
            ranking=tuple(ranking),  # type: ignore[arg-type]
            scores=scores,
            leftover_sticks=leftover,
        )
        self.events.append(GameEnded(self.result, reason))


__all__ = ["Game", "final_scores", "next_step", "ranking"]
