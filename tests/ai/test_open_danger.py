"""benchmarks/open_danger.py: the danger model against hands without a riichi, beside the Houou
people's real waits (issue 16: the honours against a hand with calls were priced at a third of
how often they were a wait; ``ai.defence.OPEN_HONOUR_*`` since)."""

from __future__ import annotations

import pytest

from ai.defence import Opponent
from engine.tiles import parse_kind
from tests.ai.helpers import SHARED_LOGS, benchmark

bench = benchmark("open_danger")
needs_logs = pytest.mark.skipif(not (SHARED_LOGS / "mjlog").is_dir(),
                                reason="../shared/logs is not there")


@pytest.fixture(scope="module")
def rows60() -> dict[str, list[float]]:
    """The table of the first 60 real games (both tests read it; about 8 seconds)."""
    return bench.tally(60)


def test_tiles_are_sorted_by_honour_copies_and_suji():
    opp = Opponent(seat=1, river=[parse_kind("4m")], safe={parse_kind("4m")},
                   yakuhai=frozenset({28, 31, 32, 33}))
    assert bench.tile_class(parse_kind("5z"), opp, 3) == "yakuhai honour, 3 unseen"
    assert bench.tile_class(parse_kind("4z"), opp, 1) == "guest honour, 1 unseen"
    assert bench.tile_class(parse_kind("1m"), opp, 4) == "1/9 suji"  # 4m thrown
    assert bench.tile_class(parse_kind("7m"), opp, 4) == "3/7 suji"
    assert bench.tile_class(parse_kind("5m"), opp, 4) == "4-6 not suji"  # 2m and 8m live


@needs_logs
def test_the_honours_against_hands_with_calls_are_priced_as_often_as_they_were_a_wait(rows60):
    rows = rows60
    ready = rows["calls: ready"]
    assert ready[0] == sum(rows[f"calls {n}: ready"][0] for n in (1, 2, 3)) > 1000
    for who in ("guest", "yakuhai"):
        zero = rows[f"calls: {who} honour, 0 unseen"]
        assert zero[1] == zero[2] == 0  # no copy left: never a wait, never priced
        for left in (2, 3):
            n, model, real = rows[f"calls: {who} honour, {left} unseen"]
            assert n > 300 and real > 0
            # the constants were measured on all 159 games: on the first 60 within a factor 2
            assert 0.5 < model / real < 2.0, (who, left, model / n, real / n)


@needs_logs
def test_the_number_tiles_against_hands_without_riichi_are_priced_by_rank(rows60):
    # OPEN_NUMBER and SILENT_NUMBER were measured on all 159 games; the flat scale before them
    # priced the silent hands' 2/8 at 1.64 of how often they were a wait on the first 60. A
    # ready hand counts at every discard it sees: only the classes of many hands are checked
    rows = rows60
    checked = 0
    for group in ("calls", "silent closed"):
        for rank in ("1/9", "2/8", "3/7", "4-6"):
            n, model, real = rows[f"{group}: {rank} not suji"]
            if real < 60:
                continue
            checked += 1
            assert 0.75 < model / real < 1.33, (group, rank, model / n, real / n)
    assert checked >= 6


@needs_logs
def test_a_riichi_is_priced_as_often_as_its_tiles_were_a_wait(rows60):
    # the riichi rows: one riichi out, the seat facing it; NUMBER_WAITS and HONOUR_LEFT were
    # measured on these spots (bench_pushfold), so the whole is near the real share
    n, model, real = rows60["riichi: every tile"]
    assert n > 20000 and real > 2000
    assert 0.9 < model / real < 1.1
    assert rows60["riichi: guest honour, 0 unseen"][2] == 0
