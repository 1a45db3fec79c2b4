"""One fold over a game's events (``engine.events``), round by round: what both the records
export (:func:`engine.records.record_from_game`) and the player's history
(``app.storage.history``) read from a game played here.

Per round it keeps the start (``RoundStarted``), the play as record events (draws, discards,
calls and kans), the dora indicators in reveal order, the ura indicators shown at a riichi win
(D4), the wins, the draw, the seats whose riichi was accepted (R1) and that made an open call,
and the round's totals (``RoundEnded``); per game the finished rounds, a round still being played
(``cut``) and the final result (``GameEnded``).

>>> from engine.game import Game
>>> fold = fold_events(Game(seed=1).events)
>>> fold.rounds, fold.cut.start.round_index, fold.result is None
((), 0, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    GameEnded,
    GameResult,
    KanDeclared,
    Nuki,
    RiichiAccepted,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
)
from engine.events import Event as GameEvent
from engine.events import Win as WinEvent
from engine.records.model import Call, Discard, Draw, Event, RecordError
from engine.records.model import Nuki as NukiRecord


@dataclass(frozen=True, slots=True)
class FoldedRound:
    """One round's events, folded. ``play`` holds the draws, discards, calls and kans in order;
    ``dora`` every indicator in reveal order; ``ura`` the ura indicators shown at a riichi win
    (``()`` otherwise); ``wins`` the win events (several at a double ron); ``drawn`` the draw
    that ended the round, if any; ``riichi`` the seats whose riichi was accepted and ``called``
    those that called chi, pon or daiminkan (both sorted); ``ended`` the round's totals, ``None``
    for a round still being played."""

    start: RoundStarted
    play: tuple[Event, ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    wins: tuple[WinEvent, ...]
    drawn: RoundDrawn | None
    riichi: tuple[int, ...]
    called: tuple[int, ...]
    ended: RoundEnded | None

    @property
    def name(self) -> str:
        """``'E1-0'`` style: wind, round number, honba."""
        index = self.start.round_index
        return f"{'ESWN'[index // 4 % 4]}{index % 4 + 1}-{self.start.honba}"


@dataclass(frozen=True, slots=True)
class FoldedGame:
    """A game's events, folded: the finished ``rounds``, the round still being played
    (``cut``, ``None`` between rounds and after the end) and the final ``result`` (``None``
    before the game is over)."""

    rounds: tuple[FoldedRound, ...]
    cut: FoldedRound | None
    result: GameResult | None


class _Round:
    """One round being folded."""

    __slots__ = ("called", "dora", "drawn", "play", "riichi", "start", "ura", "wins")

    def __init__(self, ev: RoundStarted) -> None:
        self.start = ev
        self.play: list[Event] = []
        self.dora = list(ev.dora_indicators)
        self.ura: tuple[int, ...] = ()
        self.wins: list[WinEvent] = []
        self.drawn: RoundDrawn | None = None
        self.riichi: set[int] = set()
        self.called: set[int] = set()

    def folded(self, ended: RoundEnded | None) -> FoldedRound:
        return FoldedRound(
            start=self.start, play=tuple(self.play), dora=tuple(self.dora), ura=self.ura,
            wins=tuple(self.wins), drawn=self.drawn, riichi=tuple(sorted(self.riichi)),
            called=tuple(sorted(self.called)), ended=ended,
        )


def fold_events(events: Iterable[GameEvent]) -> FoldedGame:
    """Fold a game's events (``Game.events``: every hand and draw shown), played to the end or
    not. Raises ``RecordError`` if they are not a game's: a round event outside a round, a
    round that starts before the last one ended, one that ends without a win or a draw, or
    a draw hidden as in a seat's view."""
    rounds: list[FoldedRound] = []
    cur: _Round | None = None
    result: GameResult | None = None
    for ev in events:
        if isinstance(ev, RoundStarted):
            if cur is not None:
                raise RecordError(f"round {ev.round_index} starts before round "
                                  f"{cur.start.round_index} ended")
            cur = _Round(ev)
            continue
        if isinstance(ev, GameEnded):
            result = ev.result
            continue
        if cur is None:
            raise RecordError(f"{type(ev).__name__} outside a round")
        match ev:
            case Drew(seat, tile, rinshan):
                if tile is None:
                    raise RecordError(f"seat {seat}'s draw is hidden: a seat's view, not a game")
                cur.play.append(Draw(seat, tile, rinshan))
            case Discarded(seat, tile, tsumogiri, riichi, _):
                cur.play.append(Discard(seat, tile, tsumogiri, riichi))
            case Called(seat, meld, _):
                cur.play.append(Call(seat, meld))
                cur.called.add(seat)
            case KanDeclared(seat, meld):  # ankan or kakan: the hand stays as open as it was
                cur.play.append(Call(seat, meld))
            case Nuki(seat, tile):
                cur.play.append(NukiRecord(seat, tile))
            case DoraRevealed(indicator):
                cur.dora.append(indicator)
            case RiichiAccepted(seat):
                cur.riichi.add(seat)
            case WinEvent():
                if cur.drawn is not None:
                    raise RecordError(f"round {cur.start.round_index}: a win after its draw")
                cur.wins.append(ev)
                if len(ev.ura_indicators) > len(cur.ura):  # shown for a riichi winner (D4)
                    cur.ura = ev.ura_indicators
            case RoundDrawn():
                if cur.wins:
                    raise RecordError(f"round {cur.start.round_index}: a draw after its win")
                cur.drawn = ev
            case RoundEnded():
                if not cur.wins and cur.drawn is None:
                    raise RecordError(f"round {cur.start.round_index} ended without a win or draw")
                rounds.append(cur.folded(ev))
                cur = None
    return FoldedGame(tuple(rounds), None if cur is None else cur.folded(None), result)
