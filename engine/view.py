"""Seat views: everything one seat may know, and nothing more (STYLE 6).

A ``PlayerView`` never holds the wall nor another seat's concealed tiles (except a hand shown by
open riichi, R6). AIs and the UI decide from it: ``legal`` lists the seat's legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.meld import Meld


@dataclass(frozen=True, slots=True)
class RiverTile:
    """One discard in a river: ``called_by`` is the seat that called it (it stays shown,
    greyed, and still counts for discard furiten F1), ``riichi`` the sideways declaration tile,
    ``order`` how many discards the round had before this one (which of two rivers' tiles came
    first: a call skips turns, so the places in the rivers do not tell; -1 when not known)."""

    tile: int
    tsumogiri: bool
    riichi: bool = False
    called_by: int | None = None
    order: int = -1


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What ``seat`` may see of the current round."""

    seat: int
    round_index: int  # 0-3 East 1-4, 4-7 South, 8-11 West, 12-15 North (P1: x % 4 <= 2)
    round_wind: int  # tile kind 27-30
    seat_wind: int  # tile kind 27-30; 27 = this seat is the dealer
    dealer: int
    honba: int
    sticks: int  # riichi sticks on the table
    scores: tuple[int, ...]  # per seat: ``len(scores)`` is the number of players (P1)
    hand: tuple[int, ...]  # own concealed tiles, sorted, without the drawn tile
    drawn: int | None  # own tile just drawn (also counted in nothing else)
    melds: tuple[tuple[Meld, ...], ...]  # per seat, in call order
    rivers: tuple[tuple[RiverTile, ...], ...]  # per seat
    dora_indicators: tuple[int, ...]
    riichi: tuple[bool, ...]  # per seat: declared and accepted, or declaring now
    open_hands: tuple[tuple[int, ...] | None, ...]  # hands shown by open riichi (R6)
    live_tiles_left: int  # live-wall tiles still to draw
    kans: int  # kans declared this round
    turn: int  # the seat whose turn it is (who drew or must discard, or who discarded last)
    last_discard: tuple[int, int] | None  # (seat, tile) of a discard now open to calls
    waits: tuple[int, ...]  # own waits (tile kinds) when the 13-tile hand is tenpai
    furiten: bool  # own furiten of any kind (F1-F3): no ron now
    ippatsu: bool  # own ippatsu chance is open (R3)
    legal: tuple[Action, ...]  # own legal actions now; empty when the seat need not act
    nuki: tuple[tuple[int, ...], ...] = ()  # per seat: Norths set aside (P1, three players)

    @property
    def concealed(self) -> tuple[int, ...]:
        """Own concealed tiles including the drawn one."""
        return self.hand if self.drawn is None else self.hand + (self.drawn,)
