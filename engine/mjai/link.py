"""The table's side of mjai: engine events as mjai events (what a seat receives, or a whole game
for the records writer) and :class:`SeatLink`, one seat played over mjai whose answers are read
back as engine actions."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from engine.actions import (
    AbortNineTerminals,
    Action,
    Chi,
    Discard,
    Kan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    GameEnded,
    KanDeclared,
    RiichiAccepted,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
    Win,
)
from engine.meld import MeldKind
from engine.mjai.names import MjaiError, mjai_tile
from engine.rules import TENHOU, RuleSet
from engine.tiles import Reds


# ---------------------------------------------------------------------------- engine → mjai
def _meld_names(tiles: Iterable[int], reds: Reds) -> list[str]:
    return [mjai_tile(x, reds) for x in tiles]


def events_to_mjai(events: Iterable[Event], rules: RuleSet = TENHOU,
                   seat: int | None = None, names: Sequence[str] | None = None,
                   start: bool = True) -> Iterator[dict[str, Any]]:
    """Engine events as mjai events. With ``seat`` the others' starting hands and draws are
    ``?`` (what that seat receives); ``start`` puts a ``start_game`` first."""
    reds = rules.red_fives

    def name(x: int) -> str:
        return mjai_tile(x, reds)

    if start:
        yield {"type": "start_game", "names": list(names or ("0", "1", "2", "3")),
               "kyoku_first": 0, "aka_flag": any(reds)}
    for ev in events:
        match ev:
            case RoundStarted():
                wind = (ev.round_index // 4) % 4
                yield {
                    "type": "start_kyoku", "bakaze": "ESWN"[wind],
                    "dora_marker": name(ev.dora_indicators[0]), "kyoku": ev.round_index % 4 + 1,
                    "honba": ev.honba, "kyotaku": ev.sticks, "oya": ev.dealer,
                    "scores": list(ev.scores),
                    "tehais": [[name(x) for x in h] if seat is None or s == seat else ["?"] * 13
                               for s, h in enumerate(ev.hands)],
                }
            case Drew():
                shown = ev.tile is not None and (seat is None or seat == ev.seat)
                yield {"type": "tsumo", "actor": ev.seat,
                       "pai": name(ev.tile) if shown and ev.tile is not None else "?"}
            case Discarded():
                if ev.riichi:
                    yield {"type": "reach", "actor": ev.seat}
                yield {"type": "dahai", "actor": ev.seat, "pai": name(ev.tile),
                       "tsumogiri": ev.tsumogiri}
            case RiichiAccepted():
                yield {"type": "reach_accepted", "actor": ev.seat}
            case Called():
                m = ev.meld
                consumed = list(m.tiles)
                assert m.called is not None
                consumed.remove(m.called)
                kind = {MeldKind.CHI: "chi", MeldKind.PON: "pon"}.get(m.kind, "daiminkan")
                yield {"type": kind, "actor": ev.seat, "target": ev.from_seat,
                       "pai": name(m.called), "consumed": _meld_names(consumed, reds)}
            case KanDeclared():
                m = ev.meld
                if m.kind is MeldKind.ANKAN:
                    yield {"type": "ankan", "actor": ev.seat, "consumed": _meld_names(m.tiles, reds)}
                else:
                    assert m.added is not None
                    rest = list(m.tiles)
                    rest.remove(m.added)
                    yield {"type": "kakan", "actor": ev.seat, "pai": name(m.added),
                           "consumed": _meld_names(rest, reds)}
            case DoraRevealed():
                yield {"type": "dora", "dora_marker": name(ev.indicator)}
            case Win():
                yield {"type": "hora", "actor": ev.seat, "target": ev.from_seat,
                       "pai": name(ev.tile), "deltas": list(ev.deltas),
                       "ura_markers": [name(x) for x in ev.ura_indicators]}
            case RoundDrawn():
                yield {"type": "ryukyoku", "deltas": list(ev.deltas)}
            case RoundEnded():
                yield {"type": "end_kyoku"}
            case GameEnded():
                yield {"type": "end_game"}


# ---------------------------------------------------------------------------- table side
class SeatLink:
    """The table's side of one seat played over mjai: which events it has been sent, and its
    answers read back as engine actions.

    ``news(events)`` are the mjai events of ``events`` (a game's event list) not sent yet, as
    the seat sees them; ``read(answer, legal, drawn)`` turns an answer into one of ``legal`` or
    raises ``MjaiError``. A ``reach`` answer returns ``None``: send ``reach_echo()`` and read
    the discard that follows with ``after_reach=True``.
    """

    def __init__(self, seat: int, rules: RuleSet = TENHOU,
                 names: Sequence[str] | None = None) -> None:
        self.seat = seat
        self.rules = rules
        self.names = names
        self.sent = 0
        self.started = False
        self._echoed_reach = False

    def news(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        new = events[self.sent:]
        self.sent = len(events)
        out = list(events_to_mjai(new, self.rules, self.seat, self.names, start=not self.started))
        self.started = True
        if self._echoed_reach:
            for i, ev in enumerate(out):
                if ev["type"] == "reach" and ev["actor"] == self.seat:
                    del out[i]
                    self._echoed_reach = False
                    break
        return out

    def reach_echo(self) -> list[dict[str, Any]]:
        self._echoed_reach = True
        return [{"type": "reach", "actor": self.seat}]

    def read(self, answer: Any, legal: Sequence[Action], drawn: int | None = None,
             after_reach: bool = False) -> Action | None:
        reds = self.rules.red_fives

        def name(x: int) -> str:
            return mjai_tile(x, reds)

        def names(xs: Iterable[int]) -> list[str]:
            return sorted(name(x) for x in xs)

        if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
            raise MjaiError(f"an answer is a JSON object with a 'type', got {answer!r}")
        kind = answer["type"]
        actor = answer.get("actor", self.seat)
        if kind != "none" and actor != self.seat:
            raise MjaiError(f"seat {self.seat} answered for seat {actor!r}: {answer}")
        found: list[Action] = []
        if kind == "dahai":
            pai = answer.get("pai")
            want = Riichi if after_reach else Discard
            found = [a for a in legal if type(a) is want and name(a.tile) == pai
                     and not (isinstance(a, Riichi) and a.open)]
            if answer.get("tsumogiri") is True and drawn is not None:
                found.sort(key=lambda a: a.tile != drawn)  # type: ignore[union-attr]
        elif after_reach:
            raise MjaiError(f"seat {self.seat} must discard after its reach, answered {answer}")
        elif kind == "reach":
            if any(isinstance(a, Riichi) for a in legal):
                return None
        elif kind == "hora":
            found = [a for a in legal if isinstance(a, (Tsumo, Ron))]
        elif kind in _CALLS:
            consumed = answer.get("consumed")
            cls, kan = _CALLS[kind]
            found = [a for a in legal if isinstance(a, cls)
                     and (not isinstance(a, Kan) or a.kind is kan)
                     and isinstance(consumed, list)
                     and names(a.tiles) == sorted(map(str, consumed))]
        elif kind == "kakan":
            found = [a for a in legal if isinstance(a, Kan) and a.kind is MeldKind.KAKAN
                     and name(a.tiles[0]) == answer.get("pai")]
        elif kind == "ryukyoku":
            found = [a for a in legal if isinstance(a, AbortNineTerminals)]
        elif kind == "none":
            found = [a for a in legal if isinstance(a, Pass)]
        if not found:
            raise MjaiError(f"seat {self.seat}: {json_text(answer)} is not legal here")
        return found[0]


_CALLS: dict[str, tuple[type[Chi | Pon | Kan], MeldKind | None]] = {
    "chi": (Chi, None), "pon": (Pon, None), "daiminkan": (Kan, MeldKind.DAIMINKAN),
    "ankan": (Kan, MeldKind.ANKAN)}  # an answer that takes tiles from the hand: its action


def json_text(msg: Any) -> str:
    import json

    try:
        return json.dumps(msg, separators=(",", ":"))[:200]
    except (TypeError, ValueError):
        return repr(msg)[:200]
