"""One round at the table: the game loop (rules T, D, C, R, F, K; STYLE 4).

``Table(rules, wall, ...)`` deals from an explicit ``Wall`` with given scores, honba, sticks and
dealer; ``pending()`` says which seats must act and lists their legal actions; ``submit(seat,
action)`` takes one action, settles call priority itself (ron > pon/kan > chi, double ron,
sanchahou, atama-hane) and returns the events it caused. An illegal action raises
``IllegalAction`` and changes nothing. Seats that could only pass are never pending.

The round's state is one typed ``engine.round.Round`` (``Table.state``) holding a
``engine.seat.Seat`` per seat; the behaviour is split by concern into modules of functions over
it: ``engine.turn`` (the own turn), ``engine.calls`` (answers to a discard), ``engine.kans``
(kans and chankan), ``engine.settlement`` (the end of the round). Internal state is mutable for
speed; everything handed out (events, views, legal actions) is immutable.
"""

from __future__ import annotations

from dataclasses import fields

from engine.actions import Action, DeclareTenpai, offered
from engine.calls import decided, resolve_discard
from engine.errors import IllegalAction, RulesError
from engine.events import Event, RoundStarted
from engine.kans import resolve_chankan
from engine.phase import Phase
from engine.round import Round, RoundOutcome, as_scores, draw
from engine.rules import RuleSet
from engine.seat import Seat
from engine.settlement import settle_exhaustive
from engine.tiles import is_red, tile_name
from engine.tiles import round_wind as _round_wind
from engine.tiles import seat_wind as _seat_wind
from engine.turn import turn_action, turn_legal
from engine.view import PlayerView
from engine.wall import Wall, dead_wall_start, first_draw

WIND_NAMES = ("East", "South", "West", "North")


def round_name(round_index: int, honba: int = 0) -> str:
    """``'East 1'``, ``'South 3, 2 honba'``."""
    name = f"{WIND_NAMES[(round_index // 4) % 4]} {round_index % 4 + 1}"
    return f"{name}, {honba} honba" if honba else name


class Table:
    """One round (kyoku). Seats are absolute 0-3 (0-2 with three players, P1: the wall has 108
    tiles and ``rules.players`` is 3); ``dealer`` is East this round.

    Public API: ``pending()``, ``legal(seat)``, ``submit(seat, action)``, ``view(seat)``,
    ``describe()``, ``waits(seat)``, ``furiten(seat)``, ``seat_wind(seat)``; read-only state:
    ``events``, ``phase``, ``over``, ``outcome`` (a ``RoundOutcome`` once over), ``scores``,
    ``honba``, ``sticks``, ``seats`` (one ``Seat`` each: hand, melds, river, riichi, ...),
    ``turn``, ``drawn``, ``kans``, ``dora_count``, ``dora_indicators``, ``live_tiles_left``,
    ``wall``, ``round_index``, ``dealer``, ``round_wind``, and ``state``, the whole ``Round``.
    Mutating the state from outside is not supported.
    """

    __slots__ = ("rules", "state")

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
        n = rules.players
        points = list(scores) if scores is not None else [rules.starting_points] * n
        if len(points) != n:
            raise RulesError(f"a table of these rules needs {n} scores, got {len(points)}")
        if wall.players != n:
            raise RulesError(f"a {n}-player table needs a {136 if n == 4 else 108}-tile wall, "
                             f"got {len(wall.tiles)} tiles")
        dealer = round_index % 4 if dealer is None else dealer
        if not 0 <= dealer < n:
            raise RulesError(f"dealer {dealer} is not a seat of {n} (round index {round_index}; "
                             "three players have no fourth round in a wind)")
        self.state = new_round(
            rules, [Seat() for _ in points], points, wall, round_index=round_index,
            dealer=dealer,
            round_wind=_round_wind(round_index) if round_wind is None else round_wind,
            honba=honba, sticks=sticks, dealer_streak=dealer_streak,
            indicators=[wall.dora_indicator(0)])
        _deal(self.state, wall)

    # ------------------------------------------------------------------ read-only state
    @property
    def events(self) -> list[Event]:
        return self.state.events

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.OVER

    @property
    def outcome(self) -> RoundOutcome | None:
        return self.state.outcome

    @property
    def seats(self) -> list[Seat]:
        return self.state.seats

    @property
    def scores(self) -> list[int]:
        return self.state.scores

    @property
    def start_scores(self) -> tuple[int, ...]:
        return self.state.start_scores

    @property
    def honba(self) -> int:
        return self.state.honba

    @property
    def sticks(self) -> int:
        return self.state.sticks

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def drawn(self) -> int | None:
        return self.state.drawn

    @property
    def kans(self) -> int:
        return self.state.kans

    @property
    def dora_count(self) -> int:
        return len(self.state.indicators)

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        return tuple(self.state.indicators)

    @property
    def live_tiles_left(self) -> int:
        return self.state.live_tiles_left

    @property
    def next_draw(self) -> int:
        return self.state.next_draw

    @property
    def wall(self) -> Wall:
        wall = self.state.wall
        assert wall is not None
        return wall

    @property
    def round_index(self) -> int:
        return self.state.round_index

    @property
    def dealer(self) -> int:
        return self.state.dealer

    @property
    def round_wind(self) -> int:
        return self.state.round_wind

    # ------------------------------------------------------------------ public API
    def seat_wind(self, seat: int) -> int:
        """The seat's wind this round (a tile kind 27-30; 27-29 with three players)."""
        return _seat_wind(seat, self.state.dealer, len(self.state.seats))

    def waits(self, seat: int) -> tuple[int, ...]:
        """The seat's waits (tile kinds) for its current 3n+1 hand (before its draw)."""
        return self.state.seats[seat].wait_kinds()

    def furiten(self, seat: int) -> bool:
        """F1-F3: the seat may not ron now."""
        return self.state.seats[seat].furiten()

    def pending(self) -> dict[int, tuple[Action, ...]]:
        """Seats that must act now and their legal actions (empty when the round is over)."""
        return pending_of(self.state)

    def legal(self, seat: int) -> tuple[Action, ...]:
        """The seat's legal actions now (empty when it need not act)."""
        return self.pending().get(seat, ())

    def submit(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Take one action from ``seat``; return the events it caused."""
        legal = self.pending().get(seat)
        if legal is None or not offered(action, legal):
            raise IllegalAction(self._refusal(seat, action, legal))
        r = self.state
        n = len(r.events)
        r.pending = None
        phase = r.phase
        if phase is Phase.TURN:
            turn_action(r, seat, action)
        elif phase is Phase.CALLS or phase is Phase.CHANKAN:
            r.answers[seat] = action
            if decided(r):
                if phase is Phase.CALLS:
                    resolve_discard(r)
                else:
                    kan_seat = resolve_chankan(r)
                    if kan_seat is not None:
                        draw(r, kan_seat, rinshan=True)
        elif phase is Phase.TENPAI:
            assert isinstance(action, DeclareTenpai)
            r.tenpai_decl[seat] = action.tenpai
            if len(r.tenpai_decl) == len(r.options):
                settle_exhaustive(r)
        return tuple(r.events[n:])

    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know (STYLE 6): never the wall nor another concealed hand."""
        return player_view(self.state, seat, self.legal(seat))

    def describe(self) -> str:
        """The situation in words, for error messages."""
        r = self.state
        where = round_name(r.round_index, r.honba)
        if r.phase is Phase.TURN:
            what = "discard after a call" if r.after_call else "act after drawing"
            return f"{where}: seat {r.turn}'s turn to {what}"
        if r.phase is Phase.CALLS and r.discard:
            d, t = r.discard
            waiting = ", ".join(str(s) for s in sorted(r.options) if s not in r.answers)
            return f"{where}: seat {d} discarded {tile_name(t)}; waiting for seat(s) {waiting}"
        if r.phase is Phase.CHANKAN and r.kan_tile:
            return f"{where}: seat {r.kan_tile[0]} declared a kan open to chankan"
        if r.phase is Phase.CHANKAN and r.nuki_tile:
            return f"{where}: seat {r.nuki_tile[0]} set a North aside, open to ron"
        if r.phase is Phase.TENPAI:
            return f"{where}: exhaustive draw, tenpai seats declare"
        return f"{where}: the round is over"

    def _refusal(self, seat: int, action: object, legal: tuple[Action, ...] | None) -> str:
        where = self.describe()
        if not isinstance(seat, int) or not 0 <= seat < len(self.state.seats):
            return f"{action} by seat {seat!r}: no such seat ({where})"
        if legal is None:
            return f"{action} by seat {seat} is not legal: that seat has nothing to do ({where})"
        return f"{action} by seat {seat} is not legal ({where})"


# ---------------------------------------------------------------------------- the round
def new_round(rules: RuleSet, seats: list[Seat], scores: list[int], wall: Wall | None, *,
              round_index: int, dealer: int, round_wind: int, honba: int, sticks: int,
              dealer_streak: int = 0, indicators: list[int] | None = None) -> Round:
    """A round's state before the deal: its seats, scores and dora indicators."""
    n = len(seats)
    return Round(
        next_draw=first_draw(n), wall_end=dead_wall_start(n),
        rules=rules, seats=seats, scores=scores, wall=wall, round_index=round_index,
        dealer=dealer, round_wind=round_wind, honba=honba, sticks=sticks,
        dealer_streak=dealer_streak, start_scores=tuple(scores),
        max_kans=min(rules.max_kans, 4), red=[is_red(t, rules.red_fives) for t in range(136)],
        indicators=list(indicators or ()), turn=dealer)


def _deal(r: Round, wall: Wall) -> None:
    """T2: deal the starting hands from the wall, then the dealer draws."""
    hands = wall.deal(r.dealer)
    for seat, hand in zip(r.seats, hands, strict=True):
        for t in hand:
            seat.add(t)
        seat.update_waits()
    r.events.append(
        RoundStarted(
            round_index=r.round_index,
            round_wind=r.round_wind,
            dealer=r.dealer,
            honba=r.honba,
            sticks=r.sticks,
            scores=as_scores(r.scores),
            dora_indicators=tuple(r.indicators),
            hands=tuple(tuple(h) for h in hands),
            dice=wall.dice,
        )
    )
    draw(r, r.dealer)


def pending_of(r: Round) -> dict[int, tuple[Action, ...]]:
    """Seats that must act now and their legal actions, kept in ``r.pending`` until the round
    changes (whatever changes it sets ``r.pending`` back to None)."""
    p = r.pending
    if p is None:
        p = r.pending = _compute_pending(r)
    return p


def _compute_pending(r: Round) -> dict[int, tuple[Action, ...]]:
    phase = r.phase
    if phase is Phase.TURN:
        return {r.turn: turn_legal(r, r.turn)}
    if phase is Phase.CALLS or phase is Phase.CHANKAN or phase is Phase.TENPAI:
        return {s: o for s, o in r.options.items() if s not in r.answers}
    return {}


#: PlayerView's fields in order: ``player_view`` passes them by position (faster than by name)
_VIEW_FIELDS = ("seat", "round_index", "round_wind", "seat_wind", "dealer", "honba", "sticks",
                "scores", "hand", "drawn", "melds", "rivers", "dora_indicators", "riichi",
                "open_hands", "live_tiles_left", "kans", "turn", "last_discard", "waits",
                "furiten", "ippatsu", "legal", "nuki")
if tuple(f.name for f in fields(PlayerView)) != _VIEW_FIELDS:  # pragma: no cover - a guard
    raise RuntimeError("engine.view.PlayerView changed its fields: update engine.table.player_view")


def player_view(r: Round, seat: int, legal: tuple[Action, ...]) -> PlayerView:
    """What ``seat`` may know of the round (STYLE 6), with ``legal`` its legal actions."""
    seats = r.seats
    me = seats[seat]
    hand = sorted(me.hand)
    drawn = r.drawn if (r.turn == seat and r.drawn is not None
                        and r.phase is not Phase.OVER and r.drawn in hand) else None
    if drawn is not None:
        hand.remove(drawn)
    # one pass over the seats (a rollout asks for a view at every decision: this is hot)
    melds = []
    rivers = []
    riichi = []
    open_hands: list[tuple[int, ...] | None] = []
    nuki = []
    for s in seats:
        melds.append(tuple(s.melds))
        rivers.append(tuple(s.river))
        riichi.append(s.riichi)
        open_hands.append(tuple(sorted(s.hand)) if s.open_riichi else None)
        nuki.append(tuple(s.nuki))
    # positional, in the field order of PlayerView (checked at import: _VIEW_FIELDS)
    return PlayerView(
        seat,
        r.round_index,
        r.round_wind,
        _seat_wind(seat, r.dealer, len(seats)),
        r.dealer,
        r.honba,
        r.sticks,
        tuple(r.scores),
        tuple(hand),
        drawn,
        tuple(melds),
        tuple(rivers),
        tuple(r.indicators),
        tuple(riichi),
        tuple(open_hands),
        r.live_tiles_left,
        r.kans,
        r.turn,
        r.discard if r.phase is Phase.CALLS else None,
        me.wait_kinds(),
        me.furiten(),
        me.ippatsu,
        legal,
        tuple(nuki),
    )


__all__ = ["Phase", "RoundOutcome", "Table", "new_round", "pending_of", "player_view",
           "round_name"]
