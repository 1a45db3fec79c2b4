"""The title screen: New game, Continue (only with a saved game, with where it stopped),
Rules & yaku, Statistics, Drills, Replays, Settings, Quit."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from app.i18n import round_label, t
from app.screens.base import SizeAware

LOGO = """\
 ┌──┐┌──┐┌──┐┌──┐┌──┐┌──┐
 │立││直││麻││雀││東││中│
 └──┘└──┘└──┘└──┘└──┘└──┘"""


def saved_game_exists() -> bool:
    try:
        from app.storage.journal import has_saved_game

        return has_saved_game()
    except Exception:  # an unreadable save is reported when the player tries to continue
        return False


HUMAN = 0  # the player's seat in every saved game


@dataclass(frozen=True, slots=True)
class SavedSummary:
    """Where the saved game stopped, as Continue shows it."""

    round_index: int  # 0-3 East 1-4, 4-7 South 1-4...
    honba: int
    points: int  # the player's
    saved_at: _dt.datetime  # local time of the last saved move

    def lines(self) -> tuple[str, str]:
        where = t("title.continue_detail", round=round_label(self.round_index),
                  honba=t("table.honba", n=self.honba), points=f"{self.points:,}")
        return where, t("title.continue_saved", date=self.saved_at.strftime("%Y-%m-%d %H:%M"))


_summaries: dict[tuple[str, int, int], SavedSummary | None] = {}


def saved_game_summary(path: str | Path | None = None) -> SavedSummary | None:
    """Replay the saved game (read only: a bad file is left for Continue to report) to say
    where it stopped; None if there is none or it cannot be replayed. Remembered per version of
    the file, so the title screen can ask every time it shows."""
    from app.storage.journal import current_save_path

    path = Path(path or current_save_path())
    try:
        stat = path.stat()
    except OSError:
        return None
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _summaries:
        _summaries.clear()
        _summaries[key] = _summarize(path, stat.st_mtime)
    return _summaries[key]


def _summarize(path: Path, mtime: float) -> SavedSummary | None:
    from app.storage.journal import load_journal
    from engine.game import Game

    try:
        saved = load_journal(path)
        game = Game.replay(saved.rules(), saved.seed, saved.engine_actions())
        view = game.view(HUMAN)
    except (OSError, ValueError, KeyError, TypeError):
        return None  # a bad save is reported when the player chooses Continue
    return SavedSummary(view.round_index, view.honba, view.scores[HUMAN],
                        _dt.datetime.fromtimestamp(mtime))


class TitleScreen(SizeAware, Screen):
    BINDINGS = [
        Binding("n", "choose('new')", t("action.new_game")),
        Binding("c", "choose('continue')", t("action.continue"), show=False),
        Binding("r", "choose('rules')", t("action.rules")),
        Binding("s", "choose('settings')", t("action.settings")),
        Binding("t", "choose('stats')", t("stats.menu")),
        # in the menu; the footer keeps its room for Quit at 80 columns
        Binding("d", "choose('drills')", t("drills.menu"), show=False),
        Binding("h", "choose('replays')", t("replay.menu")),
        Binding("question_mark", "choose('help')", t("action.help"), key_display="?"),
        Binding("q", "choose('quit')", t("action.quit")),
    ]

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(LOGO, id="logo")
            with Center():
                yield Static(id="tagline")
            with Center():
                yield OptionList(id="menu")
            with Center():
                yield Static(id="title-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.build_menu()

    def on_screen_resume(self) -> None:
        self.build_menu()

    def build_menu(self) -> None:
        self.query_one("#tagline", Static).update(t("app.tagline"))
        self.query_one("#title-hint", Static).update(t("title.hint"))
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        items: list[tuple[str, str | Text]] = [("new", t("title.new_game"))]
        if saved_game_exists():
            items.append(("continue", self.continue_label()))
        items += [
            ("rules", t("title.rules")),
            ("stats", t("stats.menu")),
            ("drills", t("drills.menu")),
            ("replays", t("replay.menu")),
            ("settings", t("title.settings")),
            ("quit", t("title.quit")),
        ]
        menu.add_options([Option(label, id=key) for key, label in items])
        # a saved game: the cursor starts on Continue, so Enter never begins to replace it
        menu.highlighted = 1 if items[1][0] == "continue" else 0
        menu.focus()

    def continue_label(self) -> Text:
        """"Continue" and, below it, the round, honba, the player's points and when it was
        saved."""
        label = Text(t("title.continue"))
        summary = saved_game_summary()
        if summary is not None:
            for line in summary.lines():
                label.append("\n  " + line, style="dim")
        return label

    def new_game(self) -> None:
        """The setup screen; with a saved game, only once the player agreed to replace it
        (a no keeps it, the cursor on Continue)."""
        from app.app import replace_confirm
        from app.screens.setup import SetupScreen

        if not (self.app.options.save and saved_game_exists()):
            self.app.push_screen(SetupScreen())
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.push_screen(SetupScreen(replace=True))

        self.app.push_screen(replace_confirm(), answer)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, what: str) -> None:
        app = self.app
        if what == "new":
            self.new_game()
        elif what == "continue":
            if saved_game_exists():
                app.continue_game()
        elif what == "rules":
            from app.screens.rules import RulesScreen

            app.push_screen(RulesScreen())
        elif what == "stats":
            from app.screens.stats import StatsScreen

            app.push_screen(StatsScreen())
        elif what == "drills":
            from app.screens.drills import DrillScreen

            app.push_screen(DrillScreen())
        elif what == "replays":
            from app.screens.replay_viewer import ReplayListScreen

            app.push_screen(ReplayListScreen())
        elif what == "settings":
            from app.screens.settings import SettingsScreen

            app.push_screen(SettingsScreen())
        elif what == "help":
            from app.screens.help import HelpScreen

            app.push_screen(HelpScreen())
        elif what == "quit":
            app.exit()


class HandedOverScreen(ModalScreen[None]):
    """Over everything while a riichi whose game another terminal took exits: the game is no
    longer this one's, so no key reaches the table or the title (Continue would ask for the
    game back)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.text)
