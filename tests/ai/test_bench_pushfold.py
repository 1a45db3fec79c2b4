"""benchmarks/bench_pushfold.py --arena: push or fold in the outside arena's mjai logs (issue 16),
on the made-up round of test_arena_leaks."""

from __future__ import annotations

from engine.actions import Discard
from engine.mjai import mjai_tile
from engine.tiles import parse_kind
from tests.ai.helpers import benchmark
from tests.ai.test_arena_leaks import HANDS, write_log


def test_arena_spots_face_a_riichi_with_a_genbutsu_held_and_know_its_waits(tmp_path):
    """Seat 1 declares riichi on a West (its 111m 234p 678s EE SS waits on E and S); seat 0
    holds another West, a genbutsu, and throws a 5p on its next turn: a push, not a deal-in."""
    bench = benchmark("bench_pushfold")
    hands = [list(h) for h in HANDS]
    hands[0][1] = "W"
    path = write_log(tmp_path, hands, last="5p")
    assert bench.arena_waits(path) == {(0, 0, 1): frozenset({parse_kind("1z"), parse_kind("2z")})}
    (spots, _agent), = bench.arena_games([str(tmp_path)], "hero", "hard", "balanced")
    (spot,) = list(spots)
    assert spot.view.seat == 0 and isinstance(spot.played, Discard)
    assert mjai_tile(spot.played.tile) == "5p" and spot.outcome == ["dealt"]
    assert spot.safe == frozenset({parse_kind("3z")})
    assert bench.pushes(spot.played, spot.safe)
    assert not bench.deals_in(spot.played, spot.waits)
    assert spot.waits == frozenset({parse_kind("1z"), parse_kind("2z")})
    # seats 2 and 3 draw a West after the riichi and throw it: folds; the riichi seat's own
    # turns are no spots
    (spots, _agent), = bench.arena_games([str(tmp_path)], "bots", "hard", "balanced")
    folds = list(spots)
    assert [sp.view.seat for sp in folds] == [2, 3]
    assert all(not bench.pushes(sp.played, sp.safe) for sp in folds)


def test_the_standing_of_a_spot_is_first_last_or_between_from_east_3_to_south_3():
    from tests.ai.helpers import make_view

    bench = benchmark("bench_pushfold")

    def place(scores, round_index=4):
        return bench.standing(make_view("123m456p789s1122z", seat=1, scores=scores,
                                        round_index=round_index))

    assert place((20000, 35000, 25000, 20000)) == "first +8k"
    assert place((20000, 30000, 25000, 25000)) == "first"
    assert place((30000, 12000, 30000, 28000)) == "last -8k"
    assert place((30000, 24000, 25000, 21000)) == "between"
    assert place((30000, 24000, 25000, 26000)) == "last"
    assert place((20000, 35000, 25000, 20000), round_index=1) is None  # too early
    assert place((20000, 35000, 25000, 20000), round_index=7) is None  # the all-last
