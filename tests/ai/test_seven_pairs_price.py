"""Style.four_chiitoitsu (issue 16): at four seats hard prices the seven pairs (Y13) route no
higher than the four sets' riichi route (1.0; three seats keep 1.25). At 1.25, a hand as near
seven pairs as four sets was valued along seven pairs, its own han being the higher, though seven
pairs takes no yakuhai triplet and no sanshoku: a hand worth less than its four sets (1.5 han
against 2.0 in the second spot). So hard broke a block to keep a lone honour for the pairs, where
the Houou people threw the honour. A hand nearer seven pairs than four sets is priced as the
riichi route, on the regular chain's wide steps: each step of seven pairs pairs one lone tile,
narrower than the chain's."""

from types import SimpleNamespace

import pytest

from ai.efficiency import chiitoitsu_shanten, regular_shanten
from ai.observe import observe
from ai.style import LEVELS
from engine.tiles import format_kinds, parse_kinds
from engine.view import PlayerView
from tests.ai.helpers import hard, make_view


def spot(hand: str, dora: str) -> PlayerView:
    kinds = parse_kinds(hand)
    return make_view(format_kinds(kinds[:-1]), format_kinds(kinds[-1:]), dora=dora)


def thrown(view: PlayerView, **knobs: float) -> str:
    action = hard(**knobs).choose(view, view.legal)
    return format_kinds([action.tile >> 2])


@pytest.mark.parametrize("hand, dora, people, before", [
    # 456778m 7p 556s 1z 77z (the Red pair): the lone East goes, not a 5s of the 556s
    ("456778m7p556s1277z", "4p", "1z", "5s"),
    # 4456m 11237p 3s 11z 3z 6z: the lone West, not the 1p of 11237p
    ("4456m11237p3s1136z", "7m", "3z", "1p"),
])
def test_Y13_a_hand_as_near_seven_pairs_as_four_sets_goes_by_the_four_sets(
        hand: str, dora: str, people: str, before: str) -> None:
    view = spot(hand, dora)
    sit = observe(view)
    assert chiitoitsu_shanten(sit.counts) == regular_shanten(sit.counts, 4) == 3
    assert thrown(view, four_chiitoitsu=0.0) == before  # 1.25
    assert thrown(view) == people


def test_the_lower_price_is_the_four_seat_one() -> None:
    agent = hard()
    assert agent._chiitoitsu_han(SimpleNamespace(players=4)) == 1.0
    assert agent._chiitoitsu_han(SimpleNamespace(players=3)) == LEVELS["hard"].chiitoitsu_han == 1.25
