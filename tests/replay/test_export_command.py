"""``riichi export GAME [--format tenhou6|mjai] [-o FILE]`` over a history and a saved game in a
temporary ``RIICHI_HOME``: what it writes reads back and replays with no mismatch; unknown ids,
missing or damaged saves give one clear message and exit status 1."""

from __future__ import annotations

import json

import pytest

from ai import make_agent
from app.cli import main
from app.storage.history import record_game
from app.storage.journal import Journal
from app.storage.paths import history_path, journal_path
from app.storage.played import record_from_events
from engine.game import Game
from engine.records import parse_record, parse_tenhou6
from engine.replay import replay_game
from engine.rules import TENHOU

RULES = TENHOU
SEATS = [{"kind": "human", "name": "Mio"}] + [{"kind": "ai", "level": "normal"}] * 3


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path))
    return tmp_path


def play(seed, stop_after=None):
    agents = [make_agent("greedy" if s % 2 else "random", seed=seed * 4 + s, rules=RULES)
              for s in range(4)]
    game = Game(RULES, seed)
    while not game.over and (stop_after is None or len(game.actions) < stop_after):
        pending = game.pending()
        seat = min(pending)
        game.submit(seat, agents[seat].act(game.view(seat), pending[seat]))
    return game


def store(game, game_id):
    record = record_from_events(game_id=game_id, rules=game.rules, seed=game.seed, seats=SEATS,
                                actions=game.actions, events=game.events,
                                started="2026-11-29T10:00:00+00:00")
    assert record_game(record)


@pytest.fixture(scope="module")
def finished():
    return play(11)


def test_a_history_game_exports_as_tenhou6_that_replays(home, finished, capsys):
    store(finished, "a1b2c3d4")
    assert main(["export", "a1b2c3d4"]) == 0
    out = capsys.readouterr().out
    raw = json.loads(out)
    assert raw["name"] == ["Mio", "AI (normal)", "AI (normal)", "AI (normal)"]
    assert raw["rule"]["disp"] == "riichi 般南喰赤"
    assert raw["sc"][0::2] == list(finished.result.points)
    back = parse_tenhou6(out, "export")
    assert back.rules == finished.rules
    report = replay_game(back, check=True)
    assert report.ok and report.rounds == sum(
        type(e).__name__ == "RoundEnded" for e in finished.events)


def test_last_a_prefix_and_an_output_file(home, finished, capsys, tmp_path):
    store(finished, "a1b2c3d4")
    target = tmp_path / "game.json"
    assert main(["export", "a1b2", "-o", str(target)]) == 0
    assert "wrote" in capsys.readouterr().err
    by_prefix = target.read_text(encoding="utf-8")
    assert main(["export", "last"]) == 0
    assert capsys.readouterr().out == by_prefix
    assert replay_game(parse_tenhou6(by_prefix)).ok


def test_mjai_format_reads_back_and_replays(home, finished, capsys):
    store(finished, "m1")
    assert main(["export", "m1", "--format", "mjai"]) == 0
    out = capsys.readouterr().out
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["type"] == "start_game" and lines[0]["names"][0] == "Mio"
    assert lines[-1] == {"type": "end_game", "scores": list(finished.result.points)}
    report = replay_game(parse_record(out.encode("utf-8"), "export.mjson"), check=True)
    assert report.ok and report.rounds > 0


def test_the_game_in_progress_exports_its_finished_rounds(home, capsys):
    game = play(5, stop_after=250)
    assert not game.over
    journal = Journal.create(None, RULES, 5, SEATS)
    for seat, action in game.actions:
        journal.append(seat, action)
    journal.close()
    assert main(["export", "current"]) == 0
    captured = capsys.readouterr()
    assert "is not written" in captured.err
    back = parse_tenhou6(captured.out)
    finished_rounds = sum(type(e).__name__ == "RoundEnded" for e in game.events)
    assert finished_rounds >= 1 and len(back.rounds) == finished_rounds
    assert replay_game(back).ok
    # mjai holds the round in play too
    assert main(["export", "current", "--format", "mjai"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sum(e["type"] == "start_kyoku" for e in events) == finished_rounds + 1


def test_a_game_in_its_first_round_has_nothing_for_tenhou6(home, capsys):
    journal = Journal.create(None, RULES, 5, SEATS)
    journal.close()
    assert main(["export", "current"]) == 1
    assert "nothing to export yet" in capsys.readouterr().err


def test_unknown_id_and_no_history_are_clear_errors(home, finished, capsys):
    assert main(["export", "nope"]) == 1
    assert "no finished games yet" in capsys.readouterr().err
    assert not history_path().exists()  # looking did not create a history
    store(finished, "a1")
    store(finished, "a2")
    assert main(["export", "zz"]) == 1
    err = capsys.readouterr().err
    assert "no finished game with id 'zz'" in err and "riichi history --json" in err
    assert main(["export", "a"]) == 1
    assert "ambiguous: a1, a2" in capsys.readouterr().err


def test_missing_and_damaged_saves_are_clear_errors(home, capsys):
    assert main(["export", "current"]) == 1
    assert "no game in progress" in capsys.readouterr().err
    journal_path().write_bytes(b'{"format": "something else"}\n')
    assert main(["export", "current"]) == 1
    err = capsys.readouterr().err
    assert "the saved game cannot be read" in err and "not a riichi journal" in err
    # a journal whose actions the engine refuses (seat 2 cannot discard first)
    journal = Journal.create(None, RULES, 5, SEATS, overwrite=True)
    journal.append(2, {"type": "discard", "tile": 0})
    journal.close()
    assert main(["export", "current"]) == 1
    err = capsys.readouterr().err
    assert "cannot be replayed" in err and "replay action 0" in err
    assert journal_path().exists()  # export never moves a save aside


def test_a_history_game_with_a_bad_action_is_a_clear_error(home, finished, capsys):
    store(finished, "bad")
    import sqlite3
    import zlib

    conn = sqlite3.connect(history_path())
    conn.execute("UPDATE games SET actions = ? WHERE id = 'bad'",
                 (zlib.compress(b'[[0, {"type": "teleport"}]]'),))
    conn.commit()
    conn.close()
    assert main(["export", "bad"]) == 1
    err = capsys.readouterr().err
    assert "game bad in the history cannot be read" in err and "teleport" in err
