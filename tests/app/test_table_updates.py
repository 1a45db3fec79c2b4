"""The table screen's updates do only the work their change needs (issue 13: a server draws
every table's updates on every screen at it), and show what they showed before: the footer
keeps its keys while they do not change and, when they do, ends as a rebuilt one would be; a
discard that starts no new river row lays nothing out; a burst of messages is drawn once, with
the last view, every event logged.

The screen is fed the messages its session would post for a greedy game (``FeedSession``
never plays on its own), so each test controls exactly what arrives when."""

import asyncio

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


def _keys(screen: TableScreen) -> list:
    from textual.widgets._footer import FooterKey

    return [(k.key, k.key_display, k.description, k.action, k._disabled, k.tooltip,
             sorted(k.classes), k.region) for k in screen.query(FooterKey)]


async def _up_to_the_first_turn(pilot, screen):
    """Feed ``screen`` a game's first 12 messages up to the player's first turn: the messages
    and that turn's index."""
    messages = recorded(12)
    first_turn = next(i for i, (kind, _m) in enumerate(messages) if kind == "turn")
    for kind, message in messages[:first_turn]:
        await _feed(pilot, screen, kind, message)
    return messages, first_turn


def test_the_footer_keeps_its_key_widgets_while_the_keys_do_not_change():
    """Opponents' moves change no key: the footer's widgets stay (Textual's footer removed and
    mounted every key on each of them)."""

    async def run():
        from textual.widgets._footer import FooterKey

        app = _app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _table(pilot, app)
            messages, first_turn = await _up_to_the_first_turn(pilot, screen)
            widgets = list(screen.query(FooterKey))
            assert widgets
            for kind, message in messages[first_turn + 3:]:
                if kind != "happened":
                    break
                await _feed(pilot, screen, kind, message)
                assert list(screen.query(FooterKey)) == widgets

    asyncio.run(run())


def test_a_prompts_keys_come_and_go_and_the_other_keys_keep_their_widgets():
    """A turn's keys (select, discard) appear at the front of the footer and go after the key:
    the keys that stay keep their widgets, untouched (matched by place, every key after the
    new ones was given another's text, restyled and measured again)."""

    async def run():
        from textual.widgets._footer import FooterKey

        app = _app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _table(pilot, app)
            messages, first_turn = await _up_to_the_first_turn(pilot, screen)
            before = {k.action: k for k in screen.query(FooterKey)}
            for kind, message in messages[first_turn:first_turn + 2]:  # the turn, the key
                await _feed(pilot, screen, kind, message)
                now = {k.action: k for k in screen.query(FooterKey)}
                assert set(now) != set(before)  # the prompt's keys came, then went
                stayed = set(now) & set(before)
                assert stayed and all(now[a] is before[a] for a in stayed)
                before = now

    asyncio.run(run())


def test_the_footer_updated_in_place_shows_what_a_rebuilt_footer_shows():
    """Through turns, keys and opponents' moves, the footer's keys (text, state, classes,
    place) are those a fresh ``Footer.compose`` makes."""

    async def run():
        from app.widgets import KeyFooter

        app = _app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _table(pilot, app)
            checked = set()
            for kind, message in recorded(40):
                await _feed(pilot, screen, kind, message)
                kept = _keys(screen)
                if kind in checked and kind != "turn":
                    continue
                checked.add(kind)
                footer = screen.query_one(KeyFooter)
                footer.call_later(footer.recompose)  # in the footer's context, as Footer does
                await pilot.pause()
                await pilot.pause()
                assert _keys(screen) == kept, kind
            assert checked == {"happened", "turn", "key"}

    asyncio.run(run())


def _rows(view) -> list[int]:
    """The lines of each river (six discards a row, one when empty)."""
    return [max(1, -(-len(river) // 6)) for river in view.rivers]


def test_a_discard_that_starts_no_new_river_row_lays_nothing_out():
    """An opponent's discard into a river row that has room, and the next draw, change what
    the seat lines, the river and the centre show, not their sizes: no layout pass (each new
    value of the seat lines and rivers laid the whole screen out)."""

    async def run():
        app = _app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await _table(pilot, app)
            layouts = []
            original = screen._refresh_layout

            def counting(*args, **kwargs):
                layouts.append(1)
                return original(*args, **kwargs)

            screen._refresh_layout = counting
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
