"""Issue 16: a riichi's wait is thrown to it as often as its tiles look safe. On the Houou
riichi a wait on an honour was hit by a ron 3.6 times as often per copy as the average, a non-suji
4-6 0.67 times (``ai.chances.RON_BY_LOOK``, benchmarks/riichi_waits.py); in the arena the bots'
riichi waits were hit that way and hard's, counted by copies alone, less often. Hard weighs a
riichi wait's copies by their look; the tile thrown now is in the river for the look and for
furiten."""

from ai import make_agent
from ai.chances import RON_BY_LOOK, RON_FACTOR, ron_weight, wait_look
from ai.observe import observe
from engine.rules import TENHOU
from engine.tiles import parse_kind, parse_kinds
from tests.ai.helpers import hard, make_view


def test_wait_looks_from_the_river():
    river = set(parse_kinds("2m8m1p"))
    assert wait_look(parse_kind("5m"), river) == "suji"
    assert wait_look(parse_kind("4p"), river) == "half-suji"
    assert wait_look(parse_kind("4s"), river) == "4-6"
    assert wait_look(parse_kind("9s"), river) == "1-9"
    assert wait_look(parse_kind("7z"), river) == "honour"


def test_a_copy_of_an_average_look_counts_one():
    # the others' share of a ready hand's hits (RON_FACTOR - 1 of RON_FACTOR) goes by the look
    for look, rel in RON_BY_LOOK.items():
        kind = {"honour": 31, "suji": 4, "half-suji": 3, "1-9": 8, "2-8": 7, "3-7": 6, "4-6": 5}[look]
        river = {1, 7} if look == "suji" else {0} if look == "half-suji" else set()
        assert wait_look(kind, river) == look
        assert ron_weight(kind, river) == (1 + (RON_FACTOR - 1) * rel) / RON_FACTOR
    assert ron_weight(31, set()) > 1.9 and ron_weight(4, set()) < 0.9


def test_hard_keeps_the_honour_tanki_rather_than_a_middle_one():
    # ready either way on a tanki with three copies: the West (not a yakuhai of seat 1 in the
    # East round) or the 5m. People take the honour: it is thrown; counted by copies alone the
    # two were worth the same and hard kept the 5m
    view = make_view("123m456p789s234s5m", "3z", rivers=("", "1z9p", "", ""), live_tiles_left=50)
    assert make_agent("hard", rules=TENHOU).act(view, view.legal).tile >> 2 == parse_kind("5m")
    plain = hard(ron_looks=False).act(view, view.legal)
    assert plain.tile >> 2 == parse_kind("3z")


def test_the_tile_thrown_now_makes_the_wait_furiten():
    # 23455m: throwing 5m leaves 2345m on 2m-5m, furiten on the 5m just thrown: no ron
    view = make_view("123p789p456s2345m", "5m", live_tiles_left=50)
    sit = observe(view)
    agent = make_agent("hard", rules=TENHOU)
    counts = sit.counts[:]
    counts[parse_kind("5m")] -= 1
    tiles = list(view.concealed)
    tiles.remove(next(t for t in tiles if t >> 2 == parse_kind("5m")))
    w, _, can_ron = agent._tenpai_value(sit, counts, list(sit.melds), tiles, True)
    assert w > 0 and not can_ron
