"""Calm discards set beside the Houou players' (benchmarks/bench_discards.py, issue 16): among
discards worth the same, the one that connects with the fewest unseen tiles goes
(``ai.player.reach``: the order of the kinds had thrown middle tiles before lone honours, where
the players do the opposite); a step back from the fastest keeps ``SHANTEN_BACK`` of its attack."""

from ai import make_agent, player
from ai.player import reach
from engine.rules import TENHOU
from engine.tiles import parse_kind
from tests.ai.helpers import make_view


def test_reach_counts_the_tiles_that_pair_or_make_a_run_shape():
    unseen = [4] * 34
    assert reach(parse_kind("5m"), unseen) == 20  # 3m..7m
    assert reach(parse_kind("1m"), unseen) == 12  # 1m 2m 3m
    assert reach(parse_kind("9p"), unseen) == 12
    assert reach(parse_kind("5z"), unseen) == 4  # only its own copies
    unseen[parse_kind("5z")] = 1
    assert reach(parse_kind("5z"), unseen) == 1


def test_hard_throws_a_lone_honour_before_a_middle_tile_beside_the_dora():
    # 2-shanten (12p 67p 23s 678s 22z) with a lone 5m, 4z and 5z, the dora 6m: throwing any of
    # the three leaves the hand as fast and as valuable by hard's reckoning; the 5m still makes
    # a run shape with 3m..7m (and the dora), an honour only pairs: a lone honour goes, as the
    # Houou player did here. The order of the kinds threw the 5m.
    v = make_view("5m1267p23678s224z", "5z", seat=3, dealer=0, dora="5m")
    agent = make_agent("hard", seed=1, rules=TENHOU)
    assert agent.act(v, v.legal).tile >> 2 in {parse_kind("4z"), parse_kind("5z")}


def test_hard_keeps_a_one_shanten_rather_than_go_back_for_tanyao(monkeypatch):
    # a Houou spot, East 2, 1-shanten: 4m 678m 45668p 33s 99s 7z. Throwing the 9s aims at tanyao
    # a step slower; the player threw the lone 7z and stayed 1-shanten, as hard does now that a
    # step back keeps 0.3 of its attack (SHANTEN_BACK, set beside the Houou players' calm
    # discards); with 0.5 it went back
    def view():
        return make_view("4678m4568p3399s7z", "6p", seat=3, dealer=1, round_index=1,
                         rivers=("2z", "1p2z", "8m5z", "4z"), dora="3s", live_tiles_left=63)

    agent = make_agent("hard", seed=1, rules=TENHOU)
    v = view()
    assert agent.act(v, v.legal).tile >> 2 == parse_kind("7z")
    monkeypatch.setattr(player, "SHANTEN_BACK", 0.5)
    v = view()
    assert agent.act(v, v.legal).tile >> 2 == parse_kind("9s")
