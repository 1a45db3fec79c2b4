"""benchmarks/riichi_outcomes.py, the people's rounds where a knob changes the AI's riichi answer
(issue 16): a hand's points are its seat's score change over the round, the riichi stick paid and
the sticks collected in it."""

from __future__ import annotations

import pytest

from engine.records import read_record
from tests.ai.helpers import SHARED_LOGS, benchmark


def test_round_points_follow_the_score_chain_and_sum_to_the_sticks():
    logs = sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))
    if not logs:
        pytest.skip("no real game records beside the repository")
    record = read_record(logs[0])
    points = benchmark("riichi_outcomes").round_points
    for now, after in zip(record.rounds, record.rounds[1:], strict=False):
        moved = [points(record, now.index, now.honba, s) for s in range(4)]
        assert [a + m for a, m in zip(now.scores, moved, strict=True)] == list(after.scores)
        # what the seats lost and won together: the sticks left on the table or taken from it
        assert sum(moved) == -1000 * (after.sticks - now.sticks)
    with pytest.raises(LookupError):
        points(record, 15, 9, 0)
