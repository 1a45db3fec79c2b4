"""Three-player riichi (P1) kept and shown again: the autosave of a three-player game is
continued with its three seats and its North set aside; the history keeps three-player games
apart from four-player ones in the statistics (the screen's p switches, the CLI's --players);
the replay viewer shows three seats with their Norths."""

from __future__ import annotations

import asyncio

from app.app import RiichiApp
from app.options import PlayOptions
from app.screens.replay_viewer import ReplayViewerScreen, build_frames, describe
from app.screens.stats import StatsScreen
from app.screens.title import TitleScreen
from app.storage import history as H
from app.storage import journal as J
from app.storage.settings import Settings
from app.widgets import SeatLine
from app.widgets.replay_seat import ReplaySeat
from engine.actions import Nuki
from engine.tiles import NORTH
from tests.app.test_sanma_table import TENHOU3, asked, take_nuki_by_key
from tests.app.test_snapshots import wait_until
from tests.app.test_stats import game as four_player_game
from tests.app.test_table_melds import screen_lines


def test_P1_a_saved_three_player_game_continues_with_its_three_seats_and_its_north():
    asyncio.run(_resume())


async def _resume():
    options = PlayOptions(seed=1, rules="tenhou3", difficulty="greedy", speed="instant",
                          direct=True, save=True)
    app = RiichiApp(options, settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await take_nuki_by_key(pilot)
        left_with = screen.view
        await pilot.press("q", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
    saved = J.load_saved_game()
    assert saved.game is not None and len(saved.game.seats) == 3
    app = RiichiApp(PlayOptions(speed="instant", resume=True), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: asked(app))
        screen = app.screen
        assert screen.game.rules.players == 3 and screen.seed == 1
        assert screen.view == left_with  # the same hand, the North still set aside
        assert [t >> 2 for t in screen.view.nuki[0]] == [NORTH]
        # the same opponent on the left, by the name the save recorded
        assert screen.query_one("#left-line", SeatLine).info.name == saved.game.seats[2]["name"]
        assert not screen.query_one("#across-line").display
        assert "You    35000  No" in "\n".join(screen_lines(screen))
        assert len(screen.agents) == 2  # two AI seats, no fourth


# --------------------------------------------------------------------------- statistics


def three_player_game(i: int, place: int) -> H.PlayedGame:
    """A finished three-player game where the human seat 0 took ``place``; one round: a ron
    of the player from seat 2 at 1 honba (200 on a three-player ron), then a deal-in."""
    others = [1, 2]
    ranking = others[: place - 1] + [0] + others[place - 1:]
    points = [0, 0, 0]
    for p, seat in enumerate(ranking):
        points[seat] = 45000 - 10000 * p
    win = H.PlayedRound(0, 1, "ron", (5400, 0, -5400),
                        (H.PlayedWin(0, 2, 3, 30, 5200, ("riichi",)),), riichi=(0,))
    dealt = H.PlayedRound(1, 0, "ron", (-2000, 2000, 0),
                          (H.PlayedWin(1, 0, 1, 30, 2000, ("tanyao",)),))
    return H.PlayedGame(
        game_id=f"s{i:02d}", rules=TENHOU3.to_dict(), seed=i,
        seats=[{"kind": "human", "name": "You"}, {"kind": "ai", "level": "hard"},
               {"kind": "ai", "level": "hard"}],
        points=tuple(points), ranking=tuple(ranking),
        scores=tuple((p - 40000) / 1000 for p in points), rounds=(win, dealt),
        finished=f"2026-11-{i + 1:02d}T13:00:00+00:00",
    )


def seed_both() -> None:
    with H.History.open() as h:
        for i, place in enumerate([1, 2, 2, 4]):
            assert h.record_game(four_player_game(i, place))
        for i, place in enumerate([3, 1, 3]):
            assert h.record_game(three_player_game(i, place))


def test_P1_statistics_count_three_and_four_player_games_apart():
    seed_both()
    four = H.statistics("human", players=4)
    three = H.statistics("human", players=3)
    assert (four.games, four.placements, four.players) == (4, (1, 2, 0, 1), 4)
    assert (three.games, three.placements, three.players) == (3, (1, 0, 2), 3)
    assert three.average_placement == 7 / 3
    assert three.rounds == 6 and three.win_rate == 0.5 and three.deal_in_rate == 0.5
    assert three.average_win_points == 5200  # the hand's value, as four-player games count it
    assert three.average_deal_in_points == 2000
    assert three.yaku_counts == {"riichi": 3}
    assert H.statistics("human").games == 4  # four players unless asked otherwise


def test_P1_the_statistics_screen_switches_between_four_and_three_players():
    seed_both()
    asyncio.run(_switch())


async def _switch():
    app = RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen) and screen.players == 4
        assert "four players" in str(screen.query_one("#stats-title").render())
        assert "Games 4 " in str(screen.query_one("#stats-summary").render())
        assert "3/4 players" in "\n".join(screen_lines(screen))  # the footer's key
        await pilot.press("p")
        await pilot.pause()
        assert screen.players == 3
        assert "three players" in str(screen.query_one("#stats-title").render())
        assert "Games 3 " in str(screen.query_one("#stats-summary").render())
        assert "average placement 2.33" in str(screen.query_one("#stats-summary").render())
        chart = screen.query_one("#stats-recent")
        assert chart.labels == ("1st", "2nd", "3rd") and chart.placements == (3, 1, 3)
        await pilot.press("p")
        await pilot.pause()
        assert screen.players == 4


def test_P1_only_three_player_games_open_the_statistics_on_three_players():
    with H.History.open() as h:
        assert h.record_game(three_player_game(0, 2))
    asyncio.run(_only_three())


async def _only_three():
    app = RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert screen.players == 3 and screen.stats.games == 1
        assert "3/4 players" not in "\n".join(screen_lines(screen))  # nothing to switch to


def test_P1_riichi_history_players_3(capsys):
    from app.cli import main

    seed_both()
    assert main(["history", "--players", "3", "--stats"]) == 0
    out = capsys.readouterr().out
    assert out.count("tenhou3") == 3 and " tenhou " not in out
    assert "games 3   average placement 2.33   1st-3rd 1 / 0 / 2" in out


# --------------------------------------------------------------------------- replays


def played_three_player_game() -> list:
    """The actions of East 1 of seed 1 (tenhou3) up to the player's North set aside and the
    next discards."""
    from ai import make_agent
    from engine.game import Game

    game = Game(TENHOU3, 1)
    agents = {s: make_agent("greedy", seed=s, rules=TENHOU3) for s in range(3)}
    while len(game.actions) < 12:
        pending = game.pending()
        seat = min(pending)
        norths = [a for a in pending[seat] if isinstance(a, Nuki)]
        action = norths[0] if norths else agents[seat].act(game.view(seat), pending[seat])
        game.submit(seat, action)
    return [(s, a.to_dict()) for s, a in game.actions]


def test_P1_the_replay_viewer_shows_three_seats_and_the_norths_set_aside():
    actions = played_three_player_game()
    frames = build_frames(TENHOU3, 1, actions)
    assert all(len(f.views) == 3 for f in frames)
    record = H.PlayedGame(game_id="r1", rules=TENHOU3.to_dict(), seed=1,
                          seats=[{"kind": "human", "name": "You"}] * 3, points=(35000,) * 3,
                          ranking=(0, 1, 2), scores=(0, 0, 0), rounds=(), actions=actions,
                          finished="2026-11-01T12:00:00+00:00")
    asyncio.run(_replay(record))


async def _replay(record):
    app = RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ReplayViewerScreen(record))
        await pilot.pause()
        screen = app.screen
        assert len(screen.query(ReplaySeat)) == 3
        await pilot.press("end")
        await pilot.pause()
        states = [w.state for w in screen.query(ReplaySeat)]
        assert [s.name for s in states] == ["You", "Right", "Left"]
        assert [s.wind for s in states] == [27, 28, 29]
        assert [t >> 2 for t in states[0].nuki] == [NORTH]
        lines = "\n".join(screen_lines(screen))
        assert "Across" not in lines
        told = [line.plain for frame in screen.frames for line in describe(frame, app.painter)]
        assert any(line.startswith("You set a North aside") for line in told)
