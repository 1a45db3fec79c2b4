"""The rollout policy: a fast player for every seat of the reviewer's rollouts.

A review plays each option out hundreds of times, so the policy must decide in tens of
microseconds, not the hard AI's milliseconds. ``FastPolicy`` plays:

- wins whenever it can, tenpai declarations truthfully (``ai.base.obvious_choice``);
- discards: lowest shanten after the discard (regular, seven pairs, thirteen orphans), ties
  broken by a cheap shape score (isolated honours and terminals first, dora and yakuhai pairs
  kept, an open hand without a yakuhai triplet throws terminals and honours to keep tanyao);
- riichi whenever tenpai with a closed hand (the best discard among the riichi ones);
- defence: against a riichi (or a third open meld) while its own hand is not tenpai it folds:
  genbutsu of every threat first (its river and the tiles that passed it since its riichi or
  its last discard: F3, F2), then honours seen three times, suji, honours, the rest;
- calls: pon of a yakuhai pair; once open, any chi or pon that lowers shanten; no kans.

It is deliberately simple: its strength and speed are measured against ``greedy`` and the real
levels in ``benchmarks/bench_review.py`` (see the README "Review" section).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from ai.base import Agent, obvious_choice
from ai.efficiency import shanten
from engine.actions import (
    Action,
    AgariYame,
    Chi,
    DeclareTenpai,
    Discard,
    Nuki,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from engine.hand.discard_shanten import shanten_after_discards
from engine.tiles import DRAGONS, counts34, dora_of
from engine.view import PlayerView


@lru_cache(maxsize=1 << 17)
def _shanten_of(counts: tuple[int, ...], sets: int, closed: bool) -> int:
    # the rollouts of one decision replay the same hands over and over (the options share their
    # samples, and seats far from the decision play alike): remember them, bounded
    return shanten(counts, sets, closed)


def cached_shanten(counts: Sequence[int], sets: int, closed: bool) -> int:
    """``ai.efficiency.shanten`` remembered per (counts, sets, closed) in this process."""
    return _shanten_of(tuple(counts), sets, closed)


def discard_shanten(counts: list[int], kinds: Sequence[int], sets: int,
                    closed: bool) -> list[int]:
    """Per kind of ``kinds``, ``cached_shanten`` of ``counts`` less one of it: the same numbers,
    with the untouched suits read once (``engine.hand.discard_shanten``)."""
    if sets < 0:  # no set left to make: the pair-only count, one by one
        out = []
        for k in kinds:
            counts[k] -= 1
            out.append(cached_shanten(counts, sets, closed))
            counts[k] += 1
        return out
    return shanten_after_discards(counts, kinds, sets, spares=True, closed=closed)


def _shape_score(counts: Sequence[int], k: int, keep: frozenset[int], dora: Sequence[int],
                 tanyao: bool) -> float:
    """How much ``k`` is worth keeping (lower: discard first)."""
    n = counts[k]
    score = 2.0 * (n - 1)  # pairs and triplets
    if k >= 27:
        if k in keep:
            score += 1.5
    else:
        i = k % 9
        for d, w in ((1, 1.0), (2, 0.5)):
            if i - d >= 0 and counts[k - d]:
                score += w
            if i + d <= 8 and counts[k + d]:
                score += w
        score += 0.3 if 2 <= i <= 6 else (0.1 if i in (1, 7) else 0.0)
        if tanyao and i in (0, 8):
            score -= 2.0
    if tanyao and k >= 27 and k not in keep:
        score -= 2.0
    score += 1.2 * dora[k]
    return score


def hand_shape(view: PlayerView) -> tuple[list[int], int, bool]:
    """The seat's concealed 34-counts, the sets it still needs and whether it is closed."""
    counts = counts34(view.concealed)
    melds = view.melds[view.seat]
    return counts, 4 - len(melds), all(not m.opened for m in melds)


def rank_discards(view: PlayerView, kinds: Iterable[int], counts: list[int], sets: int,
                  closed: bool) -> list[tuple[int, float, int]]:
    """(shanten after, shape score, kind) for each discardable kind, best first: the rollout
    policy's own order, which the review also uses to choose the discards worth checking."""
    dora = [0] * 34
    for ind in view.dora_indicators:
        dora[dora_of(ind >> 2, len(view.scores))] += 1  # P1: 1m shows 9m with three players
    keep = frozenset(DRAGONS) | {view.seat_wind, view.round_wind}
    tanyao = not closed and not any(m.tiles[0] >> 2 in keep for m in view.melds[view.seat])
    kinds = list(kinds)
    after = discard_shanten(counts, kinds, sets, closed and sets == 4)
    ranked = [(s, _shape_score(counts, k, keep, dora, tanyao), k)
              for s, k in zip(after, kinds, strict=True)]
    ranked.sort()
    return ranked


#: the actions ``ai.base.obvious_choice`` can answer with (it answers None without one)
_OBVIOUS = (Tsumo, Ron, DeclareTenpai, AgariYame, Nuki)
_ALL_KINDS = (1 << 34) - 1
_RANK_4_TO_9 = sum(1 << k for k in range(27) if k % 9 >= 3)
_RANK_1_TO_6 = sum(1 << k for k in range(27) if k % 9 <= 5)


def _visible(view: PlayerView) -> list[int]:
    """Copies of each kind in every river and meld."""
    visible = [0] * 34
    for river in view.rivers:
        for rt in river:
            visible[rt.tile >> 2] += 1
    for seat_melds in view.melds:
        for m in seat_melds:
            for t in m.tiles:
                visible[t >> 2] += 1
    return visible


def _passed(view: PlayerView, seat: int) -> int:
    """The kinds (a bit each) ``seat`` cannot ron now: its own discards, and those the other
    seats threw after its riichi tile (F3) or, not in riichi, after its last discard (F2), by
    the round's order of discards (``RiverTile.order``), as ``ai.observe`` reads them for
    the AIs."""
    own = view.rivers[seat]
    bits = 0
    for rt in own:
        bits |= 1 << (rt.tile >> 2)
    cutoff = own[-1].order if own else -1
    if view.riichi[seat]:
        cutoff = next((rt.order for rt in own if rt.riichi), cutoff)
    for j, river in enumerate(view.rivers):
        if j != seat:
            for rt in reversed(river):
                if rt.order <= cutoff:
                    break
                bits |= 1 << (rt.tile >> 2)
    return bits


class FastPolicy(Agent):
    """Efficiency with simple defence, for rollouts (see the module text)."""

    kind = "fast"

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        # the kinds of action on offer, once (most decisions hold discards, riichi or calls
        # only: ``obvious_choice`` answers None for them without being asked)
        types = set(map(type, legal))
        if any(issubclass(t, _OBVIOUS) for t in types):
            obvious = obvious_choice(view, legal)
            if obvious is not None:
                return obvious
        counts, sets, closed = hand_shape(view)
        if any(issubclass(t, (Discard, Riichi)) for t in types):
            return self._discard(view, legal, counts, sets, closed)
        return self._answer(view, legal, counts, sets, closed)

    # ------------------------------------------------------------------ own turn
    def _discard(self, view: PlayerView, legal: tuple[Action, ...], counts: list[int],
                 sets: int, closed: bool) -> Action:
        me = view.seat
        by_kind: dict[int, Discard] = {}
        riichis: dict[int, Riichi] = {}
        for a in legal:
            if isinstance(a, Discard):
                by_kind.setdefault(a.tile >> 2, a)
            elif isinstance(a, Riichi) and not a.open:
                riichis.setdefault(a.tile >> 2, a)
        ranked = rank_discards(view, by_kind, counts, sets, closed)
        best_s = ranked[0][0]
        threats = [p for p in range(len(view.riichi)) if p != me and (
            view.riichi[p] or sum(1 for m in view.melds[p] if m.opened) >= 3)]
        if threats and best_s >= 1:
            return by_kind[self._safest(view, threats, counts, ranked)]
        if riichis:
            for _, _, k in ranked:
                if k in riichis:
                    return riichis[k]
        return by_kind[ranked[0][2]]

    @staticmethod
    def _safest(view: PlayerView, threats: list[int], counts: list[int],
                ranked: list[tuple[int, float, int]]) -> int:
        """The least dangerous kind against every threat (genbutsu, honours seen, suji,
        honours, the rest), the better shape among equals (the order of ``ranked``). A threat's
        genbutsu are its own discards and what the others threw after its riichi (F3) or, not
        in riichi, after its last discard (F2): it let them pass, so its wait holds none of
        them, and the suji are read from all of them."""
        genbutsu = suji = _ALL_KINDS
        for p in threats:
            river = _passed(view, p)
            genbutsu &= river
            # suji of k: k - 3 discarded (rank 4-9) or k + 3 discarded (rank 1-6), same suit
            suji &= (river << 3) & _RANK_4_TO_9 | (river >> 3) & _RANK_1_TO_6
        visible: list[int] | None = None
        best, best_danger = -1, 99
        for _, _, k in ranked:
            if genbutsu >> k & 1:
                return k  # the safest class, and the first of it in shape order
            if k >= 27:
                if visible is None:
                    visible = _visible(view)
                danger = 1 if visible[k] + counts[k] >= 4 or visible[k] >= 3 else 3
            else:
                i = k % 9
                if suji >> k & 1:
                    danger = 2 if i in (0, 8, 1, 7, 2, 6) else 4
                else:
                    danger = 5 if i in (0, 8) else 6
            if danger < best_danger:
                best, best_danger = k, danger
        return best

    # ------------------------------------------------------------------ a discard on offer
    def _answer(self, view: PlayerView, legal: tuple[Action, ...], counts: list[int],
                sets: int, closed: bool) -> Action:
        keep = frozenset(DRAGONS) | {view.seat_wind, view.round_wind}
        me = view.seat
        threatened = any(view.riichi[p] for p in range(len(view.riichi)) if p != me)
        now = cached_shanten(counts, sets, closed and sets == 4)
        best: Action | None = None
        best_s = now
        for a in legal:
            if not isinstance(a, (Chi, Pon)):
                continue
            k = a.called >> 2
            if isinstance(a, Pon) and k in keep and not threatened:
                return a
            if closed or threatened:
                continue
            c = counts[:]
            for t in a.tiles:
                c[t >> 2] -= 1
            s = min(discard_shanten(c, [d for d in range(34) if c[d]], sets - 1, False),
                    default=99)
            if s < best_s:
                best, best_s = a, s
        if best is not None:
            return best
        for a in legal:
            if isinstance(a, Pass):
                return a
        return legal[0]


__all__ = ["FastPolicy"]
