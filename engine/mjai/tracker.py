"""One seat's knowledge of an mjai game: :class:`SeatTracker` is fed every event a seat receives
(other hands and draws shown as ``?``). It follows the round in an ``engine.follow.FollowedRound``
(no wall; only its own seat's tiles are known) updated by the table's own functions, so the legal
actions it offers are the engine's rules (STYLE 4), computed from what the seat may see (STYLE 6).
"""

from __future__ import annotations

from collections.abc import Iterable
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
from engine.follow import FollowedRound
from engine.meld import MeldKind
from engine.mjai.names import (
    _BAKAZE,
    _NAMES,
    MjaiError,
    TileIds,
    mjai_tile,
    parse_mjai_tile,
    rules_for,
)
from engine.phase import Phase
from engine.rules import TENHOU, RuleSet
from engine.table import player_view
from engine.view import PlayerView


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
            if not mine:
                return ()
            # the discard chosen with the reach (``to_mjai``), not a second choice among all the
            # ready discards: asked again, an AI threw another tile after 32 of its 170 reaches
            # in the arena (issue 16), often onto a worse wait
            options = tuple(a for a in legal if isinstance(a, Riichi) and not a.open)
            return tuple(a for a in options if a.tile == self.riichi_tile) or options
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
