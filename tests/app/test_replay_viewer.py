"""Replays (title screen → h): the list of finished games and the viewer, which rebuilds a game
from its record (rules, seed, actions) with every hand open. Snapshots at 80x24; Pilot tests
step through a replay with the keys; a record that cannot be replayed gives a message.
Update snapshots with ``--snapshot-update`` and look at the SVGs in
``tests/app/__snapshots__/test_replay_viewer`` before committing them."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from functools import cache

import pytest

from ai import make_agent
from app.app import RiichiApp
from app.options import PlayOptions
from app.screens.replay_viewer import (
    ReplayError,
    ReplayListScreen,
    ReplayViewerScreen,
    build_frames,
    frames_of,
)
from app.storage import history as H
from app.storage import played as P
from app.storage.settings import Settings
from app.widgets.replay_seat import ReplaySeat
from engine.driver import play_out
from engine.events import GameEnded, RoundEnded, RoundStarted, Win
from engine.game import Game
from engine.rules import RuleSet

SEED = 5
SEATS = [{"kind": "human", "name": "You"}] + [{"kind": "ai", "level": "greedy"}] * 3


@cache
def recorded_game() -> H.PlayedGame:
    """One tonpuusen between greedy baselines (never a tuned level, so AI changes do not move
    the snapshots), recorded as the table screen records a finished game."""
    rules = replace(RuleSet(), length="tonpuusen")
    game = Game(rules, SEED)
    play_out(game, {s: make_agent("greedy", seed=SEED * 4 + s, rules=rules) for s in range(4)})
    record = P.record_from_events(
        game_id="replay-test", rules=rules, seed=SEED, seats=SEATS,
        actions=[(s, a.to_dict()) for s, a in game.actions], events=game.events,
    )
    return replace(record, finished="2026-11-28T20:15:00+00:00")


def seed_history(*records: H.PlayedGame) -> None:
    with H.History.open() as h:
        for record in records or (recorded_game(),):
            assert h.record_game(record)


def make_app() -> RiichiApp:
    return RiichiApp(PlayOptions(speed="instant", save=False), settings=Settings())


@pytest.mark.slow
def test_replay_list(snap_compare):
    """The finished games, newest first: date, rules, length, place, points, score."""
    seed_history()
    assert snap_compare(make_app(), press=["h"], terminal_size=(80, 24))


@pytest.mark.slow
def test_replay_round_end(snap_compare):
    """The last step of East 1: four open hands, rivers with the ron tile marked, the result
    (yaku, han, fu, points) and every seat's change."""
    seed_history()
    assert snap_compare(make_app(), press=["h", "enter", "n", "left"], terminal_size=(80, 24))


@pytest.mark.slow
def test_replay_mid_round(snap_compare):
    """Twenty steps into the game: open hands, the drawn tile apart, rivers, melds, dora."""
    seed_history()
    assert snap_compare(make_app(), press=["h", "enter"] + ["right"] * 20,
                        terminal_size=(80, 24))


def test_frames_rebuild_the_recorded_game():
    """Every deal, every round's result and the final standings come back from the actions."""
    record = recorded_game()
    frames = frames_of(record)
    starts = [f for f in frames if f.round_start]
    assert len(starts) == len(record.rounds)
    ends = [e for f in frames for e in f.events if isinstance(e, RoundEnded)]
    assert [tuple(e.deltas) for e in ends] == [r.deltas for r in record.rounds]
    last = frames[-1].events
    assert isinstance(last[-1], GameEnded) and last[-1].result.ranking == record.ranking
    for f in frames:
        for seat, view in enumerate(f.views):
            # Every seat's tiles are there (a kan counts as three plus its replacement draw).
            assert len(view.concealed) + 3 * len(view.melds[seat]) in (13, 14), seat
    # A round's last step still shows the finished round (its wins are in the result).
    for i, f in enumerate(frames):
        if any(isinstance(e, Win) for e in f.events):
            assert isinstance(f.events[-1], GameEnded) or frames[i + 1].round_start


def test_a_record_that_cannot_be_replayed():
    record = recorded_game()
    bad = list(record.actions)
    seat, action = bad[0]
    bad[0] = ((seat + 1) % 4, action)  # the wrong seat acts first
    try:
        build_frames(RuleSet.from_dict(record.rules), record.seed, bad)
    except ReplayError as e:
        assert "action 1" in str(e)
    else:
        raise AssertionError("a wrong action was replayed")


@pytest.mark.slow
def test_stepping_through_a_replay():
    asyncio.run(_stepping())


async def _stepping() -> None:
    seed_history()
    record = recorded_game()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, ReplayListScreen)
        await pilot.press("enter")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayViewerScreen)
        frames = viewer.frames
        assert viewer.index == 0

        def shown_hands():
            return [viewer.query_one(f"#replay-seat-{s}", ReplaySeat).state.hand
                    for s in range(4)]

        # Every hand is open: each seat shows its own concealed tiles.
        assert shown_hands() == [frames[0].views[s].hand for s in range(4)]
        assert all(len(h) == 13 for h in shown_hands())
        await pilot.press("right", "right", "right")
        assert viewer.index == 3
        assert shown_hands() == [frames[3].views[s].hand for s in range(4)]
        await pilot.press("left")
        assert viewer.index == 2
        await pilot.press("home", "left")  # no step before the first
        assert viewer.index == 0
        starts = [i for i, f in enumerate(frames) if f.round_start]
        await pilot.press("n")
        assert viewer.index == starts[1]
        await pilot.press("right", "right", "p")  # back to the start of this round
        assert viewer.index == starts[1]
        await pilot.press("p")  # and to the previous one
        assert viewer.index == 0
        await pilot.press("pagedown", "pagedown")
        assert viewer.index == starts[2]
        await pilot.press("left")  # the end of the second round: its result is shown
        await pilot.pause()
        info = str(viewer.query_one("#replay-events").render())
        names = ("You", "Right", "Across", "Left")
        assert " · ".join(f"{name} {d:+d}" if d else f"{name} 0"
                          for name, d in zip(names, record.rounds[1].deltas, strict=True)) in info
        await pilot.press("end", "right")  # no step after the last
        assert viewer.index == len(frames) - 1
        await pilot.pause()
        info = str(viewer.query_one("#replay-events").render())
        assert "Game over" in info
        scores = [viewer.query_one(f"#replay-seat-{s}", ReplaySeat).state.points
                  for s in range(4)]
        assert scores == list(frames[-1].views[0].scores)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayListScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "TitleScreen"


def test_opening_a_broken_record_says_so():
    asyncio.run(_broken())


async def _broken() -> None:
    record = recorded_game()
    bad = replace(record, game_id="broken", actions=[(1, a) for _, a in record.actions[:5]],
                  finished="2026-11-29T09:00:00+00:00")
    seed_history(record, bad)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("enter")  # the newest: the broken one
        await pilot.pause()
        assert isinstance(app.screen, ReplayListScreen)
        assert any("cannot be replayed" in str(n.message) for n in app._notifications)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayViewerScreen)


def test_no_games_yet():
    asyncio.run(_empty())


async def _empty() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, ReplayListScreen)
        assert "No finished games" in str(app.screen.query_one("#replays-empty").render())
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "TitleScreen"


def test_round_starts_are_deals():
    frames = frames_of(recorded_game())
    for f in frames:
        if f.round_start:
            assert isinstance(f.events[0], RoundStarted)
