"""A round followed from announced events, from one seat's side (rules F2, F3, R1, D3, C6).

A :class:`FollowedRound` is an ``engine.round.Round`` with no wall whose other seats' concealed
tiles are hidden (``Seat.known`` False): a referee announces every draw, discard, call, kan and
dora indicator, and the round's seats are updated by the table's own functions, so the legal
actions it offers its seat are the table's rules (STYLE 4) computed from what that seat may see
(STYLE 6). The mjai seat tracker (``engine.mjai.SeatTracker``) is built on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.actions import Action, Kan
from engine.calls import take_call
from engine.kans import declare_own_kan, resolve_chankan
from engine.phase import Phase
from engine.round import begin_turn, furiten_for_missed
from engine.rules import RuleSet
from engine.seat import Seat
from engine.table import new_round, pending_of
from engine.turn import discard
from engine.view import RiverTile


class FollowedRound:
    """One seat's side of a round, driven by announced events: a ``Round`` with no wall whose
    other seats' hands are hidden (``Seat.known`` False: only their melds and rivers are
    known). It never draws (the referee says who drew what), never settles a discard (the
    referee says what happened next) and never turns a dora indicator (the ``dora`` event
    does); it updates the seats with the table's own functions (``engine.turn.discard``,
    ``engine.calls.take_call``, ``engine.kans.declare_own_kan``) and asks the table's own
    legality (``engine.table.pending_of``)."""

    __slots__ = ("me", "r")

    def __init__(self, rules: RuleSet, me: int, hand: Sequence[int], dora: int, *,
                 round_index: int, dealer: int, round_wind: int, honba: int, sticks: int,
                 scores: Sequence[int]) -> None:
        self.me = me
        seats = [Seat(known=s == me) for s in range(len(scores))]
        self.r = new_round(rules, seats, [int(x) for x in scores], None,
                           round_index=round_index, dealer=dealer, round_wind=round_wind,
                           honba=honba, sticks=sticks, indicators=[dora])
        mine = seats[me]
        for t in hand:
            mine.add(t)
        mine.update_waits()
        self.idle()

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The seat's legal actions now, by the table's rules (empty: nothing to decide)."""
        return pending_of(self.r).get(seat, ())

    # ------------------------------------------------------------ the seat's own tiles
    def own_tile(self, kind: int, red: bool, prefer: Iterable[int | None] = ()) -> int | None:
        """A tile of ``kind`` (red or not) in the seat's hand, one of ``prefer`` if it can be
        (the tile drawn, the one chosen with riichi); None when the seat holds none."""
        red_of = self.r.red
        fits = [x for x in self.r.seats[self.me].hand if x >> 2 == kind and red_of[x] == red]
        for pick in prefer:
            if pick is not None and pick in fits:
                return pick
        return fits[0] if fits else None

    def own_tiles(self, wanted: Iterable[tuple[int, bool]]) -> tuple[int, ...] | None:
        """Distinct tiles of the seat's hand for ``(kind, red)`` each (a call's tiles), or None
        when the hand does not hold them all."""
        red_of = self.r.red
        hand = list(self.r.seats[self.me].hand)
        out = []
        for kind, red in wanted:
            pick = next((x for x in hand if x >> 2 == kind and red_of[x] == red), None)
            if pick is None:
                return None
            hand.remove(pick)
            out.append(pick)
        return tuple(out)

    def tsumogiri(self, tile: int) -> bool:
        """Whether discarding ``tile`` shows as the tile just drawn (same kind and redness)."""
        r = self.r
        drawn = r.drawn
        if drawn is None or r.after_call:
            return False
        return tile >> 2 == drawn >> 2 and r.red[tile] == r.red[drawn]

    def offered(self) -> tuple[int, int] | None:
        """(seat, tile) of the discard or added kan open to this seat's call."""
        r = self.r
        if r.phase is Phase.CHANKAN and r.kan_tile is not None:
            return r.kan_tile[0], r.kan_tile[1]
        return r.discard

    # ------------------------------------------------------------ announced events
    def idle(self, keep_discard: bool = False) -> None:
        """Nobody at this seat's side has anything to decide."""
        r = self.r
        r.phase = Phase.CALLS
        r.options = {}
        r.answers = {}
        if not keep_discard:
            r.discard = None
        r.pending = None

    def settle(self) -> None:
        """The referee moved on from an open discard or kan: this seat did not win on it, so a
        wait it let pass makes it furiten (F2, F3); a robbable kakan now stands."""
        r = self.r
        if r.phase is Phase.CHANKAN and r.kan_tile is not None:
            r.answers = {}
            resolve_chankan(r)  # the replacement draw is announced
        elif r.missed:
            furiten_for_missed(r, [])
        r.missed = []
        r.kan_tile = None
        if r.phase is not Phase.OVER:
            self.idle()

    def announce_draw(self, seat: int, tile: int | None, rinshan: bool) -> None:
        """``seat`` drew (``tile`` None: a tile this side may not see)."""
        self.settle()
        r = self.r
        if not rinshan:
            r.next_draw += 1
        mine = seat == self.me and tile is not None
        begin_turn(r, seat, tile if mine else None, rinshan)
        if mine:
            r.phase = Phase.TURN
            r.pending = None
        else:
            self.idle()

    def announce_discard(self, seat: int, tile: int, riichi: bool, tsumogiri: bool) -> None:
        """``seat`` discarded ``tile`` (declaring riichi with it): open to this seat's calls."""
        self.settle()
        r = self.r
        if seat != self.me:
            r.drawn = None
        discard(r, seat, tile, riichi, False)
        river = r.seats[seat].river
        if river[-1].tsumogiri != tsumogiri:  # the referee's word for the other seats' draws
            river[-1] = RiverTile(tile, tsumogiri, riichi, order=river[-1].order)
        r.phase = Phase.CALLS  # open to this seat's call, or to nobody's (idle)
        r.pending = None

    def announce_call(self, seat: int, action: Action, source: int, tile: int) -> None:
        """``seat`` called ``source``'s discard ``tile`` with ``action`` (chi, pon, open kan)."""
        self.settle()
        take_call(self.r, seat, action, source, tile)
        if seat != self.me or isinstance(action, Kan):
            self.idle()
        self.r.pending = None

    def announce_own_kan(self, seat: int, action: Kan) -> None:
        """``seat`` declared a closed or added kan (open to this seat's chankan if it may)."""
        self.settle()
        if not declare_own_kan(self.r, seat, action):
            self.idle()  # the kan stands; the replacement draw is announced
        self.r.pending = None

    def accept_riichi(self, seat: int, scores: Sequence[int] | None) -> None:
        """R1: ``seat``'s riichi stands (its stick is on the table); ``scores`` as announced."""
        self.settle()
        r = self.r
        r.riichi_declarer = None
        r.scores[seat] -= 1000
        r.sticks += 1
        if scores is not None and len(scores) == len(r.seats):
            r.scores = [int(s) for s in scores]
        r.seats[seat].ippatsu = r.rules.ippatsu
        r.pending = None

    def end(self) -> None:
        """The round is over (a win, a draw, or the game's end)."""
        r = self.r
        r.phase = Phase.OVER
        r.options = {}
        r.pending = None
