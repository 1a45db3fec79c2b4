"""benchmarks/bench_riichi.py, riichi or dama beside the Houou players (issue 16): its spots are
the record's turns with a riichi legal, and each learns how the round went for its seat."""

from __future__ import annotations

import pytest

from engine.actions import Discard, Riichi
from engine.mjai import mjai_tile
from engine.records import read_record
from tests.ai.helpers import SHARED_LOGS, benchmark, make_view, offering_riichi


def test_spots_know_who_won_and_who_dealt_in_later():
    logs = sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))
    if not logs:
        pytest.skip("no real game records beside the repository")
    record = read_record(logs[0])
    spots = list(benchmark("bench_riichi").riichi_spots(record))
    assert spots
    assert all(any(isinstance(a, Riichi) for a in legal) and played in legal
               for _v, legal, played, _o in spots)
    outcomes = [o[0] for *_, o in spots]
    assert set(outcomes) <= {"won", "dealt", ""}
    # a seat that declared riichi and won the round: its spots of that round say "won"
    won = [(v.round_index, v.honba, v.seat) for v, _l, _p, o in spots if o[0] == "won"]
    assert won
    for v, _l, _p, o in spots:
        if (v.round_index, v.honba, v.seat) in won:
            assert o[0] == "won"


def test_arena_spots_rebuild_each_seat_and_what_it_played(tmp_path):
    """The made-up arena round of test_arena_leaks: seat 1 declares riichi on its first draw and
    wins; seat 0 is ready on a 4p kanchan, stays dama on both draws and deals in."""
    from tests.ai.test_arena_leaks import write_log

    bench, arena = benchmark("bench_riichi"), benchmark("arena_spots")
    path = write_log(tmp_path)
    spots = list(arena.arena_spots(path, [1], bench.wants_riichi))
    assert len(spots) == 1
    view, legal, played, outcome = spots[0]
    assert view.seat == 1 and isinstance(played, Riichi) and played in legal
    assert mjai_tile(played.tile) == "W" and outcome == ["won"]
    dama = list(arena.arena_spots(path, [0], bench.wants_riichi))
    assert [mjai_tile(p.tile) for _v, _l, p, _o in dama] == ["N", "C"]
    assert all(not isinstance(p, Riichi) and p in legal for _v, legal, p, _o in dama)
    assert [o for *_, o in dama] == [["dealt"], ["dealt"]]
    # the other seats' hands stay hidden: seat 0 sees its own 13 tiles and its draw only
    assert len(dama[0][0].concealed) == 14


def test_a_discard_that_leaves_the_hand_not_ready_refuses_tenpai():
    """4678m 45668p 333s 99s (a Houou hand of turn 2): the 4m leaves it ready on a 7p kanchan,
    the 9s keeps it one step away; only the 9s refuses the tenpai, declared or not."""
    view = offering_riichi(make_view("4678m45668p3339s", "9s"))
    refuses = benchmark("bench_riichi").refuses
    by_kind = {mjai_tile(a.tile): a for a in view.legal if isinstance(a, Discard)}
    riichi = {mjai_tile(a.tile): a for a in view.legal if isinstance(a, Riichi)}
    assert "4m" in riichi and "9s" not in riichi
    assert refuses(by_kind["9s"], view.legal)
    assert not refuses(by_kind["4m"], view.legal)  # dama, still ready
    assert not refuses(riichi["4m"], view.legal)
