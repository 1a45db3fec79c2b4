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

from app.i18n import t
from app.screens.base import SizeAware
from app.screens.table import TableScreen

#: the canned phrases' text keys (each person reads them in their own language)
PHRASES = ("lobby.phrase_0", "lobby.phrase_1", "lobby.phrase_2")
#: p opens the phrases' menu (one short footer entry that fits at 80 columns); F1-F3 say one
#: at once, unlisted (the menu shows them)
PHRASE_BINDINGS = [Binding("p", "phrases", t("lobby.phrases")),
                   *(Binding(f"f{i + 1}", f"say({i})", t(key), show=False)
                     for i, key in enumerate(PHRASES))]
#: below this width the shared table's footer shows the practice toggles as one entry
#: (``wxzu Aids``) so that the phrases key fits beside the table's own keys
WIDE = 100


class Refresh(Message):
    """The tables changed: draw them again."""


class _Listening:
    """A screen redrawn whenever the tables change (``draw``), while it is seen: under a table
    (the lobby of everyone playing) it is drawn once it shows again. Every table's change
    (a player joining, a table starting) told every connection's lobby, and redrawing the
    hidden ones was a server's largest cost while players gathered."""

    _stale = False  # a change came while the screen was hidden

    def on_mount(self) -> None:
        self._listener = lambda: self.post_message(Refresh())  # type: ignore[attr-defined]
        self.app.tables.listeners.add(self._listener)  # type: ignore[attr-defined]
        self.draw()

    def on_unmount(self) -> None:
        self.app.tables.listeners.discard(self._listener)  # type: ignore[attr-defined]

    def on_refresh(self, _message: Refresh) -> None:
        if not self.is_attached:  # type: ignore[attr-defined]
            return
        if self.seen():
            self.draw()
        else:
            self._stale = True

    def seen(self) -> bool:
        """On top, or right under a modal screen (Textual's ``is_current`` counts a screen
        under any other, the lobby under a table too)."""
        stack = self.app.screen_stack  # type: ignore[attr-defined]
        return stack[-1] is self or (len(stack) > 1 and stack[-2] is self
                                     and stack[-1].is_modal)

    def on_screen_resume(self) -> None:
        if self._stale and self.is_attached:  # type: ignore[attr-defined]
            self._stale = False
            self.draw()

    def draw(self) -> None:
        raise NotImplementedError


class _Phrases:
    """The canned phrases of a screen at a table (``table_of()``): p opens their menu, F1-F3."""

    def table_of(self) -> Any:
        raise NotImplementedError

    def action_phrases(self) -> None:
        def done(index: int | None) -> None:
            if index is not None:
                self.action_say(index)

        self.app.push_screen(PhrasesScreen(), done)  # type: ignore[attr-defined]

    def action_say(self, index: int) -> None:
        self.table_of().say(self.app.key, t(PHRASES[index]))  # type: ignore[attr-defined]


class PhrasesScreen(SizeAware, ModalScreen[int | None]):
    """The canned phrases, numbered: 1-3 (or a click) says one, Escape none."""

    BINDINGS = [*(Binding(str(i + 1), f"pick({i})", t(key), show=False)
                  for i, key in enumerate(PHRASES)),
                Binding("escape,p", "pick(-1)", t("action.cancel"), key_display="Esc")]

    def compose(self) -> ComposeResult:
        with Vertical(id="ask"):
            yield Label(t("lobby.phrases_title"))
            for i, key in enumerate(PHRASES):
                yield Label(f" {i + 1}  {t(key)}")

    def action_pick(self, index: int) -> None:
        self.dismiss(index if index >= 0 else None)


class LobbyScreen(_Listening, SizeAware, Screen):
    """The tables (rules, length, seats, state); join, watch, create, name, language."""

    BINDINGS = [
        Binding("enter", "join_selected", t("lobby.join")),
        Binding("w", "watch_selected", t("lobby.watch")),
        Binding("c", "create", t("lobby.create")),
        Binding("j", "join_code", t("lobby.join_code")),
        Binding("n", "rename", t("lobby.name")),
        Binding("l", "language", t("lobby.language")),
        Binding("q", "app.quit", t("action.quit")),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title")
        yield DataTable(id="tables", cursor_type="row", zebra_stripes=True)
        yield Static("", id="lobby-empty")
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(DataTable).focus()

    def draw(self) -> None:
        from rich.markup import escape
        from rich.text import Text

        key = self.app.key  # type: ignore[attr-defined]
        who = (t("lobby.web") if key.startswith("web:")
               else t("lobby.key", fingerprint=key[:23]))
        self.query_one("#lobby-title", Static).update(
            t("lobby.title", name=escape(self.app.settings.name),  # type: ignore[attr-defined]
              who=escape(who)))  # type: ignore[attr-defined]
        from rich.cells import cell_len

        table = self.query_one(DataTable)
        row = table.cursor_row
        rows = self.app.tables.listing()  # type: ignore[attr-defined]
        cells = []
        for one in rows:
            code, rules, length, seats, state = one.summary()
            cells.append((code, rules, t(f"replay.length_{length}"), seats,
                          t(f"lobby.state_{state}")))
        headings = [t(f"lobby.{c}") for c in ("code", "rules", "length", "seats", "state")]
        table.clear(columns=True)  # the headings too: the language may have changed
        # each column as wide as its widest cell, given rather than measured by the table
        # later (its measuring of the new rows was at times lost when a row went away,
        # leaving the columns as narrow as their headings)
        for i, heading in enumerate(headings):
            table.add_column(heading, width=max(cell_len(c[i]) for c in [headings, *cells]))
        for code, rules, length, seats, state in cells:
            table.add_row(code, rules, length, Text(seats), state, key=code)  # names: no markup
        if rows:
            table.move_cursor(row=min(row, len(rows) - 1))
        self.query_one("#lobby-empty", Static).update(
            t("lobby.hint") if rows else t("lobby.empty"))

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

        self.app.push_screen(AskScreen(t("lobby.ask_code"), max_length=8), done)

    def action_rename(self) -> None:
        def done(text: str | None) -> None:
            if text is not None:
                self.app.rename(text)  # type: ignore[attr-defined]
                self.draw()

        self.app.push_screen(AskScreen(t("lobby.ask_name"), max_length=40), done)

    def action_language(self) -> None:
        """The next language (kept for this player's key while the server runs)."""
        self.app.switch_language()  # type: ignore[attr-defined]
        self.refresh_bindings()
        self.draw()


class WaitingRoom(_Phrases, _Listening, SizeAware, Screen):
    """A table before its start: the code to share, who sits where; the creator starts."""

    BINDINGS = [
        Binding("s", "start", t("lobby.start")),
        Binding("t", "timer", t("lobby.call_timer")),
        Binding("q,escape", "leave", t("lobby.leave")),
        *PHRASE_BINDINGS,
    ]

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        yield Static(id="room")
        yield Footer()

    def table_of(self) -> Any:
        return self.table

    def draw(self) -> None:
        from rich.markup import escape

        from app.seats import style_text

        table = self.table
        creator = table.seats[0].name if table.seats[0] is not None else "?"
        setup = table.setup
        how = t(f"lobby.how_{getattr(self.app, 'via', 'ssh')}", code=table.code)
        timer = (t("lobby.timer_s", n=table.call_timer) if table.call_timer
                 else t("lobby.timer_off"))
        lines = [t("lobby.room_title", code=table.code, how=escape(how)), "",
                 escape(t("lobby.room_rules", rules=t(f"preset.{setup.rules}"),
                          length=t(f"setup.{setup.length}"), reds=t(f"reds.{setup.reds}"),
                          timer=timer)), ""]
        for seat, member in enumerate(table.seats):
            if member is None:
                ai = table.opponent(seat)
                who = t("lobby.room_ai", name=ai.name or "AI", style=style_text(ai))
            else:
                who = member.name
            lines.append(escape(t("lobby.room_seat", n=seat + 1, who=who)))
        mine = table.creator == self.app.key  # type: ignore[attr-defined]
        lines += ["", t("lobby.room_start") if mine
                  else escape(t("lobby.room_wait", name=creator))]
        self.query_one("#room", Static).update("\n".join(lines))

    def action_start(self) -> None:
        problem = self.table.start(self.app.key)  # type: ignore[attr-defined]
        if problem:
            self.notify(problem, severity="warning")

    def action_timer(self) -> None:
        from app.serve.tables import CALL_TIMERS

        if self.table.creator != self.app.key:  # type: ignore[attr-defined]
            self.notify(t("lobby.only_creator_timer"), severity="warning")
            return
        i = CALL_TIMERS.index(self.table.call_timer) if self.table.call_timer in CALL_TIMERS \
            else 0
        self.table.call_timer = CALL_TIMERS[(i + 1) % len(CALL_TIMERS)]
        self.table.tables.changed()

    def action_leave(self) -> None:
        self.table.leave(self.app.key)  # type: ignore[attr-defined]
        self.dismiss()


class AskScreen(SizeAware, ModalScreen[str | None]):
    """One line to type; Enter gives it, Escape gives None."""

    BINDINGS = [Binding("escape", "cancel", t("action.cancel"))]

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


class SharedTableScreen(_Phrases, TableScreen):
    """The table of one seat of a server table (or a watcher's, on seat 0's side with no
    hidden tile), with the canned phrases."""

    BINDINGS = [*TableScreen.BINDINGS, *PHRASE_BINDINGS]

    _keys_shown: tuple | None = None

    def table_of(self) -> Any:
        return self.session.table  # type: ignore[attr-defined]

    @property
    def active_bindings(self):  # what the footer shows
        """Below ``WIDE`` columns the four practice toggles (w x z u) share one footer entry,
        ``wxzu Aids``, so that ``p Say`` fits at 80 columns; the keys are the same and help
        (?) lists each."""
        import dataclasses

        active = super().active_bindings
        if self.size.width >= WIDE:
            return active
        # (the trailing space: a compact footer puts no margin after a group's label)
        group = Binding.Group(f"{t('lobby.aids')} ", compact=True)
        out = {}
        for key, item in active.items():
            binding = item.binding
            if binding.show and binding.action.startswith("toggle(") and "prompt" not in \
                    binding.action:
                item = item._replace(binding=dataclasses.replace(binding, group=group))
            out[key] = item
        return out

    def on_resize(self, event) -> None:  # Textual calls the base classes' handlers too
        self.refresh_bindings()  # the footer's form depends on the width (``WIDE``)

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
                 any(isinstance(a, Pass) for a in self.legal), self.size.width < WIDE)
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

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        from textual.css.query import NoMatches

        if action in ("say", "phrases"):
            return self.session.seat is not None  # type: ignore[attr-defined]
        try:
            return super().check_action(action, parameters)
        except NoMatches:  # a key arrived before the screen was built (the table just started)
            return False
