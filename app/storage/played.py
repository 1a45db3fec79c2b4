"""What the history keeps of a finished game (:class:`PlayedGame`, its rounds and wins) and what
it gives back (:class:`GameSummary`, :class:`Statistics`): the value types of
:mod:`app.storage.history`, and :func:`record_from_events`, which builds a game's entry from the
table's events through the engine's one fold (``engine.records.fold``), the same fold the records
export reads.

>>> w = PlayedWin(seat=0, from_seat=0, han=3, fu=30, points=6000, yaku=("riichi",))
>>> w.tsumo, seat_kind({"kind": "human", "name": "You"})
(True, 'human')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

# --------------------------------------------------------------------------- entries


@dataclass(frozen=True, slots=True)
class PlayedWin:
    """One win of a round. ``from_seat == seat`` for tsumo; ``points`` is the hand's value
    before honba and sticks (``HandResult.total``); ``yaku`` the result's line names."""

    seat: int
    from_seat: int
    han: int
    fu: int
    points: int
    yaku: tuple[str, ...] = ()

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """One round. ``round_index`` 0-3 = East 1-4, 4-7 South…; ``kind`` is "tsumo", "ron" or a
    draw kind ("exhaustive", "nagashi", "kyuushu", …); ``deltas`` the round's score changes
    per seat; ``riichi`` / ``called`` the seats that declared riichi / made an open call."""

    round_index: int
    honba: int
    kind: str
    deltas: tuple[int, ...]
    wins: tuple[PlayedWin, ...] = ()
    riichi: tuple[int, ...] = ()
    called: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game. ``ranking`` lists seats first to last (ties already broken);
    ``points`` final points and ``scores`` uma/oka game scores, per seat; ``actions`` the
    journal's ``(seat, action_dict)`` list."""

    game_id: str
    rules: dict[str, Any]
    seed: int
    seats: list[Any]
    points: tuple[int, ...]
    ranking: tuple[int, ...]
    scores: tuple[float, ...]
    rounds: tuple[PlayedRound, ...] = ()
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    started: str | None = None
    finished: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    def placement(self, seat: int) -> int:
        """1 = first."""
        return list(self.ranking).index(seat) + 1


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A line of ``list_games``. ``player_seat`` is the first seat of the asked-for kind
    (None if none); ``placement`` (1-4) and ``points`` / ``score`` are that seat's."""

    game_id: str
    finished: str
    rules_name: str
    length: str
    rounds_played: int
    seats: list[Any]
    points: tuple[int, ...]
    ranking: tuple[int, ...]
    scores: tuple[float, ...]
    player_seat: int | None
    placement: int | None
    player_points: int | None
    player_score: float | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "finished": self.finished,
            "rules": self.rules_name,
            "length": self.length,
            "rounds": self.rounds_played,
            "seats": self.seats,
            "points": list(self.points),
            "ranking": list(self.ranking),
            "scores": list(self.scores),
            "player_seat": self.player_seat,
            "placement": self.placement,
            "player_points": self.player_points,
            "player_score": self.player_score,
        }


@dataclass(frozen=True, slots=True)
class Statistics:
    """The player's record over all games of seats of one kind. Rates are fractions of rounds
    played (None before any round); ``placements`` counts 1st-4th (1st-3rd for three-player
    games, P1: ``players``; the two are never mixed); ``recent_placements`` the
    placements of the last games, oldest first. ``deal_ins`` counts wins paid (a double ron
    is two); ``deal_in_rate`` counts rounds; ``average_deal_in_points`` is what was paid per
    deal-in, honba included (riichi sticks are not a payment to the winner)."""

    games: int = 0
    rounds: int = 0
    average_placement: float | None = None
    placements: tuple[int, ...] = (0, 0, 0, 0)
    win_rate: float | None = None
    deal_in_rate: float | None = None
    riichi_rate: float | None = None
    call_rate: float | None = None
    tsumo_wins: int = 0
    ron_wins: int = 0
    deal_ins: int = 0
    average_win_points: float | None = None
    average_deal_in_points: float | None = None
    yaku_counts: dict[str, int] = field(default_factory=dict)
    recent_placements: list[int] = field(default_factory=list)
    players: int = 4  # P1: the games counted are of this many players

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "games": self.games,
            "rounds": self.rounds,
            "average_placement": self.average_placement,
            "placements": list(self.placements),
            "win_rate": self.win_rate,
            "deal_in_rate": self.deal_in_rate,
            "riichi_rate": self.riichi_rate,
            "call_rate": self.call_rate,
            "tsumo_wins": self.tsumo_wins,
            "ron_wins": self.ron_wins,
            "deal_ins": self.deal_ins,
            "average_win_points": self.average_win_points,
            "average_deal_in_points": self.average_deal_in_points,
            "yaku_counts": dict(self.yaku_counts),
            "recent_placements": list(self.recent_placements),
        }


def seat_kind(seat: Any) -> str | None:
    """A seat description's kind: the string itself, or a dict's ``"kind"``."""
    if isinstance(seat, str):
        return seat
    if isinstance(seat, dict):
        kind = seat.get("kind")
        return kind if isinstance(kind, str) else None
    return None


# --------------------------------------------------------------------------- from engine events


def record_from_events(
    *,
    game_id: str,
    rules: Any,
    seed: int,
    seats: Sequence[Any],
    actions: Iterable[tuple[int, Any]],
    events: Iterable[Any],
    started: str | None = None,
    meta: dict[str, Any] | None = None,
) -> PlayedGame:
    """The history entry of a finished game, from the table's events (``engine.events``, read
    through the engine's one fold, ``engine.records.fold``) — the UI passes what it has: the
    journal's header fields and actions, and every event emitted. ``ValueError`` if the events
    do not include ``GameEnded`` (or are not a game's: ``RecordError`` is a ``ValueError``)."""
    from engine.records.fold import fold_events

    fold = fold_events(events)
    result = fold.result
    if result is None:
        raise ValueError(f"game {game_id}: the events do not end with GameEnded")
    rounds = []
    for r in fold.rounds:
        wins = tuple(
            PlayedWin(w.seat, w.from_seat, w.result.han, w.result.fu, w.result.total,
                      tuple(y.name for y in w.result.yaku))
            for w in r.wins
        )
        if r.drawn is not None:
            kind = r.drawn.kind.value
        else:
            kind = "tsumo" if wins[0].tsumo else "ron"
        assert r.ended is not None  # a finished round of the fold
        rounds.append(PlayedRound(round_index=r.start.round_index, honba=r.start.honba,
                                  kind=kind, deltas=tuple(r.ended.deltas), wins=wins,
                                  riichi=r.riichi, called=r.called))
    rules_dict = rules.to_dict() if hasattr(rules, "to_dict") else dict(rules)
    return PlayedGame(
        game_id=game_id,
        rules=rules_dict,
        seed=seed,
        seats=list(seats),
        points=tuple(result.points),
        ranking=tuple(result.ranking),
        scores=tuple(result.scores),
        rounds=tuple(rounds),
        actions=[(s, a.to_dict() if hasattr(a, "to_dict") else dict(a)) for s, a in actions],
        started=started,
        meta=dict(meta or {}),
    )
