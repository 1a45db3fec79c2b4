"""One round at the table: the game loop (rules T, D, C, R, F, K; STYLE 4).

``Table(rules, wall, ...)`` deals from an explicit ``Wall`` with given scores, honba, sticks and
dealer; ``pending()`` says which seats must act and lists their legal actions; ``submit(seat,
action)`` takes one action, settles call priority itself (ron > pon/kan > chi, double ron,
sanchahou, atama-hane) and returns the events it caused. An illegal action raises
``IllegalAction`` and changes nothing. Seats that could only pass are never pending.

Internal state is mutable for speed (hands as lists, 34-counts and packed per-suit keys kept
incrementally, each seat's waits cached whenever its 3n+1 hand changes); everything handed out
(events, views, legal actions) is immutable.

The class is split by subject: this module holds the state, the public API, dealing, drawing,
the own turn's legal actions and discards; ``engine.calls`` answers to a discard,
``engine.kans`` kans and chankan, ``engine.settlement`` the end of the round (wins, draws,
payments); ``engine.wait_masks`` the fast wait masks the table keeps per seat.
"""

from __future__ import annotations

from engine.actions import (
    ABORT,
    TSUMO,
    AbortNineTerminals,
    Action,
    DeclareTenpai,
    Discard,
    Kan,
    Riichi,
    Tsumo,
)
from engine.calls import CallsMixin
from engine.errors import IllegalAction, RulesError
from engine.events import Discarded, DrawKind, Drew, Event, RoundStarted
from engine.kans import KansMixin
from engine.meld import Meld, MeldKind
from engine.phase import Phase
from engine.rules import RuleSet
from engine.settlement import RoundOutcome, SettlementMixin
from engine.tiles import YAOCHUU, is_red, tile_name
from engine.tiles import round_wind as _round_wind
from engine.tiles import seat_wind as _seat_wind
from engine.view import PlayerView, RiverTile
from engine.hand.masks import SHIFT as _SHIFT
from engine.hand.masks import SUIT_OF as _SUIT
from engine.hand.masks import has_reading_without_triplet as _has_reading_without_triplet
from engine.hand.masks import mask_kinds
from engine.hand.masks import regular_tenpai_by_discard as _regular_tenpai_by_discard
from engine.hand.masks import regular_wait_mask as _regular_wait_mask
from engine.hand.masks import wait_mask as _wait_mask
from engine.wall import FIRST_DRAW, Wall

WIND_NAMES = ("East", "South", "West", "North")
_DISCARD = tuple(Discard(t) for t in range(136))  # shared immutable actions (speed)
_RIICHI = tuple(Riichi(t) for t in range(136))


def round_name(round_index: int, honba: int = 0) -> str:
    """``'East 1'``, ``'South 3, 2 honba'``."""
    name = f"{WIND_NAMES[(round_index // 4) % 4]} {round_index % 4 + 1}"
    return f"{name}, {honba} honba" if honba else name


class Table(CallsMixin, KansMixin, SettlementMixin):
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
        self.round_wind = _round_wind(round_index) if round_wind is None else round_wind
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
        return _seat_wind(seat, self.dealer)

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
            and sum(1 for k in YAOCHUU if counts[k]) >= 9
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
        return sum(c[k] for k in YAOCHUU) >= 13

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


__all__ = ["Phase", "RoundOutcome", "Table", "round_name"]
