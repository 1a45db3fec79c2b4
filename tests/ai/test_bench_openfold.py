"""benchmarks/bench_openfold.py: the spots facing hands with calls (issue 16)."""

from __future__ import annotations

from ai.observe import observe
from engine.tiles import TilePool, parse_kinds
from tests.ai.helpers import benchmark, make_view, pons


def _view(pool: TilePool, calls: str, **table):
    return make_view("123m456p789s1155z", "9m", pool=pool,
                     melds=((), (), pons(pool, calls), ()), **table)


def test_the_tiles_safe_against_a_hand_with_two_calls():
    bench = benchmark("bench_openfold")
    pool = TilePool()
    view = _view(pool, "777z 222p", rivers=("", "", "1z9s", ""))
    assert bench.facing_calls(observe(view)) == frozenset(parse_kinds("1z9s"))


def test_no_spot_with_one_call_a_riichi_out_or_no_safe_tile_held():
    bench = benchmark("bench_openfold")
    pool = TilePool()
    one = _view(pool, "777z", rivers=("", "", "1z9s", ""))
    assert bench.facing_calls(observe(one)) is None
    pool = TilePool()
    riichi = _view(pool, "777z 222p", rivers=("3z", "", "1z9s", ""),
                   riichi=(True, False, False, False), riichi_at={0: 0})
    assert bench.facing_calls(observe(riichi)) is None
    pool = TilePool()
    none_held = _view(pool, "777z 222p", rivers=("", "", "3z4z", ""))
    assert bench.facing_calls(observe(none_held)) is None
