"""The table screen's updates do only the work their change needs (issue 13: a server draws
every table's updates on every screen at it), and show what they showed before: the footer
keeps its keys while they do not change and, when they do, ends as a rebuilt one would be; a
discard that starts no new river row lays nothing out; a burst of messages is drawn once, with
the last view, every event logged.

The screen is fed the messages its session would post for a greedy game (``FeedSession``
never plays on its own), so each test controls exactly what arrives when."""

import asyncio

import pytest
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from app.app import RiichiApp
from app.options import PlayOptions
from app.screens.setup import GameSetup
from app.screens.table import TableScreen
from app.session import GameSession, Happened, HumanTurn
from app.storage.settings import Settings

SEED = 7


class FeedSession(GameSession):
    """A game that moves only by the messages a test posts."""

    def go(self) -> None:
        pass

    def act(self, seat, action) -> None:
        pass


def recorded(count: int) -> list:
    """The first ``count`` messages a screen of seat 0 gets in a greedy game: ("happened",
    Happened), ("turn", HumanTurn) and ("key", the action seat 0 then chose)."""
    from ai import make_agent
    from engine.driver import Driver
    from engine.game import Game
    from engine.rules import preset

    rules = preset("tenhou")
    game = Game(rules, SEED)
    driver = Driver(game, {s: make_agent("greedy", SEED + s, rules=rules) for s in (1, 2, 3)})
    me = make_agent("greedy", SEED, rules=rules)
    out: list = []
    while len(out) < count:
        step = driver.step()
        if step is not None:
            out.append(("happened", Happened(step[2], game.view(0))))
            continue
        legal = driver.waiting()[0]
        action = me.act(game.view(0), legal)
        out += [("turn", HumanTurn(0, game.view(0), tuple(legal))), ("key", action)]
        out.append(("happened", Happened(driver.submit(0, action), game.view(0))))
    return out


async def _table(pilot, app) -> TableScreen:
    screen = TableScreen(FeedSession.new(app, GameSetup(seed=SEED, difficulty="greedy")))
    app.push_screen(screen)
    await pilot.pause()
    return screen


async def _feed(pilot, screen: TableScreen, kind: str, message) -> None:
    if kind == "key":
        screen.submit_human(message)
    else:
        screen.post_message(message)
    await pilot.pause()


def _app() -> RiichiApp:
    return RiichiApp(PlayOptions(save=False, speed="fast"), settings=Settings())


def _footer_cells(app) -> list[tuple]:
    """The screen's last line (the footer) cell by cell, as it looks: the character, its
    background, its colour where it shows (not on a plain blank), its attributes."""
    from textual.strip import Strip

    update = app.screen._compositor.render_update(full=True)
    cells = []
    for text, style, _control in Strip.join(update.strips[-1]):
        for char in text:
            shows = char != " " or style.underline or style.reverse or style.strike
            cells.append((char, style.bgcolor, style.color if shows else None, bool(style.bold),
                          bool(style.dim), bool(style.italic), bool(style.reverse),
                          bool(style.underline), bool(style.strike)))
    return cells


async def _as_textual_footer_draws_it(pilot, screen) -> list[tuple]:
    """The footer line of ``screen`` with Textual's compact ``Footer`` in the KeyFooter's
    place (the KeyFooter is back afterwards)."""
    from textual.widgets import Footer

    from app.widgets import KeyFooter

    ours = screen.query_one(KeyFooter)
    ours.display = False
    theirs = Footer(compact=True)
    await screen.mount(theirs)
    screen.refresh_bindings()
    await pilot.pause()
    await pilot.pause()
    cells = _footer_cells(pilot.app)
    await theirs.remove()
    ours.display = True
    await pilot.pause()
    return cells


async def _up_to_the_first_turn(pilot, screen):
    """Feed ``screen`` a game's first 12 messages up to the player's first turn: the messages
    and that turn's index."""
    messages = recorded(12)
    first_turn = next(i for i, (kind, _m) in enumerate(messages) if kind == "turn")
    for kind, message in messages[:first_turn]:
        await _feed(pilot, screen, kind, message)
    return messages, first_turn


def _counting(counts: dict, name: str, cls, method: str):
    """Count calls of ``cls.method`` in ``counts[name]`` (undone by the returned function)."""
    original = getattr(cls, method)

    def counting(self, *args, **kwargs):
        counts[name] = counts.get(name, 0) + 1
        return original(self, *args, **kwargs)

    setattr(cls, method, counting)
    return lambda: setattr(cls, method, original)


def test_the_footer_draws_nothing_again_while_the_keys_do_not_change():
    """Opponents' moves change no key: the footer's line is not drawn again (Textual's footer
    removed and mounted a widget per key on each of them)."""

    async def run():
        from app.widgets import KeyFooter

        app = _app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _table(pilot, app)
            messages, first_turn = await _up_to_the_first_turn(pilot, screen)
            counts: dict = {}
            undo = _counting(counts, "drawn", KeyFooter, "render")
            undo_asked = _counting(counts, "asked", KeyFooter, "update_keys")
            try:
                entries = screen.query_one(KeyFooter).entries
                assert entries
                fed = 0
                for kind, message in messages[first_turn + 3:]:
                    if kind != "happened":
                        break
                    await _feed(pilot, screen, kind, message)
                    fed += 1
                    assert screen.query_one(KeyFooter).entries == entries
            finally:
                undo()
                undo_asked()
            assert fed and not counts  # not drawn, not even asked to look at the keys

    asyncio.run(run())


def test_a_turns_keys_come_and_go_with_no_widget_mounted_and_no_layout():
    """A turn's keys (select, discard) appear at the front of the footer and go after the key:
    the footer's one line is drawn again, nothing is mounted or removed, and the footer asks
    for no layout pass (each key widget mounted or removed laid the whole screen out)."""

    async def run():
        from textual.app import App
        from textual.widget import Widget

        from app.widgets import KeyFooter

        app = _app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _table(pilot, app)
            messages, first_turn = await _up_to_the_first_turn(pilot, screen)
            footer = screen.query_one(KeyFooter)
            before = [e.action for e in footer.entries]
            counts: dict = {}
            undo = [_counting(counts, "mounts", Widget, "_post_mount"),
                    _counting(counts, "removed", App, "_prune")]
            asked = []
            refresh = footer.refresh

            def refreshing(*regions, layout=False, **kwargs):
                asked.append(layout)
                return refresh(*regions, layout=layout, **kwargs)

            footer.refresh = refreshing
            try:
                for kind, message in messages[first_turn:first_turn + 2]:  # the turn, the key
                    await _feed(pilot, screen, kind, message)
                    now = [e.action for e in footer.entries]
                    assert set(now) != set(before)  # the turn's keys came, then went
                    before = now
            finally:
                for done in undo:
                    done()
            assert not counts
            assert asked and not any(asked)

    asyncio.run(run())


#: The colour themes; the classic one is checked in every run, the others are slow.
THEMES = ["classic", *(pytest.param(t, marks=pytest.mark.slow) for t in ("light", "ansi", "mono"))]


@pytest.mark.parametrize("theme", THEMES)
def test_the_footer_line_is_the_line_textuals_footer_draws(theme):
    """Through opponents' moves, the player's turns and keys, and a riichi discard being
    chosen (the classic theme; a turn and a key in the others): the footer's line, cell by
    cell, is the line Textual's compact ``Footer`` draws for the same keys."""

    async def run():
        from engine.actions import Riichi

        app = RiichiApp(PlayOptions(save=False, speed="fast"), settings=Settings(theme=theme))
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _table(pilot, app)
            checked = set()
            for kind, message in recorded(60 if theme == "classic" else 14):
                await _feed(pilot, screen, kind, message)
                if kind in checked and not (kind == "turn" and any(
                        isinstance(a, Riichi) for a in screen.legal)):
                    continue
                checked.add(kind)
                ours = _footer_cells(app)
                assert ours == await _as_textual_footer_draws_it(pilot, screen), kind
                assert _footer_cells(app) == ours
            assert checked == {"happened", "turn", "key"}

    asyncio.run(run())


class _KeysScreen(Screen):
    """Keys of every kind a footer shows: plain, disabled (``check_action`` None), a compact
    group and its label, a group that is not compact, a wide description."""

    BINDINGS = [
        Binding("a", "one", "One"), Binding("b", "two", "Two"),
        Binding("w", "w", "W", group=Binding.Group("Aids ", compact=True)),
        Binding("x", "x", "X", group=Binding.Group("Aids ", compact=True)),
        Binding("c", "three", "Three"),
        Binding("y", "y", "Y", group=Binding.Group("More", compact=False)),
        Binding("z", "z", "Z", group=Binding.Group("More", compact=False)),
        Binding("d", "four", "Four"), Binding("e", "five", "中文"),
        Binding("f", "six", "Hidden", show=False),
    ]

    def __init__(self, footer) -> None:
        super().__init__()
        self.footer = footer
        self.done: list[str] = []

    def compose(self):
        yield Static("keys")
        yield self.footer

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return None if action == "two" else True

    def action_one(self) -> None:
        self.done.append("one")

    def action_three(self) -> None:
        self.done.append("three")


@pytest.mark.parametrize("theme", THEMES)
def test_every_kind_of_key_looks_as_in_textuals_footer_also_under_the_mouse(theme):
    """Plain and disabled keys, groups (compact or not) and their labels, wide text, a key
    under the mouse, a line narrower than its keys: cell by cell as Textual's ``Footer``."""

    async def lines(theme: str, width: int, footer) -> dict:
        """The footer line at each mouse position, ``footer`` on the screen."""
        out = {}
        app = RiichiApp(PlayOptions(save=False), settings=Settings(theme=theme))
        async with app.run_test(size=(width, 5)) as pilot:
            await app.push_screen(_KeysScreen(footer))
            await pilot.pause()
            await pilot.pause()
            for hover in (None, 0, 7, 14, 17, 26):
                if hover is None:
                    await pilot.hover(None, offset=(0, 0))  # off the footer
                else:
                    await pilot.hover(type(footer), offset=(hover, 0))
                await pilot.pause()
                out[hover] = _footer_cells(app)
        return out

    async def run():
        from textual.widgets import Footer

        from app.widgets import KeyFooter

        lit = 0
        for width in (80, 30):
            ours = await lines(theme, width, KeyFooter())
            assert ours == await lines(theme, width, Footer(compact=True)), width
            lit += sum(line != ours[None] for hover, line in ours.items() if hover is not None)
        # the mouse over a key lit it (not over the group's label), at both widths; the ansi
        # and mono themes show no hover (Textual's footer neither)
        assert lit == (0 if theme in ("ansi", "mono") else 2 * 4)

    asyncio.run(run())


def test_a_click_on_a_footer_key_presses_it_and_the_wheel_scrolls_a_long_line():
    """A click on a key does what its key does; on a disabled key, a bell and nothing else;
    keys wider than the footer scroll under the wheel and a click then finds the key shown."""

    async def run():
        from app.widgets import KeyFooter

        app = RiichiApp(PlayOptions(save=False), settings=Settings())
        async with app.run_test(size=(30, 5)) as pilot:
            screen = _KeysScreen(KeyFooter())
            await app.push_screen(screen)
            await pilot.pause()
            footer = screen.footer
            one = next(e for e in footer.entries if e.action == "one")
            await pilot.click(KeyFooter, offset=(one.x0, 0))
            await pilot.pause()
            assert screen.done == ["one"]
            two = next(e for e in footer.entries if e.action == "two")
            assert two.disabled
            bells = []
            app.bell = lambda: bells.append(1)
            await pilot.click(KeyFooter, offset=(two.x0, 0))
            await pilot.pause()
            assert bells and screen.done == ["one"]
            assert footer.entries[-1].x1 > 30  # wider than the footer
            full = footer.render().plain
            footer.post_message(events.MouseScrollDown(footer, 0, 0, 0, 1, 0, False, False,
                                                       False))
            await pilot.pause()
            scrolled = footer._scroll
            assert scrolled > 0 and footer.render().plain == full[scrolled:]
            three = next(e for e in footer.entries if e.action == "three")
            await pilot.click(KeyFooter, offset=(three.x0 - scrolled, 0))
            await pilot.pause()
            assert screen.done == ["one", "three"]  # the key under the click, scrolled
            for _ in range(30):  # never past the last key
                footer.post_message(events.MouseScrollDown(footer, 0, 0, 0, 1, 0, False, False,
                                                           False))
            await pilot.pause()
            assert footer.render().plain == full[footer._scroll:]
            assert footer._scroll == footer.entries[-1].x1 - 30

    asyncio.run(run())


def _rows(view) -> list[int]:
    """The lines of each river (six discards a row, one when empty)."""
    return [max(1, -(-len(river) // 6)) for river in view.rivers]


def count_layouts(screen) -> list[int]:
    """A list that gets an item for every layout pass of ``screen`` from now on."""
    layouts: list[int] = []
    original = screen._refresh_layout

    def counting(*args, **kwargs):
        layouts.append(1)
        return original(*args, **kwargs)

    screen._refresh_layout = counting
    return layouts


def test_a_discard_that_starts_no_new_river_row_lays_nothing_out():
    """An opponent's discard into a river row that has room, and the next draw, change what
    the seat lines, the river and the centre show, not their sizes: no layout pass (each new
    value of the seat lines and rivers laid the whole screen out)."""

    async def run():
        app = _app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _table(pilot, app)
            layouts = count_layouts(screen)
            quiet = 0
            for kind, message in recorded(30):
                rows = _rows(screen.view)
                layouts.clear()
                await _feed(pilot, screen, kind, message)
                if kind == "happened" and rows == _rows(message.view) and not any(
                        type(e).__name__ == "Called" for e in message.events):
                    assert not layouts, message.events
                    quiet += 1
            assert quiet >= 10

    asyncio.run(run())


def test_a_burst_of_messages_is_drawn_once_with_the_last_view_and_every_event_logged():
    """Three ``Happened`` messages waiting together (a busy server, the opponents' turns) are
    drawn once, with the last view; the event log has every event's line."""

    async def run():
        from textual.widgets import RichLog

        app = _app()
        async with app.run_test(size=(160, 48)) as pilot:  # the log shows at this size
            screen = await _table(pilot, app)
            happened = [m for kind, m in recorded(30) if kind == "happened"]
            for message in happened[:3]:
                await _feed(pilot, screen, "happened", message)
            log = screen.query_one("#log", RichLog)
            before = len(log.lines)
            shown = []
            original = screen.show_view

            def counting(view):
                shown.append(view)
                return original(view)

            screen.show_view = counting
            burst = happened[3:6]
            for message in burst:
                screen.post_message(message)
            await pilot.pause()
            assert shown == [burst[-1].view]
            assert screen.view == burst[-1].view
            assert len(log.lines) == before + len(burst)  # a discard line each

    asyncio.run(run())


def test_the_help_page_is_made_once_and_shown_again_from_its_top():
    """``?`` on the table shows the help page; a second ``?`` shows the same page (not a new
    one: making it was most of opening it), scrolled back to its top, with the same text."""

    async def run():
        from app.screens.help import HelpScreen

        app = _app()
        async with app.run_test(size=(80, 24)) as pilot:
            table = await _table(pilot, app)
            await pilot.press("question_mark")
            first = app.screen
            assert isinstance(first, HelpScreen)
            text = app.export_screenshot()
            box = first.query_one("#help-box")
            box.scroll_end(animate=False)
            await pilot.pause()
            assert box.scroll_y > 0
            await pilot.press("escape")
            assert app.screen is table
            await pilot.press("question_mark")
            assert app.screen is first and box.scroll_y == 0
            await pilot.pause()
            assert app.export_screenshot() == text
            await pilot.press("escape")
            assert app.screen is table

    asyncio.run(run())


def test_a_river_row_within_the_rivers_height_a_meld_on_its_line_and_the_centre_lay_nothing_out():
    """Every river keeps three rows (riichi.tcss): its second and third rows, an opponent's
    meld that fits on its (first) line and a new figure in the centre's box of a fixed size change no
    size, so no layout pass; a fourth river row, a meld that starts a line and a new meld of
    the player's (its width follows its melds) do, and show."""
    from engine.meld import Meld, MeldKind
    from engine.view import RiverTile

    async def run():
        from app.widgets import MeldsView, RiverView

        app = _app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _table(pilot, app)
            await pilot.pause()
            layouts = count_layouts(screen)

            async def laid_out(change) -> bool:
                layouts.clear()
                change()
                await pilot.pause()
                return bool(layouts)

            river = screen.query_one("#left-river", RiverView)
            tiles = tuple(RiverTile(4 * k, False, False) for k in range(19))
            for count in (6, 7, 13, 18):
                assert not await laid_out(lambda c=count: setattr(river, "river", tiles[:c]))
            assert river.size.height == 3
            assert await laid_out(lambda: setattr(river, "river", tiles))
            assert river.size.height == 4

            pon = Meld(MeldKind.PON, (0, 1, 2), 0, 1)
            chi = Meld(MeldKind.CHI, (40, 44, 48), 40, 3)
            kan = Meld(MeldKind.DAIMINKAN, (80, 81, 82, 83), 80, 2)
            melds = screen.query_one("#right-melds", MeldsView)
            assert not await laid_out(lambda: setattr(melds, "melds", (pon,)))
            assert not await laid_out(lambda: setattr(melds, "melds", (pon, chi)))
            assert await laid_out(lambda: setattr(melds, "melds", (pon, chi, kan)))
            assert melds.size.height == 2
            mine = screen.query_one("#my-melds", MeldsView)
            assert await laid_out(lambda: setattr(mine, "melds", (pon,)))
            assert mine.size.width == mine.one_line_width()

            centre = screen.query_one("#center-info", Static)
            assert not await laid_out(lambda: screen.put("#center-info", "a\nlonger line\nthree"))
            assert "longer line" in str(centre.render())

    asyncio.run(run())


def test_the_help_page_is_one_text_widget_styled_by_its_parts():
    """The help box holds one widget (each widget of a page is restyled, laid out and drawn
    again whenever it opens); its title is bold in the accent colour, the headings bold, the
    closing hint muted, each with the blank line its padding gave it."""

    async def run():
        from textual.widget import Widget

        from app.i18n import t
        from app.screens.help import HelpText

        app = _app()
        async with app.run_test(size=(80, 24)) as pilot:
            await _table(pilot, app)
            await pilot.press("question_mark")
            box = app.screen.query_one("#help-box")
            assert [type(w) for w in box.children] == [HelpText]
            assert len(list(box.query(Widget))) == 1
            text = box.children[0]
            lines = text.render().split()
            plain = [line.plain for line in lines]
            # the title's padding under it, the heading's above it
            assert plain[:4] == [t("help.title"), "", "", t("help.keys_heading")]
            assert plain[-2:] == ["", t("help.close")]
            accent = app.theme_variables["accent"].lower()

            def style(line):
                return line.spans[0].style if line.spans else None

            assert style(lines[0]).bold and style(lines[0]).foreground.hex.lower() == accent
            assert style(lines[3]).bold and style(lines[3]).foreground.hex.lower() != accent
            assert not style(lines[-1]).bold
            assert not lines[4].spans  # a paragraph: the page's own style

    asyncio.run(run())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_tables_rows_and_columns_draw_blank_and_the_screen_looks_the_same(size, monkeypatch):
    """The table screen, its rows and its columns have no text or border of their own: drawn
    blank (Textual's ``BLANK``, no line styled one by one) the screen is cell for cell what
    Textual draws for them as ordinary containers."""
    from textual.containers import Horizontal, Vertical

    from app.screens.table_layout import Column, Row

    def screen_cells(app) -> list[list[tuple]]:
        from textual.strip import Strip

        update = app.screen._compositor.render_update(full=True)
        rows = []
        for strip in update.strips:
            cells = []
            for text, style, _control in Strip.join(strip):
                for char in text:
                    cells.append((char, style.bgcolor if style else None,
                                  style.color if style and char != " " else None,
                                  bool(style and style.bold), bool(style and style.reverse)))
            rows.append(cells)
        return rows

    async def run():
        app = _app()
        async with app.run_test(size=size) as pilot:
            screen = await _table(pilot, app)
            for kind, message in recorded(30):
                await _feed(pilot, screen, kind, message)
            containers = [w for w in screen.query("*") if isinstance(w, Horizontal | Vertical)]
            assert len(containers) >= 6
            assert all(isinstance(w, Row | Column) and w.BLANK for w in containers)
            assert screen.BLANK
            blank = screen_cells(app)
            monkeypatch.setattr(Row, "BLANK", False)
            monkeypatch.setattr(Column, "BLANK", False)
            monkeypatch.setattr(TableScreen, "BLANK", False)
            for widget in [screen, *containers]:
                widget.refresh()
            await pilot.pause()
            assert screen_cells(app) == blank

    asyncio.run(run())


def test_an_update_finds_the_table_widgets_without_querying_the_screen_again():
    """The widgets an update sets (some twenty) are found once: a query walks the whole
    screen, twenty of them were a tenth of drawing an opponent's discard."""

    async def run():
        app = _app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _table(pilot, app)
            messages = recorded(30)
            for kind, message in messages[:10]:
                await _feed(pilot, screen, kind, message)
            queries = {}
            undo = _counting(queries, "query_one", TableScreen, "query_one")
            try:
                for kind, message in messages[10:]:
                    await _feed(pilot, screen, kind, message)
            finally:
                undo()
            assert queries.get("query_one", 0) == 0
            assert screen.view == [m for k, m in messages if k != "key"][-1].view

    asyncio.run(run())
