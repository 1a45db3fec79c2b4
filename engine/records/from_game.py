"""An engine game as a neutral :class:`~engine.records.model.GameRecord`, so every record writer
works for games played here: ``to_tenhou6(record_from_game(game))`` is a tenhou.net/6 log that
Tenhou's viewer opens and mjai-reviewer (Mortal) reviews.

Everything comes from the game's events (``game.events``, every hand and draw shown): per round the
start (round, honba, sticks, scores, the dealt hands, the first dora indicator), draws with their
rinshan flag, discards (tsumogiri, riichi), calls and kans, kan dora in reveal order, the ura
indicators shown at a riichi win, and the outcome: each win's han, fu, points, limit, Tenhou yaku
ids and score changes, or the kind of draw with its payments and tenpai seats; at the end the
final points and game points. A game still in play keeps its current round as ``cut`` (the
record's ``problem`` says so); tenhou.net/6 holds only finished rounds.

The rule name (``disp``) is Tenhou's style (``般南喰赤``: length, open tanyao, red fives, which is
how tenhou.net/6 readers learn them) after ``riichi``, so the record never passes for a game
played on Tenhou (``engine.replay.game_points_rules``).

>>> from engine.game import Game
>>> record = record_from_game(Game(seed=1))
>>> record.rounds, record.cut.index, record.problem is not None
((), 0, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from engine.events import DrawKind, RoundDrawn
from engine.events import Event as GameEvent
from engine.events import Win as WinEvent
from engine.records.fold import FoldedRound, fold_events
from engine.records.model import (
    GameRecord,
    Outcome,
    RecordError,
    RoundEnd,
    RoundRecord,
    Win,
)
from engine.rules import RuleSet


class GameSource(Protocol):
    """What a record needs of a game (``engine.game.Game``): its rules, seed and events."""

    @property
    def rules(self) -> RuleSet: ...

    @property
    def seed(self) -> int: ...

    @property
    def events(self) -> Iterable[GameEvent]: ...


#: How each engine draw kind is recorded.
DRAW_ENDS: dict[DrawKind, RoundEnd] = {
    DrawKind.EXHAUSTIVE: RoundEnd.EXHAUSTIVE,
    DrawKind.NAGASHI: RoundEnd.NAGASHI_MANGAN,
    DrawKind.NINE_TERMINALS: RoundEnd.NINE_TERMINALS,
    DrawKind.FOUR_WINDS: RoundEnd.FOUR_WINDS,
    DrawKind.FOUR_KANS: RoundEnd.FOUR_KANS,
    DrawKind.FOUR_RIICHI: RoundEnd.FOUR_RIICHI,
    DrawKind.TRIPLE_RON: RoundEnd.TRIPLE_RON,
}

_LIMITS = {None: 0, "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4, "kazoe yakuman": 5}

DEFAULT_NAMES = ("Player0", "Player1", "Player2", "Player3")


def rule_name(rules: RuleSet) -> str:
    """``disp`` of a game played here: ``'riichi 般南喰赤'`` (Tenhou's letters for tonpuusen or
    hanchan, open tanyao, red fives, behind a room so a reader takes a missing 喰 as kuitan off).

    >>> rule_name(RuleSet(length="tonpuusen", kuitan=False))
    'riichi 般東赤'
    """
    return ("riichi " + ("三" if rules.players == 3 else "") + "般"
            + ("東" if rules.length == "tonpuusen" else "南")
            + ("喰" if rules.kuitan else "") + ("赤" if any(rules.red_fives) else ""))


def _round_record(rnd: FoldedRound) -> RoundRecord:
    """A folded round as a record, its outcome ``None`` while it is being played."""
    ev = rnd.start
    outcome: Outcome | None = None
    if rnd.ended is not None:
        if rnd.drawn is not None:
            outcome = _draw_outcome(rnd.drawn)
        else:
            wins = tuple(win_record(w) for w in rnd.wins)
            n = len(ev.scores)
            outcome = Outcome(RoundEnd.WIN, wins,
                              tuple(sum(w.deltas[s] for w in wins) for s in range(n)))
    return RoundRecord(
        index=ev.round_index, honba=ev.honba, sticks=ev.sticks, scores=ev.scores,
        hands=tuple(tuple(sorted(h)) for h in ev.hands), dora=rnd.dora, ura=rnd.ura,
        events=rnd.play, outcome=outcome,
    )


def win_record(ev: WinEvent) -> Win:
    """One engine win as a record ``Win`` (0-han entries such as ura dora 0 left out)."""
    res = ev.result
    limit = 5 if res.yakuman else _LIMITS.get(res.limit)
    if limit is None:
        raise RecordError(f"win of seat {ev.seat}: unknown limit {res.limit!r}")
    yaku = tuple((y, h) for y, h in res.tenhou_yaku_ids if h)
    return Win(seat=ev.seat, from_seat=ev.from_seat, pao=ev.pao, han=res.han, fu=res.fu,
               points=res.total, limit=limit, yaku=yaku, deltas=ev.deltas)


def _draw_outcome(ev: RoundDrawn) -> Outcome:
    end = DRAW_ENDS[ev.kind]
    tenpai = None
    if end in (RoundEnd.EXHAUSTIVE, RoundEnd.NAGASHI_MANGAN):
        tenpai = tuple(s for s in range(len(ev.deltas)) if ev.tenpai[s])
    return Outcome(end, (), ev.deltas, tenpai)


def record_from_game(game: GameSource, names: Iterable[str] | None = None) -> GameRecord:
    """The record of an engine game (``engine.game.Game``), played to the end or not.

    ``names`` are seats 0-3 (seat 0 is the first dealer; 0-2 with three players, P1); default
    ``Player0``..``Player3``. Raises ``RecordError`` if the events are not a game's
    (:func:`engine.records.fold.fold_events`)."""
    rules = game.rules
    n = rules.players
    seat_names = tuple(names) if names is not None else DEFAULT_NAMES[:n]
    if len(seat_names) != n:
        raise RecordError(f"a game of {n} players has {n} names, got {len(seat_names)}")
    fold = fold_events(game.events)
    rounds = tuple(_round_record(r) for r in fold.rounds)
    cut = None if fold.cut is None else _round_record(fold.cut)
    problem = None
    if cut is not None:
        problem = f"the game is still being played: round {cut.name} is not over"
    elif fold.result is None:
        last = rounds[-1].name if rounds else "none"
        problem = f"the game is not over (last round played: {last})"
    res = fold.result
    return GameRecord(
        rules=rules, names=seat_names,
        rounds=rounds, disp=rule_name(rules),
        final_scores=None if res is None else res.points,
        final_points=None if res is None else res.scores,
        cut=cut, problem=problem, source=f"game seed {game.seed}",
    )
