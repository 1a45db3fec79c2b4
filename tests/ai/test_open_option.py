"""Style.open_option (issue 16): a closed hand one or two steps from tenpai is worth at least
what it is worth opened (a yakuhai pair's pon, tanyao, honitsu, toitoi), its steps taken by draws
and by chi and pon as an open hand's are (``ai.chances.open_call_factor``), no riichi out. The
closed chain priced none of the calls the hand may still make: on the Houou people's calm
closed hands not ready, those with a yakuhai pair won 1.24 times what ``evaluate`` said, the
nearest to seven pairs 1.42, the others 1.21-1.25; with the option 1.19, 1.26 and 1.17-1.22. A
call offered is still judged against the closed hand (the call bias was measured so)."""

import pytest

from ai.observe import observe
from engine.tiles import format_kinds, parse_kinds
from tests.ai.helpers import call_offer, hard, make_view


def thrown(view, option: float) -> str:
    action = hard(open_option=option).choose(view, view.legal)
    return format_kinds([action.tile >> 2])


@pytest.mark.parametrize(("hand", "drawn", "table", "closed", "opened"), [
    # East 2, the West seat one step from tenpai with a green dragon pair, draws the East (the
    # round's wind): opened, the pair's pon and the East's make a fast hand, and the 6m goes,
    # as the people threw it; priced closed, the East went
    ("668m567p24555s66z", "1z", dict(seat=3, dealer=1, round_index=1, dora="7m",
                                     live_tiles_left=22,
                                     rivers=("149m7899p23456z", "11457m16p49s234z",
                                             "34569m23479p112z", "249m233789p99s3z")),
     "1z", "6m"),
    # East 4, the dealer two steps away with a pair of double East: the pair's pon makes the
    # hand 2 han at once, the 1s joins 1225s, and the lone 4p goes, as the people threw it
    ("55m112467p225s11z", "1s", dict(seat=3, dealer=3, round_index=3, dora="9m",
                                     live_tiles_left=53,
                                     rivers=("9m1p57z", "1p356z", "89p9s6z", "9p9s23z")),
     "1s", "4p"),
])
def test_a_closed_hand_keeps_what_its_calls_would_use(hand, drawn, table, closed, opened):
    view = make_view(hand, drawn, **table)
    assert thrown(view, 0.0) == closed
    assert thrown(view, 1.0) == opened
    assert hard().style.open_option == 1.0


def _after(view, kind: str):
    sit = observe(view)
    k = parse_kinds(kind)[0]
    counts = sit.counts[:]
    counts[k] -= 1
    tiles = list(view.concealed)
    tiles.remove(next(t for t in tiles if t >> 2 == k))
    return sit, counts, tiles


def test_the_option_raises_a_near_hand_and_nothing_else():
    ai = hard(open_option=1.0)
    near = make_view("668m567p24555s66z", "1z", seat=3, dealer=1, round_index=1, dora="7m",
                     live_tiles_left=40)
    sit, counts, tiles = _after(near, "6m")
    with_it = ai.evaluate(sit, counts, tiles)[0]
    assert with_it > ai.evaluate(sit, counts, tiles, option=False)[0]
    assert ai.evaluate(sit, counts, tiles, option=False)[0] == \
        hard(open_option=0.0).evaluate(sit, counts, tiles)[0]
    # three steps from tenpai: priced closed alone (OPTION_FAR)
    far = make_view("147m258p369s1566z", "2z", seat=3, dealer=1, round_index=1, dora="7m")
    sit, counts, tiles = _after(far, "2z")
    assert ai.evaluate(sit, counts, tiles)[0] == ai.evaluate(sit, counts, tiles, option=False)[0]
    # facing a riichi: no calls are priced (the open chains were measured calm)
    facing = make_view("668m567p24555s66z", "1z", seat=3, dealer=1, round_index=1, dora="7m",
                       rivers=("", "1s4s9p", "", ""), riichi=(False, True, False, False),
                       riichi_at={1: 2})
    sit, counts, tiles = _after(facing, "6m")
    assert ai._opened_worth(sit, counts, tiles, ai._meld_info(sit)[0], 10,
                            sit.unseen_total(), 0.1) == 0.0


def test_a_call_offered_is_judged_against_the_closed_hand(monkeypatch):
    """Passing is priced closed, as the call bias was measured: however much the option says a
    closed hand is worth opened, the pon of a yakuhai pair is taken all the same."""
    view, legal = call_offer("23m456p78s99s5566z", "6z", "6z6z", live_tiles_left=50)
    ai = hard(open_option=1.0)
    call = ai.choose(view, legal)
    assert call is not legal[-1]  # the pon, not the pass
    monkeypatch.setattr(type(ai), "_opened_worth", lambda *args: 1e9)
    assert ai.choose(view, legal) == call
