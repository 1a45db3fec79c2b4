"""mjai game records: engine games written as mjai JSON lines read back and replayed with
``--check`` (deltas, flow, final scores), and mjai.app referee logs replayed through our engine."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ai import make_agent
from engine.game import Game
from engine.records import RecordError, parse_record
from engine.records.mjai import parse_mjai, to_mjai_events, to_mjai_text
from engine.records.model import RoundEnd
from engine.replay import replay_game
from engine.rules import TENHOU

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def played(seed: int, kind: str) -> Game:
    """A finished game (shared between tests, which only read it)."""
    game = Game(seed=seed)
    agents = [make_agent(kind, seed=s, rules=TENHOU) for s in range(4)]
    while not game.over:
        seat, legal = next(iter(game.pending().items()))
        game.submit(seat, agents[seat].act(game.view(seat), legal))
    return game


@pytest.mark.parametrize("seed,kind", [(0, "random"), (11, "greedy")])
def test_engine_game_round_trips_through_mjai_and_replays_clean(seed, kind):
    game = played(seed, kind)
    text = to_mjai_text(game)
    record = parse_record(text.encode(), "game.mjson")
    assert record.complete and record.final_scores == game.result.points
    rounds = [e for e in game.events if type(e).__name__ == "RoundEnded"]
    assert len(record.rounds) == len(rounds)
    for r, e in zip(record.rounds, rounds, strict=True):
        assert r.end_scores() == e.scores
    report = replay_game(record)
    assert report.ok, [str(m) for m in report.mismatches]


def test_events_are_the_documented_mjai_shapes():
    game = played(11, "greedy")
    events = to_mjai_events(game)
    kinds = {e["type"] for e in events}
    assert {"start_game", "start_kyoku", "tsumo", "dahai", "reach", "reach_accepted", "chi",
            "pon", "ankan", "kakan", "dora", "hora", "end_kyoku", "end_game"} <= kinds
    start = next(e for e in events if e["type"] == "start_kyoku")
    assert start["bakaze"] == "E" and start["kyoku"] == 1 and start["oya"] == 0
    assert all(len(h) == 13 for h in start["tehais"])
    hora = next(e for e in events if e["type"] == "hora")
    assert sum(hora["deltas"]) >= 0 and set(hora) >= {"actor", "target", "pai", "deltas"}
    for e in events:
        if e["type"] in ("chi", "pon"):
            assert len(e["consumed"]) == 2 and e["target"] != e["actor"]


def test_a_changed_delta_is_reported():
    text = to_mjai_text(played(11, "greedy"))
    lines = text.splitlines()
    i = next(i for i, x in enumerate(lines) if '"type":"hora"' in x)
    ev = json.loads(lines[i])
    ev["deltas"] = [d + (100 if s == ev["actor"] else 0) for s, d in enumerate(ev["deltas"])]
    lines[i] = json.dumps(ev)
    report = replay_game(parse_mjai("\n".join(lines), "edited"))
    assert not report.ok
    assert any("score changes" in str(m) for m in report.mismatches)


def test_bad_records_raise_record_errors():
    with pytest.raises(RecordError):
        parse_mjai('{"type":"start_game"}\n{"type":"tsumo","actor":0,"pai":"1m"}\n')
    with pytest.raises(RecordError):
        parse_mjai('{"type":"start_game"}\nnot json\n')
    seat_view = to_mjai_text(played(3, "greedy")).replace('"tsumo","actor":1,"pai":"', '"tsumo",'
                                                           '"actor":1,"pai":"?","x":"')
    with pytest.raises(RecordError, match="hidden"):
        parse_mjai(seat_view)


def test_a_cut_record_keeps_its_last_round():
    lines = to_mjai_text(played(3, "greedy")).splitlines()
    second = [i for i, x in enumerate(lines) if '"start_kyoku"' in x][1]
    record = parse_mjai("\n".join(lines[:second + 10]), "cut")
    assert record.cut is not None and not record.complete and len(record.rounds) == 1
    assert record.cut.events and "stops inside round E2-0" in record.problem


def test_draw_kinds_are_inferred():
    record = parse_mjai(to_mjai_text(played(0, "random")), "r")
    assert any(r.outcome.end is RoundEnd.EXHAUSTIVE for r in record.rounds)


def test_replay_command_checks_an_mjai_file(tmp_path):
    path = tmp_path / "game.mjson"
    path.write_text(to_mjai_text(played(11, "greedy")))
    out = subprocess.run([sys.executable, "-m", "app", "replay", "--check", str(path)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT, check=False)
    assert out.returncode == 0, out.stdout + out.stderr


def test_referee_logs_replay_through_our_engine(tmp_path):
    """Logs written by mjai.app's referee (libriichi) with our bots playing: read as records
    and replayed by our engine, every round's deltas agree."""
    pytest.importorskip("mjai.mlibriichi.arena", reason="mjai 0.2.1 is not installed")
    from test_referee import run_match

    for seed, kind in ((201, "random"), (200, "greedy")):
        d = tmp_path / f"{kind}{seed}"
        d.mkdir()
        run_match(seed, kind, d)
        (log,) = d.glob("*.json.gz")
        record = parse_record(log.read_bytes(), log.name)  # gzip as the referee writes it
        assert len(record.rounds) >= 4
        report = replay_game(record)
        assert report.ok, [str(m) for m in report.mismatches]
