"""Issue 16: a hand already open prices the calls still to come (``Style.later_calls``,
``ai.chances.CALLS_BY_MELDS``). Calm, the Houou people took 41.3% of the chi and pon offers to
an open hand (benchmarks/bench_calls.py), hard 58.5%: its call bias, the calibration of a closed
hand's first call, made every later call worth 1.8 times its hand. Priced by draws and calls
(the route's factor, less with each meld made) and without the bias, 47.0%."""

from ai.chances import CALLS_BY_MELDS, open_call_factor
from ai.observe import observe
from engine.actions import PASS, Chi
from engine.tiles import TilePool
from tests.ai.helpers import call_offer, hard, make_view, pons


def test_the_more_calls_made_the_fewer_to_come():
    assert CALLS_BY_MELDS[1] > CALLS_BY_MELDS[2] > CALLS_BY_MELDS[3]
    assert open_call_factor("yakuhai", melds=1) > open_call_factor("yakuhai", melds=2) > \
        open_call_factor("yakuhai", melds=3) == 1.0


def test_an_open_hand_passes_a_chi_into_two_edge_waits():
    # 57889m 11p 589s beside a red dragon pon, 2-shanten; the 9m from the left: the chi of 789m
    # leaves 1-shanten on two edge waits (89m, 89s) where passing keeps 57889m and the calls to
    # come (a Houou player passed it; hard called it with its bias)
    view, legal = call_offer("57889m11p589s", "9m", "78m", "777z", live_tiles_left=55)
    assert isinstance(hard(later_calls=0.0).act(view, legal), Chi)
    assert hard(later_calls=1.0).act(view, legal) == PASS


def test_an_open_hand_still_takes_the_call_to_a_good_tenpai():
    # 34m 456p 67s 22p 9s beside a white dragon pon, 1-shanten; the 2m from the left: the chi
    # of 234m, the 9s thrown, is ready on 5s-8s
    view, legal = call_offer("34m456p67s22p9s", "2m", "34m", "555z", live_tiles_left=55)
    assert isinstance(hard(later_calls=1.0).act(view, legal), Chi)


def test_a_closed_hand_calls_as_before():
    # the first call of a closed hand keeps its bias: later_calls changes nothing there
    view, legal = call_offer("234m567p2378s77z55p9s", "7z", "77z")
    assert hard(later_calls=1.0).act(view, legal) == hard(later_calls=0.0).act(view, legal) \
        == legal[0]
    sit = observe(view)
    args = (sit, sit.counts[:], list(view.concealed))
    assert hard(later_calls=1.0).evaluate(*args) == hard(later_calls=0.0).evaluate(*args)


def open_hand(melds: str, hand: str, riichi: bool = False):
    """Seat 1 holding ``hand`` beside pons of ``melds``, a riichi out or not: its counts."""
    pool = TilePool()
    view = make_view(hand, pool=pool, melds=((), pons(pool, melds), (), ()),
                     live_tiles_left=50, riichi=(False, False, riichi, False))
    sit = observe(view)
    return sit, sit.counts[:], list(view.concealed)


def test_an_open_hand_is_priced_by_the_calls_to_come_while_no_riichi_is_out():
    # 2-shanten beside a white dragon pon; 2-shanten beside it and a pon of 9p
    one = open_hand("555z", "34m56p78s113s9p")
    two = open_hand("555z 999p", "34m56p13s9p")
    gains = []
    for args in (one, two):
        ev, s, _ = hard(later_calls=0.0).evaluate(*args)
        ev_calls, s_calls, _ = hard(later_calls=1.0).evaluate(*args)
        assert s == s_calls == 2 and ev_calls > ev
        gains.append(ev_calls / ev)
    assert gains[0] > gains[1]  # the fewer the melds, the more calls to come
    args = open_hand("555z", "34m56p78s113s9p", riichi=True)
    assert hard(later_calls=1.0).evaluate(*args) == hard(later_calls=0.0).evaluate(*args)
