"""benchmarks/same_walls.py, hard and the people building a hand from the same tiles (issue 16):
each seat-round is played again on the record's wall, the others playing what they played."""

from __future__ import annotations

import random

import pytest

from engine.actions import Chi, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo
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


def test_the_first_parting_is_the_first_different_kind_thrown():
    sw = benchmark("same_walls")
    hand = tuple(kinds_to_counts(parse_kinds("123m456p789s1122z")))
    a = [sw.Thrown(hand, k) for k in (27, 28, 0)]
    assert sw.parting(a, [sw.Thrown(hand, k) for k in (27, 28, 5)]) == 2
    assert sw.parting(a, [sw.Thrown(hand, k) for k in (29,)]) == 0
    # one play ended before they threw differently
    assert sw.parting(a, a[:2]) is None


def test_another_tile_as_near_replaces_one_choice_only():
    sw = benchmark("same_walls")
    # the first seat-round of the record played to six discards or more
    play, seat, own = next((p, s, o) for p in _rounds() for s in range(4)
                           for o in [sw.horizon(p.actions, s)] if len(sw.throws(o, s)) >= 6)
    limit = len(sw.throws(own, seat))
    base: list = []
    sw.play_seat(play.game, seat, own, limit, sw.traced(tsumogiri, base))
    changed = 0
    for at in range(3):
        for avoid in (-1, base[at].kind):
            log: list = []
            picks: list = []
            other = sw.another_kind(avoid, random.Random(at))

            def pick(view, legal, action, other=other, picks=picks):
                picks.append(len(picks))
                return other(view, legal, action)
            sw.play_seat(play.game, seat, own, limit,
                         sw.traced(sw.swapped(tsumogiri, at, pick), log))
            assert picks == [0]  # one choice replaced, the others the chooser's own
            # the same hand up to the swap, the same hand chosen from there
            assert log[:at] == base[:at]
            assert log[at].counts == base[at].counts
            there = log[at]
            if there.kind == base[at].kind:
                # kept only when no other kind leaves the hand as near
                assert all(sw.steps_after(there.counts, k) != sw.steps_after(there.counts,
                                                                             there.kind)
                           for k in range(34) if there.counts[k] and k != there.kind)
                continue
            changed += 1
            assert there.kind != avoid
            assert sw.steps_after(there.counts, there.kind) == \
                sw.steps_after(base[at].counts, base[at].kind)
    assert changed > 0


def test_a_horizon_is_the_seats_own_where_its_win_or_call_ended_it():
    sw = benchmark("same_walls")
    seen = set()
    for play in _rounds():
        kept = [(s, a) for s, a in play.actions if not isinstance(a, Pass)]
        win = next((i for i, (_, a) in enumerate(kept) if isinstance(a, (Tsumo, Ron))), None)
        if win is None:
            continue
        for seat in range(4):
            if sum(len(x) for x in sw.horizon(play.actions, seat).values()) != win:
                continue  # its horizon ended before the win (a call by it or on it)
            # the winner's own win ended its horizon; the others' ran to another's win
            mine = kept[win][0] == seat
            assert sw.ended_by_seat(play.actions, seat) == mine
            seen.add(mine)
        for caller, call in kept[:win]:
            if isinstance(call, (Chi, Pon)):
                assert sw.ended_by_seat(play.actions, caller)  # its call ended it
    assert seen == {True, False}
