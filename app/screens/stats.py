"""Statistics (from the title screen): the player's record over the finished games in the
history: games, average placement, placements, win / deal-in / riichi / call rates, average win
and deal-in points, the placement of recent games as a chart, and the yaku of the player's wins.

The numbers are ``app.storage.history.Statistics`` (of the human seats). No history yet gives a
friendly message; a damaged database is moved aside by storage, whose warning is shown here.
Three-player games (P1) are counted apart from four-player ones: ``p`` switches between the two
records when the history holds both (the screen opens on four players unless there are none).
Below, the drills' accuracy per category (answers graded best or fine) over the last sessions,
or with ``w`` the last weeks (``app.storage.drill_results``).
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from app.i18n import t, t_count, texts
from app.screens.base import SizeAware
from app.storage.drill_results import DrillAccuracy
from app.storage.history import History, Statistics
from app.widgets.charts import Bar, BarChart, PlacementChart

RECENT = 30  # games asked for; the chart shows as many as fit
DRILL_PERIODS = 6  # sessions or weeks shown per category (fits 80 columns)


def percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.1f}%"


def load_statistics() -> tuple[dict[int, Statistics], list[str]]:
    """The human seats' statistics of four- and of three-player games (P1), by the number of
    players, and storage's warnings (a damaged file moved aside…)."""
    with History.open(check=False) as h:
        stats = {n: h.statistics("human", recent=RECENT, players=n) for n in (4, 3)}
        return stats, list(h.warnings)


def load_drills(by: str) -> DrillAccuracy:
    """The drills' accuracy per category over the last sessions or weeks."""
    with History.open(check=False) as h:
        return h.drill_accuracy(by, DRILL_PERIODS)


def drill_table(acc: DrillAccuracy, by: str) -> Table | Text:
    """Per category: answers and accuracy in all, then per session (or week), oldest first."""
    if not acc.answers:
        return Text(t("stats.drills_empty"), style="dim")
    table = Table(box=None, header_style="bold", pad_edge=False)
    table.add_column(t("review.col_category"))
    table.add_column(t("stats.drills_all"), justify="right")
    for label in acc.labels:
        table.add_column(label, justify="right")
    for category, periods in acc.by_category.items():
        total = acc.totals[category]
        cells = [f"{total.accurate}/{total.answers} {100 * total.rate:.0f}%"]
        cells += ["" if p is None else f"{100 * p.rate:.0f}%" for p in periods]
        table.add_row(t("review.cat_" + category.replace("/", "_")), *cells)
    return table


def placement_bars(stats: Statistics) -> tuple[Bar, ...]:
    n = max(1, stats.games)
    top = max(max(stats.placements), 1)
    return tuple(
        Bar(t(f"gameover.place_{i + 1}"), count / top, f"{count} {count * 100 / n:3.0f}%")
        for i, count in enumerate(stats.placements)
    )


def rate_bars(stats: Statistics) -> tuple[Bar, ...]:
    rows = (("win", stats.win_rate), ("deal_in", stats.deal_in_rate),
            ("riichi", stats.riichi_rate), ("call", stats.call_rate))
    return tuple(Bar(t(f"stats.{key}"), rate or 0.0, percent(rate)) for key, rate in rows)


def yaku_bars(stats: Statistics) -> tuple[Bar, ...]:
    if not stats.yaku_counts:
        return ()
    top = max(stats.yaku_counts.values())
    names = texts()
    return tuple(Bar(names.yaku(name), count / top, str(count))
                 for name, count in stats.yaku_counts.items())


class StatsScreen(SizeAware, Screen):
    BINDINGS = [
        Binding("escape", "close", t("stats.back"), key_display="Esc"),
        Binding("q", "close", t("stats.back"), show=False),
        Binding("p", "players", t("stats.switch")),
        Binding("w", "drills_by", t("stats.drills_switch")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.by_players, self.warnings = load_statistics()
        self.players = 4 if self.by_players[4].games or not self.by_players[3].games else 3
        self.drills_by = "session"

    @property
    def stats(self) -> Statistics:
        return self.by_players[self.players]

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # the switch only when the history holds games of both kinds
        if action == "players":
            return all(s.games for s in self.by_players.values())
        return True

    async def action_players(self) -> None:
        """Show the other record: three players after four, and back (P1)."""
        self.players = 7 - self.players
        await self.recompose()
        self._fill()

    def compose(self) -> ComposeResult:
        s = self.stats
        with VerticalScroll(id="stats-box"):
            title = t("stats.title")
            if self.players == 3 or self.by_players[3].games:
                title += " · " + t(f"stats.players_{self.players}")
            yield Static(title, classes="heading", id="stats-title")
            for warning in self.warnings:
                yield Static(warning, classes="stats-warning")
            if not s.games:
                yield Static(t("stats.empty"), id="stats-empty")
            else:
                yield from self._figures(s)
            yield Static(t("stats.drills"), classes="subheading", id="stats-drills-title")
            yield Static(id="stats-drills")
        yield Footer()

    def action_drills_by(self) -> None:
        """The drills' accuracy per session, or per week."""
        self.drills_by = "week" if self.drills_by == "session" else "session"
        self._fill_drills()

    def _fill_drills(self) -> None:
        self.query_one("#stats-drills-title", Static).update(
            t("stats.drills") + " · " + t(f"stats.drills_by_{self.drills_by}"))
        self.query_one("#stats-drills", Static).update(
            drill_table(load_drills(self.drills_by), self.drills_by))

    def _figures(self, s: Statistics) -> ComposeResult:
        yield Static(t("stats.summary", games=s.games, rounds=s.rounds,
                       avg=f"{s.average_placement:.2f}"), id="stats-summary")
        with Horizontal(id="stats-columns"):
            with Vertical(classes="stats-column"):
                yield Static(t("stats.placements"), classes="subheading")
                yield BarChart(id="stats-placements")
            with Vertical(classes="stats-column"):
                yield Static(t("stats.rates"), classes="subheading")
                yield BarChart(id="stats-rates")
        points = []
        if s.average_win_points is not None:
            points.append(t("stats.avg_win", n=round(s.average_win_points), tsumo=s.tsumo_wins,
                            ron=s.ron_wins))
        if s.average_deal_in_points is not None:
            points.append(t_count("stats.avg_deal_in", s.deal_ins,
                                  n=round(s.average_deal_in_points), times=s.deal_ins))
        yield Static("\n".join(points) or t("stats.no_wins"), id="stats-points")
        yield Static(t("stats.recent"), classes="subheading", id="stats-recent-title")
        yield PlacementChart(id="stats-recent")
        yield Static(t("stats.yaku"), classes="subheading")
        if s.yaku_counts:
            yield BarChart(id="stats-yaku")
        else:
            yield Static(t("stats.no_wins"), classes="hint")

    def on_mount(self) -> None:
        for warning in self.warnings:
            self.notify(warning, severity="warning", timeout=8)
        self._fill()

    def _fill(self) -> None:
        self._fill_drills()
        s = self.stats
        if not s.games:
            return
        self.query_one("#stats-placements", BarChart).bars = placement_bars(s)
        self.query_one("#stats-rates", BarChart).bars = rate_bars(s)
        chart = self.query_one("#stats-recent", PlacementChart)
        labels = tuple(t(f"gameover.place_{i}") for i in range(1, self.players + 1))
        chart.labels = labels
        chart.placements = tuple(s.recent_placements)
        if s.yaku_counts:
            self.query_one("#stats-yaku", BarChart).bars = yaku_bars(s)
        self.query_one("#stats-box").focus()

    def action_close(self) -> None:
        self.app.pop_screen()
