"""Why the strong AI's discard (the ``▸`` mark, :func:`ai.advice.ai_pick`) is not the fastest
one: what each discard leaves is compared (the danger when an opponent is in riichi, the yaku
routes of :func:`ai.advice.yaku_routes`, the dora, the steps and the tiles), so the reason
given is the one that tells the two apart, not a rule of thumb."""

from __future__ import annotations

from collections.abc import Sequence

from ai.advice import DiscardHint, YakuRoute, _counts, visible_counts, yaku_routes
from engine.rules import RuleSet
from engine.tiles import dora_of
from engine.view import PlayerView


def pick_reason(view: PlayerView, hints: dict[int, DiscardHint], pick: int | None,
                rules: RuleSet) -> str | None:
    """Why the :data:`PICK_LEVEL` AI's discard ``pick`` (a kind) differs from the fastest ones
    of ``hints`` (:func:`discard_hints`), from what each discard leaves: ``"safer"`` (an
    opponent is in riichi: the AI weighs the danger of each discard); ``"yaku:NAME"`` (the pick
    keeps a yaku route, :func:`yaku_routes`, that the fastest discard loses or slows, e.g.
    ``"yaku:honitsu"``); ``"value"`` (it keeps a dora the fastest discard throws, or gives up a
    step for value the routes do not name); ``"shape"`` (as fast, fewer tiles now: it expects a
    better wait later, so it is faster in the end). ``None`` when the pick is among the fastest.
    """
    if pick is None or pick not in hints or hints[pick].best:
        return None
    if any(view.riichi[s] for s in range(len(view.riichi)) if s != view.seat):
        return "safer"
    fastest = [k for k, h in hints.items() if h.best]
    if not fastest:
        return "value"
    kept = _kept_route(view, hints, pick, fastest, rules)
    if kept is not None:
        return f"yaku:{kept}"
    dora = {dora_of(t >> 2, len(view.scores)) for t in view.dora_indicators}
    if pick not in dora and all(k in dora for k in fastest):
        return "value"
    if hints[pick].shanten > hints[fastest[0]].shanten:
        return "value"
    return "shape"


def _kept_route(view: PlayerView, hints: dict[int, DiscardHint], pick: int,
                fastest: Sequence[int], rules: RuleSet) -> str | None:
    """The yaku (its engine id) whose route is shorter after discarding ``pick`` than after
    every one of the ``fastest`` discards (missing there counts as endless): the nearest such
    route, the most valuable of equals; None when the pick keeps no yaku the others lose.
    Riichi is no reason: every closed discard keeps it."""
    counts = _counts(view.concealed)
    if any(counts[k] == 0 for k in (pick, *fastest)):
        return None  # hints of another hand: nothing to compare
    visible = visible_counts(view)
    melds = view.melds[view.seat]

    def routes(kind: int) -> dict[str, YakuRoute]:
        counts[kind] -= 1
        try:
            unseen = [max(0, 4 - counts[k] - visible[k]) for k in range(34)]
            found = yaku_routes(view, counts, melds, hints[kind].shanten, rules, unseen)
        finally:
            counts[kind] += 1
        return {r.name: r for r in found if r.name != "riichi"}

    mine = routes(pick)
    others = [routes(k) for k in fastest]
    best: YakuRoute | None = None
    for name, r in mine.items():
        if all(name not in o or o[name].shanten > r.shanten for o in others):
            if best is None or (r.shanten, -r.han) < (best.shanten, -best.han):
                best = r
    return best.name if best is not None else None


__all__ = ["pick_reason"]
