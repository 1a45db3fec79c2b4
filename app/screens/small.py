"""Shown instead of everything else while the terminal is smaller than the minimum."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from app.i18n import t
from app.screens.base import SizeAware


class TooSmallScreen(SizeAware, Screen):
    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.refresh_message()

    def on_screen_resume(self) -> None:
        # Uncovered again (a screen was pushed over the notice and closed): still needed?
        from app.app import MIN_HEIGHT, MIN_WIDTH

        if self.app.size.width >= MIN_WIDTH and self.app.size.height >= MIN_HEIGHT:
            self.app.pop_screen()

    def refresh_message(self) -> None:
        from app.app import MIN_HEIGHT, MIN_WIDTH

        message = self.query("#too-small")
        if not message:  # a resize can arrive before the screen is composed
            return
        message.first(Static).update(
            t(
                "app.too_small",
                width=self.app.size.width,
                height=self.app.size.height,
                min_width=MIN_WIDTH,
                min_height=MIN_HEIGHT,
            )
        )
