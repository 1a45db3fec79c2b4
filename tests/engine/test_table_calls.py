"""Calls, wins and their payments at the table: C1-C7, R1, R3, F1-F4, K6, S6, S9, Y27, D4."""

from test_table import auto, discard, pass_calls, scripted, tile_of

from engine.actions import ABORT, PASS, RON, TSUMO, Chi, Discard, Kan, Pon, Riichi
from engine.events import Called, DoraRevealed, DrawKind, RiichiAccepted, RoundDrawn, Win
from engine.meld import MeldKind
from engine.rules import RuleSet, preset
from engine.table import Phase
from engine.tiles import parse_tiles

NOTEN = "58m258p369s13567z"


def kind(name):
    return parse_tiles(name)[0] >> 2


def wins(t):
    return [e for e in t.events if isinstance(e, Win)]


# --------------------------------------------------------------------------- C1 C2 C4
def first_discard(t, seat):
    return next(a for a in t.pending()[seat] if isinstance(a, Discard))


def test_C1_chi_only_from_the_left():
    t = scripted(["1m", "23m", "23m", "23m"], draws="9m")
    discard(t, 0, "1m")
    assert set(t.pending()) == {1}
    chis = [a for a in t.pending()[1] if isinstance(a, Chi)]
    assert [sorted(x >> 2 for x in a.tiles) for a in chis] == [[1, 2]]


def test_C1_chi_offers_every_sequence_and_red_or_plain_five():
    t = scripted(["4m", "0m5m6m3m", "", ""], draws="9m")
    discard(t, 0, "4m")
    chis = {a.tiles for a in t.pending()[1] if isinstance(a, Chi)}
    # 4m with 3m+5m (red or plain) and with 5m (red or plain)+6m
    assert len(chis) == 4


def test_C4_kuikae_chi_at_the_end_bans_the_suji_partner():
    for rules, banned in ((RuleSet(), True), (RuleSet(kuikae_allowed=True), False)):
        t = scripted(["1m", "23m4m", "", ""], draws="9m", rules=rules)
        discard(t, 0, "1m")
        t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Chi)))
        kinds = {a.tile >> 2 for a in t.pending()[1]}
        assert all(isinstance(a, Discard) for a in t.pending()[1])
        assert (kind("4m") not in kinds) is banned


def test_C4_kanchan_chi_bans_only_the_called_tile():
    t = scripted(["3m", "24m3m5m", "", ""], draws="9m")
    discard(t, 0, "3m")
    chi = next(a for a in t.pending()[1] if isinstance(a, Chi)
               and sorted(x >> 2 for x in a.tiles) == [kind("2m"), kind("4m")])
    t.submit(1, chi)
    kinds = {a.tile >> 2 for a in t.pending()[1]}
    assert kind("3m") not in kinds and kind("5m") in kinds


def test_C2_pon_by_a_later_seat_beats_an_earlier_chi_and_pon_bans_its_kind():
    t = scripted(["3m", "24m", "33m3m"[:3], ""], draws="9m")
    discard(t, 0, "3m")
    chi = next(a for a in t.pending()[1] if isinstance(a, Chi))
    pon = next(a for a in t.pending()[2] if isinstance(a, Pon))
    t.submit(1, chi)
    assert 2 in t.pending()  # the pon can still override
    t.submit(2, pon)
    called = [e for e in t.events if isinstance(e, Called)]
    assert len(called) == 1 and called[0].seat == 2 and called[0].meld.kind is MeldKind.PON
    assert called[0].from_seat == 0 and called[0].meld.source == 2
    assert t.seats[0].river[-1].called_by == 2 and t.turn == 2
    assert kind("3m") not in {a.tile >> 2 for a in t.pending()[2]}


def test_C2_chi_alone_is_settled_when_no_better_call_is_possible():
    t = scripted(["1m", "23m", "", ""], draws="9m")
    discard(t, 0, "1m")
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Chi)))
    assert t.phase is Phase.TURN and t.turn == 1


# --------------------------------------------------------------------------- wins
TANYAO_36P = "234m567m234s66s45p"  # waits 3p / 6p with tanyao


def test_R1_riichi_discard_ronned_pays_no_stick():
    t = scripted(["345p678p234s568m3m", "45m234567p678s22s", "", ""], draws="8m")
    riichi = Riichi(tile_of(t, 0, "3m"))
    assert riichi in t.pending()[0]
    t.submit(0, riichi)
    assert RON in t.pending()[1]
    t.submit(1, RON)
    w = wins(t)[0]
    assert w.seat == 1 and w.from_seat == 0
    assert not any(isinstance(e, RiichiAccepted) for e in t.events)
    assert t.outcome.sticks == 0 and sum(t.outcome.deltas) == 0
    assert w.deltas[0] == -w.result.ron and w.deltas[1] == w.result.ron


def test_R1_R3_riichi_discard_passed_pays_the_stick_and_opens_ippatsu():
    t = scripted(["345p678p234s568m3m", "45m234567p678s22s", "", ""], draws="8m")
    t.submit(0, Riichi(tile_of(t, 0, "3m")))
    t.submit(1, PASS)
    pass_calls(t)
    acc = [e for e in t.events if isinstance(e, RiichiAccepted)]
    assert acc[0].seat == 0 and acc[0].scores[0] == 24000 and t.sticks == 1
    assert t.seats[0].ippatsu


def test_F1_discard_furiten_blocks_ron():
    t = scripted(["", "234m567m234s66s46p", "3p", ""], draws="9m5p1s")
    t.submit(0, Discard(t.drawn)); pass_calls(t)
    discard(t, 1, "6p"); pass_calls(t)
    assert t.waits(1) == (kind("3p"), kind("6p")) and t.furiten(1)
    discard(t, 2, "3p")
    assert RON not in t.pending().get(1, ())


def test_F2_temporary_furiten_until_own_draw():
    t = scripted(["", TANYAO_36P, "3p", "6p"], draws="9m1s1s1s9s9s9s6p")
    t.submit(0, Discard(t.drawn)); pass_calls(t)
    t.submit(1, Discard(t.drawn)); pass_calls(t)
    discard(t, 2, "3p")
    assert RON in t.pending()[1]
    t.submit(1, PASS)
    pass_calls(t)
    assert t.furiten(1)
    discard(t, 3, "6p")  # another winning tile before seat 1 draws: no ron (F2)
    assert RON not in t.pending().get(1, ())
    pass_calls(t)
    t.submit(0, Discard(t.drawn)); pass_calls(t)
    assert not t.furiten(1)  # lifted by the own draw
    t.submit(1, Discard(t.drawn)); pass_calls(t)
    t.submit(2, Discard(t.drawn)); pass_calls(t)
    t.submit(3, Discard(t.drawn))  # seat 3 throws the 6p it drew
    assert RON in t.pending()[1]


def test_F3_riichi_furiten_lasts_after_own_draw_and_F4_tsumo_still_allowed():
    t = scripted(["", TANYAO_36P, "3p", ""], draws="9m1s1s1s9s9s6p" + "2z2z" + "3p")
    t.submit(0, Discard(t.drawn)); pass_calls(t)
    t.submit(1, Riichi(t.drawn)); pass_calls(t)
    discard(t, 2, "3p")
    t.submit(1, PASS)
    pass_calls(t)
    t.submit(3, Discard(t.drawn)); pass_calls(t)
    t.submit(0, Discard(t.drawn)); pass_calls(t)
    assert t.furiten(1)  # after its own draw still furiten (F3)
    t.submit(1, Discard(t.drawn)); pass_calls(t)
    t.submit(2, Discard(t.drawn))  # seat 2 throws the 6p it drew
    assert RON not in t.pending().get(1, ())
    auto(t, until=lambda t: t.phase is Phase.TURN and t.turn == 1)
    assert TSUMO in t.pending()[1]  # F4
    t.submit(1, TSUMO)
    w = wins(t)[0]
    assert "double riichi" in [y.name for y in w.result.yaku]  # R4: its first discard
    assert w.ura_indicators == (t.wall.ura_indicator(0),)  # D4: ura shown for a riichi winner


THREE_WAIT_3P = ["3p9p1m9m1s9s1z2z3z4z5z6z7z", "234m567m234s66s45p", "345m678m345s77s45p",
                 "456m456s88s45p678p"]


def test_K6_double_ron_honba_and_sticks_go_to_the_first_winner():
    hands = list(THREE_WAIT_3P)
    hands[3] = "456m456s88s789p11z"
    t = scripted(hands, draws="2s", honba=2, sticks=1)
    discard(t, 0, "3p")
    t.submit(2, RON)
    t.submit(1, RON)
    w1, w2 = wins(t)
    assert (w1.seat, w2.seat) == (1, 2)
    assert w1.deltas[1] == w1.result.ron + 600 + 1000
    assert w2.deltas[2] == w2.result.ron
    assert t.outcome.deltas[0] == -(w1.result.ron + 600 + w2.result.ron)
    assert t.outcome.sticks == 0 and t.outcome.honba == 0 and not t.outcome.renchan


def test_K6_atama_hane_only_the_first_in_turn_wins():
    hands = list(THREE_WAIT_3P)
    hands[3] = "456m456s88s789p11z"
    t = scripted(hands, draws="2s", rules=RuleSet(double_ron=False))
    discard(t, 0, "3p")
    t.submit(2, RON)
    t.submit(1, RON)
    assert [w.seat for w in wins(t)] == [1]


def test_K6_triple_ron_aborts_or_pays_per_rule():
    t = scripted(THREE_WAIT_3P, draws="2s")
    discard(t, 0, "3p")
    for s in (1, 2, 3):
        t.submit(s, RON)
    assert [e.kind for e in t.events if isinstance(e, RoundDrawn)] == [DrawKind.TRIPLE_RON]
    assert t.outcome.renchan and t.outcome.deltas == (0, 0, 0, 0)
    t = scripted(THREE_WAIT_3P, draws="2s", rules=RuleSet(sanchahou=False))
    discard(t, 0, "3p")
    for s in (3, 2, 1):
        t.submit(s, RON)
    assert [w.seat for w in wins(t)] == [1, 2, 3]
    assert sum(t.outcome.deltas) == 0


def test_C2_ron_beats_pon():
    hands = list(THREE_WAIT_3P)
    hands[3] = "456m456s88s33p19p5z"
    t = scripted(hands, draws="2s")
    discard(t, 0, "3p")
    pon = next(a for a in t.pending()[3] if isinstance(a, Pon))
    t.submit(3, pon)
    assert not t.over
    t.submit(2, PASS)
    t.submit(1, RON)
    assert [w.seat for w in wins(t)] == [1] and not any(isinstance(e, Called) for e in t.events)


# --------------------------------------------------------------------------- kans and wins
def test_C6_chankan_robs_an_added_kan_and_no_kan_dora_shows():
    t = scripted(["55p", "46p234m567m234s88s", "0p", ""], draws="9m1s1s1s9s9s5p")
    t.submit(0, Discard(t.drawn)); pass_calls(t)
    t.submit(1, Discard(t.drawn)); pass_calls(t)
    discard(t, 2, "5p")
    pon = next(a for a in t.pending()[0] if isinstance(a, Pon))
    t.submit(1, PASS)  # seat 1 could ron (kanchan 5p) but lets it go
    t.submit(0, pon)
    t.submit(0, first_discard(t, 0))
    auto(t, until=lambda t: t.phase is Phase.TURN and t.turn == 0)
    kakan = next(a for a in t.pending()[0] if isinstance(a, Kan))
    assert kakan.kind is MeldKind.KAKAN
    t.submit(0, kakan)
    assert t.phase is Phase.CHANKAN and t.pending() == {1: (RON, PASS)}
    t.submit(1, RON)
    w = wins(t)[0]
    assert w.seat == 1 and w.from_seat == 0 and "chankan" in [y.name for y in w.result.yaku]
    assert not any(isinstance(e, DoraRevealed) for e in t.events) and t.kans == 0


def test_C6_chankan_passed_completes_the_kakan():
    t = scripted(["55p", "46p234m567m234s88s", "0p", ""], draws="9m1s1s1s9s9s5p")
    t.submit(0, Discard(t.drawn)); pass_calls(t)
    t.submit(1, Discard(t.drawn)); pass_calls(t)
    discard(t, 2, "5p")
    t.submit(1, PASS)
    t.submit(0, next(a for a in t.pending()[0] if isinstance(a, Pon)))
    t.submit(0, first_discard(t, 0))
    auto(t, until=lambda t: t.phase is Phase.TURN and t.turn == 0)
    t.submit(0, next(a for a in t.pending()[0] if isinstance(a, Kan)))
    t.submit(1, PASS)
    assert t.kans == 1 and t.phase is Phase.TURN and t.turn == 0 and t.state.rinshan
    assert t.furiten(1)  # F2: it let the robbable tile pass


KOKUSHI_VS_ANKAN = ["1111z258m258p369s", "19m19p19s2345677z", "34m67m34p67p34s67s8s",
                    "258m258p147s556z9p"]


def test_C6_kokushi_robs_a_closed_kan_per_rule():
    t = scripted(KOKUSHI_VS_ANKAN, draws="9s", rules=RuleSet(kokushi_rob_ankan=True))
    t.submit(0, next(a for a in t.pending()[0] if isinstance(a, Kan)))
    assert t.pending() == {1: (RON, PASS)}
    t.submit(1, RON)
    assert wins(t)[0].result.yakuman
    t = scripted(KOKUSHI_VS_ANKAN, draws="9s", rules=RuleSet(kokushi_rob_ankan=False))
    t.submit(0, next(a for a in t.pending()[0] if isinstance(a, Kan)))
    assert t.phase is Phase.TURN and t.turn == 0


def test_C6_tenhou_preset_kokushi_may_not_rob_a_closed_kan():
    """Tenhou passes a kokushi wait over when an opponent declares a closed kan of that tile;
    Mahjong Soul lets it ron (issue 11, item 13)."""
    assert preset("tenhou").kokushi_rob_ankan is False and RuleSet().kokushi_rob_ankan is False
    t = scripted(KOKUSHI_VS_ANKAN, draws="9s", rules=preset("tenhou"))
    t.submit(0, next(a for a in t.pending()[0] if isinstance(a, Kan)))
    assert t.phase is Phase.TURN and t.turn == 0 and not wins(t)
    assert preset("majsoul").kokushi_rob_ankan is True
    t = scripted(KOKUSHI_VS_ANKAN, draws="9s", rules=preset("majsoul"))
    t.submit(0, next(a for a in t.pending()[0] if isinstance(a, Kan)))
    assert t.pending() == {1: (RON, PASS)}
    t.submit(1, RON)
    assert wins(t)[0].result.yakuman


def test_rinshan_win_after_daiminkan_reveals_no_kan_dora():
    t = scripted(["9s", "999s234m567m234p5p", "", ""], draws="9m", dead={0: "5p"})
    discard(t, 0, "9s")
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Kan)))
    assert TSUMO in t.pending()[1]
    t.submit(1, TSUMO)
    w = wins(t)[0]
    assert "rinshan kaihou" in [y.name for y in w.result.yaku]
    assert not any(isinstance(e, DoraRevealed) for e in t.events) and t.dora_count == 1


def test_C5_riichi_ankan_allowed_only_if_waits_and_readings_stay():
    t = scripted(["111m234p567p789s5s", "", "", ""], draws="9m2s2s2s1m")
    t.submit(0, Riichi(t.drawn)); pass_calls(t)
    auto(t, until=lambda t: t.phase is Phase.TURN and t.turn == 0)
    assert any(isinstance(a, Kan) for a in t.pending()[0])
    # seed 000: 1112223m waits 1-4m; an ankan of 1m leaves 2223m (1, 3, 4m): refused
    t = scripted(["1112223m234p567p", "", "", ""], draws="9m2s2s2s1m")
    t.submit(0, Riichi(t.drawn)); pass_calls(t)
    auto(t, until=lambda t: t.phase is Phase.TURN and t.turn == 0)
    assert t.drawn >> 2 == kind("1m")
    assert not any(isinstance(a, Kan) for a in t.pending()[0])


# --------------------------------------------------------------------------- pao, nagashi
def test_S9_pao_liable_seat_pays_the_whole_daisangen_tsumo():
    t = scripted(["5z", "55z66z77z123m456m4p", "6z", "7z"], draws="9m1s1s1s9s9s9s5m")
    discard(t, 0, "5z")
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Pon)))
    discard(t, 1, "4p"); pass_calls(t)
    discard(t, 2, "6z")
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Pon)))
    discard(t, 1, "1m"); pass_calls(t)
    t.submit(2, Discard(t.drawn)); pass_calls(t)
    discard(t, 3, "7z")
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Pon)))
    discard(t, 1, "6m"); pass_calls(t)
    auto(t, until=lambda t: t.phase is Phase.TURN and t.turn == 1)
    assert TSUMO in t.pending()[1]
    t.submit(1, TSUMO)
    w = wins(t)[0]
    assert w.pao == 3 and w.deltas == (0, 32000, 0, -32000)


# --------------------------------------------------------------------------- pao, nagashi
def test_Y27_nagashi_mangan_at_the_exhaustive_draw():
    yao = parse_tiles("1m1m1m9m9m9m1p1p1p9p9p9p1s1s1s9s9s")
    simples = parse_tiles("2m2m2m2m3m3m3m3m4m4m4m4m6m6m6m6m7m7m7m7m8m8m8m8m"
                          "2p2p2p2p3p3p3p3p4p4p4p4p6p6p6p6p7p7p7p7p8p8p8p8p"
                          "2s2s2s2s3s3s3s3s")
    # hands from the rest: honours and fives
    from engine.table import Table
    from engine.tiles import TilePool
    from engine.wall import Wall
    pool = TilePool(RuleSet().red_fives, used=yao + simples)
    hands = [pool.parse("5m5m5p5p4s4s4s4s6s6s6s6s1z"), pool.parse("5m0m5p0p7s7s7s7s8s8s8s8s1z"),
             pool.parse("5s5s0s5s9s1z1z2z2z2z2z3z3z"), pool.parse("3z3z4z4z4z4z5z5z5z5z6z6z6z")]
    draws = []
    yi, si = iter(yao), iter(simples)
    for i in range(70):
        draws.append(next(yi) if i % 4 == 2 else next(si))
    wall = Wall.from_hands(hands, draws[:len(draws)], {})
    t = Table(RuleSet(), wall)
    auto(t)
    drawn = next(e for e in t.events if isinstance(e, RoundDrawn))
    assert drawn.kind is DrawKind.NAGASHI and drawn.nagashi == (2,)
    assert drawn.deltas == (-4000, -2000, 8000, -2000)


def test_R3_C6_chankan_by_a_riichi_seat_keeps_ippatsu():
    # Tenhou (replay corpus): the kakan clears ippatsu only once it stands
    t = scripted(["55p", "46p234m567m234s88s", "0p", ""], draws="9m1s1s1s9s9s5p")
    t.submit(0, Discard(t.drawn)); pass_calls(t)
    t.submit(1, Discard(t.drawn)); pass_calls(t)
    discard(t, 2, "5p")
    t.submit(1, PASS)
    t.submit(0, next(a for a in t.pending()[0] if isinstance(a, Pon)))
    t.submit(0, first_discard(t, 0)); pass_calls(t)
    t.submit(1, Riichi(t.drawn)); pass_calls(t)
    auto(t, until=lambda t: t.phase is Phase.TURN and t.turn == 0)
    t.submit(0, next(a for a in t.pending()[0] if isinstance(a, Kan)))
    t.submit(1, RON)
    names = [y.name for y in wins(t)[0].result.yaku]
    assert "ippatsu" in names and "chankan" in names and "riichi" in names


def test_S9_pao_on_a_ron_by_a_third_seat_splits_the_yakuman():
    t = scripted(["5z", "55z66z77z123m456m4p", "6z", "7z"], draws="9m1s1s1s5m")
    discard(t, 0, "5z")
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Pon)))
    discard(t, 1, "4p"); pass_calls(t)
    discard(t, 2, "6z")
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Pon)))
    discard(t, 1, "1m"); pass_calls(t)
    t.submit(2, Discard(t.drawn)); pass_calls(t)
    discard(t, 3, "7z")
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Pon)))
    discard(t, 1, "6m"); pass_calls(t)
    t.submit(2, Discard(t.drawn))  # seat 2 deals in with 5m
    t.submit(1, RON)
    w = wins(t)[0]
    assert w.pao == 3 and w.deltas == (0, 32000, -16000, -16000)


def _last_tile_table(waiter, tile_kind_names):
    """A table where seat ``waiter`` holds a tanyao hand waiting on 3p/6p, the last live tile
    (index 121, drawn by seat 1) is a 3p and no other 3p/6p is drawn before it."""
    from engine.table import Table
    from engine.wall import Wall

    hands = ["", "", "", ""]
    hands[waiter] = TANYAO_36P
    t0 = scripted(hands)
    tiles = list(t0.wall.tiles)
    wanted = {kind(n) for n in tile_kind_names}
    spare = [i for i in range(52, 122) if tiles[i] >> 2 in wanted]
    safe = [i for i in range(122, 136) if tiles[i] >> 2 not in wanted and i not in (126,)]
    last = next(i for i in spare if tiles[i] >> 2 == kind("3p"))
    tiles[last], tiles[121] = tiles[121], tiles[last]
    for i in spare:
        if i != last and tiles[i] >> 2 in wanted:
            j = safe.pop()
            tiles[i], tiles[j] = tiles[j], tiles[i]
    return Table(RuleSet(), Wall.from_tiles(tiles))


def test_Y10_haitei_tsumo_on_the_last_live_tile():
    t = _last_tile_table(1, ["3p", "6p"])
    auto(t, until=lambda t: t.phase is Phase.TURN and t.live_tiles_left == 0)
    assert t.turn == 1 and TSUMO in t.pending()[1]
    t.submit(1, TSUMO)
    assert "haitei raoyue" in [y.name for y in wins(t)[0].result.yaku]


def test_Y11_houtei_ron_on_the_last_discard():
    t = _last_tile_table(2, ["3p", "6p"])
    auto(t, until=lambda t: t.phase is Phase.TURN and t.live_tiles_left == 0)
    t.submit(1, Discard(t.drawn))
    assert RON in t.pending()[2]
    t.submit(2, RON)
    assert "houtei raoyui" in [y.name for y in wins(t)[0].result.yaku]


def test_R6_open_riichi_shows_the_hand_to_every_seat():
    t = scripted(["345p678p234s568m3m", "", "", ""], draws="8m", rules=RuleSet(open_riichi=True))
    action = Riichi(tile_of(t, 0, "3m"), True)
    assert action in t.pending()[0]
    assert t.view(1).open_hands[0] is None
    t.submit(0, action)
    pass_calls(t)
    shown = t.view(2).open_hands[0]
    assert shown == tuple(sorted(t.seats[0].hand)) and t.view(2).riichi[0]
    assert [e.open for e in t.events if hasattr(e, "open")] == [True]


def test_K1_tenpai_on_a_tile_also_held_in_a_chi_is_tenpai_at_the_draw():
    # seat 1 chis 7p with 89p and waits tanki on 7p: it holds two 7p (hand + chi), not four
    t = scripted(["7p", "789p123m456m789s1z", "", ""], draws="9m")
    discard(t, 0, "7p")
    chi = next(a for a in t.pending()[1] if isinstance(a, Chi))
    pass_calls(t, except_seats=(1,))
    t.submit(1, chi)
    discard(t, 1, "1z")
    assert t.waits(1) == (kind("7p"),)
    auto(t)
    drawn = next(e for e in t.events if isinstance(e, RoundDrawn))
    assert drawn.kind is DrawKind.EXHAUSTIVE
    assert drawn.tenpai[1] is True


# --------------------------------------------------------------------------- F4 C7
def test_F4_discard_furiten_never_forbids_tsumo():
    t = scripted(["", "234m567m234s66s46p", "", ""], draws="9m5p1s9s9s" + "3p")
    t.submit(0, Discard(t.drawn)); pass_calls(t)
    discard(t, 1, "6p"); pass_calls(t)  # waits 3p-6p with a 6p in its own river (F1)
    auto(t, until=lambda t: t.phase is Phase.TURN and t.turn == 1)
    assert t.furiten(1) and t.drawn >> 2 == kind("3p")
    assert TSUMO in t.pending()[1]
    t.submit(1, TSUMO)
    w = wins(t)[0]
    assert w.seat == 1 and w.tsumo


C7_HANDS = ["1z5s", "1z1z5s5s", "19m19p19s234z5z", "123m456m789m123p7s"]


def test_C7_a_call_ends_the_first_turn_conditions_and_ippatsu_and_opens_the_hand():
    # without a call seat 2's nine kinds may abort (K2): the pon of the first discard ends that
    t = scripted(C7_HANDS, draws="8p" + "2m" + "9s" + "8p")
    discard(t, 0, "1z")
    t.submit(1, PASS)
    pass_calls(t)
    t.submit(1, Discard(t.drawn)); pass_calls(t)
    assert ABORT in t.pending()[2]

    t = scripted(C7_HANDS, draws="8p" + "2m" + "9s" + "8p")
    discard(t, 0, "1z")
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Pon)))
    assert not t.seats[1].closed  # the pon opens seat 1's hand
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Discard)
                     and a.tile >> 2 != kind("5s"))); pass_calls(t)
    assert ABORT not in t.pending()[2]  # no nine-kinds abort after a call
    t.submit(2, Discard(t.drawn)); pass_calls(t)
    t.submit(3, Riichi(t.drawn)); pass_calls(t)  # seat 3's first discard, after the call
    assert t.seats[3].riichi and not t.seats[3].double_riichi
    assert t.seats[3].ippatsu
    t.submit(0, next(a for a in t.pending()[0] if isinstance(a, Discard)
                     and a.tile >> 2 == kind("5s")))
    t.submit(1, next(a for a in t.pending()[1] if isinstance(a, Pon)))
    assert not t.seats[3].ippatsu  # any call ends every riichi's ippatsu


def test_C7_a_closed_kan_keeps_the_hand_closed():
    t = scripted(["1111z258m258p369s", "123m456m789m1122p", "234s567s345p66p78p", ""],
                 draws="9m")
    t.submit(0, next(a for a in t.pending()[0] if isinstance(a, Kan)))
    assert t.seats[0].melds[0].kind is MeldKind.ANKAN and t.seats[0].closed
