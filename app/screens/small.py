"""Shown instead of everything else while the terminal is smaller than the minimum."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from app.i18n import t


class TooSmallScreen(Screen):
    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.refresh_message()

    def refresh_message(self) -> None:
        from app.app import MIN_HEIGHT, MIN_WIDTH

        self.query_one("#too-small", Static).update(
            t(
                "app.too_small",
                width=self.app.size.width,
                height=self.app.size.height,
                min_width=MIN_WIDTH,
                min_height=MIN_HEIGHT,
            )
        )
