"""Practice built in: advice beside each call on offer, and the hint toggle (u) that shows over
each tile of the hand the shanten and ukeire left after discarding it."""

import asyncio

import pytest

from app.app import RiichiApp
from app.options import PlayOptions
from app.screens.table import TableScreen
from app.storage.settings import Settings, load_settings
from app.widgets import CallBar, HandView
from engine.actions import Chi, Kan, Pon
from tests.app.test_snapshots import my_turn, table_app, wait_until


async def _to_call_prompt(pilot):
    app = pilot.app
    while True:
        await wait_until(pilot, lambda: my_turn(app))
        if app.screen.call_prompt(app.screen.legal):
            return
        await pilot.press("enter")


def test_call_prompt_with_advice(snap_compare):
    """A pon offered at 80x24: each option on its row with shanten before→after, the tiles
    that help, the yaku kept; Skip compared the same way."""
    assert snap_compare(table_app(seed=5), terminal_size=(80, 24), run_before=_to_call_prompt)


def test_hand_with_hints(snap_compare):
    """Hints on (u) at the first turn, 80x24: shanten and ukeire over each tile, best ones
    highlighted."""
    async def before(pilot):
        await wait_until(pilot, lambda: my_turn(pilot.app))
        await pilot.press("u")
        await pilot.pause()
    assert snap_compare(table_app(seed=5), terminal_size=(80, 24), run_before=before)


def test_hints_toggle_is_kept_in_settings():
    asyncio.run(_toggle())


async def _toggle():
    options = PlayOptions(seed=5, difficulty="greedy", speed="instant", direct=True, save=False)
    app = RiichiApp(options, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        hand = app.screen.query_one(HandView)
        assert hand.hints == () and not hand.has_class("-hints")
        height = hand.size.height
        await pilot.press("u")
        await pilot.pause()
        assert app.settings.hints and load_settings()[0].hints
        hints = dict(hand.hints)
        assert {t >> 2 for t in hand.shown()} == set(hints)
        best = [k for k, h in hints.items() if h.best]
        low = min(h.shanten for h in hints.values())
        assert best and all(hints[k].shanten == low for k in best)
        assert hand.has_class("-hints") and hand.size.height == height + 2
        note = str(app.screen.query_one("#my-seat").render())
        assert "shanten and helpful tiles" in note
        shown = app.screen.active_bindings["u"]
        assert shown.enabled and shown.binding.show and shown.binding.description == "Hints"
        await pilot.press("u")
        await pilot.pause()
        assert not app.settings.hints and not load_settings()[0].hints
        assert hand.hints == () and hand.size.height == height


def test_every_call_offer_carries_advice():
    asyncio.run(_advice())


async def _advice():
    options = PlayOptions(seed=5, difficulty="greedy", speed="instant", direct=True, save=False)
    app = RiichiApp(options, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_call_prompt(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        calls = [o for o in screen.offers if isinstance(o.action, (Chi, Pon, Kan))]
        assert calls and all("shanten" in o.advice for o in calls)
        bar = screen.query_one(CallBar)
        for _ in range(100):  # the bar grows on the next layout pass; under load that can lag
            if bar.size.height == len(bar.options) + 1:
                break
            await pilot.pause(0.02)
        assert bar.rows() and bar.size.height == len(bar.options) + 1
        skip = bar.options[-1]
        assert skip.key == "esc" and "shanten" in skip.advice


def test_callbar_rows_with_advice_warn_and_take_clicks_per_row():
    asyncio.run(_rows())


async def _rows():
    from textual.app import App, ComposeResult

    from app.widgets import CallOption

    chosen = []

    class Harness(App):
        CSS = "CallBar { height: auto; } CallBar > .callbar--warning { color: red; }"

        def compose(self) -> ComposeResult:
            yield CallBar()

        def on_call_bar_chosen(self, m):
            chosen.append(m.index)

    app = Harness()
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.query_one(CallBar)
        bar.prompt = "Left discarded 1m"
        bar.options = (
            CallOption("Chi 1m 2m 3m", "1", "1→1 shanten · 18 tiles · yaku: ", "none!"),
            CallOption("Skip", "esc", "1→1 shanten · 20 tiles · yaku: Riichi"),
        )
        await pilot.pause()
        lines = bar.render().plain.split("\n")
        assert lines[0] == "Left discarded 1m"
        assert lines[1].startswith(" 1  Chi 1m 2m 3m  1→1 shanten") and lines[1].endswith("none!")
        assert lines[2].startswith(" Esc  Skip") and bar.size.height == 3
        style = bar.get_component_rich_style("callbar--warning", partial=True)
        assert style.color is not None and style.color.triplet == (255, 0, 0)
        warning = [s for s in bar.render().spans if s.style == style]
        assert warning and bar.render().plain[warning[0].start:warning[0].end] == "none!"
        await pilot.click(CallBar, offset=(40, 2))  # the advice part of the Skip row
        await pilot.click(CallBar, offset=(40, 1))
        await pilot.pause()
    assert chosen == [1, 0]


def test_table_names_the_furiten_wait_with_hints_on():
    asyncio.run(_furiten_note())


async def _furiten_note():
    from dataclasses import replace

    from engine.tiles import parse_kind
    from tests.ai.helpers import make_view

    options = PlayOptions(seed=5, difficulty="greedy", speed="instant", direct=True, save=False)
    app = RiichiApp(options, settings=Settings(hints=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        view = make_view("23m456p678s22p999s", seat=0, rivers=("4m", "", "", ""))
        view = replace(view, waits=(parse_kind("1m"), parse_kind("4m")), furiten=True)
        assert screen.my_note(view) == "Waits: 1m 4m (furiten: 4m in your river)"
        app.apply_settings(app.settings.replace(hints=False), save=False)
        assert screen.my_note(view) == "Waits: 1m 4m (furiten)"


@pytest.mark.slow
def test_call_advice_grows_with_the_terminal():
    asyncio.run(_grow())


async def _grow():
    options = PlayOptions(seed=5, difficulty="greedy", speed="instant", direct=True, save=False)
    app = RiichiApp(options, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_call_prompt(pilot)
        bar = app.screen.query_one(CallBar)
        assert "best discard" not in bar.options[0].advice
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert "best discard" in bar.options[0].advice


def test_hints_can_be_switched_in_settings_too():
    asyncio.run(_settings())


async def _settings():
    app = RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#hints").focus()
        await pilot.press("right")
        await pilot.pause()
        assert app.settings.hints and load_settings()[0].hints


def hand_harness():
    """An app holding a lone HandView, sized as at the table (two more rows with hints)."""
    from textual.app import App, ComposeResult

    class Harness(App):
        CSS = "HandView { height: 4; } HandView.-hints { height: 6; }"

        def compose(self) -> ComposeResult:
            yield HandView()

    return Harness()


def test_hand_hint_rows_mark_furiten_and_skip_tiles_that_cannot_go():
    asyncio.run(_hint_rows())


async def _hint_rows():
    from app.widgets import TileHint
    from engine.tiles import parse_tiles

    app = hand_harness()
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(HandView)
        hand.tiles = tuple(parse_tiles("123p"))
        hand.selectable = frozenset(hand.tiles[:2])
        hand.hints = ((9, TileHint(0, 4, best=False, furiten=True)),
                      (10, TileHint(1, 12, best=True)), (11, TileHint(1, 8)))
        await pilot.pause()
        rows = hand.render().plain.split("\n")
        assert len(rows) == 6 and hand.size.height == 6
        # 3p cannot be discarded now: no hint over it
        assert rows[0].split() == ["0F", "1"] and rows[1].split() == ["4", "12"]


def test_hint_row_marks_the_strong_ai_pick_in_its_first_cell():
    asyncio.run(_pick_row())


async def _pick_row():
    from app.widgets import TileHint
    from app.widgets.hand import PICK_MARK
    from engine.tiles import parse_tiles

    app = hand_harness()
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(HandView)
        hand.tiles = tuple(parse_tiles("123p"))
        hand.selectable = frozenset(hand.tiles)
        plain = ((9, TileHint(1, 8, best=True)), (10, TileHint(0, 4, furiten=True)),
                 (11, TileHint(1, 8, best=True)))
        hand.hints = plain
        await pilot.pause()
        before = hand.render().plain.split("\n")
        hand.hints = (plain[0], (10, TileHint(0, 4, furiten=True, pick=True)), plain[2])
        await pilot.pause()
        rows = hand.render().plain.split("\n")
        x0, x1 = hand._spans()[1]
        # the mark takes the blank first cell over 2p: the row keeps its width, the rest stays
        assert rows[0][x0:x1] == PICK_MARK + "0F " and before[0][x0:x1] == " 0F "
        assert len(rows[0]) == len(before[0]) and rows[0].count(PICK_MARK) == 1
        assert rows[1:] == before[1:]


@pytest.mark.slow
def test_table_marks_the_tile_the_strong_ai_would_discard():
    asyncio.run(_pick_table())


async def _pick_table():
    from ai.advice import ai_pick
    from app.widgets.hand import PICK_MARK

    options = PlayOptions(seed=5, difficulty="greedy", speed="instant", direct=True, save=False)
    app = RiichiApp(options, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: my_turn(app))
        screen = app.screen
        hand = screen.query_one(HandView)
        assert PICK_MARK not in hand.render().plain  # hints off: no mark
        await pilot.press("u")
        await pilot.pause()
        kind = ai_pick(screen.view, screen.legal, screen.game.rules)
        assert kind is not None
        assert [k for k, h in hand.hints if h.pick] == [kind]
        row = hand.render().plain.split("\n")[0]
        marked = [i for i, (x0, x1) in enumerate(hand._spans()) if PICK_MARK in row[x0:x1]]
        assert marked and all(hand.shown()[i] >> 2 == kind for i in marked)
        # one tile carries the mark, the one the AI would discard (not every tile of its kind)
        assert len(marked) == 1 and hand.shown()[marked[0]] == hand.pick_tile
        assert "strong AI's pick" in str(screen.query_one("#my-seat").render())
        # one computation per view: repainting the controls asks the AI no more
        calls = []
        import ai.advice

        real = ai.advice.ai_pick
        ai.advice.ai_pick = lambda *a: calls.append(a) or real(*a)
        try:
            screen.update_controls()
            screen.update_controls()
            assert calls == []
            screen._hints._pick = None  # (the spy does see a computation)
            screen.update_controls()
            assert len(calls) == 1
        finally:
            ai.advice.ai_pick = real
        await pilot.press("u")
        await pilot.pause()
        assert PICK_MARK not in hand.render().plain
