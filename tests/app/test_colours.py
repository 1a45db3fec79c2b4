"""Colours as the terminal allows them (issue 11, item 11): NO_COLOR (and the mono theme) sends
no colour at all, a 16-colour terminal keeps every highlight visible by reverse or underline, and
every tile face of every glyph set is as wide in every terminal.

The screen is taken as the terminal gets it: the compositor's output (after the app's line
filters) printed through a Rich console of the given colour system, and its SGR codes read."""

import asyncio
import io
import re
import unicodedata

import pytest
from rich.cells import cell_len
from rich.console import Console

from app import glyphs
from app.app import RiichiApp
from app.i18n import available_languages
from app.options import PlayOptions
from app.screens.setup import SetupScreen
from app.storage.settings import Settings
from app.widgets import HandView
from app.widgets.choice import Choice
from tests.app.test_snapshots import my_turn, table_app, wait_until

SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def sgr_params(text: str) -> list[list[int]]:
    """The parameters of every SGR sequence in ``text`` (``\\x1b[0m`` -> ``[0]``)."""
    return [[int(p or 0) for p in re.split("[;:]", m.group(1))] for m in SGR.finditer(text)]


def colour_params(text: str) -> set[int]:
    """The SGR parameters in ``text`` that set a colour: 30-38, 40-48, 90-97, 100-107 (39 and
    49, "the terminal's own colour", are no colour). After 38 or 48 the colour's own numbers
    are skipped."""
    found: set[int] = set()
    for params in sgr_params(text):
        i = 0
        while i < len(params):
            p = params[i]
            if p in (38, 48):
                found.add(p)
                i += 3 if params[i + 1:i + 2] == [5] else 5
                continue
            if 30 <= p <= 37 or 40 <= p <= 47 or 90 <= p <= 97 or 100 <= p <= 107:
                found.add(p)
            i += 1
    return found


def screen_lines(app, color_system: str = "truecolor") -> list[str]:
    """The screen as the terminal would get it, one string with escape codes per row."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=color_system, legacy_windows=False, safe_box=False,
                      no_color=False, _environ={})  # as Textual: NO_COLOR is the app's business
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    out = console.file.getvalue()
    # the full update positions each row with a cursor move (\x1b[row;colH)
    rows = re.split(r"\x1b\[\d+;\d+H", out)
    return [r for r in rows if r]


def attrs_on(line: str, text: str) -> set[int]:
    """The SGR parameters in force where ``text`` starts in ``line``."""
    return _attrs_at(line, re.sub(SGR, "", line).index(text))


def row_with(lines: list[str], text: str) -> str:
    for line in lines:
        if text in re.sub(SGR, "", line):
            return line
    raise AssertionError(f"{text!r} is not on the screen")


async def _hints_on(pilot):
    app = pilot.app
    await wait_until(pilot, lambda: my_turn(app))
    await pilot.press("u")
    await wait_until(pilot, lambda: bool(app.screen.query_one(HandView).hints))
    await pilot.pause()


def _every_screen_without_colour(app_factory) -> None:
    """Title, setup (a focused choice) and the table with hints: no colour code anywhere, and
    the highlights still there as attributes."""

    async def run():
        app = app_factory(direct=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            title = screen_lines(app)
            assert colour_params("".join(title)) == set()
            assert 4 in attrs_on(row_with(title, "New game"), "New game")  # the menu's cursor
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
            await pilot.pause()
            setup = screen_lines(app)
            assert colour_params("".join(setup)) == set()
            focused = app.screen.query_one(Choice)
            assert focused.has_focus
            assert 7 in attrs_on(row_with(setup, focused.label), focused.label)  # reversed
        app = app_factory(direct=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await _hints_on(pilot)
            table = screen_lines(app)
            assert colour_params("".join(table)) == set()
            assert "▸" in re.sub(SGR, "", "".join(table))

    asyncio.run(run())


def test_no_color_sends_no_colour_at_all(monkeypatch):
    """NO_COLOR: not one colour code, not the 256-colour greys nor the dark background that
    Textual's own NO_COLOR filter sends; bold, underline and reverse stay."""
    monkeypatch.setenv("NO_COLOR", "1")

    def make(direct):
        return table_app(seed=5) if direct else RiichiApp(
            PlayOptions(speed="instant", save=False), settings=Settings())

    _every_screen_without_colour(make)


def test_the_mono_theme_sends_no_colour_either():
    """The mono theme chosen (here by --theme) without NO_COLOR: the same."""
    def make(direct):
        return table_app(seed=5, theme="mono") if direct else RiichiApp(
            PlayOptions(speed="instant", save=False, theme="mono"), settings=Settings())

    _every_screen_without_colour(make)


def test_a_theme_given_on_the_command_line_wins_over_no_color(monkeypatch):
    """no-color.org: a per-instance option overrides NO_COLOR, so --theme classic has colour
    (not Textual's greys)."""
    monkeypatch.setenv("NO_COLOR", "1")

    async def run():
        app = RiichiApp(PlayOptions(speed="instant", save=False, theme="classic"),
                        settings=Settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not app.has_class("-plain")
            lines = screen_lines(app)
            line = row_with(lines, "New game")
            assert re.search(r"\x1b\[[0-9;]*48;2;1;120;212", line), "the menu's blue cursor"

    asyncio.run(run())


def test_16_colours_keep_every_highlight_visible(monkeypatch):
    """TERM=xterm (no COLORTERM): 16 colours. The menu cursor is underlined, the focused
    setting reversed, the best discards of the hints underlined, the turn reversed, the pick
    marked, the selected tile in a heavy box - each visible without telling colours apart."""
    monkeypatch.setenv("TERM", "xterm")

    async def run():
        app = RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())
        assert app.console.color_system == "standard" and app.few_colours
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.has_class("-plain")
            title = screen_lines(app, "standard")
            assert 4 in attrs_on(row_with(title, "New game"), "New game")
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
            await pilot.pause()
            focused = app.screen.query_one(Choice)
            setup = screen_lines(app, "standard")
            assert 7 in attrs_on(row_with(setup, focused.label), focused.label)
        app = table_app(seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await _hints_on(pilot)
            hand = app.screen.query_one(HandView)
            table = screen_lines(app, "standard")
            # the per-tile hint row: the last line with a ▸ other than the legend (header) and
            # the pick's reason in the call bar's row
            hint_row = [i for i, line in enumerate(table) if "▸" in line
                        and "strong AI's pick" not in re.sub(SGR, "", line)][-1]
            best = [k for k, h in hand.hints if h.best]
            assert best
            underlined = [p for p in sgr_params(table[hint_row]) if 4 in p]
            assert underlined, f"the best discards are underlined: {table[hint_row]!r}"
            you = row_with(table, " You ")
            assert any(7 in ps for ps in sgr_params(you))  # the wind of the turn, reversed
            assert any("┏" in re.sub(SGR, "", line) for line in table)  # the selected tile

    asyncio.run(run())


def test_colour_mode_follows_a_theme_change_in_settings():
    """Choosing mono in the settings removes colour at once, classic brings it back."""

    async def run():
        app = RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert colour_params("".join(screen_lines(app)))
            app.apply_settings(app.settings.replace(theme="mono"), save=False)
            await pilot.pause()
            await pilot.pause()
            assert app.has_class("-plain")
            assert colour_params("".join(screen_lines(app))) == set()
            app.apply_settings(app.settings.replace(theme="classic"), save=False)
            await pilot.pause()
            await pilot.pause()
            assert not app.has_class("-plain")
            assert colour_params("".join(screen_lines(app)))

    asyncio.run(run())


def same_width_everywhere(ch: str) -> bool:
    """A character that every terminal draws in the cells Rich counts: one cell and not wide in
    any table (East Asian "ambiguous" ones such as the box lines and █ included: the whole
    screen is drawn with them), or two cells as a CJK ideograph or a fullwidth form (wide since
    Unicode 1). Emoji such as U+1F004 🀄 became wide only with Unicode 9: one cell in older
    terminals, two in newer ones."""
    eaw = unicodedata.east_asian_width(ch)
    if cell_len(ch) == 1:
        return eaw in ("Na", "N", "H", "A")
    return cell_len(ch) == 2 and (eaw == "F" or unicodedata.name(ch, "").startswith("CJK"))


@pytest.mark.parametrize("lang", sorted(available_languages()))
@pytest.mark.parametrize("gid", glyphs.glyph_set_ids())
def test_every_tile_face_is_as_wide_in_every_terminal(gid, lang):
    """Every face of a glyph set fills the set's width (Rich's count) and is made of characters
    whose width terminals agree on, so that --glyphs unicode keeps columns aligned."""
    g = glyphs.glyph_set(gid, lang)
    for faces, width in ((g.faces, g.width), (g.short, g.short_width)):
        assert {cell_len(f) for f in faces} == {width}
        for face in faces:
            bad = [c for c in face if c != " " and not same_width_everywhere(c)]
            assert not bad, f"{face!r}: {[f'U+{ord(c):04X}' for c in bad]}"
    for back, width in ((g.back, g.width), (g.short_back, g.short_width)):
        assert cell_len(back) == width and all(
            c == " " or same_width_everywhere(c) for c in back)


def test_a_unicode_hand_row_has_one_width_per_tile():
    """The faces in a hand, a river and a meld: each tile the same number of cells, chun too."""
    p = glyphs.Painter(glyphs.glyph_set("unicode"), glyphs.theme("classic"))
    tiles = [k * 4 for k in range(34)]
    assert {p.face(t).cell_len for t in tiles} == {2}
    assert {p.tile(t).cell_len for t in tiles} == {4}
    assert {sum(part.cell_len for part in p.boxed(t)) for t in tiles} == {12}
    assert p.tiles([33 * 4, 33 * 4 + 1, 33 * 4 + 2]).cell_len == 6


def test_mono_in_a_16_colour_terminal_removes_colour_at_once(monkeypatch):
    """In 16 colours the highlights are already plain; choosing mono still repaints without
    colour at once."""
    monkeypatch.setenv("TERM", "xterm")

    async def run():
        app = RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.has_class("-plain") and colour_params("".join(screen_lines(app)))
            app.apply_settings(app.settings.replace(theme="mono"), save=False)
            await pilot.pause()
            await pilot.pause()
            assert colour_params("".join(screen_lines(app))) == set()

    asyncio.run(run())


def _help_lines(app_factory):
    from app.screens.help import HelpScreen

    async def run():
        app = app_factory()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(HelpScreen())
            await pilot.pause()
            await pilot.pause()
            return screen_lines(app)

    return asyncio.run(run())


def _scrollbar_cells(lines: list[str]) -> list[tuple[str, set[int]]]:
    """The help box's scrollbar, top to bottom: each row's two cells left of the box's right
    border, with the SGR attributes in force there."""
    out = []
    for line in lines:
        plain = re.sub(SGR, "", line)
        end = plain.rfind("│")
        if end < 3 or plain.find("│") == end:
            continue
        cells = plain[end - 3:end - 1]
        out.append((cells, _attrs_at(line, end - 3)))
    return out


def _attrs_at(line: str, column: int) -> set[int]:
    """The SGR parameters in force at ``column`` (of the text without escapes) of ``line``."""
    active: set[int] = set()
    plain = 0
    pos = 0
    for m in SGR.finditer(line):
        plain += m.start() - pos
        pos = m.end()
        if plain > column:
            break
        for params in sgr_params(m.group(0)):
            if 0 in params:
                active = set()
            active |= {p for p in params if p != 0}
    return active


def test_no_color_keeps_scrollbars_visible(monkeypatch):
    """NO_COLOR: the help screen's scrollbar keeps its thumb (reversed) and shows its track
    (a light shade) although no colour is sent; with colour the track stays Textual's."""
    monkeypatch.setenv("NO_COLOR", "1")
    lines = _help_lines(lambda: RiichiApp(PlayOptions(speed="instant", save=False),
                                          settings=Settings()))
    assert colour_params("".join(lines)) == set()
    bar = _scrollbar_cells(lines)
    thumb = [attrs for cells, attrs in bar if cells == "  " and 7 in attrs]
    track = [cells for cells, _ in bar if cells == "░░"]
    assert thumb, "the thumb is reversed"
    assert len(track) >= 5, f"the track is drawn: {bar}"
    monkeypatch.delenv("NO_COLOR")
    coloured = _help_lines(lambda: RiichiApp(PlayOptions(speed="instant", save=False),
                                             settings=Settings()))
    assert "░" not in re.sub(SGR, "", "".join(coloured))


def test_16_colours_keep_the_terminals_own_background(monkeypatch):
    """TERM=xterm: the classic theme's dark greys would come out as a forced black background
    (SGR 40); the screen keeps the terminal's own instead, the table too."""
    monkeypatch.setenv("TERM", "xterm")

    async def run():
        app = RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            title = "".join(screen_lines(app, "standard"))
            assert 40 not in colour_params(title) and "49" in title
            assert colour_params(title)  # still in colour
        app = table_app(seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await _hints_on(pilot)
            table = "".join(screen_lines(app, "standard"))
            assert 40 not in colour_params(table)

    asyncio.run(run())
