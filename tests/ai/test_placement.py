"""Issue 4, item 6: placement in the last round — the hand needed to move up, when a deal-in
costs a place, and the one reason to let a win go (G6 ranking, G7 uma and oka)."""

import pytest

from ai import make_agent
from ai.placement import Outlook, is_all_last
from engine.actions import PASS, RON, TSUMO, Discard, Riichi
from engine.rules import TENHOU, TENHOU3, RuleSet
from engine.tiles import TilePool
from tests.ai.helpers import make_view

RULES = RuleSet()


def outlook(scores, seat, dealer=3, round_index=7, honba=0, sticks=0):
    return Outlook(RULES, tuple(scores), seat, dealer, round_index, honba, sticks)


def test_all_last_is_the_last_regular_round_and_the_extension():
    assert not is_all_last(6, RULES)
    assert is_all_last(7, RULES) and is_all_last(9, RULES)
    assert is_all_last(3, RuleSet(length="tonpuusen")) and not is_all_last(2, RuleSet(length="tonpuusen"))


def test_G6_needs_counts_the_tie_break_by_seat_order():
    # seat 1 (non-dealer) is last with 15000; seat 2 has 19000. A ron from seat 2 of 2000
    # leaves 17000 each: a tie goes to the earlier seat (G6), so seat 1 moves up.
    o = outlook((32000, 15000, 19000, 34000), seat=1)
    assert o.rank == 3
    up = o.needs()[0]
    assert up.place == 2
    assert up.ron[2] == 2000
    # from the others the whole 4000 gap must be closed (19000 each wins the tie): the
    # smallest non-dealer ron price of at least 4000 is 4500 (2 han 70 fu)
    assert up.ron[0] == 4500 and up.ron[3] == 4500
    # a tsumo takes from seat 2 too: 400/700 + ... the smallest tsumo that gets there
    assert up.tsumo is not None and up.tsumo < 5200


def test_G6_a_later_seat_must_pass_strictly():
    o = outlook((32000, 19000, 15000, 34000), seat=2)
    up = o.needs()[0]
    # 2000 would leave 17000 each and lose the tie; the next price, 2300 (1 han 70 fu), passes
    assert up.ron[1] == 2300


def test_needs_counts_honba_and_riichi_sticks():
    plain = outlook((32000, 15000, 19000, 34000), seat=1).needs()[0]
    helped = outlook((31000, 14000, 19000, 34000), seat=1, honba=2, sticks=2).needs()[0]
    # two sticks (+2000) and two honba (+600 on a ron) against a gap 1000 larger
    assert helped.ron[0] < plain.ron[0]


def test_first_place_needs_nothing():
    assert outlook((40000, 20000, 20000, 20000), seat=0).needs() == []


def test_G7_a_deal_in_that_costs_a_place_costs_its_uma():
    # the leader by 3000 deals 3900 into second: it loses the place, 20 uma + 20 oka + 10 uma
    o = outlook((30000, 27000, 23000, 20000), seat=0)
    assert o.loss(1, 3900) == pytest.approx(3900 + 1000 * (20 + 20 - 10))
    # 1000 into last place costs no place; 3900 into it drops the leader below seat 1
    assert o.loss(3, 1000) == pytest.approx(1000)
    assert o.loss(3, 3900) == pytest.approx(3900 + 1000 * (20 + 20 - 10))
    # the last seat can only lose points
    last = outlook((30000, 27000, 23000, 20000), seat=3)
    assert last.loss(0, 8000) == pytest.approx(8000)


def test_leader_denies_more_than_the_last_seat():
    lead = outlook((30000, 27000, 23000, 20000), seat=0)
    last = outlook((30000, 27000, 23000, 20000), seat=3)
    assert lead.deny > 5000 > last.deny


# A pinfu-tanyao hand with one dora, waiting on 4s-7s: 3900 by ron, 1300/2600 by tsumo.
HAND = "234m456p678s33p56s"
DORA = "1m"  # dora 2m


def ron_view(scores, discarder, round_index=7, riichi=False):
    pool = TilePool()
    view = make_view(HAND, seat=1, dealer=3, round_index=round_index, scores=scores, dora=DORA,
                     legal=(RON, PASS), pool=pool, riichi=(False, riichi, False, False),
                     live_tiles_left=40)
    tile = pool.parse("7s")[0]
    return view.__class__(**{**{f: getattr(view, f) for f in view.__slots__},
                             "last_discard": (discarder, tile)})


LAST = (32000, 15000, 19500, 33500)  # seat 1 last, 4500 behind seat 2


def test_takes_a_ron_that_moves_up():
    # 3900 from seat 2 (the seat just above): 18900 vs 15600
    assert make_agent("hard", seed=1, rules=TENHOU).act(ron_view(LAST, 2), (RON, PASS)) == RON


def test_lets_a_ron_go_that_ends_the_game_in_last_place():
    # 3900 from seat 0 leaves seat 1 last (18900 < 19500) and ends the game; a tsumo
    # (1300/2600) or the same ron from seat 2 would move it up: let it go (mi-nogashi)
    assert make_agent("hard", seed=1, rules=TENHOU).act(ron_view(LAST, 0), (RON, PASS)) == PASS


def test_takes_the_same_ron_before_the_last_round():
    view = ron_view(LAST, 0, round_index=6)
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, (RON, PASS)) == RON


def test_takes_the_same_ron_when_it_is_enough():
    scores = (32000, 15000, 18500, 34500)  # 3900 from anyone passes seat 2
    assert make_agent("hard", seed=1, rules=TENHOU).act(ron_view(scores, 0), (RON, PASS)) == RON


def test_takes_the_ron_when_waiting_risks_a_place():
    # second place, 1000 above third: the cheap win ends the game in second: take it
    scores = (40000, 25000, 24000, 11000)
    assert make_agent("hard", seed=1, rules=TENHOU).act(ron_view(scores, 3), (RON, PASS)) == RON


@pytest.mark.parametrize("kind", ["easy", "normal", "greedy"])
def test_only_hard_plays_for_placement(kind):
    assert make_agent(kind, seed=1, rules=TENHOU).act(ron_view(LAST, 0), (RON, PASS)) == RON


def test_ura_dora_may_move_up_after_riichi():
    # the same ron under riichi: two ura han could make it 7700+ and pass seat 2: take it
    view = ron_view(LAST, 0, riichi=True)
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, (RON, PASS)) == RON


def test_dealer_win_in_all_last_is_always_taken():
    pool = TilePool()
    view = make_view(HAND, seat=3, dealer=3, round_index=7, scores=(32000, 33500, 19500, 15000),
                     dora=DORA, legal=(RON, PASS), pool=pool, live_tiles_left=40)
    tile = pool.parse("7s")[0]
    view = view.__class__(**{**{f: getattr(view, f) for f in view.__slots__},
                             "last_discard": (0, tile)})
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, (RON, PASS)) == RON


def riichi_view(round_index, scores):
    pool = TilePool()
    # discarding 9p leaves pinfu-tanyao-dora tenpai on 4s-7s
    view = make_view("234m456p678s33p5s9p", "6s", seat=1, dealer=3, round_index=round_index,
                     scores=scores, dora=DORA, pool=pool, live_tiles_left=50)
    riichi = Riichi(pool.parse("9p")[0])
    return view, view.legal + (riichi,), riichi


def test_a_narrow_leader_stays_dama_in_the_all_last():
    # leading by 500: a riichi stick that is not won back costs first place; dama keeps the
    # lead and the option to fold. The same hand and scores one round earlier: riichi.
    scores = (25500, 26000, 24000, 24500)
    view, legal, riichi = riichi_view(6, scores)
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, legal) == riichi
    view, legal, riichi = riichi_view(7, scores)
    act = make_agent("hard", seed=1, rules=TENHOU).act(view, legal)
    assert act != riichi and act.tile >> 2 == riichi.tile >> 2


def test_a_discard_is_always_legal_after_letting_a_tsumo_go():
    pool = TilePool()
    view = make_view("234m456p678s33p56s", "7s", seat=1, dealer=3, round_index=7,
                     scores=LAST, dora=DORA, pool=pool, live_tiles_left=40)
    legal = view.legal + (TSUMO,)
    act = make_agent("hard", seed=1, rules=TENHOU).act(view, legal)
    assert act in legal
    # a tsumo of 1300/2600 moves seat 1 above seat 2 (20200 vs 18200): taken
    assert act == TSUMO
    assert not isinstance(act, Discard)


RIICHI_RIVER = "1z9m1p9s3p2z3z4z"  # seat 2 declared riichi on the 4z


@pytest.mark.parametrize("hand, drawn, river, last_pushes", [
    ("2444788999m347s", "5s", RIICHI_RIVER + "6z1m", False),  # 1-shanten, no yaku but riichi
    ("234m55p678p23s789s", "6m", RIICHI_RIVER + "6z1m7p2p", True),  # pinfu, ready on 14s
])
def test_a_deal_in_that_costs_first_place_makes_the_leader_fold(hand, drawn, river, last_pushes):
    """East 1 pushes these hands against seat 2's riichi (at its 10th / 12th discard); in the
    all-last the leader, 5000 above seat 2, folds: a deal-in would cost it first place, and
    noten at a draw would not (seat 2 gets 3000 at most). The last
    seat far behind pushes the ready pinfu; the riichi-only 1-shanten, whose win would lift it no
    place (12,000 short of third), is not worth the danger of its discards. (Against the same
    riichi at its 8th discard, whose waits are among more kinds, the hard AI pushes both hands
    in the all-last too: ai.defence.NUMBER_WAITS, measured.)"""
    safe = {k for k in TilePool().parse(river)}
    safe_kinds = {t >> 2 for t in safe}

    def choice(round_index, scores):
        view = make_view(hand, drawn, seat=1, dealer=3 if round_index >= 4 else 0,
                         round_index=round_index, scores=scores,
                         live_tiles_left=40 - 4 * (len(river) // 2 - 8),
                         rivers=("", "", river, ""), riichi=(False, False, True, False),
                         riichi_at={2: len(river) // 2 - 1})
        return make_agent("hard", seed=1, rules=TENHOU).act(view, view.legal).tile >> 2

    assert choice(0, (25000, 25000, 25000, 25000)) not in safe_kinds
    assert (choice(7, (24000, 12000, 29000, 35000)) not in safe_kinds) == last_pushes
    assert choice(7, (24000, 34000, 29000, 13000)) in safe_kinds  # the leader folds


def test_K1_G4_a_leader_whose_noten_would_cost_first_place_stays_ready():
    """The all-last leader 2000 or 3000 above seat 2's riichi: folding, it is noten at a draw
    where the riichi is ready and takes first place from it (K1), as a win or tsumo of the riichi
    would; its ready pinfu keeps the place by a win or a draw. From 4000 above a draw's 3000
    leave it first (at 4000 on the tie, by seat order: G6), and it folds (above, at 5000). The
    riichi-only 1-shanten folds either way: it is paid at a draw only if it gets ready, by
    pushing the tiles on the way."""
    river = RIICHI_RIVER + "6z1m7p2p"
    safe_kinds = {t >> 2 for t in TilePool().parse(river)}
    outlook = Outlook(TENHOU, (24000, 31000, 29000, 16000), seat=1, dealer=3, round_index=7,
                      honba=0, sticks=1)
    clear = Outlook(TENHOU, (24000, 45000, 29000, 2000), seat=1, dealer=3, round_index=7,
                    honba=0, sticks=1)
    riichi = (False, False, True, False)
    # a place is worth far more than the payments a clear leader gets or saves (1000 to 3000)
    assert 1000 < clear.keiten_worth(riichi) <= 3000 < 3 * 3000 < outlook.keiten_worth(riichi)

    def choice(hand, drawn, scores):
        view = make_view(hand, drawn, seat=1, dealer=3, round_index=7, scores=scores,
                         live_tiles_left=24, rivers=("", "", river, ""), riichi=riichi,
                         riichi_at={2: len(river) // 2 - 1})
        return make_agent("hard", seed=1, rules=TENHOU).act(view, view.legal).tile >> 2

    for scores in ((24000, 31000, 29000, 16000), (24000, 32000, 29000, 15000)):
        assert choice("234m55p678p23s789s", "6m", scores) not in safe_kinds
        assert choice("2444788999m347s", "5s", scores) in safe_kinds


def test_G2_a_last_dealer_keeps_the_deal_by_tenpai():
    """The all-last dealer in last place: noten at a draw ends the game there, tenpai plays
    another hand (G2), worth more than the payments a clear leader's tenpai gets."""
    dealer = Outlook(TENHOU, (35000, 25000, 21000, 19000), seat=3, dealer=3, round_index=7,
                     honba=0, sticks=0)
    leader = Outlook(TENHOU, (35000, 25000, 21000, 19000), seat=0, dealer=3, round_index=7,
                     honba=0, sticks=0)
    calm = (False,) * 4
    assert dealer.keiten_worth(calm) > leader.keiten_worth(calm) > 0


def test_deal_in_limits_name_the_smallest_ron_that_costs_a_place():
    o = outlook((30000, 27000, 23000, 20000), seat=0)
    # to seat 1: above 1500 it passes (a tie would stay with seat 0): 1600 (1 han 50 fu);
    # to seat 2 or the dealer: anything above 3000 drops seat 0 below seat 1 - 3200 for a
    # non-dealer (1 han 100 fu), 3400 for the dealer (1 han 70 fu)
    assert o.deal_in_limits() == {1: 1600, 2: 3200, 3: 3400}
    last = outlook((30000, 27000, 23000, 20000), seat=3)
    assert last.deal_in_limits() == {0: None, 1: None, 2: None}


def test_a_chankan_ron_in_the_all_last_is_taken():
    # robbing a kan: the view has no discard open to calls (the tile is a kan's); the
    # placement check must not stumble on it - the win is taken
    view = ron_view(LAST, 0)
    view = view.__class__(**{**{f: getattr(view, f) for f in view.__slots__},
                             "last_discard": None})
    assert make_agent("hard", seed=1, rules=TENHOU).act(view, (RON, PASS)) == RON


def test_K1_P1_three_seats_price_a_draw_by_their_own_payments():
    """Three seats (P1): 2000 in all at a draw. A clear leader's tenpai gets 1000 or 2000 more
    than its noten would; just above a riichi whose payments would pass it, a place more. Below
    the 40,000 return points nobody has, the game goes on (G5): the payments alone."""
    riichi = (False, True, False)
    clear = Outlook(TENHOU3, (60000, 25000, 20000), seat=0, dealer=2, round_index=6, honba=0,
                    sticks=1)
    narrow = Outlook(TENHOU3, (42000, 41000, 22000), seat=0, dealer=2, round_index=6, honba=0,
                     sticks=1)
    on = Outlook(TENHOU3, (36000, 35000, 34000), seat=0, dealer=2, round_index=6, honba=0,
                 sticks=1)
    assert 1000 <= clear.keiten_worth(riichi) <= 2000 < narrow.keiten_worth(riichi)
    assert 1000 <= on.keiten_worth(riichi) <= 2000
