"""The walls of a recorded game, as the engine deals them (``engine.wall``): each round's wall
built from the record (the dealt hands, the live draws in order, the replacement draws, the dora
and ura indicators at their places, every other tile after), or, for a three-player Tenhou record
with a ``<SHUFFLE>`` seed, the walls Tenhou itself dealt (P1, ``engine.tenhou_shuffle``).
"""

from __future__ import annotations

from engine.errors import RulesError
from engine.records.model import Draw, GameRecord, RecordError, RoundRecord
from engine.tenhou_shuffle import rounds as tenhou_walls
from engine.wall import (
    DEAD_WALL_START,
    FIRST_DRAW,
    SANMA_DEAD_START,
    SANMA_FIRST_DRAW,
    SANMA_REPLACEMENTS,
    SANMA_TILES,
    Wall,
)


def build_wall(r: RoundRecord) -> Wall:
    """The round's wall in the agreed layout (see ``engine.wall``)."""
    live = [e.tile for e in r.events if isinstance(e, Draw) and not e.rinshan]
    rinshan = [e.tile for e in r.events if isinstance(e, Draw) and e.rinshan]
    if len(r.hands) == 3:
        return _build_wall3(r, live, rinshan)
    if len(rinshan) > 4:
        raise RecordError(f"round {r.name}: {len(rinshan)} rinshan draws (at most 4 kans)")
    if len(r.dora) > 5 or len(r.ura) > 5:
        raise RecordError(f"round {r.name}: more than five dora or ura indicators")
    if FIRST_DRAW + len(live) > DEAD_WALL_START - len(rinshan):
        raise RecordError(f"round {r.name}: {len(live)} live draws do not fit in the wall")
    order: list[int | None] = [None] * 136
    for i in range(12):
        seat = (r.dealer + i) % 4
        start = 4 * (i // 4)
        order[4 * i : 4 * i + 4] = r.hands[seat][start : start + 4]
    for i in range(4):
        order[48 + i] = r.hands[(r.dealer + i) % 4][12]
    for i, t in enumerate(live):
        order[FIRST_DRAW + i] = t
    dead = DEAD_WALL_START
    for i, t in enumerate(rinshan):
        order[dead + i] = t
    for i, t in enumerate(r.dora):
        order[dead + 4 + 2 * i] = t
    for i, t in enumerate(r.ura):
        order[dead + 5 + 2 * i] = t
    placed = [t for t in order if t is not None]
    if len(set(placed)) != len(placed):
        raise RecordError(f"round {r.name}: a tile appears twice in the record")
    rest = iter(sorted(set(range(136)) - set(placed)))
    try:
        return Wall.from_tiles(t if t is not None else next(rest) for t in order)
    except RulesError as exc:
        raise RecordError(f"round {r.name}: {exc}") from None


def _build_wall3(r: RoundRecord, live: list[int], rinshan: list[int]) -> Wall:
    """A three-player round's wall in Tenhou's layout (P1, ``engine.wall``): the deal and the
    live draws from ``tiles[0]``, replacement draws (kans and Norths) and indicators at their
    ``yama`` places, every other tile after."""
    if len(rinshan) > 8:
        raise RecordError(f"round {r.name}: {len(rinshan)} replacement draws (at most 8)")
    if len(r.dora) > 5 or len(r.ura) > 5:
        raise RecordError(f"round {r.name}: more than five dora or ura indicators")
    if SANMA_FIRST_DRAW + len(live) > SANMA_DEAD_START - len(rinshan):
        raise RecordError(f"round {r.name}: {len(live)} live draws do not fit in the wall")
    order: list[int | None] = [None] * 108
    for i in range(9):
        start = 4 * (i // 3)
        order[4 * i: 4 * i + 4] = r.hands[(r.dealer + i) % 3][start: start + 4]
    for i in range(3):
        order[36 + i] = r.hands[(r.dealer + i) % 3][12]
    for i, t in enumerate(live):
        order[SANMA_FIRST_DRAW + i] = t
    for i, t in enumerate(rinshan):
        order[107 - SANMA_REPLACEMENTS[i]] = t
    for i, t in enumerate(r.dora):
        order[107 - (9 + 2 * i)] = t
    for i, t in enumerate(r.ura):
        order[107 - (8 + 2 * i)] = t
    placed = [t for t in order if t is not None]
    if len(set(placed)) != len(placed):
        raise RecordError(f"round {r.name}: a tile appears twice in the record")
    rest = iter(sorted(set(SANMA_TILES) - set(placed)))
    try:
        return Wall.from_tiles(t if t is not None else next(rest) for t in order)
    except (RulesError, StopIteration) as exc:
        raise RecordError(f"round {r.name}: not the 108 tiles of three players ({exc})") from None


def seeded_walls(record: GameRecord, rounds: list[RoundRecord]) -> list[Wall] | None:
    """The walls Tenhou dealt a three-player record from its ``<SHUFFLE>`` seed (P1), one per
    round, when every round's dealt hands and live draws agree with them; None otherwise."""
    if not record.shuffle or record.rules.players != 3:
        return None
    try:
        gen = tenhou_walls(record.shuffle, 3)
        walls = [Wall.tenhou(yama, dice) for (yama, dice), _ in zip(gen, rounds, strict=False)]
    except RulesError:
        return None
    for wall, r in zip(walls, rounds, strict=True):
        dealt = [tuple(sorted(h)) for h in wall.deal(r.dealer)]
        live = [e.tile for e in r.events if isinstance(e, Draw) and not e.rinshan]
        if dealt != [tuple(sorted(h)) for h in r.hands] or list(
                wall.tiles[SANMA_FIRST_DRAW:SANMA_FIRST_DRAW + len(live)]) != live:
            return None
    return walls
