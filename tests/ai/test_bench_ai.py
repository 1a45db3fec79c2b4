"""benchmarks/bench_ai.py: the real Tenhou games' rates printed beside self-play's (issue 16's
bands for four hard AIs are the play of strong people; the Houou people of ../shared/logs are
counted as self-play counts its own seats)."""

from __future__ import annotations

import pytest

from engine.events import Called, DrawKind, RiichiAccepted, RoundDrawn, RoundStarted, Win
from engine.records import read_record
from engine.replay import replay_game
from tests.ai.helpers import SHARED_LOGS, benchmark


def test_tenhou_rates_count_the_real_games_seats_as_their_events_say(tmp_path):
    logs = sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))[:3]
    if not logs:
        pytest.skip("no real game records beside the repository")
    for log in logs:
        (tmp_path / log.name).symlink_to(log)
    rates = benchmark("bench_ai").tenhou_rates(4, tmp_path)
    rounds = wins = rons = riichi = calls = draws = 0
    for log in logs:
        called: set[int] = set()
        for e in replay_game(read_record(log)).game.events:
            if isinstance(e, RoundStarted):
                rounds += 1
                called = set()
            elif isinstance(e, Win):
                wins += 1
                rons += not e.tsumo
            elif isinstance(e, RiichiAccepted):
                riichi += 1
            elif isinstance(e, Called) and e.seat not in called:
                called.add(e.seat)
                calls += 1
            elif isinstance(e, RoundDrawn):
                draws += e.kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI)
    seats = 4 * rounds
    assert rates["label"].startswith("real Tenhou four-player games (3 games")
    assert rates["win_rate"] == pytest.approx(wins / seats)
    assert rates["deal_in_rate"] == pytest.approx(rons / seats)
    assert rates["riichi_rate"] == pytest.approx(riichi / seats)
    assert rates["call_rate"] == pytest.approx(calls / seats)
    assert rates["draw_rate"] == pytest.approx(draws / rounds) and draws > 0
    assert rates["avg_win_points"] >= 1000


def test_tenhou_rates_without_games_is_empty(tmp_path):
    assert benchmark("bench_ai").tenhou_rates(4, tmp_path) == {}
    assert benchmark("bench_ai").tenhou_rates(3, tmp_path / "missing") == {}
