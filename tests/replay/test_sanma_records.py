"""Three-player records (P1): Tenhou's mjlog (GO type 185, N tags with the nuki bit, the SHUFFLE
seed) and tenhou.net/6 三鳳南喰赤 logs read into GameRecord; engine games exported to
tenhou.net/6 and read back replay with 0 mismatches; mjai refuses three players in one line.
The 16 real games replay with 0 mismatches in tests/replay/test_replay.py."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from ai import make_agent
from engine.actions import Nuki
from engine.driver import Driver
from engine.events import Win
from engine.game import Game
from engine.records import (
    RecordError,
    compare_games,
    parse_record,
    read_record,
    record_from_game,
    to_tenhou6,
)
from engine.records.mjai import to_mjai_text
from engine.records.model import Nuki as NukiRecord
from engine.replay import replay_game, seeded_walls
from engine.rules import preset
from engine.tenhou_shuffle import rounds as tenhou_rounds
from engine.wall import SANMA_TILES

LOGS = Path(__file__).resolve().parents[3] / "shared" / "logs" / "sanma"
SANMA = sorted(LOGS.glob("*/*"))
T3 = preset("tenhou3")

needs_logs = pytest.mark.skipif(not SANMA, reason="../shared/logs/sanma is not there")


class NukiFirst:
    """The greedy agent, setting every North aside (so games hold nuki, rinshan and rons)."""

    def __init__(self, seed: int) -> None:
        self.inner = make_agent("greedy", seed=seed, rules=T3)

    def act(self, view, legal):
        return next((a for a in legal if isinstance(a, Nuki)), None) or self.inner.act(view, legal)


def _played(seed: int, rules=T3) -> Game:
    g = Game(rules, seed)
    Driver(g, {s: NukiFirst(seed * 3 + s) for s in range(3)}).run()
    return g


def test_P1_engine_games_export_to_three_player_tenhou6_and_replay_back():
    seen: Counter[str] = Counter()
    for seed in range(2):
        game = _played(seed)
        record = record_from_game(game)
        text = to_tenhou6(record)
        raw = json.loads(text)
        assert raw["rule"]["disp"] == "riichi 三般南喰赤" and raw["name"][3] == ""
        assert all(len(r[1]) == 4 and r[1][3] == 0 and r[13:16] == [[], [], []]
                   for r in raw["log"])
        back = parse_record(text.encode(), "round trip")
        assert back.rules.players == 3 and len(back.names) == 3
        assert compare_games(record, back) == []
        report = replay_game(back)
        assert [str(m) for m in report.mismatches] == [] and report.rounds == len(record.rounds)
        for r in back.rounds:
            seen.update(type(e).__name__ for e in r.events)
        seen.update("tsumo" if e.tsumo else "ron" for e in game.events if isinstance(e, Win))
    assert seen["Nuki"] and seen["Call"] and seen["tsumo"] and seen["ron"]


def test_P1_mjai_has_no_three_player_form():
    game = Game(T3, 1)
    with pytest.raises(RecordError, match="mjai has no agreed three-player form"):
        to_mjai_text(game)


def test_P1_export_command_refuses_mjai_for_three_players_in_one_line():
    from app.commands.export import ExportError, export_text

    game = _played(0)
    with pytest.raises(ExportError, match="cannot write mjai: mjai has no agreed") as err:
        export_text(game, ("a", "b", "c", "d"), "mjai")
    assert "\n" not in str(err.value)
    text, _ = export_text(game, ("a", "b", "c", "d"), "tenhou6")
    assert json.loads(text)["name"] == ["a", "b", "c", ""]


@needs_logs
def test_P1_mjlog_three_player_game_reads_norths_and_its_seed():
    record = read_record(LOGS / "mjlog" / "dnovikoff-tenhou-sanma2.mjlog")
    assert record.rules.name == "tenhou3" and record.disp == "三鳳南喰赤"
    assert len(record.names) == 3 and len(record.rounds[0].scores) == 3
    first = record.rounds[0]
    nuki = [e for e in first.events if isinstance(e, NukiRecord)]
    assert nuki and all(e.tile >> 2 == 30 for e in nuki)
    after = first.events[first.events.index(nuki[0]) + 1]
    assert after.rinshan and after.seat == nuki[0].seat  # the replacement draw
    assert record.shuffle.startswith("mt19937ar-sha512-n288-base64,")


@needs_logs
def test_P1_tenhou_seed_deals_the_recorded_walls():
    record = read_record(LOGS / "mjlog" / "mahjong-AI-sanma_sample.mjlog")
    walls = seeded_walls(record, list(record.rounds))
    assert walls is not None and len(walls) == len(record.rounds)
    yama, _ = next(tenhou_rounds(record.shuffle, 3))
    assert sorted(yama) == list(SANMA_TILES)
    first = record.rounds[0]
    assert first.dora[0] == yama[9]  # the dora indicator is yama[9]
    assert [tuple(sorted(h)) for h in walls[0].deal(first.dealer)] == list(first.hands)
    # a record whose hands the seed does not deal falls back to the record's own wall
    other = read_record(LOGS / "mjlog" / "dnovikoff-tenhou-sanma2.mjlog")
    mixed = type(record)(**{**{f: getattr(record, f) for f in record.__dataclass_fields__},
                            "shuffle": other.shuffle})
    assert seeded_walls(mixed, list(mixed.rounds)) is None
    assert replay_game(mixed).ok


@needs_logs
def test_P1_tenhou6_three_player_log_reads_f44_and_four_columns():
    path = next(p for p in SANMA if p.suffix == ".json")
    record = read_record(path)
    assert record.rules.players == 3 and record.rules.red_fives == (0, 1, 1)
    assert all(len(r.scores) == 3 and len(r.hands) == 3 for r in record.rounds)
    assert any(isinstance(e, NukiRecord) for r in record.rounds for e in r.events)
    assert record.final_scores is not None and len(record.final_scores) == 3


def test_P1_a_three_player_tenhou6_log_with_a_bad_north_is_refused():
    game = _played(1)
    raw = json.loads(to_tenhou6(record_from_game(game)))
    for r in raw["log"]:
        for s in range(3):
            disc = r[6 + 3 * s]
            if "f44" in disc:
                disc[disc.index("f44")] = "f45"
                with pytest.raises(RecordError, match="something else than one North"):
                    parse_record(json.dumps(raw).encode(), "bad")
                return
    pytest.fail("no North set aside in the sample game")
