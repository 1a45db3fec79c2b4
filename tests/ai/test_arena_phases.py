"""benchmarks/arena_phases.py, when in the game the hero gains on the bots (issue 16): the points
a round by the round wind, and each seat's place at the start of the East, the South and the
all-last against its final place."""

from __future__ import annotations

from tests.ai.helpers import benchmark
from tests.ai.test_arena_leaks import HANDS, write_events


def start(wind: str, kyoku: int, scores: list[int]) -> dict[str, object]:
    return {"type": "start_kyoku", "bakaze": wind, "dora_marker": "E", "kyoku": kyoku,
            "honba": 0, "kyotaku": 0, "oya": kyoku - 1, "scores": scores, "tehais": HANDS}


GAME = [
    {"type": "start_game", "names": ["0", "1", "2", "3"]},
    start("E", 1, [25000] * 4),
    {"type": "hora", "actor": 1, "target": 1, "deltas": [-1000, 3000, -1000, -1000]},
    {"type": "end_kyoku"},
    start("S", 1, [24000, 28000, 24000, 24000]),
    {"type": "reach", "actor": 3},
    {"type": "reach_accepted", "actor": 3},
    {"type": "ryukyoku", "deltas": [-1000, -1000, -1000, 3000]},
    {"type": "end_kyoku"},
    {"type": "end_game"},
]


def test_places_break_a_tie_to_the_seat_nearer_the_first_dealer():
    phases = benchmark("arena_phases")
    assert phases.places([24000, 28000, 24000, 24000]) == [2, 1, 3, 4]
    assert phases.places([25000] * 4) == [1, 2, 3, 4]


def test_a_games_rounds_phases_and_final_places():
    rounds, at, final = benchmark("arena_phases").phases(GAME)
    # the South's riichi stick is paid by its seat (3) and kept on the table at the end
    assert rounds == [("E", [-1000, 3000, -1000, -1000]), ("S", [-1000, -1000, -1000, 2000])]
    assert at == {"E1": [1, 2, 3, 4], "S1": [2, 1, 3, 4]}  # the all-last never came
    # 23,000 / 27,000 / 23,000 / 26,000: seat 0 before seat 2 on the tie
    assert final == [3, 1, 4, 2]


def test_the_tables_count_only_whole_games_and_set_the_hero_apart(tmp_path, capsys, monkeypatch):
    phases = benchmark("arena_phases")
    (tmp_path / "L5").mkdir()
    write_events(tmp_path / "L5" / "game_5_tpb_tpb_tpb_cmd.jsonl", GAME)
    write_events(tmp_path / "L5" / "game_6_tpb_tpb_tpb_cmd.jsonl", GAME[:4])  # still played
    monkeypatch.setattr("sys.argv", ["arena_phases", str(tmp_path)])
    assert phases.main() == 0
    out = capsys.readouterr().out
    assert out.startswith("1 games;")
    assert "S  hero     1 rounds  +2,000 +-     0   opponents     3 rounds  -1,000" in out
    assert "E1 seat 3    hero    1 2.000" in out
    assert "E1 all       the hero's 1 games: at the end 2.000" in out
    assert "S1 place 1   opponents    1 1.000" in out
    assert "S1 place 4   hero    1 2.000" in out
    assert "S1 all       the hero's 1 games: average place then 4.000, at the end 2.000" in out
    assert "S4" not in out


def test_no_whole_game_is_a_clear_message(tmp_path, capsys, monkeypatch):
    phases = benchmark("arena_phases")
    monkeypatch.setattr("sys.argv", ["arena_phases", str(tmp_path)])
    assert phases.main() == 2
    assert "no whole game_*.jsonl logs" in capsys.readouterr().err
