"""Issue 11 item 10: the game's options work on the bare ``riichi`` command, and with
``--lang zh`` the text glyphs name the honours in Chinese with the columns kept aligned."""

import asyncio
import time

import pytest
from rich.cells import cell_len

from app import cli, glyphs, i18n
from app.app import RiichiApp
from app.options import PlayOptions
from app.storage.settings import Settings

CHINESE_HONOURS = ("东", "南", "西", "北", "白", "发", "中")


@pytest.fixture
def started(monkeypatch):
    """``riichi ...`` run up to the command it would start: (command name, its arguments)."""
    seen = []
    commands = cli._commands()
    for name, module in commands.items():
        monkeypatch.setattr(module, "run", lambda args, name=name: seen.append((name, args)) or 0)
    return seen


@pytest.fixture
def chinese():
    i18n.set_language("zh")
    yield
    i18n.set_language("en")


def test_play_options_work_on_the_bare_command(started):
    from app.commands.play import options_from_args

    argv = ["--lang", "zh", "--seed", "7", "--rules", "majsoul", "--length", "tonpuusen",
            "--speed", "instant", "--glyphs", "kanji", "--theme", "mono", "--no-save"]
    assert cli.main(argv) == 0
    (name, args), = started
    assert name == "play"
    o = options_from_args(args)
    assert (o.language, o.seed, o.rules, o.length, o.speed, o.glyphs, o.theme, o.save) == (
        "zh", 7, "majsoul", "tonpuusen", "instant", "kanji", "mono", False)
    assert o.direct  # a seed or rules skip the title screen, as with ``riichi play``


def test_the_bare_command_and_play_take_the_same_options(started):
    for argv in (["--lang", "zh"], ["play", "--lang", "zh"]):
        cli.main(argv)
    (first, a), (second, b) = started
    assert first == second == "play" and vars(a) == vars(b)


def test_nothing_starts_the_game_and_other_commands_are_untouched(started):
    assert cli.main([]) == 0
    assert started[-1][0] == "play" and started[-1][1].lang is None
    cli.main(["history", "--json"])
    assert started[-1][0] == "history"


def test_help_on_the_bare_command_lists_the_commands_and_names_the_play_options(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "COMMAND" in out and "score" in out and "riichi play --help" in out


def test_an_unknown_option_on_the_bare_command_is_an_error_not_a_game(started, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--no-such-option"])
    assert exit_.value.code == 2 and not started
    assert "--no-such-option" in capsys.readouterr().err


def test_text_glyphs_name_honours_in_chinese_in_their_width():
    zh, en = glyphs.glyph_set("text", "zh"), glyphs.glyph_set("text", "en")
    assert tuple(f.strip() for f in zh.faces[27:]) == CHINESE_HONOURS
    assert tuple(f.strip() for f in zh.short[27:]) == CHINESE_HONOURS
    assert tuple(f.strip() for f in en.faces[27:]) == ("Ea", "So", "We", "No", "Wh", "Gr", "Rd")
    assert zh.faces[:27] == en.faces[:27]  # the suits stay 1m … 9s
    assert all(cell_len(f) == zh.width for f in zh.faces)
    assert all(cell_len(f) == zh.short_width for f in zh.short)
    assert len(set(zh.faces)) == 34
    # a set without Chinese faces is the same set in Chinese
    assert glyphs.glyph_set("kanji", "zh") == glyphs.glyph_set("kanji")
    assert glyphs.glyph_set("text", "zh").name("zh") == "文字 (5m, 东, 中)"


def test_chinese_honour_boxes_and_river_tiles_keep_the_width_of_the_others():
    p = glyphs.Painter(glyphs.glyph_set("text", "zh"))
    east, five_man = 27 * 4, 4 * 4 + 1
    for short in (True, False):
        for a, b in zip(p.boxed(east, short=short), p.boxed(five_man, short=short), strict=True):
            assert cell_len(a.plain) == cell_len(b.plain)
        assert cell_len(p.tile(east, short=short).plain) == cell_len(
            p.tile(five_man, short=short).plain)
    assert p.boxed(east)[1].plain == "│东│"
    assert p.tiles([east, east, east], sep=" ").plain == "东 东 东"


def test_the_app_paints_chinese_honours_when_the_language_is_chinese():
    try:
        zh = RiichiApp(PlayOptions(language="zh"), settings=Settings())
        assert zh.painter.glyphs.faces[33].strip() == "中"
        en = RiichiApp(PlayOptions(language="en"), settings=Settings())
        assert en.painter.glyphs.faces[33].strip() == "Rd"
        # the language chosen in the settings counts as well as ``--lang``
        settings = Settings(language="zh")
        assert RiichiApp(PlayOptions(), settings=settings).painter.glyphs.faces[27] == "东"
    finally:
        i18n.set_language("en")


def test_the_table_at_80x24_in_chinese_shows_honours_in_aligned_boxes():
    """Seed 3 deals the player 西 and 白: their boxes line up with the others, and each key
    letter stays under the middle of its tile."""
    asyncio.run(_table_in_chinese())


async def _table_in_chinese():
    from app.screens.table import TableScreen
    from app.widgets.hand import HandView

    app = RiichiApp(PlayOptions(seed=3, difficulty="greedy", speed="instant", direct=True,
                                save=False, language="zh"), settings=Settings())
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            start = time.monotonic()
            while not (isinstance(app.screen, TableScreen) and app.screen.legal):
                assert time.monotonic() - start < 30, "the player's turn never came"
                await pilot.pause(0.01)
            hand = app.screen.query_one(HandView)
            rows = hand.render().plain.split("\n")
            top, mid, bottom, keys = rows[-4:]
            assert "西" in mid and "白" in mid and "We" not in mid
            assert cell_len(top) == cell_len(mid) == cell_len(bottom)
            # every box's walls stand in the same columns on the three lines
            columns = [[i for i, ch in enumerate(_cells(line)) if ch in walls]
                       for line, walls in ((top, "┌┏"), (mid, "│┃"), (bottom, "└┗"))]
            assert set(columns[0]) <= set(columns[1]) and set(columns[2]) == set(columns[0])
            letters = [i for i, ch in enumerate(_cells(keys)) if ch.strip()]
            spans = hand._spans()
            assert len(letters) == len(spans)
            assert all(x0 + 1 <= x < x1 - 1 for x, (x0, x1) in zip(letters, spans, strict=True))
            # and the screen shows the same faces (the widget is not all there is)
            assert "西" in _screen_text(app)
    finally:
        i18n.set_language("en")


def _cells(line: str) -> list[str]:
    """One entry per terminal cell (a double-width character and then an empty cell)."""
    out: list[str] = []
    for ch in line:
        out.append(ch)
        out.extend("" for _ in range(cell_len(ch) - 1))
    return out


def _screen_text(app) -> str:
    """What the terminal shows, line by line."""
    update = app.screen._compositor.render_update(full=True)
    return "\n".join("".join(segment.text for segment in strip) for strip in update.strips)
