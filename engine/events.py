"""Events: what happened at the table, in order (libriichi / mjai style).

Each event is a small frozen dataclass. ``event.for_seat(seat)`` is the same event as that seat
may see it: other seats' starting hands and draws are hidden (``None``/``()``). Scores are in
points (25000), seats absolute (seat 0 is East in the first round).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine.meld import Meld

if TYPE_CHECKING:  # pragma: no cover - the scoring package's result type
    from engine.scoring import HandResult


class DrawKind(enum.Enum):
    """How a round ended without a win (K1-K7, Y27)."""

    EXHAUSTIVE = "exhaustive"  # K1 live wall empty: noten payments
    NAGASHI = "nagashi"  # Y27 nagashi mangan at an exhaustive draw
    NINE_TERMINALS = "kyuushu"  # K2
    FOUR_WINDS = "suufon_renda"  # K3
    FOUR_KANS = "suukaikan"  # K4
    FOUR_RIICHI = "suucha_riichi"  # K5
    TRIPLE_RON = "sanchahou"  # K6

    @property
    def abortive(self) -> bool:
        return self not in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI)


class _Public:
    """Events every seat sees whole."""

    __slots__ = ()

    def for_seat(self, seat: int) -> Any:
        return self


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """A round was dealt. ``round_index`` 0-3 = East 1-4, 4-7 South, 8-11 West, 12-15 North;
    ``hands[s]`` is seat s's 13 starting tiles (``()`` when seen from another seat)."""

    round_index: int
    round_wind: int  # tile kind 27-30
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]  # per seat (four or three, P1)
    dora_indicators: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    dice: tuple[int, int]

    def for_seat(self, seat: int) -> RoundStarted:
        return replace(self, hands=tuple(h if s == seat else () for s, h in enumerate(self.hands)))


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` drew ``tile`` (``None`` when seen from another seat); ``rinshan`` = from the dead
    wall after a kan (T4)."""

    seat: int
    tile: int | None
    rinshan: bool = False

    def for_seat(self, seat: int) -> Drew:
        return self if seat == self.seat else replace(self, tile=None)


@dataclass(frozen=True, slots=True)
class Discarded(_Public):
    """``seat`` discarded ``tile``; ``tsumogiri`` = the tile just drawn; ``riichi`` = the
    sideways riichi declaration discard (R1), ``open`` for open riichi (R6)."""

    seat: int
    tile: int
    tsumogiri: bool
    riichi: bool = False
    open: bool = False


@dataclass(frozen=True, slots=True)
class Called(_Public):
    """``seat`` called chi, pon or daiminkan on ``from_seat``'s discard."""

    seat: int
    meld: Meld
    from_seat: int


@dataclass(frozen=True, slots=True)
class KanDeclared(_Public):
    """``seat`` declared an ankan or kakan on its own turn (``meld`` is the whole kan)."""

    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Nuki(_Public):
    """P1: ``seat`` set the North ``tile`` aside as nuki dora (a replacement draw follows, after
    any ron on it)."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class DoraRevealed(_Public):
    """A new kan-dora indicator (D3) turned over."""

    indicator: int


@dataclass(frozen=True, slots=True)
class RiichiAccepted(_Public):
    """The riichi declaration discard passed: the 1000-point stick is on the table (R1)."""

    seat: int
    scores: tuple[int, ...]
    sticks: int


@dataclass(frozen=True, slots=True)
class Win(_Public):
    """``seat`` won on ``tile`` from ``from_seat`` (== seat for tsumo). ``deltas`` are this win's
    score changes including honba, sticks and pao; ``pao`` is the liable seat (S9) or None."""

    seat: int
    from_seat: int
    tile: int
    concealed: tuple[int, ...]  # including the winning tile
    melds: tuple[Meld, ...]
    result: HandResult
    ura_indicators: tuple[int, ...]
    deltas: tuple[int, ...]
    pao: int | None = None

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


@dataclass(frozen=True, slots=True)
class RoundDrawn(_Public):
    """The round ended without a win. At an exhaustive draw ``tenpai`` says who showed tenpai
    and ``hands`` holds their revealed hands (``()`` for the others); ``nagashi`` lists the
    seats paid for nagashi mangan; ``deltas`` are the payments (zero for abortive draws)."""

    kind: DrawKind
    deltas: tuple[int, ...]
    tenpai: tuple[bool, ...] = (False, False, False, False)
    hands: tuple[tuple[int, ...], ...] = ((), (), (), ())
    nagashi: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundEnded(_Public):
    """The round's totals: ``deltas`` (wins/draw payments and riichi sticks), ``scores`` after,
    and what carries over: ``honba`` and ``sticks`` for the next round, ``renchan``."""

    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    honba: int
    sticks: int
    renchan: bool


@dataclass(frozen=True, slots=True)
class GameResult:
    """Final standings (G6, G7). ``ranking`` lists seats first to last; ``points`` are final
    points (leftover sticks included per R5); ``scores`` the uma/oka game scores per seat."""

    points: tuple[int, ...]  # per seat (four or three, P1)
    ranking: tuple[int, ...]
    scores: tuple[float, ...]
    leftover_sticks: int

    def rank_of(self, seat: int) -> int:
        """0 = first."""
        return self.ranking.index(seat)


@dataclass(frozen=True, slots=True)
class GameEnded(_Public):
    """The game is over (G1-G7); ``reason`` is "last round", "bust", "agari-yame"."""

    result: GameResult
    reason: str


Event = (
    RoundStarted | Drew | Discarded | Called | KanDeclared | DoraRevealed | RiichiAccepted | Win
    | RoundDrawn | RoundEnded | GameEnded | Nuki
)
