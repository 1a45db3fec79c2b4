"""One seat's state in a round: its tiles, melds, river, riichi and furiten (rules F1-F3, R1-R6,
C5, K1, S9), and what can be asked of that seat alone.

A ``Seat`` keeps its concealed tiles three ways, updated together by :meth:`Seat.add` and
:meth:`Seat.remove`: the physical tiles (``hand``), a 34-count (``counts``) and one packed key
per suit (3 bits a kind, ``keys``, with the suit's tile count in ``sizes``), the form the fast
wait masks of ``engine.hand.masks`` read. ``waits`` is the 34-bit wait mask of the seat's 3n+1
hand, recomputed by :meth:`Seat.update_waits` whenever that hand changes.

A seat whose concealed tiles are hidden (``known=False``: another player's seat seen by the mjai
seat tracker) keeps an empty hand: adding and removing tiles changes nothing, its waits stay 0.

>>> s = Seat()
>>> for t in (0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 124):  # 123m123p123s EEE P
...     s.add(t)
>>> s.update_waits()
>>> s.waits == 1 << 31, s.furiten()
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter

from engine.hand.masks import (
    SHIFT,
    SUIT_OF,
    has_reading_without_triplet,
    mask_kinds,
    regular_tenpai_by_discard,
    regular_wait_mask,
    wait_mask,
)
from engine.meld import Meld, MeldKind
from engine.tiles import YAOCHUU
from engine.view import RiverTile

_yaochuu_counts = itemgetter(*YAOCHUU)


def _zeros34() -> list[int]:
    return [0] * 34


def _zeros4() -> list[int]:
    return [0, 0, 0, 0]


@dataclass(slots=True, eq=False)
class Seat:
    """The mutable state of one seat during one round (absolute seat numbers live in the
    round's ``seats`` list; a seat does not know its own number)."""

    known: bool = True  # the concealed tiles are tracked (False: another seat seen over mjai)
    hand: list[int] = field(default_factory=list)  # concealed physical tiles 0-135
    counts: list[int] = field(default_factory=_zeros34)  # 34-count of ``hand``
    keys: list[int] = field(default_factory=_zeros4)  # packed per-suit keys of ``hand``
    sizes: list[int] = field(default_factory=_zeros4)  # tiles per suit in ``hand``
    melds: list[Meld] = field(default_factory=list)  # in call order
    river: list[RiverTile] = field(default_factory=list)
    river_mask: int = 0  # kinds this seat discarded (F1)
    waits: int = 0  # 34-bit wait mask of the 3n+1 hand
    temp_furiten: bool = False  # F2
    riichi_furiten: bool = False  # F3
    riichi: bool = False  # declared (accepted, or the declaring discard is on the table)
    double_riichi: bool = False
    open_riichi: bool = False  # R6
    ippatsu: bool = False  # R3
    discards_made: int = 0
    closed: bool = True  # no open meld (an ankan keeps the hand closed)
    pao: tuple[int, int] | None = None  # S9: (liable seat, 0 dragons / 1 winds)
    nuki: list[int] = field(default_factory=list)  # P1: Norths set aside (nuki dora)

    # ------------------------------------------------------------------ tiles
    def add(self, tile: int) -> None:
        """Take a physical tile into the concealed hand."""
        if not self.known:
            return
        k = tile >> 2
        self.hand.append(tile)
        self.counts[k] += 1
        s = SUIT_OF[k]
        self.keys[s] += 1 << SHIFT[k]
        self.sizes[s] += 1

    def remove(self, tile: int) -> None:
        """Take a physical tile out of the concealed hand."""
        if not self.known:
            return
        k = tile >> 2
        self.hand.remove(tile)
        self.counts[k] -= 1
        s = SUIT_OF[k]
        self.keys[s] -= 1 << SHIFT[k]
        self.sizes[s] -= 1

    def held(self, kind: int) -> int:
        """Copies of ``kind`` in the seat's hand and melds."""
        n = self.counts[kind]
        for m in self.melds:
            # count tile by tile: a chi holds one copy of each of its three kinds
            n += sum(1 for t in m.tiles if t >> 2 == kind)
        return n

    # ------------------------------------------------------------------ waits and furiten
    def update_waits(self) -> None:
        """Recompute ``waits`` for the current 3n+1 hand."""
        if self.known:
            self.waits = wait_mask(self.keys, self.sizes, self.counts, len(self.hand) == 13)

    def wait_kinds(self) -> tuple[int, ...]:
        """The waits as tile kinds, ascending."""
        return mask_kinds(self.waits)

    def furiten(self) -> bool:
        """F1-F3: the seat may not ron now."""
        return self.temp_furiten or self.riichi_furiten or bool(self.waits & self.river_mask)

    def tenpai_mask_after(self, kind: int) -> int:
        """Waits of the seat's 3n+2 hand after discarding one tile of ``kind``."""
        s = SUIT_OF[kind]
        keys, sizes, counts = self.keys, self.sizes, self.counts
        keys[s] -= 1 << SHIFT[kind]
        sizes[s] -= 1
        counts[kind] -= 1
        try:
            return wait_mask(keys, sizes, counts, len(self.hand) == 14)
        finally:
            keys[s] += 1 << SHIFT[kind]
            sizes[s] += 1
            counts[kind] += 1

    def riichi_possible(self) -> bool:
        """A cheap necessary condition for some discard to leave the hand tenpai."""
        if regular_tenpai_by_discard(self.keys, self.sizes):
            return True
        if len(self.hand) != 14:
            return False
        c = self.counts
        if 34 - c.count(0) - c.count(1) >= 6:  # kinds held twice or more (counts are 0-4)
            return True
        held: tuple[int, ...] = _yaochuu_counts(c)
        return sum(held) >= 13

    def riichi_ankan_ok(self, kind: int) -> bool:
        """C5: after riichi a closed kan must keep the waits and every reading of the hand
        (the kind is a triplet in every decomposition of every winning hand)."""
        before = self.waits
        if not before:
            return False
        counts, keys, sizes = self.counts, self.keys, self.sizes
        s = SUIT_OF[kind]
        delta = 4 << SHIFT[kind]
        keys[s] -= delta
        sizes[s] -= 4
        counts[kind] -= 4
        try:
            after = regular_wait_mask(keys, sizes)
        finally:
            keys[s] += delta
            sizes[s] += 4
            counts[kind] += 4
        if after != before:
            return False
        # every winning hand must read the three copies as a triplet
        base = list(counts)
        base[kind] -= 1  # the 13-tile hand before the draw holds three
        for w in mask_kinds(before):
            c = list(base)
            c[w] += 1
            if has_reading_without_triplet(c, kind):
                return False
        return True

    def kokushi_tenpai(self) -> bool:
        """C6: a closed 13-tile hand of terminals and honours only (it may rob a closed kan)."""
        c = self.counts
        return not self.melds and len(self.hand) == 13 and sum(c[k] for k in YAOCHUU) == 13

    def tenpai_at_draw(self) -> bool:
        """K1: tenpai for the noten payments; a wait all four of whose copies the seat holds
        itself does not count (as on Tenhou)."""
        mask = self.waits
        k = 0
        while mask:
            if mask & 1 and self.held(k) < 4:
                return True
            mask >>= 1
            k += 1
        return False

    def pon_of(self, kind: int) -> int | None:
        """Index in ``melds`` of the seat's pon of ``kind`` (an added kan extends it)."""
        for i, m in enumerate(self.melds):
            if m.kind is MeldKind.PON and m.tiles[0] >> 2 == kind:
                return i
        return None
