"""Actions: what a seat wants to do (rules C, R, K, G4).

Every action is a small frozen dataclass; the table lists the legal ones for each pending seat
(``Table.pending()`` / ``Game.pending()``) and takes one at a time with ``submit(seat, action)``.
Tiles are physical tiles (0-135), so a red five and a plain five are different discards.

Each action round-trips through JSON (the save journal and replays store them):

>>> action_from_dict(Chi((8, 12), 4).to_dict())
Chi(tiles=(8, 12), called=4)
>>> Discard(16).to_dict()
{'type': 'discard', 'tile': 16}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.errors import RulesError
from engine.meld import MeldKind
from engine.tiles import tile_name


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``tile`` from the hand (the drawn tile too: that is tsumogiri)."""

    tile: int
    type: ClassVar[str] = "discard"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "tile": self.tile}

    def __str__(self) -> str:
        return f"discard {tile_name(self.tile)}"


@dataclass(frozen=True, slots=True)
class Riichi:
    """Declare riichi and discard ``tile`` sideways (R1); ``open`` = open riichi (R6, option)."""

    tile: int
    open: bool = False
    type: ClassVar[str] = "riichi"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "tile": self.tile}
        if self.open:
            d["open"] = True
        return d

    def __str__(self) -> str:
        return f"{'open ' if self.open else ''}riichi discarding {tile_name(self.tile)}"


@dataclass(frozen=True, slots=True)
class Chi:
    """Call chi on the left player's discard ``called`` with two ``tiles`` from the hand (C1)."""

    tiles: tuple[int, int]
    called: int
    type: ClassVar[str] = "chi"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "tiles": list(self.tiles), "called": self.called}

    def __str__(self) -> str:
        return f"chi {tile_name(self.called)} with {'+'.join(map(tile_name, self.tiles))}"


@dataclass(frozen=True, slots=True)
class Pon:
    """Call pon on a discard ``called`` with two ``tiles`` from the hand (C2)."""

    tiles: tuple[int, int]
    called: int
    type: ClassVar[str] = "pon"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "tiles": list(self.tiles), "called": self.called}

    def __str__(self) -> str:
        return f"pon {tile_name(self.called)} with {'+'.join(map(tile_name, self.tiles))}"


@dataclass(frozen=True, slots=True)
class Kan:
    """A kan (C3). ``tiles`` are the tiles taken from the hand: three for a daiminkan (``called``
    is the discard), the one added tile for a kakan, four for an ankan."""

    kind: MeldKind
    tiles: tuple[int, ...]
    called: int | None = None
    type: ClassVar[str] = "kan"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "kind": self.kind.value, "tiles": list(self.tiles)}
        if self.called is not None:
            d["called"] = self.called
        return d

    def __str__(self) -> str:
        tiles = "+".join(map(tile_name, self.tiles))
        if self.kind is MeldKind.DAIMINKAN and self.called is not None:
            return f"kan {tile_name(self.called)} with {tiles}"
        return f"{self.kind.value} {tiles}"


@dataclass(frozen=True, slots=True)
class Nuki:
    """P1 (three players): set a North ``tile`` aside as nuki dora and draw a replacement."""

    tile: int
    type: ClassVar[str] = "nuki"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "tile": self.tile}

    def __str__(self) -> str:
        return "set a North aside (nuki)"


@dataclass(frozen=True, slots=True)
class Tsumo:
    """Win on one's own draw."""

    type: ClassVar[str] = "tsumo"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}

    def __str__(self) -> str:
        return "tsumo"


@dataclass(frozen=True, slots=True)
class Ron:
    """Win on another seat's discard (or a robbed kan, C6)."""

    type: ClassVar[str] = "ron"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}

    def __str__(self) -> str:
        return "ron"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline every call offered on a discard or a kan."""

    type: ClassVar[str] = "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class AbortNineTerminals:
    """Kyuushu kyuuhai (K2): abort the round on an uninterrupted first draw."""

    type: ClassVar[str] = "kyuushu"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}

    def __str__(self) -> str:
        return "abort with nine terminals"


@dataclass(frozen=True, slots=True)
class DeclareTenpai:
    """At an exhaustive draw with ``rules.noten_declaration`` (K1): show the hand as tenpai
    (``tenpai=True``) or declare noten."""

    tenpai: bool
    type: ClassVar[str] = "tenpai"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "tenpai": self.tenpai}

    def __str__(self) -> str:
        return "declare tenpai" if self.tenpai else "declare noten"


@dataclass(frozen=True, slots=True)
class AgariYame:
    """In all-last, the dealer who is first after a win or tenpai chooses (G4): ``stop=True``
    ends the game, ``False`` plays another renchan."""

    stop: bool
    type: ClassVar[str] = "agari_yame"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "stop": self.stop}

    def __str__(self) -> str:
        return "end the game (agari-yame)" if self.stop else "play on"


Action = (
    Discard | Riichi | Chi | Pon | Kan | Tsumo | Ron | Pass | AbortNineTerminals | DeclareTenpai
    | AgariYame | Nuki
)

ACTION_TYPES: dict[str, type] = {
    cls.type: cls
    for cls in (
        Discard, Riichi, Chi, Pon, Kan, Tsumo, Ron, Pass, AbortNineTerminals, DeclareTenpai,
        AgariYame, Nuki,
    )
}

# Shared instances of the field-less actions (they compare equal to fresh ones anyway).
TSUMO = Tsumo()
RON = Ron()
PASS = Pass()
ABORT = AbortNineTerminals()


def _int(data: dict[str, Any], key: str) -> int:
    v = data.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 136:
        raise RulesError(f"action {data!r}: {key!r} must be a tile 0-135")
    return v


def _tiles(data: dict[str, Any], n: int | tuple[int, ...]) -> tuple[int, ...]:
    v = data.get("tiles")
    ns = (n,) if isinstance(n, int) else n
    if not isinstance(v, list) or len(v) not in ns:
        raise RulesError(f"action {data!r}: 'tiles' must be a list of {' or '.join(map(str, ns))}")
    for t in v:
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < 136:
            raise RulesError(f"action {data!r}: tiles must be 0-135")
    return tuple(v)


def _bool(data: dict[str, Any], key: str, default: bool | None = None) -> bool:
    v = data.get(key, default)
    if not isinstance(v, bool):
        raise RulesError(f"action {data!r}: {key!r} must be true or false")
    return v


def action_from_dict(data: dict[str, Any]) -> Action:
    """Inverse of ``Action.to_dict()``; anything malformed raises ``RulesError``."""
    if not isinstance(data, dict):
        raise RulesError(f"an action must be a JSON object, got {data!r}")
    kind = data.get("type")
    match kind:
        case "discard":
            return Discard(_int(data, "tile"))
        case "riichi":
            return Riichi(_int(data, "tile"), _bool(data, "open", False))
        case "chi":
            a, b = _tiles(data, 2)
            return Chi((a, b), _int(data, "called"))
        case "pon":
            a, b = _tiles(data, 2)
            return Pon((a, b), _int(data, "called"))
        case "kan":
            try:
                mk = MeldKind(data.get("kind"))
            except ValueError:
                raise RulesError(f"action {data!r}: 'kind' must be kan, kakan or ankan") from None
            if mk is MeldKind.DAIMINKAN:
                return Kan(mk, _tiles(data, 3), _int(data, "called"))
            if mk is MeldKind.KAKAN:
                return Kan(mk, _tiles(data, 1))
            if mk is MeldKind.ANKAN:
                return Kan(mk, _tiles(data, 4))
            raise RulesError(f"action {data!r}: 'kind' must be kan, kakan or ankan")
        case "tsumo":
            return TSUMO
        case "ron":
            return RON
        case "pass":
            return PASS
        case "kyuushu":
            return ABORT
        case "tenpai":
            return DeclareTenpai(_bool(data, "tenpai"))
        case "agari_yame":
            return AgariYame(_bool(data, "stop"))
        case "nuki":
            tile = _int(data, "tile")
            if tile >> 2 != 30:
                raise RulesError(f"action {data!r}: only a North (120-123) is set aside")
            return Nuki(tile)
    raise RulesError(f"unknown action type {kind!r} (one of {', '.join(ACTION_TYPES)})")


def offered(action: Action, legal: Sequence[Action]) -> bool:
    """``action in legal``, looking for the very object first: agents answer with one of the
    legal actions, and ``in`` compares each action before it field by field (a rollout asks this
    twice per decision).

    >>> five = Discard(5)
    >>> offered(five, (Discard(4), five)), offered(Discard(5), (Discard(5),))
    (True, True)
    >>> offered(Discard(6), (Discard(4), Discard(5)))
    False
    """
    for a in legal:
        if a is action:
            return True
    return action in legal
