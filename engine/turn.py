"""The own turn (rules T, C4, C5, R1-R6, F1-F3, K2, K3): the legal actions of the seat in turn
and what each does (discard, riichi, tsumo, kan, the nine-terminals abort).

Functions over ``engine.round.Round``. :func:`turn_legal` and :func:`discard` serve the mjai seat
tracker too; :func:`turn_action` is the table's own play of an action (a discard is then offered
to calls and settled by ``engine.calls``).
"""

from __future__ import annotations

from engine.actions import (
    ABORT,
    TSUMO,
    AbortNineTerminals,
    Action,
    Discard,
    Kan,
    Nuki,
    Riichi,
    Tsumo,
)
from engine.calls import call_options, resolve_discard
from engine.errors import IllegalAction
from engine.events import Discarded, DrawKind
from engine.kans import declare_nuki, declare_own_kan
from engine.meld import MeldKind
from engine.phase import Phase
from engine.round import Round, draw, reveal_pending_dora, win_result
from engine.settlement import abort, settle_wins
from engine.tiles import YAOCHUU
from engine.view import RiverTile

_DISCARD = tuple(Discard(t) for t in range(136))  # shared immutable actions (speed)
_RIICHI = tuple(Riichi(t) for t in range(136))


# ---------------------------------------------------------------------------- legal actions
def turn_legal(r: Round, seat: int) -> tuple[Action, ...]:
    """The legal actions of ``seat``, in turn after its draw (or its chi/pon)."""
    s = r.seats[seat]
    hand = s.hand
    if r.after_call:
        kk = r.kuikae
        return tuple(_DISCARD[t] for t in hand if (t >> 2) not in kk)  # C4
    out: list[Action] = []
    drawn = r.drawn
    assert drawn is not None
    dk = drawn >> 2
    counts = s.counts
    if (s.waits >> dk) & 1 and win_result(r, seat, drawn, True) is not None:
        out.append(TSUMO)
    left = r.live_tiles_left
    can_kan = r.kans < r.max_kans and left > 0
    if s.riichi:
        if can_kan and counts[dk] == 4 and s.riichi_ankan_ok(dk):  # C5
            out.append(Kan(MeldKind.ANKAN, tuple(sorted(t for t in hand if t >> 2 == dk))))
        if dk == 30 and left > 0 and r.rules.nuki_dora:
            out.append(Nuki(drawn))  # P1: a drawn North may be set aside in riichi
        out.append(_DISCARD[drawn])  # R2: a riichi hand discards what it draws
        return tuple(out)
    if can_kan:
        for k in (range(34) if 4 in counts else ()):
            if counts[k] == 4:
                out.append(Kan(MeldKind.ANKAN, tuple(sorted(t for t in hand if t >> 2 == k))))
        for m in s.melds:
            if m.kind is MeldKind.PON and counts[m.tiles[0] >> 2]:
                for t in hand:
                    if t >> 2 == m.tiles[0] >> 2:
                        out.append(Kan(MeldKind.KAKAN, (t,)))
    rules = r.rules
    if counts[30] and left > 0 and rules.nuki_dora:  # P1: set a North aside
        out.append(Nuki(drawn if dk == 30 else next(t for t in hand if t >> 2 == 30)))
    if s.closed and r.scores[seat] >= rules.riichi_min_points \
            and left >= rules.riichi_min_wall_tiles:
        ok: dict[int, bool] = {}
        for t in (hand if s.riichi_possible() else ()):
            k = t >> 2
            good = ok.get(k)
            if good is None:
                good = ok[k] = s.tenpai_mask_after(k) != 0
            if good:
                out.append(_RIICHI[t])
                if rules.open_riichi:
                    out.append(Riichi(t, True))
    if (
        rules.kyuushu_kyuuhai
        and r.no_calls
        and s.discards_made == 0
        and sum(1 for k in YAOCHUU if counts[k]) >= 9
    ):
        out.append(ABORT)  # K2
    d = _DISCARD
    out.extend([d[t] for t in hand])
    return tuple(out)


# ---------------------------------------------------------------------------- actions
def turn_action(r: Round, seat: int, action: Action) -> None:
    """Play one legal action of the seat in turn, and everything that follows from it."""
    match action:
        case Discard(tile=tile):
            play_discard(r, seat, tile, False, False)
        case Riichi(tile=tile, open=open_):
            play_discard(r, seat, tile, True, open_)
        case Tsumo():
            assert r.drawn is not None
            settle_wins(r, [(seat, seat, r.drawn, False)])
        case Kan():
            if not declare_own_kan(r, seat, action):
                draw(r, seat, rinshan=True)
        case Nuki(tile=tile):
            if not declare_nuki(r, seat, tile):
                draw(r, seat, rinshan=True)
        case AbortNineTerminals():
            abort(r, DrawKind.NINE_TERMINALS)
        case _:  # pragma: no cover - legal lists hold nothing else on a turn
            raise IllegalAction(f"{action} by seat {seat} is not a turn action")


def play_discard(r: Round, seat: int, tile: int, riichi: bool, open_: bool) -> None:
    """Discard, then offer the tile to calls, or settle it at once when nobody may call."""
    discard(r, seat, tile, riichi, open_)
    if r.options:
        r.phase = Phase.CALLS
    else:
        resolve_discard(r)


def discard(r: Round, seat: int, tile: int, riichi: bool, open_: bool) -> None:
    """``seat`` discards ``tile`` (declaring riichi with it): the river, riichi, furiten and
    first-go-around bookkeeping, and each other seat's options on the tile (``r.options``)."""
    if r.dora_pending:
        reveal_pending_dora(r)  # D3: an open kan's dora shows before the next discard
    s = r.seats[seat]
    tsumogiri = tile == r.drawn and not r.after_call
    s.remove(tile)
    k = tile >> 2
    s.river.append(RiverTile(tile, tsumogiri, riichi, order=sum(len(x.river) for x in r.seats)))
    s.river_mask |= 1 << k
    if s.ippatsu:
        s.ippatsu = False  # R3: the own next discard ends the ippatsu chance
    if riichi:
        s.riichi = True
        r.riichi_declarer = seat
        s.double_riichi = (
            r.rules.double_riichi and r.no_calls and s.discards_made == 0
        )
        s.open_riichi = open_
    if not tsumogiri:
        s.update_waits()
    if s.riichi and (s.waits >> k) & 1:
        s.riichi_furiten = True  # F3: discarding the own winning tile
    winds = r.first_winds
    if r.no_calls and len(winds) < 4 and \
            len(winds) == sum(x.discards_made for x in r.seats):
        winds.append(k)  # K3
    s.discards_made += 1
    r.drawn = None
    r.after_call = False
    if r.win_cache:
        r.win_cache.clear()
    r.events.append(Discarded(seat, tile, tsumogiri, riichi, open_))
    r.discard = (seat, tile)
    call_options(r, seat, tile)
