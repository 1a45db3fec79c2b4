"""Widgets render from plain data and post messages; none needs a game."""

import asyncio

from rich.cells import cell_len
from textual.app import App, ComposeResult

from app.glyphs import Painter
from app.widgets import CallBar, CallOption, HandView, RiverView
from app.widgets.melds import meld_text
from engine.meld import parse_meld
from engine.tiles import parse_tiles
from engine.view import RiverTile


def test_hand_view_marks_red_fives_dora_and_keys():
    hand = HandView()
    hand.tiles = tuple(parse_tiles("0m123p"))  # the red 5m first
    hand.drawn = parse_tiles("9s")[0]
    hand.selectable = frozenset(hand.shown())
    hand.dora_kinds = frozenset({9})  # 1p
    top, mid, bottom, keys = hand.render().plain.split("\n")
    assert mid == "│5m││1p││2p││3p│  │9s│"
    assert top.startswith("┌*─┐┌◆─┐")  # red five and dora marked without colour
    assert keys.split() == ["a", "b", "c", "d", "e"]
    # The drawn tile stands two cells apart; its box starts at x 18.
    assert hand.index_at(18) == 4 and hand.index_at(16) == -1 and hand.index_at(0) == 0


def test_hand_view_hides_keys_of_tiles_that_cannot_be_discarded():
    hand = HandView()
    hand.tiles = tuple(parse_tiles("123p"))
    hand.selectable = frozenset(hand.tiles[1:2])
    keys = hand.render().plain.split("\n")[3]
    assert keys.split() == ["b"]


def test_river_rows_of_six_with_riichi_called_and_last():
    river = RiverView()
    tiles = parse_tiles("123406789m1z")  # 0 = the red 5m
    river.river = tuple(RiverTile(t, False, riichi=(i == 2), called_by=(1 if i == 3 else None))
                        for i, t in enumerate(tiles))
    river.last = True
    lines = river.render().plain.split("\n")
    assert len(lines) == 2
    assert lines[0].split() == ["1m", "2m", "3m", "4m", "5m*", "6m"]
    assert lines[1].split() == ["7m", "8m", "9m", "Ea◂"]


def test_seat_line_marks_a_bot_seat_and_keeps_its_riichi_within_the_side_column():
    asyncio.run(_seat_lines())


async def _seat_lines():
    from app.widgets import SeatInfo, SeatLine

    class Harness(App):
        CSS = "SeatLine { width: 24; height: 1; }"  # a side column of the 80x24 layout

        def compose(self) -> ComposeResult:
            yield SeatLine(id="ai")
            yield SeatLine(id="bot")
            yield SeatLine(id="bot-riichi")

    app = Harness()
    async with app.run_test(size=(80, 24)) as pilot:
        base = SeatInfo(name="Right", wind=28, points=25000, tiles=13)
        app.query_one("#ai", SeatLine).info = base
        app.query_one("#bot", SeatLine).info = SeatInfo(**{**base.__dict__, "bot": True})
        app.query_one("#bot-riichi", SeatLine).info = SeatInfo(
            **{**base.__dict__, "bot": True, "riichi": True})
        await pilot.pause()
        text = {w.id: w.render().plain for w in app.query(SeatLine)}
    assert text["ai"] == "S Right 25000 (13)"
    assert text["bot"] == "S Right bot 25000 (13)"
    assert text["bot-riichi"] == "S Right bot 25000 riichi"  # the tile count gives way


def test_the_seat_across_keeps_its_tile_count_when_its_line_grows():
    """The seat across has a line of automatic width. Sized by what it had drawn at its old
    width, it dropped the tile count the first time its line grew ("N Kenta N·A 18400" where
    "N Kenta N·A 18400 (13)" fits) and never got it back."""
    asyncio.run(_seat_across())


async def _seat_across():
    from textual.containers import Vertical

    from app.widgets import SeatInfo, SeatLine

    class Harness(App):
        CSS = "Vertical { width: 24; } SeatLine { width: auto; height: 1; }"

        def compose(self) -> ComposeResult:
            with Vertical():
                yield SeatLine()

    app = Harness()
    async with app.run_test(size=(80, 24)) as pilot:
        line = app.query_one(SeatLine)
        base = SeatInfo(name="Kenta", wind=30, points=9800, tiles=13,
                        style="Normal · aggressive", style_short="N·A")
        line.info = base
        await pilot.pause()
        first = line.render().plain
        line.info = SeatInfo(**{**base.__dict__, "points": 18400})
        await pilot.pause()
        grown = line.render().plain
        line.info = SeatInfo(**{**base.__dict__, "points": 18400, "riichi": True})
        await pilot.pause()
        riichi = line.render().plain
    assert first == "N Kenta N·A 9800 (13)"
    assert grown == "N Kenta N·A 18400 (13)"
    assert riichi == "N Kenta N·A 18400 riichi"  # 25 cells with the count: it gives way


def test_kanji_river_keeps_a_space_after_a_mark_in_rows_of_six_within_24_cells():
    """Kanji faces are three cells wide: a row of six fills the 24 cells of a side column at
    80x24, and a red five's * used to touch the next tile ("5萬*6萬")."""
    asyncio.run(_kanji_river())


async def _kanji_river():
    from app.glyphs import glyph_set

    class Harness(App):
        CSS = "RiverView { width: 24; }"  # a side column of the 80x24 layout

        def __init__(self):
            super().__init__()
            self.painter = Painter(glyph_set("kanji"))

        def compose(self) -> ComposeResult:
            yield RiverView()

    app = Harness()
    async with app.run_test(size=(80, 24)) as pilot:
        river = app.query_one(RiverView)
        tiles = parse_tiles("40m6m123z" "1p0p3p4p5s6s" "7s0s")  # 0 = a red five
        river.river = tuple(RiverTile(t, False, riichi=False, called_by=None) for t in tiles)
        river.last = True
        await pilot.pause()
        text = river.render()
    lines = text.plain.split("\n")
    assert lines == ["4萬 5萬* 6萬 東  南  西",
                     "1筒 5筒* 3筒 4筒 5索 6索",
                     "7索 5索*"]
    assert all(cell_len(line) <= 24 for line in lines)
    # A second mark in a row: the last discard's ◂ gives way (its underline stays)...
    p = Painter(glyph_set("kanji"))
    row = [p.tile(t, last=(i == 5)) for i, t in enumerate(parse_tiles("40m6m123z"))]
    assert p.river_row(row, 24).plain == "4萬 5萬* 6萬 東  南  西"
    assert p.river_row(row, 25).plain == "4萬 5萬* 6萬 東  南  西 ◂"
    # ...and only two red fives in one row close up.
    row = [p.tile(t) for t in parse_tiles("0m0p5s6s7s8s")]
    assert cell_len(p.river_row(row, 24).plain) <= 24


def test_meld_called_tile_sits_toward_the_giver():
    p = Painter()
    left = meld_text(p, parse_meld("chi:345m"))  # chi comes from the left: called tile first
    assert left.plain.split() == ["3m", "4m", "5m"]
    right = meld_text(p, parse_meld("pon:777z@1"))  # from the right: last
    assert right.plain.split() == ["Rd", "Rd", "Rd"]
    red = meld_text(p, parse_meld("chi:046m@3"))  # the red 5m's mark keeps apart from 4m
    assert red.plain.split() == ["5m*", "4m", "6m"]
    ankan = meld_text(p, parse_meld("ankan:1111s"))
    assert ankan.plain.split() == ["##", "1s", "1s", "##"]


def test_hand_click_posts_discard_and_callbar_click_posts_choice():
    asyncio.run(_clicks())


async def _clicks():
    messages = []

    class Harness(App):
        CSS = "HandView { height: 4; } CallBar { height: 1; }"

        def compose(self) -> ComposeResult:
            yield HandView()
            yield CallBar()

        def on_hand_view_discard(self, m):
            messages.append(("discard", m.tile))

        def on_call_bar_chosen(self, m):
            messages.append(("call", m.index))

    app = Harness()
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(HandView)
        hand.tiles = tuple(parse_tiles("123p"))
        hand.selectable = frozenset(hand.tiles)
        bar = app.query_one(CallBar)
        bar.options = (CallOption("Pon", "1"), CallOption("Skip", "esc"))
        await pilot.pause()
        await pilot.click(HandView, offset=(5, 1))  # the second tile
        await pilot.click(CallBar, offset=(1, 0))
        await pilot.pause()
    assert ("discard", hand.tiles[1]) in messages
    assert ("call", 0) in messages
