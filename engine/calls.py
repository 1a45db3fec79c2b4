"""Calls on a discard (rules C1-C5, C7, F1-F3, R1, S9, K3-K6).

What each other seat may answer to a discard (ron, pon, daiminkan, chi, with kuikae), when the
answers settle it (ron > pon/kan > chi, double ron, sanchahou, atama-hane), what follows (riichi
accepted, abortive draws, the call itself, the next draw) and pao liability: functions over
``engine.round.Round``. :func:`call_options` and :func:`take_call` serve the mjai seat tracker
too; :func:`resolve_discard` is the table's own settling of the answers.
"""

from __future__ import annotations

from engine.actions import PASS, RON, Action, Chi, Kan, Pon, Ron
from engine.events import Called, DrawKind, RiichiAccepted
from engine.kans import dora_after_open_kan, kan_done
from engine.meld import Meld, MeldKind
from engine.phase import Phase
from engine.round import Round, as_scores, draw, furiten_for_missed, ron_order, win_result
from engine.rules import RuleSet
from engine.settlement import abort, exhaustive, settle_wins
from engine.view import RiverTile

_CHI_PAIRS = tuple(
    tuple((k - k % 9 + lo + a, k - k % 9 + lo + b)
          for lo in (k % 9 - 2, k % 9 - 1, k % 9) if 0 <= lo and lo + 2 <= 8
          for a, b in ((lo_a, lo_b) for lo_a, lo_b in ((0, 1), (0, 2), (1, 2))
                       if lo + lo_a != k % 9 and lo + lo_b != k % 9))
    if k < 27 else ()
    for k in range(34)
)  # for each kind, the pairs of kinds that chi it (C1)


# ---------------------------------------------------------------------------- options
def call_options(r: Round, discarder: int, tile: int) -> None:
    """Fill ``r.options`` with each other seat's choices on a discard (C1-C5, F1-F3) and
    ``r.missed`` with the seats whose waits include it."""
    k = tile >> 2
    n = len(r.seats)
    options: dict[int, tuple[Action, ...]] = {}
    missed: list[int] = []
    last = r.live_tiles_left <= 0
    can_kan = not last and r.kans < r.max_kans
    chi_ok = r.rules.chi  # P1: never with three players
    seats = r.seats
    for i in range(1, n):
        p = (discarder + i) % n
        s = seats[p]
        cnt = s.counts
        c = cnt[k]
        wait = (s.waits >> k) & 1
        chi_seat = i == 1 and k < 27 and not last and chi_ok
        if not wait and c < 2 and not (chi_seat and _CHI_PAIRS[k] and any(
                cnt[k1] and cnt[k2] for k1, k2 in _CHI_PAIRS[k])):
            continue
        opts: list[Action] = []
        if wait:
            missed.append(p)
            if not s.furiten() and win_result(r, p, tile, False) is not None:
                opts.append(RON)
        if not last and not s.riichi:
            if c >= 2:
                banned = kuikae_kinds(r.rules, tile, (), False)
                for used in pick(r, p, k, 2):
                    if call_leaves_discard(r, p, used, banned):
                        opts.append(Pon((used[0], used[1]), tile))
                if c == 3 and can_kan:
                    opts.append(Kan(MeldKind.DAIMINKAN, tuple(sorted(
                        t for t in s.hand if t >> 2 == k)), tile))
            if chi_seat:
                for k1, k2 in _CHI_PAIRS[k]:
                    if not (cnt[k1] and cnt[k2]):
                        continue
                    for a in pick(r, p, k1, 1):
                        for b in pick(r, p, k2, 1):
                            pair = (a[0], b[0])
                            banned = kuikae_kinds(r.rules, tile, pair, True)
                            if call_leaves_discard(r, p, pair, banned):
                                opts.append(Chi(pair, tile))
        if opts:
            opts.append(PASS)
            options[p] = tuple(opts)
    r.options = options
    r.answers = {}
    r.missed = missed


def kuikae_kinds(rules: RuleSet, called: int, tiles: tuple[int, ...],
                 chi: bool) -> frozenset[int]:
    """C4: the kinds a seat may not discard right after calling ``called`` with ``tiles``."""
    if rules.kuikae_allowed:
        return frozenset()
    k = called >> 2
    if not chi:
        return frozenset((k,))
    others = sorted(t >> 2 for t in tiles)
    out = {k}
    if k < others[0] and k % 9 + 3 <= 8:  # called the low end: its suji partner above
        out.add(k + 3)
    elif k > others[1] and k % 9 - 3 >= 0:  # called the high end: its partner below
        out.add(k - 3)
    return frozenset(out)


def call_leaves_discard(r: Round, seat: int, used: tuple[int, ...],
                        banned: frozenset[int]) -> bool:
    """C4: after the call the seat still has a tile it may discard."""
    rest = list(r.seats[seat].hand)
    for t in used:
        rest.remove(t)
    return any((t >> 2) not in banned for t in rest)


def pick(r: Round, seat: int, kind: int, n: int) -> list[tuple[int, ...]]:
    """Distinct ways to take ``n`` tiles of ``kind`` from the hand (red and plain differ)."""
    tiles = sorted(t for t in r.seats[seat].hand if t >> 2 == kind)
    red_of = r.red
    red = [t for t in tiles if red_of[t]]
    plain = [t for t in tiles if not red_of[t]]
    out = []
    for k in range(min(n, len(red)) + 1):
        if n - k <= len(plain):
            out.append(tuple(sorted(red[:k] + plain[: n - k])))
    return out


# ---------------------------------------------------------------------------- answers
def decided(r: Round) -> bool:
    """Whether the answers so far settle the tile on offer (unanswered seats cannot change
    it): priority ron 3, pon/kan 2, chi 1."""
    answers = r.answers
    if len(answers) == len(r.options):
        return True
    best = 0
    for a in answers.values():
        p = 3 if isinstance(a, Ron) else 2 if isinstance(a, (Pon, Kan)) else (
            1 if isinstance(a, Chi) else 0)
        best = max(best, p)
    for seat, opts in r.options.items():
        if seat in answers:
            continue
        top = 0
        for a in opts:
            if isinstance(a, Ron):
                top = 3
                break
            if isinstance(a, (Pon, Kan)):
                top = max(top, 2)
            elif isinstance(a, Chi):
                top = max(top, 1)
        if top > best or top == 3:
            return False
    return True


def resolve_discard(r: Round) -> None:
    """Settle the answers to the discard on offer (ron > pon/kan > chi; R1, K3-K6), then
    play on: a win, an abortive draw, the call, the exhaustive draw or the next draw."""
    assert r.discard is not None
    d, tile = r.discard
    rons = ron_order(r, d)
    furiten_for_missed(r, rons)
    if rons:
        if len(rons) == 3 and r.rules.sanchahou:
            r.riichi_declarer = None  # the declaring discard was ronned: no stick
            abort(r, DrawKind.TRIPLE_RON)
            return
        if not r.rules.double_ron:
            rons = rons[:1]
        settle_wins(r, [(p, d, tile, False) for p in rons])
        return
    # the discard passed: the riichi stands (R1)
    if r.riichi_declarer is not None:
        p = r.riichi_declarer
        r.riichi_declarer = None
        r.scores[p] -= 1000
        r.sticks += 1
        r.seats[p].ippatsu = r.rules.ippatsu
        r.events.append(RiichiAccepted(p, as_scores(r.scores), r.sticks))
        if r.rules.suucha_riichi and all(s.riichi for s in r.seats):
            abort(r, DrawKind.FOUR_RIICHI)
            return
    if r.suukaikan_pending:
        abort(r, DrawKind.FOUR_KANS)
        return
    call: tuple[int, Action] | None = None
    for p, a in r.answers.items():
        if isinstance(a, (Pon, Kan)):
            call = (p, a)
    if call is None:
        for p, a in r.answers.items():
            if isinstance(a, Chi):
                call = (p, a)
    r.options = {}
    r.answers = {}
    if call is not None:
        if take_call(r, call[0], call[1], d, tile):
            draw(r, call[0], rinshan=True)
        return
    r.discard = None
    n = len(r.seats)
    winds = r.first_winds
    if (
        r.rules.suufon_renda
        and r.no_calls
        and len(winds) == 4
        and sum(s.discards_made for s in r.seats) == 4
        and 27 <= winds[0] <= 30
        and winds.count(winds[0]) == 4
    ):
        abort(r, DrawKind.FOUR_WINDS)
        return
    if r.live_tiles_left <= 0:
        exhaustive(r)
        return
    draw(r, (d + 1) % n)


def take_call(r: Round, seat: int, action: Action, source: int, tile: int) -> bool:
    """``seat`` calls ``source``'s discard ``tile`` with ``action`` (chi, pon or open kan).
    True for an open kan: it stands and the seat draws a replacement tile next; after chi or
    pon the seat must discard (phase TURN)."""
    n = len(r.seats)
    rel = (source - seat) % n
    river = r.seats[source].river
    last = river[-1]
    river[-1] = RiverTile(last.tile, last.tsumogiri, last.riichi, seat, last.order)
    r.no_calls = False
    for other in r.seats:
        other.ippatsu = False
    s = r.seats[seat]
    s.closed = False
    s.temp_furiten = False  # F2: lifted by the own call
    r.discard = None
    if isinstance(action, Kan):
        for t in action.tiles:
            s.remove(t)
        meld = Meld(MeldKind.DAIMINKAN, tuple(sorted(action.tiles + (tile,))), tile, rel)
        s.melds.append(meld)
        s.update_waits()
        check_pao(r, seat, tile >> 2, source)
        r.events.append(Called(seat, meld, source))
        kan_done(r, seat)
        dora_after_open_kan(r)
        return True
    assert isinstance(action, (Pon, Chi))
    for t in action.tiles:
        s.remove(t)
    kind = MeldKind.PON if isinstance(action, Pon) else MeldKind.CHI
    meld = Meld(kind, tuple(sorted(action.tiles + (tile,))), tile, rel)
    s.melds.append(meld)
    if kind is MeldKind.PON:
        check_pao(r, seat, tile >> 2, source)
    r.events.append(Called(seat, meld, source))
    r.turn = seat
    r.drawn = None
    r.rinshan = False
    r.after_call = True
    r.kuikae = kuikae_kinds(r.rules, tile, action.tiles, kind is MeldKind.CHI)
    r.phase = Phase.TURN
    return False


def check_pao(r: Round, seat: int, kind: int, source: int) -> None:
    """S9: the feeder of the last dragon (wind) set of daisangen (daisuushii) is liable."""
    if not r.rules.pao or kind < 27:
        return
    s = r.seats[seat]
    sets = {m.tiles[0] >> 2 for m in s.melds if m.kind is not MeldKind.CHI}
    if kind >= 31 and all(d in sets for d in (31, 32, 33)):
        s.pao = (source, 0)
    elif kind < 31 and all(w in sets for w in (27, 28, 29, 30)):
        s.pao = (source, 1)
