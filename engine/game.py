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


def ranking(scores) -> list[int]:
    """G6: seats by points, ties broken by seat order from the first dealer (seat 0)."""
    return sorted(range(4), key=lambda s: (-scores[s], s))


def next_step(rules: RuleSet, round_index: int, scores, renchan: bool, earned: bool) -> int | str:
    """What follows a round (G1-G5): the next round index, ``"yame"`` when the all-last dealer
    may stop (G4), or the reason the game ends (``"bust"``, ``"last round"``).

    ``earned``: the dealer won or was tenpai (an abortive draw also keeps the deal, but gives
    no agari-yame). The last regular round is South 4 (East 4 in tonpuusen); with the extension
    (G5) play goes on while nobody has the return points, at most four more rounds."""
    low = min(scores)
    if (rules.bust == "below_zero" and low < 0) or (rules.bust == "zero_or_below" and low <= 0):
        return "bust"
    last = 7 if rules.length == "hanchan" else 3
    final = last + 4 if rules.extension else last
    if round_index >= last:
        dealer = round_index % 4
        if renchan:
            if (rules.agari_yame and earned and ranking(scores)[0] == dealer
                    and scores[dealer] >= rules.return_points):
                return "yame"
        elif round_index >= final or max(scores) >= rules.return_points:
            return "last round"
    nxt = round_index if renchan else round_index + 1
    return nxt if nxt <= 15 else "last round"


def final_scores(points: list[int], ranking: list[int], rules: RuleSet) -> tuple[float, ...]:
    """G7: (points - return) / 1000 + uma + oka (to first). With ``round56`` each of places 2-4
    is rounded "5 down 6 up" to a whole number and first place takes what makes the sum zero;
    ``round_points`` rounds the points themselves to the thousand, halves away from zero, before
    the return is taken off (Tenhou's logs with whole-number game points: 25500 -> -4, but -4500
    -> -35); ``exact`` keeps decimals."""
    oka = (rules.return_points - rules.starting_points) * 4 / 1000 if rules.oka_to_first else 0
    out = [0.0] * 4
    if rules.score_rounding == "exact":
        for place, s in enumerate(ranking):
            v = (points[s] - rules.return_points) / 1000 + rules.uma[place]
            if place == 0:
                v += oka
            out[s] = round(v, 1)
        return tuple(out)
    if rules.score_rounding == "round_points":
        def whole(p: int) -> int:
            return _round_points(p) - rules.return_points // 1000
    else:
        def whole(p: int) -> int:
            return _round56(p - rules.return_points)
    total = 0
    for place, s in enumerate(ranking[1:], start=1):
        v = whole(points[s]) + rules.uma[place]
        out[s] = v
        total += v
    first = ranking[0]
    if rules.oka_to_first and sum(points) == 4 * rules.starting_points:
        out[first] = -total  # zero-sum: first place absorbs the rounding
    else:
        out[first] = whole(points[first]) + rules.uma[0] + oka
    return tuple(out)


def _round_points(points: int) -> int:
    """Thousands of ``points``, halves away from zero (25500 -> 26, -4500 -> -5): Tenhou's
    whole-number game points are these minus the return points' thousands."""
    q, r = divmod(abs(points), 1000)
    return (-1 if points < 0 else 1) * (q + (r >= 500))


def _round56(diff: int) -> int:
    """Thousands of ``diff`` points, "5 down 6 up" on the hundreds (on the magnitude)."""
    sign = -1 if diff < 0 else 1
    q, r = divmod(abs(diff), 1000)
    if r >= 600:
        q += 1
    return sign * q

