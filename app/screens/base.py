"""What every screen shares: a resize tells the app to check the terminal size (the app
itself does not receive resize events; the active screen does), and the footer shows key
descriptions in the current language (class-level bindings keep the language their module was
imported in)."""

from __future__ import annotations

import dataclasses

from textual import events

from app.i18n import current


class SizeAware:
    def on_resize(self, event: events.Resize) -> None:
        check = getattr(self.app, "check_size", None)  # type: ignore[attr-defined]
        if check is not None:
            check()

    @property
    def active_bindings(self):  # what the footer shows
        active = super().active_bindings  # type: ignore[misc]
        out = {}
        for key, item in active.items():
            binding = item.binding
            description = current(binding.description)
            if description is not binding.description:
                item = item._replace(binding=dataclasses.replace(binding, description=description))
            out[key] = item
        return out
