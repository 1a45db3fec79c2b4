"""The defence reads beyond genbutsu and suji: tenpai signs from tsumogiri and tedashi
(``ai.defence.tenpai_signs``). Each read is tested alone on an ``Opponent``, then in a position
where it must change the hard AI's discard."""

from __future__ import annotations

import dataclasses

import pytest

from ai import make_agent
from ai.defence import (
    RUN_MAX,
    SILENT_MAX,
    Opponent,
    tenpai_probability,
    tenpai_signs,
    tsumogiri_run,
)
from ai.observe import observe
from engine.tiles import parse_kind
from tests.ai.helpers import make_view


def kinds(text: str) -> list[int]:
    """'1z2z5m' -> [27, 28, 4]: one kind per two characters, in order."""
    return [parse_kind(text[i : i + 2]) for i in range(0, len(text), 2)]


def silent(run: int, last: str = "", calls: int = 0, length: int = 12) -> Opponent:
    """A silent hand whose river ends with ``run`` tsumogiri, then ``last`` from the hand."""
    river = kinds("1z2z3z4z9m1p9p1s9s6z7z5z8m2p2s8p")[:length]
    flags = [False] * (length - run) + [True] * run
    if last:
        river.append(parse_kind(last))
        flags.append(False)
    melds = [(31, 31, 31), (0, 1, 2), (9, 10, 11)][:calls]
    return Opponent(seat=0, river=river, tsumogiri=flags, safe=set(river), meld_kinds=melds,
                    open_melds=calls, yakuhai=frozenset({31, 32, 33}))


# ------------------------------------------------------------------ tenpai signs


def test_observe_carries_tsumogiri_from_the_view():
    view = make_view("123m456p789s23s11z", rivers=("1z2z3z", "", "", ""))
    rivers = list(view.rivers)
    rivers[0] = tuple(dataclasses.replace(t, tsumogiri=i == 2) for i, t in enumerate(rivers[0]))
    opp = observe(dataclasses.replace(view, rivers=tuple(rivers))).opponents[0]
    assert opp.seat == 0 and opp.tsumogiri == [False, False, True]
    assert tsumogiri_run(opp) == 1


def test_a_late_tsumogiri_run_makes_a_closed_silent_hand_likelier_tenpai():
    assert tsumogiri_run(silent(4)) == 4
    assert tenpai_probability(silent(4), 12) > tenpai_probability(silent(0), 12) > 0
    assert tenpai_probability(silent(2), 12) == tenpai_probability(silent(0), 12)  # too short
    assert tenpai_signs(silent(4), 6) == 1.0  # too early to mean much


def test_the_run_factor_grows_with_the_turn_and_is_capped():
    factors = [tenpai_signs(silent(3), t) for t in (8, 10, 12, 14, 18)]
    assert factors == sorted(factors) and factors[0] > 1.0
    assert factors[-1] == RUN_MAX


@pytest.mark.parametrize("calls", [1, 2])
def test_an_open_hand_tsumogiri_after_its_calls_is_likelier_tenpai(calls):
    assert tenpai_probability(silent(3, calls=calls), 10) > tenpai_probability(
        silent(0, calls=calls), 10)


def test_three_calls_are_read_from_the_calls_alone():
    # Houou data: with three calls the tenpai rate barely moves with tsumogiri
    assert tenpai_probability(silent(4, calls=3), 12) == tenpai_probability(silent(0, calls=3), 12)


def test_a_middle_tile_from_the_hand_after_tsumogiri_is_a_sign_weaker_than_the_run():
    after_run = tenpai_probability(silent(2, last="5p"), 12)
    plain = tenpai_probability(silent(0, last="5p"), 12)
    assert plain < after_run < tenpai_probability(silent(3), 12)
    # a terminal or an honour from the hand is no such sign, nor is it early, nor for an open
    # hand (whose discard after a call is from the hand too)
    assert tenpai_probability(silent(2, last="9p"), 12) == plain
    assert tenpai_probability(silent(2, last="6z"), 12) == plain
    assert tenpai_signs(silent(2, last="5p"), 7) == 1.0
    assert tenpai_signs(silent(2, last="5p", calls=1), 12) == 1.0


@pytest.mark.parametrize("calls", [0, 1, 2, 3])
def test_tenpai_probability_stays_within_bounds(calls):
    for turn in range(0, 25):
        for run in (0, 3, 8):
            p = tenpai_probability(silent(run, calls=calls), turn)
            assert 0.0 <= p <= SILENT_MAX


def test_an_unknown_river_and_a_riichi_get_no_sign():
    bare = Opponent(seat=0, river=kinds("1z2z3z4z"))  # tsumogiri not known
    assert tenpai_signs(bare, 12) == 1.0
    riichi = dataclasses.replace(silent(5), riichi=True, riichi_turn=5)
    assert tenpai_probability(riichi, 12) == 1.0


# ------------------------------------------------------------------ the reads change decisions


def with_tsumogiri(view, seat: int, flags: list[bool]):
    rivers = list(view.rivers)
    rivers[seat] = tuple(dataclasses.replace(t, tsumogiri=f) for t, f in zip(rivers[seat], flags))
    return dataclasses.replace(view, rivers=tuple(rivers))


def test_a_silent_hand_tsumogiri_late_makes_the_hard_ai_take_genbutsu():
    # Seat 0 is closed and silent with 13 discards (1s among them); we are far from ready. While
    # its discards came from the hand, the hard AI lets the lone haku go; when its last four
    # were tsumogiri it looks ready, and the genbutsu 1s goes instead.
    view = make_view("4567m234778p18s5z", "4m", seat=1, live_tiles_left=20,
                     rivers=("5m226689p1278s44z", "39m4559p14569s15z", "", ""))
    n = len(view.rivers[0])
    agent = make_agent("hard", seed=1)
    quiet = with_tsumogiri(view, 0, [False] * n)
    assert agent.act(quiet, quiet.legal).tile >> 2 == parse_kind("5z")
    ready = with_tsumogiri(view, 0, [False] * (n - 4) + [True] * 4)
    assert agent.act(ready, ready.legal).tile >> 2 == parse_kind("1s")
