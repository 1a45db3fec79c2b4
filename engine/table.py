"""One round at the table: the game loop (rules T, D, C, R, F, K; STYLE 4).

``Table(rules, wall, ...)`` deals from an explicit ``Wall`` with given scores, honba, sticks and
dealer; ``pending()`` says which seats must act and lists their legal actions; ``submit(seat,
action)`` takes one action, settles call priority itself (ron > pon/kan > chi, double ron,
sanchahou, atama-hane) and returns the events it caused. An illegal action raises
``IllegalAction`` and changes nothing. Seats that could only pass are never pending.

Internal state is mutable for speed (hands as lists, 34-counts and packed per-suit keys kept
incrementally, each seat's waits cached whenever its 3n+1 hand changes); everything handed out
(events, views, legal actions) is immutable.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.actions import (
    ABORT,
    PASS,
    RON,
    TSUMO,
    AbortNineTerminals,
    Action,
    Chi,
    DeclareTenpai,
    Discard,
    Kan,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from engine.errors import IllegalAction, RulesError
from engine.events import (
    Called,
    Discarded,
    DoraRevealed,
    DrawKind,
    Drew,
    Event,
    KanDeclared,
    RiichiAccepted,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
    Win,
)
from engine.meld import Meld, MeldKind
from engine.rules import RuleSet
from engine.tiles import is_red, tile_name
from engine.view import PlayerView, RiverTile
from engine.wall import FIRST_DRAW, Wall

WIND_NAMES = ("East", "South", "West", "North")
_CHI_PAIRS = tuple(
    tuple((k - k % 9 + lo + a, k - k % 9 + lo + b)
          for lo in (k % 9 - 2, k % 9 - 1, k % 9) if 0 <= lo and lo + 2 <= 8
          for a, b in ((lo_a, lo_b) for lo_a, lo_b in ((0, 1), (0, 2), (1, 2))
                       if lo + lo_a != k % 9 and lo + lo_b != k % 9))
    if k < 27 else ()
    for k in range(34)
)  # for each kind, the pairs of kinds that chi it (C1)
_DISCARD = tuple(Discard(t) for t in range(136))  # shared immutable actions (speed)
_RIICHI = tuple(Riichi(t) for t in range(136))
_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


# ---------------------------------------------------------------------- fast waits
# Per-suit memo tables keyed by packed suit counts (3 bits per kind, kind i of a suit at bit 3*i).
# The table keeps every seat's four keys up to date as tiles come and go, so "which kinds complete
# this hand?" is four dictionary look-ups; ``engine.waits`` is the reference (a test compares
# them). A wait may be a kind the hand already holds four of, as in ``engine.waits``.
_SUIT = tuple(k // 9 for k in range(34))
_SHIFT = tuple(3 * (k % 9) for k in range(34))
_MIDDLE = sum(7 << (3 * i) for i in range(1, 8))  # kinds 2-8 of a suit in a packed key
_YAOCHUU_MASK = sum(1 << k for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))

# suit key -> bit 1: the tiles split into melds only; bit 2: into melds and one pair
_COMP: tuple[dict[int, int], dict[int, int]] = ({}, {})
# suit key -> bitmask of the kinds (0-8) whose addition makes the suit complete (in the sense
# its new size calls for: melds only when divisible by 3, melds + pair when 2 mod 3)
_WAIT: tuple[dict[int, int], dict[int, int]] = ({}, {})


def _unpack(key: int, n: int) -> list[int]:
    return [(key >> (3 * i)) & 7 for i in range(n)]


def _split(c: list[int], pair: bool, seq: bool) -> bool:
    i = 0
    n = len(c)
    while i < n and c[i] == 0:
        i += 1
    if i == n:
        return not pair
    if c[i] >= 3:
        c[i] -= 3
        ok = _split(c, pair, seq)
        c[i] += 3
        if ok:
            return True
    if pair and c[i] >= 2:
        c[i] -= 2
        ok = _split(c, False, seq)
        c[i] += 2
        if ok:
            return True
    if seq and i + 2 < n and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _split(c, pair, seq)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def _comp(key: int, honors: int) -> int:
    """Bit 1: melds only; bit 2: melds and one pair (for suit ``key``; ``honors`` = 1 for z)."""
    table = _COMP[honors]
    r = table.get(key)
    if r is None:
        c = _unpack(key, 7 if honors else 9)
        seq = not honors
        n = sum(c)
        r = 0
        if n % 3 == 0 and _split(c, False, seq):
            r |= 1
        if n % 3 == 2 and _split(c, True, seq):
            r |= 2
        table[key] = r
    return r


def _suit_waits(key: int, honors: int) -> int:
    """Bitmask of the kinds of this suit that complete it (see ``_WAIT``)."""
    table = _WAIT[honors]
    r = table.get(key)
    if r is None:
        r = 0
        size = 7 if honors else 9
        for i in range(size):
            if _comp(key + (1 << (3 * i)), honors):
                r |= 1 << i
        table[key] = r
    return r


def _regular_wait_mask(keys: list[int], sizes: list[int]) -> int:
    """Waits (a 34-bit mask) of the four-meld-one-pair shape for a 3n+1 hand."""
    mask = 0
    res = [s % 3 for s in sizes]
    # each suit: is it complete as it stands (for its size's residue)?
    ok = [False, False, False, False]
    for s in range(4):
        r = res[s]
        if r == 0:
            ok[s] = sizes[s] == 0 or bool(_comp(keys[s], s == 3) & 1)
        elif r == 2:
            ok[s] = bool(_comp(keys[s], s == 3) & 2)
    twos = res.count(2)
    for x in range(4):
        rx = res[x]
        if rx == 2:
            # adding makes it 0 (melds only); exactly one other two must exist
            if twos != 2:
                continue
        elif rx == 1:
            # adding makes it 2 (pair here); no other twos
            if twos != 0:
                continue
        else:
            continue
        good = True
        for y in range(4):
            if y != x and not ok[y]:
                good = False
                break
        if good:
            mask |= _suit_waits(keys[x], x == 3) << (9 * x)
    return mask


_SWAP: dict[tuple[int, int], tuple[bool, bool, bool]] = {}


def _ok(key: int, size: int, honors: int) -> bool:
    """Whether a suit is complete as it stands: melds only (size 0 mod 3) or melds and a pair
    (size 2 mod 3)."""
    r = size % 3
    if r == 1:
        return False
    if size == 0:
        return True
    return bool(_comp(key, honors) & (1 if r == 0 else 2))


def _swap_info(key: int, size: int, honors: int) -> tuple[bool, bool, bool]:
    """(one tile removed can leave it complete, one added can, one swapped within can)."""
    info = _SWAP.get((key, honors))
    if info is None:
        n = 7 if honors else 9
        rem = add = swap = False
        for i in range(n):
            if _ok(key + (1 << (3 * i)), size + 1, honors):
                add = True
            if (key >> (3 * i)) & 7:
                k2 = key - (1 << (3 * i))
                if _ok(k2, size - 1, honors):
                    rem = True
                if not swap:
                    for j in range(n):
                        if _ok(k2 + (1 << (3 * j)), size, honors):
                            swap = True
                            break
        info = _SWAP[(key, honors)] = (rem, add, swap)
    return info


def _regular_tenpai_by_discard(keys: list[int], sizes: list[int]) -> bool:
    """Whether some discard leaves a 3n+2 hand tenpai in the four-melds-one-pair shape (a cheap
    filter before listing riichi discards one by one)."""
    ok = [_ok(keys[s], sizes[s], s == 3) for s in range(4)]
    bad = ok.count(False)
    if bad > 2:
        return False
    res = [sz % 3 for sz in sizes]
    infos = [_swap_info(keys[s], sizes[s], s == 3) if sizes[s] or True else None for s in range(4)]
    for x in range(4):
        if not sizes[x]:
            continue
        for y in range(4):
            if any(not ok[z] for z in range(4) if z != x and z != y):
                continue
            if x == y:
                if infos[x][2] and res.count(2) == 1:
                    return True
                continue
            if not (infos[x][0] and infos[y][1]):
                continue
            r2 = list(res)
            r2[x] = (r2[x] - 1) % 3
            r2[y] = (r2[y] + 1) % 3
            if r2.count(2) == 1:
                return True
    return False


def _wait_mask(keys: list[int], sizes: list[int], counts: list[int], closed13: bool) -> int:
    """All waits (34-bit mask) of a 3n+1 hand; ``closed13``: 13 concealed tiles and no melds
    (chiitoitsu and kokushi possible)."""
    mask = _regular_wait_mask(keys, sizes)
    if closed13:
        # chiitoitsu: six pairs and a single, nothing else
        if counts.count(2) == 6 and counts.count(1) == 1:
            mask |= 1 << counts.index(1)
        # kokushi: no tile from 2 to 8 of any suit, 13 terminal/honour tiles
        if not (keys[0] & _MIDDLE or keys[1] & _MIDDLE or keys[2] & _MIDDLE):
            yao = 0
            for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
                if counts[k]:
                    yao |= 1 << k
            kinds = bin(yao).count("1")
            if kinds == 13:
                mask |= _YAOCHUU_MASK
            elif kinds == 12:
                mask |= _YAOCHUU_MASK & ~yao
    return mask


def mask_kinds(mask: int) -> tuple[int, ...]:
    """The kinds in a 34-bit mask, ascending."""
    out = []
    k = 0
    while mask:
        if mask & 1:
            out.append(k)
        mask >>= 1
        k += 1
    return tuple(out)


class Phase(enum.Enum):
    TURN = "turn"  # the seat in turn drew (or called chi/pon) and must act
    CALLS = "calls"  # seats answer a discard (ron / pon / kan / chi / pass)
    CHANKAN = "chankan"  # seats may rob a kan (C6)
    TENPAI = "tenpai"  # K1 option: tenpai seats choose to show or hide at an exhaustive draw
    OVER = "over"


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """How a round ended, for the game: score changes and what carries over (G2, R5)."""

    deltas: tuple[int, int, int, int]  # scores at the end minus scores at the start
    scores: tuple[int, int, int, int]
    renchan: bool
    honba: int  # for the next round
    sticks: int  # left on the table for the next round
    winners: tuple[int, ...]  # empty for a draw
    draw: DrawKind | None
    dealer_tenpai: bool  # at an exhaustive draw


def round_name(round_index: int, honba: int = 0) -> str:
    """``'East 1'``, ``'South 3, 2 honba'``."""
    name = f"{WIND_NAMES[(round_index // 4) % 4]} {round_index % 4 + 1}"
    return f"{name}, {honba} honba" if honba else name


class Table:
    """One round (kyoku). Seats are absolute 0-3; ``dealer`` is East this round.

    Public API: ``pending()``, ``legal(seat)``, ``submit(seat, action)``, ``view(seat)``,
    ``describe()``, ``waits(seat)``, ``furiten(seat)``, ``seat_wind(seat)``; read-only state:
    ``events``, ``phase``, ``over``, ``outcome`` (a ``RoundOutcome`` once over), ``scores``,
    ``honba``, ``sticks``, ``hands``, ``melds``, ``rivers``, ``riichi``, ``ippatsu``, ``turn``,
    ``drawn``, ``kans``, ``dora_indicators``, ``live_tiles_left``, ``wall``. Mutating the state
    from outside is not supported.
    """

    def __init__(
        self,
        rules: RuleSet,
        wall: Wall,
        *,
        round_index: int = 0,
        dealer: int | None = None,
        round_wind: int | None = None,
        honba: int = 0,
        sticks: int = 0,
        scores: tuple[int, ...] | list[int] | None = None,
        dealer_streak: int = 0,
    ) -> None:
        self.rules = rules
        self.wall = wall
        self.round_index = round_index
        self.dealer = round_index % 4 if dealer is None else dealer
        self.round_wind = 27 + (round_index // 4) % 4 if round_wind is None else round_wind
        self.honba = honba
        self.sticks = sticks
        start = rules.starting_points
        self.scores = list(scores) if scores is not None else [start] * 4
        if len(self.scores) != 4:
            raise RulesError(f"a table needs four scores, got {len(self.scores)}")
        self.start_scores = tuple(self.scores)
        self.dealer_streak = dealer_streak
        self._max_kans = min(rules.max_kans, 4)
        self.events: list[Event] = []
        self._red = [is_red(t, rules.red_fives) for t in range(136)]
        self._tiles = wall.tiles

        # per-seat state
        self.hands: list[list[int]] = [[], [], [], []]
        self.counts: list[list[int]] = [[0] * 34 for _ in range(4)]
        self._keys: list[list[int]] = [[0, 0, 0, 0] for _ in range(4)]
        self._sizes: list[list[int]] = [[0, 0, 0, 0] for _ in range(4)]
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.rivers: list[list[RiverTile]] = [[], [], [], []]
        self._river_mask = [0, 0, 0, 0]  # kinds each seat discarded (F1)
        self._waits = [0, 0, 0, 0]  # 34-bit masks of each seat's 3n+1 hand
        self._temp_furiten = [False] * 4  # F2
        self._riichi_furiten = [False] * 4  # F3
        self.riichi = [False] * 4  # declared (accepted, or the declaring discard is on the table)
        self._double_riichi = [False] * 4
        self._open_riichi = [False] * 4
        self.ippatsu = [False] * 4
        self._discards_made = [0, 0, 0, 0]
        self._closed = [True] * 4  # no open meld (ankan keeps it closed)
        self._pao: list[tuple[int, int] | None] = [None] * 4  # (liable seat, kind: 0 dragons 1 winds)

        # round state
        self.next_draw = FIRST_DRAW
        self.kans = 0
        self._kan_seats: list[int] = []
        self.dora_count = 1  # indicators revealed
        self._dora_pending = 0  # open/added kans whose dora waits for the next discard (D3)
        self._no_calls = True  # no call yet this round (first go-around conditions, C7)
        self._first_winds: list[int] = []  # K3
        self.turn = self.dealer
        self.drawn: int | None = None  # the tile the seat in turn just drew
        self._rinshan = False  # the seat in turn drew a replacement tile
        self._after_call = False  # the seat in turn called chi/pon and must discard
        self._kuikae: frozenset[int] = frozenset()
        self._riichi_declarer: int | None = None  # whose declaring discard is on the table
        self._suukaikan_pending = False
        self.phase = Phase.TURN
        # calls / chankan
        self._discard: tuple[int, int] | None = None  # (seat, tile) open to calls
        self._kan_tile: tuple[int, int, Kan] | None = None  # (seat, tile, action) open to chankan
        self._options: dict[int, tuple[Action, ...]] = {}
        self._answers: dict[int, Action] = {}
        self._missed: list[int] = []  # seats whose waits include the tile on offer
        self._win_cache: dict[tuple[int, int, bool], object] = {}
        self._tenpai_decl: dict[int, bool] = {}
        self._tenpai_now: list[bool] = [False] * 4
        self._pending: dict[int, tuple[Action, ...]] | None = None
        self.outcome: RoundOutcome | None = None

        self._deal()

    # ------------------------------------------------------------------ public API
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def live_tiles_left(self) -> int:
        return 122 - self.kans - self.next_draw

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        return tuple(self.wall.dora_indicator(i) for i in range(self.dora_count))

    def seat_wind(self, seat: int) -> int:
        return 27 + (seat - self.dealer) % 4

    def waits(self, seat: int) -> tuple[int, ...]:
        """The seat's waits (tile kinds) for its current 3n+1 hand (before its draw)."""
        return mask_kinds(self._waits[seat])

    def furiten(self, seat: int) -> bool:
        """F1-F3: the seat may not ron now."""
        return (
            self._temp_furiten[seat]
            or self._riichi_furiten[seat]
            or bool(self._waits[seat] & self._river_mask[seat])
        )

    def pending(self) -> dict[int, tuple[Action, ...]]:
        """Seats that must act now and their legal actions (empty when the round is over)."""
        p = self._pending
        if p is None:
            p = self._pending = self._compute_pending()
        return p

    def legal(self, seat: int) -> tuple[Action, ...]:
        return self.pending().get(seat, ())

    def submit(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Take one action from ``seat``; return the events it caused."""
        legal = self.pending().get(seat)
        if legal is None or action not in legal:
            raise IllegalAction(self._refusal(seat, action, legal))
        n = len(self.events)
        self._pending = None
        phase = self.phase
        if phase is Phase.TURN:
            self._turn_action(seat, action)
        elif phase is Phase.CALLS or phase is Phase.CHANKAN:
            self._answers[seat] = action
            if self._decided():
                if phase is Phase.CALLS:
                    self._resolve_discard()
                else:
                    self._resolve_chankan()
        elif phase is Phase.TENPAI:
            assert isinstance(action, DeclareTenpai)
            self._tenpai_decl[seat] = action.tenpai
            if len(self._tenpai_decl) == len(self._options):
                self._settle_exhaustive()
        return tuple(self.events[n:])

    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know (STYLE 6): never the wall nor another concealed hand."""
        hand = list(self.hands[seat])
        drawn = self.drawn if (self.turn == seat and self.drawn is not None
                               and self.phase is not Phase.OVER and self.drawn in hand) else None
        if drawn is not None:
            hand.remove(drawn)
        hand.sort()
        open_hands = tuple(
            tuple(sorted(self.hands[s])) if self._open_riichi[s] else None for s in range(4)
        )
        last = self._discard if self.phase is Phase.CALLS else None
        return PlayerView(
            seat=seat,
            round_index=self.round_index,
            round_wind=self.round_wind,
            seat_wind=self.seat_wind(seat),
            dealer=self.dealer,
            honba=self.honba,
            sticks=self.sticks,
            scores=tuple(self.scores),  # type: ignore[arg-type]
            hand=tuple(hand),
            drawn=drawn,
            melds=tuple(tuple(m) for m in self.melds),
            rivers=tuple(tuple(r) for r in self.rivers),
            dora_indicators=self.dora_indicators,
            riichi=tuple(self.riichi),  # type: ignore[arg-type]
            open_hands=open_hands,
            live_tiles_left=self.live_tiles_left,
            kans=self.kans,
            turn=self.turn,
            last_discard=last,
            waits=self.waits(seat),
            furiten=self.furiten(seat),
            ippatsu=self.ippatsu[seat],
            legal=self.legal(seat),
        )

    def describe(self) -> str:
        """The situation in words, for error messages."""
        where = round_name(self.round_index, self.honba)
        if self.phase is Phase.TURN:
            what = "discard after a call" if self._after_call else "act after drawing"
            return f"{where}: seat {self.turn}'s turn to {what}"
        if self.phase is Phase.CALLS and self._discard:
            d, t = self._discard
            waiting = ", ".join(str(s) for s in sorted(self._options) if s not in self._answers)
            return f"{where}: seat {d} discarded {tile_name(t)}; waiting for seat(s) {waiting}"
        if self.phase is Phase.CHANKAN and self._kan_tile:
            return f"{where}: seat {self._kan_tile[0]} declared a kan open to chankan"
        if self.phase is Phase.TENPAI:
            return f"{where}: exhaustive draw, tenpai seats declare"
        return f"{where}: the round is over"

    # ------------------------------------------------------------------ hand bookkeeping
    def _add(self, seat: int, tile: int) -> None:
        k = tile >> 2
        self.hands[seat].append(tile)
        self.counts[seat][k] += 1
        s = _SUIT[k]
        self._keys[seat][s] += 1 << _SHIFT[k]
        self._sizes[seat][s] += 1

    def _remove(self, seat: int, tile: int) -> None:
        k = tile >> 2
        self.hands[seat].remove(tile)
        self.counts[seat][k] -= 1
        s = _SUIT[k]
        self._keys[seat][s] -= 1 << _SHIFT[k]
        self._sizes[seat][s] -= 1

    def _update_waits(self, seat: int) -> None:
        self._waits[seat] = _wait_mask(
            self._keys[seat], self._sizes[seat], self.counts[seat],
            len(self.hands[seat]) == 13,
        )

    def _tenpai_mask_after(self, seat: int, tile_kind: int) -> int:
        """Waits of the seat's 3n+2 hand after discarding one tile of ``tile_kind``."""
        s = _SUIT[tile_kind]
        keys = self._keys[seat]
        sizes = self._sizes[seat]
        counts = self.counts[seat]
        keys[s] -= 1 << _SHIFT[tile_kind]
        sizes[s] -= 1
        counts[tile_kind] -= 1
        try:
            return _wait_mask(keys, sizes, counts, len(self.hands[seat]) == 14)
        finally:
            keys[s] += 1 << _SHIFT[tile_kind]
            sizes[s] += 1
            counts[tile_kind] += 1

    def _held(self, seat: int, kind: int) -> int:
        """Copies of ``kind`` in the seat's hand and melds."""
        n = self.counts[seat][kind]
        for m in self.melds[seat]:
            # count tile by tile: a chi holds one copy of each of its three kinds
            n += sum(1 for t in m.tiles if t >> 2 == kind)
        return n

    # ------------------------------------------------------------------ dealing and drawing
    def _deal(self) -> None:
        hands = self.wall.deal(self.dealer)
        for seat in range(4):
            for t in hands[seat]:
                self._add(seat, t)
            self._update_waits(seat)
        self.events.append(
            RoundStarted(
                round_index=self.round_index,
                round_wind=self.round_wind,
                dealer=self.dealer,
                honba=self.honba,
                sticks=self.sticks,
                scores=tuple(self.scores),  # type: ignore[arg-type]
                dora_indicators=self.dora_indicators,
                hands=tuple(tuple(h) for h in hands),
                dice=self.wall.dice,
            )
        )
        self._draw(self.dealer)

    def _draw(self, seat: int, rinshan: bool = False) -> None:
        if rinshan:
            tile = self.wall.rinshan(self.kans - 1)
        else:
            tile = self._tiles[self.next_draw]
            self.next_draw += 1
        self._add(seat, tile)
        self.turn = seat
        self.drawn = tile
        self._rinshan = rinshan
        self._after_call = False
        self._kuikae = frozenset()
        self._temp_furiten[seat] = False  # F2 lifted by the own draw
        self._win_cache.clear()
        self.phase = Phase.TURN
        self.events.append(Drew(seat, tile, rinshan))

    # ------------------------------------------------------------------ legal actions
    def _compute_pending(self) -> dict[int, tuple[Action, ...]]:
        phase = self.phase
        if phase is Phase.TURN:
            return {self.turn: self._turn_legal(self.turn)}
        if phase is Phase.CALLS or phase is Phase.CHANKAN or phase is Phase.TENPAI:
            return {s: o for s, o in self._options.items() if s not in self._answers}
        return {}

    def _turn_legal(self, seat: int) -> tuple[Action, ...]:
        hand = self.hands[seat]
        if self._after_call:
            kk = self._kuikae
            return tuple(_DISCARD[t] for t in hand if (t >> 2) not in kk)
        out: list[Action] = []
        drawn = self.drawn
        assert drawn is not None
        dk = drawn >> 2
        counts = self.counts[seat]
        if (self._waits[seat] >> dk) & 1 and self._win_result(seat, drawn, True) is not None:
            out.append(TSUMO)
        can_kan = self.kans < self._max_kans and self.live_tiles_left > 0
        if self.riichi[seat]:
            if can_kan and counts[dk] == 4 and self._riichi_ankan_ok(seat, dk):
                out.append(Kan(MeldKind.ANKAN, tuple(sorted(t for t in hand if t >> 2 == dk))))
            out.append(_DISCARD[drawn])
            return tuple(out)
        if can_kan:
            for k in (range(34) if 4 in counts else ()):
                if counts[k] == 4:
                    out.append(Kan(MeldKind.ANKAN, tuple(sorted(t for t in hand if t >> 2 == k))))
            for m in self.melds[seat]:
                if m.kind is MeldKind.PON and counts[m.tiles[0] >> 2]:
                    for t in hand:
                        if t >> 2 == m.tiles[0] >> 2:
                            out.append(Kan(MeldKind.KAKAN, (t,)))
        if (
            self._closed[seat]
            and self.scores[seat] >= self.rules.riichi_min_points
            and self.live_tiles_left >= self.rules.riichi_min_wall_tiles
        ):
            ok: dict[int, bool] = {}
            for t in (hand if self._riichi_possible(seat) else ()):
                k = t >> 2
                good = ok.get(k)
                if good is None:
                    good = ok[k] = self._tenpai_mask_after(seat, k) != 0
                if good:
                    out.append(_RIICHI[t])
                    if self.rules.open_riichi:
                        out.append(Riichi(t, True))
        if (
            self.rules.kyuushu_kyuuhai
            and self._no_calls
            and self._discards_made[seat] == 0
            and sum(1 for k in _YAOCHUU if counts[k]) >= 9
        ):
            out.append(ABORT)
        d = _DISCARD
        out.extend([d[t] for t in hand])
        return tuple(out)

    def _riichi_possible(self, seat: int) -> bool:
        """A cheap necessary condition for some discard to leave the hand tenpai."""
        if _regular_tenpai_by_discard(self._keys[seat], self._sizes[seat]):
            return True
        if len(self.hands[seat]) != 14:
            return False
        c = self.counts[seat]
        if sum(1 for n in c if n >= 2) >= 6:
            return True
        return sum(c[k] for k in _YAOCHUU) >= 13

    def _riichi_ankan_ok(self, seat: int, kind: int) -> bool:
        """C5: after riichi a closed kan must keep the waits and every reading of the hand
        (the kind is a triplet in every decomposition of every winning hand)."""
        before = self._waits[seat]
        if not before:
            return False
        counts = self.counts[seat]
        keys, sizes = self._keys[seat], self._sizes[seat]
        s = _SUIT[kind]
        delta = 4 << _SHIFT[kind]
        keys[s] -= delta
        sizes[s] -= 4
        counts[kind] -= 4
        try:
            after = _regular_wait_mask(keys, sizes)
        finally:
            keys[s] += delta
            sizes[s] += 4
            counts[kind] += 4
        if after != before:
            return False
        # every winning hand must read the three copies as a triplet
        base = list(counts)
        base[kind] -= 1  # the 13-tile hand before the draw holds three
        for w in mask_kinds(before):
            c = list(base)
            c[w] += 1
            if _has_reading_without_triplet(c, kind):
                return False
        return True

    def _kuikae_kinds(self, called: int, tiles: tuple[int, ...], chi: bool) -> frozenset[int]:
        if self.rules.kuikae_allowed:
            return frozenset()
        k = called >> 2
        if not chi:
            return frozenset((k,))
        others = sorted(t >> 2 for t in tiles)
        out = {k}
        if k < others[0]:  # called the low end: its suji partner above the sequence
            if (k % 9) + 3 <= 8:
                out.add(k + 3)
        elif k > others[1]:  # called the high end
            if (k % 9) - 3 >= 0:
                out.add(k - 3)
        return frozenset(out)

    def _call_leaves_discard(self, seat: int, used: tuple[int, ...], banned: frozenset[int]) -> bool:
        rest = list(self.hands[seat])
        for t in used:
            rest.remove(t)
        return any((t >> 2) not in banned for t in rest)

    def _pick(self, seat: int, kind: int, n: int, exclude: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
        """Distinct ways to take ``n`` tiles of ``kind`` from the hand (red and plain differ)."""
        tiles = sorted(t for t in self.hands[seat] if t >> 2 == kind and t not in exclude)
        red = [t for t in tiles if self._red[t]]
        plain = [t for t in tiles if not self._red[t]]
        out = []
        for r in range(min(n, len(red)) + 1):
            if n - r <= len(plain):
                out.append(tuple(sorted(red[:r] + plain[: n - r])))
        return out

    def _call_options(self, discarder: int, tile: int) -> None:
        """Fill ``_options`` with each seat's choices on a discard (C1-C5, F1-F3)."""
        k = tile >> 2
        options: dict[int, tuple[Action, ...]] = {}
        missed: list[int] = []
        last = 122 - self.kans - self.next_draw <= 0
        can_kan = not last and self.kans < self._max_kans
        counts = self.counts
        waits = self._waits
        for i in (1, 2, 3):
            s = (discarder + i) & 3
            c = counts[s][k]
            wait = (waits[s] >> k) & 1
            chi_seat = i == 1 and k < 27 and not last
            if not wait and c < 2 and not (chi_seat and _CHI_PAIRS[k] and any(
                    counts[s][k1] and counts[s][k2] for k1, k2 in _CHI_PAIRS[k])):
                continue
            opts: list[Action] = []
            if wait:
                missed.append(s)
                if not self.furiten(s) and self._win_result(s, tile, False) is not None:
                    opts.append(RON)
            if not last and not self.riichi[s]:
                if c >= 2:
                    banned = self._kuikae_kinds(tile, (), False)
                    for used in self._pick(s, k, 2):
                        if self._call_leaves_discard(s, used, banned):
                            opts.append(Pon(used, tile))  # type: ignore[arg-type]
                    if c == 3 and can_kan:
                        opts.append(Kan(MeldKind.DAIMINKAN, tuple(sorted(
                            t for t in self.hands[s] if t >> 2 == k)), tile))
                if chi_seat:
                    cnt = self.counts[s]
                    for k1, k2 in _CHI_PAIRS[k]:
                        if not (cnt[k1] and cnt[k2]):
                            continue
                        for a in self._pick(s, k1, 1):
                            for b in self._pick(s, k2, 1):
                                used = (a[0], b[0])
                                banned = self._kuikae_kinds(tile, used, True)
                                if self._call_leaves_discard(s, used, banned):
                                    opts.append(Chi(used, tile))
            if opts:
                opts.append(PASS)
                options[s] = tuple(opts)
        self._options = options
        self._answers = {}
        self._missed = missed

    def _win_result(self, seat: int, tile: int, tsumo: bool, chankan: bool = False):
        """The scored win of ``seat`` on ``tile``, or None when it has no yaku (or no win)."""
        key = (seat, tile, tsumo)
        if key in self._win_cache:
            return self._win_cache[key]
        from engine.scoring import NotAWin, NoYaku, score_hand

        concealed = list(self.hands[seat])
        if not tsumo:
            concealed.append(tile)
        try:
            result = score_hand(concealed, self.melds[seat], tile,
                                self._situation(seat, tile, tsumo, chankan, ura=False), self.rules)
        except (NoYaku, NotAWin):
            result = None
        self._win_cache[key] = result
        return result

    def _situation(self, seat: int, tile: int, tsumo: bool, chankan: bool, ura: bool,
                   honba: int | None = None, sticks: int | None = None):
        from engine.scoring import WinSituation

        first = self._no_calls and self._discards_made[seat] == 0
        dealer = seat == self.dealer
        riichi = self.riichi[seat] and self._riichi_declarer != seat
        rules = self.rules
        ura_ind: tuple[int, ...] = ()
        if ura and riichi and rules.ura_dora:
            n = self.dora_count if rules.kan_ura_dora else 1
            ura_ind = tuple(self.wall.ura_indicator(i) for i in range(n))
        open_riichi = riichi and self._open_riichi[seat]
        return WinSituation(
            tsumo=tsumo,
            riichi=riichi,
            double_riichi=riichi and self._double_riichi[seat],
            open_riichi=open_riichi,
            ippatsu=riichi and self.ippatsu[seat] and rules.ippatsu,
            rinshan=tsumo and self._rinshan,
            chankan=chankan,
            haitei=tsumo and not self._rinshan and self.live_tiles_left == 0,
            houtei=not tsumo and not chankan and self.live_tiles_left == 0,
            tenhou=tsumo and first and dealer,
            chiihou=tsumo and first and not dealer,
            renhou=(not tsumo and first and not dealer and rules.renhou != "off"),
            round_wind=self.round_wind,
            seat_wind=self.seat_wind(seat),
            dora_indicators=self.dora_indicators,
            ura_indicators=ura_ind,
            honba=self.honba if honba is None else honba,
            sticks=self.sticks if sticks is None else sticks,
            dealer_streak=self.dealer_streak,
            open_riichi_deal_in=(not tsumo and open_riichi and self._discard is not None
                                 and not self.riichi[self._discard[0]]),
        )

    def _refusal(self, seat: int, action: object, legal: tuple[Action, ...] | None) -> str:
        where = self.describe()
        if not isinstance(seat, int) or not 0 <= seat < 4:
            return f"{action} by seat {seat!r}: no such seat ({where})"
        if legal is None:
            return f"{action} by seat {seat} is not legal: that seat has nothing to do ({where})"
        return f"{action} by seat {seat} is not legal ({where})"

    # ------------------------------------------------------------------ own-turn actions
    def _turn_action(self, seat: int, action: Action) -> None:
        match action:
            case Discard(tile=tile):
                self._do_discard(seat, tile, False, False)
            case Riichi(tile=tile, open=open_):
                self._do_discard(seat, tile, True, open_)
            case Tsumo():
                self._settle_wins([(seat, seat, self.drawn, False)])
            case Kan():
                self._do_own_kan(seat, action)
            case AbortNineTerminals():
                self._abort(DrawKind.NINE_TERMINALS)
            case _:  # pragma: no cover - legal lists hold nothing else on a turn
                raise IllegalAction(self._refusal(seat, action, ()))

    def _reveal_pending_dora(self) -> None:
        while self._dora_pending:
            self._dora_pending -= 1
            self._reveal_dora()

    def _reveal_dora(self) -> None:
        if self.rules.kan_dora and self.dora_count < 5:
            self.dora_count += 1
            self.events.append(DoraRevealed(self.wall.dora_indicator(self.dora_count - 1)))

    def _do_discard(self, seat: int, tile: int, riichi: bool, open_: bool) -> None:
        if self._dora_pending:
            self._reveal_pending_dora()
        tsumogiri = tile == self.drawn and not self._after_call
        self._remove(seat, tile)
        k = tile >> 2
        self.rivers[seat].append(RiverTile(tile, tsumogiri, riichi))
        self._river_mask[seat] |= 1 << k
        if self.ippatsu[seat]:
            self.ippatsu[seat] = False  # R3: the own next discard ends the ippatsu chance
        if riichi:
            self.riichi[seat] = True
            self._riichi_declarer = seat
            self._double_riichi[seat] = (
                self.rules.double_riichi and self._no_calls and self._discards_made[seat] == 0
            )
            self._open_riichi[seat] = open_
        if not tsumogiri:
            self._update_waits(seat)
        if self.riichi[seat] and (self._waits[seat] >> k) & 1:
            self._riichi_furiten[seat] = True  # F3: discarding the own winning tile
        if self._no_calls and len(self._first_winds) < 4 and \
                len(self._first_winds) == sum(self._discards_made):
            self._first_winds.append(k)
        self._discards_made[seat] += 1
        self.drawn = None
        self._after_call = False
        if self._win_cache:
            self._win_cache.clear()
        self.events.append(Discarded(seat, tile, tsumogiri, riichi, open_))
        self._discard = (seat, tile)
        self._call_options(seat, tile)
        if self._options:
            self.phase = Phase.CALLS
        else:
            self._resolve_discard()

    def _do_own_kan(self, seat: int, action: Kan) -> None:
        if action.kind is MeldKind.ANKAN:
            self._reveal_pending_dora()
            for t in action.tiles:
                self._remove(seat, t)
            meld = Meld(MeldKind.ANKAN, tuple(sorted(action.tiles)), None, 0)
            self.melds[seat].append(meld)
            self._kan_done(seat)
            self.events.append(KanDeclared(seat, meld))
            self._reveal_dora()  # D3: a closed kan shows its dora at once
            self._update_waits(seat)
            # C6: kokushi may rob a closed kan
            if self.rules.kokushi_rob_ankan:
                self._chankan_options(seat, action.tiles[0], action, kokushi_only=True)
                if self._options:
                    self.phase = Phase.CHANKAN
                    return
            self._draw(seat, rinshan=True)
            return
        # kakan: the added tile may be robbed before the kan stands
        added = action.tiles[0]
        k = added >> 2
        idx = next(i for i, m in enumerate(self.melds[seat])
                   if m.kind is MeldKind.PON and m.tiles[0] >> 2 == k)
        pon = self.melds[seat][idx]
        self._remove(seat, added)
        meld = Meld(MeldKind.KAKAN, tuple(sorted(pon.tiles + (added,))), pon.called, pon.source,
                    added)
        self.melds[seat][idx] = meld
        self._update_waits(seat)
        self.events.append(KanDeclared(seat, meld))
        self._no_calls = False
        # ippatsu stays open for a riichi seat that robs this kan (Tenhou); the kan clears it
        # only once it stands. An earlier open kan's dora likewise waits until then (D3).
        self._chankan_options(seat, added, action, kokushi_only=False)
        if self._options:
            self.phase = Phase.CHANKAN
            return
        self._finish_kakan(seat)

    def _finish_kakan(self, seat: int) -> None:
        self._reveal_pending_dora()
        self._kan_done(seat)
        self._dora_after_open_kan()
        self._draw(seat, rinshan=True)

    def _dora_after_open_kan(self) -> None:
        if self.rules.kan_dora_timing == "immediate":
            self._reveal_dora()
        else:
            self._dora_pending += 1

    def _kan_done(self, seat: int) -> None:
        self.kans += 1
        self._kan_seats.append(seat)
        self._no_calls = False
        self.ippatsu = [False] * 4
        if self.kans == 4 and len(set(self._kan_seats)) > 1 and self.rules.suukaikan:
            self._suukaikan_pending = True

    def _chankan_options(self, seat: int, tile: int, action: Kan, kokushi_only: bool) -> None:
        k = tile >> 2
        options: dict[int, tuple[Action, ...]] = {}
        missed = []
        for i in (1, 2, 3):
            s = (seat + i) % 4
            if not (self._waits[s] >> k) & 1:
                continue
            if kokushi_only and not self._kokushi_tenpai(s):
                continue
            missed.append(s)
            if not self.furiten(s) and self._win_result(s, tile, False, chankan=True) is not None:
                options[s] = (RON, PASS)
        self._options = options
        self._answers = {}
        self._missed = missed
        self._kan_tile = (seat, tile, action)

    def _kokushi_tenpai(self, seat: int) -> bool:
        c = self.counts[seat]
        return (not self.melds[seat] and len(self.hands[seat]) == 13
                and sum(c[k] for k in _YAOCHUU) == 13)

    # ------------------------------------------------------------------ answering a discard
    def _decided(self) -> bool:
        """Whether the answers so far settle the discard (unanswered seats cannot change it)."""
        answers = self._answers
        if len(answers) == len(self._options):
            return True
        best = 0
        for a in answers.values():
            p = 3 if a is RON or isinstance(a, Ron) else 2 if isinstance(a, (Pon, Kan)) else (
                1 if isinstance(a, Chi) else 0)
            best = max(best, p)
        for s, opts in self._options.items():
            if s in answers:
                continue
            top = 0
            for a in opts:
                if isinstance(a, Ron):
                    top = 3
                    break
                if isinstance(a, (Pon, Kan)):
                    top = max(top, 2)
                elif isinstance(a, Chi):
                    top = max(top, 1)
            if top > best or top == 3:
                return False
        return True

    def _ron_order(self, source: int) -> list[int]:
        answers = self._answers
        if not answers:
            return []
        return [s for s in ((source + i) % 4 for i in (1, 2, 3))
                if isinstance(answers.get(s), Ron)]

    def _furiten_for_missed(self, winners: list[int]) -> None:
        for s in self._missed:
            if s in winners:
                continue
            if self.riichi[s] and self._riichi_declarer != s:
                self._riichi_furiten[s] = True  # F3
            self._temp_furiten[s] = True  # F2

    def _resolve_discard(self) -> None:
        assert self._discard is not None
        d, tile = self._discard
        rons = self._ron_order(d)
        self._furiten_for_missed(rons)
        if rons:
            if len(rons) == 3 and self.rules.sanchahou:
                self._riichi_declarer = None  # the declaring discard was ronned: no stick
                self._abort(DrawKind.TRIPLE_RON)
                return
            if not self.rules.double_ron:
                rons = rons[:1]
            self._settle_wins([(s, d, tile, False) for s in rons])
            return
        # the discard passed: the riichi stands (R1)
        if self._riichi_declarer is not None:
            r = self._riichi_declarer
            self._riichi_declarer = None
            self.scores[r] -= 1000
            self.sticks += 1
            self.ippatsu[r] = self.rules.ippatsu
            self.events.append(RiichiAccepted(r, tuple(self.scores), self.sticks))  # type: ignore[arg-type]
            if self.rules.suucha_riichi and all(self.riichi):
                self._abort(DrawKind.FOUR_RIICHI)
                return
        if self._suukaikan_pending:
            self._abort(DrawKind.FOUR_KANS)
            return
        call = None
        for a_seat, a in self._answers.items():
            if isinstance(a, (Pon, Kan)):
                call = (a_seat, a)
        if call is None:
            for a_seat, a in self._answers.items():
                if isinstance(a, Chi):
                    call = (a_seat, a)
        self._options = {}
        self._answers = {}
        if call is not None:
            self._do_call(call[0], call[1], d, tile)
            return
        self._discard = None
        if (
            self.rules.suufon_renda
            and self._no_calls
            and len(self._first_winds) == 4
            and sum(self._discards_made) == 4
            and 27 <= self._first_winds[0] <= 30
            and self._first_winds.count(self._first_winds[0]) == 4
        ):
            self._abort(DrawKind.FOUR_WINDS)
            return
        if self.live_tiles_left <= 0:
            self._exhaustive()
            return
        self._draw((d + 1) % 4)

    def _do_call(self, seat: int, action: Action, source: int, tile: int) -> None:
        rel = (source - seat) % 4
        river = self.rivers[source]
        last = river[-1]
        river[-1] = RiverTile(last.tile, last.tsumogiri, last.riichi, seat)
        self._no_calls = False
        self.ippatsu = [False] * 4
        self._closed[seat] = False
        self._temp_furiten[seat] = False  # F2: lifted by the own call
        self._discard = None
        if isinstance(action, Kan):
            for t in action.tiles:
                self._remove(seat, t)
            meld = Meld(MeldKind.DAIMINKAN, tuple(sorted(action.tiles + (tile,))), tile, rel)
            self.melds[seat].append(meld)
            self._update_waits(seat)
            self._check_pao(seat, tile >> 2, source)
            self.events.append(Called(seat, meld, source))
            self._kan_done(seat)
            self._dora_after_open_kan()
            self._draw(seat, rinshan=True)
            return
        assert isinstance(action, (Pon, Chi))
        for t in action.tiles:
            self._remove(seat, t)
        kind = MeldKind.PON if isinstance(action, Pon) else MeldKind.CHI
        meld = Meld(kind, tuple(sorted(action.tiles + (tile,))), tile, rel)
        self.melds[seat].append(meld)
        if kind is MeldKind.PON:
            self._check_pao(seat, tile >> 2, source)
        self.events.append(Called(seat, meld, source))
        self.turn = seat
        self.drawn = None
        self._rinshan = False
        self._after_call = True
        self._kuikae = self._kuikae_kinds(tile, action.tiles, kind is MeldKind.CHI)
        self.phase = Phase.TURN

    def _check_pao(self, seat: int, kind: int, source: int) -> None:
        """S9: the feeder of the last dragon (wind) set of daisangen (daisuushii) is liable."""
        if not self.rules.pao or kind < 27:
            return
        sets = {m.tiles[0] >> 2 for m in self.melds[seat] if m.kind is not MeldKind.CHI}
        if kind >= 31 and all(d in sets for d in (31, 32, 33)):
            self._pao[seat] = (source, 0)
        elif kind < 31 and all(w in sets for w in (27, 28, 29, 30)):
            self._pao[seat] = (source, 1)

    def _resolve_chankan(self) -> None:
        assert self._kan_tile is not None
        seat, tile, action = self._kan_tile
        rons = self._ron_order(seat)
        self._furiten_for_missed(rons)
        self._options = {}
        self._answers = {}
        self._kan_tile = None
        if rons:
            if len(rons) == 3 and self.rules.sanchahou:
                self._abort(DrawKind.TRIPLE_RON)
                return
            if not self.rules.double_ron:
                rons = rons[:1]
            self._settle_wins([(s, seat, tile, True) for s in rons])
            return
        if action.kind is MeldKind.KAKAN:
            self._finish_kakan(seat)
        else:
            self._draw(seat, rinshan=True)

    # ------------------------------------------------------------------ ending the round
    def _settle_wins(self, wins: list[tuple[int, int, int | None, bool]]) -> None:
        """Pay each win (S5, S6, S9); honba and sticks go to the first winner from the
        discarder (R5, Tenhou)."""
        from engine.scoring import score_hand

        winners: list[int] = []
        for seat, source, tile, chankan in wins:
            assert tile is not None
            tsumo = seat == source
            first = not winners
            honba = self.honba if first else 0
            sticks = self.sticks if first else 0
            concealed = list(self.hands[seat])
            if not tsumo:
                concealed.append(tile)
            sit = self._situation(seat, tile, tsumo, chankan, ura=True, honba=honba,
                                  sticks=sticks)
            result = score_hand(concealed, self.melds[seat], tile, sit, self.rules)
            deltas = self._payments(seat, source, result, honba)
            deltas[seat] += 1000 * sticks
            for s in range(4):
                self.scores[s] += deltas[s]
            pao = self._pao_seat(seat, result)
            self.events.append(Win(
                seat=seat, from_seat=source, tile=tile,
                concealed=tuple(sorted(concealed)), melds=tuple(self.melds[seat]),
                result=result, ura_indicators=sit.ura_indicators,
                deltas=tuple(deltas),  # type: ignore[arg-type]
                pao=pao,
            ))
            winners.append(seat)
        self.sticks = 0
        renchan = self.dealer in winners
        self._end(renchan, self.honba + 1 if renchan else 0, tuple(winners), None, False)

    def _pao_seat(self, seat: int, result) -> int | None:
        """S9: the liable seat when the win includes the yakuman it fed."""
        pao = self._pao[seat]
        if pao is None or pao[0] == seat:
            return None
        name = "daisangen" if pao[1] == 0 else "daisuushii"
        return pao[0] if any(n == name for n, _ in result.yakuman_parts) else None

    def _payments(self, seat: int, source: int, result, honba: int) -> list[int]:
        """Score changes of one win without sticks (S5, S6). With pao (S9) the liable seat pays
        the whole fed yakuman on tsumo (and all honba, as on Tenhou), half of it on another
        seat's ron."""
        deltas = [0, 0, 0, 0]
        dealer_win = seat == self.dealer
        pao_seat = self._pao_seat(seat, result)
        pao_mult = 0
        if pao_seat is not None:
            name = "daisangen" if self._pao[seat][1] == 0 else "daisuushii"  # type: ignore[index]
            pao_mult = sum(m for n, m in result.yakuman_parts if n == name)
        unit = 48000 if dealer_win else 32000  # one yakuman, as a ron
        if seat == source:  # tsumo
            total_mult = sum(m for _, m in result.yakuman_parts) or 1
            rest = total_mult - pao_mult  # yakuman multiples the others pay as usual
            for s in range(4):
                if s == seat:
                    continue
                base = result.tsumo_dealer if (s == self.dealer and not dealer_win) \
                    else result.tsumo_other
                pay = base * rest // total_mult
                if pao_seat is None:
                    pay += 100 * honba
                deltas[s] -= pay
                deltas[seat] += pay
            if pao_seat is not None:
                pay = unit * pao_mult + 300 * honba
                deltas[pao_seat] -= pay
                deltas[seat] += pay
            return deltas
        pay = result.ron + 300 * honba
        if pao_seat is not None and pao_seat != source:
            half = unit * pao_mult // 2
            deltas[pao_seat] -= half
            deltas[seat] += half
            pay -= half
        deltas[source] -= pay
        deltas[seat] += pay
        return deltas

    def _abort(self, kind: DrawKind) -> None:
        """K2-K7: no payments, the dealer stays, honba +1, sticks stay."""
        self._options = {}
        self._answers = {}
        self.events.append(RoundDrawn(kind, (0, 0, 0, 0)))
        self._end(True, self.honba + 1, (), kind, False)

    def _exhaustive(self) -> None:
        """K1: the live wall is empty after the last discard passed."""
        tenpai = [self._is_tenpai_at_draw(s) for s in range(4)]
        self._tenpai_now = tenpai
        if self.rules.noten_declaration:
            opts = {s: (DeclareTenpai(True), DeclareTenpai(False))
                    for s in range(4) if tenpai[s] and not self.riichi[s]}
            if opts:
                self._options = opts
                self._answers = {}
                self._tenpai_decl = {}
                self.phase = Phase.TENPAI
                return
        self._settle_exhaustive()

    def _is_tenpai_at_draw(self, seat: int) -> bool:
        """Tenpai for the noten payments: a wait all four of whose copies the seat holds itself
        does not count (as on Tenhou)."""
        mask = self._waits[seat]
        k = 0
        while mask:
            if mask & 1 and self._held(seat, k) < 4:
                return True
            mask >>= 1
            k += 1
        return False

    def _settle_exhaustive(self) -> None:
        tenpai = list(self._tenpai_now)
        for s, shown in self._tenpai_decl.items():
            tenpai[s] = shown
        self._options = {}
        self._answers = {}
        deltas = [0, 0, 0, 0]
        nagashi = []
        if self.rules.nagashi_mangan:
            for s in range(4):
                river = self.rivers[s]
                if river and all((r.tile >> 2) in _YAOCHUU and r.called_by is None for r in river):
                    nagashi.append(s)
        if nagashi:
            from engine.scoring import nagashi_mangan

            for s in nagashi:
                pay = nagashi_mangan(s == self.dealer, self.rules, self.honba)
                for p in range(4):
                    if p == s:
                        continue
                    if "each" in pay:
                        amount = pay["each"]
                    elif p == self.dealer:
                        amount = pay["dealer"]
                    else:
                        amount = pay["non_dealer"]
                    deltas[p] -= amount
                    deltas[s] += amount
        if not nagashi or self.rules.nagashi_as_draw_payment:
            n = sum(tenpai)
            if 0 < n < 4:
                for s in range(4):
                    deltas[s] += 3000 // n if tenpai[s] else -3000 // (4 - n)
        for s in range(4):
            self.scores[s] += deltas[s]
        hands = tuple(tuple(sorted(self.hands[s])) if tenpai[s] else () for s in range(4))
        kind = DrawKind.NAGASHI if nagashi else DrawKind.EXHAUSTIVE
        self.events.append(RoundDrawn(kind, tuple(deltas), tuple(tenpai), hands,  # type: ignore[arg-type]
                                      tuple(nagashi)))
        dealer_tenpai = tenpai[self.dealer]
        renchan = dealer_tenpai and self.rules.renchan_on_dealer_tenpai
        self._end(renchan, self.honba + 1, (), kind, dealer_tenpai)

    def _end(self, renchan: bool, honba: int, winners: tuple[int, ...], draw: DrawKind | None,
             dealer_tenpai: bool) -> None:
        self.phase = Phase.OVER
        self._pending = None
        deltas = tuple(self.scores[s] - self.start_scores[s] for s in range(4))
        self.outcome = RoundOutcome(
            deltas=deltas,  # type: ignore[arg-type]
            scores=tuple(self.scores),  # type: ignore[arg-type]
            renchan=renchan,
            honba=honba,
            sticks=self.sticks,
            winners=winners,
            draw=draw,
            dealer_tenpai=dealer_tenpai,
        )
        self.events.append(RoundEnded(deltas, tuple(self.scores), honba, self.sticks,  # type: ignore[arg-type]
                                      renchan))


def _has_reading_without_triplet(counts: list[int], kind: int) -> bool:
    """Whether the complete hand ``counts`` (14 concealed-count tiles) has a standard reading in
    which the copies of ``kind`` are not one triplet (C5, seed 000's ankan example)."""
    s = kind // 9
    if s == 3:
        return False  # honours only form triplets or pairs; 3 copies must be the triplet
    suit = counts[9 * s: 9 * s + 9]
    i = kind % 9
    # other suits' completeness does not depend on this suit's reading beyond the pair
    rest = [counts[9 * t: 9 * t + 9] for t in range(3) if t != s]
    honors = counts[27:34]
    rest_pairs = set()
    ok_other = _readings_pairs(rest[0], True, True) , _readings_pairs(rest[1], True, True), \
        _readings_pairs(honors, False, True)
    # pairs available outside this suit: the combination must have exactly one pair overall
    for a in ok_other[0]:
        for b in ok_other[1]:
            for c in ok_other[2]:
                rest_pairs.add(a + b + c)
    for pairs_here in (0, 1):
        if (1 - pairs_here) not in rest_pairs:
            continue
        for reading in _suit_readings(suit, pairs_here == 1):
            if ("t", i) not in reading:
                return True
    return False


def _readings_pairs(c: list[int], seq: bool, _: bool) -> set[int]:
    """Numbers of pairs (0 or 1) with which this group splits into melds (+ pair)."""
    out = set()
    cc = list(c)
    if _split(cc, False, seq):
        out.add(0)
    if _split(cc, True, seq):
        out.add(1)
    return out


def _suit_readings(c: list[int], pair: bool) -> list[tuple]:
    """Every reading of one suit's counts as melds (and one pair when ``pair``)."""
    out: list[tuple] = []

    def rec(i: int, pair_left: bool, acc: list) -> None:
        while i < 9 and c[i] == 0:
            i += 1
        if i == 9:
            if not pair_left:
                out.append(tuple(acc))
            return
        if c[i] >= 3:
            c[i] -= 3
            acc.append(("t", i))
            rec(i, pair_left, acc)
            acc.pop()
            c[i] += 3
        if pair_left and c[i] >= 2:
            c[i] -= 2
            acc.append(("p", i))
            rec(i, False, acc)
            acc.pop()
            c[i] += 2
        if i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            acc.append(("s", i))
            rec(i, pair_left, acc)
            acc.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    rec(0, pair, [])
    return out


__all__ = ["Phase", "RoundOutcome", "Table", "round_name"]
