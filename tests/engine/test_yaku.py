"""One or more cases per yaku (rules Y1-Y42) and local yaku (L1-L13), in mpsz.

Defaults: ron, seat South, round East, tenhou rules (see ``test_scoring.score``).
"""

from __future__ import annotations

import pytest
from test_scoring import names, score

from engine.errors import RulesError
from engine.rules import preset
from engine.scoring import NotAWin, NoYaku

PINFU_HAND = "234567m22345p678s"  # won on 3p: ryanmen, non-value pair, all sequences
LOCAL = preset("local")


def yakuman(result) -> dict[str, int]:
    return dict(result.yakuman_parts)


# --- Y1-Y12 --------------------------------------------------------------------------------

def test_Y1_riichi():
    r = score(PINFU_HAND, "3p", riichi=True)
    assert names(r) == {"riichi", "pinfu", "tanyao"} and r.han == 3


def test_Y2_ippatsu_and_its_option():
    assert "ippatsu" in names(score(PINFU_HAND, "3p", riichi=True, ippatsu=True))
    off = score(PINFU_HAND, "3p", preset("tenhou", ippatsu=False), riichi=True, ippatsu=True)
    assert "ippatsu" not in names(off)


def test_Y3_menzen_tsumo_closed_only():
    assert names(score(PINFU_HAND, "3p", tsumo=True)) == {"menzen tsumo", "pinfu", "tanyao"}
    assert "menzen tsumo" not in names(score("234567m22345p", "3p", ["chi:678s"], tsumo=True))


def test_Y4_pinfu_needs_ryanmen_and_a_plain_pair():
    assert "pinfu" not in names(score(PINFU_HAND, "4p"))  # kanchan
    assert "pinfu" not in names(score("234567m345p678s55z", "3p", riichi=True))  # haku pair
    assert "pinfu" not in names(score("123567m345p678s22z", "3m", riichi=True, seat="S",
                                      round_="E"))  # penchan 12-3, and a south pair
    assert "pinfu" in names(score("123567m345p678s33z", "1m", riichi=True))  # west: no value


def test_Y4_open_pinfu_shape_is_no_yaku():
    with pytest.raises(NoYaku):
        score("234567m22345p", "3p", ["chi:789s"])


def test_Y5_iipeikou_closed_only():
    assert names(score("112233m456p678s55p", "1m")) == {"pinfu", "iipeikou"}
    with pytest.raises(NoYaku):  # open: the same shape has no yaku at all
        score("112233m456p55p", "1m", ["chi:678s"])


def test_Y6_tanyao_kuitan_option():
    assert names(score("234m567p55s", "5s", ["pon:888s", "chi:234p"])) == {"tanyao"}
    with pytest.raises(NoYaku):
        score("234m567p55s", "5s", ["pon:888s", "chi:234p"], preset("tenhou", kuitan=False))
    assert "tanyao" in names(score(PINFU_HAND, "3p", preset("tenhou", kuitan=False)))


@pytest.mark.parametrize("hand,melds,seat,round_,expected", [
    ("123m456p789s11z", ["pon:777z"], "S", "E", {"yakuhai: chun": 1}),
    ("123m456p789s22s", ["pon:555z"], "S", "E", {"yakuhai: haku": 1}),
    ("123m456p789s22s", ["pon:666z"], "S", "E", {"yakuhai: hatsu": 1}),
    ("123m456p789s111z22s", [], "E", "E",
     {"yakuhai: seat wind east": 1, "yakuhai: round wind east": 1}),
    ("123m456p789s222z22s", [], "S", "E", {"yakuhai: seat wind south": 1}),
    ("123m456p789s22s", ["kan:3333z"], "W", "S", {"yakuhai: seat wind west": 1}),
    ("123m456p789s22s", ["pon:222z"], "N", "S", {"yakuhai: round wind south": 1}),
])
def test_Y7_yakuhai(hand, melds, seat, round_, expected):
    r = score(hand, "2s" if "22s" in hand else "1z", melds, seat=seat, round_=round_)
    got = {y.name: y.han for y in r.yaku if y.name.startswith("yakuhai")}
    assert got == expected


def test_Y7_yakuhai_pair_is_no_yaku():
    with pytest.raises(NoYaku):
        score("123m456p789s55z", "5z", ["chi:234m"])


def test_Y8_rinshan_kaihou():
    r = score("123m456p789s11z", "1z", ["ankan:9999p"], tsumo=True, rinshan=True)
    assert {"rinshan kaihou", "menzen tsumo"} <= names(r)


def test_Y9_chankan():
    assert names(score(PINFU_HAND, "3p", chankan=True)) == {"chankan", "pinfu", "tanyao"}


def test_Y10_haitei():
    assert "haitei raoyue" in names(score(PINFU_HAND, "3p", tsumo=True, haitei=True))
    with pytest.raises(RulesError):
        score(PINFU_HAND, "3p", haitei=True)  # haitei with ron


def test_Y11_houtei():
    assert "houtei raoyui" in names(score(PINFU_HAND, "3p", houtei=True))
    with pytest.raises(RulesError):
        score(PINFU_HAND, "3p", houtei=True, tsumo=True)


def test_Y12_double_riichi_replaces_riichi():
    r = score(PINFU_HAND, "3p", riichi=True, double_riichi=True)
    assert {y.name: y.han for y in r.yaku}["double riichi"] == 2
    assert "riichi" not in names(r)
    off = score(PINFU_HAND, "3p", preset("tenhou", double_riichi=False), double_riichi=True)
    assert "riichi" in names(off) and "double riichi" not in names(off)


# --- Y13-Y26 -------------------------------------------------------------------------------

def test_Y13_chiitoitsu_and_a_kan_is_not_two_pairs():
    assert names(score("1122m3344p5566s77z", "7z")) == {"chiitoitsu"}
    with pytest.raises(NotAWin):
        score("1111m3344p5566s77z", "7z", riichi=True)


def test_Y14_ittsu_closed_2_open_1():
    r = score("123456789m234p55s", "9m")
    assert {y.name: y.han for y in r.yaku}["ittsu"] == 2
    r = score("123456m234p55s", "1m", ["chi:789m"])
    assert {y.name: y.han for y in r.yaku} == {"ittsu": 1}


def test_Y15_sanshoku_doujun_closed_2_open_1():
    r = score("123m123p123s456m55s", "6m")
    assert {y.name: y.han for y in r.yaku} == {"sanshoku doujun": 2, "pinfu": 1}
    r = score("123p123s456m55s", "4m", ["chi:123m"])
    assert {y.name: y.han for y in r.yaku} == {"sanshoku doujun": 1}


def test_Y16_sanshoku_doukou():
    r = score("222m222p456m55s", "4m", ["pon:222s"])
    assert {y.name: y.han for y in r.yaku} == {"sanshoku doukou": 2, "tanyao": 1}


def test_Y17_sanankou_triplet_completed_by_ron_is_open():
    ron = score("111m222p333s456m55s", "3s", riichi=True)
    assert "sanankou" not in names(ron)
    tsumo = score("111m222p333s456m55s", "3s", tsumo=True)
    assert {"sanankou", "menzen tsumo"} <= names(tsumo)
    ryanmen = score("111m222p333s456m55s", "4m")  # the win completes a sequence
    assert "sanankou" in names(ryanmen)


def test_Y18_sankantsu():
    r = score("123m55s", "5s", ["kan:1111p", "ankan:9999m", "kan:7777z"])
    assert {"sankantsu", "yakuhai: chun"} <= names(r)


def test_Y19_toitoi():
    r = score("111m222p55s", "5s", ["pon:333s", "pon:777p"])
    assert names(r) == {"toitoi"}


def test_Y20_chanta_closed_2_open_1():
    r = score("123m789p789s111z99m", "1m")
    assert {y.name: y.han for y in r.yaku}["chanta"] == 2
    r = score("789p789s111z99m", "9m", ["chi:123m"])
    assert {y.name: y.han for y in r.yaku}["chanta"] == 1


def test_Y21_honroutou_with_toitoi_and_with_chiitoitsu():
    r = score("111m999p111s11z", "1z", ["pon:999s"])
    assert {"honroutou", "toitoi", "sanankou"} <= names(r) and "chanta" not in names(r)
    r = score("1199m1199p11s1122z", "2z")
    assert names(r) == {"honroutou", "chiitoitsu"} and r.han == 4


def test_Y22_shousangen_with_its_two_yakuhai():
    r = score("123m456p55z666z777z", "4p")
    assert names(r) == {"shousangen", "yakuhai: hatsu", "yakuhai: chun"} and r.han == 4


def test_Y23_ryanpeikou_not_chiitoitsu():
    r = score("112233m556677p99s", "1m", riichi=True)
    assert "ryanpeikou" in names(r) and "chiitoitsu" not in names(r)
    assert "iipeikou" not in names(r)


def test_Y24_junchan_closed_3_open_2():
    r = score("123m789p123789s99m", "1m")
    assert {y.name: y.han for y in r.yaku}["junchan"] == 3 and "chanta" not in names(r)
    r = score("123m789p789s99m", "9m", ["chi:123s"])
    assert {y.name: y.han for y in r.yaku} == {"junchan": 2}


def test_Y25_honitsu_closed_3_open_2():
    r = score("123m456m999m111z22z", "2z")
    assert {y.name: y.han for y in r.yaku}["honitsu"] == 3
    r = score("123m456m111z22z", "2z", ["pon:999m"])
    assert {y.name: y.han for y in r.yaku}["honitsu"] == 2


def test_Y26_chinitsu_closed_6_open_5():
    r = score("123345567789m11m", "9m")
    assert {y.name: y.han for y in r.yaku}["chinitsu"] == 6 and "honitsu" not in names(r)
    r = score("345567789m11m", "9m", ["chi:123m"])
    assert {y.name: y.han for y in r.yaku}["chinitsu"] == 5


# Y27 nagashi mangan: test_scoring.test_Y27_nagashi_mangan_payments

# --- Y30-Y42 yakuman ---------------------------------------------------------------------------

def test_Y30_kokushi_and_13_sided_option():
    assert yakuman(score("19m19p19s1234567z9m", "1z")) == {"kokushi musou": 1}
    assert yakuman(score("19m19p19s1234567z9m", "9m")) == {"kokushi musou juusanmen": 1}
    double = score("19m19p19s1234567z9m", "9m", preset("majsoul"))
    assert yakuman(double) == {"kokushi musou juusanmen": 2} and double.total == 64000


def test_Y31_suuankou_shanpon_must_tsumo_tanki_option():
    assert yakuman(score("11144455m222p333s", "4m", tsumo=True)) == {"suuankou": 1}
    ron = score("11144455m222p333s", "4m")
    assert ron.yakuman == 0 and {"sanankou", "toitoi"} <= names(ron)
    assert yakuman(score("11144455m222p333s", "5m")) == {"suuankou tanki": 1}
    assert yakuman(score("11144455m222p333s", "5m", preset("majsoul"))) == {"suuankou tanki": 2}


def test_Y32_daisangen():
    assert yakuman(score("123m55p555z666z777z", "5p")) == {"daisangen": 1}


def test_Y33_shousuushii():
    assert yakuman(score("111z222z333z44z123m", "1m")) == {"shousuushii": 1}


def test_Y34_daisuushii_double_option():
    assert yakuman(score("111z222z333z55m", "5m", ["pon:444z"])) == {"daisuushii": 1}
    assert yakuman(score("111z222z333z55m", "5m", ["pon:444z"],
                         preset("tenhou", double_daisuushii=True))) == {"daisuushii": 2}


def test_Y35_tsuuiisou():
    assert yakuman(score("111z222z555z77z", "7z", ["pon:666z"])) == {"tsuuiisou": 1}


def test_Y36_chinroutou():
    assert yakuman(score("111m999m111p99p", "9p", ["pon:999s"])) == {"chinroutou": 1}


def test_Y37_ryuuiisou_hatsu_option():
    assert yakuman(score("223344666888s66z", "6z")) == {"ryuuiisou": 1}
    assert yakuman(score("22334444666888s", "2s")) == {"ryuuiisou": 1}
    r = score("22334444666888s", "2s", preset("tenhou", ryuuiisou_needs_hatsu=True))
    assert r.yakuman == 0 and "chinitsu" in names(r)


def test_Y38_chuuren_junsei_option_and_closed_only():
    assert yakuman(score("11123455678999m", "5m")) == {"junsei chuuren poutou": 1}
    assert yakuman(score("11123455678999m", "2m")) == {"chuuren poutou": 1}
    assert yakuman(score("11123455678999m", "5m", preset("majsoul"))) == {
        "junsei chuuren poutou": 2}
    assert score("11123455678m", "5m", ["chi:789m"]).yakuman == 0  # open: chinitsu only


def test_Y39_suukantsu_double_option():
    melds = ["kan:1111p", "kan:2222s", "ankan:9999m", "kan:7777z"]
    assert yakuman(score("55m", "5m", melds)) == {"suukantsu": 1}
    assert yakuman(score("55m", "5m", melds, preset("majsoul"))) == {"suukantsu": 2}


def test_Y40_tenhou_dealer_only():
    assert yakuman(score(PINFU_HAND, "3p", seat="E", tsumo=True, tenhou=True)) == {"tenhou": 1}
    with pytest.raises(RulesError, match="dealer"):
        score(PINFU_HAND, "3p", seat="S", tsumo=True, tenhou=True)


def test_Y41_chiihou_not_after_ankan():
    assert yakuman(score(PINFU_HAND, "3p", tsumo=True, chiihou=True)) == {"chiihou": 1}
    with pytest.raises(RulesError, match="ankan"):
        score("123m456p789s11z", "1z", ["ankan:9999p"], tsumo=True, chiihou=True)


@pytest.mark.parametrize("value,han,yakuman_count", [
    ("yakuman", None, 1), ("mangan", 5, 0), ("baiman", 8, 0), ("off", None, 0),
])
def test_Y42_renhou_option(value, han, yakuman_count):
    r = score(PINFU_HAND, "3p", preset("tenhou", renhou=value), renhou=True)
    assert r.yakuman == yakuman_count
    got = {y.name: y.han for y in r.yaku}
    if han is not None:
        assert got["renhou"] == han
    elif yakuman_count == 0:
        assert "renhou" not in got and r.han == 2  # pinfu, tanyao


# --- L1-L13 local yaku ---------------------------------------------------------------------------

def test_L1_open_riichi():
    r = score(PINFU_HAND, "3p", LOCAL, riichi=True, open_riichi=True)
    assert {y.name: y.han for y in r.yaku}["open riichi"] == 2 and "riichi" not in names(r)
    r = score(PINFU_HAND, "3p", LOCAL, double_riichi=True, open_riichi=True)
    assert {y.name: y.han for y in r.yaku}["open double riichi"] == 3
    r = score(PINFU_HAND, "3p", LOCAL, open_riichi=True, open_riichi_deal_in=True)
    assert yakuman(r) == {"open riichi deal-in": 1}
    with pytest.raises(RulesError, match="open riichi is off"):
        score(PINFU_HAND, "3p", open_riichi=True)


def test_L2_sanshoku_tsuukan():
    r = score("123m456p789s234m55s", "4m", LOCAL)
    assert {y.name: y.han for y in r.yaku}["sanshoku tsuukan"] == 2
    assert "sanshoku tsuukan" not in names(score("123m456p789s234m55s", "4m"))


def test_L3_sanrenkou():
    r = score("222333444p567m99s", "9s", LOCAL)
    assert "sanrenkou" in names(r)


def test_L4_isshoku_sanjun_replaces_iipeikou():
    rules = preset("tenhou", isshoku_sanjun=True)
    r = score("123123123p567m99s", "3p", rules)  # ron on 3p: the 333p reading is open
    assert "isshoku sanjun" in names(r) and "iipeikou" not in names(r)
    assert "iipeikou" in names(score("123123123p567m99s", "3p"))


def test_L5_daisharin_and_double_option():
    assert yakuman(score("22334455667788p", "8p", LOCAL)) == {"daisharin": 1}
    assert yakuman(score("22334455667788p", "8p", preset("local", double_daisharin=True))) == {
        "daisharin": 2}
    assert score("22334455667788p", "8p").yakuman == 0  # tenhou: chinitsu, ryanpeikou...


def test_L6_shiisan_budou_only_as_first_draw():
    r = score("147m258p369s11234z", "1z", LOCAL, seat="E", tsumo=True, tenhou=True)
    assert "shiisan budou" in yakuman(r)
    with pytest.raises(NotAWin):
        score("147m258p369s11234z", "1z", LOCAL, tsumo=True)


def test_L7_suurenkou():
    r = score("111222333m55p", "5p", ["pon:444m"], LOCAL)
    assert "suurenkou" in yakuman(r)


def test_L8_isshoku_yonjun():
    r = score("111122223333m55p", "5p", LOCAL)
    assert "isshoku yonjun" in yakuman(r)


def test_L9_hyakuman_goku_and_exactly_100():
    r = score("66677778888999m", "6m", LOCAL)  # sums to 105
    assert "hyakuman goku" in yakuman(r)
    r = score("55666777888m", "5m", ["pon:999m"], preset("local", double_hyakuman_goku_100=True))
    assert yakuman(r)["hyakuman goku"] == 2  # exactly 100


def test_L10_benikujaku():
    r = score("111s555s777s99s", "9s", ["pon:777z"], LOCAL)
    assert "benikujaku" in yakuman(r)


def test_L11_tohoku_shinkansen():
    assert "tohoku shinkansen" in yakuman(score("123456789m111z44z", "4z", LOCAL))
    assert score("123456789m111z44z", "4z").yakuman == 0


def test_L12_daichisei_double_not_tsuuiisou():
    assert yakuman(score("11223344556677z", "7z", LOCAL)) == {"daichisei": 2}
    assert yakuman(score("11223344556677z", "7z")) == {"tsuuiisou": 1}


def test_L13_paarenchan():
    assert "paarenchan" in yakuman(score(PINFU_HAND, "3p", LOCAL, seat="E", dealer_streak=7))
    assert score(PINFU_HAND, "3p", LOCAL, seat="E", dealer_streak=6).yakuman == 0
