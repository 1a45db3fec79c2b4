"""Assets: every glyph set has 34 faces of its width, every theme parses, every language has
every English key, and every yaku, fu label and limit the scoring engine can name has a text."""

import tomllib
from importlib import resources

import pytest
from rich.cells import cell_len

from app import glyphs, i18n
from engine.scoring import points
from engine.scoring.yaku import YAKU, YAKUMAN


def _keys(lang):
    with resources.files("assets").joinpath("i18n", f"{lang}.toml").open("rb") as fh:
        return set(i18n._flatten(tomllib.load(fh)))


@pytest.mark.parametrize("lang", [code for code in i18n.available_languages() if code != "en"])
def test_every_language_has_every_english_key(lang):
    assert _keys("en") - _keys(lang) == set()


def _engine_names():
    names = {y.name for y in YAKU} | {y.name for y in YAKUMAN}
    return sorted(names | {"dora", "aka dora", "ura dora", "nagashi mangan"})


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", _engine_names())
def test_every_engine_yaku_has_a_name(lang, name):
    assert f"yaku.{name}" in _keys(lang), name


def test_limits_and_fu_labels_are_translated():
    tx = i18n.Texts("zh")
    for name in list(points.YAKUMAN_NAMES.values()) + ["mangan", "haneman", "baiman", "sanbaiman"]:
        assert tx.has(f"limit.{name}"), name
    assert tx("limit.mangan") == "满贯"
    for label in ("base", "menzen ron", "tsumo", "kanchan wait", "penchan wait", "tanki wait",
                  "pair", "open triplet", "closed triplet", "open kan", "closed kan",
                  "open pinfu shape", "rounding", "pinfu tsumo", "chiitoitsu", "kokushi"):
        assert tx.has(f"fu.{label}"), label


def test_fallback_to_english_then_key():
    tx = i18n.Texts("zh")
    assert tx("title.new_game") == "新游戏"
    assert tx("table.wall", n=70) == "余 70"
    assert tx("no.such.key") == "no.such.key"
    assert i18n.Texts("xx").lang == "en"
    assert tx.yaku("some new yaku") == "Some new yaku"


@pytest.mark.parametrize("gid", glyphs.glyph_set_ids())
def test_glyph_sets_have_34_faces_of_their_width(gid):
    g = glyphs.glyph_set(gid)
    assert len(g.faces) == len(g.short) == 34
    assert all(cell_len(f) == g.width for f in g.faces)
    assert all(cell_len(f) == g.short_width for f in g.short)
    assert len(set(g.faces)) == 34  # no two kinds look alike


def test_kanji_and_unicode_faces():
    assert glyphs.glyph_set("kanji").faces[0] == "一萬"
    assert glyphs.glyph_set("kanji").faces[33].strip() == "中"
    assert glyphs.glyph_set("unicode").faces[0].strip() == "\U0001F007"


@pytest.mark.parametrize("tid", glyphs.theme_ids())
def test_themes_parse(tid):
    th = glyphs.theme(tid)
    for key in ("man", "pin", "sou", "red_five", "dora", "riichi", "called", "last"):
        assert key in th.styles


def test_mono_theme_has_no_colour_and_red_fives_still_show():
    th = glyphs.theme("mono")
    assert all(s.color is None and s.bgcolor is None for s in th.styles.values())
    painter = glyphs.Painter(glyphs.glyph_set("text"), th)
    red, plain = 16, 17  # the red 5m and a plain one
    assert painter.tile(red).plain == "5m* "
    assert painter.tile(plain).plain == "5m  "
    top, mid, _ = painter.boxed(red)
    assert "*" in top.plain and mid.plain == "│5m│"
