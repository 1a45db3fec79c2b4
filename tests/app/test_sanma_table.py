"""Three-player riichi (P1) on screen: the table lays out three seats at 80x24 (nobody across:
that side shows the Norths set aside and the scores), Nuki is offered with a number key like a
kan, the seats are named and winded for three, the result lists three seats (a tsumo paid by
two, the Norths named in the dora line), the standings have three places, and setup, settings
and ``riichi play --players 3`` choose it. Snapshots: ``tests/app/__snapshots__/test_sanma_table``
(update with ``--snapshot-update`` after a deliberate change and look at the SVGs)."""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

import pytest

import app.app as app_module
from app.app import RiichiApp
from app.commands import play as play_command
from app.i18n import seat_name, set_players
from app.options import PlayOptions
from app.screens.gameover import GameOverScreen
from app.screens.result import ResultScreen
from app.screens.setup import GameSetup
from app.screens.table import TableScreen
from app.seats import seat_labels
from app.storage.settings import Settings
from app.widgets import SeatLine
from engine.actions import Chi, Kan, Nuki, Pass, Pon
from engine.events import RoundEnded, Win
from engine.game import Game
from engine.rules import preset
from engine.tiles import NORTH
from tests.app.test_snapshots import table_app, wait_until
from tests.app.test_table_melds import screen_lines

TENHOU3 = preset("tenhou3")


def sanma_app(seed: int = 1, **options) -> RiichiApp:
    return table_app(seed=seed, rules="tenhou3", **options)


def asked(app) -> bool:
    return isinstance(app.screen, TableScreen) and bool(app.screen.legal)


async def take_nuki_by_key(pilot) -> TableScreen:
    """Wait for the player's first turn (seed 1: a North in hand), press the Nuki offer's
    number, wait to be asked again (the replacement draw)."""
    app = pilot.app
    await wait_until(pilot, lambda: asked(app))
    screen = app.screen
    index = next(i for i, o in enumerate(screen.offers) if isinstance(o.action, Nuki))
    await pilot.press(str(index + 1))
    await wait_until(pilot, lambda: asked(app) and app.screen.view.nuki[0])
    await pilot.pause()
    return app.screen


def test_P1_the_three_player_table_at_80x24_with_a_north_set_aside(snap_compare):
    """Three seats at 80x24: the player, Right and Left; across, the Norths set aside (the
    player's North) and the scores; the hand after the replacement draw."""
    async def before(pilot):
        await take_nuki_by_key(pilot)
    assert snap_compare(sanma_app(), terminal_size=(80, 24), run_before=before)


def test_P1_nuki_is_offered_with_a_number_key_and_sets_the_north_aside():
    asyncio.run(_nuki_by_key())


async def _nuki_by_key():
    app = sanma_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: asked(app))
        screen = app.screen
        offers = [o for o in screen.offers if isinstance(o.action, Nuki)]
        assert len(offers) == 1 and offers[0].action.tile >> 2 == NORTH
        assert "North (nuki)" in offers[0].label.plain
        screen = await take_nuki_by_key(pilot)
        view = screen.view
        assert [t >> 2 for t in view.nuki[0]] == [NORTH]
        assert len(view.concealed) == 14 and view.drawn is not None  # the replacement draw
        lines = "\n".join(screen_lines(screen))
        assert "Norths set aside (dora)" in lines
        assert "You set a North aside" not in lines  # the log shows only at the roomier size
        # nobody across; seat 1 on the right, seat 2 on the left, winds over three seats
        assert not screen.query_one("#across-line").display
        assert not screen.query_one("#across-river").display
        right = screen.query_one("#right-line", SeatLine).info
        left = screen.query_one("#left-line", SeatLine).info
        names = seat_labels(screen.session.seat_records())  # the opponents' own names
        assert (right.name, right.wind) == (names[1], 28)  # South
        assert (left.name, left.wind) == (names[2], 29)  # West
        assert len(names) == 3 and names[1] != names[2]
        # the box across names the seats as their seat lines do
        box = str(screen.query_one("#north-box").render())
        assert box.splitlines()[1].split() == ["You", "35000", "No"]
        assert box.splitlines()[2].split() == [right.name, "35000", "-"]
        assert box.splitlines()[3].split() == [left.name, "35000", "-"]


def test_P1_the_four_player_table_still_shows_the_seat_across():
    asyncio.run(_four_player_table())


async def _four_player_table():
    app = table_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: asked(app))
        screen = app.screen
        assert screen.query_one("#across-line").display
        assert not screen.query_one("#north-box").display
        names = seat_labels(screen.session.seat_records())
        assert len(names) == 4
        assert screen.query_one("#across-line", SeatLine).info.name == names[2]


def test_P1_seat_names_for_three_players():
    set_players(3)
    assert [seat_name(s) for s in range(3)] == ["You", "Right", "Left"]
    assert [seat_name(s, human=1) for s in range(3)] == ["Left", "You", "Right"]
    set_players(4)
    assert [seat_name(s) for s in range(4)] == ["You", "Right", "Across", "Left"]
    with pytest.raises(ValueError, match="players must be 3 or 4"):
        set_players(2)


# --------------------------------------------------------------------------- the result


def tsumo_with_a_north() -> tuple[list, object]:
    """Seed 9 of tenhou3, the player (seat 0, the dealer) setting every North aside and
    otherwise the greedy baseline, the others greedy and never calling: the player wins East
    1 by tsumo with one North set aside. (events from the win, the player's view before)."""
    from ai import make_agent

    game = Game(TENHOU3, 9)
    agents = {s: make_agent("greedy", seed=5 if s == 0 else 0, rules=TENHOU3) for s in range(3)}
    while True:
        pending = game.pending()
        seat = min(pending)
        legal = pending[seat]
        norths = [a for a in legal if isinstance(a, Nuki)]
        if seat == 0 and norths:
            action = norths[0]
        else:
            action = agents[seat].act(game.view(seat), legal)
            if isinstance(action, (Chi, Pon, Kan)) and Pass() in legal:
                action = Pass()
        before = game.view(0)
        events = game.submit(seat, action)
        first = next((i for i, e in enumerate(events) if isinstance(e, Win)), None)
        if first is not None:
            return list(events[first:]), before


def result_app() -> RiichiApp:
    return RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())


async def show_result(pilot, events, before) -> None:
    """The result screen of ``events`` over the title screen, as the table pushes it."""
    pilot.app.push_screen(ResultScreen(events, before, TENHOU3))
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ResultScreen))
    await pilot.pause()


def test_P1_the_tsumo_result_of_three_players(snap_compare):
    """A dealer's tsumo paid by the two others (tsumo loss: 6000 each, no share of an absent
    fourth), the North set aside beside the hand and named in the dora line, three seats'
    points."""
    events, before = tsumo_with_a_north()
    win = events[0]
    assert win.tsumo and win.seat == 0 and len(before.nuki[0]) == 1
    assert win.deltas[1:] == (-6000, -6000)  # 6000 each: no share of an absent fourth seat
    async def before_shot(pilot):
        await show_result(pilot, events, before)
    assert snap_compare(result_app(), terminal_size=(80, 24), run_before=before_shot)


def test_P1_the_result_names_the_norths_in_the_dora_line():
    asyncio.run(_result_texts())


async def _result_texts():
    events, before = tsumo_with_a_north()
    app = result_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await show_result(pilot, events, before)
        lines = "\n".join(screen_lines(app.screen))
        assert "(1 North set aside)" in lines
        assert "You win by Tsumo" in lines
        end = next(e for e in events if isinstance(e, RoundEnded))
        for name, delta in zip(("You", "Right", "Left"), end.deltas, strict=True):
            row = [line for line in lines.splitlines() if line.split()[1:2] == [name]][-1]
            assert row.split()[1:5] == [name, "35000", f"{delta:+d}", str(35000 + delta)]
        assert "Across" not in lines


# --------------------------------------------------------------------------- a whole game


@pytest.mark.slow
def test_P1_a_whole_three_player_game_reaches_three_placed_standings_and_the_history():
    asyncio.run(_whole_game())


async def _whole_game():
    from app.storage.history import History

    options = PlayOptions(seed=7, rules="tenhou3", length="tonpuusen", difficulty="greedy",
                          autoplay=True, speed="instant", direct=True, save=True)
    app = RiichiApp(options, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        start = time.monotonic()
        rounds = 0
        while not isinstance(app.screen, GameOverScreen):
            assert time.monotonic() - start < 60, "the game did not finish in time"
            if isinstance(app.screen, ResultScreen):
                rounds += 1
                await pilot.press("enter")
            await pilot.pause(0.02)
        assert rounds >= 3  # East 1-3 at least
        screen = app.screen
        result = screen.result
        assert sorted(result.ranking) == [0, 1, 2]
        assert sum(result.points) + 1000 * result.leftover_sticks == 105000
        lines = "\n".join(screen_lines(screen))
        assert "3rd" in lines and "4th" not in lines and "Across" not in lines
        first = result.ranking[0]
        assert f"+{TENHOU3.uma[0]}" in lines and "+15" in lines  # uma and the oka of three
        assert result.scores[first] > 0
    with History.open() as h:
        three = h.statistics("human", players=3)
        four = h.statistics("human", players=4)
        games = h.list_games(None)
    assert three.games == 1 and four.games == 0
    assert len(three.placements) == 3 and sum(three.placements) == 1
    assert len(games[0].seats) == 3


# --------------------------------------------------------------------------- choosing it


def test_P1_the_setup_offers_the_three_player_presets_and_their_red_fives():
    setup = GameSetup(rules="tenhou3", reds="1each")
    assert setup.seat_count == 3
    rules = setup.ruleset()
    assert rules.players == 3 and rules.red_fives == (0, 1, 1)  # no red 5m without 2m-8m
    assert GameSetup(rules="majsoul3", reds="8aka").ruleset().red_fives == (0, 4, 2)
    assert GameSetup().seat_count == 4 and GameSetup().ruleset().red_fives == (1, 1, 1)
    asyncio.run(_setup_choice())


async def _setup_choice():
    from app.screens.setup import SetupScreen
    from app.widgets import Choice

    app = RiichiApp(PlayOptions(speed="instant", save=False),
                    settings=Settings(rules="tenhou3"))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SetupScreen())
        await pilot.pause()
        choice = app.screen.query_one("#rules", Choice)
        assert choice.value == "tenhou3"  # the saved settings' preset
        assert {"tenhou3", "majsoul3"} <= set(choice.values)


def _play_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play_command.add_arguments(parser)
    return parser.parse_args(argv)


def test_P1_riichi_play_players_3_chooses_the_three_player_preset():
    assert play_command.options_from_args(_play_args("--players", "3")).rules == "tenhou3"
    options = play_command.options_from_args(_play_args("--players", "3", "--rules", "majsoul3"))
    assert options.rules == "majsoul3" and options.direct
    assert play_command.options_from_args(_play_args("--rules", "tenhou3")).rules == "tenhou3"
    assert play_command.options_from_args(_play_args("--players", "4")).rules == "tenhou"
    assert play_command.options_from_args(_play_args()).rules is None


@pytest.mark.parametrize("argv, message", [
    (("--players", "3", "--rules", "tenhou"),
     "--rules tenhou is a 4-player preset, not for --players 3"),
    (("--players", "4", "--rules", "tenhou3"),
     "--rules tenhou3 is a 3-player preset, not for --players 4"),
    (("--players", "3", "--seat", "1=mjai:bot"),
     "mjai bots (--seat) play four-player games only"),
])
def test_P1_riichi_play_refuses_what_three_players_cannot_have(argv, message):
    with pytest.raises(SystemExit, match=message.replace("(", r"\(").replace(")", r"\)")):
        play_command.options_from_args(_play_args(*argv))


def test_a_call_row_longer_than_the_bar_is_cut_and_skip_stays_on_screen():
    """Seen playing three-player at 80x24: a pon's advice naming a long yaku ("Yakuhai: seat
    wind (east) +2 more") wrapped, and the Skip row fell out of the call bar."""
    asyncio.run(_long_call_row())


async def _long_call_row():
    from textual.app import App

    from app.widgets.callbar import CallBar, CallOption

    class BarApp(App):
        CSS_PATH = str(Path(app_module.__file__).with_name("riichi.tcss"))

        def compose(self):
            yield CallBar()

    app = BarApp()
    async with app.run_test(size=(80, 6)) as pilot:
        bar = app.query_one(CallBar)
        bar.prompt = "Left discarded 9m"
        bar.options = (CallOption("Pon 9m 9m 9m", "1", "3→2 shanten · 44 tiles · yaku: "
                                  "Yakuhai: seat wind (east) +2 more"), CallOption("Skip", "esc"))
        await pilot.pause()
        lines = screen_lines(app.screen)
        assert lines[1].rstrip().endswith("…")
        assert lines[2].split() == ["Esc", "Skip"]
