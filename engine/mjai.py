"""The mjai protocol (mjai.app, libriichi): tile names, events from one seat's side, and a seat
tracker that rebuilds a ``PlayerView`` and the seat's legal actions from mjai events alone.

mjai tiles are ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``E S W N`` and ``P F C`` (haku, hatsu,
chun), red fives ``5mr 5pr 5sr``, ``?`` for a tile the seat may not see. Seats are absolute.

A :class:`SeatTracker` is fed every event a seat receives (other hands and draws shown as
``?``). It follows the round in an ``engine.follow.FollowedRound`` (no wall; only its own seat's
tiles are known) updated by the table's own functions, so the legal actions it offers are the
engine's rules (STYLE 4), computed from what the seat may see (STYLE 6).

>>> mjai_tile(16), mjai_tile(17), mjai_tile(108), mjai_tile(124)
('5mr', '5m', 'E', 'P')
>>> parse_mjai_tile("5pr"), parse_mjai_tile("C")
((13, True), (33, False))
"""

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
from engine.errors import InvalidNotation, RulesError
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
from engine.follow import FollowedRound
from engine.meld import MeldKind
from engine.phase import Phase
from engine.rules import TENHOU, RuleSet
from engine.table import player_view
from engine.tiles import DEFAULT_REDS, FIVES, Reds, is_red
from engine.view import PlayerView

HONOR_LETTERS = ("E", "S", "W", "N", "P", "F", "C")
_SUITS = "mps"
_BAKAZE = {"E": 27, "S": 28, "W": 29, "N": 30}


class MjaiError(RulesError):
    """An mjai event or action that cannot be understood or does not fit the game so far."""


# ---------------------------------------------------------------------------- tile names
def mjai_kind(kind: int, red: bool = False) -> str:
    """``'5m'``, ``'5mr'``, ``'E'``, ``'C'``."""
    if not 0 <= kind < 34:
        raise InvalidNotation(f"tile kind {kind} is not between 0 and 33")
    if kind >= 27:
        return HONOR_LETTERS[kind - 27]
    return f"{kind % 9 + 1}{_SUITS[kind // 9]}{'r' if red else ''}"


def mjai_tile(tile: int, reds: Reds = DEFAULT_REDS) -> str:
    """The mjai name of a physical tile (0-135)."""
    if not 0 <= tile < 136:
        raise InvalidNotation(f"tile {tile} is not between 0 and 135")
    return mjai_kind(tile >> 2, is_red(tile, reds))


_NAMES: dict[str, tuple[int, bool]] = {}
for _k in range(34):
    _NAMES[mjai_kind(_k)] = (_k, False)
    if _k in FIVES:
        _NAMES[mjai_kind(_k, True)] = (_k, True)


def parse_mjai_tile(name: object) -> tuple[int, bool]:
    """``(kind, red)`` of an mjai tile name; ``?`` and anything else raise ``InvalidNotation``."""
    try:
        return _NAMES[name]  # type: ignore[index]
    except (KeyError, TypeError):
        raise InvalidNotation(f"{name!r} is no mjai tile (1m-9m, 1p-9p, 1s-9s, E S W N P F C, "
                              "5mr 5pr 5sr)") from None


class TileIds:
    """Gives each mjai tile name a physical tile, never the same copy twice in a round (red
    names get red copies); when a record shows more copies than exist the extra ones reuse a
    copy rather than fail."""

    def __init__(self, reds: Reds = DEFAULT_REDS) -> None:
        self.reds = reds
        self.used: set[int] = set()

    def take(self, name: object) -> int:
        kind, red = parse_mjai_tile(name)
        n_red = self.reds[kind // 9] if kind in FIVES else 0
        if red and n_red == 0:
            raise InvalidNotation(f"{name!r}: these rules have no red fives of that suit")
        copies = range(n_red) if red else range(n_red, 4)
        for c in copies:
            t = kind * 4 + c
            if t not in self.used:
                self.used.add(t)
                return t
        return kind * 4 + copies[-1] if len(copies) else kind * 4

    def reserve(self, tile: int) -> None:
        self.used.add(tile)


def rules_for(start_game: dict[str, Any] | None, base: RuleSet = TENHOU) -> RuleSet:
    """The ruleset an mjai game is played under: ``base`` with red fives off when the
    ``start_game`` event says ``aka_flag: false``."""
    if start_game and start_game.get("aka_flag") is False:
        return base.replace(red_fives=(0, 0, 0))
    return base


# ---------------------------------------------------------------------------- the tracker
def _int(ev: dict[str, Any], key: str, lo: int = 0, hi: int = 3) -> int:
    v = ev.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise MjaiError(f"{ev.get('type')} event: {key!r} must be an integer {lo}-{hi}, got {v!r}")
    return v


def _names(ev: dict[str, Any], key: str, n: int) -> list[str]:
    v = ev.get(key)
    if not isinstance(v, list) or len(v) != n:
        raise MjaiError(f"{ev.get('type')} event: {key!r} must be a list of {n} tiles, got {v!r}")
    for name in v:
        parse_mjai_tile(name)
    return v


class SeatTracker:
    """One seat's knowledge of an mjai game, built from the events that seat receives.

    ``feed(event)`` applies one event (a dict); ``legal()`` lists the seat's legal actions in
    answer to the events so far; ``view()`` is the seat's ``PlayerView``; ``to_mjai(action)``
    writes one of ``legal()`` as an mjai message.
    """

    def __init__(self, seat: int, rules: RuleSet = TENHOU) -> None:
        if not 0 <= seat < 4:
            raise MjaiError(f"seat {seat} is not 0-3")
        self.seat = seat
        self.base_rules = rules
        self.rules = rules
        self.round: FollowedRound | None = None
        self.ids = TileIds(rules.red_fives)
        self.last: dict[str, Any] | None = None  # the last event applied
        self.riichi_tile: int | None = None  # the discard chosen with our own reach
        self._reach = [False] * 4  # reach announced, its discard not yet seen
        self._kan_draw = False  # the next draw is a replacement draw (rinshan)
        self.game_over = False

    # ------------------------------------------------------------ events
    def feed(self, ev: Any) -> None:
        """Apply one mjai event. Raises ``MjaiError`` (or ``InvalidNotation``) for an event that
        is malformed or does not fit (checked before anything changes where it can be)."""
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise MjaiError(f"an mjai event is a JSON object with a 'type', got {ev!r}")
        kind = ev["type"]
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise MjaiError(f"unknown mjai event type {kind!r}")
        if kind not in ("start_game", "start_kyoku", "end_game", "end_kyoku", "none") \
                and self.round is None:
            raise MjaiError(f"{kind} event before any start_kyoku")
        handler(ev)
        self.last = ev

    def _on_none(self, ev: dict[str, Any]) -> None:
        pass

    def _on_start_game(self, ev: dict[str, Any]) -> None:
        self.rules = rules_for(ev, self.base_rules)
        self.round = None
        self.game_over = False

    def _on_end_game(self, ev: dict[str, Any]) -> None:
        self.game_over = True
        if self.round is not None:
            self.round.end()

    def _on_end_kyoku(self, ev: dict[str, Any]) -> None:
        if self.round is not None:
            self.round.end()

    _on_hora = _on_ryukyoku = _on_end_kyoku  # the round is over; the tracker waits for the next

    def _on_start_kyoku(self, ev: dict[str, Any]) -> None:
        bakaze = ev.get("bakaze")
        if bakaze not in _BAKAZE:
            raise MjaiError(f"start_kyoku: bakaze must be E, S, W or N, got {bakaze!r}")
        kyoku = _int(ev, "kyoku", 1, 4)
        oya = _int(ev, "oya")
        honba = _int(ev, "honba", 0, 10**6)
        sticks = _int(ev, "kyotaku", 0, 10**6)
        scores = ev.get("scores")
        if not isinstance(scores, list) or len(scores) != 4 or not all(
                isinstance(s, int) and not isinstance(s, bool) for s in scores):
            raise MjaiError(f"start_kyoku: scores must be four integers, got {scores!r}")
        tehais = ev.get("tehais")
        if not isinstance(tehais, list) or len(tehais) != 4:
            raise MjaiError("start_kyoku: tehais must be four hands")
        mine = _names({"type": "start_kyoku", "tehai": tehais[self.seat]}, "tehai", 13)
        ids = TileIds(self.rules.red_fives)
        hand = [ids.take(n) for n in mine]
        dora = ids.take(ev.get("dora_marker"))
        round_wind = _BAKAZE[bakaze]
        self.round = FollowedRound(
            self.rules, self.seat, hand, dora,
            round_index=(round_wind - 27) * 4 + kyoku - 1, dealer=oya, round_wind=round_wind,
            honba=honba, sticks=sticks, scores=scores,
        )
        self.ids = ids
        self.riichi_tile = None
        self._reach = [False] * 4
        self._kan_draw = False

    def _on_tsumo(self, ev: dict[str, Any]) -> None:
        t = self._round()
        actor = _int(ev, "actor")
        tile = None
        if actor == self.seat:
            tile = self.ids.take(ev.get("pai"))
        t.announce_draw(actor, tile, self._kan_draw)
        self._kan_draw = False

    def _on_reach(self, ev: dict[str, Any]) -> None:
        self._round()
        self._reach[_int(ev, "actor")] = True

    def _on_dahai(self, ev: dict[str, Any]) -> None:
        t = self._round()
        actor = _int(ev, "actor")
        name = ev.get("pai")
        parse_mjai_tile(name)
        tsumogiri = ev.get("tsumogiri") is True
        if actor == self.seat:
            tile = self._own_tile(name, prefer_drawn=tsumogiri)
        else:
            tile = self.ids.take(name)
        riichi = self._reach[actor]
        self._reach[actor] = False
        t.announce_discard(actor, tile, riichi, tsumogiri)
        if actor == self.seat:
            self.riichi_tile = None

    def _on_reach_accepted(self, ev: dict[str, Any]) -> None:
        t = self._round()
        scores = ev.get("scores")
        t.accept_riichi(_int(ev, "actor"), scores if isinstance(scores, list) else None)

    def _called(self, ev: dict[str, Any], n: int) -> tuple[int, int, int, tuple[int, ...]]:
        t = self._round()
        actor = _int(ev, "actor")
        target = _int(ev, "target")
        if target == actor:
            raise MjaiError(f"{ev['type']}: a seat cannot call its own discard")
        names = _names(ev, "consumed", n)
        river = t.r.seats[target].river
        if not river:
            raise MjaiError(f"{ev['type']}: seat {target} has no discard to call")
        tile = river[-1].tile
        pai = ev.get("pai")
        if pai is not None and parse_mjai_tile(pai)[0] != tile >> 2:
            raise MjaiError(f"{ev['type']}: pai {pai!r} is not seat {target}'s last discard")
        used = self._take_tiles(actor, names)
        return actor, target, tile, used

    def _on_chi(self, ev: dict[str, Any]) -> None:
        actor, target, tile, used = self._called(ev, 2)
        call = (Chi if ev["type"] == "chi" else Pon)((used[0], used[1]), tile)
        self._round().announce_call(actor, call, target, tile)

    _on_pon = _on_chi

    def _on_daiminkan(self, ev: dict[str, Any]) -> None:
        actor, target, tile, used = self._called(ev, 3)
        self._round().announce_call(actor, Kan(MeldKind.DAIMINKAN, used, tile), target, tile)
        self._kan_draw = True

    def _on_ankan(self, ev: dict[str, Any]) -> None:
        t = self._round()
        actor = _int(ev, "actor")
        names = _names(ev, "consumed", 4)
        used = self._take_tiles(actor, names)
        t.announce_own_kan(actor, Kan(MeldKind.ANKAN, tuple(sorted(used))))
        self._kan_draw = True

    def _on_kakan(self, ev: dict[str, Any]) -> None:
        t = self._round()
        actor = _int(ev, "actor")
        name = ev.get("pai")
        kind, _ = parse_mjai_tile(name)
        if not any(m.kind is MeldKind.PON and m.kind34 == kind for m in t.r.seats[actor].melds):
            raise MjaiError(f"kakan: seat {actor} has no pon of {name}")
        added = self._take_tiles(actor, [str(name)])[0]
        t.announce_own_kan(actor, Kan(MeldKind.KAKAN, (added,)))
        self._kan_draw = True

    def _on_dora(self, ev: dict[str, Any]) -> None:
        self._round().r.indicators.append(self.ids.take(ev.get("dora_marker")))

    def _round(self) -> FollowedRound:
        if self.round is None:
            raise MjaiError("no round has started")
        return self.round

    def _own_tile(self, name: object, prefer_drawn: bool = False) -> int:
        t = self._round()
        tile = t.own_tile(*parse_mjai_tile(name), prefer=(
            self.riichi_tile, t.r.drawn if prefer_drawn else None))
        if tile is None:
            raise MjaiError(f"seat {self.seat} holds no {name} (hand {self._hand_names()})")
        return tile

    def _take_tiles(self, actor: int, names: Iterable[str]) -> tuple[int, ...]:
        if actor != self.seat:
            return tuple(self.ids.take(n) for n in names)
        names = list(names)
        used = self._round().own_tiles([parse_mjai_tile(n) for n in names])
        if used is None:
            raise MjaiError(f"seat {self.seat} holds no {' '.join(names)} to call with "
                            f"(hand {self._hand_names()})")
        return used

    def _hand_names(self) -> str:
        t = self.round
        if t is None:
            return "-"
        return " ".join(mjai_tile(x, self.rules.red_fives) for x in sorted(t.r.seats[self.seat].hand))

    # ------------------------------------------------------------ decisions
    def legal(self) -> tuple[Action, ...]:
        """The seat's legal actions in answer to the last event (empty: answer ``none``)."""
        t = self.round
        if t is None or t.r.phase is Phase.OVER or self.last is None:
            return ()
        kind = self.last.get("type")
        actor = self.last.get("actor")
        legal = t.legal(self.seat)
        mine = actor == self.seat
        if kind == "reach":
            return tuple(a for a in legal if isinstance(a, Riichi) and not a.open) if mine else ()
        if kind in (("tsumo", "chi", "pon") if mine else ("dahai", "kakan", "ankan")):
            return legal
        return ()

    def view(self) -> PlayerView:
        """The seat's ``PlayerView`` now (its ``legal`` is :meth:`legal`)."""
        return player_view(self._round().r, self.seat, self.legal())

    def fallback(self) -> dict[str, Any]:
        """A safe answer whatever the tracker knows: tsumogiri after the own draw (or the own
        reach), a discard after the own chi/pon, ``none`` otherwise."""
        last = self.last or {}
        kind = last.get("type")
        if last.get("actor") == self.seat:
            if kind in ("tsumo", "reach"):
                t = self.round
                pai = last.get("pai") if kind == "tsumo" else None
                if pai is None and t is not None and t.r.drawn is not None:
                    pai = mjai_tile(t.r.drawn, self.rules.red_fives)
                if isinstance(pai, str) and pai in _NAMES:
                    return {"type": "dahai", "actor": self.seat, "pai": pai, "tsumogiri": True}
            if kind in ("chi", "pon") and self.round is not None:
                legal = [a for a in self.round.legal(self.seat) if isinstance(a, Discard)]
                if legal:
                    return self.to_mjai(legal[-1])
        return {"type": "none"}

    def to_mjai(self, action: Action) -> dict[str, Any]:
        """One legal action as an mjai message (``Riichi`` becomes ``reach`` and the tile is kept
        for the discard asked for after the echo)."""
        t = self._round()
        me = self.seat
        reds = self.rules.red_fives

        def name(x: int) -> str:
            return mjai_tile(x, reds)

        last = self.last or {}
        match action:
            case Riichi(tile=tile) if last.get("type") != "reach":
                self.riichi_tile = tile
                return {"type": "reach", "actor": me}
            case Discard(tile=tile) | Riichi(tile=tile):  # after the reach: its discard
                return {"type": "dahai", "actor": me, "pai": name(tile),
                        "tsumogiri": t.tsumogiri(tile)}
            case Tsumo():
                assert t.r.drawn is not None
                return {"type": "hora", "actor": me, "target": me, "pai": name(t.r.drawn)}
            case Ron():
                src, tile = self._offered()
                return {"type": "hora", "actor": me, "target": src, "pai": name(tile)}
            case Chi(tiles=tiles, called=called) | Pon(tiles=tiles, called=called):
                src, _ = self._offered()
                return {"type": action.type, "actor": me, "target": src, "pai": name(called),
                        "consumed": [name(x) for x in tiles]}
            case Kan(kind=MeldKind.DAIMINKAN, tiles=tiles, called=called):
                src, _ = self._offered()
                assert called is not None
                return {"type": "daiminkan", "actor": me, "target": src, "pai": name(called),
                        "consumed": [name(x) for x in tiles]}
            case Kan(kind=MeldKind.ANKAN, tiles=tiles):
                return {"type": "ankan", "actor": me, "consumed": [name(x) for x in tiles]}
            case Kan(kind=MeldKind.KAKAN, tiles=tiles):
                pon = next(m for m in t.r.seats[me].melds
                           if m.kind is MeldKind.PON and m.kind34 == tiles[0] >> 2)
                return {"type": "kakan", "actor": me, "pai": name(tiles[0]),
                        "consumed": [name(x) for x in pon.tiles]}
            case AbortNineTerminals():
                return {"type": "ryukyoku", "actor": me}
            case Pass():
                return {"type": "none"}
        raise MjaiError(f"{action} has no mjai form")

    def _offered(self) -> tuple[int, int]:
        """(seat, tile) of the discard or added kan open to this seat's call."""
        offer = self._round().offered()
        if offer is None:
            raise MjaiError("no discard is open to a call")
        return offer


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
