"""The agent interface: one decision method that sees a seat's view and its legal actions.

Every agent owns a ``random.Random`` seeded at construction (never the global one), so the same
seed and the same views give the same decisions. ``react(view)`` is ``act(view, view.legal)``.

A bug in an agent must never stall or end a game: ``act`` replaces an illegal choice, and an
exception raised by ``choose``, with ``fallback(legal)``; the exception is logged on the
``riichi.ai`` logger and counted in ``agent.failures``. With ``RIICHI_STRICT_AI=1`` in the
environment (the test suite sets it) the exception propagates instead, so tests fail loudly.
"""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Sequence

from engine.actions import (
    AbortNineTerminals,
    Action,
    AgariYame,
    DeclareTenpai,
    Discard,
    Nuki,
    Riichi,
    Ron,
    Tsumo,
    offered,
)
from engine.tiles import DEFAULT_REDS, NORTH, is_red
from engine.view import PlayerView

log = logging.getLogger("riichi.ai")


class Agent:
    """Base class: subclasses implement ``choose(view, legal)``; ``act`` checks the choice."""

    kind = "base"
    failures = 0  # also for subclasses whose __init__ skips Agent's
    _rng: random.Random | None = None

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.failures = 0  # exceptions from ``choose`` answered with the fallback

    @property
    def rng(self) -> random.Random:
        """The agent's random numbers, made from ``seed`` on first use (the same sequence as
        made at once: most agents draw none, and a review's rollouts make four a sample)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal`` (raises ``ValueError`` when ``legal`` is empty). An exception from
        ``choose`` is logged and answered with ``fallback(legal)``, unless ``RIICHI_STRICT_AI=1``.
        """
        legal = tuple(legal)
        if not legal:
            raise ValueError(f"{self.kind} agent at seat {view.seat}: no legal action to choose")
        if len(legal) == 1:
            return legal[0]
        try:
            choice = self.choose(view, legal)
        except Exception:
            if os.environ.get("RIICHI_STRICT_AI") == "1":
                raise
            self.failures += 1
            kinds = sorted({type(a).__name__ for a in legal})
            log.exception("%s agent at seat %d failed choosing among %s; playing the fallback",
                          self.kind, view.seat, ", ".join(kinds))
            return fallback(legal)
        if not offered(choice, legal):  # a bug in an agent must never stall or corrupt a game
            return fallback(legal)
        return choice

    def react(self, view: PlayerView) -> Action:
        return self.act(view, view.legal)

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def obvious_choice(view: PlayerView, legal: Sequence[Action],
                   north_yakuhai: bool = False) -> Action | None:
    """What every AI does without thinking: take a win, answer a tenpai declaration (K1 option)
    truthfully, end the game by agari-yame (G4) when offered, set a North aside (P1,
    ``nuki_choice``); ``None`` when none applies."""
    for a in legal:
        if isinstance(a, (Tsumo, Ron)):
            return a
    for a in legal:
        if isinstance(a, DeclareTenpai) and a.tenpai == bool(view.waits):
            return a
        if isinstance(a, AgariYame) and a.stop:
            return a
    return nuki_choice(view, legal, north_yakuhai)


#: honour and terminal kinds (kokushi's thirteen)
_KOKUSHI_KINDS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


def nuki_choice(view: PlayerView, legal: Sequence[Action],
                north_yakuhai: bool = False) -> Nuki | None:
    """P1 North timing: a North is set aside at once (a dora that cannot be dealt in, and a
    free replacement draw) unless it serves the hand: a pair or more of Norths where a North
    kept in hand is a value tile (``north_yakuhai``: the triplet is a yaku), the North of a
    kokushi hand (ten kinds of its thirteen), and never while the nine-terminal abort is on
    offer (a nuki counts as a call and ends that choice: the agent's own logic decides)."""
    nuki = next((a for a in legal if isinstance(a, Nuki)), None)
    if nuki is None or any(isinstance(a, AbortNineTerminals) for a in legal):
        return None
    kinds = [t >> 2 for t in view.concealed]
    if north_yakuhai and kinds.count(NORTH) >= 2:
        return None
    if kinds.count(NORTH) == 1 and len(_KOKUSHI_KINDS & set(kinds)) >= 10:
        return None
    return nuki


def nuki_count(view: PlayerView) -> int:
    """The Norths ``view``'s seat has set aside (P1: a dora each when it wins)."""
    return len(view.nuki[view.seat]) if view.nuki else 0


def fallback(legal: Sequence[Action]) -> Action:
    """A sensible default: win if possible, else the first discard, else the first action."""
    for a in legal:
        if isinstance(a, (Tsumo, Ron)):
            return a
    for a in legal:
        if isinstance(a, Discard):
            return a
    return legal[0]


def discard_choices(legal: Sequence[Action]) -> dict[int, Discard]:
    """One ``Discard`` per tile kind; of a red and a plain five the plain one (keep the dora)."""
    out: dict[int, Discard] = {}
    for a in legal:
        if isinstance(a, Discard):
            k = a.tile >> 2
            prev = out.get(k)
            if prev is None or (is_red(prev.tile, DEFAULT_REDS) and not is_red(a.tile, DEFAULT_REDS)):
                out[k] = a
    return out


def riichi_choices(legal: Sequence[Action]) -> dict[int, Riichi]:
    out: dict[int, Riichi] = {}
    for a in legal:
        if isinstance(a, Riichi) and not a.open:
            k = a.tile >> 2
            prev = out.get(k)
            if prev is None or (is_red(prev.tile, DEFAULT_REDS) and not is_red(a.tile, DEFAULT_REDS)):
                out[k] = a
    return out
