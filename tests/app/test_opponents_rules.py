"""The opponents are built with the game's own rules (issue 11, item 8): ``make_agent`` has no
silent Tenhou default, and the table's AIs carry the RuleSet of the game they play, so in an
East-only, Mahjong Soul or no-red-fives game they count what that game counts (red fives, the
all-last, yaku options)."""

import asyncio

import pytest

from ai import make_agent
from ai.observe import observe
from app.seats import make_agents
from engine.game import Game
from engine.rules import RED_SETS, TENHOU, preset
from engine.tiles import is_red

RED_5M = next(t for t in range(136) if is_red(t, TENHOU.red_fives) and t >> 2 == 4)


def test_make_agent_requires_the_rules():
    with pytest.raises(TypeError):
        make_agent("normal", seed=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="the game's RuleSet"):
        make_agent("normal", seed=1, rules=None)  # type: ignore[arg-type]


def bots(game):
    told = []
    agents = make_agents(game, "hard", game.seed, False, {}, lambda text, sev: told.append(text),
                         lambda seat: f"seat {seat}")
    assert told == []
    return agents


def test_the_agents_of_a_tonpuusen_majsoul_game_carry_its_ruleset():
    rules = preset("majsoul", length="tonpuusen")
    game = Game(rules, 3)
    agents = bots(game)
    assert sorted(agents) == [1, 2, 3]
    for agent in agents.values():
        assert agent.rules is game.rules
        assert agent.rules.name == "majsoul" and agent.rules.length == "tonpuusen"
        assert agent.rules.uma == (15, 5, -5, -15)


def test_a_no_red_fives_games_ai_counts_no_red_fives():
    game = Game(preset("tenhou", red_fives=RED_SETS["none"]), 4)
    agent = bots(game)[1]
    assert agent.rules.red_fives == (0, 0, 0)
    # the same hand with the copy of 5m that Tenhou's rules make red: one han less for this AI
    sit = observe(game.view(1))
    counts = [0] * 34
    counts[4] = 1
    ours = agent._hand_value(sit, counts, [], [RED_5M], 1.0, False)
    tenhou = make_agent("hard", seed=1, rules=TENHOU)._hand_value(sit, counts, [], [RED_5M], 1.0,
                                                                   False)
    assert ours < tenhou


def test_the_tables_opponents_play_the_chosen_rules():
    """Through the app: a game started as tonpuusen, majsoul, no red fives."""
    from app.app import RiichiApp
    from app.options import PlayOptions
    from app.screens.table import TableScreen

    async def run():
        app = RiichiApp(PlayOptions(seed=5, rules="majsoul", length="tonpuusen", reds="none",
                                    difficulty="normal", speed="instant", direct=True,
                                    save=False))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(50):
                if isinstance(app.screen, TableScreen):
                    break
                await pilot.pause(0.05)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            rules = screen.session.game.rules
            assert (rules.name, rules.length, rules.red_fives) == ("majsoul", "tonpuusen",
                                                                   (0, 0, 0))
            assert sorted(screen.session.agents) == [1, 2, 3]
            assert all(a.rules is rules for a in screen.session.agents.values())

    asyncio.run(run())
