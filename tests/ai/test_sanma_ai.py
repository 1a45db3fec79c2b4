"""The AIs at a three-player table (P1): North timing (a North is set aside at once unless it
serves the hand), the Norths set aside counted as seen and as dora, the reduced tile set (no
2m-8m among the unseen tiles) and the all-last placement of three seats (South 3, the uma of
three, honba 200 on a ron)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ai import make_agent
from ai.base import nuki_choice, nuki_count, obvious_choice
from ai.observe import observe
from ai.placement import Outlook, is_all_last, last_regular_round
from engine.actions import AbortNineTerminals, Discard, Nuki
from engine.driver import play_out
from engine.game import Game
from engine.rules import preset
from engine.tiles import NORTH, parse_tiles

TENHOU3 = preset("tenhou3")


def first_nuki_offer(seed: int = 1):
    """Seed 1 of tenhou3: the dealer (seat 0) holds a North on the first turn; its view and
    legal actions then."""
    game = Game(TENHOU3, seed)
    pending = game.pending()
    assert 0 in pending and any(isinstance(a, Nuki) for a in pending[0])
    return game, game.view(0), pending[0]


def test_P1_every_ai_sets_a_north_aside_at_once():
    game, view, legal = first_nuki_offer()
    for kind in ("hard", "normal", "easy", "greedy", "tsumogiri"):
        action = make_agent(kind, seed=3, rules=TENHOU3).act(view, legal)
        assert isinstance(action, Nuki) and action.tile >> 2 == NORTH, kind


def hand_with(view, text: str):
    return replace(view, hand=tuple(parse_tiles(text)), drawn=None)


def test_P1_a_north_pair_is_kept_only_where_a_north_is_a_value_tile():
    _game, view, legal = first_nuki_offer()
    pair = hand_with(view, "19p129s123z44z567z1p")  # two Norths
    assert nuki_choice(pair, legal, north_yakuhai=False) is not None  # a guest wind: aside
    assert nuki_choice(pair, legal, north_yakuhai=True) is None  # a value pair: kept
    lone = hand_with(view, "19p129s1235z567z1p2p")
    assert nuki_choice(lone, legal, north_yakuhai=True) is not None


def test_P1_the_north_of_a_kokushi_hand_is_kept():
    _game, view, legal = first_nuki_offer()
    kokushi = hand_with(view, "19m19p19s1234z55z3s")  # ten of the thirteen, one North
    assert nuki_choice(kokushi, legal) is None


def test_P1_no_nuki_while_the_nine_terminal_abort_is_offered():
    _game, view, legal = first_nuki_offer()
    assert nuki_choice(view, legal + (AbortNineTerminals(),)) is None
    assert isinstance(obvious_choice(view, legal), Nuki)


def test_P1_norths_set_aside_are_seen_and_counted_as_dora():
    game, view, legal = first_nuki_offer()
    north = next(a for a in legal if isinstance(a, Nuki))
    before = observe(view).unseen[NORTH]
    game.submit(0, north)
    after_view = game.view(0)
    assert nuki_count(after_view) == 1
    # the North left the hand and lies on the table: still seen once, not back among unseen
    assert observe(after_view).unseen[NORTH] == before
    other = game.view(1)
    assert observe(other).unseen[NORTH] == 4 - 1 - sum(
        1 for t in other.concealed if t >> 2 == NORTH) - sum(
        1 for t in other.dora_indicators if t >> 2 == NORTH)


def test_P1_the_reduced_tile_set_has_no_2m_to_8m_unseen():
    _game, view, _legal = first_nuki_offer()
    unseen = observe(view).unseen
    assert unseen[1:8] == [0] * 7
    assert unseen[0] > 0 and unseen[8] > 0


def test_P1_south_3_is_the_all_last_of_a_three_player_hanchan():
    assert last_regular_round(TENHOU3) == 6  # South 3 (the index skips each wind's fourth)
    assert last_regular_round(TENHOU3.replace(length="tonpuusen")) == 2  # East 3
    assert not is_all_last(5, TENHOU3) and is_all_last(6, TENHOU3)
    assert last_regular_round(preset("tenhou")) == 7  # four players: South 4, as before


def test_P1_the_outlook_of_three_seats_pays_as_the_three_player_rules():
    o = Outlook(TENHOU3, scores=(45000, 35000, 25000), seat=2, dealer=0, round_index=6,
                honba=2, sticks=0)
    assert o.rank == 2
    assert o.paid(2, 0, 8000, 0, 0) == {0: 8400}  # 200 a honba on a ron
    assert o.paid(2, None, 8000, 4000, 2000) == {0: 4200, 1: 2200}  # two payers, 100 each
    needs = o.needs()
    assert [n.place for n in needs] == [1, 0]
    assert set(needs[0].ron) == {0, 1}  # a ron from either opponent, no fourth seat
    assert o.loss(0, 1000) > 0


@pytest.mark.slow
def test_P1_three_hard_ais_play_a_whole_three_player_hanchan_without_failing():
    """RIICHI_STRICT_AI is on in the suite: any exception inside a decision fails the test
    (a three-player all-last once did, answered by the fallback move)."""
    game = Game(TENHOU3, 1002)  # its all-last asked a last-placed hard AI about a ron
    agents = {s: make_agent("hard", seed=s, rules=TENHOU3) for s in range(3)}
    play_out(game, agents)
    assert game.over and sorted(game.result.ranking) == [0, 1, 2]
    assert all(a.failures == 0 for a in agents.values())
    assert any(isinstance(a, Nuki) for _s, a in game.actions)
    assert any(isinstance(a, Discard) for _s, a in game.actions)


def test_P1_the_practice_hints_count_no_2m_to_8m_and_the_norths_set_aside():
    from ai.advice import discard_hints, visible_counts

    game, view, legal = first_nuki_offer()
    seen = visible_counts(view)
    assert seen[1:8] == [4] * 7
    game.submit(0, next(a for a in legal if isinstance(a, Nuki)))
    after = game.view(0)
    assert visible_counts(after)[NORTH] == 1
    hints = discard_hints(after)
    assert hints and all(not set(h.kinds) & set(range(1, 8)) for h in hints.values())
