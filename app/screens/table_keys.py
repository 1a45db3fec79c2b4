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

#: The table's toggles: key, setting, the description's text key.
TOGGLES = (
    ("w", "auto_win", "auto_win"),
    ("x", "skip_calls", "skip_calls"),
    ("z", "tsumogiri_after_riichi", "tsumogiri"),
    ("u", "hints", "hints"),
)

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
    # the toggles; while a prompt is open their hidden twins (same keys, same effect) take
    # over, so that the footer keeps the prompt's keys and ? / q within 80 columns
    *[Binding(key, f"toggle('{name}')", t(f"action.{text}"))
      for key, name, text in TOGGLES],
    *[Binding(key, f"toggle('{name}', 'prompt')", t(f"action.{text}"), show=False)
      for key, name, text in TOGGLES],
    # the evaluator's verdict on a call prompt, only when asked (app.verdict)
    Binding("v", "verdict", t("action.verdict"), key_display="v"),
    Binding("question_mark", "help", t("action.help"), key_display="?"),
    Binding("q", "leave", t("action.quit")),
]


def key_active(action: str, parameters: tuple[object, ...], riichi_open: bool | None,
               selectable: bool, offers: bool, legal: Sequence[Action]) -> bool:
    """Whether a binding's action does something now (the footer hides it otherwise). Enter
    and Esc have their riichi-selection twins (declare, cancel): one shows at a time. The
    toggles have hidden twins for prompts (offers shown, or a riichi discard being chosen):
    there the footer shows the prompt's keys (1-9, Esc, Enter), help and quit, and w/x/z/u
    still work without taking its room (they do not fit beside them at 80 columns)."""
    if action == "toggle":
        prompt = offers or riichi_open is not None
        return (len(parameters) > 1) == prompt
    if action == "confirm" and (parameters == ("riichi",)) != (riichi_open is not None):
        return False
    if action in ("move", "confirm", "tile"):
        return selectable
    if action == "offer":
        return offers
    if action == "verdict":  # a call on a discard is offered
        return offers and any(isinstance(a, Pass) for a in legal)
    if action == "skip":
        if parameters == ("riichi",):
            return riichi_open is not None
        return riichi_open is None and any(isinstance(a, Pass) for a in legal)
    return True
