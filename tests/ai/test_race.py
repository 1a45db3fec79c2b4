"""Issue 16: hard's race against a riichi (``ai.chances.race_hazard``, ``riichi_denial``), measured
on the Houou logs (benchmarks/race_hazard.py). Each test fails with ``Style.race`` off."""

import pytest

from ai.chances import (
    DEALER_RIICHI_DENY,
    HAZARD,
    RIICHI_DENY,
    WIN_BONUS,
    race_hazard,
    riichi_denial,
)
from ai.observe import observe
from engine.tiles import parse_kind
from tests.ai.helpers import hard, make_view


def riichi_view(riichi=(False, False, True, False), riichi_at=None, rivers=None):
    return make_view("2444788999m347s", "5s", seat=1, live_tiles_left=40,
                     rivers=rivers or ("", "", "1z9m1p9s3p2z3z4z", ""), riichi=riichi,
                     riichi_at=riichi_at or {2: 7})


def test_the_race_is_the_measured_others_wins_by_riichi_out():
    # Houou: 0.111 per own draw with one riichi out, 0.221 with two (own deal-ins left out:
    # they are priced as deal-ins); with none, the flat figure (0.056 over a whole round, more
    # from later draws: benchmarks/race_hazard.py)
    assert race_hazard(0) == HAZARD
    assert race_hazard(1) == pytest.approx(0.111)
    assert race_hazard(2) == pytest.approx(0.222)
    assert race_hazard(9) == 0.5


def test_hard_prices_the_race_by_the_riichi_on_the_table():
    calm = observe(riichi_view(riichi=(False, False, False, False), riichi_at={}))
    one = observe(riichi_view())
    assert hard()._hazard(calm) == HAZARD  # a calm table's race is unchanged
    assert hard()._hazard(one) == race_hazard(1) > HAZARD
    assert hard(race=False)._hazard(one) == HAZARD  # the flat figure it replaces


def test_a_win_first_denies_the_riichi_its_tsumo():
    # seat 2 (not the dealer) in riichi; then seat 0, the dealer, too
    one = observe(riichi_view())
    assert hard()._win_bonus(one) == pytest.approx(WIN_BONUS + RIICHI_DENY)
    assert hard(race=False)._win_bonus(one) == WIN_BONUS
    dealer = observe(riichi_view(riichi=(True, False, True, False), riichi_at={2: 7, 0: 5},
                                 rivers=("1z1p9s3p2z3z", "", "1z9m1p9s3p2z3z4z", "")))
    assert hard()._win_bonus(dealer) == pytest.approx(
        WIN_BONUS + RIICHI_DENY + DEALER_RIICHI_DENY)
    assert riichi_denial([False], True) > riichi_denial([False], False)  # a dealer pays double


def test_hard_folds_a_cheap_one_shanten_to_the_safe_tile_against_two_riichi():
    # 2444788999m 347s + 5s, no yaku but riichi: against seat 2's riichi alone hard pushes the
    # 2m for the wide 1-shanten; with the dealer in riichi too the race is twice as fast and it
    # folds with the 3s (genbutsu to both). The race alone folds it, and so does the push cost
    # of the discards to come (foresight) alone; without either it pushes the 2m into both.
    # (The 9m, all four copies in view, is no safe tile against the dealer: a riichi that can
    # hold no copy of a kind is likelier waiting on it, ai.defence.NUMBER_LEFT.)
    def view(two=True):
        return riichi_view(riichi=(two, False, True, False),
                           riichi_at={2: 7, 0: 5} if two else {2: 7},
                           rivers=("1z1p9s3p3s3z" if two else "", "", "1z9m1p9s3p2z3s4z", ""))

    v = view(two=False)
    assert hard().act(v, v.legal).tile >> 2 == parse_kind("2m")
    for knobs in ({}, {"foresight": False}, {"race": False}):
        v = view()
        assert hard(**knobs).act(v, v.legal).tile >> 2 == parse_kind("3s")
    v = view()
    assert hard(foresight=False, race=False).act(v, v.legal).tile >> 2 == parse_kind("2m")
    v = view()
    assert hard(race=False, foresight=False, defence=1.15).act(v, v.legal).tile >> 2 == \
        parse_kind("2m")
    v = riichi_view()
    assert hard().act(v, v.legal).tile >> 2 == parse_kind("2m")
