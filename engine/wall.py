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


@dataclass(frozen=True, slots=True)
class Wall:
    """A round's 136 tiles in draw order, with the dice and break point kept for display (T3)."""

    tiles: tuple[int, ...]
    dice: tuple[int, int] = (1, 1)
    break_point: int = 0  # index in the 136-tile ring (4 sides x 17 stacks x 2) where dealing starts
    _dead: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_dead", self.tiles[DEAD_WALL_START:])

    @classmethod
    def from_tiles(
        cls, tiles: Iterable[int], dice: tuple[int, int] = (1, 1), break_point: int = 0
    ) -> Wall:
        """A wall from an explicit arrangement in draw order (replays of real games, tests)."""
        order = tuple(tiles)
        if len(order) != 136 or sorted(order) != list(range(136)):
            raise RulesError(
                f"a wall is the 136 tiles 0-135 each once; got {len(order)} tiles"
                + ("" if len(set(order)) == len(order) else " with repeats")
            )
        d1, d2 = dice
        return cls(order, (d1, d2), break_point)

    @classmethod
    def shuffled(cls, seed: int, round_index: int = 0, honba: int = 0) -> Wall:
        """A wall shuffled by a RNG seeded from (game seed, round index, honba) only (T3), so the
        same game seed deals the same walls whatever was played before."""
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
        the remaining places in ascending order. For tests, tutorials and puzzles."""
        rows = [list(h) for h in hands]
        if len(rows) != 4 or any(len(h) != 13 for h in rows):
            raise RulesError("from_hands needs four hands of 13 tiles")
        placed = dict(dead or {})
        used = [t for h in rows for t in h] + list(draws) + list(placed.values())
        if len(set(used)) != len(used):
            raise RulesError("from_hands: a tile is placed twice")
        rest = iter(sorted(set(range(136)) - set(used)))
        order: list[int | None] = [None] * 136
        for i in range(12):
            seat = (dealer + i) % 4
            start = 4 * (i // 4)
            order[4 * i: 4 * i + 4] = rows[seat][start: start + 4]
        for i in range(4):
            order[48 + i] = rows[(dealer + i) % 4][12]
        for i, t in enumerate(draws):
            if FIRST_DRAW + i >= DEAD_WALL_START:
                raise RulesError("from_hands: more than 70 draws")
            order[FIRST_DRAW + i] = t
        for pos, t in placed.items():
            if not 0 <= pos < 14:
                raise RulesError(f"from_hands: dead-wall position {pos} is not 0-13")
            order[DEAD_WALL_START + pos] = t
        return cls.from_tiles(t if t is not None else next(rest) for t in order)

    # -- dealing and the dead wall -------------------------------------------------------
    def deal(self, dealer: int) -> tuple[list[int], list[int], list[int], list[int]]:
        """The four starting hands of 13 tiles (T2), by absolute seat."""
        hands: list[list[int]] = [[], [], [], []]
        t = self.tiles
        for i in range(12):
            hands[(dealer + i) % 4].extend(t[4 * i : 4 * i + 4])
        for i in range(4):
            hands[(dealer + i) % 4].append(t[48 + i])
        return hands[0], hands[1], hands[2], hands[3]

    def rinshan(self, n: int) -> int:
        """The replacement tile for the ``n``-th kan of the round (0-3)."""
        return self._dead[n]

    def dora_indicator(self, n: int) -> int:
        """Indicator ``n`` (0 = the first, 1-4 = kan dora)."""
        return self._dead[4 + 2 * n]

    def ura_indicator(self, n: int) -> int:
        """The ura indicator under indicator ``n``."""
        return self._dead[5 + 2 * n]

    @staticmethod
    def live_end(kans: int) -> int:
        """One past the last live tile's index after ``kans`` kans (T4: haitei moves)."""
        return DEAD_WALL_START - kans

    def ring(self) -> tuple[int, ...]:
        """The tiles as they stand in the 136-position ring for display: draw order starts at
        ``break_point`` and runs round the ring."""
        out = [0] * 136
        for i, tile in enumerate(self.tiles):
            out[(self.break_point + i) % 136] = tile
        return tuple(out)
