"""G7 by era (issue 11, item 14): Tenhou's East-only games of 2009 (GO type 161) have the uma
+10/+5/-5/-10 where its south games and its later East-only games have +20/+10/-10/-20. The
two Phoenix East games of 2009 kept in tests/replay/data check with 0 mismatches, their final
game points included."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.records import read_record
from engine.replay import TENHOU_2009_TONPUU_UMA, game_points_rules, replay_game
from engine.standings import final_scores, ranking

DATA = Path(__file__).resolve().parent / "data"
GAMES = sorted(DATA.glob("2009*gm-00a1-*.mjlog"))


def test_the_2009_east_only_games_are_kept_with_the_tests():
    assert [p.name[:10] for p in GAMES] == ["2009031702", "2009061806"]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name[:10])
def test_G7_a_2009_tenhou_east_only_game_checks_with_its_uma_5_10(path):
    record = read_record(path)
    assert record.disp == "鳳東喰赤" and record.rules.length == "tonpuusen"
    rules, note = game_points_rules(record)
    assert rules is not None and rules.uma == TENHOU_2009_TONPUU_UMA == (10, 5, -5, -10)
    assert "2009 East-only uma" in note
    report = replay_game(record)
    assert report.ok, report.mismatches
    assert record.final_points is not None and record.final_scores is not None
    scores = list(record.final_scores)
    assert final_scores(scores, ranking(scores), rules) == pytest.approx(record.final_points)


def test_G7_the_first_2009_game_gives_5_10_not_10_20():
    """36900 / 25300 / 32200 / 5600 are 37 / -10 / 7 / -34 in the record: +10 +20 oka for first
    (7 + 10 + 20), +5 for second (2 + 5), -5 for third, -10 for fourth (-24 - 10)."""
    record = read_record(GAMES[0])
    assert record.final_scores == (36900, 25300, 32200, 5600)
    assert record.final_points == (37, -10, 7, -34)
    scores = list(record.final_scores)
    usual = record.rules.replace(score_rounding="round_points")
    assert usual.uma == (20, 10, -10, -20)
    assert final_scores(scores, ranking(scores), usual) == (47, -15, 12, -44)  # not the record's
    assert final_scores(scores, ranking(scores), usual.replace(uma=(10, 5, -5, -10))) == (
        37, -10, 7, -34)


def test_G7_an_east_only_record_with_the_usual_uma_keeps_it():
    record = read_record(GAMES[0])
    usual = replace(record, final_points=(47.0, -15.0, 12.0, -44.0))  # 10-20, as since then
    rules, note = game_points_rules(usual)
    assert rules is not None and rules.uma == (20, 10, -10, -20) and "5-10" not in note
    south = replace(record, rules=record.rules.replace(length="hanchan"))
    rules, _ = game_points_rules(south)
    assert rules is not None and rules.uma == (20, 10, -10, -20)  # only East-only games


def test_G7_game_points_that_fit_no_era_stay_a_mismatch():
    record = read_record(GAMES[0])
    report = replay_game(replace(record, final_points=(38.0, -10.0, 6.0, -34.0)))
    assert [m.turn for m in report.mismatches] == [None]
    assert "final game points" in report.mismatches[0].what
