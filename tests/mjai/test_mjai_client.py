"""Any mjai bot at our table: an external program plays a seat; one that fails is replaced."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ai import make_agent
from app.mjai_client import MjaiAgent
from engine.game import Game
from engine.rules import TENHOU

ROOT = Path(__file__).resolve().parents[2]
OUR_BOT = [sys.executable, "-m", "app", "bot", "--mjai", "--difficulty", "greedy"]


def script(body: str) -> list[str]:
    """A bot written in a few lines of Python (reads lines, answers lines)."""
    return [sys.executable, "-c", "import sys, json, time\n" + body]


def play_with(agent: MjaiAgent, seed: int = 5) -> Game:
    agents = {s: make_agent("greedy", seed=s, rules=TENHOU) for s in range(4)}
    agents[agent.seat] = agent
    game = Game(seed=seed)
    agent.bind(game)
    try:
        while not game.over:
            seat, legal = next(iter(game.pending().items()))
            game.submit(seat, agents[seat].act(game.view(seat), legal))
    finally:
        agent.close()
    return game


def test_our_own_bot_as_an_external_program(monkeypatch):
    monkeypatch.chdir(ROOT)
    told: list[str] = []
    agent = MjaiAgent(OUR_BOT, seat=1, fallback=make_agent("greedy", seed=1, rules=TENHOU),
                      notify=told.append, timeout=10)
    game = play_with(agent)
    assert game.over and told == [] and agent.failure is None
    assert agent.answers > 50


def test_external_bot_replays_like_the_in_process_one(monkeypatch):
    """The same greedy AI behind the protocol makes the same decisions as in-process."""
    monkeypatch.chdir(ROOT)
    agent = MjaiAgent(OUR_BOT + ["{seat}"], seat=2, fallback=make_agent("tsumogiri", rules=TENHOU),
                      timeout=10)
    over_mjai = play_with(agent, seed=7)
    agents = {s: make_agent("greedy", seed=s, rules=TENHOU) for s in range(4)}
    agents[2] = make_agent("greedy", seed=2, rules=TENHOU)
    direct = Game(seed=7)
    while not direct.over:
        seat, legal = next(iter(direct.pending().items()))
        direct.submit(seat, agents[seat].act(direct.view(seat), legal))
    assert agent.failure is None
    assert over_mjai.result.points == direct.result.points


FAILING = {  # name: (command, what the player is told)
    "illegal": (script("for line in sys.stdin:\n    print(json.dumps({'type': 'dahai', "
                      "'actor': int(sys.argv[1]), 'pai': 'C', 'tsumogiri': False}), flush=True)"),
                "is not legal here"),
    "slow": (script("for line in sys.stdin:\n    time.sleep(3)\n    print('{\"type\":\"none\"}', "
                    "flush=True)"), "no answer within 0.5 s"),
    "dies": (script("sys.stdin.readline()\nsys.exit(3)"), "exited (code 3)"),
    "garbage": (script("for line in sys.stdin:\n    print('hello', flush=True)"), "not JSON"),
    "missing": (["/nonexistent/mjai-bot"], "cannot start"),
}


@pytest.mark.parametrize("name", list(FAILING))
def test_a_failing_bot_is_replaced_and_the_player_told(name):
    command, message = FAILING[name]
    told: list[str] = []
    agent = MjaiAgent(command, seat=0, fallback=make_agent("greedy", seed=0, rules=TENHOU),
                      notify=told.append, timeout=0.5, first_timeout=0.5)
    game = play_with(agent, seed=3)
    assert game.over
    assert len(told) == 1 and "our AI" in told[0] and message in told[0], told
    assert agent.process is None


def test_selfplay_seats_accept_an_mjai_command(monkeypatch, capsys):
    from app.commands.selfplay import parse_seats, play_game
    from engine.rules import TENHOU

    monkeypatch.chdir(ROOT)
    command = " ".join(OUR_BOT)
    seats = [f"mjai:{command}", "greedy", "greedy", "greedy"]
    assert parse_seats(",".join(seats))[0] == ("mjai", command)
    records = play_game(2, seats, TENHOU)
    assert sorted(r.rank for r in records) == [1, 2, 3, 4]
    assert "failed" not in capsys.readouterr().err
    broken = ["mjai:/nonexistent/bot", "greedy", "greedy", "greedy"]
    assert len(play_game(2, broken, TENHOU)) == 4
    assert "our AI (normal) plays this seat" in capsys.readouterr().err
