"""mjai JSON-lines game records (FORMATS.md §3): a writer for engine games and a reader into the
neutral :class:`~engine.records.model.GameRecord`.

mjai records carry no han, fu or yaku, only each win's and draw's score changes (``deltas``), so
``riichi replay --check`` compares those, the flow of the game and the final scores. Physical
tiles are given in order of appearance (:class:`engine.mjai.TileIds`); a tile that moves from a
hand to a river or a meld keeps its copy.

>>> from engine.game import Game
>>> text = to_mjai_text(Game(seed=1))
>>> text.splitlines()[0].startswith('{"type":"start_game"')
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.errors import InvalidNotation
from engine.meld import Meld, MeldKind
from engine.mjai import TileIds, events_to_mjai, parse_mjai_tile, rules_for
from engine.records.model import (
    Call,
    Discard,
    Draw,
    GameRecord,
    Outcome,
    RecordError,
    RoundEnd,
    RoundRecord,
    Win,
    four,
)
from engine.rules import TENHOU, RuleSet
from engine.tiles import YAOCHUU, is_red

_BAKAZE = {"E": 0, "S": 1, "W": 2, "N": 3}


#: P1: why a three-player game is not written as mjai
MJAI_NO_THREE_PLAYERS = ("mjai has no agreed three-player form (its events assume four seats); "
                         "write a three-player game as tenhou.net/6 instead (--format tenhou6)")


def to_mjai_events(game: Any, names: Iterable[str] | None = None) -> list[dict[str, Any]]:
    """A game (``engine.game.Game``) as mjai events, every hand and draw shown; ``end_game``
    carries the final points when the game is over. A three-player game raises
    ``RecordError``: mjai has no agreed three-player form (P1)."""
    if getattr(game.rules, "players", 4) == 3:
        raise RecordError(MJAI_NO_THREE_PLAYERS)
    out = list(events_to_mjai(game.events, game.rules, None, tuple(names) if names else None))
    result = getattr(game, "result", None)
    if out and out[-1]["type"] == "end_game" and result is not None:
        out[-1]["scores"] = list(result.points)
    return out


def to_mjai_text(game: Any, names: Iterable[str] | None = None) -> str:
    """The game as mjai JSON lines (one event per line, newline-terminated)."""
    return "".join(json.dumps(ev, separators=(",", ":")) + "\n"
                   for ev in to_mjai_events(game, names))


def write_mjai(game: Any, path: str | Path, names: Iterable[str] | None = None) -> None:
    Path(path).write_text(to_mjai_text(game, names), encoding="utf-8")


def looks_like_mjai(head: bytes) -> bool:
    """Whether raw file contents start like mjai JSON lines (an object with a ``type``)."""
    first = head.lstrip().split(b"\n", 1)[0]
    return first.startswith(b"{") and b'"type"' in first[:40]


# ---------------------------------------------------------------------------- reading
class _Round:
    """One round being read."""

    def __init__(self, ev: dict[str, Any], rules: RuleSet, where: str) -> None:
        self.where = where
        self.rules = rules
        bakaze = ev.get("bakaze")
        kyoku = ev.get("kyoku")
        if bakaze not in _BAKAZE or kyoku not in (1, 2, 3, 4):
            raise RecordError(f"{where}: start_kyoku needs bakaze E/S/W/N and kyoku 1-4")
        self.index = _BAKAZE[bakaze] * 4 + kyoku - 1
        self.honba = _nat(ev, "honba", where)
        self.sticks = _nat(ev, "kyotaku", where)
        scores = ev.get("scores")
        if not isinstance(scores, list) or len(scores) != 4 or not all(
                isinstance(s, int) for s in scores):
            raise RecordError(f"{where}: start_kyoku scores must be four integers")
        self.scores = tuple(scores)
        if ev.get("oya") not in (None, self.index % 4):
            raise RecordError(f"{where}: oya {ev.get('oya')} is not the dealer of round "
                              f"{bakaze}{kyoku}")
        self.ids = TileIds(rules.red_fives)
        tehais = ev.get("tehais")
        if not isinstance(tehais, list) or len(tehais) != 4:
            raise RecordError(f"{where}: start_kyoku needs four tehais")
        self.hands = [[self.take(n) for n in _hand(h, where)] for h in tehais]
        self.start_hands = tuple(tuple(sorted(h)) for h in self.hands)
        self.dora = [self.take(ev.get("dora_marker"))]
        self.ura: list[int] = []
        self.events: list[Draw | Discard | Call] = []
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.drawn: list[int | None] = [None] * 4
        self.reach = [False] * 4
        self.accepted = 0
        self.kan_draw = False
        self.kans = 0
        self.live_draws = 0
        self.wins: list[Win] = []
        self.last_type = ""

    def take(self, name: Any) -> int:
        if name == "?":
            raise RecordError(f"{self.where}: hidden tile '?': a seat's view, not a full record")
        try:
            return self.ids.take(name)
        except InvalidNotation as exc:
            raise RecordError(f"{self.where}: {exc}") from None

    def own(self, seat: int, name: Any, prefer: int | None = None) -> int:
        try:
            kind, red = parse_mjai_tile(name)
        except InvalidNotation as exc:
            raise RecordError(f"{self.where}: {exc}") from None
        reds = self.rules.red_fives
        fits = [t for t in self.hands[seat] if t >> 2 == kind and is_red(t, reds) == red]
        if not fits:
            raise RecordError(f"{self.where}: seat {seat} does not hold {name}")
        tile = prefer if prefer in fits else fits[0]
        self.hands[seat].remove(tile)
        return tile

    def apply(self, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        w = self.where
        actor: int = ev.get("actor", -1)
        if kind in ("tsumo", "dahai", "reach", "reach_accepted", "chi", "pon", "daiminkan",
                    "ankan", "kakan", "hora") and actor not in (0, 1, 2, 3):
            raise RecordError(f"{w}: {kind} without an actor 0-3")
        if kind == "tsumo":
            tile = self.take(ev.get("pai"))
            self.hands[actor].append(tile)
            self.drawn[actor] = tile
            self.events.append(Draw(actor, tile, self.kan_draw))
            if not self.kan_draw:
                self.live_draws += 1
            self.kan_draw = False
        elif kind == "reach":
            self.reach[actor] = True
        elif kind == "dahai":
            tsumogiri = ev.get("tsumogiri") is True
            tile = self.own(actor, ev.get("pai"), self.drawn[actor] if tsumogiri else None)
            tsumogiri = tile == self.drawn[actor]
            self.drawn[actor] = None
            self.events.append(Discard(actor, tile, tsumogiri, self.reach[actor]))
            self.reach[actor] = False
        elif kind == "reach_accepted":
            self.accepted += 1
        elif kind in ("chi", "pon", "daiminkan"):
            target = ev.get("target")
            last = self.events[-1] if self.events else None
            if not isinstance(last, Discard) or last.seat != target or target == actor:
                raise RecordError(f"{w}: {kind} by seat {actor} but seat {target!r} did not "
                                  "just discard")
            consumed = ev.get("consumed")
            want = 3 if kind == "daiminkan" else 2
            if not isinstance(consumed, list) or len(consumed) != want:
                raise RecordError(f"{w}: {kind} needs {want} consumed tiles")
            own = [self.own(actor, n) for n in consumed]
            mk = {"chi": MeldKind.CHI, "pon": MeldKind.PON}.get(kind, MeldKind.DAIMINKAN)
            meld = Meld(mk, tuple(sorted(own + [last.tile])), last.tile, (target - actor) % 4)
            self.melds[actor].append(meld)
            self.events.append(Call(actor, meld))
            if mk is MeldKind.DAIMINKAN:
                self.kan_draw = True
                self.kans += 1
        elif kind == "ankan":
            consumed = ev.get("consumed")
            if not isinstance(consumed, list) or len(consumed) != 4:
                raise RecordError(f"{w}: ankan needs 4 consumed tiles")
            own = [self.own(actor, n, self.drawn[actor]) for n in consumed]
            meld = Meld(MeldKind.ANKAN, tuple(sorted(own)), None, 0)
            self.melds[actor].append(meld)
            self.events.append(Call(actor, meld))
            self.kan_draw = True
            self.kans += 1
        elif kind == "kakan":
            added = self.own(actor, ev.get("pai"), self.drawn[actor])
            ms = self.melds[actor]
            i = next((i for i, m in enumerate(ms)
                      if m.kind is MeldKind.PON and m.kind34 == added >> 2), None)
            if i is None:
                raise RecordError(f"{w}: kakan of {ev.get('pai')} by seat {actor} without a pon")
            pon = ms[i]
            meld = Meld(MeldKind.KAKAN, tuple(sorted(pon.tiles + (added,))), pon.called,
                        pon.source, added)
            ms[i] = meld
            self.events.append(Call(actor, meld))
            self.kan_draw = True
            self.kans += 1
        elif kind == "dora":
            self.dora.append(self.take(ev.get("dora_marker")))
        elif kind == "hora":
            target = ev.get("target")
            if target not in (0, 1, 2, 3):
                raise RecordError(f"{w}: hora without a target 0-3")
            ura = ev.get("ura_markers") or []
            if isinstance(ura, list) and ura and not self.ura:
                self.ura = [self.take(n) for n in ura]
            self.wins.append(Win(seat=actor, from_seat=target, pao=None, han=None, fu=None,
                                 points=None, limit=None, yaku=(),
                                 deltas=_deltas(ev, w)))
        elif kind not in ("ryukyoku", "end_kyoku", "none"):
            raise RecordError(f"{w}: unknown mjai event {kind!r}")
        self.last_type = kind

    def draw_kind(self) -> RoundEnd:
        """What kind of draw ended the round (mjai does not say)."""
        if self.live_draws + self.kans >= 70:  # the live wall is empty (T4: each kan moves haitei)
            for seat in range(4):
                river = [e for e in self.events if isinstance(e, Discard) and e.seat == seat]
                called = {c.meld.called for c in self.events if isinstance(c, Call)}
                if river and all(e.tile >> 2 in YAOCHUU and e.tile not in called for e in river):
                    return RoundEnd.NAGASHI_MANGAN if self.rules.nagashi_mangan \
                        else RoundEnd.EXHAUSTIVE
            return RoundEnd.EXHAUSTIVE
        last = self.events[-1] if self.events else None
        if isinstance(last, Draw):
            return RoundEnd.NINE_TERMINALS
        if self.kans >= 4:
            return RoundEnd.FOUR_KANS
        riichi = {e.seat for e in self.events if isinstance(e, Discard) and e.riichi}
        if len(riichi) == 4:
            return RoundEnd.FOUR_RIICHI
        discards = [e for e in self.events if isinstance(e, Discard)]
        if (len(discards) == 4 and not any(isinstance(e, Call) for e in self.events)
                and len({d.tile >> 2 for d in discards}) == 1 and 27 <= discards[0].tile >> 2 <= 30):
            return RoundEnd.FOUR_WINDS
        return RoundEnd.TRIPLE_RON

    def record(self, outcome: Outcome | None) -> RoundRecord:
        return RoundRecord(
            index=self.index, honba=self.honba, sticks=self.sticks,
            scores=self.scores,
            hands=self.start_hands, dora=tuple(self.dora), ura=tuple(self.ura),
            events=tuple(self.events), outcome=outcome,
        )


def _nat(ev: dict[str, Any], key: str, where: str) -> int:
    v = ev.get(key, 0)
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise RecordError(f"{where}: {key} must be a whole number, got {v!r}")
    return v


def _hand(h: Any, where: str) -> list[Any]:
    if not isinstance(h, list) or len(h) != 13:
        raise RecordError(f"{where}: a tehai must have 13 tiles")
    return h


def _deltas(ev: dict[str, Any], where: str) -> tuple[int, int, int, int]:
    d = ev.get("deltas", [0, 0, 0, 0])
    if not isinstance(d, list) or len(d) != 4 or not all(isinstance(x, int) for x in d):
        raise RecordError(f"{where}: deltas must be four integers")
    return (d[0], d[1], d[2], d[3])


def parse_mjai(text: str, source: str = "", base: RuleSet = TENHOU) -> GameRecord:
    """Read mjai JSON lines into a ``GameRecord``. A file cut inside a round keeps that round as
    ``cut`` (with ``problem`` saying so), like the other readers."""
    name = source or "mjai record"
    events: list[dict[str, Any]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except ValueError as exc:
            raise RecordError(f"{name} line {n}: not JSON ({exc})") from None
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise RecordError(f"{name} line {n}: an mjai event is an object with a 'type'")
        events.append(ev)
    if not events:
        raise RecordError(f"{name}: no events")
    start = next((e for e in events if e["type"] == "start_game"), None)
    rules = rules_for(start, base)
    names = tuple(str(x) for x in (start or {}).get("names", ["0", "1", "2", "3"]))[:4]
    names = names + ("",) * (4 - len(names))
    rounds: list[RoundRecord] = []
    current: _Round | None = None
    outcome: Outcome | None = None
    final: tuple[int, int, int, int] | None = None
    for n, ev in enumerate(events, 1):
        kind = ev["type"]
        where = f"{name} event {n}"
        if kind == "start_game":
            continue
        if kind == "start_kyoku":
            if current is not None:
                raise RecordError(f"{where}: start_kyoku inside a round")
            current = _Round(ev, rules, where)
            outcome = None
            continue
        if kind == "end_game":
            scores = ev.get("scores")
            if isinstance(scores, list) and len(scores) == 4:
                final = (scores[0], scores[1], scores[2], scores[3])
            break
        if current is None:
            raise RecordError(f"{where}: {kind} outside a round")
        current.where = where
        current.apply(ev)
        if kind == "hora":
            wins = tuple(current.wins)
            total = four(sum(w.deltas[s] for w in wins) for s in range(4))
            outcome = Outcome(RoundEnd.WIN, wins, total)
        elif kind == "ryukyoku":
            outcome = Outcome(current.draw_kind(), (), _deltas(ev, where), None)
        elif kind == "end_kyoku":
            if outcome is None:
                raise RecordError(f"{where}: end_kyoku without hora or ryukyoku")
            rounds.append(current.record(outcome))
            current = None
    cut = None
    problem = None
    if current is not None:
        cut = current.record(None)
        problem = f"{name}: the record stops inside round {cut.name}"
    return GameRecord(rules=rules, names=names, rounds=tuple(rounds),
                      final_scores=final, cut=cut, problem=problem, source=source)


def read_mjai(path: str | Path) -> GameRecord:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read ({exc})") from None
    return parse_mjai(text, str(path))
