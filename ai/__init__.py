"""Opponents: AIs that see only their seat's view and choose among the legal actions.

>>> from ai import make_agent
>>> from engine.rules import preset
>>> make_agent("greedy", seed=3, rules=preset("tenhou")).kind
'greedy'

``agent.act(view, legal)`` returns one of ``legal``; the same seed gives the same decisions.
Kinds: ``easy``, ``normal``, ``hard`` (the real AI at three strengths, see ``ai.player``; a
duplicate league ``riichi selfplay --seats hard,normal,easy,greedy --duplicate`` measures their
order), and the baselines ``random``, ``tsumogiri``, ``greedy``. Personalities (for
easy/normal/hard): ``balanced``, ``aggressive`` (calls and pushes), ``defensive`` (closed hands,
riichi, folds early).
"""

from __future__ import annotations

from ai.base import Agent
from ai.baselines import GreedyAgent, RandomAgent, TsumogiriAgent
from ai.player import Player
from engine.rules import RuleSet

KINDS = ("easy", "normal", "hard", "random", "tsumogiri", "greedy")
PERSONALITIES = ("balanced", "aggressive", "defensive")


def make_agent(
    kind: str = "normal",
    seed: int = 0,
    personality: str | None = None,
    *,
    rules: RuleSet,
) -> Agent:
    """An agent of ``kind`` with its own random generator seeded by ``seed``. ``rules`` are the
    game's own (there is no default: an AI built with other rules counts red fives a game does
    not have, or plays an all-last that is not the game's); the real AI reads which yaku and
    variants count, e.g. whether open tanyao does."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"make_agent needs the game's RuleSet as rules=, got {rules!r}")
    if kind not in KINDS:
        raise ValueError(f"unknown AI kind {kind!r}; kinds: {', '.join(KINDS)}")
    if personality is not None and personality not in PERSONALITIES:
        raise ValueError(
            f"unknown AI personality {personality!r}; personalities: {', '.join(PERSONALITIES)}"
        )
    if kind == "random":
        return RandomAgent(seed)
    if kind == "tsumogiri":
        return TsumogiriAgent(seed)
    if kind == "greedy":
        return GreedyAgent(seed)
    return Player(level=kind, seed=seed, personality=personality or "balanced", rules=rules)


__all__ = ["Agent", "KINDS", "PERSONALITIES", "make_agent"]
