"""Our AI as an mjai bot: reads lines of the mjai.app protocol (a JSON array of events per
line), keeps its seat's view with :class:`engine.mjai.SeatTracker` and answers each line with one
JSON action.

Every line gets an answer: an event it cannot understand or apply is reported through ``warn``
(the command prints it on stderr) and the answer falls back to a safe legal one (``none``, or
tsumogiri when the seat must discard).

>>> bot = MjaiBot(0, kind="tsumogiri")
>>> bot.react('[{"type":"start_game","names":["a","b","c","d"]}]')
'{"type":"none"}'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ai import make_agent
from ai.base import Agent
from engine.mjai import MjaiError, SeatTracker
from engine.rules import TENHOU, RuleSet

NONE = '{"type":"none"}'


def _dump(msg: dict[str, Any]) -> str:
    return json.dumps(msg, separators=(",", ":"))


class MjaiBot:
    """One seat's bot. ``react(line) -> line``; ``warn(message)`` hears about bad input."""

    def __init__(self, seat: int, agent: Agent | None = None, *, kind: str = "normal",
                 personality: str | None = None, rules: RuleSet = TENHOU,
                 warn: Callable[[str], None] | None = None) -> None:
        self.seat = seat
        self.agent = agent if agent is not None else make_agent(
            kind, seed=seat, personality=personality, rules=rules)
        self.tracker = SeatTracker(seat, rules)
        self.warn = warn or (lambda message: None)
        self.problems = 0  # lines with an event that could not be applied, or a fallback answer

    def react(self, line: str) -> str:
        """Apply the events of one protocol line and answer it (one JSON object, no newline)."""
        try:
            events = json.loads(line)
        except (ValueError, TypeError) as exc:
            return self._problem(f"not JSON ({exc}): {line[:120]!r}")
        if isinstance(events, dict):
            events = [events]
        if not isinstance(events, list) or not events:
            return self._problem(f"expected a JSON array of events: {line[:120]!r}")
        bad = False
        for ev in events:
            try:
                self.tracker.feed(ev)
            except (MjaiError, ValueError) as exc:
                self.warn(f"seat {self.seat}: event {json.dumps(ev)[:160]}: {exc}")
                bad = True
            except Exception as exc:  # noqa: BLE001 - a tracker bug must not silence the bot
                self.warn(f"seat {self.seat}: event {json.dumps(ev)[:160]}: internal error "
                          f"{type(exc).__name__}: {exc}")
                bad = True
        if bad:
            self.problems += 1
        return self._decide()

    def _decide(self) -> str:
        tracker = self.tracker
        try:
            legal = tracker.legal()
            if not legal:
                answer = tracker.fallback()
                if answer["type"] != "none":  # our state says nothing to do, the event says discard
                    self.problems += 1
                    self.warn(f"seat {self.seat}: no legal action known after "
                              f"{json.dumps(tracker.last)[:160]}; answering {_dump(answer)}")
                return _dump(answer)
            action = self.agent.act(tracker.view(), legal)
            return _dump(tracker.to_mjai(action))
        except Exception as exc:  # noqa: BLE001 - every line gets an answer, whatever broke
            self.problems += 1
            answer = tracker.fallback()
            self.warn(f"seat {self.seat}: cannot decide ({type(exc).__name__}: {exc}); "
                      f"answering {_dump(answer)}")
            return _dump(answer)

    def _problem(self, message: str) -> str:
        self.problems += 1
        self.warn(f"seat {self.seat}: {message}")
        return NONE
