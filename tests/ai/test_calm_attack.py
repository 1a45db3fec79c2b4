"""Style.calm_attack (issue 16): with no riichi out, the attack of a hand not yet ready is
priced at what people went on to win with such hands (``ai.chances.CALM_WORTH``, measured by
benchmarks/bench_worth.py: closed hands won 1.18 / 1.12 / 1.49 times the chain's expected value
one / two / three+ steps from tenpai), the same factor for every discard of the turn: it moves
the attack against the danger only. Hard folded slow hands against hands with calls far more
than people did (bench_openfold)."""

import dataclasses

import pytest

from ai.chances import CALM_WORTH
from ai.observe import observe
from engine.meld import Meld, MeldKind
from engine.tiles import TilePool, format_kinds
from tests.ai.helpers import hard, make_view


def calls(pool: TilePool, text: str) -> tuple[Meld, ...]:
    """Open melds of ``text`` (mpsz, apart: "456m 678p"): a pon for a triplet, else a chi."""
    out = []
    for part in text.split():
        tiles = pool.parse(part)
        kind = MeldKind.PON if len({t >> 2 for t in tiles}) == 1 else MeldKind.CHI
        out.append(Meld(kind, tuple(sorted(tiles)), tiles[0], 0))
    return tuple(out)


def thrown(view, attack: float) -> str:
    # at the defence weight the spot was found with, 1.3 (at hard's since, 1.2 and with no
    # riichi out 0.8, it pushes the 4p)
    action = hard(calm_attack=attack, four_defence=0.0, calm_defence=0.0).choose(view, view.legal)
    return format_kinds([action.tile >> 2])


def test_a_slow_hand_pushes_against_calls_at_its_measured_worth():
    """East 3 (a Houou game), the North seat one step from tenpai with the dora 9m: the South
    seat has called three times (the green dragon, 555s, 123p). Priced as the chain says, the
    4m (safe against it) went; at what such hands win, the 4p, as the people threw it."""
    pool = TilePool()
    melds = ((), calls(pool, "666z 555s 123p"), (), ())
    view = make_view("49m46778899p123s", "6p", seat=3, dealer=2, round_index=2, dora="8m",
                     live_tiles_left=26, melds=melds, pool=pool,
                     rivers=("1m4p17s2347z", "1m9p1234679s245z", "129m9p2367s1457z",
                             "2m3889s1123z"),
                     scores=(21000, 27000, 34300, 16700))
    assert observe(view).own_shanten() == 1
    assert thrown(view, 0.0) == "4m"
    assert thrown(view, 1.0) == "4p"


def test_the_factor_by_steps_and_only_calm_four_seats_and_not_ready():
    ai = hard(calm_attack=1.0)
    calm = observe(make_view("147m258p369s1566z", "2z"))
    assert ai._calm_worth(calm, 1) == CALM_WORTH[True][1] == 1.18
    assert ai._calm_worth(calm, 5) == CALM_WORTH[True][3] == 1.49
    assert ai._calm_worth(calm, 0) == 1.0  # a ready hand: its wait is priced (CALM_WAIT)
    assert ai._calm_worth(calm, 99) == 1.0  # no yaku on any route
    assert hard(calm_attack=0.5)._calm_worth(calm, 1) == pytest.approx(1.09)
    assert hard(calm_attack=0.0)._calm_worth(calm, 3) == 1.0
    facing = observe(make_view("147m258p369s1566z", "2z", rivers=("", "", "1s4s9p", ""),
                               riichi=(False, False, True, False), riichi_at={2: 2}))
    assert ai._calm_worth(facing, 2) == 1.0  # facing a riichi: people fold what the chain prices
    three = observe(dataclasses.replace(make_view("147m258p369s1566z", "2z"),
                                        scores=(35000, 35000, 35000)))
    assert three.players == 3 and ai._calm_worth(three, 2) == 1.0


def test_hard_weighs_danger_less_with_no_riichi_out_at_four_seats():
    """Style.calm_defence (issue 16): the Houou people push more than hard did against hands
    with calls and silent ones (benchmarks/knob_spots.py: where 0.8 turns hard's discard they
    gave its answer 90 times, the old one 42), not against a riichi: hard's weight is 0.8 with
    no riichi out and stays 1.2 facing one; three seats keep their own measured weight."""
    ai = hard()
    calm = observe(make_view("147m258p369s1566z", "2z"))
    facing = observe(make_view("147m258p369s1566z", "2z", rivers=("", "", "1s4s9p", ""),
                               riichi=(False, False, True, False), riichi_at={2: 2}))
    three = observe(dataclasses.replace(make_view("147m258p369s1566z", "2z"),
                                        scores=(35000, 35000, 35000)))
    assert ai._defence(calm) == pytest.approx(0.8)
    assert ai._defence(facing) == pytest.approx(1.2)
    assert three.players == 3 and ai._defence(three) == pytest.approx(1.3)
    assert hard(calm_defence=0.0)._defence(calm) == pytest.approx(1.2)
