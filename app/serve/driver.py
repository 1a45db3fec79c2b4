"""Textual drivers that draw on a connection instead of the process's terminal.

Textual's Linux driver owns ``stdin``/``stdout``, a writer thread, termios and SIGWINCH: none of
that exists for a connection. ``LinkDriver`` is the shared base: output goes to the connection
(``link.write``, on the event loop's thread, never blocking: the link buffers), input comes
from the connection (``feed``) through Textual's own xterm parser, and the size from the
connection's messages (``resize``). ``SSHDriver``: an SSH channel (the pty request and
window-change messages: there is no SIGWINCH over SSH). ``WebDriver``: a browser's websocket
(textual-serve's page: xterm.js sends ``stdin`` text and ``resize`` messages, and says when
its tab gains or loses the focus).
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from textual import constants, events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

#: how long after an Escape the parser waits for the rest of an escape sequence before taking
#: it as the Escape key (Textual's default, for a local terminal, is 0.1 s; tmux's is now 10 ms).
#: A client's terminal writes a key's whole sequence at once and SSH (or the browser) sends it
#: in one message, so a short wait loses nothing here, while every Escape (closing a page,
#: passing a call) would otherwise reach the app 0.1 s late.
ESCAPE_DELAY = 0.025


class Link(Protocol):
    """What the driver needs of a connection."""

    size: tuple[int, int]
    driver: LinkDriver | None

    def write(self, data: str) -> None: ...


class AppHolder:
    """The server's side of a connection that draws one app (an SSH channel, a browser tab):
    ask the app to exit, or tell it the server is stopping."""

    app: Any
    #: with ``--workers``: the app runs in a worker, reached through this relay
    #: (``app.serve.front.Relay``), which is also the connection's ``driver``
    relay: Any = None

    def _exit_app(self) -> None:
        if self.relay is not None:
            self.relay.close()
        elif self.app is not None and self.app.is_running:
            self.app.call_later(self.app.exit)

    def stopping(self, text: str) -> None:
        if self.relay is not None:
            self.relay.stopping(text)
        elif self.app is not None:
            self.app.stopping(text)


class LinkDriver(Driver):
    """Draws one app on one connection. The app carries its connection as ``app.link``."""

    def __init__(self, app: Any, *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.link: Link = app.link
        self._parser = XTermParser(debug)
        self._ticker: asyncio.TimerHandle | None = None
        self._input = False
        self._out: list[str] = []  # written, not yet sent (``flush``)
        self._flush_soon = False

    # --- output -------------------------------------------------------------------------------
    def write(self, data: str) -> None:
        """Queue ``data`` for the client; ``flush`` sends what is queued as one write.

        Textual writes a frame in three parts (synchronised-output start, the frame, its end)
        and then flushes: sent as they come, each part was its own SSH packet (encrypted,
        sent, decrypted by the client). Writes outside a frame (a bell, the modes at start)
        are sent once the loop comes round."""
        self._out.append(data)
        if not self._flush_soon:
            self._flush_soon = True
            self._loop.call_soon(self.flush)

    def flush(self) -> None:
        """Send what is queued (buffered by the link: a slow client never blocks)."""
        self._flush_soon = False
        if self._out:
            data = "".join(self._out)
            self._out.clear()
            self.link.write(data)

    def start_application_mode(self) -> None:
        """Alternate screen, mouse, bracketed paste; the first size; input on."""
        self.link.driver = self
        self._input = True
        self.resize(*self.link.size)
        self.write("\x1b[?1049h")  # alternate screen
        if self._mouse:
            self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")
        self.write("\x1b[?25l")  # hide the cursor
        self.write("\x1b[?1004h")  # focus in/out
        self.write("\x1b[?2026$p")  # does the terminal draw synchronised frames?
        self.write("\x1b[?2004h")  # bracketed paste
        self.write("\x1b[?7l")  # no line wrap

    def disable_input(self) -> None:
        """Stop reading keys (the app is closing)."""
        self._input = False
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None

    def stop_application_mode(self) -> None:
        """Give the client's terminal back as it was (not when the connection goes on with
        another worker's app: ``moving``, ``app.serve.worker``)."""
        self.disable_input()
        if getattr(self.link, "moving", None):
            self.flush()
            self.link.driver = None
            return
        self.write("\x1b[?2004l\x1b[?7h")
        if self._mouse:
            self.write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        self.write("\x1b[?1049l\x1b[?25h\x1b[?1004l")
        self.flush()
        self.link.driver = None

    # --- input ----------------------------------------------------------------------------------
    def feed(self, text: str) -> None:
        """Keys and mouse reports from the client."""
        if not self._input:
            return
        if text == "\x1b" and self._ticker is None:
            # A key's bytes come in one message (the client sends what the terminal wrote for
            # the key, and a terminal writes a key's sequence at once): a message that is a
            # lone Escape, with no sequence begun before it, is the Escape key, now rather than
            # after the wait below.
            self.process_message(events.Key("escape", "\x1b"))
            return
        # the parser reads its wait after an Escape from Textual's constant, set here for this
        # connection's text only (the loop runs one feed at a time)
        wait, constants.ESCAPE_DELAY = constants.ESCAPE_DELAY, ESCAPE_DELAY  # type: ignore[misc]
        try:
            messages = list(self._parser.feed(text))
        finally:
            constants.ESCAPE_DELAY = wait  # type: ignore[misc]
        for message in messages:
            self.process_message(message)
        if "\x1b" in text:
            # an Escape may wait for more: a tick just after the wait turns it into the key
            # (one timer per such input, rather than a ticker per connection, which woke the
            # server ten times a second for every connection)
            if self._ticker is not None:
                self._ticker.cancel()
            self._ticker = self._loop.call_later(ESCAPE_DELAY + 0.005, self._tick)

    def resize(self, width: int, height: int) -> None:
        """The client's window is ``width`` x ``height`` (pty request, window change)."""
        size = Size(max(1, width), max(1, height))
        self._size = (size.width, size.height)
        self.send_message(events.Resize(size, size))

    def _tick(self) -> None:
        self._ticker = None
        if not self._input:
            return
        for message in self._parser.tick():
            self.process_message(message)


class SSHDriver(LinkDriver):
    """Draws one app on one SSH channel (``app.serve.server.GameChannel``)."""


class WebDriver(LinkDriver):
    """Draws one app in one browser tab (``app.serve.web.WebSession``): xterm.js is an xterm,
    so the base's escape sequences serve as they are; the tab's focus comes as messages."""

    def focus(self, focused: bool) -> None:
        """The browser tab gained (True) or lost the focus."""
        if self._input:
            self.send_message(events.AppFocus() if focused else events.AppBlur())
