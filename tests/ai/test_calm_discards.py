"""Calm discards set beside the Houou players' (benchmarks/bench_discards.py, issue 16): among
discards worth the same, the one that connects with the fewest unseen tiles goes
(``ai.player.reach``: the order of the kinds had thrown middle tiles before lone honours, where
the players do the opposite); a step back from the fastest keeps ``SHANTEN_BACK`` of its attack;
far from tenpai a lone yakuhai is worth its chance to pair (``ai.value.lone_yakuhai_han``)."""

from dataclasses import replace

from ai import make_agent, player
from ai.player import reach
from engine.rules import TENHOU
from engine.tiles import format_kinds, parse_kind
from tests.ai.helpers import hard, make_view


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

    agent = hard(open_option=0.0)  # SHANTEN_BACK alone: opened, the tanyao hand gains too
    v = view()
    assert agent.act(v, v.legal).tile >> 2 == parse_kind("7z")
    monkeypatch.setattr(player, "SHANTEN_BACK", 0.5)
    v = view()
    assert agent.act(v, v.legal).tile >> 2 == parse_kind("9s")


def test_hard_keeps_a_lone_dragon_far_from_tenpai_and_throws_a_lone_terminal():
    # a Houou spot, East 2, the dealer at 3-shanten on its second turn: 69m 13469p 2247s 55z 6z
    # (+ the 6p drawn). The lone 6z may pair (three copies unseen) and make a yakuhai; the lone
    # 9m makes a few more shapes. The player threw the 9m, as hard does now
    # (``Style.lone_yakuhai``: at 3+-shanten hard threw 40% of the lone yakuhai it held, the
    # Houou players 19%); without it hard threw the dragon. (With the seven pairs priced at 25
    # fu, Style.chiitoitsu_han 1.25, hard keeps the dragon but throws a 2s of its 22s pair: the
    # lone yakuhai is weighed here with the seven pairs at a full 2 han, as when it came in.)
    def choice(lone: bool) -> str:
        v = make_view("69m1349p2247s556z", "6p", seat=1, dealer=1, round_index=1,
                      rivers=("9p", "3z", "1s", "1s"), dora="2p", live_tiles_left=65)
        agent = make_agent("hard", seed=1, rules=TENHOU)
        agent.style = replace(agent.style, lone_yakuhai=lone, chiitoitsu_han=2.0, four_chiitoitsu=0.0,
                              terminal_order=0.0)  # (that knob throws the 9m too)
        return format_kinds([agent.act(v, v.legal).tile >> 2])

    assert choice(True) == "9m"
    assert choice(False) == "6z"
