"""Baseline opponents, the yardsticks for the real AI:

- ``RandomAgent``: a uniformly random legal action.
- ``TsumogiriAgent``: discards what it draws (wins when it can; never calls or declares riichi).
- ``GreedyAgent``: lowest shanten then most ukeire, riichi whenever possible, every call that
  lowers shanten, every win; no defence and no thought of yaku or value.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.base import Agent, discard_choices, obvious_choice, riichi_choices
from ai.efficiency import shanten, ukeire
from ai.observe import observe
from engine.actions import (
    AbortNineTerminals,
    Action,
    Chi,
    Discard,
    Kan,
    Pass,
    Pon,
)
from engine.meld import MeldKind
from engine.view import PlayerView


class RandomAgent(Agent):
    kind = "random"

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return legal[self.rng.randrange(len(legal))]


class TsumogiriAgent(Agent):
    kind = "tsumogiri"

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        obvious = obvious_choice(view, legal)
        if obvious is not None:
            return obvious
        if view.drawn is not None and Discard(view.drawn) in legal:
            return Discard(view.drawn)
        for a in legal:
            if isinstance(a, Pass):
                return a
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:  # after a call there is no drawn tile: the rightmost
            return max(discards, key=lambda a: a.tile)
        return legal[0]


def taken_tiles(action: Action) -> tuple[int, ...]:
    """The tiles a call or kan takes out of the concealed hand."""
    if isinstance(action, (Chi, Pon, Kan)):
        return tuple(action.tiles)
    return ()


class GreedyAgent(Agent):
    kind = "greedy"

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        obvious = obvious_choice(view, legal)
        if obvious is not None:
            return obvious
        sit = observe(view)
        sets = sit.sets_needed
        closed = sit.closed
        counts = sit.counts
        discards = discard_choices(legal)
        if discards:
            riichis = riichi_choices(legal)
            if riichis:
                best = max(riichis, key=lambda k: self._after(counts, k, sit.unseen, sets, closed))
                return riichis[best]
            for a in legal:  # a kan that keeps shanten
                if isinstance(a, Kan) and a.kind is not MeldKind.DAIMINKAN:
                    c = counts[:]
                    for t in a.tiles:
                        c[t >> 2] -= 1
                    before = min(self._after(counts, k, sit.unseen, sets, closed)[0] for k in discards)
                    s = shanten(c, sets - 1 if a.kind is MeldKind.ANKAN else sets, False)
                    if -s >= before:
                        return a
            best = max(discards, key=lambda k: self._after(counts, k, sit.unseen, sets, closed))
            return discards[best]
        # a discard is open to calls
        now = shanten(counts, sets, closed)
        best_action: Action | None = None
        best_s = now
        for a in legal:
            if not isinstance(a, (Chi, Pon, Kan)):
                continue
            c = counts[:]
            for t in taken_tiles(a):
                c[t >> 2] -= 1
            if isinstance(a, Kan):
                s = shanten(c, sets - 1, False)
            else:
                called = a.called >> 2
                s = min((shanten([n - (i == k) for i, n in enumerate(c)], sets - 1, False)
                         for k in range(34) if c[k] and k != called), default=99)
            if s < best_s:
                best_s, best_action = s, a
        if best_action is not None:
            return best_action
        for a in legal:
            if isinstance(a, Pass):
                return a
        for a in legal:
            if not isinstance(a, AbortNineTerminals):
                return a
        return legal[0]

    @staticmethod
    def _after(counts: Sequence[int], k: int, unseen: Sequence[int], sets: int,
               closed: bool) -> tuple[int, int]:
        c = list(counts)
        c[k] -= 1
        s, _, n = ukeire(c, unseen, sets, closed)
        return (-s, n)
