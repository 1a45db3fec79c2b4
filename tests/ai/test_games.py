"""Whole games driven by the agents: every decision legal, same seed same game, views only."""

import ast
import copy
from pathlib import Path

import pytest

from ai import make_agent
from engine.driver import play_out
from engine.game import Game
from engine.rules import TENHOU, preset
from engine.table import Table
from engine.wall import Wall

ROOT = Path(__file__).resolve().parents[2]
TONPUU = preset("tenhou", length="tonpuusen")

LINEUPS = [
    ("hard", "normal", "easy", "random"),
    ("greedy", "tsumogiri", "hard:aggressive", "normal:defensive"),
    ("hard:defensive", "easy:aggressive", "random", "greedy"),
]


def _agents(lineup, seed):
    out = []
    for s, spec in enumerate(lineup):
        kind, _, pers = spec.partition(":")
        out.append(make_agent(kind, seed=seed * 4 + s, personality=pers or None, rules=TENHOU))
    return out


class Checked:
    """A seat's agent behind checks: its view lists the legal actions it is given, its choice
    is one of them; with ``copy_views`` it decides on a deep copy of the view."""

    def __init__(self, agent, name, copy_views, counter):
        self.agent, self.name, self.copy_views, self.counter = agent, name, copy_views, counter

    def act(self, view, legal):
        assert view.legal == legal
        if self.copy_views:
            view = copy.deepcopy(view)
        action = self.agent.act(view, legal)
        assert action in legal, (self.name, action, legal)
        self.counter.append(1)
        return action


def play(lineup, seed, rules=TONPUU, copy_views=False):
    game = Game(rules, seed)
    decisions = []
    agents = {s: Checked(agent, lineup[s], copy_views, decisions)
              for s, agent in enumerate(_agents(lineup, seed))}
    play_out(game, agents)
    return game, len(decisions)


@pytest.mark.slow
@pytest.mark.parametrize("seed,lineup", list(enumerate(LINEUPS)))
def test_every_decision_is_legal_in_whole_games(seed, lineup):
    game, decisions = play(lineup, 100 + seed)
    assert game.result is not None and decisions > 100
    assert sorted(game.result.ranking) == [0, 1, 2, 3]


@pytest.mark.parametrize("seed", range(12))
def test_every_decision_is_legal_over_many_rounds(seed):
    # single rounds from many walls and round winds: more positions for the same time
    lineup = LINEUPS[seed % 3]
    agents = _agents(lineup, seed)
    table = Table(preset("tenhou"), Wall.shuffled(seed, seed % 8, 0), round_index=seed % 8)
    while not table.over:
        for seat, legal in table.pending().items():
            action = agents[seat].act(table.view(seat), legal)
            assert action in legal
            table.submit(seat, action)
            break


@pytest.mark.slow
def test_same_seed_same_game():
    lineup = ("hard", "normal:aggressive", "easy", "greedy")
    a, _ = play(lineup, 7)
    b, _ = play(lineup, 7, copy_views=True)  # a copied view changes nothing either
    assert a.actions == b.actions
    assert a.result == b.result


def test_easy_uses_its_own_random_generator():
    import random

    lineup = ("easy", "easy", "random", "random")
    random.seed(1)
    a, _ = play(lineup, 3)
    random.seed(2)
    b, _ = play(lineup, 3)
    assert a.actions == b.actions


HIDDEN = {"engine.table", "engine.game", "engine.wall", "engine.replay", "engine.records"}


@pytest.mark.parametrize("path", sorted((ROOT / "ai").glob("*.py")), ids=lambda p: p.name)
def test_ai_never_imports_the_table_the_game_or_the_wall(path):
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    bad = {n for n in names if any(n == h or n.startswith(h + ".") for h in HIDDEN)}
    assert not bad, f"{path.name} imports {sorted(bad)}: an AI may see only its PlayerView"
