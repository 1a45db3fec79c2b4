"""The statistics screen (title screen → t): snapshots with a seeded history and with none,
the figures it shows, the placement chart without colour, and a damaged database (storage's
warning, not a crash). Update snapshots with ``--snapshot-update`` after a deliberate change
and look at the SVGs in ``tests/app/__snapshots__/test_stats`` before committing them."""

from __future__ import annotations

import asyncio

from app.app import RiichiApp
from app.i18n import texts
from app.options import PlayOptions
from app.screens.stats import StatsScreen
from app.storage import history as H
from app.storage import paths
from app.storage.settings import Settings
from app.widgets.charts import BarChart, PlacementChart
from tests.app.test_storage_history import R_DEAL_IN, R_DRAW, R_TSUMO, R_WIN

HUMAN = {"kind": "human", "name": "You"}
SEATS = [HUMAN] + [{"kind": "ai", "level": "normal"}] * 3

# Rounds from seat 0's side (a riichi ron win, a deal-in after a call, a riichi tsumo, a draw):
# the same as the history tests'.
R_OPEN_WIN = H.PlayedRound(4, 0, "ron", (2000, 0, -2000, 0),
                           (H.PlayedWin(0, 2, 1, 30, 1000, ("yakuhai: haku",)),), called=(0,))

# Seat 0's places, oldest game first.
PLACES = [1, 3, 2, 4, 1, 2, 2, 3, 1, 4, 2, 1]
ROUND_SETS = [(R_WIN, R_DEAL_IN, R_DRAW), (R_DEAL_IN, R_DRAW), (R_TSUMO, R_DRAW),
              (R_DEAL_IN, R_DEAL_IN), (R_WIN, R_OPEN_WIN, R_TSUMO)]


def game(i: int, place: int) -> H.PlayedGame:
    others = [s for s in (1, 2, 3)]
    ranking = others[: place - 1] + [0] + others[place - 1:]
    points = [0, 0, 0, 0]
    for p, seat in enumerate(ranking):
        points[seat] = 40000 - 10000 * p
    return H.PlayedGame(
        game_id=f"g{i:02d}", rules={"name": "tenhou", "length": "hanchan"}, seed=i,
        seats=SEATS, points=tuple(points), ranking=tuple(ranking),
        scores=tuple((p - 30000) / 1000 for p in points),
        rounds=ROUND_SETS[i % len(ROUND_SETS)],
        finished=f"2026-11-{i + 1:02d}T12:00:00+00:00",
    )


def seed_history() -> None:
    with H.History.open() as h:
        for i, place in enumerate(PLACES):
            assert h.record_game(game(i, place))


def make_app(**options) -> RiichiApp:
    return RiichiApp(PlayOptions(speed="instant", save=False, **options), settings=Settings())


def test_statistics(snap_compare):
    """Twelve games: placements, per-round rates, average points, the recent placements chart
    and the yaku of the player's wins, at 80x24."""
    seed_history()
    assert snap_compare(make_app(), press=["t"], terminal_size=(80, 24))


def test_statistics_empty(snap_compare):
    """No finished game yet: a friendly message instead of figures."""
    assert snap_compare(make_app(), press=["t"], terminal_size=(80, 24))


def test_statistics_without_colour(snap_compare):
    """The monochrome theme (what NO_COLOR gives): bars and the chart keep their shapes."""
    seed_history()
    assert snap_compare(make_app(theme="mono"), press=["t"], terminal_size=(80, 24))


def test_figures_match_the_history():
    asyncio.run(_figures())


async def _figures() -> None:
    seed_history()
    expected = H.statistics("human", recent=30)
    assert expected.games == len(PLACES)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        summary = str(screen.query_one("#stats-summary").render())
        assert f"Games {len(PLACES)} · rounds {expected.rounds}" in summary
        assert f"average placement {sum(PLACES) / len(PLACES):.2f}" in summary
        places = screen.query_one("#stats-placements", BarChart).bars
        assert [b.text.split()[0] for b in places] == [str(PLACES.count(i)) for i in (1, 2, 3, 4)]
        rates = screen.query_one("#stats-rates", BarChart).bars
        assert [b.text for b in rates] == [f"{r * 100:.1f}%" for r in (
            expected.win_rate, expected.deal_in_rate, expected.riichi_rate, expected.call_rate)]
        yaku = screen.query_one("#stats-yaku", BarChart).bars
        names = texts()
        assert [b.label for b in yaku] == [names.yaku(y) for y in expected.yaku_counts]
        assert [b.text for b in yaku] == [str(c) for c in expected.yaku_counts.values()]
        assert yaku[0].value == 1.0 and "Riichi" in [b.label for b in yaku]
        assert "Dora" not in [b.label for b in yaku]  # dora is not a yaku
        chart = screen.query_one("#stats-recent", PlacementChart)
        assert chart.placements == tuple(PLACES)
        lines = chart.render().plain.splitlines()
        for place, line in zip((1, 2, 3, 4), lines, strict=False):
            marks = line.split("│", 1)[1].split()
            assert marks == ["●" if p == place else "·" for p in PLACES]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "TitleScreen"


def test_placement_chart_keeps_the_latest_games_that_fit():
    chart = PlacementChart()
    chart.labels = ("1st", "2nd", "3rd", "4th")
    chart.placements = tuple([1, 2, 3, 4] * 10)
    shown = chart.fitting(20)  # "1st │" then two cells a game
    assert shown == chart.placements[-7:]


def test_damaged_database_shows_the_warning():
    asyncio.run(_damaged())


async def _damaged() -> None:
    seed_history()
    path = paths.history_path()
    path.write_bytes(b"this is not a database at all" * 200)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        warnings = [str(w.render()) for w in screen.query(".stats-warning")]
        assert len(warnings) == 1 and "damaged" in warnings[0] and "moved to" in warnings[0]
        assert screen.query_one("#stats-empty")  # the new, empty history
        assert path.with_name(path.name + ".bad").exists()
