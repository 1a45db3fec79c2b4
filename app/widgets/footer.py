"""KeyFooter: Textual's footer, rebuilt only when the keys it shows change.

Textual's ``Footer`` recomposes (removes and mounts a widget per key, each restyled) whenever
its screen calls ``refresh_bindings``. The table calls that after every update, since any of
them may change which keys do something; rebuilding the footer then was the largest share of
the table's CPU per update (``benchmarks/bench_table_screen.py``), and a server draws every
table's updates on every screen at it. Here the footer compares what it would show (each shown
key with its display, description, state and tooltip) with what it shows, and recomposes only
when they differ: the same widgets, the same look.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """A ``Footer`` that recomposes only when its keys change."""

    _shown: tuple[Any, ...] | None = None

    def shown_keys(self) -> tuple[Any, ...]:
        """What ``Footer.compose`` shows, as a comparable key."""
        app = self.app
        keys = tuple(
            (binding.key, app.get_key_display(binding), binding.description, binding.action,
             binding.group, enabled, tooltip)
            for (_node, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )
        return keys, self.show_command_palette, app.ENABLE_COMMAND_PALETTE

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached or self._pruning or self.screen._pruning:
            return  # going away (its screen asked then would find its widgets gone)
        shown = self.shown_keys()
        if shown != self._shown:
            self._shown = shown
            await self.recompose()
