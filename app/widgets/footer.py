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
    while the keys are plain (no groups, no command palette key: the table's): a key that
    stays keeps its widget (its new state given if it changed), the new ones are mounted in
    their place and the gone ones removed (``_update_keys``), which leaves the keys
    ``Footer.compose`` would have made."""

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
        """The keys shown now, from those shown: a key that stays keeps its widget (given its
        new state only if that changed), the ones that go are removed and the new ones mounted
        where they belong. A prompt's keys come and go at the front of the table's footer;
        matched by place, every key after them changed its text (restyled, measured, drawn
        again), on each prompt and each key of every player."""
        current = cast(list[FooterKey], list(self.children))
        have = {key.action: key for key in current}
        wanted = {binding.action for binding, _on, _tip in keys}
        stays = [binding.action for binding, _on, _tip in keys if binding.action in have]
        if len(have) != len(current) or stays != [k.action for k in current
                                                   if k.action in wanted]:
            await self._update_by_place(keys)  # the keys that stay changed their order
            return
        if self.styles.grid_size_columns != len(keys):
            self.styles.grid_size_columns = len(keys)  # as compose sets it
        gone = [key for key in current if key.action not in wanted]
        async with self.batch():
            if gone:
                await self.remove_children(gone)
            fresh: list[FooterKey] = []
            for binding, enabled, tooltip in keys:
                key = have.get(binding.action)
                if key is None:
                    fresh.append(self._new_key(binding, enabled, tooltip))
                    continue
                self._set_key(key, binding, enabled, tooltip)
                if fresh:
                    await self.mount_all(fresh, before=key)
                    fresh = []
            if fresh:
                await self.mount_all(fresh)

    def _new_key(self, binding: Binding, enabled: bool, tooltip: str) -> FooterKey:
        key = FooterKey(binding.key, self.app.get_key_display(binding), binding.description,
                        binding.action, disabled=not enabled, tooltip=tooltip)
        return self._made_compact(key).data_bind(compact=Footer.compact)

    def _set_key(self, key: FooterKey, binding: Binding, enabled: bool, tooltip: str) -> None:
        """Give ``key`` what ``binding`` shows, if it shows something else."""
        now = (binding.key, self.app.get_key_display(binding), binding.description,
               binding.action, not enabled, tooltip or None)
        if (key.key, key.key_display, key.description, key.action, key._disabled,
                key.tooltip) == now:
            return
        text_changed = (key.key_display, key.description) != now[1:3]
        key.key, key.key_display, key.description, key.action = now[:4]
        key._disabled = not enabled
        key.set_class(not enabled, "-disabled")
        key.tooltip = tooltip or None
        key.refresh(layout=text_changed)  # its width follows its text

    async def _update_by_place(self, keys: list[tuple[Binding, bool, str]]) -> None:
        """The keys updated place by place (the n-th widget shows the n-th key)."""
        current = list(self.children)
        fresh = []
        for i, (binding, enabled, tooltip) in enumerate(keys):
            if i >= len(current):
                fresh.append(self._new_key(binding, enabled, tooltip))
                continue
            self._set_key(cast(FooterKey, current[i]), binding, enabled, tooltip)
        if self.styles.grid_size_columns != len(keys):
            self.styles.grid_size_columns = len(keys)  # as compose sets it
        if len(current) > len(keys) or fresh:
            async with self.batch():
                if len(current) > len(keys):
                    await self.remove_children(current[len(keys):])
                if fresh:
                    await self.mount_all(fresh)
