"""Real games replayed through the engine (our perft): every recorded action must be legal and
every result (winners, han, fu, yaku, points, score changes, draws, tenpai, game flow, final
scores) must match the record. Known engine gaps are strict xfails naming the rule; records that
contradict themselves are pinned to the exact mismatch they produce."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from app.cli import main
from engine.errors import RulesError
from engine.events import RoundStarted
from engine.game import Game
from engine.records import Discard, RoundEnd, read_record, to_tenhou6
from engine.replay import build_wall, replay_game

LOGS = Path(__file__).resolve().parents[3] / "shared" / "logs"
MJLOGS = sorted((LOGS / "mjlog").glob("*.mjlog"))
SCENARIOS = sorted((LOGS / "scenarios").glob("*.mjlog"))
TENHOU6 = sorted((LOGS / "tenhou6").glob("*/*.json"))
SANMA = sorted((LOGS / "sanma").glob("*/*"))  # P1: 3 mjlog, 13 tenhou.net/6, 132 rounds

pytestmark = pytest.mark.skipif(not MJLOGS, reason="../shared/logs is not there")

# Engine gaps found by the replay (engine/table.py is not ours to change): strict xfails.
# (The chankan-ippatsu and double-kakan dora gaps were fixed in engine/table.py.)
KNOWN_GAPS: dict[str, str] = {}
# Hand-made call-order puzzles whose results contradict Tenhou's own bookkeeping: pinned below.
BAD_RECORDS = {"confusing_nakis_1.json", "confusing_nakis_2.json"}


def _params(paths):
    out = []
    for p in paths:
        if p.name in BAD_RECORDS:
            continue
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[p.name])] \
            if p.name in KNOWN_GAPS else []
        out.append(pytest.param(p, marks=marks, id=f"{p.parent.name}/{p.name}"))
    return out


@pytest.mark.parametrize("path", _params(MJLOGS + SCENARIOS + TENHOU6 + SANMA))
def test_recorded_game_replays_with_no_mismatch(path):
    record = read_record(path)
    report = replay_game(record, check=True)
    assert report.rounds == len(record.rounds)
    assert [str(m) for m in report.mismatches] == []


def test_self_contradicting_records_give_exactly_their_mismatch():
    # the winner's score change leaves out the riichi stick deposited in the round (Tenhou pays
    # it to the winner: +1000, as the engine does)
    r = replay_game(read_record(LOGS / "tenhou6/edge_cases/confusing_nakis_1.json"))
    assert [(m.round_number, m.turn) for m in r.mismatches] == [(0, None)]
    assert "score changes (1600, 0, -1600, 0) vs (2600, 0, -1600, 0)" in r.mismatches[0].what
    # the result names seat 1 winning from seat 0 but pays seat 2: no ron is possible
    r = replay_game(read_record(LOGS / "tenhou6/edge_cases/confusing_nakis_2.json"))
    assert len(r.mismatches) == 1 and "engine goes on" in r.mismatches[0].what


def test_wall_layout_deals_the_record_hands_and_places_draws_and_indicators():
    record = read_record(MJLOGS[0])
    for r in record.rounds[:4]:
        wall = build_wall(r)
        assert tuple(tuple(sorted(h)) for h in wall.deal(r.dealer)) == r.hands
        live = [e.tile for e in r.events if type(e).__name__ == "Draw" and not e.rinshan]
        assert list(wall.tiles[52 : 52 + len(live)]) == live
        assert wall.dora_indicator(0) == r.dora[0]
        for i, u in enumerate(r.ura):
            assert wall.ura_indicator(i) == u
    kan_round = next(r for g in map(read_record, MJLOGS[:40]) for r in g.rounds
                     if any(type(e).__name__ == "Draw" and e.rinshan for e in r.events))
    wall = build_wall(kan_round)
    rinshan = [e.tile for e in kan_round.events if type(e).__name__ == "Draw" and e.rinshan]
    assert [wall.rinshan(i) for i in range(len(rinshan))] == rinshan
    assert [wall.dora_indicator(i) for i in range(len(kan_round.dora))] == list(kan_round.dora)


def _won_round(record):
    return next(i for i, r in enumerate(record.rounds) if r.outcome.end is RoundEnd.WIN)


def test_a_changed_result_is_a_mismatch_naming_the_round():
    record = read_record(MJLOGS[0])
    i = _won_round(record)
    r = record.rounds[i]
    w = r.outcome.wins[0]
    bad = replace(w, han=w.han + 1)
    rounds = list(record.rounds)
    rounds[i] = replace(r, outcome=replace(r.outcome, wins=(bad,) + r.outcome.wins[1:]))
    report = replay_game(replace(record, rounds=tuple(rounds)))
    assert [(m.round_number, m.turn) for m in report.mismatches] == [(i, None)]
    assert f"han {w.han + 1} vs {w.han}" in report.mismatches[0].what
    assert record.source in str(report.mismatches[0])


def test_an_illegal_recorded_action_is_a_mismatch_with_its_turn_not_a_traceback():
    record = read_record(MJLOGS[0])
    r = record.rounds[2]
    k = next(k for k, e in enumerate(r.events) if isinstance(e, Discard))
    ev = r.events[k]
    hands_and_draws = set(r.hands[ev.seat])
    foreign = next(t for t in range(136) if t not in hands_and_draws and t >> 2 != ev.tile >> 2
                   and t not in {getattr(e, "tile", None) for e in r.events})
    events = r.events[:k] + (replace(ev, tile=foreign, tsumogiri=False),) + r.events[k + 1:]
    rounds = list(record.rounds)
    rounds[2] = replace(r, events=events)
    report = replay_game(replace(record, rounds=tuple(rounds)))
    assert report.mismatches[0].round_number == 2 and report.mismatches[0].turn == k
    assert "refuses" in report.mismatches[0].what
    # the rounds after it are still checked from their recorded start
    assert all(m.round_number == 2 for m in report.mismatches)


def test_check_without_results_still_replays_legality():
    report = replay_game(read_record(MJLOGS[3]), check=False)
    assert report.ok and report.rounds == len(read_record(MJLOGS[3]).rounds)


# --- the command ---------------------------------------------------------------------------


def test_cli_replays_files_and_directories(tmp_path, capsys):
    folder = tmp_path / "logs"
    folder.mkdir()
    t6 = TENHOU6[0]
    (folder / t6.name).write_bytes(t6.read_bytes())
    (folder / "notes.md").write_text("not a record", encoding="utf-8")  # skipped: not a log
    assert main(["replay", "--check", str(MJLOGS[0]), str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    rounds = len(read_record(MJLOGS[0]).rounds) + len(read_record(t6).rounds)
    assert out[-1] == f"2 games, {rounds} rounds, 0 mismatches"
    assert out[0].startswith(f"OK {MJLOGS[0]}") and out[1].startswith(f"OK {folder / t6.name}")


def test_cli_reports_unreadable_and_cut_files_and_checks_the_rest(tmp_path, capsys):
    text = MJLOGS[0].read_text(encoding="utf-8")
    cut = tmp_path / "cut.mjlog"
    cut.write_text(text[: text.index("<INIT", text.index("<INIT", text.index("<INIT") + 1) + 1)
                        + 200], encoding="utf-8")
    junk = tmp_path / "junk.json"
    junk.write_text('{"log": [', encoding="utf-8")
    rc = main(["replay", "--check", str(junk), str(cut), str(MJLOGS[1])])
    out = capsys.readouterr().out.splitlines()
    assert rc == 2
    assert out[0].startswith("UNREADABLE") and str(junk) in out[0]
    assert out[1].startswith(f"OK {cut}: 2 rounds, 0 mismatches (record incomplete: the file "
                             "is cut inside a tag after round ")
    assert out[-1].startswith("2 games, ") and out[-1].endswith("1 unreadable file")


def test_cli_exit_status_and_first_mismatch_on_a_wrong_record(tmp_path, capsys):
    record = read_record(MJLOGS[0])
    i = _won_round(record)
    r = record.rounds[i]
    w = r.outcome.wins[0]
    deltas = tuple(d + (100 if s == w.seat else -100 if s == w.from_seat else 0)
                   for s, d in enumerate(w.deltas))
    if w.tsumo:
        deltas = tuple(d + 100 if s == w.seat else d for s, d in enumerate(w.deltas))
    bad = replace(w, deltas=deltas)
    rounds = list(record.rounds)
    rounds[i] = replace(r, outcome=replace(r.outcome, wins=(bad,) + r.outcome.wins[1:]))
    path = tmp_path / "wrong.json"
    path.write_text(to_tenhou6(replace(record, rounds=tuple(rounds)), per_round=True),
                    encoding="utf-8")
    assert main(["replay", "--check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"MISMATCH {path}")
    assert out[1].startswith(f"  first: {path}: round {i} ({r.name}), result: win of seat")
    assert out[-1].endswith("mismatches") and "0 mismatches" not in out[-1]
    # --json: one object per file and a summary
    assert main(["replay", "--check", "--json", str(path)]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["file"] == str(path) and lines[0]["mismatches"][0]["round_number"] == i
    assert lines[-1]["mismatches"] >= 1 and lines[-1]["games"] == 1


def test_a_round_with_an_impossible_wall_is_reported_and_the_rounds_before_it_replayed():
    record = read_record(MJLOGS[0])
    r = record.rounds[3]
    hands = list(r.hands)
    hands[0] = (hands[1][0],) + hands[0][1:]  # one tile in two hands
    rounds = list(record.rounds)
    rounds[3] = replace(r, hands=tuple(hands))
    report = replay_game(replace(record, rounds=tuple(rounds)))
    assert report.rounds == 3
    assert [(m.round_number, m.turn) for m in report.mismatches] == [(3, None)]
    assert "bad record" in report.mismatches[0].what and "appears twice" in report.mismatches[0].what


def test_the_replay_is_a_plain_game_dealt_from_the_record_walls():
    record = read_record(MJLOGS[0])
    report = replay_game(record)
    game = report.game
    assert type(game) is Game and game.over and game.next_round is None
    starts = [e for e in game.events if isinstance(e, RoundStarted)]
    assert [(e.round_index, e.honba, e.sticks, e.scores) for e in starts] == [
        (r.index, r.honba, r.sticks, r.scores) for r in record.rounds]
    wall, last = build_wall(record.rounds[-1]), starts[-1]
    assert [sorted(h) for h in last.hands] == [sorted(h) for h in wall.deal(last.dealer)]
    with pytest.raises(RulesError, match="given walls"):  # its seed and actions do not rebuild it
        game.to_dict()


def test_a_record_that_stops_early_is_the_engine_playing_on_and_the_wanted_round_is_shown():
    record = read_record(MJLOGS[0])
    report = replay_game(replace(record, rounds=record.rounds[:2]))
    assert [m.what for m in report.mismatches] == [
        "the record ends the game here; the engine plays on"]
    third = record.rounds[2]
    assert report.game.next_round.index == third.index
    assert report.game.next_round.scores == third.scores
