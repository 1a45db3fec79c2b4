"""New-game setup: length, rules preset, red fives, opponents. Enter starts at once: the
defaults (hanchan, the settings' preset, one red five per suit, normal) are a good game."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from app.i18n import t
from app.screens.base import SizeAware
from app.widgets import Choice
from engine.rules import PRESETS

LENGTHS = ("hanchan", "tonpuusen")
RED_CHOICES = ("1each", "none", "2each", "3each", "all", "4aka", "8aka")
DIFFICULTIES = ("easy", "normal", "hard")
LABEL = 14


@dataclass(frozen=True)
class GameSetup:
    length: str = "hanchan"
    rules: str = "tenhou"
    reds: str = "1each"
    difficulty: str = "normal"
    seed: int | None = None

    @property
    def players(self) -> int:
        """3 or 4: the preset's number of players (P1)."""
        rules = PRESETS.get(self.rules)
        return rules.players if rules is not None else 4

    def ruleset(self):
        from engine.rules import RED_SETS, preset

        reds = RED_SETS[self.reds]
        if self.players == 3:
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
                yield Choice(
                    t("setup.difficulty"), list(DIFFICULTIES),
                    [t(f"difficulty.{d}") for d in DIFFICULTIES], "normal", id="difficulty",
                    label_width=LABEL,
                )
                yield Static(t("setup.hint"), classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#length", Choice).focus()

    def setup(self) -> GameSetup:
        def v(name: str) -> str:
            return self.query_one(f"#{name}", Choice).value

        return GameSetup(v("length"), v("rules"), v("reds"), v("difficulty"),
                         self.app.options.seed)

    def action_start(self) -> None:
        setup = self.setup()
        self.app.pop_screen()
        self.app.start_game(setup, replace=self.replace)

    def action_back(self) -> None:
        self.app.pop_screen()
