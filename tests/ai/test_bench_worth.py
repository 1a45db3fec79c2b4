"""benchmarks/bench_worth.py: the worth the chain gives a hand beside what people won (issue 16)."""

from __future__ import annotations

import dataclasses

import pytest

from ai import make_agent
from engine.records import read_record
from engine.rules import TENHOU
from tests.ai.helpers import SHARED_LOGS, benchmark

bench = benchmark("bench_worth")


def test_each_priced_turn_is_a_row_said_and_what_the_round_paid():
    logs = sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))
    if not logs:
        pytest.skip("no real game records beside the repository")
    record = read_record(logs[0])
    agent = make_agent("hard", seed=1, rules=TENHOU)
    agent.style = dataclasses.replace(agent.style, keiten=False)
    rows = bench.priced_turns(record, agent)
    assert rows
    assert {k[0] for k, _s, _w in rows} <= {"calm", "riichi out"}
    assert {k[1] for k, _s, _w in rows} <= {"closed", "open"}
    assert {k[2] for k, _s, _w in rows} <= {0, 1, 2, 3}
    assert all(said >= 0 for _k, said, _w in rows)
    # a round the seat won pays its points and the win bonus on each of its turns, else nothing
    paid = [won for _k, _s, won in rows if won]
    assert paid and all(won > 1000 for won in paid)  # 1,000 points at least, and the bonus
    assert len(paid) < len(rows)
