"""Which options of a decision the reviewer plays out, and the decision's category.

Categories: ``calls`` (chi / pon / pass), ``riichi`` (riichi or dama), ``push/fold`` (a discard
while an opponent threatens: riichi or three open melds), ``efficiency`` (any other discard),
``kans`` (kan or not) and ``wins`` (a win taken or skipped). Options: every call form and the
pass; the best riichi and the same tile dama; for discards the policy's best ones (top
``TOP_DISCARDS`` by shanten and shape, the safest one under a threat) plus the one played.
A discard decision where only the played tile keeps the best shanten and nothing threatens is
*obvious*: it is listed but not played out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai.review.policy import FastPolicy, hand_shape, rank_discards
from engine.actions import Action, Chi, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo
from engine.meld import MeldKind
from engine.tiles import counts34
from engine.view import PlayerView

TOP_DISCARDS = 2  # policy-ranked discards played out besides the played one (and the safest)
CATEGORIES = ("calls", "riichi", "push/fold", "efficiency", "kans", "wins")


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision to review: its category, the options to play out (the played one included)
    and whether it is obvious (not played out)."""

    category: str
    options: tuple[Action, ...]
    obvious: bool = False


def _call_key(a: Action) -> tuple[object, ...]:
    if isinstance(a, (Chi, Pon)):
        return (type(a).__name__, tuple(sorted(t >> 2 for t in a.tiles)),
                sum(1 for t in a.tiles if t in (16, 52, 88)))
    return (a,)


def _ranked_discards(view: PlayerView, legal: Sequence[Action]) -> list[tuple[int, float, int]]:
    """(shanten after, shape score, kind) per discardable kind, best first."""
    counts, sets, closed = hand_shape(view)
    kinds = sorted({a.tile >> 2 for a in legal if isinstance(a, Discard)})
    return rank_discards(view, kinds, counts, sets, closed)


def _discard_of(legal: Sequence[Action], kind: int, played: Action) -> Action:
    if isinstance(played, Discard) and played.tile >> 2 == kind:
        return played
    plain = [a for a in legal if isinstance(a, Discard) and a.tile >> 2 == kind]
    plain.sort(key=lambda a: a.tile in (16, 52, 88))  # keep a red five
    return plain[0]


def threatened(view: PlayerView) -> bool:
    """An opponent has declared riichi or shows three open melds."""
    me = view.seat
    return any(p != me and (view.riichi[p] or sum(1 for m in view.melds[p] if m.opened) >= 3)
               for p in range(len(view.riichi)))


def choose_options(view: PlayerView, legal: Sequence[Action], played: Action) -> Choice | None:
    """The options to play out of a decision with ``legal`` actions where ``played`` was
    chosen; None when there is nothing to decide (one action, a tenpai declaration, ...)."""
    legal = tuple(legal)
    if len(legal) < 2 or played not in legal:
        return None
    opts: list[Action] = []

    def add(a: Action | None) -> None:
        if a is not None and a not in opts:
            opts.append(a)

    wins = [a for a in legal if isinstance(a, (Ron, Tsumo))]
    if any(isinstance(a, Pass) for a in legal) or (wins and isinstance(wins[0], Ron)):
        # a discard (or a kan) on offer: every call form, the pass
        seen: set[tuple[object, ...]] = set()
        for a in legal:
            if isinstance(a, (Chi, Pon, Kan, Ron, Pass)):
                key = _call_key(a)
                if key not in seen or a == played:
                    seen.add(key)
                    add(a)
        if wins:
            category = "wins"
        elif any(isinstance(a, (Chi, Pon)) for a in legal):
            category = "calls"
        else:
            category = "kans"
        add(played)
        return Choice(category, tuple(opts))
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return None
    ranked = _ranked_discards(view, legal)
    best = _discard_of(legal, ranked[0][2], played)
    riichis = [a for a in legal if isinstance(a, Riichi) and not a.open]
    kans = [a for a in legal if isinstance(a, Kan) and a.kind is not MeldKind.DAIMINKAN]
    if wins:
        add(wins[0])
        add(best)
        add(played)
        return Choice("wins", tuple(opts))
    if kans:
        for a in kans:
            add(a)
        add(best)
        add(played)
        return Choice("kans", tuple(opts))
    if riichis:
        riichi_kinds = {a.tile >> 2: a for a in riichis}
        r_kind = next((k for _, _, k in ranked if k in riichi_kinds), riichis[0].tile >> 2)
        if isinstance(played, Riichi):
            r_kind = played.tile >> 2
        add(played if isinstance(played, Riichi) else riichi_kinds[r_kind])
        add(_discard_of(legal, r_kind, played))
        add(played)
        return Choice("riichi", tuple(opts))
    under_threat = threatened(view)
    for _, _, k in ranked[:TOP_DISCARDS]:
        add(_discard_of(legal, k, played))
    if under_threat:
        policy = FastPolicy(0)
        safe = policy.act(view, legal)
        if ranked[0][0] == 0 and isinstance(safe, Discard):  # tenpai: the policy pushes
            counts = counts34(view.concealed)
            safe = _discard_of(legal, FastPolicy._safest(
                view, [p for p in range(len(view.riichi)) if p != view.seat and view.riichi[p]]
                or [p for p in range(len(view.riichi)) if p != view.seat],
                counts, ranked), played)
        add(safe if isinstance(safe, Discard) else None)
    add(played)
    obvious = (not under_threat and isinstance(played, Discard)
               and played.tile >> 2 == ranked[0][2]
               and (len(ranked) < 2 or ranked[1][0] > ranked[0][0]))
    return Choice("push/fold" if under_threat else "efficiency", tuple(opts), obvious)


__all__ = ["CATEGORIES", "Choice", "TOP_DISCARDS", "choose_options", "threatened"]
