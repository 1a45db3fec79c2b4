"""Issue 16: reading an open hand's calls (``ai.openreads``): one suit is honitsu, simples only
tanyao. The decision test fails with the reading switched off (``call_factor`` always 1)."""

from ai import make_agent
from ai.defence import Opponent, expected_loss, threat_cost
from ai.openreads import call_factor
from engine.meld import Meld, MeldKind
from engine.rules import TENHOU
from engine.tiles import TilePool, parse_kind
from tests.ai.helpers import make_view

PIN_CALLS = [(9, 10, 11), (15, 15, 15)]  # chi 123p, pon 777p


def test_against_one_suit_calls_the_other_suits_are_near_safe():
    honitsu = Opponent(seat=0, open_melds=2, meld_kinds=PIN_CALLS)
    unseen = [4] * 34
    five_m, five_p, east = parse_kind("5m"), parse_kind("5p"), parse_kind("1z")
    cost = {k: threat_cost(k, [honitsu], unseen, (), 10) for k in (five_m, five_p, east)}
    assert cost[five_m] < cost[five_p] / 4
    assert call_factor(east, PIN_CALLS) > 1  # honours fit a honitsu
    # a riichi's calls (an ankan) say nothing of this kind
    riichi = Opponent(seat=0, riichi=True, meld_kinds=PIN_CALLS)
    assert threat_cost(five_m, [riichi], unseen, (), 10) == threat_cost(
        parse_kind("5s"), [riichi], unseen, (), 10)


def test_a_one_suit_hand_is_worth_more_than_its_calls_show():
    honitsu = Opponent(seat=0, open_melds=2, meld_kinds=PIN_CALLS)
    mixed = Opponent(seat=0, open_melds=2, meld_kinds=[(9, 10, 11), (6, 6, 6)])
    assert expected_loss(honitsu, ()) > expected_loss(mixed, ())


def test_against_simples_calls_terminals_and_honours_are_near_safe():
    tanyao = [(2, 3, 4)]
    assert call_factor(parse_kind("1m"), tanyao) < 1 and call_factor(parse_kind("7z"), tanyao) < 1
    assert call_factor(parse_kind("5s"), tanyao) == 1


def test_hard_keeps_the_tile_of_a_honitsu_callers_suit(monkeypatch):
    # seat 0 called 123p and 777p; we hold a useless 9m and a useless 5p (just drawn): the 9m goes,
    # as the pinzu hand hardly waits on it; without the reading the 5p would go
    pool = TilePool()

    def meld(text, kind):
        tiles = tuple(sorted(pool.parse(text)))
        return Meld(kind, tiles, tiles[0], 3)

    calls = (meld("123p", MeldKind.CHI), meld("777p", MeldKind.PON))

    def view():
        return make_view("57m234s678s22z13s9m", "5p", pool=TilePool(), live_tiles_left=30,
                         rivers=("1m9s4z5z2s8m6z", "", "", ""), melds=(calls, (), (), ()))

    v = view()
    assert make_agent("hard", seed=1, rules=TENHOU).act(v, v.legal).tile >> 2 == parse_kind("9m")
    monkeypatch.setattr("ai.defence.call_factor", lambda kind, melds: 1.0)
    v = view()
    assert make_agent("hard", seed=1, rules=TENHOU).act(v, v.legal).tile >> 2 == parse_kind("5p")


def test_non_riichi_hands_are_priced_as_the_houou_rons_they_show():
    # issue 16: a bare open call (one han shown) was priced 2,000 and a silent closed hand
    # 2,000; the Houou rons of such hands average 3,300 and 4,450 (agari_vectors). The classes
    # keep their order: more han shown, a bigger price; a dealer's half as much again.
    from ai.defence import DAMA_LOSS, OPEN_LOSS

    bare = Opponent(seat=0, open_melds=1, meld_kinds=[(2, 3, 4)])
    assert expected_loss(bare, ()) == OPEN_LOSS[0] == 3300
    dora = Opponent(seat=0, open_melds=2, meld_kinds=[(2, 3, 4), (31, 31, 31)],
                    yakuhai=frozenset({31, 32, 33}))
    assert expected_loss(dora, (3,)) == OPEN_LOSS[2] > OPEN_LOSS[0]  # yakuhai + dora: 3 han
    assert list(OPEN_LOSS) == sorted(OPEN_LOSS)
    silent = Opponent(seat=0)
    assert expected_loss(silent, ()) == DAMA_LOSS == 4450
    assert expected_loss(Opponent(seat=0, is_dealer=True), ()) == DAMA_LOSS * 3 // 2
