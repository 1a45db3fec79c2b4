"""The evaluator's verdict at a call prompt, on request (the table's ``v``): the reviewer's
rollouts (``ai.review.rollout.evaluate``) of every call form and the pass, from a copy of the
game taken while the player is asked, in a worker thread; one line for the call bar:
``Left discarded 5m  │ pon 5m (5m+5m): +310 ±240 vs pass (call)``.

Never shown unasked (it would play for the player); the setting ``verdict_key`` switches the key
off. The next action drops it: a verdict still being computed is cancelled between samples.
Plain Python but for the screen's ``run_worker`` and ``call_from_thread``.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from ai.review.options import choose_options
from ai.review.rollout import Cancelled, OptionValue, evaluate
from app.i18n import action_text, t
from engine.actions import Action, Chi, Kan, Pass, Pon
from engine.sample import portable

SAMPLES = 64  # per option: ~1 s for a call and the pass on this machine's two cores


def call_prompt_open(legal: Sequence[Action]) -> bool:
    """Whether ``legal`` asks for a call on a discard (a chi, pon or kan, or the pass)."""
    return any(isinstance(a, Pass) for a in legal) and any(
        isinstance(a, (Chi, Pon, Kan)) for a in legal)


def verdict_line(values: Sequence[OptionValue]) -> str:
    """``pon 5m (5m+5m): +310 ±240 vs pass (call)`` for the best call form against the pass,
    paired over the same samples (the best option's loss is exactly the gap), and which to
    prefer: the call, the pass, or too close to tell."""
    passes = [v for v in values if isinstance(v.action, Pass)]
    calls = [v for v in values if not isinstance(v.action, Pass)]
    if not passes or not calls:
        return ""
    p, c = passes[0], max(calls, key=lambda v: v.mean)
    # one of the two is the best of all (the pass, or the best call): the other's loss is the
    # paired gap between them, with its interval
    gap, half = (-c.loss, c.loss_half) if p.mean >= c.mean else (p.loss, p.loss_half)
    which = "close" if abs(gap) <= half else ("call" if gap > 0 else "pass")
    return t("verdict.line", call=action_text(c.action), gap=f"{gap:+.0f}", half=f"{half:.0f}",
             which=t(f"verdict.{which}"))


class VerdictAsk:
    """The verdict of the call prompt on screen: ``note`` is its line (empty: none asked)."""

    def __init__(self) -> None:
        self.note = ""
        self._cancel = threading.Event()
        self._token = 0

    def joined(self, prompt: str) -> str:
        """The call prompt's question with the verdict after it (when asked and a prompt is
        open)."""
        return f"{prompt}  │ {self.note}" if prompt and self.note else prompt

    def drop(self) -> None:
        """The prompt is gone (the player acted, or a new question came): forget the line and
        cancel an evaluation still running."""
        self._cancel.set()
        self._token += 1
        self.note = ""

    def ask(self, screen: Any, game: Any, seat: int, legal: Sequence[Action],
            samples: int | None = None) -> bool:
        """Start evaluating the call prompt of ``seat`` (the worker posts the line to
        ``screen.show_verdict``); False when there is no call prompt to judge."""
        if not call_prompt_open(legal):
            return False
        view = game.view(seat)
        choice = choose_options(view, legal, next(a for a in legal if isinstance(a, Pass)))
        if choice is None or len(choice.options) < 2:
            return False
        self.drop()
        cancel, token = threading.Event(), self._token
        self._cancel = cancel
        self.note = t("verdict.working")
        copy = portable(game)  # the worker is idle while the player is asked

        def work() -> None:
            try:
                values = evaluate(copy, seat, choice.options, samples=samples or SAMPLES,
                                  cancelled=cancel.is_set)
            except Cancelled:
                return
            line = verdict_line(values)
            screen.app.call_from_thread(self._done, screen, token, line)

        screen.run_worker(work, thread=True, group="verdict", exclusive=True)
        return True

    def _done(self, screen: Any, token: int, line: str) -> None:
        if token != self._token:
            return  # asked for a prompt that is gone
        self.note = line
        screen.show_verdict()


__all__ = ["SAMPLES", "VerdictAsk", "call_prompt_open", "verdict_line"]
