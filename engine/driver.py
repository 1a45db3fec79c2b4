"""The one game loop: a game played by an agent per seat, reporting what happens.

Every place that plays a game - selfplay, the benchmarks, the tests, the app's session, resume -
runs it through :class:`Driver`, so the order in which seats act is written once:

- Among the seats that must act (``game.pending()``), the lowest seat with an automatic agent
  acts first, one action at a time (STYLE 4: the table settles call priority itself, so the
  order of answers changes no outcome, but it is what a seeded game's action list records and
  its hash checks).
- A seat without an agent (a human, or anyone the caller answers itself) is only asked when no
  automatic seat is pending: :meth:`Driver.run` stops and returns those seats with their legal
  actions; the caller answers with :meth:`Driver.submit` and runs again.

An agent is anything with ``act(view, legal) -> Action`` (``ai.base.Agent``, an mjai bot, a test
double). The driver never prints, sleeps or reads a clock of its own (STYLE 1): timing is a
``clock`` the caller passes.

>>> from engine.game import Game
>>> class First:
...     def act(self, view, legal):
...         return legal[0]
>>> game = Game(seed=1)
>>> driver = Driver(game, {1: First(), 2: First(), 3: First()})
>>> sorted(driver.run())  # seat 0 has no agent: the first dealer must discard
[0]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.view import PlayerView

#: ``{seat: legal actions}`` of the seats that must act
Pending = dict[int, tuple[Action, ...]]


class Agent(Protocol):
    """What plays a seat: one decision from the seat's view and its legal actions."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action: ...


class Playable(Protocol):
    """The part of ``engine.game.Game`` (or a single round's ``Table``) the driver uses."""

    def pending(self) -> Pending: ...

    def submit(self, seat: int, action: Action) -> tuple[Event, ...]: ...

    def view(self, seat: int) -> PlayerView: ...


#: called with (seat, action, the events it caused) after every action the driver submits
OnEvents = Callable[[int, Action, tuple[Event, ...]], None]
#: called with (seat, seconds) after every timed decision
OnDecision = Callable[[int, float], None]


def is_over(game: Playable) -> bool:
    """Whether ``game`` has ended: a ``Game``'s ``over``; a round (``Table``) without a seat to
    act."""
    over = getattr(game, "over", None)
    if over is None:
        return not game.pending()
    return bool(over() if callable(over) else over)


class Driver:
    """Plays ``game`` with ``agents`` (``{seat: agent}``; seats left out are answered by the
    caller). ``clock`` with ``on_decision`` times each automatic decision (the agent's ``act``
    only); ``on_events`` hears every submitted action and its events."""

    def __init__(self, game: Playable, agents: Mapping[int, Agent], *,
                 on_events: OnEvents | None = None, clock: Callable[[], float] | None = None,
                 on_decision: OnDecision | None = None) -> None:
        self.game = game
        self.agents = agents
        self.on_events = on_events
        self.clock = clock
        self.on_decision = on_decision

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return is_over(self.game)

    def next_seat(self, pending: Pending) -> int | None:
        """The automatic seat that acts next: the lowest pending seat with an agent."""
        auto = [seat for seat in pending if seat in self.agents]
        return min(auto) if auto else None

    def submit(self, seat: int, action: Action) -> tuple[Event, ...]:
        """``seat``'s action (a human's answer, a replayed action); raises ``IllegalAction``
        and changes nothing when it is not legal now."""
        events = self.game.submit(seat, action)
        if self.on_events is not None:
            self.on_events(seat, action, events)
        return events

    def step(self) -> tuple[int, Action, tuple[Event, ...]] | None:
        """One automatic decision: (seat, action, events), or None when no automatic seat is
        pending (the game is over or only seats without agents must act)."""
        if self.over:
            return None
        pending = self.game.pending()
        seat = self.next_seat(pending)
        if seat is None:
            return None
        view = self.game.view(seat)
        agent = self.agents[seat]
        if self.clock is not None:
            start = self.clock()
            action = agent.act(view, pending[seat])
            if self.on_decision is not None:
                self.on_decision(seat, self.clock() - start)
        else:
            action = agent.act(view, pending[seat])
        return seat, action, self.submit(seat, action)

    def waiting(self) -> Pending:
        """The seats without an agent that must act now, with their legal actions (``{}`` when
        an automatic seat acts first or the game is over)."""
        if self.over:
            return {}
        pending = self.game.pending()
        if self.next_seat(pending) is not None:
            return {}
        return {seat: legal for seat, legal in pending.items() if seat not in self.agents}

    def run(self, until: Callable[[tuple[Event, ...]], bool] | None = None) -> Pending:
        """Play automatic seats until the game ends (``{}``), seats without an agent must act
        (returned with their legal actions), or ``until(events)`` is true after an action
        (``{}`` or the waiting seats, as :meth:`waiting`)."""
        while True:
            done = self.step()
            if done is None:
                return self.waiting()
            if until is not None and until(done[2]):
                return self.waiting()


def play_out(game: Playable, agents: Mapping[int, Agent], *,
             clock: Callable[[], float] | None = None,
             on_decision: OnDecision | None = None) -> None:
    """Play ``game`` to its end with an agent at every seat that ever acts; ``ValueError`` if
    a seat without an agent must act."""
    left = Driver(game, agents, clock=clock, on_decision=on_decision).run()
    if left:
        raise ValueError(f"seats {sorted(left)} must act but have no agent")


class ReplayRefused(IllegalAction):
    """A recorded action the game refuses: ``index`` counts the actions from 0, ``reason`` is
    the game's refusal."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"replay action {index}: {reason}")
        self.index = index
        self.reason = reason


def replay(game: Playable, actions: Iterable[tuple[int, Action]],
           on_events: OnEvents | None = None) -> None:
    """Submit recorded ``(seat, action)`` pairs in their order (a saved game, a record);
    ``ReplayRefused`` (an ``IllegalAction``) names the first one that is refused."""
    driver = Driver(game, {}, on_events=on_events)
    for i, (seat, action) in enumerate(actions):
        try:
            driver.submit(seat, action)
        except IllegalAction as e:
            raise ReplayRefused(i, str(e)) from None


__all__ = ["Agent", "Driver", "OnDecision", "OnEvents", "Pending", "Playable", "ReplayRefused",
           "is_over", "play_out", "replay"]
