"""Kans (rules C3, C5, C6, D3, K4): ``KansMixin``, part of ``engine.table.Table``.

Closed and added kans on the own turn, the kan count (suukaikan), kan dora and when it is shown,
and robbing a kan (chankan, kokushi on a closed kan). A called open kan is taken in
``engine.calls``. The methods read and write the state ``Table.__init__`` sets up.
"""

from __future__ import annotations

from engine.actions import PASS, RON, Action, Kan
from engine.events import DoraRevealed, DrawKind, KanDeclared
from engine.meld import Meld, MeldKind
from engine.phase import Phase
from engine.tiles import YAOCHUU


class KansMixin:
    """Kans and chankan; mixed into ``engine.table.Table``."""

    # ------------------------------------------------------------------ kans
    def _do_own_kan(self, seat: int, action: Kan) -> None:
        if action.kind is MeldKind.ANKAN:
            self._reveal_pending_dora()
            for t in action.tiles:
                self._remove(seat, t)
            meld = Meld(MeldKind.ANKAN, tuple(sorted(action.tiles)), None, 0)
            self.melds[seat].append(meld)
            self._kan_done(seat)
            self.events.append(KanDeclared(seat, meld))
            self._reveal_dora()  # D3: a closed kan shows its dora at once
            self._update_waits(seat)
            # C6: kokushi may rob a closed kan
            if self.rules.kokushi_rob_ankan:
                self._chankan_options(seat, action.tiles[0], action, kokushi_only=True)
                if self._options:
                    self.phase = Phase.CHANKAN
                    return
            self._draw(seat, rinshan=True)
            return
        # kakan: the added tile may be robbed before the kan stands
        added = action.tiles[0]
        k = added >> 2
        idx = next(i for i, m in enumerate(self.melds[seat])
                   if m.kind is MeldKind.PON and m.tiles[0] >> 2 == k)
        pon = self.melds[seat][idx]
        self._remove(seat, added)
        meld = Meld(MeldKind.KAKAN, tuple(sorted(pon.tiles + (added,))), pon.called, pon.source,
                    added)
        self.melds[seat][idx] = meld
        self._update_waits(seat)
        self.events.append(KanDeclared(seat, meld))
        self._no_calls = False
        # ippatsu stays open for a riichi seat that robs this kan (Tenhou); the kan clears it
        # only once it stands. An earlier open kan's dora likewise waits until then (D3).
        self._chankan_options(seat, added, action, kokushi_only=False)
        if self._options:
            self.phase = Phase.CHANKAN
            return
        self._finish_kakan(seat)

    def _finish_kakan(self, seat: int) -> None:
        self._reveal_pending_dora()
        self._kan_done(seat)
        self._dora_after_open_kan()
        self._draw(seat, rinshan=True)

    def _dora_after_open_kan(self) -> None:
        if self.rules.kan_dora_timing == "immediate":
            self._reveal_dora()
        else:
            self._dora_pending += 1

    def _kan_done(self, seat: int) -> None:
        self.kans += 1
        self._kan_seats.append(seat)
        self._no_calls = False
        self.ippatsu = [False] * 4
        if self.kans == 4 and len(set(self._kan_seats)) > 1 and self.rules.suukaikan:
            self._suukaikan_pending = True

    def _reveal_pending_dora(self) -> None:
        while self._dora_pending:
            self._dora_pending -= 1
            self._reveal_dora()

    def _reveal_dora(self) -> None:
        if self.rules.kan_dora and self.dora_count < 5:
            self.dora_count += 1
            self.events.append(DoraRevealed(self.wall.dora_indicator(self.dora_count - 1)))

    # ------------------------------------------------------------------ robbing a kan
    def _chankan_options(self, seat: int, tile: int, action: Kan, kokushi_only: bool) -> None:
        k = tile >> 2
        options: dict[int, tuple[Action, ...]] = {}
        missed = []
        for i in (1, 2, 3):
            s = (seat + i) % 4
            if not (self._waits[s] >> k) & 1:
                continue
            if kokushi_only and not self._kokushi_tenpai(s):
                continue
            missed.append(s)
            if not self.furiten(s) and self._win_result(s, tile, False, chankan=True) is not None:
                options[s] = (RON, PASS)
        self._options = options
        self._answers = {}
        self._missed = missed
        self._kan_tile = (seat, tile, action)

    def _kokushi_tenpai(self, seat: int) -> bool:
        c = self.counts[seat]
        return (not self.melds[seat] and len(self.hands[seat]) == 13
                and sum(c[k] for k in YAOCHUU) == 13)

    def _resolve_chankan(self) -> None:
        assert self._kan_tile is not None
        seat, tile, action = self._kan_tile
        rons = self._ron_order(seat)
        self._furiten_for_missed(rons)
        self._options = {}
        self._answers = {}
        self._kan_tile = None
        if rons:
            if len(rons) == 3 and self.rules.sanchahou:
                self._abort(DrawKind.TRIPLE_RON)
                return
            if not self.rules.double_ron:
                rons = rons[:1]
            self._settle_wins([(s, seat, tile, True) for s in rons])
            return
        if action.kind is MeldKind.KAKAN:
            self._finish_kakan(seat)
        else:
            self._draw(seat, rinshan=True)
