"""Style.chiitoitsu_han (issue 16): ``ai.value.points`` prices a hand at 40 fu, and chiitoitsu
has 25, so its 2 han are worth about 1.25 han there (1,600 against 2,600 for 2 han, 3,200
against 5,200 for 3). Hard prices it so: at 2 han its own hands leaned to seven pairs (5.3% of
four hard's wins, 2.5% of the Houou people's) and passed the yakuhai pons that people take from
hands with many pairs. At four seats it now prices it no higher than the riichi route,
1.0 (Style.four_chiitoitsu, tests/ai/test_seven_pairs_price.py): the pon is taken all the same."""

from engine.actions import Pass, Pon
from tests.ai.helpers import call_offer, hard


def test_a_chun_pon_from_five_pairs():
    """33m 66m 44p 55s and a chun pair, 7m 3p 5p apart, East 4 turn 6: the Houou player ponned
    the chun (the hand is one step from seven pairs, two from four sets and a pair). Priced at
    its 25 fu the pon is worth more; at a full 2 han the seven pairs kept the hand closed."""
    view, legal = call_offer("33667m3445p55s77z", "7z", "77z", dealer=2, round_index=3,
                             dora="2s", live_tiles_left=45,
                             rivers=("9m9p3566z", "89p99s24z", "119m8s14z", "19m8p1s15z"))
    assert hard().style.chiitoitsu_han == 1.25
    assert isinstance(hard().choose(view, legal), Pon)
    assert isinstance(hard(four_chiitoitsu=0.0).choose(view, legal), Pon)
    assert isinstance(hard(chiitoitsu_han=2.0, four_chiitoitsu=0.0).choose(view, legal), Pass)
