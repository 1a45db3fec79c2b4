"""benchmarks/bench_riichi.py, riichi or dama beside the Houou players (issue 16): its spots are
the record's turns with a riichi legal, and each learns how the round went for its seat."""

from __future__ import annotations

import pytest

from engine.actions import Riichi
from engine.records import read_record
from tests.ai.helpers import SHARED_LOGS, benchmark


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
