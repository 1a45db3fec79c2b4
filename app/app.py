"""The Textual application: screens, the current settings and the tile painter."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual import on
from textual.app import App
from textual.binding import Binding
from textual.filter import LineFilter, Monochrome, NoColor
from textual.message import Message
from textual.scrollbar import ScrollBar

from app import glyphs, i18n
from app.options import PlayOptions
from app.storage.settings import Settings, load_settings, save_settings
from app.widgets.scrollbar import PlainScrollBarRender

if TYPE_CHECKING:
    from app.storage.takeover import Taken

log = logging.getLogger("riichi.app")

MIN_WIDTH, MIN_HEIGHT = 80, 24
#: seconds the "continued in another terminal" notice shows before a riichi that handed its game
#: over exits (it has already let go of the game)
HANDED_OVER_DELAY = 2.0
WIDE_WIDTH, WIDE_HEIGHT = 120, 40
#: the toggles that decide moves without asking, and their texts (``toggle.<text>_on/off``)
TOGGLE_NOTES = {"auto_win": "auto_win", "skip_calls": "skip_calls",
                "tsumogiri_after_riichi": "tsumogiri"}
#: Rich's names of the colour systems with at most 16 colours: there, a highlight by colour
#: alone may not show (bright white on light grey), so highlights also get reverse/underline
FEW_COLOURS = frozenset({"standard", "windows"})
#: every colour set back to the terminal's own foreground and background
_NO_COLOUR = NoColor()
_OWN_BACKGROUND = Style(bgcolor="default")


@lru_cache(4096)
def _own_background(style: Style | None) -> Style | None:
    """``style`` with a background that a 16-colour terminal shows as black (the dark themes'
    greys) replaced by the terminal's own."""
    if style is None or style.bgcolor is None or style.bgcolor.is_default:
        return style
    if style.bgcolor.downgrade(ColorSystem.STANDARD).number != 0:
        return style
    return style + _OWN_BACKGROUND


class OwnBackground(LineFilter):
    """On a 16-colour terminal the screen keeps the terminal's own background: the classic
    theme's near-black greys would otherwise come out as a forced black."""

    def apply(self, segments: list[Segment], background: object) -> list[Segment]:
        return [Segment(text, _own_background(style), control)
                for text, style, control in segments]


_OWN_BACKGROUND_FILTER = OwnBackground()
# Scrollbars keep a visible track when there is no colour (app.widgets.scrollbar): every
# scrollbar of the app (help, rules, statistics, replays) is drawn by Textual's ScrollBar.
ScrollBar.renderer = PlainScrollBarRender


class RiichiApp(App):
    """One process, one player. Screens: title, setup, settings, rules, help, table, result
    (modal), game over; a terminal below 80x24 gets a notice until it grows."""

    CSS_PATH = "riichi.tcss"
    TITLE = "riichi"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, options: PlayOptions | None = None, settings: Settings | None = None):
        self.options = options or PlayOptions()
        self.no_color_env = "NO_COLOR" in os.environ  # Textual removes it from the environment
        super().__init__()
        #: the terminal has 16 colours or fewer (TERM=xterm, screen, vt100 without COLORTERM)
        self.few_colours = self.console.color_system in FEW_COLOURS
        if settings is None:
            settings, self.settings_warnings = load_settings()
        else:
            self.settings_warnings = []
        self.settings = settings
        self.reds = (1, 1, 1)
        #: the pid of the riichi this one is taking the saved game from, while it does
        self.taking_over: int | None = None
        #: this riichi gave its game to another terminal and is about to exit
        self.handed_over = False
        self.apply_settings(settings, save=False)

    # --- settings -------------------------------------------------------------------------
    def theme_id(self) -> str:
        """The colours: ``--theme`` if given, else mono under NO_COLOR, else the settings'."""
        if self.options.theme:
            return self.options.theme
        return "mono" if self.no_color_env else self.settings.theme

    @property
    def colourless(self) -> bool:
        """No colour at all: the mono theme (what NO_COLOR gives) is on."""
        return self.painter.theme.id == "mono"

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, with colour removed exactly when the mono theme is on. Textual
        alone turns NO_COLOR into 256-colour greys (and a dark background); here every colour
        goes back to the terminal's own, leaving bold, dim, reverse, underline and strike. On a
        16-colour terminal, the background is the terminal's own, not a forced black."""
        kept = [f for f in super().get_line_filters() if not isinstance(f, Monochrome | NoColor)]
        if self.colourless:
            return [*kept, _NO_COLOUR]
        if self.few_colours:
            return [*kept, _OWN_BACKGROUND_FILTER]
        return kept

    def _show_colour_mode(self) -> None:
        """The CSS class ``-plain`` on the app when colour cannot carry a highlight (the mono
        theme, or a terminal with 16 colours): highlights then also reverse or underline."""
        mode = (self.colourless, self.colourless or self.few_colours)
        if getattr(self, "_colour_mode", None) == mode:
            return
        self._colour_mode = mode
        self.set_class(mode[1], "-plain", update=False)
        if self.is_running:
            self.refresh_css(animate=False)
            for screen in self.screen_stack:
                for widget in screen.walk_children(with_self=True):
                    widget.refresh()

    def apply_settings(self, settings: Settings, save: bool = True) -> None:
        self.settings = settings
        i18n.set_language(self.options.language or settings.language)
        tile_theme = glyphs.theme(self.theme_id())
        self.painter = glyphs.Painter(
            glyphs.glyph_set(self.options.glyphs or settings.glyphs, i18n.texts().lang),
            tile_theme, self.reds,
        )
        self.theme = tile_theme.textual_theme
        self._show_colour_mode()
        if save:
            try:
                save_settings(settings)
            except OSError as e:
                self.notify(str(e), severity="error")

    def set_reds(self, reds: tuple[int, int, int]) -> None:
        self.reds = reds
        self.painter = glyphs.Painter(self.painter.glyphs, self.painter.theme, reds)

    @property
    def speed(self) -> str:
        return self.options.speed or self.settings.speed

    # --- telling the player ----------------------------------------------------------------
    @dataclass
    class Told(Message):
        """A notification asked for from any thread (a game's worker, a bot's close)."""

        text: str
        severity: str = "warning"

    def tell(self, text: str, severity: str = "warning") -> None:
        """``notify`` that works from any thread (messages are thread-safe)."""
        self.post_message(self.Told(text, severity))

    @on(Told)
    def _on_told(self, message: Told) -> None:
        self.notify(message.text, severity=message.severity, timeout=10)  # type: ignore[arg-type]

    # --- another terminal takes the game (app.storage.takeover) ------------------------------
    @dataclass
    class TakeoverAsked(Message):
        """Another riichi asks for the game this one plays (its signal, on the UI thread)."""

    def listen_for_takeover(self) -> None:
        """Turn the takeover signal into ``TakeoverAsked`` on the UI thread (the thread that
        also closes a session when the player leaves, so the two never overlap)."""
        from app.storage.takeover import ASK_SIGNAL

        try:
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(ASK_SIGNAL, lambda: self.post_message(self.TakeoverAsked()))
        except (RuntimeError, NotImplementedError, ValueError) as e:  # not the main thread
            log.info("not listening for takeover requests: %s", e)
            return
        self._takeover_loop = loop

    def on_unmount(self) -> None:
        from app.storage.takeover import ASK_SIGNAL

        loop = getattr(self, "_takeover_loop", None)
        if loop is not None and not loop.is_closed():
            loop.remove_signal_handler(ASK_SIGNAL)

    @on(TakeoverAsked)
    def hand_over(self, _message: TakeoverAsked | None = None) -> None:
        """Let the other terminal have the game: close the session (its worker stopped, an
        append in progress finished, the journal closed and its lock released, so nothing more
        is written), say so and exit. A riichi that holds no game ignores the request."""
        from app.screens.title import HandedOverScreen

        held = [screen.session for screen in self.screen_stack
                if getattr(screen, "session", None) is not None]
        held = [s for s in held if not s.closed and s.journal is not None]
        if not held:
            log.info("asked to hand the saved game over, but no game is open here")
            return
        for session in held:
            journal = session.journal  # the worker may drop it (a failed append) meanwhile
            written = journal.action_count if journal is not None else 0
            session.close(keep_save=True)
            log.warning("handed the saved game over to another riichi after %d actions",
                        written)
        self.handed_over = True
        text = i18n.t("takeover.left")
        self.push_screen(HandedOverScreen(text))
        self.set_timer(HANDED_OVER_DELAY, lambda: self.exit(message=text))

    # --- screens --------------------------------------------------------------------------
    def on_mount(self) -> None:
        from app.screens.title import TitleScreen

        for warning in self.settings_warnings:
            self.notify(warning, severity="warning")
        self.listen_for_takeover()
        self.push_screen(TitleScreen())
        if self.options.resume:
            self.call_later(self.continue_game)
        elif self.options.direct:
            self.call_later(self.start_game, self.game_setup_from_options())
        self.check_size()

    def game_setup_from_options(self):
        from dataclasses import replace

        from app.screens.setup import GameSetup
        from app.seats import BOT_SEATS, named

        o, s = self.options, self.settings
        # The settings' players; --difficulty sets every level, --seat N=LEVEL:... one seat.
        players = s.opponents()
        if o.difficulty:
            players = {seat: replace(p, level=o.difficulty) for seat, p in players.items()}
        players = named({**players, **o.opponents})
        return GameSetup(
            length=o.length or "hanchan",
            rules=o.rules or s.rules,
            reds=o.reds or "1each",
            difficulty=o.difficulty or players[1].level,
            seed=o.seed,
            opponents=tuple(players[seat] for seat in BOT_SEATS),
        )

    def start_game(self, setup, replace: bool = False) -> None:
        """Start a new game of ``setup``. A saved game is never replaced silently: unless the
        player already agreed (``replace``: the title's New game asked), they are asked here
        (``riichi play --seed N``, New game after the standings); a yes discards the old save,
        a no leaves it, with the title's cursor on Continue."""
        from app.screens.table import TableScreen
        from app.screens.title import saved_game_exists

        if self.options.save and saved_game_exists():
            if not replace:
                def answer(yes: bool | None) -> None:
                    if yes:
                        self.start_game(setup, replace=True)
                    else:
                        self.show_title()

                self.push_screen(replace_confirm(), answer)
                return
            self.discard_saved_game()
        self.push_screen(TableScreen.new_game(self, setup))
        # --seed N seeds the game the command started; a later New game deals new tiles
        self.options.seed = None

    def discard_saved_game(self) -> None:
        """Remove the saved game the player agreed to replace (a game another riichi plays is
        left alone: the new game then runs unsaved, and says so)."""
        from app.storage.journal import discard_save

        try:
            discard_save()
        except Exception as e:  # another riichi holds it, a disk problem
            self.notify(str(e), severity="warning", timeout=10)

    def show_title(self) -> None:
        """Back to the title screen (whatever is over it is closed)."""
        from app.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if isinstance(self.screen, TitleScreen):
            self.screen.build_menu()

    def toggle_setting(self, name: str) -> bool:
        """Flip one of the table's toggles (w, x, z, u), save it and, for w/x/z, say what
        changed: they decide moves without asking. Returns the new value."""
        value = not getattr(self.settings, name)
        self.apply_settings(self.settings.replace(**{name: value}))
        if name in TOGGLE_NOTES:
            self.notify(i18n.t(f"toggle.{TOGGLE_NOTES[name]}_{'on' if value else 'off'}"),
                        timeout=6)
        return value

    def continue_game(self, offer: bool = True) -> None:
        """Resume the saved game. If another riichi holds it, the player is offered to take
        it over (``offer_takeover``); without ``offer`` (just taken) the usual message says
        it is still held."""
        from app.screens.table import TableScreen
        from app.storage.takeover import holder

        if self.taking_over is not None:  # a takeover is under way; it resumes when done
            self.notify(i18n.t("takeover.asking", pid=self.taking_over), timeout=6)
            return
        if offer and not self.handed_over:
            try:
                pid = holder()
            except OSError:
                pid = None  # the resume below says what is wrong with the save
            if pid is not None:
                self.offer_takeover(pid)
                return
        screen = TableScreen.resume(self)
        if screen is not None:
            self.push_screen(screen)

    def offer_takeover(self, pid: int) -> None:
        """Another riichi (process ``pid``) holds the saved game: ask whether to take it over,
        only if it surely is a riichi of this user (else say why it is left alone)."""
        from app.screens.result import ConfirmScreen
        from app.storage.takeover import check_holder, lock_path

        reason = (check_holder(pid, lock_path()) if pid
                  else "the lock file does not say which process holds the game")
        if reason is not None:
            self.notify(i18n.t("takeover.unsure", pid=pid or "?", reason=reason),
                        severity="error", timeout=12)
            return

        def answer(yes: bool | None) -> None:
            if yes and self.taking_over is None:
                self.taking_over = pid
                self.notify(i18n.t("takeover.asking", pid=pid), timeout=6)
                self.run_worker(self._take_over, thread=True, group="takeover",
                                exclusive=True, name="takeover")

        self.push_screen(ConfirmScreen(i18n.t("takeover.ask", pid=pid)), answer)

    def _take_over(self) -> None:
        """The worker: ``take_over`` waits seconds for the other riichi, off the UI thread."""
        from app.storage.takeover import TakeoverRefused, take_over

        try:
            taken = take_over()
        except (TakeoverRefused, OSError) as e:
            self.call_from_thread(self._take_over_failed, e)
            return
        self.call_from_thread(self._taken, taken)

    def _take_over_failed(self, error: Exception) -> None:
        from app.storage.takeover import TakeoverRefused

        pid, self.taking_over = self.taking_over, None
        reason = error.reason if isinstance(error, TakeoverRefused) else str(error)
        self.notify(i18n.t("takeover.failed", pid=pid, reason=reason), severity="error",
                    timeout=12)

    def _taken(self, taken: Taken) -> None:
        self.taking_over = None
        if taken.how == "stopped":
            self.notify(i18n.t("takeover.stopped", pid=taken.pid), severity="warning",
                        timeout=10)
        self.continue_game(offer=False)

    def check_size(self) -> None:
        """Show the too-small notice while the terminal is below the minimum (screens call
        this on every resize)."""
        from app.screens.small import TooSmallScreen

        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()
        elif small and showing:
            self.screen.refresh_message()


def replace_confirm():
    """The question before a new game replaces the saved one (Enter answers No)."""
    from app.screens.result import ConfirmScreen
    from app.screens.title import saved_game_summary

    summary = saved_game_summary()
    if summary is None:
        question = i18n.t("title.replace_confirm_plain")
    else:
        where, when = summary.lines()
        question = i18n.t("title.replace_confirm", where=where, when=when)
    return ConfirmScreen(question, default=False)
