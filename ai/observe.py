"""What a seat can see, boiled down for decisions: counts of its own tiles, the unseen copies of
every kind, dora, and what it knows of each opponent. Built from a ``PlayerView`` only."""

from __future__ import annotations

from dataclasses import dataclass, field

from ai.defence import Opponent
from ai.efficiency import shanten
from engine.meld import Meld
from engine.tiles import DEFAULT_REDS, DRAGONS, Reds, counts34, dora_of, is_red, seat_wind
from engine.view import PlayerView


@dataclass(slots=True)
class Situation:
    view: PlayerView
    counts: list[int]  # own concealed tiles (with the drawn one)
    melds: tuple[Meld, ...]  # own calls
    unseen: list[int]  # 4 minus the visible copies of each kind (own hand included)
    dora: list[int]  # dora kinds, once per indicator
    opponents: list[Opponent]
    turn: int  # own discards so far
    tiles_left: int
    _shanten: int | None = field(default=None, repr=False, compare=False)

    @property
    def closed(self) -> bool:
        return not any(m.opened for m in self.melds)

    @property
    def players(self) -> int:
        """Seats at the table (P1: 3 or 4): a seat draws once every ``players`` tiles."""
        return len(self.view.scores)

    @property
    def riichis(self) -> int:
        """Opponents in riichi."""
        return sum(o.riichi for o in self.opponents)

    @property
    def riichi_out(self) -> bool:
        """Whether some opponent is in riichi (else the table is calm)."""
        return any(o.riichi for o in self.opponents)

    @property
    def sets_needed(self) -> int:
        return 4 - len(self.melds)

    @property
    def yakuhai(self) -> frozenset[int]:
        return frozenset(DRAGONS) | {self.view.seat_wind, self.view.round_wind}

    def wind_han(self, kind: int) -> int:
        """Han of a triplet of ``kind`` for this seat (Y7: double wind counts twice)."""
        n = 0
        if kind in DRAGONS:
            n += 1
        if kind == self.view.seat_wind:
            n += 1
        if kind == self.view.round_wind:
            n += 1
        return n

    def dora_count(self, kinds: list[int] | tuple[int, ...]) -> int:
        d = self.dora
        return sum(d.count(k) for k in kinds)

    def own_shanten(self) -> int:
        """The own hand's shanten as it stands, computed once for a decision (``counts`` and
        ``melds`` are not changed once the situation is built)."""
        if self._shanten is None:
            self._shanten = shanten(self.counts, self.sets_needed, self.closed)
        return self._shanten

    def unseen_total(self) -> int:
        return max(1, sum(self.unseen))


def _thrown_after(view: PlayerView, target: int, order: int) -> set[int]:
    """Kinds the seats other than ``target`` discarded after the round's ``order``-th discard."""
    return {t.tile >> 2 for j, river in enumerate(view.rivers) if j != target
            for t in river if t.order > order}


def river_safe_after_riichi(view: PlayerView, target: int) -> set[int]:
    """Kinds discarded by any seat after ``target``'s riichi: they are furiten for it (F3).

    "After" is by the round's order of discards (``RiverTile.order``), not by the places in the
    rivers: a pon or kan skips the seats between, so the rivers' places drift apart (a tile
    thrown before the riichi counted as passed after it once, and a hard hand dealt into a
    riichi with it for 12,000; issue 16)."""
    declared = next((t.order for t in view.rivers[target] if t.riichi), None)
    if declared is None or declared < 0:
        return set()
    return _thrown_after(view, target, declared)


def passed_since_discard(view: PlayerView, target: int) -> set[int]:
    """Kinds the other seats threw after ``target``'s last discard: it let them pass and cannot
    ron until its next draw or call (F2), so they are safe against it now. A seat yet to
    discard this round has let every discard pass."""
    return _thrown_after(view, target, view.rivers[target][-1].order if view.rivers[target] else -1)


def observe(view: PlayerView, reds: Reds = DEFAULT_REDS) -> Situation:
    """What ``view``'s seat knows, boiled down; ``reds``: the red fives of the game's rules (the
    opponents' calls show them as dora)."""
    me = view.seat
    counts = counts34(view.concealed)
    seen = counts[:]
    for melds in view.melds:
        for m in melds:
            for t in m.tiles:
                seen[t >> 2] += 1
    for river in view.rivers:
        for rt in river:
            if rt.called_by is None:
                seen[rt.tile >> 2] += 1
    for t in view.dora_indicators:
        seen[t >> 2] += 1
    for norths in view.nuki:  # P1: the Norths set aside are seen too
        for t in norths:
            seen[t >> 2] += 1
    for s, hand in enumerate(view.open_hands):
        if hand and s != me:
            for t in hand:
                seen[t >> 2] += 1
    unseen = [max(0, 4 - n) for n in seen]
    players = len(view.rivers)
    if players == 3:
        unseen[1:8] = [0] * 7  # P1: no 2m-8m in play
    dora = [dora_of(t >> 2, players) for t in view.dora_indicators]
    opponents = []
    for s in range(players):
        if s == me:
            continue
        river = view.rivers[s]
        kinds = [rt.tile >> 2 for rt in river]
        safe = set(kinds) | passed_since_discard(view, s)
        riichi_turn = next((i for i, rt in enumerate(river) if rt.riichi), -1)
        if view.riichi[s]:
            safe |= river_safe_after_riichi(view, s)
        sw = seat_wind(s, view.dealer, players)
        opponents.append(
            Opponent(
                seat=s,
                river=kinds,
                tsumogiri=[rt.tsumogiri for rt in river],
                safe=safe,
                riichi=view.riichi[s],
                riichi_turn=riichi_turn if riichi_turn >= 0 else len(kinds),
                meld_kinds=[m.kinds for m in view.melds[s]],
                shown_red=sum(is_red(t, reds) for m in view.melds[s] for t in m.tiles),
                open_melds=sum(1 for m in view.melds[s] if m.opened),
                yakuhai=frozenset(DRAGONS) | {sw, view.round_wind},
                is_dealer=s == view.dealer,
            )
        )
    return Situation(
        view=view,
        counts=counts,
        melds=view.melds[me],
        unseen=unseen,
        dora=dora,
        opponents=opponents,
        turn=len(view.rivers[me]),
        tiles_left=view.live_tiles_left,
    )

