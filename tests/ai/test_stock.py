"""Safe tiles kept for later (``ai.stock``, issue 16): a calm closed hand one step from tenpai
or more keeps a tile it could fold with if a riichi came, from the middle of the round on, as
the Houou players do."""

from dataclasses import replace

import pytest

from ai import make_agent, stock
from ai.defence import Opponent
from engine.rules import TENHOU
from engine.tiles import parse_kind
from tests.ai.helpers import make_view


def test_the_weight_rises_from_the_5th_discard_and_is_gone_by_the_18th():
    assert stock.weight(0) == stock.weight(5) == 0.0
    assert 0 < stock.weight(6) < stock.weight(7) < stock.weight(8)
    assert stock.weight(8) == stock.weight(12) == stock.STOCK
    assert stock.weight(12) > stock.weight(15) > stock.weight(18) == 0.0


def test_a_fold_throws_the_safest_tiles_so_only_they_cost_to_throw():
    # three opponents; 1z is in every river (safe against all), 7z in one; the rest of the hand
    # are middle tiles nobody has thrown
    opps = [Opponent(seat=s, river=river, safe=set(river))
            for s, river in ((1, [27, 33]), (2, [27]), (3, [27]))]
    counts = [0] * 34
    for k in (3, 4, 5, 12, 13, 14, 21, 22, 23, 24, 25, 27, 33, 16):
        counts[k] += 1
    dangers = stock.fold_dangers(counts, opps, [4] * 34, [])
    assert dangers[27] == 0.0  # a genbutsu against everyone
    assert 0 < dangers[33] < dangers[4]  # an honour one seat threw, a middle tile none did
    costs = stock.keep_costs(counts, dangers)
    assert min(costs.values()) == 0.0
    assert costs[27] > costs[33] > 0.0  # the fold's two safest tiles
    assert costs[4] == 0.0  # a middle tile is not among the three a fold would throw
    assert stock.fold_dangers(counts, [replace(o, riichi=True) for o in opps], [4] * 34, []) \
        == []  # a riichi out: the real danger prices the discards (ai.defence), not this


@pytest.mark.parametrize("on, thrown", [(True, "7p"), (False, "5z")])
def test_a_houou_spot_keeps_the_nearly_dead_dragon_and_throws_the_lone_7p(on, thrown):
    # a Houou spot, East 1, the 8th discard, 1-shanten: 11 34 678m 333 7p 78s + the 5z drawn.
    # The white dragon has two copies in the North seat's river (one left unseen): it can hardly
    # pair, and it is safe against North and nearly so against anyone. The player threw the
    # lone 7p and kept the dragon to fold with; without ``Style.stock`` hard threw the dragon
    v = make_view("1134678m3337p78s", "5z", seat=2, dealer=0, round_index=0,
                  rivers=("1m17p223667z", "189m99p2s137z", "15p1127s34z", "1448s1255z"),
                  dora="2m", live_tiles_left=35)
    agent = make_agent("hard", seed=1, rules=TENHOU)
    agent.style = replace(agent.style, stock=on)
    assert agent.act(v, v.legal).tile >> 2 == parse_kind(thrown)


def test_no_stock_early_in_the_round():
    # the same hand at its 3rd discard: the lone 7p and the dragon are priced for the hand alone
    v = make_view("1134678m3337p78s", "5z", seat=2, dealer=0, round_index=0,
                  rivers=("1m17z", "19m3z", "1z55z", "15z"), dora="2m", live_tiles_left=55)
    on = make_agent("hard", seed=1, rules=TENHOU)
    on.style = replace(on.style, stock=True)
    off = make_agent("hard", seed=1, rules=TENHOU)
    off.style = replace(off.style, stock=False)
    assert on.act(v, v.legal) == off.act(v, v.legal)

