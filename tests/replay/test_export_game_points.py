"""Final game points (G7): Tenhou's rounding by era, found on the corpus (every public-lobby
game's ``owari``/``sc`` reproduced from its final scores), and the replay check that compares them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.game import final_scores, ranking
from engine.records import read_record
from engine.replay import game_points_rules, replay_game
from engine.rules import TENHOU

LOGS = Path(__file__).resolve().parents[3] / "shared" / "logs"
RECORDS = sorted((LOGS / "mjlog").glob("*.mjlog")) + sorted(
    (LOGS / "tenhou6").glob("*/*.json")) + sorted((LOGS / "scenarios").glob("*.mjlog"))

pytestmark = pytest.mark.skipif(not RECORDS, reason="../shared/logs is not there")


def test_G7_round_points_rounds_the_points_to_the_thousand_halves_away_from_zero():
    # 2016090900gm-00a9-0000-a2a25bb: last place -4500 is -55 (round56 on -34500 gives -54)
    points = [66200, 5200, 33100, -4500]
    rules = TENHOU.replace(score_rounding="round_points")
    assert final_scores(points, ranking(points), rules) == (77, -35, 13, -55)
    round56 = TENHOU.replace(score_rounding="round56")
    assert final_scores(points, ranking(points), round56) == (76, -35, 13, -54)
    # 2020071200gm: 25500 is 26 thousand (+10 uma -> 6), 19500 is 20 (-10 uma -> -20)
    points = [25500, 11200, 43800, 19500]
    assert final_scores(points, ranking(points), rules) == (6, -39, 53, -20)
    # the points themselves are rounded: 33500 (second) is 34 -> +14, 16500 is 17 -> -23; round56
    # says 13 and -23; first place takes what makes the sum zero
    points = [40000, 33500, 16500, 10000]
    assert final_scores(points, ranking(points), rules) == (49, 14, -23, -40)
    assert final_scores(points, ranking(points), round56)[1] == 13


def test_every_tenhou_record_gives_its_final_game_points_by_its_era():
    eras: dict[str, int] = {}
    skipped = []
    for path in RECORDS:
        record = read_record(path)
        if record.final_points is None:
            continue
        rules, note = game_points_rules(record)
        if rules is None:
            skipped.append(path.name)
            continue
        eras[rules.score_rounding] = eras.get(rules.score_rounding, 0) + 1
        points = list(record.final_scores)
        mine = final_scores(points, ranking(points), rules)
        assert mine == pytest.approx(record.final_points, abs=1e-6), (path.name, note)
        assert sum(record.final_points) == pytest.approx(0, abs=1e-6)
    # 2022 logs have one decimal, 2009-2020 logs whole numbers; one private lobby (30000 start)
    assert eras["exact"] >= 100 and eras["round_points"] >= 70
    assert skipped == ["2019020120gm-0009-10011-215330df.mjlog"]


def test_a_wrong_final_game_point_is_a_mismatch_of_the_last_round():
    path = next(p for p in RECORDS if p.name.startswith("2016090900gm"))
    record = read_record(path)
    assert replay_game(record).ok
    bad = replace(record, final_points=(77.0, -35.0, 13.0, -54.0))
    report = replay_game(bad)
    assert [(m.round_number, m.turn) for m in report.mismatches] == [
        (len(record.rounds) - 1, None)]
    assert "final game points: record (77.0, -35.0, 13.0, -54.0), engine (77, -35, 13, -55)" \
        in report.mismatches[0].what


def test_the_private_lobby_game_is_replayed_and_its_points_noted_not_compared():
    path = next(p for p in RECORDS if "-10011-" in p.name)
    report = replay_game(read_record(path))
    assert report.ok
    assert len(report.notes) == 1 and "starts with (30000, 30000, 30000, 30000)" in report.notes[0]
