"""Style.terminal_order (issue 16): calm, a closed hand two steps from tenpai or more that holds a
lone honour throws a lone number terminal (no tile of its suit within two) before it, as the
Houou people did in these spots (from the real games of ../shared/logs/mjlog), where efficiency
alone threw the honour: the terminal's shapes (a penchan, a kanchan) are the poorest, the honour
pairs as well as it connects. Hard's at 0.02, at four seats."""

from types import SimpleNamespace

import pytest

from ai.observe import observe
from ai.value import lone_terminals
from engine.tiles import format_kinds, kinds_to_counts, parse_kinds
from tests.ai.helpers import hard, make_view
from tests.ai.test_sanma_judgement import hard3, view3


def thrown(view, order: float) -> str:
    action = hard(terminal_order=order).choose(view, view.legal)
    return format_kinds([action.tile >> 2])


@pytest.mark.parametrize(("hand", "drawn", "table", "honour", "terminal"), [
    # 2-shanten, the North single, its 9m four from the 5m: the people threw the 9m
    ("59m1267p2367s224z", "8s", dict(seat=1, dealer=2, round_index=2, dora="6m",
                                    live_tiles_left=58), "4z", "9m"),
    # 2-shanten in the South round, a lone East (a guest wind here) and a lone green dragon:
    # the people threw the 9s
    ("137789m2488p9s16z", "8m", dict(seat=0, dealer=3, round_index=7, dora="4p",
                                     live_tiles_left=68), "1z", "9s"),
    # 67899m 556p 349s 334z: the 9m beside its 8m is no lone terminal, the 9s is (the 34s
    # two ranks and more away): the people threw the 9s
    ("67899m556p349s34z", "3z", dict(seat=0, dealer=1, round_index=1, dora="5m",
                                     live_tiles_left=62), "4z", "9s"),
])
def test_a_lone_terminal_goes_before_a_lone_honour(hand, drawn, table, honour, terminal):
    view = make_view(hand, drawn, **table)
    assert thrown(view, 0.0) == honour
    assert thrown(view, 0.02) == terminal
    assert hard().style.terminal_order == 0.02


def test_lone_terminals_are_singles_with_nothing_of_their_suit_within_two():
    c = kinds_to_counts(parse_kinds("19m13p799s1z"))
    assert lone_terminals(c) == parse_kinds("1m9m")  # 1p has its 3p, 9s is a pair, 7s two off
    assert lone_terminals(kinds_to_counts(parse_kinds("14m69p1s"))) == parse_kinds("1m9p1s")


BEST = [SimpleNamespace(score=-2000.0), SimpleNamespace(score=500.0)]
TABLE = dict(seat=1, dealer=2, round_index=2, dora="6m", live_tiles_left=58)


def test_the_bonus_is_that_share_of_the_best_score():
    sit = observe(make_view("59m1267p2367s224z", "8s", **TABLE))
    assert hard(terminal_order=0.02, one_suit_order=0.0)._stray_bonus(sit, BEST) == {
        parse_kinds("9m")[0]: 40.0}


def test_none_without_a_lone_honour_or_near_tenpai_or_facing_a_riichi():
    ai = hard(terminal_order=0.02, one_suit_order=0.0)
    no_honour = observe(make_view("59m1267p2367s228p", "8s", **TABLE))
    assert ai._stray_bonus(no_honour, BEST) == {}
    one_step = observe(make_view("9m123578p23678s4z", "4s", **TABLE))  # 1-shanten
    assert one_step.own_shanten() == 1
    assert ai._stray_bonus(one_step, BEST) == {}
    facing = observe(make_view("59m1267p2367s224z", "8s", rivers=("", "", "1s4s", ""),
                               riichi=(False, False, True, False), riichi_at={2: 1}, **TABLE))
    assert ai._stray_bonus(facing, BEST) == {}


def test_four_seats_only():
    """Measured on four-player people's games: a three-player hand gets no bonus."""
    ai3 = hard3()
    assert ai3.style.terminal_order == 0.02
    assert ai3._stray_bonus(observe(view3("19m1267p2367s224z", "8s")), BEST) == {}
