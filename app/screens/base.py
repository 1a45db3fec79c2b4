"""What every screen shares: a resize tells the app to check the terminal size (the app
itself does not receive resize events; the active screen does)."""

from __future__ import annotations

from textual import events


class SizeAware:
    def on_resize(self, event: events.Resize) -> None:
        check = getattr(self.app, "check_size", None)  # type: ignore[attr-defined]
        if check is not None:
            check()
