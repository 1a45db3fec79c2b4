"""Ending a round (rules S5, S6, S9, R5, K1-K7): what the game learns from it is the round's
``outcome`` (an ``engine.round.RoundOutcome``).

Paying wins (honba, sticks, pao), abortive draws, the exhaustive draw (tenpai and noten payments,
the K1 tenpai declaration, nagashi mangan) and the round's end: functions over
``engine.round.Round``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from engine.actions import Action, DeclareTenpai
from engine.events import DrawKind, RoundDrawn, RoundEnded, Win
from engine.phase import Phase
from engine.round import Round, RoundOutcome, as_scores, situation
from engine.scoring import nagashi_mangan, score_hand
from engine.tiles import YAOCHUU

if TYPE_CHECKING:
    from engine.scoring import HandResult

_PAO_YAKUMAN = ("daisangen", "daisuushii")  # S9: the yakuman a pao seat fed, by liability kind


# ---------------------------------------------------------------------------- wins
def settle_wins(r: Round, wins: list[tuple[int, int, int, bool]]) -> None:
    """Pay each win ``(seat, source, tile, chankan)`` (S5, S6, S9); honba and sticks go to the
    first winner from the discarder (R5, Tenhou)."""
    winners: list[int] = []
    n = len(r.seats)
    for seat, source, tile, chankan in wins:
        s = r.seats[seat]
        tsumo = seat == source
        first = not winners
        honba = r.honba if first else 0
        sticks = r.sticks if first else 0
        concealed = list(s.hand)
        if not tsumo:
            concealed.append(tile)
        sit = situation(r, seat, tile, tsumo, chankan, ura=True, honba=honba, sticks=sticks)
        result = score_hand(concealed, s.melds, tile, sit, r.rules)
        deltas = payments(r, seat, source, result, honba)
        deltas[seat] += 1000 * sticks
        for p in range(n):
            r.scores[p] += deltas[p]
        r.events.append(Win(
            seat=seat, from_seat=source, tile=tile,
            concealed=tuple(sorted(concealed)), melds=tuple(s.melds),
            result=result, ura_indicators=sit.ura_indicators,
            deltas=as_scores(deltas),
            pao=pao_seat(r, seat, result),
        ))
        winners.append(seat)
    r.sticks = 0
    renchan = r.dealer in winners
    end(r, renchan, r.honba + 1 if renchan else 0, tuple(winners), None, False)


def pao_seat(r: Round, seat: int, result: HandResult) -> int | None:
    """S9: the liable seat when the win includes the yakuman it fed."""
    pao = r.seats[seat].pao
    if pao is None or pao[0] == seat:
        return None
    name = _PAO_YAKUMAN[pao[1]]
    return pao[0] if any(n == name for n, _ in result.yakuman_parts) else None


def payments(r: Round, seat: int, source: int, result: HandResult, honba: int) -> list[int]:
    """Score changes of one win without sticks (S5, S6). With pao (S9) the liable seat pays
    the whole fed yakuman on tsumo (and all honba, as on Tenhou), half of it on another
    seat's ron. Each honba is ``rules.honba_points`` per paying seat: 100 each on tsumo, the
    discarder paying for all on ron (300 with four players, 200 with three, P1)."""
    n = len(r.seats)
    per = r.rules.honba_points
    deltas = [0] * n
    dealer_win = seat == r.dealer
    liable = pao_seat(r, seat, result)
    pao_mult = 0
    if liable is not None:
        name = _PAO_YAKUMAN[cast("tuple[int, int]", r.seats[seat].pao)[1]]
        pao_mult = sum(m for nm, m in result.yakuman_parts if nm == name)
    unit = 48000 if dealer_win else 32000  # one yakuman, as a ron
    if seat == source:  # tsumo
        total_mult = sum(m for _, m in result.yakuman_parts) or 1
        rest = total_mult - pao_mult  # yakuman multiples the others pay as usual
        for p in range(n):
            if p == seat:
                continue
            base = result.tsumo_dealer if (p == r.dealer and not dealer_win) \
                else result.tsumo_other
            pay = base * rest // total_mult
            if liable is None:
                pay += per * honba
            deltas[p] -= pay
            deltas[seat] += pay
        if liable is not None:
            pay = unit * pao_mult + per * (n - 1) * honba
            deltas[liable] -= pay
            deltas[seat] += pay
        return deltas
    pay = result.ron + per * (n - 1) * honba
    if liable is not None and liable != source:
        half = unit * pao_mult // 2
        deltas[liable] -= half
        deltas[seat] += half
        pay -= half
    deltas[source] -= pay
    deltas[seat] += pay
    return deltas


# ---------------------------------------------------------------------------- draws
def abort(r: Round, kind: DrawKind) -> None:
    """K2-K7: no payments, the dealer stays, honba +1, sticks stay."""
    r.options = {}
    r.answers = {}
    r.events.append(RoundDrawn(kind, as_scores([0] * len(r.seats))))
    end(r, True, r.honba + 1, (), kind, False)


def exhaustive(r: Round) -> None:
    """K1: the live wall is empty after the last discard passed; tenpai seats may first choose
    whether to show their hands (phase TENPAI)."""
    tenpai = [s.tenpai_at_draw() for s in r.seats]
    r.tenpai_now = tenpai
    if r.rules.noten_declaration:
        opts: dict[int, tuple[Action, ...]] = {
            i: (DeclareTenpai(True), DeclareTenpai(False))
            for i, s in enumerate(r.seats) if tenpai[i] and not s.riichi}
        if opts:
            r.options = opts
            r.answers = {}
            r.tenpai_decl = {}
            r.phase = Phase.TENPAI
            return
    settle_exhaustive(r)


def noten_payments(tenpai: Sequence[bool], total: int) -> list[int]:
    """K1: each seat's score change at an exhaustive draw with the seats ``tenpai`` ready:
    the noten seats pay ``total`` in all (3000; P1: 2000 with three players), shared by the
    tenpai ones; nothing when all or none are ready.

    >>> noten_payments([True, False, False, False], 3000), noten_payments([True, True, False], 2000)
    ([3000, -1000, -1000, -1000], [1000, 1000, -2000])
    """
    n = len(tenpai)
    k = sum(tenpai)
    if not 0 < k < n:
        return [0] * n
    return [total // k if t else -total // (n - k) for t in tenpai]


def settle_exhaustive(r: Round) -> None:
    """K1, Y27: noten payments (or nagashi mangan) once every tenpai seat has declared."""
    n = len(r.seats)
    tenpai = list(r.tenpai_now)
    for p, shown in r.tenpai_decl.items():
        tenpai[p] = shown
    r.options = {}
    r.answers = {}
    deltas = [0] * n
    nagashi: list[int] = []
    if r.rules.nagashi_mangan:
        for p, s in enumerate(r.seats):
            river = s.river
            if river and all((x.tile >> 2) in YAOCHUU and x.called_by is None for x in river):
                nagashi.append(p)
    for p in nagashi:
        # honba counted in 100s per payer: rules.honba_points scales them (S6)
        pay = nagashi_mangan(p == r.dealer, r.rules, r.honba * r.rules.honba_points // 100)
        for q in range(n):
            if q == p:
                continue
            if "each" in pay:
                amount = pay["each"]
            elif q == r.dealer:
                amount = pay["dealer"]
            else:
                amount = pay["non_dealer"]
            deltas[q] -= amount
            deltas[p] += amount
    if not nagashi or r.rules.nagashi_as_draw_payment:
        for p, d in enumerate(noten_payments(tenpai, r.rules.noten_total)):
            deltas[p] += d
    for p in range(n):
        r.scores[p] += deltas[p]
    hands = tuple(tuple(sorted(s.hand)) if tenpai[p] else () for p, s in enumerate(r.seats))
    kind = DrawKind.NAGASHI if nagashi else DrawKind.EXHAUSTIVE
    r.events.append(RoundDrawn(kind, as_scores(deltas), tuple(tenpai), hands,
                               tuple(nagashi)))
    dealer_tenpai = tenpai[r.dealer]
    renchan = dealer_tenpai and r.rules.renchan_on_dealer_tenpai
    end(r, renchan, r.honba + 1, (), kind, dealer_tenpai)


def end(r: Round, renchan: bool, honba: int, winners: tuple[int, ...], draw: DrawKind | None,
        dealer_tenpai: bool) -> None:
    """The round is over: record what carries over to the next one."""
    r.phase = Phase.OVER
    r.pending = None
    deltas = as_scores([r.scores[p] - r.start_scores[p] for p in range(len(r.seats))])
    scores = as_scores(r.scores)
    r.outcome = RoundOutcome(
        deltas=deltas,
        scores=scores,
        renchan=renchan,
        honba=honba,
        sticks=r.sticks,
        winners=winners,
        draw=draw,
        dealer_tenpai=dealer_tenpai,
    )
    r.events.append(RoundEnded(deltas, scores, honba, r.sticks, renchan))
