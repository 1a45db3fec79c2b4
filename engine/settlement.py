"""Ending a round (rules S5, S6, S9, R5, K1-K7): ``SettlementMixin``, part of
``engine.table.Table``, and ``RoundOutcome``, what the game learns from a round.

Paying wins (honba, sticks, pao), abortive draws, the exhaustive draw (tenpai and noten payments,
the K1 tenpai declaration, nagashi mangan) and the round's end. The methods read and write the
state ``Table.__init__`` sets up.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import DeclareTenpai
from engine.events import DrawKind, RoundDrawn, RoundEnded, Win
from engine.phase import Phase
from engine.tiles import YAOCHUU


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """How a round ended, for the game: score changes and what carries over (G2, R5)."""

    deltas: tuple[int, int, int, int]  # scores at the end minus scores at the start
    scores: tuple[int, int, int, int]
    renchan: bool
    honba: int  # for the next round
    sticks: int  # left on the table for the next round
    winners: tuple[int, ...]  # empty for a draw
    draw: DrawKind | None
    dealer_tenpai: bool  # at an exhaustive draw


class SettlementMixin:
    """Ending the round; mixed into ``engine.table.Table``."""

    # ------------------------------------------------------------------ ending the round
    def _settle_wins(self, wins: list[tuple[int, int, int | None, bool]]) -> None:
        """Pay each win (S5, S6, S9); honba and sticks go to the first winner from the
        discarder (R5, Tenhou)."""
        from engine.scoring import score_hand

        winners: list[int] = []
        for seat, source, tile, chankan in wins:
            assert tile is not None
            tsumo = seat == source
            first = not winners
            honba = self.honba if first else 0
            sticks = self.sticks if first else 0
            concealed = list(self.hands[seat])
            if not tsumo:
                concealed.append(tile)
            sit = self._situation(seat, tile, tsumo, chankan, ura=True, honba=honba,
                                  sticks=sticks)
            result = score_hand(concealed, self.melds[seat], tile, sit, self.rules)
            deltas = self._payments(seat, source, result, honba)
            deltas[seat] += 1000 * sticks
            for s in range(4):
                self.scores[s] += deltas[s]
            pao = self._pao_seat(seat, result)
            self.events.append(Win(
                seat=seat, from_seat=source, tile=tile,
                concealed=tuple(sorted(concealed)), melds=tuple(self.melds[seat]),
                result=result, ura_indicators=sit.ura_indicators,
                deltas=tuple(deltas),  # type: ignore[arg-type]
                pao=pao,
            ))
            winners.append(seat)
        self.sticks = 0
        renchan = self.dealer in winners
        self._end(renchan, self.honba + 1 if renchan else 0, tuple(winners), None, False)

    def _pao_seat(self, seat: int, result) -> int | None:
        """S9: the liable seat when the win includes the yakuman it fed."""
        pao = self._pao[seat]
        if pao is None or pao[0] == seat:
            return None
        name = "daisangen" if pao[1] == 0 else "daisuushii"
        return pao[0] if any(n == name for n, _ in result.yakuman_parts) else None

    def _payments(self, seat: int, source: int, result, honba: int) -> list[int]:
        """Score changes of one win without sticks (S5, S6). With pao (S9) the liable seat pays
        the whole fed yakuman on tsumo (and all honba, as on Tenhou), half of it on another
        seat's ron."""
        deltas = [0, 0, 0, 0]
        dealer_win = seat == self.dealer
        pao_seat = self._pao_seat(seat, result)
        pao_mult = 0
        if pao_seat is not None:
            name = "daisangen" if self._pao[seat][1] == 0 else "daisuushii"  # type: ignore[index]
            pao_mult = sum(m for n, m in result.yakuman_parts if n == name)
        unit = 48000 if dealer_win else 32000  # one yakuman, as a ron
        if seat == source:  # tsumo
            total_mult = sum(m for _, m in result.yakuman_parts) or 1
            rest = total_mult - pao_mult  # yakuman multiples the others pay as usual
            for s in range(4):
                if s == seat:
                    continue
                base = result.tsumo_dealer if (s == self.dealer and not dealer_win) \
                    else result.tsumo_other
                pay = base * rest // total_mult
                if pao_seat is None:
                    pay += 100 * honba
                deltas[s] -= pay
                deltas[seat] += pay
            if pao_seat is not None:
                pay = unit * pao_mult + 300 * honba
                deltas[pao_seat] -= pay
                deltas[seat] += pay
            return deltas
        pay = result.ron + 300 * honba
        if pao_seat is not None and pao_seat != source:
            half = unit * pao_mult // 2
            deltas[pao_seat] -= half
            deltas[seat] += half
            pay -= half
        deltas[source] -= pay
        deltas[seat] += pay
        return deltas

    def _abort(self, kind: DrawKind) -> None:
        """K2-K7: no payments, the dealer stays, honba +1, sticks stay."""
        self._options = {}
        self._answers = {}
        self.events.append(RoundDrawn(kind, (0, 0, 0, 0)))
        self._end(True, self.honba + 1, (), kind, False)

    def _exhaustive(self) -> None:
        """K1: the live wall is empty after the last discard passed."""
        tenpai = [self._is_tenpai_at_draw(s) for s in range(4)]
        self._tenpai_now = tenpai
        if self.rules.noten_declaration:
            opts = {s: (DeclareTenpai(True), DeclareTenpai(False))
                    for s in range(4) if tenpai[s] and not self.riichi[s]}
            if opts:
                self._options = opts
                self._answers = {}
                self._tenpai_decl = {}
                self.phase = Phase.TENPAI
                return
        self._settle_exhaustive()

    def _is_tenpai_at_draw(self, seat: int) -> bool:
        """Tenpai for the noten payments: a wait all four of whose copies the seat holds itself
        does not count (as on Tenhou)."""
        mask = self._waits[seat]
        k = 0
        while mask:
            if mask & 1 and self._held(seat, k) < 4:
                return True
            mask >>= 1
            k += 1
        return False

    def _settle_exhaustive(self) -> None:
        tenpai = list(self._tenpai_now)
        for s, shown in self._tenpai_decl.items():
            tenpai[s] = shown
        self._options = {}
        self._answers = {}
        deltas = [0, 0, 0, 0]
        nagashi = []
        if self.rules.nagashi_mangan:
            for s in range(4):
                river = self.rivers[s]
                if river and all((r.tile >> 2) in YAOCHUU and r.called_by is None for r in river):
                    nagashi.append(s)
        if nagashi:
            from engine.scoring import nagashi_mangan

            for s in nagashi:
                pay = nagashi_mangan(s == self.dealer, self.rules, self.honba)
                for p in range(4):
                    if p == s:
                        continue
                    if "each" in pay:
                        amount = pay["each"]
                    elif p == self.dealer:
                        amount = pay["dealer"]
                    else:
                        amount = pay["non_dealer"]
                    deltas[p] -= amount
                    deltas[s] += amount
        if not nagashi or self.rules.nagashi_as_draw_payment:
            n = sum(tenpai)
            if 0 < n < 4:
                for s in range(4):
                    deltas[s] += 3000 // n if tenpai[s] else -3000 // (4 - n)
        for s in range(4):
            self.scores[s] += deltas[s]
        hands = tuple(tuple(sorted(self.hands[s])) if tenpai[s] else () for s in range(4))
        kind = DrawKind.NAGASHI if nagashi else DrawKind.EXHAUSTIVE
        self.events.append(RoundDrawn(kind, tuple(deltas), tuple(tenpai), hands,  # type: ignore[arg-type]
                                      tuple(nagashi)))
        dealer_tenpai = tenpai[self.dealer]
        renchan = dealer_tenpai and self.rules.renchan_on_dealer_tenpai
        self._end(renchan, self.honba + 1, (), kind, dealer_tenpai)

    def _end(self, renchan: bool, honba: int, winners: tuple[int, ...], draw: DrawKind | None,
             dealer_tenpai: bool) -> None:
        self.phase = Phase.OVER
        self._pending = None
        deltas = tuple(self.scores[s] - self.start_scores[s] for s in range(4))
        self.outcome = RoundOutcome(
            deltas=deltas,  # type: ignore[arg-type]
            scores=tuple(self.scores),  # type: ignore[arg-type]
            renchan=renchan,
            honba=honba,
            sticks=self.sticks,
            winners=winners,
            draw=draw,
            dealer_tenpai=dealer_tenpai,
        )
        self.events.append(RoundEnded(deltas, tuple(self.scores), honba, self.sticks,  # type: ignore[arg-type]
                                      renchan))
