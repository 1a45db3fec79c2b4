"""The history database: records, statistics, migrations, bad files, two processes at once."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from app.storage import history as H
from app.storage import paths
from app.storage import played as P

ROOT = Path(__file__).resolve().parents[2]
HUMAN = {"kind": "human", "name": "You"}
SEATS = [HUMAN, {"kind": "ai", "name": "A"}, {"kind": "ai", "name": "B"},
         {"kind": "ai", "name": "C"}]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("RIICHI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def game(gid: str, ranking=(0, 1, 2, 3), finished="2026-01-01T00:00:00+00:00",
         rounds=()) -> H.PlayedGame:
    points = [0, 0, 0, 0]
    for place, seat in enumerate(ranking):
        points[seat] = 40000 - 10000 * place
    return H.PlayedGame(
        game_id=gid,
        rules={"name": "tenhou", "length": "hanchan"},
        seed=2**70 + 1,  # seeds of any size
        seats=SEATS,
        points=tuple(points),
        ranking=tuple(ranking),
        scores=tuple((p - 30000) / 1000 for p in points),
        rounds=tuple(rounds),
        actions=[(0, {"type": "discard", "tile": 5}), (1, {"type": "pass"})],
        started="2025-12-31T23:00:00+00:00",
        finished=finished,
        meta={"note": "ü"},
    )


R_WIN = H.PlayedRound(0, 0, "ron", (7700, -7700, 0, 0),
                      (H.PlayedWin(0, 1, 3, 30, 7700, ("riichi", "pinfu", "dora")),), riichi=(0,))
R_DEAL_IN = H.PlayedRound(1, 0, "ron", (-3900, 0, 3900, 0),
                          (H.PlayedWin(2, 0, 2, 30, 3900, ("tanyao", "dora")),), called=(0, 2))
R_TSUMO = H.PlayedRound(2, 1, "tsumo", (8000, -4000, -2000, -2000),
                        (H.PlayedWin(0, 0, 4, 30, 7900, ("riichi", "menzen tsumo", "pinfu",
                                                          "ura dora")),), riichi=(0, 3))
R_DRAW = H.PlayedRound(3, 2, "exhaustive", (1500, 1500, -1500, -1500))
R_DOUBLE = H.PlayedRound(4, 0, "ron", (1000, 2000, -3000, 0),
                         (H.PlayedWin(0, 2, 1, 30, 1000, ("yakuhai: haku",)),
                          H.PlayedWin(1, 2, 1, 40, 2000, ("tanyao",))))


def test_record_get_list_round_trip(home):
    g = game("g1", rounds=[R_WIN, R_DOUBLE])
    with H.History.open() as h:
        assert h.available and h.warnings == []
        assert h.record_game(g)
        assert not h.record_game(g)  # idempotent on the game id
        assert h.get_game("g1") == g
        assert h.get_game("nope") is None
    assert paths.history_path() == home / "data" / "history.sqlite3"
    [s] = H.list_games()
    assert (s.game_id, s.player_seat, s.placement, s.player_points, s.rounds_played) == (
        "g1", 0, 1, 40000, 2)
    assert s.to_dict()["rules"] == "tenhou"
    con = sqlite3.connect(paths.history_path())
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA user_version").fetchone()[0] == H.SCHEMA_VERSION


def test_list_is_newest_first_and_limited():
    for i in range(5):
        H.record_game(game(f"g{i}", finished=f"2026-01-0{i + 1}T00:00:00+00:00"))
    assert [s.game_id for s in H.list_games(3)] == ["g4", "g3", "g2"]
    assert len(H.list_games(None)) == 5


def test_statistics_for_the_human_seat():
    H.record_game(game("a", (0, 1, 2, 3), "2026-01-01", [R_WIN, R_DEAL_IN, R_TSUMO, R_DRAW]))
    H.record_game(game("b", (1, 2, 3, 0), "2026-01-02", [R_DOUBLE]))
    H.record_game(game("c", (2, 0, 1, 3), "2026-01-03", []))
    st = H.statistics()
    assert st.games == 3 and st.rounds == 5
    assert st.placements == (1, 1, 0, 1) and st.average_placement == pytest.approx(7 / 3)
    assert st.recent_placements == [1, 4, 2]
    assert st.win_rate == pytest.approx(3 / 5)  # R_WIN, R_TSUMO, R_DOUBLE
    assert st.deal_in_rate == pytest.approx(1 / 5)
    assert st.riichi_rate == pytest.approx(2 / 5) and st.call_rate == pytest.approx(1 / 5)
    assert (st.tsumo_wins, st.ron_wins, st.deal_ins) == (1, 2, 1)
    assert st.average_win_points == pytest.approx((7700 + 7900 + 1000) / 3)
    assert st.average_deal_in_points == 3900
    assert st.yaku_counts == {"pinfu": 2, "riichi": 2, "menzen tsumo": 1, "yakuhai: haku": 1}
    assert H.statistics(recent=2).recent_placements == [4, 2]
    ai = H.statistics("ai")
    # deal-ins of AI seats: seat 1 paid R_WIN in game a, seat 2 paid both wins of R_DOUBLE in b
    assert ai.games == 9 and ai.rounds == 15 and ai.deal_ins == 3
    assert H.statistics("nobody") == H.Statistics()


def test_empty_history():
    assert H.list_games() == [] and H.statistics().games == 0 and H.statistics().win_rate is None


def test_record_from_engine_events():
    E = pytest.importorskip("engine.events")
    result = SimpleNamespace(han=3, fu=30, total=3900,
                             yaku=(SimpleNamespace(name="riichi", han=1),
                                   SimpleNamespace(name="dora", han=2)))
    evs = [
        E.RoundStarted(0, 27, 0, 0, 0, (25000,) * 4, (5,), ((),) * 4, (1, 2)),
        E.RiichiAccepted(0, (24000, 25000, 25000, 25000), 1),
        E.Win(0, 1, 4, (), (), result, (), (4900, -3900, 0, 0)),
        E.RoundEnded((4900, -3900, 0, 0), (29900, 21100, 25000, 25000), 1, 0, True),
        E.RoundStarted(0, 27, 0, 1, 0, (29900, 21100, 25000, 25000), (5,), ((),) * 4, (1, 2)),
        E.RoundDrawn(E.DrawKind.NINE_TERMINALS, (0, 0, 0, 0)),
        E.RoundEnded((0, 0, 0, 0), (29900, 21100, 25000, 25000), 2, 0, True),
        E.GameEnded(E.GameResult((29900, 21100, 25000, 25000), (0, 2, 3, 1),
                                 (49.9, -8.9, -5.0, -25.0), 0), "bust"),
    ]
    rec = P.record_from_events(game_id="x", rules={"name": "tenhou", "length": "hanchan"}, seed=1,
                               seats=SEATS, actions=[(0, {"type": "pass"})], events=evs)
    assert rec.ranking == (0, 2, 3, 1) and rec.points[0] == 29900
    assert rec.rounds == (
        H.PlayedRound(0, 0, "ron", (4900, -3900, 0, 0),
                      (H.PlayedWin(0, 1, 3, 30, 3900, ("riichi", "dora")),), riichi=(0,)),
        H.PlayedRound(0, 1, "kyuushu", (0, 0, 0, 0)),
    )
    with pytest.raises(ValueError):
        P.record_from_events(game_id="x", rules={}, seed=1, seats=SEATS, actions=[],
                             events=evs[:-1])


def _fill(n: int = 30) -> Path:
    with H.History.open() as h:
        for i in range(n):
            h.record_game(game(f"g{i}", rounds=[R_WIN, R_DEAL_IN] * 5))
    return paths.history_path()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "zeroed-middle"])
def test_damaged_database_is_moved_aside_and_restarted(damage):
    path = _fill()
    data = path.read_bytes()
    if damage == "garbage":
        bad = b"this is not a database at all" * 100
    elif damage == "truncated":
        bad = data[: len(data) // 2]
    else:
        mid = len(data) // 2
        bad = data[:4096] + b"\x17" * (mid - 4096) + data[mid:]
    path.write_bytes(bad)
    h = H.History.open()
    assert h.available
    assert len(h.warnings) == 1 and "moved to" in h.warnings[0], h.warnings
    assert path.with_name(path.name + ".bad").read_bytes() == bad
    assert h.list_games() == []
    assert h.record_game(game("new"))
    h.close()
    assert [s.game_id for s in H.list_games()] == ["new"]


def test_damage_found_while_recording_recovers_and_still_records():
    """The file is clobbered while the session has it open: the damage shows up in
    record_game, and the finished game must still be recorded, in a new database."""
    path = _fill(3)
    h = H.History.open()
    assert h.warnings == []
    path.write_bytes(b"\x00garbage" * 2000)
    assert h.record_game(game("after"))
    assert len(h.warnings) == 1 and "damaged" in h.warnings[0]
    assert [s.game_id for s in h.list_games()] == ["after"]
    h.close()
    assert path.with_name(path.name + ".bad").exists()
    assert H.get_game("after") is not None


def test_damage_without_quick_check_is_found_on_open():
    path = _fill(3)
    path.write_bytes(b"\x00garbage" * 2000)
    h = H.History.open(check=False)
    assert h.available and "damaged" in h.warnings[0]
    h.close()


def test_newer_database_is_left_alone():
    path = _fill(1)
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {H.SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    h = H.History.open()
    assert not h.available and "newer riichi" in h.warnings[0]
    assert h.list_games() == [] and not h.record_game(game("z"))
    h.close()
    assert not list(path.parent.glob("*.bad"))
    con = sqlite3.connect(path)
    assert con.execute("SELECT count(*) FROM games").fetchone()[0] == 1


def test_migration_hook_upgrades_and_keeps_data(monkeypatch):
    _fill(2)

    def v_next(conn):  # a migration after today's last one
        conn.execute("ALTER TABLE games ADD COLUMN starred INTEGER NOT NULL DEFAULT 0")

    after = H.SCHEMA_VERSION + 1
    monkeypatch.setattr(H, "MIGRATIONS", [*H.MIGRATIONS, v_next])
    monkeypatch.setattr(H, "SCHEMA_VERSION", after)
    with H.History.open() as h:
        assert h.warnings == [] and len(h.list_games()) == 2
    con = sqlite3.connect(paths.history_path())
    assert con.execute("PRAGMA user_version").fetchone()[0] == after
    assert con.execute("SELECT sum(starred) FROM games").fetchone()[0] == 0


RECORDER = """
    import sys
    from app.storage import history as H
    sys.path.insert(0, {tests!r})
    from test_storage_history import game, R_WIN, R_DRAW
    tag = sys.argv[1]
    for i in range(25):
        assert H.record_game(game(f"{{tag}}-{{i}}", rounds=[R_WIN, R_DRAW]))
        H.statistics()
    print("done", flush=True)
"""


def test_two_processes_recording_at_once(home):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    code = textwrap.dedent(RECORDER.format(tests=str(Path(__file__).parent)))
    H.History.open().close()  # both children find the schema in place or race to create it
    children = [
        subprocess.Popen([sys.executable, "-c", code, tag], cwd=ROOT, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for tag in ("p", "q")
    ]
    for c in children:
        out, err = c.communicate(timeout=60)
        assert c.returncode == 0 and out.strip() == "done", err
    assert len(H.list_games(None)) == 50
    assert H.statistics().rounds == 100
    con = sqlite3.connect(paths.history_path())
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert json.loads(con.execute("SELECT seats FROM games LIMIT 1").fetchone()[0]) == SEATS


def test_history_command_text_and_json(capsys):
    from app.cli import main

    assert main(["history"]) == 0
    assert "No finished games yet." in capsys.readouterr().out
    H.record_game(game("a", (0, 1, 2, 3), "2026-01-01T10:00:00+00:00", [R_WIN]))
    H.record_game(game("b", (1, 2, 3, 0), "2026-01-02T11:30:00+00:00", [R_DEAL_IN]))
    assert main(["history", "--stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["2026-01-02", "11:30", "tenhou", "hanchan", "4th", "10000", "-20.0"]
    assert lines[2].split() == ["2026-01-01", "10:00", "tenhou", "hanchan", "1st", "40000", "+10.0"]
    assert any("win 50.0%" in line for line in lines)
    assert main(["history", "--json", "-n", "1", "--stats"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [g["id"] for g in out["games"]] == ["b"] and out["games"][0]["placement"] == 4
    assert out["statistics"]["games"] == 2 and out["warnings"] == []


def test_history_command_reports_a_damaged_database(capsys):
    from app.cli import main

    paths.history_path().write_bytes(b"not a database" * 50)
    assert main(["history", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == [] and "moved to" in out["warnings"][0]
