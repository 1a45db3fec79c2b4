"""Style.one_suit_order (issue 16): calm, a hand leaning to one suit (one to three tiles outside
its suit and the honours) throws an isolated outside tile first, as the Houou people did in
these spots (from the real games of ../shared/logs/mjlog), where efficiency alone threw another
tile. Hard's at 0.15, at four seats."""

from types import SimpleNamespace

from ai.observe import observe
from ai.value import one_suit_strays
from engine.tiles import format_kinds, kinds_to_counts, parse_kinds
from tests.ai.helpers import hard, make_view
from tests.ai.test_sanma_judgement import hard3, view3


def thrown(view, order: float) -> str:
    # the knob alone: the open option (honitsu opened) moves some of these spots too
    agent = hard(one_suit_order=order, terminal_order=0.0, open_option=0.0)
    action = agent.choose(view, view.legal)
    return format_kinds([action.tile >> 2])


def test_a_stray_goes_before_a_lone_guest_wind():
    """13567p 24455z with 67m and 9s outside and a green dragon drawn: the people threw the 9s,
    hard without the knob its lone South."""
    view = make_view("67m13567p9s24455z", "6z", seat=1, dealer=1, round_index=1, dora="4m",
                     live_tiles_left=69)
    assert thrown(view, 0.0) == "2z"
    assert thrown(view, 0.15) == "9s"


def test_a_stray_goes_before_a_terminal_of_the_main_suit():
    """12289m 112233z with 24p and 3s outside: the people threw the 3s (24p is a shape), hard
    without the knob its 9m."""
    view = make_view("12289m24p3s12233z", "1z", seat=2, dealer=1, round_index=1, dora="9m",
                     live_tiles_left=66)
    assert thrown(view, 0.0) == "9m"
    assert thrown(view, 0.15) == "3s"


def test_two_strays_go_before_a_lone_honour():
    """226688s 12557z with 3p and 7p outside, the seat South, a 3s drawn on its second turn: the
    people threw the 3p, hard without the knob the lone East."""
    view = make_view("37p226688s12557z", "3s", seat=2, dealer=1, round_index=1, dora="8m",
                     live_tiles_left=60)
    assert thrown(view, 0.0) == "1z"
    assert thrown(view, 0.15) == "3p"


def test_two_outside_one_stray():
    """2455p 1124557z with 5m and 6s outside and a North drawn: the people threw the 5m, hard
    without the knob its own wind (the South, a single)."""
    view = make_view("5m2455p6s1124557z", "4z", seat=0, dealer=3, round_index=3, dora="1p",
                     live_tiles_left=56)
    assert thrown(view, 0.0) == "2z"
    assert thrown(view, 0.15) == "5m"


def test_one_stray_goes_before_a_lone_dragon():
    """55568999m 11335z, an 8s drawn (the one tile outside): the people threw it, hard without
    the knob its lone white dragon."""
    view = make_view("55568999m11335z", "8s", seat=1, dealer=0, round_index=4, dora="9m",
                     live_tiles_left=36)
    assert thrown(view, 0.0) == "5z"
    assert thrown(view, 0.15) == "8s"


def test_four_tiles_outside_is_no_lean():
    """With four tiles outside (67p 1s 9s) the hand does not lean to one suit yet: on the
    people's spots with 4-5 outside the same bonus threw far more outside tiles than they did."""
    view = make_view("1235789m67p19s113z", "6z", live_tiles_left=60)
    assert not one_suit_strays(kinds_to_counts(parse_kinds("1235789m67p19s1136z")), [])
    assert thrown(view, 0.15) == thrown(view, 0.0)


def test_off_facing_a_riichi():
    """Facing a riichi the discard is a matter of safety: no bonus, where the same hand calm
    gets one on its 9s (0.15 of the best candidate's score)."""
    best = [SimpleNamespace(score=-2000.0), SimpleNamespace(score=500.0)]
    kw = dict(seat=1, dealer=1, round_index=1, dora="4m", live_tiles_left=60)
    calm = make_view("67m13567p9s24455z", "6z", **kw)
    facing = make_view("67m13567p9s24455z", "6z", rivers=("", "", "1s4s", ""),
                       riichi=(False, False, True, False), riichi_at={2: 1}, **kw)
    ai = hard(one_suit_order=0.15)
    assert ai._stray_bonus(observe(calm), best) == {parse_kinds("9s")[0]: 300.0}
    assert ai._stray_bonus(observe(facing), best) == {}


def test_four_seats_only():
    """Measured on four-player people's games: a three-player hand leaning to pinzu (1m 9m 9s
    outside, each isolated) gets no bonus; the same tiles at four seats get it."""
    best = [SimpleNamespace(score=1000.0)]
    ai3 = hard3()
    assert ai3.style.one_suit_order == 0.15
    three = observe(view3("19m13567p9s24455z", "6z"))
    four = observe(make_view("19m13567p9s24455z", "6z"))
    assert ai3._stray_bonus(three, best) == {}
    assert hard(one_suit_order=0.15)._stray_bonus(four, best) == {
        k: 150.0 for k in parse_kinds("19m9s")}
