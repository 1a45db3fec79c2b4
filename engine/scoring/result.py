"""The value of a win: :class:`HandResult` and its lines, :class:`Yaku`.

A result is a ``NamedTuple``: immutable like a frozen dataclass, and built by one plain call
(``HandResult(han, fu, ...)``) whose cost is one tuple, where a frozen dataclass pays an
``object.__setattr__`` per field (18 of them: about 3 us a result, a fifth of scoring a hand).

>>> r = HandResult(han=1, fu=30, yaku=(Yaku("riichi", 1),), yakuman=0, limit=None, base=240,
...                dora=0, ura=0, aka=0, fu_breakdown=(), ron=1000, tsumo_dealer=500,
...                tsumo_other=300, total=1000, yakuman_parts=(), tenhou_yaku_ids=((1, 1),))
>>> r.han, r.payments(honba=1)
(1, {'discarder': 1300})
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine.scoring.points import payments


@dataclass(frozen=True, slots=True)
class Yaku:
    """One line of a result: a stable English id (``"riichi"``, ``"yakuhai: chun"``, ``"dora"``)
    and its han (13 per multiple for a yakuman)."""

    name: str
    han: int


class HandResult(NamedTuple):
    """The value of a win. ``han`` of a yakuman hand is 13 per multiple; ``ron``,
    ``tsumo_dealer`` and ``tsumo_other`` are the hand's prices whichever way it was won (for a
    dealer ``tsumo_dealer`` is 0 and ``tsumo_other`` is what each pays); ``total`` is what the
    winner receives for this win, before honba and sticks."""

    han: int
    fu: int
    yaku: tuple[Yaku, ...]
    yakuman: int
    limit: str | None
    base: int
    dora: int
    ura: int
    aka: int
    fu_breakdown: tuple[tuple[str, int], ...]
    ron: int
    tsumo_dealer: int
    tsumo_other: int
    total: int
    yakuman_parts: tuple[tuple[str, int], ...]
    tenhou_yaku_ids: tuple[tuple[int, int], ...]
    tsumo: bool = False
    dealer: bool = False

    def payments(self, honba: int = 0, players: int = 4,
                 honba_points: int = 100) -> dict[str, int]:
        """``{"discarder": 8300}`` | ``{"dealer": 4100, "non_dealer": 2100}`` | ``{"each": 4100}``
        with ``honba`` counters added (S6; ``honba_points`` per payer, three payers or two,
        P1); sticks are not included."""
        return payments(self.ron, self.tsumo_dealer, self.tsumo_other, self.tsumo, self.dealer,
                        honba, players, honba_points)
