"""Issue 16: an open hand whose only yaku is a yakuhai pair's third copy is as fast as that copy
and the rest of its steps (``ai.value.pair_ukeire``), not as every tile that improves its shape.
Counted by the whole shape, a chi that left such a hand a ready shape looked as fast as a
riichi: hard took 13.6% of the offers where a call left a yakuless ready shape with 29 tiles
or more left, the Houou people 3.0% (bench_calls)."""

from ai.observe import observe
from ai.value import routes
from engine.meld import Meld, MeldKind
from engine.tiles import TilePool, parse_kind
from tests.ai.helpers import hard, make_view

SOUTH = parse_kind("2z")


def open_hand():
    """South's 456m chi in the South round; 456p 789p, a 9p and a 7s apart and the South
    pair (a double wind: the third copy is two han)."""
    pool = TilePool()
    chi = pool.parse("456m")
    meld = Meld(MeldKind.CHI, tuple(sorted(chi)), chi[0], 0)
    view = make_view("4567899p7s22z", melds=((), (meld,), (), ()), round_index=4, pool=pool,
                     live_tiles_left=50)
    sit = observe(view)
    return sit, sit.counts[:], list(view.concealed)


def test_the_yakuhai_pair_route_names_its_pair():
    sit, counts, _ = open_hand()
    pair = [r for r in routes(counts, [((3, 4, 5), True)], False, sit.wind_han) if r.pair]
    assert [(r.name, r.pair, r.han, r.shanten) for r in pair] == [("yakuhai", SOUTH, 2.0, 1)]


def test_an_open_yakuhai_pair_hand_is_as_fast_as_its_own_steps():
    sit, counts, tiles = open_hand()
    ev, s, n = hard().evaluate(sit, counts, tiles)
    ev_shape, s_shape, n_shape = hard(pair_route=False).evaluate(sit, counts, tiles)
    assert s == s_shape == 1
    # 3p, 6p, 9p and 7s complete the rest (12), the South (2); the shape's ukeire counts
    # every draw that improves it (the 5s, 8p...) as a step of the route
    assert n == 14 and n_shape > 30
    assert ev < ev_shape


def test_a_closed_hand_keeps_its_whole_ukeire():
    # closed, the hand wins by riichi whatever comes: the pair is no bottleneck
    view = make_view("456m4567899p7s22z", round_index=4, live_tiles_left=50)
    sit = observe(view)
    args = (sit, sit.counts[:], list(view.concealed))
    assert hard().evaluate(*args, option=False) == \
        hard(pair_route=False).evaluate(*args, option=False)
