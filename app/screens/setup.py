"""New-game setup: length, rules preset, red fives, and each opponent's level, personality and
name (the settings' opponents first). Enter starts at once: the defaults (hanchan, the settings'
preset, one red five per suit, a varied table of normal players) are a good game."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from app.i18n import seat_name, t
from app.screens.base import SizeAware
from app.seats import (
    BOT_SEATS,
    LEVELS,
    PERSONALITIES,
    Opponent,
    default_opponents,
    name_list,
    named,
    style_text,
)
from app.widgets import Choice
from engine.rules import PRESETS

LENGTHS = ("hanchan", "tonpuusen")
RED_CHOICES = ("1each", "none", "2each", "3each", "all", "4aka", "8aka")
DIFFICULTIES = ("easy", "normal", "hard")
#: an opponent's kind, one choice per seat: "normal:aggressive" -> Normal · aggressive
STYLES = {f"{lv}:{p}": Opponent(lv, p) for lv in LEVELS for p in PERSONALITIES}
LABEL = 14


@dataclass(frozen=True)
class GameSetup:
    length: str = "hanchan"
    rules: str = "tenhou"
    reds: str = "1each"
    difficulty: str = "normal"
    seed: int | None = None
    #: the players of seats 1-3; () = a varied table of ``difficulty`` (app.seats)
    opponents: tuple[Opponent, ...] = ()

    def players(self) -> dict[int, Opponent]:
        """The opponents by seat (1-3): the chosen ones, or a named varied table."""
        if self.opponents:
            return dict(zip(BOT_SEATS, self.opponents, strict=False))
        return named(default_opponents(self.difficulty))

    def resolved(self) -> GameSetup:
        """This setup with its players fixed (named now, in the language of the moment), so
        the agents, the journal, the table and the history agree on them."""
        from dataclasses import replace

        return replace(self, opponents=tuple(self.players()[s] for s in BOT_SEATS))

    @property
    def seat_count(self) -> int:
        """3 or 4: the preset's number of players (P1)."""
        rules = PRESETS.get(self.rules)
        return rules.players if rules is not None else 4

    def ruleset(self):
        from engine.rules import RED_SETS, preset

        reds = RED_SETS[self.reds]
        if self.seat_count == 3:
            reds = (0, *reds[1:])  # P1: no 2m-8m, so no red 5m; the choice is for 5p and 5s
        return preset(self.rules, length=self.length, red_fives=reds)


class SetupScreen(SizeAware, Screen):
    BINDINGS = [
        Binding("enter", "start", t("action.start")),
        Binding("escape", "back", t("app.back")),
        Binding("up", "app.focus_previous", "Up", show=False),
        Binding("down", "app.focus_next", "Down", show=False),
    ]

    def __init__(self, replace: bool = False) -> None:
        super().__init__()
        self.replace = replace  # the player already agreed to replace the saved game

    def compose(self) -> ComposeResult:
        s = self.app.settings
        with Center():
            with Vertical(id="setup-box"):
                yield Static(t("setup.title"), classes="heading")
                yield Choice(
                    t("setup.length"), list(LENGTHS), [t(f"setup.{v}") for v in LENGTHS],
                    "hanchan", id="length", label_width=LABEL,
                )
                presets = list(PRESETS)  # tenhou3 and majsoul3 are three-player games (P1)
                yield Choice(
                    t("setup.rules"), presets, [t(f"preset.{p}") for p in presets], s.rules,
                    id="rules", label_width=LABEL,
                )
                yield Choice(
                    t("setup.red_fives"), list(RED_CHOICES),
                    [t(f"reds.{r}") for r in RED_CHOICES], "1each", id="reds",
                    label_width=LABEL,
                )
                # the settings' players, as `riichi play --difficulty/--seat` changed them
                players = self.app.game_setup_from_options().players()
                names = name_list()
                for seat in BOT_SEATS:
                    o = players[seat]
                    yield Choice(
                        seat_name(seat), list(STYLES), [style_text(x) for x in STYLES.values()],
                        f"{o.level}:{o.personality}", id=f"style-{seat}", label_width=LABEL,
                    )
                    seat_names = names if o.name in names else [o.name, *names]
                    yield Choice(
                        t("setup.player_name"), seat_names, seat_names, o.name,
                        id=f"name-{seat}", label_width=LABEL,
                    )
                yield Static(t("setup.hint"), classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#length", Choice).focus()

    def setup(self) -> GameSetup:
        def v(name: str) -> str:
            return self.query_one(f"#{name}", Choice).value

        opponents = []
        for seat in BOT_SEATS:
            level, _, personality = v(f"style-{seat}").partition(":")
            opponents.append(Opponent(level, personality, v(f"name-{seat}")))
        return GameSetup(v("length"), v("rules"), v("reds"), opponents[0].level,
                         self.app.options.seed, tuple(opponents))

    def action_start(self) -> None:
        setup = self.setup()
        self.app.pop_screen()
        self.app.start_game(setup, replace=self.replace)

    def action_back(self) -> None:
        self.app.pop_screen()
