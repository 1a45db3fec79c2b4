"""Copies of a game position, and new positions that keep only what one seat could see.

The reviewer (``ai.review``) plays a position out many times. It needs two things the engine
gives nowhere else:

- :func:`clone_game`: an independent copy of a ``Game`` (or :func:`clone_table` of a ``Table``)
  that a rollout may play on without touching the original, much cheaper than ``deepcopy``
  (immutable parts - events, melds, river tiles, the wall - are shared).
- :func:`sample_hidden`: a copy in which everything ``seat`` could not see is dealt again at
  random from the tiles it has not seen: the other concealed hands (not a hand shown by open
  riichi, R6), the live wall, the dead wall's replacement tiles and its unturned dora and ura
  indicators. What the seat saw stays: its own hand, every meld, every river, the dora indicators
  shown, the scores. The real hidden tiles are never read to choose the new ones: they are only
  *relabelled* by a random permutation of the unseen tiles, so the new wall is again the 136
  tiles each once.

A riichi hand is known to be tenpai (R1) and, as the seat did not win on them, not to wait on
its own discards nor on any tile discarded after its declaration: such a seat is dealt a random
tenpai hand that keeps those tiles safe (a drawn set-by-set shape, tried a bounded number of
times), so genbutsu stays safe in the rollouts as it was at the table.

>>> from engine.game import Game
>>> import random
>>> g = Game(seed=3)
>>> s = sample_hidden(g, 0, random.Random(1))
>>> s.table.seats[0].hand == g.table.seats[0].hand, s.table.seats[1].hand == g.table.seats[1].hand
(True, False)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import TypeVar

from engine.events import Discarded
from engine.game import Game, RoundStart
from engine.meld import MeldKind
from engine.phase import Phase
from engine.round import Round
from engine.seat import Seat
from engine.table import Table
from engine.wall import DEAD_WALL_START, Wall

_TENPAI_TRIES = 60  # tenpai shapes drawn for a riichi hand before the safe-wait condition is dropped


# ---------------------------------------------------------------------------- copies
_UNSET = object()
_T = TypeVar("_T", Seat, Round)


def _shallow(obj: _T) -> _T:
    """``copy.copy`` of a slots dataclass, slot by slot (a rollout copies a round and its four
    seats at every sample and option: the generic copy's reduce protocol took twice as long)."""
    cls = type(obj)
    c = cls.__new__(cls)
    for name in cls.__slots__:
        v = getattr(obj, name, _UNSET)
        if v is not _UNSET:  # an unset slot stays unset, as copy.copy leaves it
            setattr(c, name, v)
    return c


def clone_seat(s: Seat) -> Seat:
    """An independent copy of one seat's state (melds and river tiles are immutable: shared)."""
    c = _shallow(s)
    c.hand = list(s.hand)
    c.counts = list(s.counts)
    c.keys = list(s.keys)
    c.sizes = list(s.sizes)
    c.melds = list(s.melds)
    c.river = list(s.river)
    c.nuki = list(s.nuki)
    return c


def clone_round(r: Round, *, events: bool = True) -> Round:
    """An independent copy of a round's state; ``events=False`` starts the copy's event list
    empty (a rollout needs no history, and the events name every tile drawn)."""
    c = _shallow(r)
    c.seats = [clone_seat(s) for s in r.seats]
    c.scores = list(r.scores)
    c.events = list(r.events) if events else []
    c.kan_seats = list(r.kan_seats)
    c.indicators = list(r.indicators)
    c.first_winds = list(r.first_winds)
    c.options = dict(r.options)
    c.answers = dict(r.answers)
    c.missed = list(r.missed)
    c.tenpai_decl = dict(r.tenpai_decl)
    c.tenpai_now = list(r.tenpai_now)
    c.win_cache = {}
    c.pending = None
    return c


def clone_table(t: Table, *, events: bool = True) -> Table:
    """An independent copy of a round at the table."""
    c = Table.__new__(Table)
    c.rules = t.rules
    c.state = clone_round(t.state, events=events)
    return c


def clone_game(g: Game, *, events: bool = True) -> Game:
    """An independent copy of a game; ``events=False`` leaves the copy's event and action lists
    empty (the copy plays on from here; ``to_dict`` of such a copy is meaningless)."""
    c = copy.copy(g)
    c.events = list(g.events) if events else []
    c.actions = list(g.actions) if events else []
    c.scores = list(g.scores)
    c.table = clone_table(g.table, events=events)
    return c


class ShuffledWalls:
    """A picklable wall source for a sampled game's later rounds: shuffled from (seed, round
    index, honba), like ``engine.game.seeded_walls`` but with a seed of the sampler's own."""

    __slots__ = ("players", "seed")

    def __init__(self, seed: int, players: int = 4) -> None:
        self.seed = seed
        self.players = players  # P1: three players shuffle their 108 tiles

    def __call__(self, number: int, start: RoundStart) -> Wall:
        return Wall.shuffled(self.seed, start.index, start.honba, players=self.players)


def portable(game: Game) -> Game:
    """A copy of ``game`` that pickles (for worker processes): the current round with its
    events, no earlier history, and a picklable wall source for later rounds (it is replaced by
    :func:`sample_hidden` anyway)."""
    c = clone_game(game, events=False)
    c.table.state.events = list(game.table.state.events)
    c._walls = ShuffledWalls(game.seed, game.rules.players)
    return c


# ---------------------------------------------------------------------------- what a seat saw
def seen_tiles(r: Round, seat: int) -> set[int]:
    """The physical tiles ``seat`` has seen: its own hand, every meld and river, the dora
    indicators shown and hands shown by open riichi."""
    seen = set(r.seats[seat].hand)
    for i, s in enumerate(r.seats):
        for m in s.melds:
            seen.update(m.tiles)
        seen.update(rt.tile for rt in s.river)
        if i != seat and s.open_riichi:
            seen.update(s.hand)
        seen.update(s.nuki)  # P1: the Norths set aside lie face up
    seen.update(r.indicators)
    return seen


def _riichi_safe_kinds(r: Round, seat: int) -> int:
    """Kinds a riichi seat is known not to wait on (34-bit mask): its own discards, and every
    tile discarded after its declaration (it did not win on them; R1, F1, F3)."""
    mask = r.seats[seat].river_mask
    declared = False
    for e in r.events:
        if isinstance(e, Discarded):
            if declared:
                mask |= 1 << (e.tile >> 2)
            elif e.seat == seat and e.riichi:
                declared = True
    for rt in r.seats[seat].river:
        mask |= 1 << (rt.tile >> 2)
    return mask


def _tenpai_kinds(pool: Sequence[int], size: int, safe: int,
                  rng: random.Random) -> list[int] | None:
    """Tile kinds of a random tenpai hand of ``size`` (3n+1) tiles drawn from ``pool`` (kind
    counts) whose waits avoid the ``safe`` mask; None when no such shape was found."""
    from engine.hand import waits as shape_waits

    sets = size // 3
    fallback: list[int] | None = None
    for _ in range(_TENPAI_TRIES):
        left = list(pool)
        kinds: list[int] = []
        ok = True
        for _ in range(sets):
            for _try in range(20):
                k = rng.randrange(34)
                if rng.random() < 0.3 or k >= 27:
                    if left[k] >= 3:
                        left[k] -= 3
                        kinds += [k, k, k]
                        break
                elif k % 9 <= 6 and left[k] and left[k + 1] and left[k + 2]:
                    for x in (k, k + 1, k + 2):
                        left[x] -= 1
                    kinds += [k, k + 1, k + 2]
                    break
            else:
                ok = False
                break
        if not ok:
            continue
        pairs = [k for k in range(34) if left[k] >= 2]
        if not pairs:
            continue
        p = rng.choice(pairs)
        kinds += [p, p]
        kinds.pop(rng.randrange(len(kinds)))  # 14 tiles of a complete hand less one: tenpai
        counts = [0] * 34
        for k in kinds:
            counts[k] += 1
        w = [k for k in shape_waits(counts) if counts[k] < 4]
        if not w:
            continue
        if fallback is None:
            fallback = kinds
        if not any(safe >> k & 1 for k in w):
            return kinds
    return fallback


def sample_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """A new position for ``seat``'s decision: a copy of ``game`` with every tile ``seat`` could
    not see dealt again at random (see the module text); later rounds are dealt from walls
    shuffled by ``rng`` too, never the game's own. The copy has no event history."""
    out = clone_game(game, events=False)
    later = rng.randrange(1 << 62)
    out._walls = ShuffledWalls(later, game.rules.players)  # a later round's wall is unknown too
    out._unsaved = "it is a sampled position"
    r = game.table.state
    c = out.table.state
    wall = r.wall
    if wall is None or r.phase is Phase.OVER:
        return out
    seen = seen_tiles(r, seat)
    hidden = sorted(t for t in wall.tiles if t not in seen)  # P1: 108 tiles with three players
    hidden_set = set(hidden)
    # the permutation of the hidden tiles: old tile -> new tile
    perm: dict[int, int] = {}
    free = list(hidden)
    # riichi hands first: a tenpai shape with safe waits
    for p, s in enumerate(r.seats):
        if p == seat or not s.riichi or s.open_riichi or len(s.hand) % 3 != 1:
            continue
        pool = [0] * 34
        for t in free:
            pool[t >> 2] += 1
        kinds = _tenpai_kinds(pool, len(s.hand), _riichi_safe_kinds(r, p), rng)
        if kinds is None:
            continue
        by_kind: dict[int, list[int]] = {}
        for t in free:
            by_kind.setdefault(t >> 2, []).append(t)
        new_hand = []
        for k in kinds:
            options = by_kind[k]
            new_hand.append(options.pop(rng.randrange(len(options))))
        for old, new in zip(s.hand, new_hand, strict=True):
            perm[old] = new
        taken = set(new_hand)
        free = [t for t in free if t not in taken]
    rest = [t for t in hidden if t not in perm]
    rng.shuffle(free)
    perm.update(zip(rest, free, strict=True))
    for p, s in enumerate(c.seats):
        if p == seat or not s.known or (s.open_riichi and s.riichi):
            continue
        before = list(s.hand)
        for t in before:
            s.remove(t)
        for t in before:
            s.add(perm.get(t, t))
        s.update_waits()
        s.temp_furiten = False
        s.riichi_furiten = False
    if c.drawn is not None and c.turn != seat:
        c.drawn = perm.get(c.drawn, c.drawn)
    tiles = tuple(perm[t] if t in hidden_set else t for t in wall.tiles)
    c.wall = Wall(tiles, wall.dice, wall.break_point)
    _reopen(c, seat)
    return out


def _reopen(c: Round, seat: int) -> None:
    """The answers open to other seats on a discard or kan depend on their hands: ask again."""
    from engine.calls import call_options
    from engine.kans import chankan_options

    if c.phase is Phase.CALLS and c.discard is not None:
        mine = c.options.get(seat)
        mine_answer = c.answers.get(seat)
        d, tile = c.discard
        call_options(c, d, tile)
        if mine is not None:
            c.options[seat] = mine
        if mine_answer is not None:
            c.answers[seat] = mine_answer
    elif c.phase is Phase.CHANKAN and c.kan_tile is not None:
        mine = c.options.get(seat)
        k_seat, tile, action = c.kan_tile
        chankan_options(c, k_seat, tile, action, action.kind is MeldKind.ANKAN)
        if mine is not None:
            c.options[seat] = mine


def hidden_positions(r: Round) -> list[int]:
    """Wall indices whose tile no seat has seen (for tests of four-player positions): the rest of
    the live wall and the dead wall less its shown indicators and drawn replacement tiles."""
    if r.wall is not None and r.wall.players != 4:
        raise ValueError("hidden_positions knows the four-player wall layout only")
    out = list(range(r.next_draw, DEAD_WALL_START))
    shown = {4 + 2 * i for i in range(len(r.indicators))}
    drawn = set(range(r.kans))
    out += [DEAD_WALL_START + i for i in range(14) if i not in shown and i not in drawn]
    return out


__all__ = ["ShuffledWalls", "clone_game", "clone_round", "clone_seat", "clone_table", "hidden_positions",
           "portable", "sample_hidden", "seen_tiles"]
