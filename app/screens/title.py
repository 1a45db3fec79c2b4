"""The title screen: New game, Continue (only with a saved game), Rules & yaku, Statistics,
Replays, Settings, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from app.screens.base import SizeAware

from app.i18n import t

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


class TitleScreen(SizeAware, Screen):
    BINDINGS = [
        Binding("n", "choose('new')", t("action.new_game")),
        Binding("c", "choose('continue')", t("action.continue"), show=False),
        Binding("r", "choose('rules')", t("action.rules")),
        Binding("s", "choose('settings')", t("action.settings")),
        Binding("t", "choose('stats')", t("stats.menu")),
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
        items = [("new", t("title.new_game"))]
        if saved_game_exists():
            items.append(("continue", t("title.continue")))
        items += [
            ("rules", t("title.rules")),
            ("stats", t("stats.menu")),
            ("replays", t("replay.menu")),
            ("settings", t("title.settings")),
            ("quit", t("title.quit")),
        ]
        menu.add_options([Option(label, id=key) for key, label in items])
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, what: str) -> None:
        app = self.app
        if what == "new":
            from app.screens.setup import SetupScreen

            app.push_screen(SetupScreen())
        elif what == "continue":
            if saved_game_exists():
                app.continue_game()
        elif what == "rules":
            from app.screens.rules import RulesScreen

            app.push_screen(RulesScreen())
        elif what == "stats":
            from app.screens.stats import StatsScreen

            app.push_screen(StatsScreen())
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
