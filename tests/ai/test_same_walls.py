"""benchmarks/same_walls.py, hard and the people building a hand from the same tiles (issue 16):
each seat-round is played again on the record's wall, the others playing what they played."""

from __future__ import annotations

import pytest

from engine.actions import Chi, Discard, Kan, Pass, Pon, Riichi
from engine.tiles import kinds_to_counts, parse_kinds
from tests.ai.helpers import SHARED_LOGS, benchmark


def tsumogiri(view, legal):
    """Throw the tile just drawn (the first offer when none was drawn)."""
    if view.drawn is None:
        return legal[0]
    return next(a for a in legal if isinstance(a, Discard) and a.tile == view.drawn)


def _rounds():
    logs = sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))
    if not logs:
        pytest.skip("no real game records beside the repository")
    return list(benchmark("same_walls").rounds_of(logs[0]))


def test_the_people_replayed_follow_their_record_to_the_horizon():
    sw = benchmark("same_walls")
    plays = _rounds()
    assert len(plays) > 4
    ready = 0
    for play in plays:
        for seat in range(4):
            own = sw.horizon(play.actions, seat)
            mine = sw.throws(own, seat)
            if not mine:
                continue
            people = sw.play_seat(play.game, seat, own, len(mine), sw.recorded(mine))
            # every recorded discard was played (the draws were the record's), or the hand got
            # ready on the way
            assert people.discards == len(mine) or people.ready
            ready += people.ready
            # a hand that never changes its tiles (each draw thrown) is played to the horizon
            # too: the others' recorded actions do not depend on the seat's discards
            drawn = sw.play_seat(play.game, seat, own, len(mine), tsumogiri)
            assert drawn.discards == len(mine) or drawn.ready
    assert ready > 0


def test_the_horizon_ends_at_a_call_on_the_seat_or_by_it():
    sw = benchmark("same_walls")
    for play in _rounds():
        kept = [(s, a) for s, a in play.actions if not isinstance(a, Pass)]
        first = next((i for i, (_, a) in enumerate(kept)
                      if isinstance(a, (Chi, Pon, Kan)) and a.called is not None), None)
        if first is None:
            continue
        caller, call = kept[first]
        thrower = next(t for t, b in reversed(kept[:first]) if isinstance(b, (Discard, Riichi)))
        # the thrower's and the caller's horizons stop right before the call ...
        for seat in (thrower, caller):
            own = sw.horizon(play.actions, seat)
            assert sum(len(x) for x in own.values()) == first
        # ... a third seat's goes on: the call is played for the caller as recorded
        other = next(s for s in range(4) if s not in (thrower, caller))
        assert call in sw.horizon(play.actions, other)[caller]
        return
    pytest.skip("no call on a discard in the first record")


def test_one_kind_waits_are_named_by_their_reading():
    one_kind = benchmark("same_walls").one_kind
    named = {h: one_kind(kinds_to_counts(parse_kinds(h)))
             for h in ("123456789m13p11z", "123456789m89p11z", "123456789m123p1z")}
    assert named == {"123456789m13p11z": "kanchan", "123456789m89p11z": "penchan",
                     "123456789m123p1z": "tanki"}
