"""A recorded game, independent of the file format it came from.

A :class:`GameRecord` is the rules, the players and the rounds; a :class:`RoundRecord` is the start
state (round, honba, riichi sticks, scores, the dealt hands: four, or three with three players,
P1), the ordered play (draws, discards, calls and kans, Norths set aside), the dora and ura indicators and the recorded outcome (wins with their
han, fu, points, Tenhou yaku ids and score changes, or the kind of draw with the tenpai seats).

Tiles are physical tiles 0-135 (``kind = tile // 4``, red fives 16/52/88 with one red per suit),
the same ids as Tenhou's mjlog. Formats that only know kinds and red fives (tenhou.net/6) get
copies assigned in order of appearance; :func:`tile_code` is the copy-free view used to compare two
records of one game.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.errors import RulesError
from engine.meld import Meld
from engine.rules import RuleSet
from engine.tiles import Reds, is_red

T = TypeVar("T")


class RecordError(RulesError):
    """A game record that cannot be read: malformed, inconsistent or cut short."""


@dataclass(frozen=True, slots=True)
class Draw:
    """A seat takes a tile from the live wall, or from the dead wall after a kan (``rinshan``)."""

    seat: int
    tile: int
    rinshan: bool = False


@dataclass(frozen=True, slots=True)
class Discard:
    """A seat discards; ``tsumogiri`` = the tile just drawn; ``riichi`` = the declaring discard."""

    seat: int
    tile: int
    tsumogiri: bool = False
    riichi: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    """Chi, pon or daiminkan on the last discard, or kakan/ankan on the seat's own turn."""

    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Nuki:
    """P1 (three players): a seat sets a North aside (nuki dora); a replacement draw follows."""

    seat: int
    tile: int


Event = Draw | Discard | Call | Nuki


class RoundEnd(enum.Enum):
    """How a round ended (K1-K7)."""

    WIN = "win"
    EXHAUSTIVE = "exhaustive"  # K1
    NAGASHI_MANGAN = "nagashi_mangan"  # Y27
    NINE_TERMINALS = "nine_terminals"  # K2 kyuushu kyuuhai
    FOUR_WINDS = "four_winds"  # K3 suufon renda
    FOUR_KANS = "four_kans"  # K4 suukaikan
    FOUR_RIICHI = "four_riichi"  # K5 suucha riichi
    TRIPLE_RON = "triple_ron"  # K6 sanchahou

    @property
    def abortive(self) -> bool:
        return self not in (RoundEnd.WIN, RoundEnd.EXHAUSTIVE, RoundEnd.NAGASHI_MANGAN)


#: Tenhou yaku ids that are yakuman, 37 tenhou … 51 suukantsu (each counts 13 han in
#: ``Win.yaku``); 36 renhou is not played on Tenhou.
YAKUMAN_IDS = frozenset(range(37, 52))


@dataclass(frozen=True, slots=True)
class Win:
    """One winner. ``from_seat == seat`` for tsumo; ``pao`` is the liable seat (S9) or ``None``.

    ``yaku`` is ``((tenhou_id, han), ...)`` in the recorded order, yakuman entries counting 13;
    entries worth 0 han (Tenhou lists ``ura dora 0`` for a riichi winner without ura, some
    exports do not) are left out, so every format gives the same list. ``fu`` is
    ``None`` when the record does not say (tenhou.net/6 omits it for mangan and above).
    ``points`` is the hand's value without honba and sticks (ron: the discarder's payment, tsumo:
    the sum of the payments); ``limit`` 0 below mangan, 1-5 mangan…yakuman. ``deltas`` are the
    score changes of this win with honba, sticks and pao included. A record that gives only the
    deltas has ``han``, ``points`` and ``limit`` ``None`` and no yaku.
    """

    seat: int
    from_seat: int
    pao: int | None
    han: int | None
    fu: int | None
    points: int | None
    limit: int | None
    yaku: tuple[tuple[int, int], ...]
    deltas: tuple[int, ...]  # per seat (three with three players, P1)

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat

    @property
    def yaku_ids(self) -> tuple[int, ...]:
        return tuple(y for y, _ in self.yaku)

    @property
    def yakuman(self) -> int:
        """How many yakuman (0 for a normal or counted hand)."""
        return sum(1 for y, _ in self.yaku if y in YAKUMAN_IDS)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The recorded end of a round. ``deltas`` are the score changes without riichi deposits
    (the sum over ``wins`` for a win); ``tenpai`` the tenpai seats at an exhaustive draw or
    nagashi mangan, ``None`` when the record does not say."""

    end: RoundEnd
    wins: tuple[Win, ...] = ()
    deltas: tuple[int, ...] = (0, 0, 0, 0)
    tenpai: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round (kyoku). ``index`` is 0-3 East 1-4, 4-7 South 1-4, 8-11 West 1-4;
    the dealer is ``index % 4``. ``hands`` are the 13 dealt tiles of seats 0-3 (sorted);
    ``dora`` the indicators in reveal order (kan dora appended), ``ura`` the ura indicators
    shown at a riichi win. ``outcome`` is ``None`` only for a round the record cuts short."""

    index: int
    honba: int
    sticks: int
    scores: tuple[int, ...]  # per seat: its length is the number of players (P1)
    hands: tuple[tuple[int, ...], ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    events: tuple[Event, ...]
    outcome: Outcome | None

    @property
    def dealer(self) -> int:
        return self.index % 4

    @property
    def round_wind(self) -> int:
        """0 East, 1 South, 2 West, 3 North."""
        return self.index // 4

    @property
    def name(self) -> str:
        """``'E1-0'`` style: wind, round number, honba."""
        return f"{'ESWN'[self.round_wind % 4]}{self.index % 4 + 1}-{self.honba}"

    def standing_riichi(self) -> tuple[int, ...]:
        """Seats whose riichi stood: the declaring discard was not ronned (R1)."""
        seats = []
        last = len(self.events) - 1
        for i, ev in enumerate(self.events):
            if isinstance(ev, Discard) and ev.riichi:
                # a riichi whose declaring discard is ronned does not stand (R1)
                ronned = (
                    i == last
                    and self.outcome is not None
                    and self.outcome.end in (RoundEnd.WIN, RoundEnd.TRIPLE_RON)
                )
                if not ronned:
                    seats.append(ev.seat)
        return tuple(seats)

    def end_scores(self) -> tuple[int, ...]:
        """Scores after the round: start + deltas − 1000 per standing riichi."""
        if self.outcome is None:
            raise RecordError(f"round {self.name} has no recorded outcome")
        out = [s + d for s, d in zip(self.scores, self.outcome.deltas, strict=True)]
        for seat in self.standing_riichi():
            out[seat] -= 1000
        return tuple(out)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole recorded game (or what a file holds of it).

    ``rounds`` are the complete rounds; ``cut`` is a final round the record cuts short (with
    ``outcome`` ``None``) and ``problem`` says what is missing; ``final_scores``/``final_points``
    come from the record's end (``None`` when it has none).
    """

    rules: RuleSet
    names: tuple[str, ...]  # per seat (three with three players, ``rules.players``)
    rounds: tuple[RoundRecord, ...]
    disp: str = ""
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    cut: RoundRecord | None = None
    problem: str | None = None
    source: str = field(default="", compare=False)
    #: Tenhou's wall seed (mjlog ``<SHUFFLE seed>``, ``mt19937ar-sha512-n288-base64,...``) when
    #: the record has one: its walls can be dealt again (``engine.tenhou_shuffle``)
    shuffle: str = field(default="", compare=False)

    @property
    def complete(self) -> bool:
        return self.problem is None


def per_seat(values: Iterable[T], players: int) -> tuple[T, ...]:
    """Per-seat values of a game of ``players`` (P1): a three-player record's fourth column
    (Tenhou writes a 0 or an empty name there) is dropped.

    >>> per_seat([350, 350, 350, 0], 3)
    (350, 350, 350)
    """
    got = tuple(values)
    if players == 4:
        return four(got)
    if len(got) == 4:
        got = got[:3]
    if len(got) != 3:
        raise RecordError(f"{len(got)} values where a three-player game has three: {got!r}")
    return got


def four(values: Iterable[T]) -> tuple[T, T, T, T]:
    """Per-seat values as a four-tuple; ``RecordError`` if there are not four.

    >>> four(x * 100 for x in (250, 250, 250, 250))
    (25000, 25000, 25000, 25000)
    """
    got = tuple(values)
    if len(got) != 4:
        raise RecordError(f"{len(got)} values where a game has four seats: {got!r}")
    return got[0], got[1], got[2], got[3]


# --------------------------------------------------------------------------------------------
# tile codes: the copy-free view shared by every format


def tile_code(tile: int, reds: Reds = (1, 1, 1)) -> int:
    """tenhou.net/6 code of a physical tile: 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours,
    51/52/53 red fives.

    >>> tile_code(16), tile_code(17), tile_code(108)
    (51, 15, 41)
    """
    kind = tile >> 2
    if is_red(tile, reds):
        return 51 + kind // 9
    if kind >= 27:
        return 41 + kind - 27
    return 10 * (kind // 9 + 1) + kind % 9 + 1


def code_kind(code: int) -> tuple[int, bool]:
    """Inverse of :func:`tile_code` up to the copy: ``(kind, red)``."""
    if 51 <= code <= 53:
        return (code - 51) * 9 + 4, True
    if 41 <= code <= 47:
        return 27 + code - 41, False
    suit, num = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= num <= 9:
        return (suit - 1) * 9 + num - 1, False
    raise RecordError(f"{code!r} is no tenhou.net/6 tile code")


def _meld_key(meld: Meld, reds: Reds) -> tuple[Any, ...]:
    called = None if meld.called is None else tile_code(meld.called, reds)
    added = None if meld.added is None else tile_code(meld.added, reds)
    return (meld.kind, tuple(sorted(tile_code(t, reds) for t in meld.tiles)), called,
            meld.source, added)


def event_key(ev: Event, reds: Reds) -> tuple[Any, ...]:
    """An event with tiles replaced by codes (copies ignored)."""
    match ev:
        case Draw(seat, tile, rinshan):
            return ("draw", seat, tile_code(tile, reds), rinshan)
        case Discard(seat, tile, tsumogiri, riichi):
            return ("discard", seat, tile_code(tile, reds), tsumogiri, riichi)
        case Call(seat, meld):
            return ("call", seat, _meld_key(meld, reds))
        case Nuki(seat, tile):
            return ("nuki", seat, tile_code(tile, reds))
    raise TypeError(ev)


def _win_diff(a: Win, b: Win) -> list[str]:
    out = []
    for name in ("seat", "from_seat", "pao", "deltas"):
        if getattr(a, name) != getattr(b, name):
            out.append(f"{name} {getattr(a, name)} vs {getattr(b, name)}")
    # fields a record may leave unknown are compared when both know them
    for name in ("han", "fu", "points", "limit"):
        va, vb = getattr(a, name), getattr(b, name)
        if va is not None and vb is not None and va != vb:
            out.append(f"{name} {va} vs {vb}")
    if a.yaku and b.yaku and a.yaku != b.yaku:
        out.append(f"yaku {a.yaku} vs {b.yaku}")
    return out


def compare_rounds(a: RoundRecord, b: RoundRecord, reds: Reds) -> list[str]:
    """Differences between two records of one round, copies of tiles ignored; a field one record
    leaves unknown (``None``) is not compared."""
    out: list[str] = []
    for name in ("index", "honba", "sticks", "scores"):
        if getattr(a, name) != getattr(b, name):
            out.append(f"{name} {getattr(a, name)} vs {getattr(b, name)}")

    def codes(tiles: tuple[int, ...]) -> list[int]:
        return sorted(tile_code(t, reds) for t in tiles)

    for seat in range(len(a.hands)):
        if codes(a.hands[seat]) != codes(b.hands[seat]):
            out.append(f"seat {seat} hand differs")
    if [tile_code(t, reds) for t in a.dora] != [tile_code(t, reds) for t in b.dora]:
        out.append("dora indicators differ")
    if a.ura and b.ura and [tile_code(t, reds) for t in a.ura] != [
        tile_code(t, reds) for t in b.ura
    ]:
        out.append("ura indicators differ")
    ka = [event_key(e, reds) for e in a.events]
    kb = [event_key(e, reds) for e in b.events]
    if ka != kb:
        n = next((i for i, (x, y) in enumerate(zip(ka, kb, strict=False)) if x != y),
                 min(len(ka), len(kb)))
        xa = ka[n] if n < len(ka) else "end"
        xb = kb[n] if n < len(kb) else "end"
        out.append(f"event {n}: {xa} vs {xb}")
    oa, ob = a.outcome, b.outcome
    if (oa is None) != (ob is None):
        out.append("one round has no outcome")
    elif oa is not None and ob is not None:
        if oa.end != ob.end:
            out.append(f"end {oa.end.value} vs {ob.end.value}")
        if oa.deltas != ob.deltas:
            out.append(f"deltas {oa.deltas} vs {ob.deltas}")
        if oa.tenpai is not None and ob.tenpai is not None and oa.tenpai != ob.tenpai:
            out.append(f"tenpai {oa.tenpai} vs {ob.tenpai}")
        if len(oa.wins) != len(ob.wins):
            out.append(f"{len(oa.wins)} vs {len(ob.wins)} winners")
        for wa, wb in zip(oa.wins, ob.wins, strict=False):
            out.extend(f"winner {wa.seat}: {d}" for d in _win_diff(wa, wb))
    return out


def compare_games(a: GameRecord, b: GameRecord) -> list[str]:
    """Differences between two records of one game (``[]`` when they agree), round by round."""
    out: list[str] = []
    if a.rules != b.rules:
        out.append("rules differ")
    if len(a.rounds) != len(b.rounds):
        out.append(f"{len(a.rounds)} vs {len(b.rounds)} rounds")
    reds = a.rules.red_fives
    for i, (ra, rb) in enumerate(zip(a.rounds, b.rounds, strict=False)):
        out.extend(f"round {i} ({ra.name}): {d}" for d in compare_rounds(ra, rb, reds))
    if a.final_scores and b.final_scores and a.final_scores != b.final_scores:
        out.append(f"final scores {a.final_scores} vs {b.final_scores}")
    return out


def check_bookkeeping(game: GameRecord) -> list[str]:
    """The recorded score chain: start + deltas − 1000 per standing riichi = next start (and the
    final scores, leftover sticks going to the top, R5). Returns the breaks found."""
    out = []
    rounds = game.rounds
    for prev, nxt in zip(rounds, rounds[1:] + ((game.cut,) if game.cut else ()), strict=False):
        end = prev.end_scores()
        if end != nxt.scores:
            out.append(f"after {prev.name}: {end} but {nxt.name} starts with {nxt.scores}")
    if rounds and game.final_scores is not None and game.cut is None:
        last = rounds[-1]
        fin = list(last.end_scores())
        if fin != list(game.final_scores):
            left = 0
            if last.outcome is not None and last.outcome.end is not RoundEnd.WIN:
                left = last.sticks + len(last.standing_riichi())
            first = rounds[0].dealer
            n = len(fin)
            top = max(range(n), key=lambda s: (fin[s], -((s - first) % n)))
            fin[top] += 1000 * left  # R5: leftover sticks go to the top
            if tuple(fin) != game.final_scores:
                out.append(f"after {last.name}: {tuple(fin)} but final {game.final_scores}")
    return out
