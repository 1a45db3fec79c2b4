"""``ServeApp``: the app of one SSH connection, run inside the server process.

It is the solo ``RiichiApp`` (same screens, same table) with: the lobby instead of the title,
its own settings in memory (never the host's settings file), a new game meaning a new server
table, the colours its client's TERM allows, and the SSH driver (``app.serve.driver``).
"""

from __future__ import annotations

import gc
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.color import ColorSystem
from rich.console import Console
from textual import events, on
from textual.message import Message

from app import i18n
from app.app import RiichiApp
from app.i18n import t
from app.options import PlayOptions
from app.serve.driver import SSHDriver, WebDriver
from app.serve.names import clean_name, color_system, parse_code, pick_language
from app.storage.settings import Settings

_SYSTEMS = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT,
            "truecolor": ColorSystem.TRUECOLOR}

#: The server's cyclic garbage collector: young generations as Python's defaults, no full pass
#: by count (a third threshold no run reaches), see ``collect_less``.
GC_THRESHOLDS = (700, 10, 1_000_000_000)
#: seconds between two full collections of the server (``FullCollections``)
FULL_COLLECTION_SECONDS = 120.0


def collect_less() -> None:
    """Make the server's full garbage collections rare, once it has started.

    A full collection scans every object of every connection's app (each a Textual screen
    stack) and the event loop of all of them waits meanwhile: at 40 players it takes 1-2 s.
    Python starts one whenever the objects that outlived the young generations grow by a
    quarter, which a server of many sessions does all the time: even after 100 middle passes
    instead of 10, bench_serve's 40 players met one every few seconds (10 in a 20 s run, the
    whole tail of its latencies: p95 1.5 s at a person's pace). Here what exists at start
    (modules, the tables resumed) is frozen out of the scans (``gc.freeze``; it lives as
    long as the server anyway), and full collections never come by count
    (``GC_THRESHOLDS``): ``FullCollections`` makes one every ``FULL_COLLECTION_SECONDS``. The
    young generations, whose passes take milliseconds, are collected as often as by default,
    so most cyclic garbage still goes early; what outlives them (a closed session's app)
    waits for the next full pass."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class FullCollections:
    """Run a full collection every ``seconds`` on ``loop`` until ``cancel()``."""

    def __init__(self, loop: Any, seconds: float = FULL_COLLECTION_SECONDS) -> None:
        self.loop, self.seconds = loop, seconds
        self.handle = loop.call_later(seconds, self.run)

    def run(self) -> None:
        gc.collect()
        self.handle = self.loop.call_later(self.seconds, self.run)

    def cancel(self) -> None:
        self.handle.cancel()


class ServeApp(RiichiApp):
    """One connection: ``link`` (the channel), ``tables`` (the server's), ``key`` (the
    client key's fingerprint), ``name`` (from the SSH user name), ``start`` (``("lobby", None)``,
    ``("join", CODE)`` or ``("watch", CODE)``), ``term`` (TERM of the pty request), ``lang``
    (the client's LANG, or a browser's Accept-Language: the first language of this player's
    key, who may switch it in the lobby), ``via`` (``ssh`` or ``web``: how others join)."""

    CSS_PATH = str(Path(__file__).resolve().parents[1] / "riichi.tcss")  # the solo app's

    def __init__(self, link: Any, tables: Any, key: str, name: str,
                 start: tuple[str, str | None] = ("lobby", None), term: str = "xterm",
                 lang: str | None = None, via: str = "ssh") -> None:
        self.link = link
        self.tables = tables
        self.key = key
        self.start = start
        self.via = via
        languages = i18n.available_languages()
        language = (tables.languages.get(key) or pick_language(lang, languages)
                    or i18n.FALLBACK)
        # this connection's texts name the seats from its own seat (app.i18n.viewer; the
        # server set a Viewer of its own in this connection's task)
        self.viewer = i18n.viewer.get()
        name = tables.names.get(key) or name  # the name they chose last time
        super().__init__(PlayOptions(save=False, speed="fast"),
                         settings=Settings(name=clean_name(name), language=language))
        self.driver_class = WebDriver if via == "web" else SSHDriver
        # a crash report goes to the server's log (the session reads it), not its stderr
        self.error_output = io.StringIO()
        self.error_console = Console(file=self.error_output, width=100, markup=False,
                                     highlight=False, color_system=None)
        self.console._color_system = _SYSTEMS[color_system(term)]
        self.few_colours = self.console.color_system in ("standard", "windows")
        self.apply_settings(self.settings, save=False)

    def apply_settings(self, settings: Settings, save: bool = True) -> None:
        """As in solo play, but kept in memory only: the host's settings file is the host's."""
        super().apply_settings(settings, save=False)

    # --- screens --------------------------------------------------------------------------
    def on_mount(self, event: events.Mount) -> None:
        from app.screens.lobby import LobbyScreen

        event.prevent_default()  # not RiichiApp's: no title screen, no saved game

        lobby = LobbyScreen()
        self.push_screen(lobby)
        if self.via == "web" and self.key not in self.tables.names:
            self.call_later(lobby.action_rename)  # no SSH user name: ask for one
        kind, code = self.start
        if kind == "join" and code:
            self.call_later(self.join, code)
        elif kind == "watch" and code:
            self.call_later(self.watch, code)
        self.check_size()

    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:
        """As Textual's, in this player's language: a text of ``t`` made elsewhere (another
        player's phrase, a table's news from the game's thread) is worded again here."""
        kwargs.setdefault("markup", False)  # names are typed by players: never markup
        super().notify(i18n.current(message), *args, **kwargs)

    def rename(self, text: str) -> None:
        self.apply_settings(self.settings.replace(name=clean_name(text, self.settings.name)))
        self.tables.names[self.key] = self.settings.name
        self.notify(t("lobby.renamed", name=self.settings.name))

    def switch_language(self) -> None:
        """The next language; this player's key keeps it while the server runs."""
        languages = list(i18n.available_languages())
        now = i18n.texts().lang
        lang = languages[(languages.index(now) + 1) % len(languages)] if now in languages \
            else i18n.FALLBACK
        self.tables.languages[self.key] = lang
        self.apply_settings(self.settings.replace(language=lang))
        self.notify(t("lobby.language_now"))

    def join(self, text: str) -> None:
        """Sit at the table ``text`` names (back at one's own seat if one had it)."""
        from app.screens.lobby import WaitingRoom

        code = parse_code(text)
        if code and self.tables.elsewhere(code):
            self.link.move(("join", code))  # another worker's table: go on there
            return
        table = self.tables.get(code) if code else None
        if table is None:
            self.notify(t("lobby.no_table", code=repr(text.strip()[:12])), severity="warning")
            return
        seat = table.sit(self.key, self.settings.name, self)
        if isinstance(seat, str):
            self.notify(seat, severity="warning")
            return
        if table.state == "waiting":
            self.push_screen(WaitingRoom(table))
        else:
            self.open_table(table, seat)

    def watch(self, text: str) -> None:
        """Watch the table ``text`` names (only what everyone at it sees)."""
        code = parse_code(text)
        if code and self.tables.elsewhere(code):
            self.link.move(("watch", code))
            return
        table = self.tables.get(code) if code else None
        if table is None or table.session is None:
            self.notify(t("lobby.no_game", code=repr(text.strip()[:12])), severity="warning")
            return
        table.watchers.add(self)
        self.open_table(table, None)

    def open_table(self, table: Any, seat: int | None) -> None:
        from app.screens.lobby import SharedTableScreen

        self.show_title()  # the lobby under the table, nothing else
        self.viewer.seat, self.viewer.names = seat, table.names()
        self.push_screen(SharedTableScreen(table.handle(seat, self), seat or 0))

    def start_game(self, setup: Any, replace: bool = False) -> None:
        """A new game (the setup screen, "new game" after the standings): a new table."""
        from app.screens.lobby import WaitingRoom
        from app.serve.tables import DEFAULT_CALL_TIMER

        table = self.tables.create(setup, DEFAULT_CALL_TIMER, self.key)
        table.sit(self.key, self.settings.name, self)
        self.show_title()
        self.push_screen(WaitingRoom(table))
        self.tables.changed()

    def continue_game(self) -> None:
        """There is no saved solo game on a server."""

    def show_title(self) -> None:
        """Back to the lobby (whatever is over it is closed)."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.viewer.seat, self.viewer.names = 0, ()

    # --- told by the tables (from other connections' code: through messages) -------------------
    @dataclass
    class TableStarted(Message):
        table: Any

    @dataclass
    class TableGone(Message):
        table: Any

    def table_started(self, table: Any) -> None:
        self.post_message(self.TableStarted(table))

    def table_gone(self, table: Any) -> None:
        self.post_message(self.TableGone(table))

    @on(TableStarted)
    def _started(self, message: TableStarted) -> None:
        seat = message.table.seat_of(self.key)
        if seat is not None:
            self.open_table(message.table, seat)

    @on(TableGone)
    def _gone(self, message: TableGone) -> None:
        if message.table.creator != self.key:
            self.show_title()
            self.notify(t("lobby.closed", code=message.table.code),
                        severity="warning")

    def stopping(self, text: str) -> None:
        """The server stops (any thread): say so, then end this connection."""
        self.tell(text, "warning")
        self.call_later(self._exit_soon)

    def _exit_soon(self) -> None:
        self.set_timer(1.5, self.exit)
