"""Readers and writer of game records (engine.records): every real log in ../shared/logs parses,
the two formats of one game agree, the recorded scores chain up, and tenhou.net/6 export reads
back identically. Broken files give a RecordError that says what is wrong."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from engine.errors import RulesError
from engine.meld import MeldKind
from engine.records import (
    Call,
    Discard,
    Draw,
    RecordError,
    RoundEnd,
    check_bookkeeping,
    compare_games,
    parse_mjlog,
    parse_record,
    parse_tenhou6,
    read_mjlog,
    read_record,
    read_tenhou6,
    tile_code,
    to_tenhou6,
)
from engine.records.mjlog import decode_meld

LOGS = Path(__file__).resolve().parents[3] / "shared" / "logs"
MJLOGS = sorted((LOGS / "mjlog").glob("*.mjlog"))
SCENARIOS = sorted((LOGS / "scenarios").glob("*.mjlog"))
TENHOU6 = sorted((LOGS / "tenhou6").glob("*/*.json"))

pytestmark = pytest.mark.skipif(not MJLOGS, reason="../shared/logs is not there")


@pytest.fixture(scope="module")
def mjlog_games():
    return [read_mjlog(p) for p in MJLOGS]


def test_all_mjlog_games_parse_complete_with_the_corpus_counts(mjlog_games):
    # README: 159 games, 1,664 rounds, 1,399 wins
    assert len(mjlog_games) == 159
    assert all(g.complete and g.cut is None and g.final_scores for g in mjlog_games)
    assert sum(len(g.rounds) for g in mjlog_games) == 1664
    wins = [w for g in mjlog_games for r in g.rounds for w in r.outcome.wins]
    assert len(wins) == 1399
    # double rons: two wins in one round; 1,389 won rounds + 10 double rons = 1,399 wins
    ends = Counter(r.outcome.end for g in mjlog_games for r in g.rounds)
    assert ends[RoundEnd.WIN] == 1389
    assert sum(1 for g in mjlog_games for r in g.rounds if len(r.outcome.wins) == 2) == 10
    # the draws of this corpus (pinned; RYUUKYOKU types counted by grep agree)
    assert ends[RoundEnd.EXHAUSTIVE] == 255 and ends[RoundEnd.NINE_TERMINALS] == 12
    assert ends[RoundEnd.NAGASHI_MANGAN] == 3 and ends[RoundEnd.FOUR_WINDS] == 3
    assert ends[RoundEnd.FOUR_KANS] == 1 and ends[RoundEnd.FOUR_RIICHI] == 1
    melds = Counter(
        e.meld.kind for g in mjlog_games for r in g.rounds for e in r.events if isinstance(e, Call)
    )
    assert sum(melds.values()) == 1867 + 1244 + 86 + 54 + 9  # every <N> tag of the corpus
    assert melds[MeldKind.DAIMINKAN] == 9 and melds[MeldKind.KAKAN] == 54


def test_mjlog_tiles_are_conserved_in_every_round(mjlog_games):
    for g in mjlog_games:
        for r in g.rounds:
            seen = [t for h in r.hands for t in h] + list(r.dora) + list(r.ura)
            seen += [e.tile for e in r.events if isinstance(e, Draw)]
            assert len(seen) == len(set(seen)), (g.source, r.name)
            assert all(0 <= t < 136 for t in seen)


def test_mjlog_rinshan_draws_follow_kans_and_tsumogiri_matches_the_draw(mjlog_games):
    for g in mjlog_games:
        for r in g.rounds:
            for prev, ev in zip(r.events, r.events[1:], strict=False):
                if isinstance(ev, Draw) and ev.rinshan:
                    assert isinstance(prev, Call) and prev.meld.is_kan and prev.seat == ev.seat
                if isinstance(ev, Discard) and ev.tsumogiri:
                    assert isinstance(prev, Draw) and prev.tile == ev.tile


@pytest.mark.parametrize("path", MJLOGS + SCENARIOS + TENHOU6, ids=lambda p: p.name)
def test_recorded_scores_chain_round_to_round_and_to_the_final_scores(path):
    game = read_record(path)
    assert check_bookkeeping(game) == []


def test_scenarios_parse_and_cut_rounds_are_reported():
    games = [read_mjlog(p) for p in SCENARIOS]
    assert len(games) == 85
    cut = [g for g in games if g.cut is not None]
    assert len(cut) == 52  # files whose last tag is not <AGARI> or <RYUUKYOKU>
    for g in cut:
        assert g.cut.outcome is None
        assert f"round {g.cut.name} is cut short" in g.problem
    # games that stop after a complete round are incomplete too, but have no cut round
    ended_early = [g for g in games if g.cut is None and not g.complete]
    assert ended_early and all("no owari" in g.problem for g in ended_early)
    assert sum(len(g.rounds) for g in games) > 0


def test_all_tenhou6_files_parse():
    games = [read_tenhou6(p) for p in TENHOU6]
    assert len(games) == 53
    assert all(g.rounds and g.complete for g in games)
    # ranked_game.json carries the final scores
    ranked = read_tenhou6(LOGS / "tenhou6/edge_cases/ranked_game.json")
    assert ranked.final_scores == (21100, 55000, -4900, 28800)


def _twin(path: Path) -> Path | None:
    stem = path.name.split("__")[0].removeprefix("test1")
    found = sorted((LOGS / "mjlog").glob(stem + "*.mjlog")) + sorted(
        (LOGS / "scenarios").glob(stem + ".mjlog")
    )
    return found[0] if found else None


PAIRS = [(p, _twin(p)) for p in TENHOU6 if _twin(p) is not None]


def test_the_pairs_of_one_game_are_all_found():
    assert len([p for p, _ in PAIRS if p.parent.name == "games"]) == 33


@pytest.mark.parametrize("t6,mj", PAIRS, ids=lambda p: p.name)
def test_mjlog_and_tenhou6_copies_agree_round_by_round(t6, mj):
    a, b = read_mjlog(mj), read_tenhou6(t6)
    if t6.name.startswith("first-example"):
        # a one-round excerpt of the scenario game
        a = a.__class__(a.rules, a.names, a.rounds[: len(b.rounds)], a.disp)
    assert compare_games(a, b) == []
    assert len(a.rounds) == len(b.rounds)


def test_comparison_sees_a_changed_discard_a_changed_yaku_and_a_missing_round():
    from dataclasses import replace

    game = read_mjlog(MJLOGS[0])
    r0 = game.rounds[0]
    i = next(i for i, e in enumerate(r0.events) if isinstance(e, Discard))
    ev = r0.events[i]
    other = next(t for t in range(136) if t >> 2 != ev.tile >> 2)
    events = r0.events[:i] + (replace(ev, tile=other),) + r0.events[i + 1 :]
    changed = replace(game, rounds=(replace(r0, events=events),) + game.rounds[1:])
    assert any(f"event {i}:" in d for d in compare_games(game, changed))
    won = next(r for r in game.rounds if r.outcome.wins)
    w = won.outcome.wins[0]
    w2 = replace(w, yaku=w.yaku[:-1] + ((w.yaku[-1][0] + 1, w.yaku[-1][1]),))
    rounds = tuple(replace(r, outcome=replace(r.outcome, wins=(w2,) + r.outcome.wins[1:]))
                   if r is won else r for r in game.rounds)
    assert any("yaku" in d for d in compare_games(game, replace(game, rounds=rounds)))
    assert "9 vs 8 rounds" in compare_games(game, replace(game, rounds=game.rounds[:8]))[0] or (
        len(game.rounds) != 9
    )


@pytest.mark.parametrize("path", TENHOU6, ids=lambda p: p.name)
@pytest.mark.parametrize("per_round", [False, True], ids=["one-object", "per-line"])
def test_tenhou6_export_reads_back_identically(path, per_round):
    game = read_tenhou6(path)
    back = parse_tenhou6(to_tenhou6(game, per_round=per_round), "back")
    if per_round:  # the per-line variant has no place for the final scores
        assert back.rounds == game.rounds and back.rules == game.rules
    else:
        assert back == game


def test_mjlog_games_export_to_tenhou6_and_read_back_the_same(mjlog_games):
    for game in mjlog_games:
        back = parse_tenhou6(to_tenhou6(game), "back")
        assert compare_games(game, back) == [], game.source
        assert back == parse_tenhou6(to_tenhou6(back), "again")


def test_decode_meld_bit_layout():
    # the mjlog/tenhou6 agreement test checks every call of the corpus; here each kind's bits.
    chi = decode_meld(0x4 | 3 | ((1 * 7 + 1) * 3 + 0) << 10, 1)  # 234p (base 2p), called 2p
    assert chi.kind is MeldKind.CHI and chi.source == 3
    assert [t >> 2 for t in chi.tiles] == [10, 11, 12] and chi.called >> 2 == 10
    pon = decode_meld(0x8 | 2 | (31 * 3 + 1) << 9 | 0 << 5, 0)  # haku, called the 2nd
    assert pon.kind is MeldKind.PON and pon.tiles == (125, 126, 127) and pon.called == 126
    kakan = decode_meld(0x10 | 1 | (4 * 3) << 9 | 0 << 5, 2)
    assert kakan.kind is MeldKind.KAKAN and kakan.added == 16 and kakan.tiles == (16, 17, 18, 19)
    ankan = decode_meld(108 << 8, 0)
    assert ankan.kind is MeldKind.ANKAN and ankan.tiles == (108, 109, 110, 111)
    kan = decode_meld(109 << 8 | 3, 0)
    assert kan.kind is MeldKind.DAIMINKAN and kan.called == 109 and kan.source == 3


def test_tile_codes():
    assert [tile_code(t) for t in (0, 16, 17, 52, 88, 89, 108, 135)] == [11, 51, 15, 52, 53, 35,
                                                                        41, 47]
    assert tile_code(16, (0, 0, 0)) == 15


# --- broken and truncated files ------------------------------------------------------------


def test_mjlog_cut_in_the_middle_keeps_its_complete_rounds(tmp_path):
    text = MJLOGS[0].read_text(encoding="utf-8")
    full = parse_mjlog(text)
    inits = [i for i in range(len(text)) if text.startswith("<INIT", i)]
    cut_at = inits[3] + (inits[4] - inits[3]) // 2  # in the middle of the 4th round, mid-tag
    path = tmp_path / "cut.mjlog"
    path.write_text(text[:cut_at], encoding="utf-8")
    game = read_record(path)
    assert game.rounds == full.rounds[:3]
    assert not game.complete and game.cut is not None
    assert f"round {full.rounds[3].name} is cut short" in game.problem
    assert check_bookkeeping(game) == []
    # the same, gzipped and cut
    gz = tmp_path / "cut.mjlog.gz"
    gz.write_bytes(gzip.compress(text.encode())[: len(gzip.compress(text.encode())) // 2])
    game = read_record(gz)
    assert 0 < len(game.rounds) < len(full.rounds) and not game.complete


def test_gzip_mjlog_reads_like_plain(tmp_path):
    path = tmp_path / "g.mjlog.gz"
    path.write_bytes(gzip.compress(MJLOGS[1].read_bytes()))
    assert read_record(path) == read_mjlog(MJLOGS[1])


@pytest.mark.parametrize(
    "content,message",
    [
        (b"", "empty file"),
        (b"hello world", "neither a Tenhou mjlog nor tenhou.net/6"),
        (b"<html><body>nope</body></html>", "not a Tenhou mjlog"),
        (b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>', "no round"),
        (b'<mjloggm ver="2.3"><INIT seed="0,0,0,1,2,3" ten="250,250,250,250" oya="0" '
         b'hai0="1,2" hai1="" hai2="" hai3=""/>', "13"),
        (b'<mjloggm ver="2.3"><GO type="185"/><INIT seed="0,0,0,1,2,3" ten="350,350,350,0" '
         b'oya="0" hai0="4,5,6,7,32,33,34,35,36,37,38,39,40" hai1="" hai2="" hai3=""/>',
         "three-player game has no 2m-8m"),
        (b"\x1f\x8b\x08\x00garbage", "gzip"),
        (b'{"log": [[1, 2, 3]]}', "17 entries"),
        (b'{"name": ["a"]}', "no object with a 'log' list"),
        (b'{"log": []\n{broken', "not JSON"),
    ],
)
def test_broken_records_raise_record_error(tmp_path, content, message):
    path = tmp_path / "bad.log"
    path.write_bytes(content)
    with pytest.raises(RecordError, match=message) as err:
        read_record(path)
    assert isinstance(err.value, RulesError) and str(path) in str(err.value)


def test_tenhou6_lists_that_do_not_fit_together_are_refused():
    raw = json.loads((LOGS / "tenhou6/edge_cases/chankan.json").read_text(encoding="utf-8"))
    raw["log"][0][6].append(11)  # seat 0 discards one tile more than it ever held turns for
    with pytest.raises(RecordError, match="cannot rebuild the order of play"):
        parse_tenhou6(json.dumps(raw), "extra")
    raw = json.loads((LOGS / "tenhou6/edge_cases/chankan.json").read_text(encoding="utf-8"))
    raw["log"][0][16] = ["和了", [0, 0, 0, 0], [2, 3, 2, "八符1000点"]]
    with pytest.raises(RecordError, match="cannot read the points"):
        parse_tenhou6(json.dumps(raw), "points")


def test_unreadable_path(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / "missing.mjlog")


def test_parse_record_tells_formats_apart():
    assert parse_record(MJLOGS[0].read_bytes()).rounds == read_mjlog(MJLOGS[0]).rounds
    assert parse_record(TENHOU6[0].read_bytes()).rounds == read_tenhou6(TENHOU6[0]).rounds
