"""Style.one_suit_reach (issue 16): a call whose hand then goes fastest as a honitsu or chinitsu
may leave it that many more steps from tenpai than ``max_call_shanten`` lets other calls.
tenhou-python-bot opens such hands three steps away and more (its first chi from 3+ steps won
24.3% of the time, 8,735 points on average, over 108 arena games); hard, held to two steps,
never did."""

from engine.actions import Pass, Pon
from tests.ai.helpers import call_offer, hard


def test_a_souzu_pon_three_steps_away():
    """113799s with 3m 7m outside, a North triplet and 1z 3z apart, offered the 1s on the first
    turn: the Houou player ponned it (111s, the souzu and honours then three steps from
    tenpai). Two steps is as far as hard's other calls go."""
    view, legal = call_offer("37m113799s13444z", "1s", "11s", live_tiles_left=68)
    assert hard().style.max_call_shanten == 2
    assert isinstance(hard().choose(view, legal), Pass)
    assert isinstance(hard(one_suit_reach=1).choose(view, legal), Pon)


def test_not_for_other_hands():
    """A tanyao hand as far from tenpai after its pon (2468m 37p 2468s, the 5s ponned) stays a
    pass: the reach is the one-suit hand's alone (with every call allowed it, hard pons)."""
    view, legal = call_offer("2468m37p55s2468s", "5s", "55s", live_tiles_left=68)
    assert isinstance(hard(one_suit_reach=1).choose(view, legal), Pass)
    assert isinstance(hard(one_suit_reach=1, max_call_shanten=3).choose(view, legal), Pon)
