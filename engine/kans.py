"""Kans (rules C3, C5, C6, D3, K4): closed and added kans on the own turn, the kan count
(suukaikan), kan dora and when it is shown, and robbing a kan (chankan, kokushi on a closed kan).

Functions over ``engine.round.Round``. A kan that stands is followed by a replacement draw, which
the caller makes (the table draws from the dead wall; the mjai tracker waits for the announced
draw). A called open kan is taken in ``engine.calls``.
"""

from __future__ import annotations

from engine.actions import PASS, RON, Action, Kan
from engine.events import DrawKind, KanDeclared, Nuki
from engine.meld import Meld, MeldKind
from engine.phase import Phase
from engine.round import (
    Round,
    furiten_for_missed,
    reveal_dora,
    reveal_pending_dora,
    ron_order,
    win_result,
)
from engine.settlement import abort, settle_wins


def declare_own_kan(r: Round, seat: int, action: Kan) -> bool:
    """``seat`` declares a closed or added kan on its turn. True when the kan is open to
    chankan (phase CHANKAN); otherwise it stands and the seat draws a replacement tile next."""
    s = r.seats[seat]
    if action.kind is MeldKind.ANKAN:
        reveal_pending_dora(r)
        for t in action.tiles:
            s.remove(t)
        meld = Meld(MeldKind.ANKAN, tuple(sorted(action.tiles)), None, 0)
        s.melds.append(meld)
        kan_done(r, seat)
        r.events.append(KanDeclared(seat, meld))
        reveal_dora(r)  # D3: a closed kan shows its dora at once
        s.update_waits()
        # C6: kokushi may rob a closed kan
        if r.rules.kokushi_rob_ankan:
            chankan_options(r, seat, action.tiles[0], action, kokushi_only=True)
            if r.options:
                r.phase = Phase.CHANKAN
                return True
        return False
    # kakan: the added tile may be robbed before the kan stands
    added = action.tiles[0]
    idx = s.pon_of(added >> 2)
    assert idx is not None, "an added kan extends the seat's pon"
    pon = s.melds[idx]
    s.remove(added)
    meld = Meld(MeldKind.KAKAN, tuple(sorted(pon.tiles + (added,))), pon.called, pon.source,
                added)
    s.melds[idx] = meld
    s.update_waits()
    r.events.append(KanDeclared(seat, meld))
    r.no_calls = False
    # ippatsu stays open for a riichi seat that robs this kan (Tenhou); the kan clears it
    # only once it stands. An earlier open kan's dora likewise waits until then (D3).
    chankan_options(r, seat, added, action, kokushi_only=False)
    if r.options:
        r.phase = Phase.CHANKAN
        return True
    stand_kakan(r, seat)
    return False


def stand_kakan(r: Round, seat: int) -> None:
    """An added kan nobody robbed stands: it counts, and its dora follows (D3)."""
    reveal_pending_dora(r)
    kan_done(r, seat)
    dora_after_open_kan(r)


def dora_after_open_kan(r: Round) -> None:
    """D3: an open or added kan shows its dora at once or after the next discard (rules)."""
    if r.rules.kan_dora_timing == "immediate":
        reveal_dora(r)
    else:
        r.dora_pending += 1


def kan_done(r: Round, seat: int) -> None:
    """A kan stands: count it (K4 suukaikan) and end every ippatsu chance and the first
    go-around (C7)."""
    r.kans += 1
    r.kan_seats.append(seat)
    r.no_calls = False
    for s in r.seats:
        s.ippatsu = False
    if r.kans == 4 and len(set(r.kan_seats)) > 1 and r.rules.suukaikan:
        r.suukaikan_pending = True


# ---------------------------------------------------------------------------- nuki (P1)
def declare_nuki(r: Round, seat: int, tile: int) -> bool:
    """P1: ``seat`` sets the North ``tile`` aside as nuki dora. Any seat waiting on North may ron
    it (no chankan yaku): True when it is open to that (phase CHANKAN); otherwise it stands and
    the seat draws a replacement tile next (no new dora indicator)."""
    s = r.seats[seat]
    s.remove(tile)
    s.nuki.append(tile)
    s.update_waits()
    r.nukis += 1
    r.events.append(Nuki(seat, tile))
    n = len(r.seats)
    options: dict[int, tuple[Action, ...]] = {}
    missed: list[int] = []
    for i in range(1, n):
        p = (seat + i) % n
        other = r.seats[p]
        if not (other.waits >> 30) & 1:
            continue
        missed.append(p)
        if not other.furiten() and win_result(r, p, tile, False) is not None:
            options[p] = (RON, PASS)
    r.options = options
    r.answers = {}
    r.missed = missed
    r.nuki_tile = (seat, tile)
    if options:
        r.phase = Phase.CHANKAN
        return True
    stand_nuki(r)
    return False


def stand_nuki(r: Round) -> None:
    """A North set aside that nobody ronned stands: like a call it ends every ippatsu chance
    and the first go-around (double riichi, chiihou, nine terminals; P1)."""
    r.nuki_tile = None
    r.no_calls = False
    for s in r.seats:
        s.ippatsu = False


# ---------------------------------------------------------------------------- robbing a kan
def chankan_options(r: Round, seat: int, tile: int, action: Kan, kokushi_only: bool) -> None:
    """Fill ``r.options`` with the seats that may rob ``seat``'s kan on ``tile`` (C6)."""
    k = tile >> 2
    n = len(r.seats)
    options: dict[int, tuple[Action, ...]] = {}
    missed: list[int] = []
    for i in range(1, n):
        p = (seat + i) % n
        s = r.seats[p]
        if not (s.waits >> k) & 1:
            continue
        if kokushi_only and not s.kokushi_tenpai():
            continue
        missed.append(p)
        if not s.furiten() and win_result(r, p, tile, False, chankan=True) is not None:
            options[p] = (RON, PASS)
    r.options = options
    r.answers = {}
    r.missed = missed
    r.kan_tile = (seat, tile, action)


def resolve_chankan(r: Round) -> int | None:
    """Settle the answers to a kan open to chankan (or a North set aside, P1): the robbing
    wins, or the kan stands. Returns the seat that draws a replacement tile next (None: the
    round is over)."""
    if r.nuki_tile is not None:
        seat, tile = r.nuki_tile
        rons = ron_order(r, seat)
        furiten_for_missed(r, rons)
        r.options = {}
        r.answers = {}
        if rons:
            r.nuki_tile = None
            if not r.rules.double_ron:
                rons = rons[:1]
            settle_wins(r, [(p, seat, tile, False) for p in rons])
            return None
        stand_nuki(r)
        return seat
    assert r.kan_tile is not None
    seat, tile, action = r.kan_tile
    rons = ron_order(r, seat)
    furiten_for_missed(r, rons)
    r.options = {}
    r.answers = {}
    r.kan_tile = None
    if rons:
        if len(rons) == 3 and r.rules.sanchahou:
            abort(r, DrawKind.TRIPLE_RON)
            return None
        if not r.rules.double_ron:
            rons = rons[:1]
        settle_wins(r, [(p, seat, tile, True) for p in rons])
        return None
    if action.kind is MeldKind.KAKAN:
        stand_kakan(r, seat)
    return seat
