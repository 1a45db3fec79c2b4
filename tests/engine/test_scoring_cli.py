"""``riichi score``: the hand calculator on the command line (in-process and once via
subprocess): plain and JSON output, --batch, and one-line errors with exit status 1."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    code = main(["score", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_plain_output_lists_yaku_fu_limit_and_payments(capsys):
    code, out, err = run(capsys, "234567m22345p678s", "--win", "3p", "--riichi", "--tsumo",
                         "--dora", "1m", "--honba", "1", "--sticks", "2", "--seat-wind", "S")
    assert code == 0 and err == ""
    for text in ("riichi", "menzen tsumo", "pinfu", "tanyao", "dora", "pinfu tsumo 20",
                 "5 han 20 fu mangan", "dealer pays 4100", "each non-dealer pays 2100",
                 "total: 8000", "+2000 riichi sticks"):
        assert text in out, text


def test_json_output(capsys):
    code, out, _ = run(capsys, "123m456p789s11z", "--meld", "pon:555z", "--win", "1z",
                       "--seat-wind", "S", "--json", "--honba", "2")
    data = json.loads(out)
    assert code == 0
    assert data["han"] == 1 and data["fu"] == 30 and data["limit"] is None
    assert data["yaku"] == [{"name": "yakuhai: haku", "han": 1}]
    assert data["payments"] == {"discarder": 1000 + 600} and data["total"] == 1000
    assert ["open triplet 5z", 4] in data["fu_breakdown"] and data["yakuman"] == 0


def test_json_yakuman_dealer_tsumo(capsys):
    code, out, _ = run(capsys, "19m19p19s1234567z1z", "--win", "1z", "--tsumo", "--json")
    data = json.loads(out)
    assert data["yakuman"] == 1 and data["limit"] == "yakuman"
    assert data["payments"] == {"each": 16000} and data["total"] == 48000


def test_rules_preset_and_set(capsys):
    argv = ["234m567p55s", "--meld", "pon:888s", "--meld", "chi:234p", "--win", "5s"]
    assert run(capsys, *argv)[0] == 0
    code, _, err = run(capsys, *argv, "--set", "kuitan=false")
    assert code == 1 and "without a yaku" in err
    code, out, _ = run(capsys, "19m19p19s1234567z1z", "--win", "1z", "--rules", "majsoul",
                       "--json")
    assert json.loads(out)["yakuman"] == 2


def test_red_five_win_and_aka(capsys):
    code, out, _ = run(capsys, "234567m22340p678s", "--win", "0p", "--riichi", "--json")
    assert code == 0
    assert {"name": "aka dora", "han": 1} in json.loads(out)["yaku"]


@pytest.mark.parametrize("argv,message", [
    (["123m456p789s11z", "--meld", "pon:555z", "--win", "1z", "--haitei", "--houtei"],
     "conflict"),
    (["234567m22345p678s", "--win", "3p", "--tsumo", "--houtei"], "conflict"),
    (["234567m22345p678s", "--win", "3p", "--riichi", "--double-riichi"], "conflict"),
    (["234567m22345p678x", "--win", "3p"], "unknown character"),
    (["22222m345p678s55s1z", "--win", "1z"], "fifth copy"),
    (["234567m22345p", "--meld", "chi:679s", "--win", "3p"], "chi must be"),
    (["234567m22345p", "--win", "3p"], "11 concealed tiles"),
    (["234567m22345p678s", "--win", "9p"], "not in the hand"),
    (["234567m22345p678s", "--win", "3p", "--set", "nonsense=1"], "unknown rule field"),
    (["234567m22345p678s", "--win", "3p", "--set", "max_kans=-1"], "max_kans must be 0-4, got -1"),
    (["234567m22345p678s", "--win", "3p", "--rules", "nope"], "unknown rules preset"),
    (["234567m22345p678s", "--win", "3p", "--seat-wind", "X"], "no wind"),
    (["123456789m1234p5s", "--win", "5s"], "not a complete hand"),
    (["234567m22345p678s"], "--win"),
])
def test_bad_input_one_line_exit_1(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    assert message in err and err.count("\n") == 1 and err.startswith("riichi score: ")


def test_batch_from_stdin_keeps_going(capsys, monkeypatch):
    lines = [
        {"hand": "234567m22345p678s", "win": "3p", "tsumo": True, "riichi": True, "honba": 1,
         "seat_wind": "S"},
        {"hand": "234567m22345p678s"},
        "not json",
        {"hand": "123m456p789s11z", "melds": ["pon:555z"], "win": "1z", "seat_wind": "S",
         "dora": ["4z"], "set": {"kuitan": False}},
        {"hand": "234567m22345p678s", "win": "3p", "bogus": 1},
    ]
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, _ = run(capsys, "--batch", "-")
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(results) == 5
    assert results[0]["total"] == 2600 + 2 * 1300
    assert results[0]["payments"] == {"dealer": 2700, "non_dealer": 1400}
    assert "win is missing" in results[1]["error"]
    assert "not JSON" in results[2]["error"]
    assert results[3]["han"] == 3 and results[3]["fu"] == 30  # haku + the 1z pair as 2 dora
    assert "unknown field" in results[4]["error"]


def test_batch_file_all_good_exit_0(capsys, tmp_path):
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps({"hand": "1122m3344p5566s77z", "win": "7z", "riichi": True}))
    code, out, _ = run(capsys, "--batch", str(path))
    assert code == 0 and json.loads(out)["fu"] == 25


def test_subprocess_riichi_score():
    proc = subprocess.run(
        [sys.executable, "-m", "app.cli", "score", "111222333m9p9p", "--meld", "chi:789s",
         "--win", "9p", "--tsumo", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert (data["han"], data["fu"]) == (2, 40)  # seed 003 S3 example 2
    bad = subprocess.run([sys.executable, "-m", "app.cli", "score", "123m", "--win", "1m"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and bad.stderr.startswith("riichi score: ")


def test_P1_three_player_tsumo_is_paid_by_two_and_counts_the_norths_set_aside(capsys):
    code, out, err = run(capsys, "123p456s789s111z99m", "--win", "9m", "--tsumo", "--riichi",
                         "--seat-wind", "S", "--players", "3", "--nuki", "2", "--dora", "1m")
    assert code == 0 and err == ""
    for text in ("dora 4 (North set aside: 2)", "7 han 40 fu haneman",
                 "dealer pays 6000, the other non-dealer pays 3000", "total: 9000"):
        assert text in out, text
    code, out, _ = run(capsys, "123p456s789s111z99m", "--win", "9m", "--riichi", "--players",
                       "3", "--honba", "2", "--json")
    data = json.loads(out)
    assert data["payments"] == {"discarder": 7700 + 400} and data["total"] == 7700
    # a West indicator makes each North set aside two dora
    code, out, _ = run(capsys, "123p456s789s111z99m", "--win", "9m", "--riichi", "--players",
                       "3", "--nuki", "2", "--dora", "3z", "--json")
    assert [y for y in json.loads(out)["yaku"] if y["name"] == "dora"] == [
        {"name": "dora", "han": 4}]


@pytest.mark.parametrize("argv,message", [
    (["123p456s789s11z55m", "--win", "5m", "--players", "3"], "no 2m-8m"),
    (["123p456s789s111z99m", "--win", "9m", "--players", "3", "--rules", "tenhou"],
     "are for 4 players, not 3"),
    (["123p456s789s111z99m", "--win", "9m", "--players", "3", "--seat-wind", "N"],
     "no North seat"),
    (["123p456s789s111z99m", "--win", "9m", "--nuki", "1"], "needs three players"),
    (["123p456s789s111z99m", "--win", "9m", "--players", "5"], "players must be 3 or 4"),
])
def test_P1_three_player_scoring_refuses_what_cannot_be_in_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == "" and message in err and err.count("\n") == 1
