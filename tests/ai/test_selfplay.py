"""The league command: duplicate rotation, records, the report and its errors."""

import argparse
import json

import pytest

from app.commands import selfplay


def _args(*argv):
    p = argparse.ArgumentParser()
    selfplay.add_arguments(p)
    return p.parse_args(list(argv))


def test_duplicate_puts_the_challenger_in_every_seat_on_the_same_seed():
    jobs = selfplay.jobs_for(8, 10, ["hard", "greedy", "greedy", "easy"], duplicate=True)
    assert len(jobs) == 8
    assert [s for s, _ in jobs] == [10, 10, 10, 10, 11, 11, 11, 11]
    assert [lineup.index("hard") for _, lineup in jobs[:4]] == [0, 1, 2, 3]
    for _, lineup in jobs:
        assert sorted(lineup) == ["easy", "greedy", "greedy", "hard"]


def test_plain_mode_plays_consecutive_seeds():
    jobs = selfplay.jobs_for(3, 5, ["hard", "greedy", "greedy", "greedy"], duplicate=False)
    assert [s for s, _ in jobs] == [5, 6, 7]


def test_play_game_records_a_permutation_of_ranks_and_consistent_counts():
    rules = selfplay.make_rules("tenhou", "tonpuusen")
    recs = selfplay.play_game(3, ["hard", "greedy", "tsumogiri", "easy"], rules)
    assert sorted(r.rank for r in recs) == [1, 2, 3, 4]
    assert sum(r.points for r in recs) + 0 >= 100000 - 4000  # sticks may be lost at most
    rounds = {r.rounds for r in recs}
    assert len(rounds) == 1 and rounds.pop() >= 4
    total_wins = sum(r.wins for r in recs)
    total_deal_ins = sum(r.deal_ins for r in recs)
    assert total_deal_ins <= total_wins
    assert all(r.times and max(r.times) < 5 for r in recs)


@pytest.mark.slow
def test_run_prints_json_with_every_statistic(capsys):
    code = selfplay.run(_args("--games", "1", "--seed", "2", "--length", "tonpuusen",
                              "--seats", "normal,greedy,greedy,greedy", "--json"))
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    rows = {r["seat"]: r for r in out["results"]}
    assert set(rows) == {"normal", "greedy"}
    assert rows["greedy"]["games"] == 3
    for key in ("avg_rank", "rank_ci95", "rank_dist", "win_rate", "deal_in_rate", "riichi_rate",
                "call_rate", "draw_rate", "avg_win_points", "avg_deal_in_points"):
        assert key in rows["normal"]
    assert abs(sum(rows["greedy"]["rank_dist"]) - 1) < 0.01


@pytest.mark.parametrize("seats,msg", [
    ("hard,greedy,greedy", "four seat types"),
    ("hard,greedy,greedy,wizard", "unknown AI kind"),
    ("hard:bold,greedy,greedy,greedy", "unknown personality"),
])
def test_bad_seats_are_refused(seats, msg, capsys):
    assert selfplay.run(_args("--seats", seats)) == 2
    assert msg in capsys.readouterr().err


def test_the_riichi_command_discovers_selfplay():
    from app.cli import build_parser

    _, commands = build_parser()
    assert "selfplay" in commands


@pytest.mark.slow
def test_a_league_reports_agent_failures(monkeypatch):
    """An exception inside an agent is answered by its fallback move (outside the strict test
    mode); the league counts them and the report says the figures are not the agent's play."""
    from ai.player import Player
    from app.commands.selfplay import format_report, play_game, summarise
    from engine.rules import RuleSet

    monkeypatch.delenv("RIICHI_STRICT_AI", raising=False)
    real = Player.choose
    calls = {"n": 0}

    def flaky(self, view, legal):
        calls["n"] += 1
        if calls["n"] % 50 == 0:
            raise RuntimeError("bug")
        return real(self, view, legal)

    monkeypatch.setattr(Player, "choose", flaky)
    recs = play_game(3, ["hard", "greedy", "greedy", "greedy"], RuleSet())
    rows = summarise(recs)
    hard = next(r for r in rows if r["seat"] == "hard")
    assert hard["failures"] > 0
    assert next(r for r in rows if r["seat"] == "greedy")["failures"] == 0
    assert "hard failed" in format_report(rows, "league")


def test_P1_three_player_league_plays_three_seats_and_rotates_over_three(capsys):
    jobs = selfplay.jobs_for(6, 0, ["hard", "greedy", "greedy"], duplicate=True)
    assert [lineup.index("hard") for _, lineup in jobs[:3]] == [0, 1, 2] and len(jobs) == 6
    recs = selfplay.play_game(1, ["random", "tsumogiri", "greedy"], selfplay.make_rules(
        "tenhou3", "tonpuusen", 3))
    assert sorted(r.rank for r in recs) == [1, 2, 3] and sum(r.points for r in recs) <= 105000
    assert selfplay.run(_args("--players", "3", "--games", "1", "--seats",
                              "greedy,greedy,tsumogiri", "--length", "tonpuusen")) == 0
    out = capsys.readouterr().out
    assert "1 games (plain)" in out and "tsumogiri" in out


@pytest.mark.parametrize("argv,message", [
    (["--players", "3", "--seats", "hard,greedy,greedy,greedy"], "needs three seat types"),
    (["--players", "3", "--rules", "tenhou"], "is for 4 players, not 3"),
    (["--players", "3", "--seats", "mjai:bot,greedy,greedy"], "no agreed three-player form"),
])
def test_P1_three_player_league_refuses_bad_line_ups_in_one_line(capsys, argv, message):
    assert selfplay.run(_args(*argv)) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
