"""The table screen's keys: the bindings (the footer shows each with its description) and
which of them do something now.

Descriptions are in the language chosen at start (this module is imported lazily).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding

from app.i18n import t
from app.widgets.hand import TILE_KEYS
from engine.actions import Action, Pass

TABLE_BINDINGS = [
    Binding("left", "move(-1)", t("action.select"), key_display="←→"),
    Binding("right", "move(1)", t("action.select"), show=False),
    Binding("enter", "confirm", t("action.discard"), key_display="⏎"),
    Binding("enter", "confirm('riichi')", t("action.riichi"), key_display="⏎"),
    Binding("escape", "skip", t("action.pass"), key_display="Esc"),
    Binding("escape", "skip('riichi')", t("action.cancel"), key_display="Esc"),
    Binding("space", "skip", t("action.pass"), show=False),
    *[Binding(str(n), f"offer({n - 1})", t("action.call"), show=(n == 1), key_display="1-9")
      for n in range(1, 10)],
    # a-n: the letters are printed under the tiles (and listed in help), so the footer
    # leaves them out and keeps room for every other key at 80 columns
    *[Binding(k, f"tile({i})", t("action.tile"), show=False, key_display="a-n")
      for i, k in enumerate(TILE_KEYS)],
    Binding("w", "toggle('auto_win')", t("action.auto_win")),
    Binding("x", "toggle('skip_calls')", t("action.skip_calls")),
    Binding("z", "toggle('tsumogiri_after_riichi')", t("action.tsumogiri")),
    Binding("u", "toggle('hints')", t("action.hints")),
    Binding("question_mark", "help", t("action.help"), key_display="?"),
    Binding("q", "leave", t("action.quit")),
]


def key_active(action: str, parameters: tuple[object, ...], riichi_open: bool | None,
               selectable: bool, offers: bool, legal: Sequence[Action]) -> bool:
    """Whether a binding's action does something now (the footer hides it otherwise). Enter
    and Esc have their riichi-selection twins (declare, cancel): one shows at a time."""
    if action == "confirm" and (parameters == ("riichi",)) != (riichi_open is not None):
        return False
    if action in ("move", "confirm", "tile"):
        return selectable
    if action == "offer":
        return offers
    if action == "skip":
        if parameters == ("riichi",):
            return riichi_open is not None
        return riichi_open is None and any(isinstance(a, Pass) for a in legal)
    return True
