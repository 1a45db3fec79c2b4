"""One round at the table: dealing, discards, calls, riichi, furiten, draws (rules T C R F K)."""

import random

import pytest

from engine.actions import ABORT, PASS, RON, TSUMO, Discard, Kan, Riichi
from engine.errors import IllegalAction, InvalidNotation
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    DrawKind,
    Drew,
    KanDeclared,
    RiichiAccepted,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
    Win,
)
from engine.meld import MeldKind
from engine.rules import RuleSet
from engine.table import Phase, Table
from engine.tiles import TilePool, parse_tiles
from engine.wall import Wall

RULES = RuleSet()


def scripted(hands, draws="", dead=None, dealer=0, rules=RULES, **kw):
    """A table from mpsz hands (absolute seats), live draws in order and dead-wall tiles
    ({position: mpsz}); distinct physical copies throughout. A hand shorter than 13 tiles is
    filled with isolated tiles of kinds far from every scripted tile (no pair, no sequence)."""
    pool = TilePool(rules.red_fives)
    hs = [pool.parse(h) for h in hands]
    ds = pool.parse(draws) if draws else []
    dd = {pos: pool.parse(t)[0] for pos, t in (dead or {}).items()}
    script_kinds = {t >> 2 for t in pool.used}
    order = (1, 4, 7, 10, 13, 16, 19, 22, 25) + tuple(range(27, 34)) + (
        0, 3, 6, 9, 12, 15, 18, 21, 24, 2, 5, 8, 11, 14, 17, 20, 23, 26)
    yao = {0, 8, 9, 17, 18, 26, *range(27, 34)}
    for strict in (True, False):  # first kinds no script uses, then any
        for h in hs:
            mine = {t >> 2 for t in h}
            for k in order:
                if len(h) >= 13:
                    break
                if (strict and k in script_kinds) or k in mine:
                    continue
                if k < 27 and any(m // 9 == k // 9 and m < 27 and abs(m - k) <= 2 for m in mine):
                    continue
                if k in yao and sum(1 for m in mine if m in yao) >= 8:
                    continue
                try:
                    h.append(pool.take(k, False))
                except InvalidNotation:
                    continue
                mine.add(k)
    if any(len(h) < 13 for h in hs):
        raise AssertionError("scripted: no room to fill the hands")
    wall = Wall.from_hands(hs, ds, dd, dealer=dealer)
    return Table(rules, wall, dealer=dealer, round_index=dealer, **kw)


def tile_of(table, seat, name):
    """The physical tile of kind ``name`` (mpsz, one tile) in ``seat``'s hand."""
    k = parse_tiles(name)[0] >> 2
    for t in sorted(table.seats[seat].hand):
        if t >> 2 == k:
            return t
    raise AssertionError(f"seat {seat} holds no {name}")


def discard(table, seat, name):
    return table.submit(seat, Discard(tile_of(table, seat, name)))


def play_random(table, rng, limit=3000):
    for _ in range(limit):
        if table.over:
            return
        p = table.pending()
        seat = rng.choice(sorted(p))
        table.submit(seat, rng.choice(p[seat]))
    raise AssertionError("round did not end")


# --------------------------------------------------------------------------- dealing
def test_T2_round_starts_with_dealer_holding_14_and_pending():
    t = Table(RULES, Wall.shuffled(1), round_index=2)
    assert t.dealer == 2
    assert [len(s.hand) for s in t.seats] == [13, 13, 14, 13]
    assert list(t.pending()) == [2]
    start, drew = t.events
    assert isinstance(start, RoundStarted) and isinstance(drew, Drew)
    assert drew.seat == 2 and drew.tile == t.wall.tiles[52]
    assert start.dora_indicators == (t.wall.dora_indicator(0),)
    assert t.live_tiles_left == 69


def test_events_for_other_seats_hide_hands_and_draws():
    t = Table(RULES, Wall.shuffled(2))
    start, drew = t.events
    assert start.for_seat(1).hands[0] == () and start.for_seat(1).hands[1] == start.hands[1]
    assert drew.for_seat(1).tile is None and drew.for_seat(0).tile == drew.tile


def test_view_of_a_seat_does_not_depend_on_other_hands():
    # seat 0 (dealer) holds the same tiles and draw in both walls; the other hands differ.
    a = Wall.shuffled(3)
    tiles = list(a.tiles)
    seat0 = set(a.deal(0)[0]) | {tiles[52]} | {a.dora_indicator(0)}
    others = [i for i in range(136) if tiles[i] not in seat0]
    rng = random.Random(0)
    shuffled_vals = [tiles[i] for i in others]
    rng.shuffle(shuffled_vals)
    b_tiles = list(tiles)
    for i, v in zip(others, shuffled_vals, strict=True):
        b_tiles[i] = v
    b = Wall.from_tiles(b_tiles)
    ta, tb = Table(RULES, a), Table(RULES, b)
    assert ta.seats[1].hand != tb.seats[1].hand
    assert ta.view(0) == tb.view(0)
    v = ta.view(0)
    assert len(v.hand) == 13 and v.drawn == tiles[52]
    assert not hasattr(v, "wall")
    assert ta.view(1).drawn is None and ta.view(1).legal == ()


def test_illegal_actions_are_refused_and_change_nothing():
    t = Table(RULES, Wall.shuffled(4))
    before = (t.view(0), t.view(1), len(t.events))
    foreign = next(x for x in range(136) if x not in t.seats[0].hand)
    with pytest.raises(IllegalAction, match=r"seat 0 .*East 1: seat 0's turn"):
        t.submit(0, Discard(foreign))
    with pytest.raises(IllegalAction, match="seat 1"):
        t.submit(1, Discard(t.seats[1].hand[0]))
    with pytest.raises(IllegalAction):
        t.submit(0, RON)
    with pytest.raises(IllegalAction):
        t.submit(7, PASS)
    assert (t.view(0), t.view(1), len(t.events)) == before


def test_discard_moves_to_next_seat_with_tsumogiri_flag():
    t = Table(RULES, Wall.shuffled(5))
    drawn = t.drawn
    events = t.submit(0, Discard(drawn))
    d = events[0]
    assert isinstance(d, Discarded) and d.tsumogiri and d.seat == 0
    if t.phase is Phase.TURN:
        assert t.turn == 1 and isinstance(events[-1], Drew)


def test_random_rounds_conserve_tiles_and_points():
    for seed in range(30):
        t = Table(RULES, Wall.shuffled(seed))
        play_random(t, random.Random(seed))
        assert sum(t.scores) + 1000 * t.sticks == 100000
        assert isinstance(t.events[-1], RoundEnded)


# --------------------------------------------------------------------------- helpers for scripts
def auto(table, turns=1000, until=None):
    """Pass every call and discard every draw (tsumogiri) until ``until(table)`` or the end."""
    for _ in range(turns):
        if table.over or (until is not None and until(table)):
            return
        p = table.pending()
        seat = min(p)
        if table.phase is Phase.TURN:
            table.submit(seat, Discard(table.drawn) if table.drawn is not None
                         else next(a for a in p[seat] if isinstance(a, Discard)))
        else:
            table.submit(seat, PASS)
    raise AssertionError("auto play did not finish")


def pass_calls(table, except_seats=()):
    while table.phase is Phase.CALLS and any(s not in except_seats for s in table.pending()):
        s = min(s for s in table.pending() if s not in except_seats)
        table.submit(s, PASS)


NOTEN2 = "19m19p19s1234565m"[:0] or "19m19p19s123456z5m"  # 12 yaochuu kinds + 5m: noten
NOTEN3 = "28m28p28s1234567z"  # no pairs, 2/8 are not terminals: noten


# --------------------------------------------------------------------------- K1 exhaustive draw
def test_K1_exhaustive_draw_noten_payments_and_karaten_is_noten():
    # seat 0 waits only on 4m, all four of which it holds (karaten): not tenpai (Tenhou)
    t = scripted(["123p456p789p4444m", "123s456s789s1122z", NOTEN2, NOTEN3])
    assert t.waits(0) == (3,)  # 4m
    auto(t)
    drawn = next(e for e in t.events if isinstance(e, RoundDrawn))
    assert drawn.kind is DrawKind.EXHAUSTIVE
    assert drawn.tenpai == (False, True, False, False)
    assert drawn.deltas == (-1000, 3000, -1000, -1000)
    assert drawn.hands[1] and drawn.hands[0] == ()
    assert t.outcome.renchan is False and t.outcome.honba == 1
    assert t.live_tiles_left == 0 and len(t.seats[0].river) == 18


def test_K1_all_noten_no_payment_dealer_tenpai_keeps_the_deal():
    t = scripted(["123s456s789s1122z", "123p456p789p4444m", NOTEN2, NOTEN3])
    auto(t)
    assert t.outcome.deltas == (3000, -1000, -1000, -1000)
    assert t.outcome.renchan and t.outcome.dealer_tenpai
    t2 = scripted(["123s456s789s1122z", "123p456p789p4444m", NOTEN2, NOTEN3],
                  rules=RuleSet(renchan_on_dealer_tenpai=False))
    auto(t2)
    assert not t2.outcome.renchan


def test_K1_noten_declaration_option_lets_a_tenpai_seat_hide():
    t = scripted(["123s456s789s1122z", "123p456p789p4444m", NOTEN2, NOTEN3],
                 rules=RuleSet(noten_declaration=True))
    auto(t, until=lambda t: t.phase is Phase.TENPAI)
    from engine.actions import DeclareTenpai
    assert t.pending() == {0: (DeclareTenpai(True), DeclareTenpai(False))}
    t.submit(0, DeclareTenpai(False))
    assert t.outcome.deltas == (0, 0, 0, 0) and not t.outcome.renchan


# --------------------------------------------------------------------------- K2 K3 K5 K4
def test_K2_kyuushu_kyuuhai_on_first_draw_aborts_with_renchan():
    t = scripted(["19m19p19s1234z" + "234m", NOTEN3, "123m456m789m1122p", "234s567s345p66p78p"],
                 draws="5z", honba=1)
    assert ABORT in t.pending()[0]
    t.submit(0, ABORT)
    assert isinstance(t.events[-2], RoundDrawn) and t.events[-2].kind is DrawKind.NINE_TERMINALS
    assert t.outcome.renchan and t.outcome.honba == 2 and t.outcome.deltas == (0, 0, 0, 0)


def test_K2_kyuushu_not_offered_with_eight_kinds_or_after_a_call():
    t = scripted(["19m19p19s12z" + "23456m", NOTEN3, "123m456m789m1122p", "234s567s345p66p78p"],
                 draws="5s")
    assert ABORT not in t.pending()[0]
    assert RuleSet(kyuushu_kyuuhai=False)  # the option exists
    t2 = scripted(["19m19p19s1234z" + "234m", NOTEN3, "123m456m789m1122p", "234s567s345p66p78p"],
                  draws="5z", rules=RuleSet(kyuushu_kyuuhai=False))
    assert ABORT not in t2.pending()[0]


def test_K3_suufon_renda_four_same_wind_first_discards_abort():
    t = scripted(["1z234m567m234p56s8s", "1z345m678m345p67s8s", "1z456m789m456p78s9s",
                  "1z234s567s234p67m8m"], draws="9p9p9p9p")
    for seat in range(4):
        discard(t, seat, "1z")
        pass_calls(t)
    kinds = [e.kind for e in t.events if isinstance(e, RoundDrawn)]
    assert kinds == [DrawKind.FOUR_WINDS] and t.outcome.renchan


def test_K3_mixed_winds_do_not_abort():
    t = scripted(["1z234m567m234p56s8s", "2z345m678m345p67s8s", "1z456m789m456p78s9s",
                  "1z234s567s234p67m8m"], draws="9p9p9p9p")
    discard(t, 0, "1z"); pass_calls(t)
    discard(t, 1, "2z"); pass_calls(t)
    discard(t, 2, "1z"); pass_calls(t)
    discard(t, 3, "1z"); pass_calls(t)
    assert not t.over


FOUR_TENPAI = ["123m456m789m123p5s", "123m456m789m123p6s", "123m456m789m123p7s",
               "456p456p789p789p1z"]


def test_K5_suucha_riichi_aborts_once_the_fourth_discard_passes_sticks_stay():
    t = scripted(FOUR_TENPAI, draws="9s9s9s9s")
    for seat in range(4):
        assert Riichi(t.drawn) in t.pending()[seat]
        t.submit(seat, Riichi(t.drawn))
        pass_calls(t)
    accepted = [e.seat for e in t.events if isinstance(e, RiichiAccepted)]
    assert accepted == [0, 1, 2, 3]
    assert all(s.double_riichi for s in t.seats)  # R4: first discards with no call before
    assert [e.kind for e in t.events if isinstance(e, RoundDrawn)] == [DrawKind.FOUR_RIICHI]
    assert t.outcome.sticks == 4 and t.outcome.scores == (24000,) * 4 and t.outcome.renchan


def test_R1_riichi_needs_points_and_wall_and_closed_hand():
    t = scripted(FOUR_TENPAI, draws="9s", scores=[900, 25000, 25000, 49100])
    assert not any(isinstance(a, Riichi) for a in t.pending()[0])
    t = scripted(FOUR_TENPAI, draws="9s")
    assert any(isinstance(a, Riichi) for a in t.pending()[0])
    assert RuleSet(open_riichi=True) and not any(
        isinstance(a, Riichi) and a.open for a in t.pending()[0])


def test_R2_after_riichi_only_tsumogiri_or_win():
    t = scripted(FOUR_TENPAI, draws="9s8p")
    t.submit(0, Riichi(t.drawn))
    pass_calls(t)
    t.submit(1, Discard(t.drawn))
    pass_calls(t)
    auto(t, until=lambda t: t.phase is Phase.TURN and t.turn == 0)
    legal = t.pending()[0]
    assert all(isinstance(a, Discard) and a.tile == t.drawn for a in legal if not isinstance(a, type(TSUMO)))


def test_K4_suukaikan_by_two_players_aborts_after_the_replacement_discard():
    t = scripted(["1111m2222m3333m9s", "4444z123p456p789p", "58m258p369s13567z",
                  "234s567s345p66p78s"], draws="8s8s8s8p")
    for k in ("1m", "2m", "3m"):
        kan = next(a for a in t.pending()[0] if isinstance(a, Kan) and
                   (a.tiles[0] >> 2) == (parse_tiles(k)[0] >> 2))
        t.submit(0, kan)
    assert t.kans == 3 and t.dora_count == 4 and t.live_tiles_left == 70 - 3 - 1
    t.submit(0, Discard(t.drawn))
    pass_calls(t)
    kan = next(a for a in t.pending()[1] if isinstance(a, Kan))
    t.submit(1, kan)
    assert not t.over
    t.submit(1, Discard(t.drawn))
    pass_calls(t)
    assert [e.kind for e in t.events if isinstance(e, RoundDrawn)] == [DrawKind.FOUR_KANS]


def test_C3_no_fifth_kan_and_suukantsu_by_one_player_does_not_abort():
    t = scripted(["1111m2222m3333m9s", "567m789m234p56s88s", "58m258p369s13567z",
                  "234s567s345p66p78s"], draws="4444m")
    for k in ("1m", "2m", "3m"):
        kan = next(a for a in t.pending()[0] if isinstance(a, Kan) and
                   (a.tiles[0] >> 2) == (parse_tiles(k)[0] >> 2))
        t.submit(0, kan)
    # rinshan draws came from the dead wall: dead[0..2]
    assert [e.tile for e in t.events if isinstance(e, Drew) and e.rinshan] == [
        t.wall.rinshan(i) for i in range(3)]


# --------------------------------------------------------------------------- D3 kan dora
def test_D3_closed_kan_shows_dora_at_once_open_kan_at_the_next_discard():
    t = scripted(["1111m234p567p789s", "222z345m678m345s6s", "58m258p369s13567z", "234s567s345p66p78s"],
                 draws="2z8s")
    kan = next(a for a in t.pending()[0] if isinstance(a, Kan))
    ev = t.submit(0, kan)
    assert [type(e) for e in ev] == [KanDeclared, DoraRevealed, Drew]
    assert ev[1].indicator == t.wall.dora_indicator(1) and ev[2].rinshan
    # seat 0 throws the fourth 2z: seat 1 calls daiminkan
    ev = t.submit(0, Discard(tile_of(t, 0, "2z")))
    opts = t.pending()[1]
    dmk = next(a for a in opts if isinstance(a, Kan))
    assert dmk.kind is MeldKind.DAIMINKAN
    ev = t.submit(1, dmk)
    assert [type(e) for e in ev] == [Called, Drew] and t.dora_count == 2
    ev = t.submit(1, Discard(t.drawn))
    assert [type(e) for e in ev][:2] == [DoraRevealed, Discarded] and t.dora_count == 3
    assert t.live_tiles_left == 70 - 2 - 2  # two draws (seat 0, then seat 2), two kans


def test_D3_immediate_option_reveals_open_kan_dora_at_once():
    t = scripted(["1111m234p567p789s", "222z345m678m345s6s", "58m258p369s13567z", "234s567s345p66p78s"],
                 draws="2z8s", rules=RuleSet(kan_dora_timing="immediate"))
    t.submit(0, Discard(tile_of(t, 0, "2z")))
    ev = t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Kan)))
    assert [type(e) for e in ev] == [Called, DoraRevealed, Drew]


def test_table_waits_match_the_reference_waits_module():
    from engine.hand import waits
    from engine.hand.masks import SHIFT as _SHIFT
    from engine.hand.masks import SUIT_OF as _SUIT
    from engine.hand.masks import mask_kinds
    from engine.hand.masks import wait_mask as _wait_mask
    from engine.tiles import counts34

    rng = random.Random(11)
    yao = [t for t in range(136) if (t >> 2) in (0, 8, 9, 17, 18, 26) or t >= 108]
    for i in range(3000):
        r = i % 3
        pool = yao[:] if r == 0 else [t for t in range(136) if (t >> 2) < 9 or rng.random() < .2] \
            if r == 1 else [k * 4 + j for k in rng.sample(range(34), 7) for j in range(4)]
        rng.shuffle(pool)
        n = rng.choice((13, 13, 10, 7, 4, 1))
        c = counts34(pool[:n])
        keys, sizes = [0] * 4, [0] * 4
        for k, m in enumerate(c):
            keys[_SUIT[k]] += m << _SHIFT[k]
            sizes[_SUIT[k]] += m
        assert mask_kinds(_wait_mask(keys, sizes, c, n == 13)) == tuple(waits(c)), c


def test_C5_no_call_but_ron_on_the_last_discard():
    t = scripted(["", "", "", ""])
    auto(t, until=lambda t: t.live_tiles_left == 0 and t.phase is Phase.TURN)
    last = t.turn
    t.submit(last, Discard(t.drawn))
    for acts in t.pending().values():
        assert all(a is RON or a == PASS or isinstance(a, type(RON)) for a in acts)
    pass_calls(t)
    assert t.over and [e.kind for e in t.events if isinstance(e, RoundDrawn)] == [DrawKind.EXHAUSTIVE]


def test_every_action_round_trips_through_json_and_bad_input_is_refused():
    import json

    from engine.actions import (
        AbortNineTerminals,
        AgariYame,
        Chi,
        DeclareTenpai,
        Pass,
        Pon,
        Ron,
        Tsumo,
        action_from_dict,
    )
    from engine.errors import RulesError
    from engine.meld import MeldKind

    actions = [Discard(16), Riichi(5), Riichi(5, True), Chi((8, 12), 4), Pon((1, 2), 3),
               Kan(MeldKind.ANKAN, (0, 1, 2, 3)), Kan(MeldKind.DAIMINKAN, (0, 1, 2), 3),
               Kan(MeldKind.KAKAN, (3,)), Tsumo(), Ron(), Pass(), AbortNineTerminals(),
               DeclareTenpai(True), AgariYame(False)]
    for a in actions:
        assert action_from_dict(json.loads(json.dumps(a.to_dict()))) == a
        assert str(a)
    for bad in ({"type": "discard", "tile": 136}, {"type": "discard"}, {"type": "dance"},
                {"type": "chi", "tiles": [1], "called": 4}, {"type": "kan", "kind": "pon",
                "tiles": [1, 2, 3]}, {"type": "riichi", "tile": 3, "open": "yes"}, [1, 2],
                {"type": "discard", "tile": True}):
        with pytest.raises(RulesError):
            action_from_dict(bad)


def _view_by_name(r, seat, legal):
    """player_view as it was written before it passed its fields by position (the reference)."""
    from engine.tiles import seat_wind
    from engine.view import PlayerView

    me = r.seats[seat]
    hand = list(me.hand)
    drawn = r.drawn if (r.turn == seat and r.drawn is not None
                        and r.phase is not Phase.OVER and r.drawn in hand) else None
    if drawn is not None:
        hand.remove(drawn)
    hand.sort()
    return PlayerView(
        seat=seat, round_index=r.round_index, round_wind=r.round_wind,
        seat_wind=seat_wind(seat, r.dealer, len(r.seats)), dealer=r.dealer, honba=r.honba,
        sticks=r.sticks, scores=tuple(r.scores), hand=tuple(hand), drawn=drawn,
        melds=tuple(tuple(s.melds) for s in r.seats),
        rivers=tuple(tuple(s.river) for s in r.seats), dora_indicators=tuple(r.indicators),
        riichi=tuple(s.riichi for s in r.seats),
        open_hands=tuple(tuple(sorted(s.hand)) if s.open_riichi else None for s in r.seats),
        live_tiles_left=r.live_tiles_left, kans=r.kans, turn=r.turn,
        last_discard=r.discard if r.phase is Phase.CALLS else None, waits=me.wait_kinds(),
        furiten=me.furiten(), ippatsu=me.ippatsu, legal=legal,
        nuki=tuple(tuple(s.nuki) for s in r.seats))


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(open_riichi=True)], ids=["tenhou", "open"])
def test_player_view_passes_every_field_to_its_place(rules):
    # player_view builds the view by position for speed: every field must land where its name
    # says, for every seat at every step of whole hands (calls, riichi, open hands, wins)
    from engine.table import player_view

    rng = random.Random(5)
    for s in range(4):
        table = Table(rules, Wall.shuffled(900 + s))
        while not table.over:
            for seat in range(4):
                legal = table.legal(seat)
                assert player_view(table.state, seat, legal) == \
                    _view_by_name(table.state, seat, legal)
            pending = table.pending()
            seat = min(pending)
            table.submit(seat, rng.choice(pending[seat]))


# --------------------------------------------------------------------------- K7 R4
def test_K7_abortive_draw_pays_nothing_adds_a_honba_and_the_dealer_stays():
    # four East winds as the first discards (K3), with seat 2 dealing, three honba and a stick
    t = scripted(["1z234m567m234p56s8s", "1z345m678m345p67s8s", "1z456m789m456p78s9s",
                  "1z234s567s234p67m8m"], draws="9p9p9p9p", dealer=2, honba=3, sticks=1)
    for seat in (2, 3, 0, 1):
        discard(t, seat, "1z")
        pass_calls(t)
    assert [e.kind for e in t.events if isinstance(e, RoundDrawn)] == [DrawKind.FOUR_WINDS]
    out = t.outcome
    assert out.deltas == (0, 0, 0, 0) and out.scores == (25000,) * 4  # no payments
    assert out.honba == 4 and out.renchan  # a honba more; the dealer deals again
    assert out.sticks == 1 and out.winners == ()  # the stick waits for the next winner


def test_R4_double_riichi_is_two_han_in_place_of_riichi():
    # the dealer's first discard is its riichi, with no call before: double riichi
    t = scripted(["123m456m789m123p5s", "", "", ""], draws="9s" + "1z2z3z" + "5s")
    assert Riichi(t.drawn) in t.pending()[0]
    t.submit(0, Riichi(t.drawn))
    pass_calls(t)
    assert t.seats[0].riichi and t.seats[0].double_riichi
    auto(t, until=lambda t: t.phase is Phase.TURN and t.turn == 0)
    t.submit(0, TSUMO)
    win = next(e for e in t.events if isinstance(e, Win))
    yaku = {y.name: y.han for y in win.result.yaku}
    assert yaku["double riichi"] == 2 and "riichi" not in yaku
