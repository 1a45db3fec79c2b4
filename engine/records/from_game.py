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
from typing import Any

from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    DrawKind,
    Drew,
    GameEnded,
    KanDeclared,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
)
from engine.events import Win as WinEvent
from engine.records.model import (
    Call,
    Discard,
    Draw,
    Event,
    GameRecord,
    Outcome,
    RecordError,
    RoundEnd,
    RoundRecord,
    Win,
)
from engine.rules import RuleSet

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
    return ("riichi 般" + ("東" if rules.length == "tonpuusen" else "南")
            + ("喰" if rules.kuitan else "") + ("赤" if any(rules.red_fives) else ""))


class _Round:
    """One round being collected from its events."""

    def __init__(self, ev: RoundStarted) -> None:
        self.start = ev
        self.dora = list(ev.dora_indicators)
        self.ura: tuple[int, ...] = ()
        self.events: list[Event] = []
        self.wins: list[Win] = []
        self.outcome: Outcome | None = None

    def record(self, outcome: Outcome | None) -> RoundRecord:
        ev = self.start
        return RoundRecord(
            index=ev.round_index, honba=ev.honba, sticks=ev.sticks, scores=ev.scores,
            hands=tuple(tuple(sorted(h)) for h in ev.hands), dora=tuple(self.dora),
            ura=self.ura, events=tuple(self.events), outcome=outcome,
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
        tenpai = tuple(s for s in range(4) if ev.tenpai[s])
    return Outcome(end, (), ev.deltas, tenpai)


def record_from_game(game: Any, names: Iterable[str] | None = None) -> GameRecord:
    """The record of an engine game (``engine.game.Game``), played to the end or not.

    ``names`` are seats 0-3 (seat 0 is the first dealer); default ``Player0``..``Player3``.
    Raises ``RecordError`` if the events are not a game's (a round event outside a round)."""
    names = tuple(names) if names is not None else DEFAULT_NAMES
    if len(names) != 4:
        raise RecordError(f"a game has four names, got {len(names)}")
    rules: RuleSet = game.rules
    rounds: list[RoundRecord] = []
    cur: _Round | None = None
    final_scores = final_points = None
    for ev in game.events:
        if isinstance(ev, RoundStarted):
            if cur is not None:
                raise RecordError(f"round {ev.round_index} starts before round "
                                  f"{cur.start.round_index} ended")
            cur = _Round(ev)
            continue
        if isinstance(ev, GameEnded):
            final_scores = ev.result.points
            final_points = tuple(ev.result.scores)
            continue
        if cur is None:
            raise RecordError(f"{type(ev).__name__} outside a round")
        match ev:
            case Drew(seat, tile, rinshan):
                if tile is None:
                    raise RecordError(f"seat {seat}'s draw is hidden: a seat's view, not a game")
                cur.events.append(Draw(seat, tile, rinshan))
            case Discarded(seat, tile, tsumogiri, riichi, _):
                cur.events.append(Discard(seat, tile, tsumogiri, riichi))
            case Called(seat, meld, _) | KanDeclared(seat, meld):
                cur.events.append(Call(seat, meld))
            case DoraRevealed(indicator):
                cur.dora.append(indicator)
            case WinEvent():
                cur.wins.append(win_record(ev))
                if len(ev.ura_indicators) > len(cur.ura):  # shown for a riichi winner (D4)
                    cur.ura = ev.ura_indicators
                total = tuple(sum(w.deltas[s] for w in cur.wins) for s in range(4))
                cur.outcome = Outcome(RoundEnd.WIN, tuple(cur.wins), total)  # type: ignore[arg-type]
            case RoundDrawn():
                cur.outcome = _draw_outcome(ev)
            case RoundEnded():
                if cur.outcome is None:
                    raise RecordError(f"round {cur.start.round_index} ended without a win or draw")
                rounds.append(cur.record(cur.outcome))
                cur = None
    cut = None
    problem = None
    if cur is not None:
        cut = cur.record(None)
        problem = f"the game is still being played: round {cut.name} is not over"
    elif final_scores is None:
        last = rounds[-1].name if rounds else "none"
        problem = f"the game is not over (last round played: {last})"
    return GameRecord(
        rules=rules, names=names, rounds=tuple(rounds), disp=rule_name(rules),  # type: ignore[arg-type]
        final_scores=final_scores, final_points=final_points,  # type: ignore[arg-type]
        cut=cut, problem=problem, source=f"game seed {game.seed}",
    )
