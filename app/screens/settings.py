"""Settings: language, tiles, colours, opponent speed, the opponents of new games (each seat's
level and personality) and the table toggles; saved at every
change. A choice made here also replaces its command-line override (``--lang``, ``--glyphs``,
``--theme``, ``--speed``) for the rest of the session: the player's latest choice is shown."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from app import glyphs, i18n
from app.i18n import seat_name, t
from app.screens.base import SizeAware
from app.screens.setup import STYLES
from app.seats import BOT_SEATS, style_text
from app.storage.settings import GLYPHS, LANGUAGES, REVIEW_SAMPLES, SEAT_KEYS, SPEEDS, THEMES
from app.widgets import Choice

TOGGLES = ("auto_win", "skip_calls", "tsumogiri_after_riichi", "hints", "verdict_key")
TOGGLE_TEXT = {
    "auto_win": "settings.auto_win",
    "skip_calls": "settings.skip_calls",
    "tsumogiri_after_riichi": "settings.tsumogiri",
    "hints": "settings.hints",
    "verdict_key": "settings.verdict_key",
}
# Settings that ``riichi play`` can also set for one session (same names in PlayOptions).
OVERRIDABLE = ("language", "glyphs", "theme", "speed")


class SettingsScreen(SizeAware, Screen):
    BINDINGS = [
        Binding("escape", "back", t("app.back")),
        Binding("up", "app.focus_previous", "Up", show=False),
        Binding("down", "app.focus_next", "Down", show=False),
    ]

    def compose(self) -> ComposeResult:
        s = self.app.settings
        lang = i18n.texts().lang
        langs = i18n.available_languages()
        with Center():
            with Vertical(id="settings-box"):
                yield Static(t("settings.title"), classes="heading")
                codes = [c for c in LANGUAGES if c in langs]
                yield Choice(t("settings.language"), codes, [langs[c] for c in codes],
                             s.language, id="language")
                yield Choice(t("settings.glyphs"), list(GLYPHS),
                             [glyphs.glyph_set(g).name(lang) for g in GLYPHS], s.glyphs,
                             id="glyphs")
                yield Choice(t("settings.theme"), list(THEMES),
                             [glyphs.theme(v).name(lang) for v in THEMES], s.theme, id="theme")
                yield Choice(t("settings.speed"), list(SPEEDS),
                             [t(f"speed.{v}") for v in SPEEDS], s.speed, id="speed")
                for seat in BOT_SEATS:  # the players of new games (each seat its own kind)
                    o = self.app.settings.opponents()[seat]
                    yield Choice(t("settings.opponent", seat=seat_name(seat)), list(STYLES),
                                 [style_text(x) for x in STYLES.values()],
                                 f"{o.level}:{o.personality}", id=f"seat_{seat}")
                for name in TOGGLES:
                    yield Choice(t(TOGGLE_TEXT[name]), ["off", "on"],
                                 [t("app.off"), t("app.on")],
                                 "on" if getattr(s, name) else "off", id=name)
                yield Choice(t("settings.review_samples"), [str(n) for n in REVIEW_SAMPLES],
                             [str(n) for n in REVIEW_SAMPLES], str(s.review_samples),
                             id="review_samples")
                yield Static(id="sample")
                if self.app.no_color_env:
                    yield Static(t("settings.no_color"), id="no-color", classes="hint")
                yield Static(t("settings.hint"), classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#language", Choice).focus()
        self.show_sample()

    def show_sample(self) -> None:
        p = self.app.painter
        self.query_one("#sample", Static).update(p.tiles([0, 16, 52, 100, 108, 124, 132], sep=" "))

    def on_choice_changed(self, event: Choice.Changed) -> None:
        name = event.choice.id or ""
        value: object = event.value
        if name in TOGGLES:
            value = event.value == "on"
        if name == "review_samples":
            value = int(event.value)
        if name in SEAT_KEYS:  # a new kind of player keeps the name the seat may have
            kept = self.app.settings.opponents()[int(name[-1])].name
            value = event.value + (f":{kept}" if kept else "")
        if name in OVERRIDABLE:
            setattr(self.app.options, name, None)
        self.app.apply_settings(self.app.settings.replace(**{name: value}))
        if name == "language":
            self.refresh_texts()
        self.show_sample()

    def refresh_texts(self) -> None:
        focused = self.focused.id if self.focused else "language"
        self.refresh(recompose=True)
        def restore() -> None:
            self.query_one(f"#{focused}", Choice).focus()
            self.show_sample()

        self.call_after_refresh(restore)

    def action_back(self) -> None:
        self.app.pop_screen()
