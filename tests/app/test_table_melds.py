"""Issue 11 items 1 and 2: every seat shows all its melds (up to four, kans included) at 80x24
and in the roomier layout, the player's calls made by keys while the table is on screen; after
a call the waits and the per-tile hints are those of the hand now, and one tile carries the
strong AI's mark. The positions are dealt from scripted walls (tests/app/positions.py)."""

import asyncio
import time

import pytest

from app.screens.table import TableScreen
from app.widgets import HandView, MeldsView, SeatLine
from app.widgets.hand import TILE_KEYS
from engine.actions import Discard
from tests.app.positions import FOUR_CALLS, FOUR_KANS_OF_THE_PLAYER, four_kans, position_app


async def _asked(pilot, timeout=20.0) -> TableScreen:
    """Wait until the player is asked; the table screen."""
    app = pilot.app
    start = time.monotonic()
    while not (isinstance(app.screen, TableScreen) and app.screen.legal):
        assert time.monotonic() - start < timeout, "the player was never asked"
        await pilot.pause(0.01)
    await pilot.pause()
    return app.screen


async def play_by_keys(pilot, actions) -> TableScreen:
    """The player's ``actions`` as the keys give them: a discard by its tile's letter, a call
    by its offer's number."""
    for action in actions:
        screen = await _asked(pilot)
        if isinstance(action, Discard):
            await pilot.press(TILE_KEYS[screen.query_one(HandView).shown().index(action.tile)])
        else:
            index = next(i for i, o in enumerate(screen.offers) if o.action == action)
            await pilot.press(str(index + 1))
    return await _asked(pilot)


def screen_lines(screen) -> list[str]:
    """The terminal's lines as the player sees them."""
    return [strip.text for strip in screen._compositor.render_strips()]


def melds_shown(screen: TableScreen, rel: str) -> str:
    """What the terminal shows where the seat's melds are (clipped by their containers), the
    lines joined by blanks."""
    view = screen.query_one(f"#{rel}-melds", MeldsView)
    lines = screen_lines(screen)
    if view not in screen._compositor.visible_widgets:
        return ""  # no melds: no width
    region, clip = screen._compositor.visible_widgets[view]
    clip = region.intersection(clip)
    return " ".join(line[clip.x: clip.right] for line in lines[clip.y: clip.bottom])


@pytest.mark.parametrize("hints", [False, True])
def test_the_players_four_calls_made_by_keys_all_stay_on_screen_at_80x24(hints):
    """Pon 1s, pon 2s, chi 6s, pon 3s, each by keys: every meld shows after each call (only
    the first did). With the hints on, the seat line's note (the hint rows' legend, then the
    waits and furiten) is too long to share the row: the melds go over it, neither cut."""
    asyncio.run(_four_calls((80, 24), hints))


def test_the_players_four_calls_all_stay_on_screen_in_the_roomier_layout():
    asyncio.run(_four_calls((160, 48), True))


async def _four_calls(size, hints):
    melds = ("1s 1s 1s", "2s 2s 2s", "6s 5s* 7s", "3s 3s 3s")
    mine = FOUR_CALLS.mine()
    app = position_app(FOUR_CALLS.game(0), FOUR_CALLS.agents(), hints=hints)
    async with app.run_test(size=size) as pilot:
        calls = 0
        for i, action in enumerate(mine):
            screen = await play_by_keys(pilot, [action])
            calls += not isinstance(action, Discard)
            assert len(screen.view.melds[0]) == calls
            shown = melds_shown(screen, "my")
            for meld in melds[:calls]:
                assert meld in shown, (i, meld, shown)
            # the seat's line (name, points, the note) and the melds: both whole, apart
            line = screen.query_one("#my-seat", SeatLine)
            text = line.render().plain.rstrip()
            assert any(row.startswith(text) for row in screen_lines(screen)), text
            assert not line.region.overlaps(screen.query_one("#my-melds", MeldsView).region)


def test_after_a_call_the_waits_of_the_hand_before_it_are_not_shown():
    """Tenpai on 3s and haku (shanpon), the player pons 3s: the seat line said "Waits: 3s Wh"
    until the discard, the waits of a hand that is gone; now the hint rows' legend, the hints
    those of the hand after the call, and after the discard the new wait (haku)."""
    asyncio.run(_after_the_call())


async def _after_the_call():
    from app.i18n import t

    mine = FOUR_CALLS.mine()
    app = position_app(FOUR_CALLS.game(0), FOUR_CALLS.agents(), hints=True)
    async with app.run_test(size=(80, 24)) as pilot:
        before = await play_by_keys(pilot, mine[:7])  # up to the chi and its discard
        assert before.view.waits == (20, 31)  # tenpai on 3s and haku, asked about the 3s
        note = before.query_one("#my-seat", SeatLine).render().plain
        assert "3s" in note and "Wh" in note
        screen = await play_by_keys(pilot, mine[7:8])  # the pon of 3s
        hand = screen.query_one(HandView)
        assert hand.tiles == (124, 125) and hand.drawn is None
        note = screen.query_one("#my-seat", SeatLine).render().plain
        assert "3s" not in note and t("table.hints_legend") in note
        assert [k for k, _ in hand.hints] == [31]  # the hints are those of the hand now
        screen = await play_by_keys(pilot, mine[8:])
        note = screen.query_one("#my-seat", SeatLine).render().plain
        assert "Wh" in note and "3s" not in note


def test_the_pick_mark_is_on_one_tile_of_a_red_and_a_plain_five():
    """Red 5m and plain 5m are one kind with one hint; the strong AI's pick is one tile (of the
    two, the plain five, as the AI discards): only it carries the mark (both did)."""
    asyncio.run(_one_mark())


async def _one_mark():
    from app.offers import HandHints
    from app.widgets import TileHint
    from app.widgets.hand import PICK_MARK
    from tests.app.test_practice import hand_harness

    legal = (Discard(16), Discard(17), Discard(40))  # 0m (the red five), 5m, 2p
    hints = ((4, TileHint(1, 8, best=True, pick=True)), (10, TileHint(1, 4)))
    assert HandHints.pick_tile(legal, hints) == 17
    app = hand_harness()
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(HandView)
        hand.tiles = (16, 17, 40)
        hand.selectable = frozenset(hand.tiles)
        hand.hints = hints
        for pick, index in ((None, 0), (17, 1)):
            hand.pick_tile = pick
            await pilot.pause()
            row = hand.render().plain.split("\n")[0]
            marked = [i for i, (x0, x1) in enumerate(hand._spans()) if PICK_MARK in row[x0:x1]]
            assert marked == [index], (pick, row)


@pytest.mark.parametrize("hints", [False, True])
def test_the_players_four_kans_all_show_at_80x24(hints):
    asyncio.run(_my_kans(hints))


async def _my_kans(hints):
    from app.widgets.melds import meld_text

    position = FOUR_KANS_OF_THE_PLAYER
    app = position_app(position.game(0), position.agents(), hints=hints)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_by_keys(pilot, position.mine())
        melds = screen.view.melds[0]
        assert len(melds) == 4
        shown = melds_shown(screen, "my")
        for meld in melds:
            text = meld_text(app.painter, meld).plain.rstrip()
            assert text in shown, (text, shown)
        line = screen.query_one("#my-seat", SeatLine)
        text = line.render().plain.rstrip()
        assert any(row.startswith(text) for row in screen_lines(screen)), text


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_an_opponents_four_kans_all_show_at_80x24(seat):
    """An open kan and three closed ones of one opponent (right, across, left), made while the
    table is on screen: all four show, each whole."""
    asyncio.run(_four_kans(seat, (80, 24)))


async def _four_kans(seat, size):
    from app.widgets.melds import meld_text

    position = four_kans(seat)
    app = position_app(position.game(0), position.agents())
    async with app.run_test(size=size) as pilot:
        screen = await play_by_keys(pilot, position.mine())
        melds = screen.view.melds[seat]
        assert len(melds) == 4
        shown = melds_shown(screen, screen.rel_id(seat))
        for meld in melds:
            text = meld_text(app.painter, meld).plain.rstrip()
            assert text in shown, (text, shown)
        # the seat's line and river keep their places beside the melds
        rel = screen.rel_id(seat)
        regions = [screen.query_one(f"#{rel}-{part}").region for part in ("line", "melds",
                                                                          "river")]
        assert all(r.height for r in regions)
        assert not any(a.overlaps(b) for i, a in enumerate(regions) for b in regions[i + 1:])


def test_snapshot_four_calls_of_the_player_with_hints_at_80x24(snap_compare):
    """The four calls made by keys, the hints on: the melds on the row over the seat line (its
    note, the waits and furiten, too long to share it), the hint rows under it."""
    async def before(pilot):
        await play_by_keys(pilot, FOUR_CALLS.mine())

    app = position_app(FOUR_CALLS.game(0), FOUR_CALLS.agents(), hints=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=before)


def test_snapshot_four_kans_of_the_opponent_across_at_80x24(snap_compare):
    """An open kan and three closed ones across: two a line, each whole."""
    position = four_kans(2)

    async def before(pilot):
        await play_by_keys(pilot, position.mine())

    app = position_app(position.game(0), position.agents())
    assert snap_compare(app, terminal_size=(80, 24), run_before=before)
