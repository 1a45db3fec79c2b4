"""The hard AI's three-player judgement (P1, ``ai.sanma``): deal-ins priced as three-player
hands (bigger, and a dora for every North the opponent set aside), a race against opponents who
may be ready that is faster at three seats, a win that denies bigger hands, and yakuhai pons
taken a step further from tenpai. Each test fails with its rule taken out (its figure set to
the four-player one); four-player play keeps the four-player figures."""

from __future__ import annotations

import dataclasses

import pytest

from ai import make_agent, player, sanma
from ai.chances import HAZARD, WIN_BONUS, race_hazard, riichi_denial
from ai.defence import expected_loss, threat_cost
from ai.observe import observe
from engine.actions import Discard, Pass, Pon
from engine.meld import Meld, MeldKind
from engine.rules import preset
from engine.tiles import TilePool, parse_kind, seat_wind
from engine.view import PlayerView, RiverTile
from tests.ai.helpers import make_view, offering_riichi, turn_order

TENHOU3 = preset("tenhou3")
TENHOU = preset("tenhou")
NONE3: tuple[tuple, ...] = ((), (), ())


def view3(hand: str, drawn: str | None = None, *, seat: int = 1, dealer: int = 0,
          rivers: tuple[str, str, str] = ("", "", ""),
          riichi: tuple[bool, bool, bool] = (False, False, False),
          riichi_at: dict[int, int] | None = None, nuki: tuple[str, str, str] = ("", "", ""),
          melds=NONE3, dora: str = "1z", legal=None, live_tiles_left: int = 40,
          last_discard: tuple[int, int] | None = None, pool: TilePool | None = None,
          round_index: int = 0) -> PlayerView:
    """A three-player view of ``seat`` (the tenhou3 tile set: red 5p and 5s only)."""
    pool = pool or TilePool(TENHOU3.red_fives)
    tiles = tuple(sorted(pool.parse(hand)))
    d = pool.parse(drawn)[0] if drawn else None
    riichi_at = riichi_at or {}
    rv = tuple(tuple(RiverTile(t, False, riichi=riichi_at.get(s) == i, order=turn_order(i, s, dealer, 3))
                     for i, t in enumerate(pool.parse(text) if text else ()))
               for s, text in enumerate(rivers))
    if legal is None:
        legal = tuple(Discard(t) for t in tiles + ((d,) if d is not None else ()))
    return PlayerView(
        seat=seat, round_index=round_index, round_wind=27 + round_index // 4,
        seat_wind=seat_wind(seat, dealer, 3), dealer=dealer, honba=0, sticks=0,
        scores=(35000, 35000, 35000), hand=tiles, drawn=d, melds=melds, rivers=rv,
        dora_indicators=tuple(pool.parse(dora)), riichi=riichi, open_hands=(None,) * 3,
        live_tiles_left=live_tiles_left, kans=0, turn=seat, last_discard=last_discard,
        waits=(), furiten=False, ippatsu=False, legal=tuple(legal),
        nuki=tuple(tuple(pool.parse(n)) if n else () for n in nuki),
    )


def hard3():
    return make_agent("hard", seed=1, rules=TENHOU3)


def riichi_on(nuki: str = "") -> PlayerView:
    """Seat 0 declared riichi on its third discard (7s), with ``nuki`` Norths set aside; seat 1
    holds a 1-shanten hand and a fresh 5p."""
    return view3("19p234p067s23788s", "5p", rivers=("1z2z7s", "", "3z"),
                 riichi=(True, False, False), riichi_at={0: 2}, nuki=(nuki, "", ""))


def test_P1_a_deal_in_is_priced_as_a_three_player_hand():
    agent = hard3()
    sit = observe(riichi_on())
    five = parse_kind("5p")
    four_player = threat_cost(five, sit.opponents, sit.unseen, sit.dora, sit.turn, calibrated=False)
    four_player *= agent.style.defence
    assert four_player > 0
    assert agent._danger(sit, five) == pytest.approx(
        four_player * sanma.RIICHI_LOSS_SCALE * (1 - sanma.PAID_ANYWAY))
    # three-player riichi hands: a non-dealer's deal-in costs ~9,000 against the four-player
    # model's 5,200, a dealer's ~11,400 against 7,800
    assert 1.6 <= sanma.RIICHI_LOSS_SCALE <= 1.8


def test_P1_a_deal_in_into_an_open_hand_is_priced_as_a_three_player_hand():
    agent = hard3()
    pool = TilePool(TENHOU3.red_fives)
    tiles = tuple(pool.parse("777z"))
    pon = Meld(MeldKind.PON, tiles, called=tiles[0], source=1)
    sit = observe(view3("19p234p067s23788s", "5p", rivers=("1z2z7s1s9p4z4s1p", "", "3z"),
                        melds=((pon,), (), ()), pool=pool))
    five = parse_kind("5p")
    four_player = threat_cost(five, sit.opponents, sit.unseen, sit.dora, sit.turn, calibrated=False)
    assert four_player > 0
    assert agent._danger(sit, five) == pytest.approx(
        four_player * agent.style.defence * sanma.LOSS_SCALE * (1 - sanma.PAID_ANYWAY))
    assert sanma.LOSS_SCALE > 1.0


def test_P1_each_north_the_opponent_set_aside_adds_a_dora_to_the_deal_in_price():
    agent = hard3()
    five = parse_kind("5p")
    bare, two = (agent._danger(observe(riichi_on(n)), five) for n in ("", "4z4z"))
    assert two > bare > 0
    sit = observe(riichi_on("4z4z"))
    riichi = next(o for o in sit.opponents if o.riichi)
    assert sanma.deal_in_loss(riichi, sit.dora, 2) == pytest.approx(
        sanma.deal_in_loss(riichi, sit.dora, 0) + 2 * sanma.NUKI_LOSS * (1 - sanma.PAID_ANYWAY))
    assert sanma.NUKI_LOSS > 0


def test_P1_the_race_is_faster_while_an_opponent_may_be_ready():
    agent = hard3()
    calm = observe(view3("19p234p067s23788s", "5p", rivers=("1z2z7s", "", "3z")))
    threat = observe(riichi_on())
    assert agent._hazard(calm) == pytest.approx(HAZARD)  # nobody ready this early
    assert agent._hazard(threat) >= HAZARD + sanma.READY_HAZARD > HAZARD
    # the same 1-shanten hand is worth less against a riichi: the riichi may win first
    kept = [k for k in calm.counts]
    kept[parse_kind("9p")] -= 1
    tiles = [t for t in threat.view.concealed if t >> 2 != parse_kind("9p")]
    assert agent.evaluate(threat, kept, tiles)[0] < agent.evaluate(calm, kept, tiles)[0]


def test_P1_four_player_race_and_win_bonus_keep_the_four_player_figures():
    agent = make_agent("hard", seed=1, rules=TENHOU)
    sit = observe(make_view("19p234p067s23788s", "5p", rivers=("1z2z7s", "", "", ""),
                            riichi=(True, False, False, False), riichi_at={0: 2}))
    # four-player hard prices the race measured on four-player Houou games (issue 16,
    # ai.chances.race_hazard); without that knob, the flat four-player figures
    assert agent._hazard(sit) == race_hazard(1)
    assert agent._win_bonus(sit) == WIN_BONUS + riichi_denial([True], False)
    agent.style = dataclasses.replace(agent.style, race=False)
    assert agent._hazard(sit) == HAZARD
    assert agent._win_bonus(sit) == WIN_BONUS


def test_P1_a_win_denies_bigger_hands_at_three_seats():
    agent = hard3()
    assert agent._win_bonus(observe(riichi_on())) == sanma.WIN_BONUS > WIN_BONUS


def test_P1_a_dragon_pon_is_taken_a_step_further_from_tenpai():
    # five steps from tenpai with a pair of chun: the pon leaves four, one more than a
    # four-player table allows even for a value pon; three-player hands are fast and dear
    pool = TilePool(TENHOU3.red_fives)
    hand = "1m1458p2579s77z12z"
    pair = tuple(t for t in view3(hand, pool=pool, legal=()).hand if t >> 2 == parse_kind("7z"))
    called = pool.parse("7z")[0]
    legal = (Pon(pair, called), Pass())
    view = view3(hand, legal=legal, last_discard=(0, called))
    assert sanma.call_reach(observe(view), parse_kind("7z")) == sanma.YAKUHAI_REACH >= 1
    assert hard3().act(view, legal) == legal[0]
    assert sanma.call_reach(observe(view), parse_kind("1p")) == 0  # not a value tile


def test_P1_a_one_shanten_hand_folds_against_a_three_player_riichi(monkeypatch):
    # 1-shanten (1123p 3p 22s 4s 7889s 77z) against a riichi on its seventh discard: with the
    # four-player prices the hand goes on (4s); priced as a three-player riichi (bigger, and
    # likelier to win first) it folds the genbutsu 1p. (The hand of this test had a 9p where
    # the 4s is, and the riichi's river an 8s: with the measured price of a three-player riichi
    # that hand pushes the 9p, suji of the 6p, and rightly so)
    view = view3("1233p2247889s77z", "1p", rivers=("6p3z1p7p1s8p4z", "1z", "2z"),
                 riichi=(True, False, False), riichi_at={0: 6}, live_tiles_left=30)
    assert hard3().act(view, view.legal).tile >> 2 == parse_kind("1p")
    for name, four in (("RIICHI_LOSS_SCALE", 1.0), ("LOSS_SCALE", 1.0), ("NUKI_LOSS", 0),
                       ("READY_HAZARD", 0.0), ("WIN_BONUS", WIN_BONUS), ("PAID_ANYWAY", 0.0)):
        monkeypatch.setattr(sanma, name, four)
    assert hard3().act(view, view.legal).tile >> 2 == parse_kind("4s")


def test_P1_the_all_last_prices_another_seats_win_as_a_three_player_hand(monkeypatch):
    from ai.placement import TYPICAL_WIN, Outlook

    def deny() -> float:
        return Outlook(TENHOU3, scores=(41000, 38000, 26000), seat=0, dealer=2, round_index=6,
                       honba=0, sticks=0).deny

    assert sanma.TYPICAL_WIN > TYPICAL_WIN
    three = deny()
    monkeypatch.setattr(sanma, "TYPICAL_WIN", TYPICAL_WIN)  # the four-player figure
    assert three > deny() > 0


def riichi_late(live_tiles_left: int) -> PlayerView:
    """Seat 1 tenpai (234p 678p 456s 99s 13s, waiting on 2s) draws a 6s (suji of the 3s and 9s
    the riichi threw) against seat 0's riichi, with ``live_tiles_left`` tiles to draw."""
    return offering_riichi(view3("234p678p456s99s13s", "6s", rivers=("1z2z6z1p9s3s7p", "3z", "4z"),
                                 riichi=(True, False, False), riichi_at={0: 6},
                                 live_tiles_left=live_tiles_left))


def test_P1_a_ready_hand_is_worth_the_noten_payment_at_three_seats():
    # K1 with 2,000 in all at three seats: tenpai and noten differ by 2,000 at a draw whoever
    # else is ready; a ready hand gets it when the wall runs out (nobody wins first), a
    # 1-shanten one only if it gets ready in time, a hand further away is left at nothing
    late = sanma.keiten(0, 6, 40, 3, 0.1, 0.2, TENHOU3.noten_total)
    assert late == pytest.approx(2000 * 0.9 ** 3 * 0.8)
    assert sanma.keiten(0, 6, 40, 12, 0.1, 0.2, 2000) < late  # more draws: likelier a win
    assert 0 < sanma.keiten(1, 8, 40, 3, 0.1, 0.2, 2000) < late
    assert sanma.keiten(2, 20, 40, 3, 0.1, 0.2, 2000) == 0.0
    # no draw of its own left: its last discard still decides whether it is ready at the draw
    # (the others draw once more); a 1-shanten hand can no longer get there
    assert sanma.keiten(0, 6, 40, 0, 0.1, 0.2, 2000) == pytest.approx(2000 * 0.9 * 0.8)
    assert sanma.keiten(1, 8, 40, 0, 0.1, 0.2, 2000) == 0.0


def test_P1_a_ready_hand_late_keeps_its_tenpai_for_the_noten_payment(monkeypatch):
    # against the riichi, throwing the drawn 6s keeps the hand ready; the genbutsu 9s breaks it.
    # With the noten payment priced the hand stays ready; without it (or at four seats, which
    # do not price it) it folds
    view = riichi_late(9)
    assert hard3().act(view, view.legal).tile >> 2 == parse_kind("6s")
    monkeypatch.setattr(sanma, "keiten", lambda *args: 0.0)
    assert hard3().act(view, view.legal).tile >> 2 == parse_kind("9s")


def test_P1_a_deal_in_is_priced_net_of_what_the_seat_pays_of_the_hand_anyway():
    # a seat that folds still pays its share when the riichi wins by tsumo later (about a
    # quarter of them do, a third of the ron each): that part is no cost of dealing in
    sit = observe(riichi_on())
    riichi = next(o for o in sit.opponents if o.riichi)
    gross = expected_loss(riichi, sit.dora) * sanma.RIICHI_LOSS_SCALE
    assert sanma.deal_in_loss(riichi, sit.dora, 0) == pytest.approx(
        gross * (1 - sanma.PAID_ANYWAY))
    assert 0.05 <= sanma.PAID_ANYWAY <= 0.15


def test_P1_a_ready_hand_pushes_a_four_against_a_riichi_priced_as_measured(monkeypatch):
    # ready (234p 678p 456s 99s 13s, on 2s), drawing a non-suji 4p against the riichi with 12
    # tiles to draw: priced as a measured three-player riichi, net of the tsumo share paid
    # anyway, the hand throws the 4p and stays ready; with the earlier price (2.0, nothing paid
    # anyway, and the fold's step back from tenpai keeping half its attack as then) it folds the
    # genbutsu 3s
    view = view3("234p678p456s99s13s", "4p", rivers=("1z2z6z1p9s3s7p", "3z", "4z"),
                 riichi=(True, False, False), riichi_at={0: 6}, live_tiles_left=12)
    assert hard3().act(view, view.legal).tile >> 2 == parse_kind("4p")
    monkeypatch.setattr(sanma, "RIICHI_LOSS_SCALE", 2.0)
    monkeypatch.setattr(sanma, "PAID_ANYWAY", 0.0)
    monkeypatch.setattr(player, "SHANTEN_BACK", 0.5)
    assert hard3().act(view, view.legal).tile >> 2 == parse_kind("3s")
