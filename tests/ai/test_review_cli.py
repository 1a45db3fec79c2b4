"""``riichi review``: our games (``last``, an id) and imported records, text and ``--json``, and
one clear line for a bad id, file or seat."""

import json

import pytest

from ai import make_agent
from app import cli
from app.storage import history as H
from engine.driver import play_out
from engine.game import Game
from engine.rules import TENHOU
from tests.ai.helpers import SHARED_LOGS

MJLOGS = sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))
TENHOU6 = sorted((SHARED_LOGS / "tenhou6").rglob("*.json"))


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _save(gid: str, seed: int) -> Game:
    game = Game(TENHOU, seed)
    play_out(game, {p: make_agent("greedy", seed=p, rules=TENHOU) for p in range(4)})
    r = game.result
    H.record_game(H.PlayedGame(
        game_id=gid, rules=TENHOU.to_dict(), seed=seed,
        seats=[{"kind": "ai", "name": "A"}, {"kind": "human", "name": "You"},
               {"kind": "ai", "name": "B"}, {"kind": "ai", "name": "C"}],
        points=r.points, ranking=r.ranking, scores=r.scores,
        actions=[(s, a.to_dict()) for s, a in game.actions],
        finished="2026-01-01T00:00:00+00:00"))
    return game


def test_last_reviews_the_human_seat_of_the_newest_game(capsys):
    _save("g1", 31)
    assert cli.main(["review", "last", "--limit", "3", "--samples", "3", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of game g1, seat 1: 3 decisions, 3 samples")
    assert "category" in out and "\nall " in out


def test_an_id_reviews_that_game_as_json(capsys):
    _save("g2", 32)
    assert cli.main(["review", "g2", "--seat", "0", "--json", "--limit", "2", "--samples", "3",
                     "--workers", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 0 and data["game"] == "game g2, seat 0"
    assert len(data["decisions"]) == 2
    d = data["decisions"][0]
    assert {"round", "category", "played", "best", "grade", "lost", "options"} <= set(d)
    assert all({"value", "interval", "win_rate", "deal_in_rate"} <= set(o) for o in d["options"])


@pytest.mark.skipif(not MJLOGS, reason="../shared/logs is not there")
def test_an_mjlog_record_is_reviewed_for_the_seat_asked(capsys):
    assert cli.main(["review", str(MJLOGS[0]), "--seat", "2", "--limit", "2", "--samples", "3",
                     "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert f"{MJLOGS[0].name}, seat 2" in out and "2 decisions" in out


@pytest.mark.skipif(not TENHOU6, reason="../shared/logs is not there")
def test_a_tenhou6_record_is_reviewed(capsys):
    code = cli.main(["review", str(TENHOU6[0]), "--limit", "1", "--samples", "3", "--json",
                     "--workers", "1"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["decisions"]) <= 1


@pytest.mark.parametrize("argv, message", [
    (["nope"], "no game 'nope' in the history and no such file"),
    (["last"], "no finished game in the history yet"),
    (["last", "--seat", "4"], "--seat 4 is not a seat: seats are 0-3"),
    (["last", "--samples", "1"], "at least 2 are needed"),
])
def test_bad_input_is_one_clear_line(capsys, argv, message):
    assert cli.main(["review", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.strip().splitlines()
    assert message in line


def test_a_file_that_is_not_a_record_is_one_clear_line(tmp_path, capsys):
    bad = tmp_path / "junk.json"
    bad.write_text("{not a record")
    assert cli.main(["review", str(bad)]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(f"error: cannot read {bad}")
    assert cli.main(["review", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_an_mjai_record_is_reviewed(tmp_path, capsys):
    from engine.records.mjai import write_mjai

    game = _save("g3", 33)
    path = tmp_path / "game.mjson"
    write_mjai(game, path)
    assert cli.main(["review", str(path), "--seat", "3", "--limit", "2", "--samples", "3",
                     "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "game.mjson, seat 3" in out and "2 decisions" in out
