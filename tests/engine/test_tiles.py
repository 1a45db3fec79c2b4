"""T1, D1, D2: tiles, the mpsz notation and red fives."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import InvalidNotation
from engine.meld import MeldKind, format_meld, parse_meld
from engine.rules import RED_SETS
from engine.tiles import (
    TilePool,
    dora_of,
    format_tiles,
    is_red,
    parse_kind,
    parse_tiles,
)


def test_T1_136_tiles_four_of_each_kind():
    pool = TilePool()
    every = [pool.take(k, False) for k in range(34) for _ in range(4 if k not in (4, 13, 22) else 3)]
    every += [pool.take(k, True) for k in (4, 13, 22)]
    assert sorted(every) == list(range(136))


@pytest.mark.parametrize(
    "text", ["123m0p55z", "19m19p19s1234567z", "0m0p0s", "11112222333344z", "406m"]
)
def test_T1_mpsz_round_trip(text):
    assert format_tiles(parse_tiles(text)) == format_tiles(parse_tiles(format_tiles(parse_tiles(text))))
    assert sorted(parse_tiles(text)) == sorted(parse_tiles(format_tiles(parse_tiles(text))))


@given(st.lists(st.integers(0, 135), unique=True, max_size=20))
def test_T1_format_parse_round_trip_property(tiles):
    text = format_tiles(tiles)
    back = parse_tiles(text)
    assert sorted(t >> 2 for t in back) == sorted(t >> 2 for t in tiles)
    assert sum(is_red(t) for t in back) == sum(is_red(t) for t in tiles)
    assert format_tiles(back) == text


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("55555m", "fifth copy"),
        ("123x", "unknown character"),
        ("8z", "no tile"),
        ("0z", "no tile"),
        ("123", "no suit"),
        ("00m", "red"),
    ],
)
def test_T1_invalid_notation_says_what_is_wrong(text, fragment):
    with pytest.raises(InvalidNotation, match=fragment):
        parse_tiles(text)


@pytest.mark.parametrize(
    "indicator, dora",
    [("1m", "2m"), ("9m", "1m"), ("9p", "1p"), ("9s", "1s"), ("1z", "2z"), ("4z", "1z"),
     ("5z", "6z"), ("6z", "7z"), ("7z", "5z"), ("0p", "6p")],
)
def test_D1_dora_follows_indicator(indicator, dora):
    assert dora_of(parse_kind(indicator)) == parse_kind(dora)


def test_D2_red_fives_by_ruleset():
    assert [t for t in range(136) if is_red(t)] == [16, 52, 88]
    assert [t for t in range(136) if is_red(t, RED_SETS["none"])] == []
    assert sum(is_red(t, RED_SETS["4aka"]) for t in range(136)) == 4
    assert sum(is_red(t, RED_SETS["8aka"]) for t in range(136)) == 8
    assert sum(is_red(t, RED_SETS["all"]) for t in range(136)) == 12
    assert [t for t in range(52, 56) if is_red(t, RED_SETS["8aka"])] == [52, 53, 54, 55]
    with pytest.raises(InvalidNotation, match="no red"):
        parse_tiles("0m", RED_SETS["none"])
    assert format_tiles(parse_tiles("00p", RED_SETS["4aka"]), RED_SETS["4aka"]) == "00p"


@pytest.mark.parametrize(
    "text, kind", [("pon:555z", MeldKind.PON), ("chi:406m", MeldKind.CHI),
                   ("kan:1111m", MeldKind.DAIMINKAN), ("ankan:7777s", MeldKind.ANKAN),
                   ("kakan:2222p", MeldKind.KAKAN)],
)
def test_C3_meld_notation(text, kind):
    meld = parse_meld(text)
    assert meld.kind is kind
    assert format_meld(meld) == text
    assert meld.opened == (kind is not MeldKind.ANKAN)


@pytest.mark.parametrize(
    "text, fragment",
    [("chi:135m", "consecutive"), ("pon:556z", "same tile"), ("pon:5555z", "3 tiles"),
     ("kan:111m", "4 tiles"), ("chi:567z", "consecutive"), ("chi:891m", "consecutive"),
     ("foo:123m", "unknown meld kind"), ("123m", "KIND:TILES"), ("chi:123m@2", "left")],
)
def test_C3_meld_notation_errors(text, fragment):
    with pytest.raises(InvalidNotation, match=fragment):
        parse_meld(text)


def test_T1_hand_and_melds_share_one_pool():
    pool = TilePool()
    pool.parse("111z")
    with pytest.raises(InvalidNotation, match="fifth copy"):
        parse_meld("pon:111z", pool=pool)
