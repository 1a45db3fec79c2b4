"""KeyFooter: Textual's footer, rebuilt only when the keys it shows change, and then in place.

Textual's ``Footer`` recomposes (removes and mounts a widget per key, each restyled) whenever
its screen calls ``refresh_bindings``. The table calls that after every update, since any of
them may change which keys do something; rebuilding the footer then was the largest share of
the table's CPU per update (``benchmarks/bench_table_screen.py``), and a server draws every
table's updates on every screen at it. Here the footer compares what it would show (each shown
key with its display, description, state and tooltip) with what it shows, and recomposes only
when they differ: the same widgets, the same look.
"""

from __future__ import annotations

from typing import Any, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """A ``Footer`` that rebuilds its keys only when they change, and then only what changed
    while the keys are plain (no groups, no command palette key: the table's): the keys it
    keeps are given their new text and state, the missing ones mounted at the end and the
    surplus removed, which leaves the keys ``Footer.compose`` would have made."""

    _shown: tuple[Any, ...] | None = None

    def shown_keys(self) -> list[tuple[Binding, bool, str]]:
        """The keys ``Footer.compose`` shows: the first shown binding of each action, in
        order, with whether it is enabled and its tooltip."""
        first: dict[str, tuple[Binding, bool, str]] = {}
        for (_node, binding, enabled, tooltip) in self.screen.active_bindings.values():
            if binding.show and binding.action not in first:
                first[binding.action] = (binding, enabled, tooltip)
        return list(first.values())

    def _state(self, keys: list[tuple[Binding, bool, str]]) -> tuple[Any, ...]:
        """What the footer shows with ``keys``, as a comparable value."""
        app = self.app
        rows = tuple((b.key, app.get_key_display(b), b.description, b.action, b.group, on, tip)
                     for b, on, tip in keys)
        return rows, self.show_command_palette, app.ENABLE_COMMAND_PALETTE, self.compact

    def compose(self) -> ComposeResult:
        # The keys are made compact before they mount, not by the binding to ``compact``
        # after it: that set a class on each key, restyling it a second time.
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                self._made_compact(widget)
            yield widget

    def _made_compact(self, key: FooterKey) -> FooterKey:
        if self.compact:
            key.set_reactive(FooterKey.compact, True)
            key.set_class(True, "-compact", update=False)
        return key

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)  # as Footer does

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached or self._pruning or self.screen._pruning:
            return  # going away (its screen asked then would find its widgets gone)
        keys = self.shown_keys()
        shown = self._state(keys)
        if shown == self._shown:
            return
        plain = self._shown is not None and self._plain(keys)
        self._shown = shown
        if plain:
            await self._update_keys(keys)
        else:
            await self.recompose()

    def _plain(self, keys: list[tuple[Binding, bool, str]]) -> bool:
        """Whether the keys shown and to show are plain ``FooterKey`` rows."""
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            return False
        if any(binding.group is not None for binding, _on, _tip in keys):
            return False
        return all(type(child) is FooterKey and not child.has_class("-grouped")
                   for child in self.children)

    async def _update_keys(self, keys: list[tuple[Binding, bool, str]]) -> None:
        app = self.app
        current = list(self.children)
        fresh = []
        for i, (binding, enabled, tooltip) in enumerate(keys):
            display = app.get_key_display(binding)
            if i >= len(current):
                key = FooterKey(binding.key, display, binding.description, binding.action,
                                disabled=not enabled, tooltip=tooltip)
                fresh.append(self._made_compact(key).data_bind(compact=Footer.compact))
                continue
            key = cast(FooterKey, current[i])
            now = (binding.key, display, binding.description, binding.action, not enabled,
                   tooltip or None)
            if (key.key, key.key_display, key.description, key.action, key._disabled,
                    key.tooltip) != now:
                key.key, key.key_display, key.description, key.action = now[:4]
                key._disabled = not enabled
                key.set_class(not enabled, "-disabled")
                key.tooltip = tooltip or None
                key.refresh(layout=True)  # its width follows its text
        if self.styles.grid_size_columns != len(keys):
            self.styles.grid_size_columns = len(keys)  # as compose sets it
        if len(current) > len(keys) or fresh:
            async with self.batch():
                if len(current) > len(keys):
                    await self.remove_children(current[len(keys):])
                if fresh:
                    await self.mount_all(fresh)
