"""The state of one round (kyoku), declared once with types, and the steps every concern shares:
starting a seat's turn, drawing, revealing dora, the win situation and its scoring, and reading
the answers to a tile on offer (rules T, D3, R1-R3, F2-F3, S4).

``Round`` holds everything that changes during a round; its behaviour lives in modules of
functions over it, by concern, each importing only those below it:
``engine.round`` (this) <- ``engine.settlement`` (the end of the round) <- ``engine.kans`` (kans
and chankan) <- ``engine.calls`` (answers to a discard) <- ``engine.turn`` (the own turn) <-
``engine.table`` (the ``Table`` facade). ``engine.follow`` drives the same functions from
announced events, with no wall (the mjai seat tracker).

The number of seats is ``len(seats)``: four, or three (P1, ``RuleSet.players``), whose Norths
set aside (nuki, ``engine.kans``) count as replacement draws with the kans.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.actions import Action, Kan, Ron
from engine.events import DoraRevealed, DrawKind, Drew, Event
from engine.phase import Phase
from engine.rules import RuleSet
from engine.scoring import NotAWin, NoYaku, WinSituation, score_hand
from engine.seat import Seat
from engine.tiles import seat_wind
from engine.wall import DEAD_WALL_START, FIRST_DRAW, Wall

if TYPE_CHECKING:
    from engine.scoring import HandResult

@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """How a round ended, for the game: score changes and what carries over (G2, R5)."""

    deltas: tuple[int, ...]  # per seat: scores at the end minus scores at the start
    scores: tuple[int, ...]
    renchan: bool
    honba: int  # for the next round
    sticks: int  # left on the table for the next round
    winners: tuple[int, ...]  # empty for a draw
    draw: DrawKind | None
    dealer_tenpai: bool  # at an exhaustive draw


Scores = tuple[int, ...]  # per seat: four, or three (P1)


def as_scores(values: list[int]) -> Scores:
    """The per-seat integers as the tuple type events carry."""
    return tuple(values)


@dataclass(slots=True, eq=False)
class Round:
    """Everything that changes during one round. ``wall`` is None for a round followed from
    announced events (the mjai tracker): draws and dora indicators then come from outside."""

    rules: RuleSet
    seats: list[Seat]
    scores: list[int]
    wall: Wall | None = None
    round_index: int = 0
    dealer: int = 0
    round_wind: int = 27
    honba: int = 0
    sticks: int = 0
    dealer_streak: int = 0
    start_scores: tuple[int, ...] = ()
    max_kans: int = 4
    red: list[bool] = field(default_factory=list)  # per physical tile: a red five (these rules)
    events: list[Event] = field(default_factory=list)

    # the wall and the dead wall
    next_draw: int = FIRST_DRAW  # index of the next live draw
    kans: int = 0
    nukis: int = 0  # P1: Norths set aside this round (each took a replacement draw)
    wall_end: int = DEAD_WALL_START  # one past the last live tile before kans and Norths
    kan_seats: list[int] = field(default_factory=list)  # who declared each kan (K4)
    indicators: list[int] = field(default_factory=list)  # dora indicators shown
    dora_pending: int = 0  # open/added kans whose dora waits for the next discard (D3)

    # the flow of play
    phase: Phase = Phase.TURN
    turn: int = 0
    drawn: int | None = None  # the tile the seat in turn just drew
    rinshan: bool = False  # the seat in turn drew a replacement tile
    after_call: bool = False  # the seat in turn called chi/pon and must discard
    kuikae: frozenset[int] = frozenset()  # kinds the seat in turn may not discard (C4)
    no_calls: bool = True  # no call yet this round (first go-around conditions, C7)
    first_winds: list[int] = field(default_factory=list)  # first discards' kinds (K3)
    riichi_declarer: int | None = None  # whose declaring discard is on the table (R1)
    suukaikan_pending: bool = False  # K4

    # a tile on offer and the answers to it
    discard: tuple[int, int] | None = None  # (seat, tile) open to calls
    kan_tile: tuple[int, int, Kan] | None = None  # (seat, tile, action) open to chankan
    nuki_tile: tuple[int, int] | None = None  # P1: (seat, North) set aside, open to ron
    options: dict[int, tuple[Action, ...]] = field(default_factory=dict)
    answers: dict[int, Action] = field(default_factory=dict)
    missed: list[int] = field(default_factory=list)  # seats whose waits include the tile
    tenpai_decl: dict[int, bool] = field(default_factory=dict)  # K1 declarations
    tenpai_now: list[bool] = field(default_factory=list)  # tenpai at the exhaustive draw

    # caches
    win_cache: dict[tuple[int, int, bool], HandResult | None] = field(default_factory=dict)
    pending: dict[int, tuple[Action, ...]] | None = None
    outcome: RoundOutcome | None = None  # set once the round is over

    @property
    def dora_count(self) -> int:
        """Dora indicators revealed."""
        return len(self.indicators)

    @property
    def live_tiles_left(self) -> int:
        """Live-wall tiles still to draw (T4: each kan takes one from the live wall's end)."""
        return self.wall_end - self.kans - self.nukis - self.next_draw


# ---------------------------------------------------------------------------- drawing
def begin_turn(r: Round, seat: int, tile: int | None, rinshan: bool) -> None:
    """``seat`` drew ``tile`` (None: a tile this side may not see): its turn starts."""
    s = r.seats[seat]
    if tile is not None:
        s.add(tile)
    r.turn = seat
    r.drawn = tile
    r.rinshan = rinshan
    r.after_call = False
    r.kuikae = frozenset()
    s.temp_furiten = False  # F2 lifted by the own draw
    r.win_cache.clear()


def draw(r: Round, seat: int, rinshan: bool = False) -> None:
    """``seat`` draws its next tile from the wall (a replacement tile after a kan)."""
    wall = r.wall
    assert wall is not None, "a round without a wall cannot draw"
    if rinshan:
        tile = wall.rinshan(r.kans + r.nukis - 1)
    else:
        tile = wall.tiles[r.next_draw]
        r.next_draw += 1
    begin_turn(r, seat, tile, rinshan)
    r.phase = Phase.TURN
    r.events.append(Drew(seat, tile, rinshan))


# ---------------------------------------------------------------------------- dora
def reveal_dora(r: Round) -> None:
    """D3: turn the next kan dora indicator (rounds without a wall learn it from events)."""
    if r.wall is not None and r.rules.kan_dora and len(r.indicators) < 5:
        tile = r.wall.dora_indicator(len(r.indicators))
        r.indicators.append(tile)
        r.events.append(DoraRevealed(tile))


def reveal_pending_dora(r: Round) -> None:
    """D3: show the dora of open and added kans that waited for the next discard or kan."""
    while r.dora_pending:
        r.dora_pending -= 1
        reveal_dora(r)


# ---------------------------------------------------------------------------- wins
def situation(r: Round, seat: int, tile: int, tsumo: bool, chankan: bool, ura: bool,
              honba: int | None = None, sticks: int | None = None) -> WinSituation:
    """The circumstances of a win by ``seat`` on ``tile`` (S4), ura dora included when asked."""
    s = r.seats[seat]
    first = r.no_calls and s.discards_made == 0
    dealer = seat == r.dealer
    riichi = s.riichi and r.riichi_declarer != seat
    rules = r.rules
    ura_ind: tuple[int, ...] = ()
    if ura and riichi and rules.ura_dora and r.wall is not None:
        n = len(r.indicators) if rules.kan_ura_dora else 1
        ura_ind = tuple(r.wall.ura_indicator(i) for i in range(n))
    open_riichi = riichi and s.open_riichi
    left = r.live_tiles_left
    return WinSituation(
        tsumo=tsumo,
        riichi=riichi,
        double_riichi=riichi and s.double_riichi,
        open_riichi=open_riichi,
        ippatsu=riichi and s.ippatsu and rules.ippatsu,
        rinshan=tsumo and r.rinshan,
        chankan=chankan,
        haitei=tsumo and not r.rinshan and left == 0,
        houtei=not tsumo and not chankan and left == 0,
        tenhou=tsumo and first and dealer,
        chiihou=tsumo and first and not dealer,
        renhou=(not tsumo and first and not dealer and rules.renhou != "off"),
        round_wind=r.round_wind,
        seat_wind=seat_wind(seat, r.dealer, len(r.seats)),
        dora_indicators=tuple(r.indicators),
        ura_indicators=ura_ind,
        honba=r.honba if honba is None else honba,
        sticks=r.sticks if sticks is None else sticks,
        dealer_streak=r.dealer_streak,
        open_riichi_deal_in=(not tsumo and open_riichi and r.discard is not None
                             and not r.seats[r.discard[0]].riichi),
        nuki=len(s.nuki),
    )


def win_result(r: Round, seat: int, tile: int, tsumo: bool,
               chankan: bool = False) -> HandResult | None:
    """The scored win of ``seat`` on ``tile``, or None when it has no yaku (or no win);
    cached until the next draw or discard."""
    key = (seat, tile, tsumo)
    cache = r.win_cache
    if key in cache:
        return cache[key]
    s = r.seats[seat]
    concealed = list(s.hand)
    if not tsumo:
        concealed.append(tile)
    result: HandResult | None
    try:
        result = score_hand(concealed, s.melds, tile,
                            situation(r, seat, tile, tsumo, chankan, ura=False), r.rules)
    except (NoYaku, NotAWin):
        result = None
    cache[key] = result
    return result


# ---------------------------------------------------------------------------- answers
def ron_order(r: Round, source: int) -> list[int]:
    """The seats that answered ron to ``source``'s tile, in turn order from ``source``."""
    answers = r.answers
    if not answers:
        return []
    n = len(r.seats)
    return [s for s in ((source + i) % n for i in range(1, n))
            if isinstance(answers.get(s), Ron)]


def furiten_for_missed(r: Round, winners: list[int]) -> None:
    """F2, F3: a seat that let its winning tile pass is furiten (riichi: for the round)."""
    for s in r.missed:
        if s in winners:
            continue
        seat = r.seats[s]
        if seat.riichi and r.riichi_declarer != s:
            seat.riichi_furiten = True  # F3
        seat.temp_furiten = True  # F2
