"""Final standings: place, player, points, uma, oka, score; then a new game or the title."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from app.i18n import seat_name, set_players, t
from app.screens.base import SizeAware
from app.seats import seat_labels, seat_styles


def _score_text(score: float) -> str:
    """+44, -15, +12.3: whole numbers without decimals (the default rounding gives those)."""
    if score == int(score):
        return f"{int(score):+d}"
    return f"{score:+.1f}"


def standings_table(result, rules, seats=None) -> Table:
    """Place, player (an opponent by name, with its level and personality), points, uma, oka
    and score; ``seats``: the game's seat records (``app.seats``), None for places only."""
    names = seat_labels(seats) if seats is not None else None
    styles = seat_styles(seats) if seats is not None else ("",) * 4
    table = Table(box=None, header_style="bold", pad_edge=False)
    for heading, justify in (("rank", "left"), ("player", "left"), ("points", "right"),
                             ("uma", "right"), ("oka", "right"), ("score", "right")):
        table.add_column(t(f"gameover.{heading}"), justify=justify)
    oka_total = 0
    if rules.oka_to_first:
        # G7: (return - start) from every player (three with P1)
        oka_total = (rules.return_points - rules.starting_points) * rules.players // 1000
    for place, seat in enumerate(result.ranking):
        uma = rules.uma[place]
        oka = oka_total if place == 0 else 0
        score = result.scores[seat]
        style = "bold" if place == 0 else ""
        table.add_row(
            Text(t(f"gameover.place_{place + 1}"), style=style),
            Text.assemble((names[seat] if names else seat_name(seat), style),
                          (f" {styles[seat]}" if styles[seat] else "", "dim")),
            str(result.points[seat]),
            f"{uma:+d}",
            f"{oka:+d}" if oka else "",
            Text(_score_text(score), style=style),
        )
    return table


class GameOverScreen(SizeAware, Screen):
    BINDINGS = [
        Binding("n", "new", t("gameover.new_game")),
        Binding("r", "review", t("review.menu")),
        Binding("enter", "title", t("gameover.to_title"), key_display="⏎"),
        Binding("escape", "title", t("gameover.to_title"), show=False),
        Binding("q", "quit_app", t("action.quit")),
    ]

    def __init__(self, result, reason: str, setup, seed: int, seats=None) -> None:
        super().__init__()
        self.seats = seats  # who played (app.seats records): the opponents' names
        self.result = result
        if result is not None:
            set_players(len(result.points))  # the seats of the game that ended (P1)
        self.reason = reason
        self.setup = setup
        self.seed = seed

    def compose(self) -> ComposeResult:
        with Vertical(id="gameover-box"):
            yield Static(t("gameover.title"), classes="heading")
            if self.result is not None:
                yield Static(standings_table(self.result, self.setup.ruleset(), self.seats))
                if self.result.leftover_sticks:
                    yield Static(t("table.sticks", n=self.result.leftover_sticks), classes="hint")
            if self.reason == "bust":
                points = self.result.points
                loser = min(range(len(points)), key=lambda s: points[s])
                name = seat_labels(self.seats)[loser] if self.seats else seat_name(loser)
                yield Static(t("gameover.ended_bust", seat=name), classes="hint")
            yield Static(f"n {t('gameover.new_game')} · r {t('review.menu')} · "
                         f"⏎ {t('gameover.to_title')}", classes="hint")
        yield Footer()

    def action_new(self) -> None:
        from app.screens.setup import SetupScreen

        self.app.switch_screen(SetupScreen())

    def action_review(self) -> None:
        """The review of this game: the newest in the history (it was recorded as it ended)."""
        from app.screens.review import open_review

        open_review(self, None, seed=self.seed)

    def action_title(self) -> None:
        self.app.pop_screen()

    def action_quit_app(self) -> None:
        self.app.exit()
