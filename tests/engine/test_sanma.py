"""Three-player riichi (sanma), rule P1 of docs/rules.md: the rules and their checks, the 108-tile
wall, no chi, the 1m->9m dora, North set aside (nuki), payments (tsumo loss, honba, noten), the
aborts, the end of the game and the standings."""

import pytest

from engine.actions import ABORT, PASS, RON, TSUMO, Discard, Nuki, Pon
from engine.errors import RulesError
from engine.events import DrawKind, Drew, GameEnded, RoundDrawn, Win
from engine.events import Nuki as NukiEvent
from engine.game import Game, RoundStart
from engine.rules import RuleSet, default_preset, preset
from engine.scoring import NoYaku, WinSituation, score_hand
from engine.scoring.points import pay, total_of
from engine.standings import final_scores, next_step, ranking
from engine.table import Phase, Table
from engine.tiles import TilePool, dora_of, seat_wind
from engine.wall import SANMA_TILES, Wall

T3 = preset("tenhou3")
NORTH = 30


def table3(hands, draws="", dead=None, dealer=0, rules=T3, **kw):
    """A three-player table from three mpsz hands of 13 (absolute seats), live draws in order
    and Tenhou ``yama`` positions of the dead wall ({position: mpsz}: 9 = first dora indicator,
    1 = the first replacement draw)."""
    pool = TilePool(rules.red_fives)
    hs = [pool.parse(h) for h in hands]
    ds = pool.parse(draws) if draws else []
    dd = {pos: pool.parse(t)[0] for pos, t in (dead or {}).items()}
    wall = Wall.from_hands(hs, ds, dd, dealer=dealer)
    return Table(rules, wall, dealer=dealer, round_index=dealer, **kw)


def nuki_of(legal):
    return next(a for a in legal if isinstance(a, Nuki))


# ---------------------------------------------------------------------------- the rules
def test_P1_tenhou3_preset_is_tenhous_three_player_table():
    r = preset("tenhou3")
    assert (r.players, r.chi, r.nuki_dora, r.tsumo_loss, r.north_yakuhai) == (3, False, True,
                                                                             True, False)
    assert (r.starting_points, r.return_points, r.uma, r.oka_to_first) == (35000, 40000,
                                                                         (20, 0, -20), True)
    assert (r.noten_total, r.honba_points, r.red_fives) == (2000, 100, (0, 1, 1))
    assert not r.suufon_renda and not r.suucha_riichi
    assert default_preset(3) == "tenhou3" and default_preset(4) == "tenhou"
    m = preset("majsoul3")
    assert m.players == 3 and m.uma == (15, 0, -15) and m.tsumo_loss


@pytest.mark.parametrize("changes,message", [
    ({"chi": True}, "chi must be off with three players"),
    ({"red_fives": (1, 1, 1)}, "no red 5m"),
    ({"suucha_riichi": True}, "four winds / four riichi"),
    ({"uma": (20, 10, -10, -20)}, "uma must have three values"),
    ({"players": 5}, "players must be 3 or 4"),
    ({"noten_total": 2050}, "noten_total must be a multiple of 100"),
])
def test_P1_a_three_player_ruleset_that_cannot_be_is_refused_in_one_line(changes, message):
    with pytest.raises(RulesError, match=message) as err:
        T3.replace(**changes)
    assert "\n" not in str(err.value)


def test_P1_nuki_dora_is_a_three_player_rule():
    with pytest.raises(RulesError, match="nuki_dora is a three-player rule"):
        RuleSet(nuki_dora=True)


def test_P1_three_player_rules_round_trip_as_json_and_text():
    assert RuleSet.from_dict(T3.to_dict()) == T3
    assert T3.set_from_text("tsumo_loss=false").tsumo_loss is False
    assert T3.set_from_text("uma=15,0,-15").uma == (15, 0, -15)


# ---------------------------------------------------------------------------- the wall
def test_P1_wall_holds_108_tiles_without_2m_to_8m_and_deals_three_hands():
    w = Wall.shuffled(5, 0, 0, players=3)
    assert sorted(w.tiles) == list(SANMA_TILES) and len(w.tiles) == 108 and w.players == 3
    assert w == Wall.shuffled(5, 0, 0, players=3)
    hands = w.deal(1)
    assert len(hands) == 3 and all(len(h) == 13 for h in hands)
    assert hands[1][:4] == list(w.tiles[:4]) and hands[1][12] == w.tiles[36]
    # Tenhou's layout: the yama is the wall read backwards; dora yama[9], ura yama[8],
    # replacement draws yama[1], [0], [3], [2] ...
    yama = w.tiles[::-1]
    assert w.dora_indicator(0) == yama[9] and w.ura_indicator(0) == yama[8]
    assert w.dora_indicator(1) == yama[11]
    assert [w.rinshan(n) for n in range(8)] == [yama[i] for i in (1, 0, 3, 2, 5, 4, 7, 6)]


def test_P1_a_wall_of_the_wrong_tiles_is_refused_in_one_line():
    with pytest.raises(RulesError, match="three-player wall is the 108 tiles"):
        Wall.from_tiles(range(108))
    with pytest.raises(RulesError, match="no 2m-8m"):
        Wall.from_hands([[4, 5, 6, 7, *range(32, 41)], list(range(41, 54)),
                         list(range(54, 67))])


def test_P1_a_table_needs_three_scores_and_a_108_tile_wall():
    with pytest.raises(RulesError, match="needs 3 scores"):
        Table(T3, Wall.shuffled(1, players=3), scores=(35000,) * 4)
    with pytest.raises(RulesError, match="108-tile wall"):
        Table(T3, Wall.shuffled(1))
    with pytest.raises(RulesError, match="dealer 3 is not a seat of 3"):
        Table(T3, Wall.shuffled(1, players=3), round_index=3)


def test_P1_live_wall_is_55_tiles_and_the_first_draw_follows_the_deal():
    t = Table(T3, Wall.shuffled(2, players=3))
    assert t.live_tiles_left == 55 - 1 and t.next_draw == 40
    assert t.drawn == t.wall.tiles[39] and len(t.seats) == 3


# ---------------------------------------------------------------------------- tiles, dora
def test_P1_dora_wraps_1m_to_9m_and_9m_to_1m():
    assert dora_of(0, players=3) == 8 and dora_of(8, players=3) == 0 and dora_of(0) == 1
    pool = TilePool(T3.red_fives)
    hand = pool.parse("123p456p789s99m555s")
    result = score_hand(hand, [], hand[-1], WinSituation(
        tsumo=True, riichi=True, seat_wind=28, dora_indicators=tuple(pool.parse("1m"))), T3)
    assert result.dora == 2


def test_P1_three_seat_winds_and_rounds():
    assert [seat_wind(s, 1, 3) for s in range(3)] == [29, 27, 28]
    t = Table(T3, Wall.shuffled(3, 5, players=3), round_index=5)
    assert t.dealer == 1 and t.round_wind == 28 and t.view(0).seat_wind == 29


# ---------------------------------------------------------------------------- calls
def test_P1_no_chi_only_pon():
    # seat 1 holds 4p6p (a chi of seat 0's 5p in a four-player game) and 55p (a pon)
    t = table3(["123s456s789s1z2z3z5p", "46p55p19m19s1234z9p", "19p19s567z1z2z3z4z19m"])
    five = next(x for x in t.seats[0].hand if x >> 2 == 13)
    t.submit(0, Discard(five))
    opts = t.pending().get(1, ())
    assert any(isinstance(a, Pon) for a in opts)
    assert not any(type(a).__name__ == "Chi" for a in opts)


# ---------------------------------------------------------------------------- nuki (kita)
def test_P1_nuki_sets_a_north_aside_with_a_replacement_draw_and_no_new_indicator():
    t = table3(["123p456p789p11s46s", "1133p5577s99m11z2z", "19s19p2z3z5z6z7z7z7z19m"],
               draws="4z", dead={1: "5s", 9: "6z"})
    left = t.live_tiles_left
    north = nuki_of(t.legal(0))
    assert north.tile >> 2 == NORTH
    events = t.submit(0, north)
    assert isinstance(events[0], NukiEvent) and events[0].seat == 0
    drew = events[-1]
    assert isinstance(drew, Drew) and drew.rinshan and drew.tile == t.wall.rinshan(0)
    assert t.dora_count == 1 and t.live_tiles_left == left - 1  # haitei moves one tile
    assert t.seats[0].nuki == [north.tile] and t.view(1).nuki[0] == (north.tile,)


def test_P1_a_win_on_the_replacement_draw_is_rinshan_and_each_north_is_a_dora():
    t = table3(["123p456p789p11s46s", "1133p5577s99m11z2z", "19s19p2z3z5z6z7z7z7z19m"],
               draws="4z", dead={1: "5s", 9: "6z"})
    t.submit(0, nuki_of(t.legal(0)))
    assert TSUMO in t.legal(0)
    win = next(e for e in t.submit(0, TSUMO) if isinstance(e, Win))
    names = [y.name for y in win.result.yaku]
    assert "rinshan kaihou" in names and "menzen tsumo" in names
    assert "tenhou" not in names  # the North set aside counts as a call (P1)
    assert win.result.dora == 1 and win.result.limit == "mangan"  # + ittsu
    # a dealer mangan by self-draw: 4000 from each of the two others, 8000 not 12000
    assert win.deltas == (8000, -4000, -4000)


def test_P1_a_north_set_aside_can_be_ronned_without_chankan():
    t = table3(["123p456p789p11s46s", "1133p5577s99m11z4z", "19s19p2z3z5z6z7z7z7z19m"],
               draws="4z", dead={9: "6z"}, honba=2)
    t.submit(0, nuki_of(t.legal(0)))
    assert t.phase is Phase.CHANKAN and t.pending() == {1: (RON, PASS)}
    win = next(e for e in t.submit(1, RON) if isinstance(e, Win))
    assert (win.seat, win.from_seat) == (1, 0)
    assert "chankan" not in [y.name for y in win.result.yaku]
    # chiitoitsu 25 fu 2 han non-dealer ron 1600, two honba at 200 each (P1)
    assert win.deltas == (-2000, 2000, 0)


def test_P1_passing_a_north_ron_goes_on_with_the_replacement_draw():
    t = table3(["123p456p789p11s46s", "1133p5577s99m11z4z", "19s19p2z3z5z6z7z7z7z19m"],
               draws="4z", dead={1: "9p"})
    t.submit(0, nuki_of(t.legal(0)))
    events = t.submit(1, PASS)
    assert isinstance(events[-1], Drew) and events[-1].rinshan and t.turn == 0
    assert t.seats[1].temp_furiten  # F2: the winning tile went by


def test_P1_nuki_counts_as_a_call_for_chiihou_and_nine_terminals():
    # seat 1 waits on North (chiitoitsu) and draws one on its first turn: chiihou...
    hands = ["123p456p789p11s4z6s", "1133p5577s99m11z4z", "19s19p2z3z5z6z7z7z7z19m"]
    plain = table3(hands, draws="9s4z")
    plain.submit(0, Discard(plain.drawn))
    assert TSUMO in plain.legal(1)
    chiihou = next(e for e in plain.submit(1, TSUMO) if isinstance(e, Win))
    assert chiihou.result.yakuman
    # ...but not after the dealer set a North aside (seat 1 lets that North go by)
    after = table3(hands, draws="9s4z", dead={1: "8s"})
    after.submit(0, nuki_of(after.legal(0)))
    after.submit(1, PASS)
    after.submit(0, Discard(after.drawn))
    win = next(e for e in after.submit(1, TSUMO) if isinstance(e, Win))
    assert not win.result.yakuman and "chiitoitsu" in [y.name for y in win.result.yaku]
    # nine terminals: seat 2 holds twelve kinds, but a North was set aside before its draw
    nine = ["123p456p789p11s46s", "1133p5577s99m11z2z", "19s19p1m9m1z2z3z5z6z7z3p"]
    plain = table3(nine, draws="4z2s8p")
    plain.submit(0, Discard(plain.drawn))
    plain.submit(1, Discard(plain.drawn))
    assert ABORT in plain.legal(2)
    late = table3(nine, draws="4z2s8p")
    late.submit(0, nuki_of(late.legal(0)))
    late.submit(0, Discard(late.drawn))
    late.submit(1, Discard(late.drawn))
    assert ABORT not in late.legal(2)
    events = plain.submit(2, ABORT)
    assert any(isinstance(e, RoundDrawn) and e.kind is DrawKind.NINE_TERMINALS for e in events)


def test_P1_no_nuki_right_after_a_pon():
    t = table3(["123s456s789s1z2z3z5p", "55p4z19m19s123z9p5z6z", "19p19s567z1z2z3z1m9m4z"],
               draws="6z")
    five = next(x for x in t.seats[0].hand if x >> 2 == 13)
    t.submit(0, Discard(five))
    pon = next(a for a in t.legal(1) if isinstance(a, Pon))
    t.submit(1, pon)
    assert t.turn == 1 and all(isinstance(a, Discard) for a in t.legal(1))


def test_P1_nuki_is_offered_only_under_three_player_rules_with_nuki_dora():
    t = table3(["123p456p789p11s46s", "1133p5577s99m11z2z", "19s19p2z3z5z6z7z7z7z19m"],
               draws="4z", rules=T3.replace(nuki_dora=False))
    assert not any(isinstance(a, Nuki) for a in t.legal(0))


# ---------------------------------------------------------------------------- payments
def test_P1_tsumo_loss_and_its_split_variant():
    # non-dealer mangan: 2000 + 4000 with tsumo loss (6000, not 8000)
    ron, td, to = pay(2000, dealer=False, players=3)
    assert (ron, td, to, total_of(ron, td, to, True, False, 3)) == (8000, 4000, 2000, 6000)
    ron, td, to = pay(2000, dealer=True, players=3)
    assert total_of(ron, td, to, True, True, 3) == 8000  # 4000 from each of two
    # seed 003's 三人无自摸损: the missing seat's share split (dealer 3a each, else 2.5a/1.5a)
    assert pay(2000, False, 3, tsumo_loss=False) == (8000, 5000, 3000)
    assert pay(2000, True, 3, tsumo_loss=False) == (12000, 0, 6000)
    assert pay(960, True, 3, tsumo_loss=False)[2] == 2900


def test_P1_dealer_tsumo_without_tsumo_loss_is_paid_in_full_by_two():
    t = table3(["123p456p789p11s46s", "1133p5577s99m11z2z", "19s19p2z3z5z6z7z7z7z19m"],
               draws="4z", dead={1: "5s", 9: "6z"}, rules=T3.replace(tsumo_loss=False))
    t.submit(0, nuki_of(t.legal(0)))
    win = next(e for e in t.submit(0, TSUMO) if isinstance(e, Win))
    assert win.deltas == (12000, -6000, -6000)  # a dealer mangan: 3 x 2000 from each


def test_P1_honba_is_100_per_payer_on_tsumo():
    t = table3(["123p456p789p11s46s", "1133p5577s99m11z2z", "19s19p2z3z5z6z7z7z7z19m"],
               draws="4z", dead={1: "5s", 9: "6z"}, honba=3, sticks=1,
               scores=(35000, 35000, 34000))
    t.submit(0, nuki_of(t.legal(0)))
    win = next(e for e in t.submit(0, TSUMO) if isinstance(e, Win))
    assert win.deltas == (2 * 4300 + 1000, -4300, -4300)  # mangan 4000 + 3 x 100 each


class _Tsumogiri:
    """Passes every call and ron, discards what it draws: the dealt hands stay to the end."""

    def act(self, view, legal):
        if PASS in legal:
            return PASS
        if view.drawn is not None and Discard(view.drawn) in legal:
            return Discard(view.drawn)
        return next(a for a in legal if isinstance(a, Discard))


@pytest.mark.parametrize("hands,deltas", [
    (["123p456p789p11s46s", "19m258p369s12356z", "19m147p258s23567z"], (2000, -1000, -1000)),
    (["123p456p789p11s46s", "123s456s789s99p13p", "19m147p258s23567z"], (1000, 1000, -2000)),
])
def test_P1_noten_payments_are_2000_in_all(hands, deltas):
    from engine.driver import Driver

    t = table3(hands)
    Driver(t, {s: _Tsumogiri() for s in range(3)}).run()
    drawn = [e for e in t.events if isinstance(e, RoundDrawn)]
    assert len(drawn) == 1 and drawn[0].kind is DrawKind.EXHAUSTIVE
    assert drawn[0].deltas == deltas and len(drawn[0].tenpai) == 3


# ---------------------------------------------------------------------------- aborts, the game
def test_P1_no_four_wind_or_four_riichi_abort_with_three_players():
    assert not T3.suufon_renda and not T3.suucha_riichi and T3.kyuushu_kyuuhai


def test_P1_a_south_game_ends_after_south_3_and_skips_the_fourth_round_of_a_wind():
    assert next_step(T3, 2, [35000] * 3, False, False) == 4  # East 3 -> South 1
    assert next_step(T3, 6, [50000, 30000, 25000], False, False) == "last round"
    assert next_step(T3, 6, [35000] * 3, False, False) == 8  # nobody at 40,000: West 1
    assert next_step(T3, 4, [-100, 60000, 45100], False, False) == "bust"
    assert next_step(T3.replace(length="tonpuusen"), 2, [50000, 30000, 25000], False,
                     False) == "last round"


def test_P1_standings_uma_20_0_minus20_with_the_oka_to_first():
    points = [52000, 38000, 15000]
    assert final_scores(points, ranking(points), T3) == (47.0, -2.0, -45.0)  # oka 15


def test_P1_a_whole_game_of_three_ends_with_three_standings():
    from engine.driver import Driver

    g = Game(T3, 7)
    Driver(g, {s: _Tsumogiri() for s in range(3)}).run()
    end = g.events[-1]
    assert isinstance(end, GameEnded) and len(end.result.points) == 3
    assert sum(end.result.points) == 105000 and abs(sum(end.result.scores)) < 1e-6
    indexes = {e.round_index for e in g.events if type(e).__name__ == "RoundStarted"}
    assert not any(i % 4 == 3 for i in indexes)


def test_P1_a_game_starts_from_three_scores_and_saves_and_replays():
    with pytest.raises(RulesError, match="starts with 3 scores"):
        Game(T3, 1, start=RoundStart(0, (35000,) * 4))
    g = Game(T3, 3)
    g.submit(0, nuki_of(g.pending()[0])) if any(
        isinstance(a, Nuki) for a in g.pending()[0]) else None
    again = Game.from_dict(g.to_dict())
    assert again.events == g.events


def test_P1_a_north_kept_in_hand_is_a_guest_wind_unless_north_yakuhai():
    pool = TilePool(T3.red_fives)
    hand = pool.parse("123p456p789s444z55s")
    sit = WinSituation(tsumo=True, seat_wind=28, round_wind=27)
    plain = score_hand(hand, [], hand[-1], sit, T3)
    assert "yakuhai: north" not in [y.name for y in plain.yaku]
    valued = score_hand(hand, [], hand[-1], sit, T3.replace(north_yakuhai=True))
    assert "yakuhai: north" in [y.name for y in valued.yaku] and valued.han == plain.han + 1
    pair = TilePool(T3.red_fives).parse("123p456p789s111s44z")  # 2 fu only as a value tile
    ron = WinSituation(seat_wind=28)
    with pytest.raises(NoYaku, match="without a yaku"):
        score_hand(pair, [], pair[0], ron, T3)
    assert ("pair 4z", 2) in score_hand(pair, [], pair[0], WinSituation(seat_wind=28,
                                                                         riichi=True),
                                        T3.replace(north_yakuhai=True)).fu_breakdown


def test_P1_points_are_kept_through_whole_games_with_norths_set_aside():
    from ai import make_agent
    from engine.driver import Driver
    from engine.events import RoundEnded

    class NukiFirst:
        def __init__(self, seed):
            self.inner = make_agent("greedy", seed=seed, rules=T3)

        def act(self, view, legal):
            return next((a for a in legal if isinstance(a, Nuki)), None) or self.inner.act(
                view, legal)

    for seed in (11, 12):
        g = Game(T3, seed)
        Driver(g, {s: NukiFirst(seed * 3 + s) for s in range(3)}).run()
        for e in g.events:
            if isinstance(e, RoundEnded):
                assert sum(e.scores) + 1000 * e.sticks == 105000 and len(e.deltas) == 3
        assert any(isinstance(e, NukiEvent) for e in g.events) and g.result is not None


def test_P1_double_ron_pays_honba_and_sticks_to_the_first_winner_only():
    t = table3(["123p456p789p11s46s", "1133p5577s99m11z4z", "2244p6688s11m22z4z"],
               draws="4z", dead={9: "6z"}, honba=1, sticks=1, scores=(35000, 35000, 34000))
    t.submit(0, Discard(t.drawn))
    assert set(t.pending()) == {1, 2}
    t.submit(1, RON)
    wins = [e for e in t.submit(2, RON) if isinstance(e, Win)]
    # chiitoitsu 1600 each; seat 1 (first from the discarder) gets 200 honba and the stick
    assert [w.deltas for w in wins] == [(-1800, 2800, 0), (-1600, 0, 1600)]
    assert t.outcome.scores == (31600, 37800, 35600) and t.outcome.sticks == 0


def test_P1_nuki_round_trips_as_json_and_only_a_north_is_set_aside():
    from engine.actions import action_from_dict
    from engine.errors import IllegalAction

    assert action_from_dict(Nuki(121).to_dict()) == Nuki(121)
    with pytest.raises(RulesError, match="only a North"):
        action_from_dict({"type": "nuki", "tile": 0})
    four = Table(RuleSet(), Wall.shuffled(4))
    with pytest.raises(IllegalAction, match="is not legal"):
        four.submit(0, Nuki(120))
