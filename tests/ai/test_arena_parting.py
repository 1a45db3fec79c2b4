"""benchmarks/arena_parting.py, the round where a change's arena game parts from the base's
(issue 16): the games are the same up to the first event that differs, and the hero's points
over that round are set side by side."""

from __future__ import annotations

from tests.ai.helpers import benchmark
from tests.ai.test_arena_leaks import HANDS, write_events

E1 = [
    {"type": "start_game", "names": ["0", "1", "2", "3"]},
    {"type": "start_kyoku", "bakaze": "E", "dora_marker": "E", "kyoku": 1, "honba": 0,
     "kyotaku": 0, "oya": 0, "scores": [25000] * 4, "tehais": HANDS},
    {"type": "tsumo", "actor": 0, "pai": "N"},
    {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True},
    {"type": "tsumo", "actor": 1, "pai": "W"},
    {"type": "hora", "actor": 1, "target": 1, "deltas": [-1000, 3000, -1000, -1000]},
    {"type": "end_kyoku"},
    {"type": "start_kyoku", "bakaze": "E", "dora_marker": "E", "kyoku": 2, "honba": 0,
     "kyotaku": 0, "oya": 1, "scores": [24000, 28000, 24000, 24000], "tehais": HANDS},
    {"type": "tsumo", "actor": 1, "pai": "N"},
    {"type": "dahai", "actor": 1, "pai": "N", "tsumogiri": True},
    {"type": "tsumo", "actor": 2, "pai": "N"},
    {"type": "dahai", "actor": 2, "pai": "N", "tsumogiri": True},
    {"type": "tsumo", "actor": 3, "pai": "N"},
    {"type": "dahai", "actor": 3, "pai": "N", "tsumogiri": True},
    {"type": "tsumo", "actor": 0, "pai": "S"},
]
# the hero (seat 0) alone ready at the exhaustive draw: dama in the base, riichi in the change
DAMA = [{"type": "dahai", "actor": 0, "pai": "S", "tsumogiri": True}]
RIICHI = [{"type": "reach", "actor": 0}, *DAMA, {"type": "reach_accepted", "actor": 0}]
END = [{"type": "ryukyoku", "deltas": [3000, -1000, -1000, -1000]}, {"type": "end_kyoku"},
       {"type": "end_game"}]
NAME = "game_5_cmd_tpb_tpb_tpb.jsonl"


def test_a_rounds_points_are_its_seats_deltas_less_its_riichi_stick():
    # arena_leaks.round_deltas, which arena_parting reads the parting round with
    leaks = benchmark("arena_leaks")
    game = E1 + RIICHI + END
    assert [leaks.round_deltas(game, s)[0] for s in range(4)] == [-1000, 3000, -1000, -1000]
    # the last round: its riichi stick paid, the noten payments collected
    assert leaks.round_deltas(game, 0)[1] == 2000
    assert leaks.round_deltas(game, 1)[1] == -1000


def test_a_game_parts_in_the_round_of_its_first_different_event():
    parting = benchmark("arena_parting")
    assert parting.parting(E1 + DAMA + END, E1 + RIICHI + END, 0) == ("E2-0", 3000, 2000)
    assert parting.parting(E1 + DAMA + END, E1 + DAMA + END, 0) is None


def test_only_whole_games_of_both_runs_are_paired(tmp_path, capsys, monkeypatch):
    parting = benchmark("arena_parting")
    for run, evs in (("base", E1 + DAMA + END), ("change", E1 + RIICHI + END)):
        (tmp_path / run / "L5").mkdir(parents=True)
        write_events(tmp_path / run / "L5" / NAME, evs)
    # a game still played in the change: left out
    write_events(tmp_path / "base" / "L5" / NAME.replace("_5_", "_6_"), E1 + DAMA + END)
    write_events(tmp_path / "change" / "L5" / NAME.replace("_5_", "_6_"), E1)
    monkeypatch.setattr("sys.argv", ["arena_parting", "--base", str(tmp_path / "base"),
                                     "--change", str(tmp_path / "change")])
    assert parting.main() == 0
    out = capsys.readouterr().out
    assert "1 paired games, 1 part" in out
    assert "-1,000 +- 0 a game (95%); better 0, worse 1, same 0" in out
