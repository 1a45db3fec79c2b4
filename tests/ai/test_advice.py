"""Practice advice (ai.advice): what a call does to the hand, checked against engine.hand.waits, and
the discard hints. Seat 1 (south) in East 1 unless a test says otherwise; the left player is
seat 0, whose discard is the called tile."""

import statistics
import time

import pytest

from ai import make_agent
from ai.advice import (
    ai_pick,
    discard_hints,
    explain_call,
    furiten_waits,
    visible_counts,
)
from engine.actions import TSUMO, Chi, Kan, Pass, Pon, Riichi
from engine.hand import shanten, ukeire, ukeire_table
from engine.meld import MeldKind, parse_meld
from engine.rules import TENHOU, RuleSet
from engine.tiles import TilePool, counts34, parse_kind
from engine.view import PlayerView
from tests.ai.helpers import make_view


def _call_view(hand: str, discard: str, rivers=("", "", "", ""), melds=((), (), (), ()),
               dora: str = "1z", seat: int = 1) -> tuple[PlayerView, int, TilePool]:
    """A view of ``seat`` asked about ``discard``, just thrown by the seat on its left."""
    pool = TilePool()
    giver = (seat + 3) % 4
    rivers = list(rivers)
    rivers[giver] = rivers[giver] + discard
    view = make_view(hand, seat=seat, rivers=tuple(rivers), melds=melds, dora=dora, pool=pool,
                     legal=())
    tile = view.rivers[giver][-1].tile
    return _with(view, last_discard=(giver, tile), turn=giver), tile, pool


def _with(view: PlayerView, **changes) -> PlayerView:
    fields = {f: getattr(view, f) for f in PlayerView.__slots__}
    fields.update(changes)
    return PlayerView(**fields)


def _hand_tiles(view, text: str) -> tuple[int, ...]:
    """Physical tiles of ``text`` taken from the view's hand (first copies)."""
    hand = list(view.hand)
    out = []
    for k in (parse_kind(x + text[-1]) for x in text[:-1]):
        t = next(t for t in hand if t >> 2 == k)
        hand.remove(t)
        out.append(t)
    return tuple(out)


def _engine_after(view, action, banned):
    """Shanten and ukeire after the best allowed discard, straight from engine.hand.waits."""
    rest = list(view.concealed)
    for t in action.tiles:
        rest.remove(t)
    visible = visible_counts(view)
    for t in action.tiles:
        visible[t >> 2] += 1
    table = ukeire_table(counts34(rest), visible)
    rows = [u for k, u in table.items() if k not in banned]
    s = min(u.shanten for u in rows)
    return s, max(u.count for u in rows if u.shanten == s)


def test_C1_yakuless_chi_is_flagged():
    # 1m chi with 23m: the run holds a terminal (no tanyao), the rest is no one suit, the lone
    # east is the round wind but no pair: an open hand with no yaku
    view, tile, _ = _call_view("23m456p678s9m19p14z", "1m")
    chi = Chi(_hand_tiles(view, "23m"), tile)
    advice = explain_call(view, chi)
    assert advice.no_yaku
    assert advice.yaku == ()
    assert not advice.closed
    # skipping keeps a closed hand: riichi is always a yaku
    skip = explain_call(view, Pass())
    assert not skip.no_yaku and skip.closed
    assert [r.name for r in skip.yaku][0] == "riichi"


def test_Y7_yakuhai_pon_keeps_a_yaku():
    view, tile, _ = _call_view("23m456p678s9m19p77z", "7z")
    pon = Pon(_hand_tiles(view, "77z"), tile)
    advice = explain_call(view, pon)
    assert not advice.no_yaku
    chun = [r for r in advice.yaku if r.name == "yakuhai: chun"]
    assert chun and chun[0].secured and chun[0].detour == 0
    # the pair alone was already a route (it needs the third copy) before the call
    assert "yakuhai: chun" in [r.name for r in explain_call(view, Pass()).yaku]


def test_Y6_tanyao_chi_kept_under_kuitan_not_without():
    view, tile, _ = _call_view("34m456p678s22p88s1z", "2m")
    chi = Chi(_hand_tiles(view, "34m"), tile)
    with_kuitan = explain_call(view, chi, RuleSet(kuitan=True))
    assert [r.name for r in with_kuitan.yaku] == ["tanyao"]
    assert with_kuitan.yaku[0].detour == 0 and not with_kuitan.no_yaku
    without = explain_call(view, chi, RuleSet(kuitan=False))
    assert "tanyao" not in [r.name for r in without.yaku]
    assert without.no_yaku


def test_call_numbers_match_engine_waits():
    view, tile, _ = _call_view("34m456p678s22p88s1z", "2m",
                               rivers=("9p", "8s2p", "1z", "5s"))
    chi = Chi(_hand_tiles(view, "34m"), tile)
    advice = explain_call(view, chi)
    assert advice.shanten_before == shanten(counts34(view.concealed)) == 1
    # kuikae (C4): 2m called at the low end of 2-3-4m bans 2m and 5m
    s, count = _engine_after(view, chi, {parse_kind("2m"), parse_kind("5m")})
    assert (advice.shanten_after, advice.ukeire) == (s, count) == (0, 4)
    assert advice.discards == (parse_kind("1z"),)
    # 2p, 5s (567s + 888s) or 8s: one 2p left, three 5s, no 8s (three in hand, one in a river)
    assert set(advice.ukeire_kinds) == {parse_kind("2p"), parse_kind("5s"), parse_kind("8s")}
    skip = explain_call(view, Pass())
    u = ukeire(counts34(view.concealed), visible_counts(view))
    assert (skip.shanten_after, skip.ukeire, skip.ukeire_kinds) == (u.shanten, u.count, u.kinds)


def test_chi_that_does_not_speed_the_hand_up():
    view, tile, _ = _call_view("123m456p789s1p2p5z6z", "3p")
    chi = Chi(_hand_tiles(view, "12p"), tile)
    advice = explain_call(view, chi)
    s, count = _engine_after(view, chi, {parse_kind("3p")})
    assert advice.shanten_before == 1
    assert (advice.shanten_after, advice.ukeire) == (s, count)
    assert advice.shanten_after == 0


def test_C3_daiminkan_counts_the_hand_waiting_for_the_replacement():
    view, tile, _ = _call_view("555z23m456p678s19p", "5z", dora="7z")
    kan = Kan(MeldKind.DAIMINKAN, _hand_tiles(view, "555z"), tile)
    advice = explain_call(view, kan)
    rest = [t for t in view.concealed if t not in kan.tiles]
    visible = visible_counts(view)
    for t in kan.tiles:
        visible[t >> 2] += 1
    u = ukeire(counts34(rest), visible)
    assert (advice.shanten_after, advice.ukeire) == (u.shanten, u.count)
    assert advice.discards == ()
    assert advice.yaku[0].name == "yakuhai: haku" and advice.yaku[0].secured
    assert advice.dora == 4  # indicator chun: haku is dora, four of them


def test_own_melds_kept_honitsu_and_toitoi_routes():
    pool = TilePool()
    meld = parse_meld("pon:111m", pool=pool)
    view, tile, _ = _call_view_with_pool(pool, "234599m55z6z7z", "9m",
                                         melds=((), (meld,), (), ()))
    pon = Pon(_hand_tiles(view, "99m"), tile)
    advice = explain_call(view, pon)
    names = [r.name for r in advice.yaku]
    assert "honitsu" in names
    assert "yakuhai: haku" in names  # the haku pair, one copy short
    assert not advice.no_yaku


def _call_view_with_pool(pool, hand, discard, melds):
    view = make_view(hand, seat=1, rivers=(discard, "", "", ""), melds=melds, pool=pool, legal=())
    tile = view.rivers[0][-1].tile
    return _with(view, last_discard=(0, tile), turn=0), tile, pool


def test_discard_hints_match_the_ukeire_table_and_mark_the_best():
    view = make_view("23m456p678s9m19p14z", drawn="4m", rivers=("", "9m1p", "", ""))
    hints = discard_hints(view)
    table = ukeire_table(counts34(view.concealed), visible_counts(view))
    assert set(hints) == set(table)
    for k, h in hints.items():
        assert (h.shanten, h.count, h.kinds) == (table[k].shanten, table[k].count,
                                                   table[k].kinds)
    low = min(h.shanten for h in hints.values())
    top = max(h.count for h in hints.values() if h.shanten == low)
    assert {k for k, h in hints.items() if h.best} == {
        k for k, h in hints.items() if h.shanten == low and h.count == top}
    assert discard_hints(_with(view, drawn=None)) == {}


def test_F1_discard_hints_mark_a_furiten_tenpai():
    # discarding 1z leaves tenpai on 1m-4m; 4m lies in the seat's own river: furiten
    view = make_view("23m456p678s22p999s", drawn="1z", rivers=("", "4m", "", ""))
    east = discard_hints(view)[parse_kind("1z")]
    assert east.shanten == 0 and east.furiten
    clean = discard_hints(make_view("23m456p678s22p999s", drawn="1z"))[parse_kind("1z")]
    assert clean.shanten == 0 and not clean.furiten
    # discarding a tile the hand then waits on is furiten too (2345m: 2m-5m nobetan)
    own = discard_hints(make_view("2345m456p678s222p", drawn="5m"))
    assert own[parse_kind("5m")].shanten == 0 and own[parse_kind("5m")].furiten
    assert not any(h.furiten for h in own.values() if h.shanten > 0)


def test_ai_pick_folds_to_genbutsu_where_the_fastest_discard_is_dangerous():
    # the bad 2-shanten hand of tests/ai/test_decisions.py, against seat 0's riichi on 7p after
    # 1z 2z 4s. Speed alone marks 9p (among others) best and 7p not (it breaks the 57p kanchan);
    # the strong AI folds to the genbutsu 7p. Without the riichi it does not.
    hand, drawn, rivers = "13m6m234p57p9p79s44s", "8m", ("1z2z4s7p", "", "", "")
    view = make_view(hand, drawn, rivers=rivers, riichi=(True, False, False, False),
                     riichi_at={0: 3}, live_tiles_left=40)
    hints = discard_hints(view)
    seven = parse_kind("7p")
    assert hints[parse_kind("9p")].best and not hints[seven].best
    assert ai_pick(view, view.legal, RuleSet()) == seven
    assert ai_pick(view, view.legal, RuleSet()) == seven  # a fixed seed: always the same pick
    calm = make_view(hand, drawn, rivers=rivers, live_tiles_left=40)
    assert ai_pick(calm, calm.legal, TENHOU) not in (seven, None)


def test_ai_pick_is_none_unless_the_ai_would_discard(monkeypatch):
    # a won hand: the AI takes the tsumo; nothing to discard: no pick
    view = make_view("123m456p789s23s11z", "4s")
    assert ai_pick(view, view.legal + (TSUMO,), TENHOU) is None
    assert ai_pick(view, (TSUMO,), TENHOU) is None
    # a riichi declaration's tile is its pick (tenpai on 25s, no yaku: it declares on the 1z)
    ready = make_view("123m456p789s34s99m", "1z")
    legal = ready.legal + (Riichi(ready.drawn),)
    assert make_agent("hard", rules=TENHOU).act(ready, legal) == Riichi(ready.drawn)
    assert ai_pick(ready, legal, TENHOU) == parse_kind("1z")
    # an AI that fails is answered with a fallback move: that is no pick of the AI's
    from ai.player import Player

    def broken(self, view, legal):
        raise RuntimeError("broken")
    monkeypatch.delenv("RIICHI_STRICT_AI", raising=False)
    monkeypatch.setattr(Player, "choose", broken)
    calm = make_view("13m6m234p57p9p79s44s", "8m")
    assert ai_pick(calm, calm.legal, TENHOU) is None


def test_F1_furiten_waits_are_the_ones_in_the_own_river():
    view = make_view("23m456p678s22p99s", rivers=("", "4m7z", "", ""))
    view = _with(view, waits=(parse_kind("1m"), parse_kind("4m")), furiten=True)
    assert furiten_waits(view) == (parse_kind("4m"),)
    assert furiten_waits(_with(view, rivers=((), (), (), ()))) == ()


def test_explain_call_refuses_other_actions():
    view, tile, _ = _call_view("23m456p678s9m19p77z", "7z")
    from engine.actions import Discard
    with pytest.raises(ValueError, match="explain_call"):
        explain_call(view, Discard(view.hand[0]))


def test_advice_is_fast_enough_for_every_prompt():
    view, tile, _ = _call_view("34m456p678s22p88s1z", "2m", rivers=("9p1z", "8s2p", "1z", "5s"))
    chi = Chi(_hand_tiles(view, "34m"), tile)
    hand_view = make_view("23m456p678s9m19p14z", drawn="4m")
    explain_call(view, chi)
    discard_hints(hand_view)  # warm the shanten tables
    times = []
    for _ in range(15):
        start = time.perf_counter()
        explain_call(view, chi)
        explain_call(view, Pass())
        discard_hints(hand_view)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.020


def test_every_call_offered_in_a_game_is_explained_consistently():
    """A whole hanchan of normal AIs: every chi, pon and kan offered is explained, and the
    numbers agree with engine.hand.waits for the hand the call leaves."""
    from ai import make_agent
    from ai.advice import _kuikae
    from engine.game import Game

    rules = RuleSet()
    game = Game(rules, 3)
    agents = [make_agent("normal", seed=12 + s, rules=TENHOU) for s in range(4)]
    explained = 0
    while not game.over:
        pending = game.pending()
        seat = sorted(pending)[0]
        legal = pending[seat]
        view = game.view(seat)
        for a in legal:
            if not isinstance(a, (Chi, Pon, Kan)):
                continue
            advice = explain_call(view, a, rules)
            explained += 1
            assert advice.shanten_before == shanten(counts34(view.concealed))
            assert advice.no_yaku == (not advice.closed and not advice.yaku)
            if isinstance(a, Kan):
                rest = list(view.concealed)
                for t in a.tiles:
                    rest.remove(t)
                visible = visible_counts(view)
                for t in a.tiles:
                    visible[t >> 2] += 1
                u = ukeire(counts34(rest), visible)
                assert (advice.shanten_after, advice.ukeire) == (u.shanten, u.count)
            else:
                assert (advice.shanten_after, advice.ukeire) == _engine_after(
                    view, a, _kuikae(a, rules))
        game.submit(seat, agents[seat].act(view, legal))
    assert explained > 50


def test_Y26_chinitsu_is_no_route_when_most_of_the_hand_must_go():
    # after 7m chi with 89m only 1m 3m 8m 9m are manzu: seven tiles short of a one-suit hand,
    # 6-shanten (the bare shape formula would say 4, one step behind the hand); with the three
    # honours, honitsu is 4-shanten: one step behind, still a route (and so is chanta: 123m, the
    # called 789m, a 1z pair and a 3z triplet are five tiles away)
    view, tile, _ = _call_view("13889m6p348s1z3z6z9m", "7m")
    chi = Chi(_hand_tiles(view, "89m"), tile)
    advice = explain_call(view, chi)
    assert advice.shanten_after == 3
    assert [(r.name, r.shanten, r.detour) for r in advice.yaku] == [("honitsu", 4, 1),
                                                                   ("chanta", 4, 1)]
    assert not advice.no_yaku


# --- ittsu, sanshoku and chanta routes (found by ai.value, named as the scoring engine names them)


def _routes(advice) -> dict[str, tuple[int, int, bool, int]]:
    return {r.name: (r.han, r.shanten, r.secured, r.detour) for r in advice.yaku}


def test_Y_ittsu_chi_completing_789m_keeps_a_yaku():
    # 123456m held, 7m called with 89m: the ittsu is complete (secured), open 1 han; no other
    # route (terminals, three suits, no yakuhai pair): before these routes it showed none!
    view, tile, _ = _call_view("123456m89m23p19s1z", "7m")
    advice = explain_call(view, Chi(_hand_tiles(view, "89m"), tile))
    assert not advice.no_yaku and not advice.closed
    assert advice.shanten_after == 1
    assert _routes(advice) == {"ittsu": (1, 1, True, 0)}
    # skipping it: a closed hand, riichi first, ittsu 2 han closed (the 7m still to draw)
    skip = _routes(explain_call(view, Pass()))
    assert next(iter(skip)) == "riichi"
    assert skip["ittsu"] == (2, 2, False, 0)


def test_Y_sanshoku_chi_keeps_the_yaku():
    # 123m 123p held, 3s called with 12s: sanshoku 123 complete, tenpai after the 9s
    view, tile, _ = _call_view("123m123p12s456p9s5z", "3s")
    advice = explain_call(view, Chi(_hand_tiles(view, "12s"), tile))
    assert not advice.no_yaku
    assert advice.shanten_after == 0
    assert _routes(advice) == {"sanshoku doujun": (1, 0, True, 0)}
    # a chi of another run of the suit keeps no sanshoku: 12s would still be short of 3s
    view, tile, _ = _call_view("123m123p23s456p9s5z", "4s")
    other = explain_call(view, Chi(_hand_tiles(view, "23s"), tile))
    assert "sanshoku doujun" not in _routes(other)


def test_Y_chanta_and_junchan_routes():
    # 123m 789p 11z 99s after a 123s chi, the 5p to go: tenpai on 1z / 9s, chanta (the east
    # pair is needed: junchan without it is a step slower), open 1 han
    view, tile, _ = _call_view("123m789p12s11z99s5p", "3s")
    advice = explain_call(view, Chi(_hand_tiles(view, "12s"), tile))
    assert advice.shanten_after == 0 and not advice.no_yaku
    assert _routes(advice)["chanta"] == (1, 0, False, 0)
    assert "junchan" not in _routes(advice)
    # no honour needed: junchan, open 2 han (closed 3 when skipped)
    view, tile, _ = _call_view("123m789p12s99m19s5z", "3s")
    advice = explain_call(view, Chi(_hand_tiles(view, "12s"), tile))
    assert _routes(advice) == {"junchan": (2, 1, False, 0)}
    assert _routes(explain_call(view, Pass()))["junchan"] == (3, 2, False, 0)


def test_C1_chi_with_no_run_yaku_still_shows_none():
    # the yakuless chi of test_C1: no ittsu, sanshoku or chanta within reach either
    view, tile, _ = _call_view("23m456p678s9m19p14z", "1m")
    advice = explain_call(view, Chi(_hand_tiles(view, "23m"), tile))
    assert advice.no_yaku and advice.yaku == ()


def test_run_route_names_are_scoring_engine_ids():
    # the UI finds a route's text by its name (yaku.<name> in assets/i18n): these must be ids of
    # the scoring registry, whose every name tests/app/test_assets.py checks in both languages
    from ai.advice import _HAN
    from engine.scoring.yaku import YAKU

    assert _HAN == {"ittsu": (2, 1), "sanshoku doujun": (2, 1), "chanta": (2, 1),
                    "junchan": (3, 2)}
    assert set(_HAN) <= {y.name for y in YAKU}
