"""The wall (T2-T4, D1): 136 physical tiles in draw order.

Layout (agreed with the replay checker, which builds walls from real logs):

- ``tiles[0:52]`` are dealt (T2, 4-4-4 then 1 each, dealer first, counter-clockwise): chunk i
  (0-11) of four tiles goes to seat ``(dealer + i) % 4``; then ``tiles[48..51]`` one each to the
  dealer, dealer+1, dealer+2, dealer+3. The dealer's 14th tile is its first live draw,
  ``tiles[52]``; live draws continue in order.
- The dead wall is ``tiles[122:136]`` = ``dead[0..13]``: rinshan draws ``dead[0..3]`` in kan
  order; dora indicators ``dead[4]`` then kan dora ``dead[6], dead[8], dead[10], dead[12]``; ura
  indicators ``dead[5], dead[7], ...`` (ura i under indicator i).
- After each kan the dead wall is refilled from the live wall's end (T4): the live wall ends at
  ``122 - kans`` (exclusive), so haitei moves one tile earlier per kan.

Three players (P1) play 108 tiles (no 2m-8m) laid out as Tenhou lays them, so a Tenhou seed's
wall (``engine.tenhou_shuffle``) is used as it is: ``tiles[j]`` is Tenhou's ``yama[107 - j]``.
``tiles[0:39]`` are dealt (chunks of four to seats ``(dealer + i) % 3``, then one each), the
dealer's first draw is ``tiles[39]``. The dead wall is ``yama[0..13]`` (``tiles[94:108]``):
replacement draws after a kan or a North (nuki) are ``yama[1], [0], [3], [2], [5], [4], [7],
[6]``; dora indicator ``n`` is ``yama[9 + 2n]`` with its ura ``yama[8 + 2n]``. Each replacement
draw moves the live wall's end one tile earlier (``94 - replacements``), so the kan dora beyond
``yama[13]`` come from tiles the live wall gave up.

>>> w = Wall.shuffled(7, 0, 0)
>>> sorted(w.tiles) == list(range(136)) and w == Wall.shuffled(7, 0, 0)
True
>>> len(w.deal(0)[0]), w.dora_indicator(0) == w.tiles[126]
(13, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.errors import RulesError

DEAD_WALL_START = 122  # tiles[122:136] are the dead wall
FIRST_DRAW = 52  # the dealer's first draw
LIVE_TILES = DEAD_WALL_START - FIRST_DRAW  # 70 live draws in a round without kans

#: P1: three players' 108 tile ids (2m-8m removed), ascending
SANMA_TILES = (*range(4), *range(32, 136))
_SANMA_SET = frozenset(SANMA_TILES)
SANMA_DEAD_START = 94  # tiles[94:108] are yama[13..0]
SANMA_FIRST_DRAW = 39
#: yama index of the n-th replacement draw (kans and Norths together)
SANMA_REPLACEMENTS = (1, 0, 3, 2, 5, 4, 7, 6)


def _lay_hands(order: list[int | None], rows: Sequence[Sequence[int]], dealer: int) -> None:
    """Put the seats' 13-tile starting hands where the deal takes them (T3): three rounds of four
    tiles to each seat from the dealer on, then one tile each; ``order[:13 * len(rows)]``."""
    n = len(rows)
    for i in range(3 * n):
        start = 4 * (i // n)
        order[4 * i: 4 * i + 4] = rows[(dealer + i) % n][start: start + 4]
    for i in range(n):
        order[12 * n + i] = rows[(dealer + i) % n][12]


def first_draw(players: int) -> int:
    """Index of the dealer's first live draw: 52 (four players) or 39 (three)."""
    return FIRST_DRAW if players == 4 else SANMA_FIRST_DRAW


def dead_wall_start(players: int) -> int:
    """One past the last live tile before any kan: 122 (four players) or 94 (three)."""
    return DEAD_WALL_START if players == 4 else SANMA_DEAD_START


@dataclass(frozen=True, slots=True)
class Wall:
    """A round's 136 tiles in draw order, with the dice and break point kept for display (T3)."""

    tiles: tuple[int, ...]
    dice: tuple[int, int] = (1, 1)
    break_point: int = 0  # index in the 136-tile ring (4 sides x 17 stacks x 2) where dealing starts
    _dead: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.tiles) == 136:
            object.__setattr__(self, "_dead", self.tiles[DEAD_WALL_START:])
        else:  # P1: yama[0..17] (the dead wall and the live tiles kans may give up)
            object.__setattr__(self, "_dead", self.tiles[:-19:-1])

    @property
    def players(self) -> int:
        """4 for a 136-tile wall, 3 for a 108-tile one (P1)."""
        return 4 if len(self.tiles) == 136 else 3

    @classmethod
    def from_tiles(
        cls, tiles: Iterable[int], dice: tuple[int, int] = (1, 1), break_point: int = 0
    ) -> Wall:
        """A wall from an explicit arrangement in draw order (replays of real games, tests):
        the 136 tiles, or the 108 of three players (P1: no 2m-8m)."""
        order = tuple(tiles)
        if len(order) == 108 and set(order) == _SANMA_SET:
            d1, d2 = dice
            return cls(order, (d1, d2), break_point)
        if len(order) != 136 or sorted(order) != list(range(136)):
            three = len(order) == 108 or (len(order) < 120 and not any(4 <= t < 32 for t in order))
            raise RulesError(
                (f"a three-player wall is the 108 tiles 0-3 and 32-135 each once; got "
                 f"{len(order)} tiles" if three else
                 f"a wall is the 136 tiles 0-135 each once; got {len(order)} tiles")
                + ("" if len(set(order)) == len(order) else " with repeats")
            )
        d1, d2 = dice
        return cls(order, (d1, d2), break_point)

    @classmethod
    def tenhou(cls, yama: Sequence[int], dice: tuple[int, int] = (1, 1)) -> Wall:
        """A wall from Tenhou's ``yama`` (``engine.tenhou_shuffle``): drawn from its end."""
        return cls.from_tiles(reversed(yama), dice)

    @classmethod
    def shuffled(cls, seed: int, round_index: int = 0, honba: int = 0,
                 players: int = 4) -> Wall:
        """A wall shuffled by a RNG seeded from (game seed, round index, honba) only (T3), so the
        same game seed deals the same walls whatever was played before. Three players (P1)
        shuffle the 108 tiles."""
        if players == 3:
            rng = random.Random(f"riichi-wall3:{seed}:{round_index}:{honba}")
            order = list(SANMA_TILES)
            rng.shuffle(order)
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            return cls(tuple(order), (d1, d2), 2 * (d1 + d2))
        rng = random.Random(f"riichi-wall:{seed}:{round_index}:{honba}")
        tiles = list(range(136))
        rng.shuffle(tiles)
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        total = d1 + d2
        # T3: count counter-clockwise from the dealer's side to the side (total - 1) % 4, then
        # break `total` stacks from that side's right end; the draw order starts there.
        side = (total - 1) % 4
        break_point = side * 34 + 2 * total
        return cls(tuple(tiles), (d1, d2), break_point)

    @classmethod
    def from_hands(
        cls,
        hands: Iterable[Iterable[int]],
        draws: Sequence[int] = (),
        dead: Mapping[int, int] | None = None,
        dealer: int = 0,
    ) -> Wall:
        """A scripted wall: ``hands[s]`` are seat s's 13 starting tiles (absolute seats),
        ``draws`` the live draws in order from the dealer's first draw, ``dead`` maps dead-wall
        positions 0-13 to tiles (4 = first dora indicator, 0-3 rinshan). Every other tile fills
        the remaining places in ascending order. For tests, tutorials and puzzles. Three hands
        make a three-player wall (P1): ``dead`` then maps Tenhou's ``yama`` positions 0-17
        (9 = first dora indicator, 1, 0, 3, 2... the replacement draws)."""
        rows = [list(h) for h in hands]
        if len(rows) == 3 and all(len(h) == 13 for h in rows):
            return cls._from_hands3(rows, draws, dead or {}, dealer)
        if len(rows) != 4 or any(len(h) != 13 for h in rows):
            raise RulesError("from_hands needs four (or three) hands of 13 tiles")
        placed = dict(dead or {})
        used = [t for h in rows for t in h] + list(draws) + list(placed.values())
        if len(set(used)) != len(used):
            raise RulesError("from_hands: a tile is placed twice")
        rest = iter(sorted(set(range(136)) - set(used)))
        order: list[int | None] = [None] * 136
        _lay_hands(order, rows, dealer)
        for i, t in enumerate(draws):
            if FIRST_DRAW + i >= DEAD_WALL_START:
                raise RulesError("from_hands: more than 70 draws")
            order[FIRST_DRAW + i] = t
        for pos, t in placed.items():
            if not 0 <= pos < 14:
                raise RulesError(f"from_hands: dead-wall position {pos} is not 0-13")
            order[DEAD_WALL_START + pos] = t
        return cls.from_tiles(t if t is not None else next(rest) for t in order)

    @classmethod
    def _from_hands3(cls, rows: list[list[int]], draws: Sequence[int],
                     placed: Mapping[int, int], dealer: int) -> Wall:
        used = [t for h in rows for t in h] + list(draws) + list(placed.values())
        if len(set(used)) != len(used):
            raise RulesError("from_hands: a tile is placed twice")
        if not _SANMA_SET.issuperset(used):
            raise RulesError("from_hands: three players have no 2m-8m (P1)")
        rest = iter(sorted(_SANMA_SET - set(used)))
        order: list[int | None] = [None] * 108
        _lay_hands(order, rows, dealer)
        for i, t in enumerate(draws):
            if SANMA_FIRST_DRAW + i >= SANMA_DEAD_START:
                raise RulesError("from_hands: more than 55 draws")
            order[SANMA_FIRST_DRAW + i] = t
        for pos, t in placed.items():
            if not 0 <= pos < 18:
                raise RulesError(f"from_hands: yama position {pos} is not 0-17")
            order[107 - pos] = t
        return cls.from_tiles(t if t is not None else next(rest) for t in order)

    # -- dealing and the dead wall -------------------------------------------------------
    def deal(self, dealer: int) -> tuple[list[int], ...]:
        """The starting hands of 13 tiles (T2), by absolute seat: four, or three (P1)."""
        n = self.players
        hands: list[list[int]] = [[] for _ in range(n)]
        t = self.tiles
        for i in range(3 * n):
            hands[(dealer + i) % n].extend(t[4 * i : 4 * i + 4])
        for i in range(n):
            hands[(dealer + i) % n].append(t[12 * n + i])
        return tuple(hands)

    def rinshan(self, n: int) -> int:
        """The replacement tile for the ``n``-th kan of the round (0-3; three players: the
        ``n``-th kan or North, 0-7)."""
        if len(self.tiles) == 108:
            return self._dead[SANMA_REPLACEMENTS[n]]
        return self._dead[n]

    def dora_indicator(self, n: int) -> int:
        """Indicator ``n`` (0 = the first, 1-4 = kan dora)."""
        if len(self.tiles) == 108:
            return self._dead[9 + 2 * n]
        return self._dead[4 + 2 * n]

    def ura_indicator(self, n: int) -> int:
        """The ura indicator under indicator ``n``."""
        if len(self.tiles) == 108:
            return self._dead[8 + 2 * n]
        return self._dead[5 + 2 * n]

    @staticmethod
    def live_end(kans: int) -> int:
        """One past the last live tile's index after ``kans`` kans (T4: haitei moves)."""
        return DEAD_WALL_START - kans

    def ring(self) -> tuple[int, ...]:
        """The tiles as they stand in the 136-position ring for display: draw order starts at
        ``break_point`` and runs round the ring."""
        size = len(self.tiles)
        out = [0] * size
        for i, tile in enumerate(self.tiles):
            out[(self.break_point + i) % size] = tile
        return tuple(out)
