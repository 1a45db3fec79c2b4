"""The server's screens (``riichi serve``): the lobby, a table's waiting room, a line to type
(a table code, a name) and the shared table (``TableScreen`` on one seat of a server table, with
the canned phrases).

They talk to the tables through the app (``ServeApp``: ``tables``, ``key``, ``settings.name``);
the tables tell them of changes with ``Refresh`` messages (posted, so from any app's code).
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Input, Label, Static

from app.screens.base import SizeAware
from app.screens.table import TableScreen

PHRASES = ("Nice hand!", "Thanks", "Sorry, thinking")
PHRASE_BINDINGS = [Binding(f"f{i + 1}", f"say({i})", p, key_display=f"F{i + 1}")
                   for i, p in enumerate(PHRASES)]


class Refresh(Message):
    """The tables changed: draw them again."""


class _Listening:
    """A screen redrawn whenever the tables change (``draw``)."""

    def on_mount(self) -> None:
        self._listener = lambda: self.post_message(Refresh())  # type: ignore[attr-defined]
        self.app.tables.listeners.add(self._listener)  # type: ignore[attr-defined]
        self.draw()

    def on_unmount(self) -> None:
        self.app.tables.listeners.discard(self._listener)  # type: ignore[attr-defined]

    def on_refresh(self, _message: Refresh) -> None:
        if self.is_attached:  # type: ignore[attr-defined]
            self.draw()

    def draw(self) -> None:
        raise NotImplementedError


class LobbyScreen(_Listening, SizeAware, Screen):
    """The tables (rules, length, seats, state); join, watch, create, name."""

    BINDINGS = [
        Binding("enter", "join_selected", "Join"),
        Binding("w", "watch_selected", "Watch"),
        Binding("c", "create", "Create"),
        Binding("j", "join_code", "Join by code"),
        Binding("n", "rename", "Name"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static("", id="lobby-empty")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Code", "Rules", "Length", "Seats", "State")
        super().on_mount()
        table.focus()

    def draw(self) -> None:
        self.query_one("#lobby-title", Static).update(
            f"[b]riichi[/b] lobby — you are [b]{self.app.settings.name}[/b]"  # type: ignore
            f"  (key {self.app.key[:23]}…)")  # type: ignore[attr-defined]
        table = self.query_one(DataTable)
        table.clear()
        rows = self.app.tables.listing()  # type: ignore[attr-defined]
        for t in rows:
            table.add_row(*t.summary(), key=t.code)
        self.query_one("#lobby-empty", Static).update(
            "Enter joins the table under the cursor, w watches it." if rows
            else "No tables yet: press c to create one.")

    def selected(self) -> str | None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        return str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    @on(DataTable.RowSelected)
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        """Enter (or a click) on a table: join it."""
        self.app.join(str(event.row_key.value))  # type: ignore[attr-defined]

    def action_join_selected(self) -> None:
        code = self.selected()
        if code is not None:
            self.app.join(code)  # type: ignore[attr-defined]

    def action_watch_selected(self) -> None:
        code = self.selected()
        if code is not None:
            self.app.watch(code)  # type: ignore[attr-defined]

    def action_create(self) -> None:
        from app.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen())

    def action_join_code(self) -> None:
        def done(text: str | None) -> None:
            if text:
                self.app.join(text)  # type: ignore[attr-defined]

        self.app.push_screen(AskScreen("Table code (4 letters):", max_length=8), done)

    def action_rename(self) -> None:
        def done(text: str | None) -> None:
            if text is not None:
                self.app.rename(text)  # type: ignore[attr-defined]
                self.draw()

        self.app.push_screen(AskScreen("Your name:", max_length=40), done)


class WaitingRoom(_Listening, SizeAware, Screen):
    """A table before its start: the code to share, who sits where; the creator starts."""

    BINDINGS = [
        Binding("s", "start", "Start"),
        Binding("t", "timer", "Call timer"),
        Binding("q,escape", "leave", "Leave"),
        *PHRASE_BINDINGS,
    ]

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        yield Static(id="room")
        yield Footer()

    def draw(self) -> None:
        from app.seats import style_text

        t = self.table
        creator = t.seats[0].name if t.seats[0] is not None else "?"
        lines = [f"[b]Table {t.code}[/b]   others join with:  ssh -t HOST join {t.code}", "",
                 f"{t.setup.rules}, {t.setup.length}, red fives {t.setup.reds}, call timer "
                 f"{f'{t.call_timer} s' if t.call_timer else 'off'}", ""]
        for seat, member in enumerate(t.seats):
            if member is None:
                ai = t.opponent(seat)
                who = f"{ai.name or 'AI'} ({style_text(ai)}) if nobody sits here"
            else:
                who = member.name
            lines.append(f"  seat {seat + 1}: {who}")
        mine = t.creator == self.app.key  # type: ignore[attr-defined]
        lines += ["", "Press s to start; empty seats get the AI." if mine
                  else f"Waiting for {creator} to start."]
        self.query_one("#room", Static).update("\n".join(lines))

    def action_start(self) -> None:
        problem = self.table.start(self.app.key)  # type: ignore[attr-defined]
        if problem:
            self.notify(problem, severity="warning")

    def action_timer(self) -> None:
        from app.serve.tables import CALL_TIMERS

        if self.table.creator != self.app.key:  # type: ignore[attr-defined]
            self.notify("only the table's creator sets the call timer", severity="warning")
            return
        i = CALL_TIMERS.index(self.table.call_timer) if self.table.call_timer in CALL_TIMERS \
            else 0
        self.table.call_timer = CALL_TIMERS[(i + 1) % len(CALL_TIMERS)]
        self.table.tables.changed()

    def action_leave(self) -> None:
        self.table.leave(self.app.key)  # type: ignore[attr-defined]
        self.dismiss()

    def action_say(self, index: int) -> None:
        self.table.say(self.app.key, PHRASES[index])  # type: ignore[attr-defined]


class AskScreen(ModalScreen[str | None]):
    """One line to type; Enter gives it, Escape gives None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, max_length: int = 40) -> None:
        super().__init__()
        self.question = question
        self.max_length = max_length

    def compose(self) -> ComposeResult:
        with Vertical(id="ask"):
            yield Label(self.question)
            yield Input(max_length=self.max_length)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SharedTableScreen(TableScreen):
    """The table of one seat of a server table (or a watcher's, on seat 0's side with no
    hidden tile), with the canned phrases."""

    BINDINGS = [*TableScreen.BINDINGS, *PHRASE_BINDINGS]

    _keys_shown: tuple | None = None

    def refresh_bindings(self) -> None:
        """Redraw the footer only when the keys it shows change (``table_keys.key_active``'s
        inputs): the table calls this on every update, and rebuilding the footer's widgets
        was most of a shared table's drawing cost (a server draws many tables)."""
        from textual.css.query import NoMatches

        from app.widgets import HandView
        from engine.actions import Pass

        try:
            selectable = bool(self.query_one(HandView).selectable)
        except NoMatches:
            selectable = False
        shown = (self.riichi_open, selectable, bool(self.offers),
                 any(isinstance(a, Pass) for a in self.legal))
        if shown != self._keys_shown:
            self._keys_shown = shown
            super().refresh_bindings()

    def show_view(self, view) -> None:
        super().show_view(view)
        if self.session.seat is None:  # type: ignore[attr-defined]
            # a watcher's bottom seat (seat 0) has no hand in the public view: count its
            # tiles as the other seats' are counted, from what everyone sees
            import dataclasses

            from app.table_text import tile_count
            from app.widgets import SeatLine

            line = self.query_one("#my-seat", SeatLine)
            line.info = dataclasses.replace(line.info,
                                            tiles=tile_count(view, 0, -1, self.last_seat))

    def action_say(self, index: int) -> None:
        handle = self.session
        handle.table.say(self.app.key, PHRASES[index])  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        from textual.css.query import NoMatches

        if action == "say":
            return self.session.seat is not None  # type: ignore[attr-defined]
        try:
            return super().check_action(action, parameters)
        except NoMatches:  # a key arrived before the screen was built (the table just started)
            return False
