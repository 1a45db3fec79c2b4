"""Random winning hands for tests and benchmarks (a deterministic function of the ``rng`` given).

>>> import random
>>> s = random_win(random.Random(1))
>>> len(s.concealed) + 3 * len(s.melds)
14
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.meld import Meld, MeldKind
from engine.scoring.hand import WinSituation
from engine.tiles import YAOCHUU

#: Kind sets that make honroutou, tsuuiisou, chinroutou, ryuuiisou, daisangen, suushii likely.
_SPECIAL_SETS = (
    tuple(YAOCHUU),
    tuple(range(27, 34)),
    (0, 8, 9, 17, 18, 26),
    (19, 20, 21, 23, 25, 32),
    (31, 32, 33, 0, 1, 2, 3, 4, 5),
    (27, 28, 29, 30, 9, 10, 11, 12, 13),
    (0, 1, 2, 3, 4, 5, 6, 7, 8),
)


@dataclass(frozen=True, slots=True)
class Sample:
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    situation: WinSituation


def _take(avail: list[list[int]], kind: int, n: int, rng: random.Random) -> list[int] | None:
    if len(avail[kind]) < n:
        return None
    rng.shuffle(avail[kind])
    return [avail[kind].pop() for _ in range(n)]


def random_win(rng: random.Random, max_melds: int = 4) -> Sample:
    """A random complete hand (regular, chiitoitsu or kokushi) with a random situation.

    Suits are biased so that flushes, honours and triplets appear often enough to exercise
    most yaku; the hand may still have no yaku (the caller expects ``NoYaku`` then)."""
    while True:
        s = _try(rng, max_melds)
        if s is not None:
            return s


def _try(rng: random.Random, max_melds: int) -> Sample | None:
    avail = [[k * 4 + c for c in range(4)] for k in range(34)]
    shape = rng.random()
    melds: list[Meld] = []
    concealed: list[int] = []
    if shape < 0.06:  # chiitoitsu
        kinds = rng.sample(range(34), 7)
        for k in kinds:
            concealed += _take(avail, k, 2, rng) or []
    elif shape < 0.08:  # kokushi
        extra = rng.choice(YAOCHUU)
        for k in YAOCHUU:
            concealed += _take(avail, k, 2 if k == extra else 1, rng) or []
    else:
        suits = [0, 1, 2]
        flush = rng.random()
        if flush < 0.15:
            suits = [rng.randrange(3)]
        honor_weight = rng.choice((0.0, 0.15, 0.35))
        n_melds = rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) if max_melds else 0
        n_melds = min(n_melds, max_melds)

        special = rng.random()
        restricted: list[int] | None = None
        if special < 0.14:  # kinds of the yakuman and terminal yaku (Y21, Y32-Y37)
            restricted = list(rng.choice(_SPECIAL_SETS))

        def pick_kind(allow_honor: bool = True) -> int:
            if restricted is not None:
                return rng.choice(restricted)
            if allow_honor and rng.random() < honor_weight:
                return rng.randrange(27, 34)
            return rng.choice(suits) * 9 + rng.randrange(9)

        pk = pick_kind()
        pair = _take(avail, pk, 2, rng)
        if pair is None:
            return None
        concealed += pair
        for i in range(4):
            seq = rng.random() < (0.55 if restricted is None else 0.15)
            k = pick_kind(not seq)
            if seq:
                if k >= 27:
                    return None
                k = k - k % 9 + min(k % 9, 6)
                if restricted is not None and not {k, k + 1, k + 2} <= set(restricted):
                    return None
                tiles = []
                for j in range(3):
                    t = _take(avail, k + j, 1, rng)
                    if t is None:
                        return None
                    tiles += t
            else:
                taken = _take(avail, k, 3, rng)
                if taken is None:
                    return None
                tiles = taken
            if i < n_melds:
                if seq:
                    called = rng.choice(tiles)
                    melds.append(Meld(MeldKind.CHI, tuple(sorted(tiles)), called, 3))
                else:
                    r = rng.random()
                    if r < 0.15 and avail[k]:
                        tiles += _take(avail, k, 1, rng) or []
                        melds.append(Meld(MeldKind.ANKAN, tuple(sorted(tiles)), None, 0))
                    elif r < 0.22 and avail[k]:
                        tiles += _take(avail, k, 1, rng) or []
                        melds.append(Meld(MeldKind.DAIMINKAN, tuple(sorted(tiles)), tiles[0],
                                          rng.randrange(1, 4)))
                    elif r < 0.27 and avail[k]:
                        tiles += _take(avail, k, 1, rng) or []
                        melds.append(Meld(MeldKind.KAKAN, tuple(sorted(tiles)), tiles[0],
                                          rng.randrange(1, 4), added=tiles[-1]))
                    else:
                        melds.append(Meld(MeldKind.PON, tuple(sorted(tiles)), tiles[0],
                                          rng.randrange(1, 4)))
            else:
                concealed += tiles
    if len(concealed) + 3 * len(melds) != 14:
        return None
    win = rng.choice(concealed)
    closed = not any(m.opened for m in melds)
    tsumo = rng.random() < 0.45
    riichi = closed and rng.random() < 0.5
    double = riichi and rng.random() < 0.05
    ippatsu = riichi and rng.random() < 0.15
    has_kan = any(m.is_kan for m in melds)
    rinshan = tsumo and has_kan and rng.random() < 0.3
    haitei = tsumo and not rinshan and rng.random() < 0.04
    houtei = not tsumo and rng.random() < 0.04
    chankan = not tsumo and not houtei and rng.random() < 0.03
    left = [t for k in avail for t in k]
    rng.shuffle(left)
    n_dora = rng.choice((1, 1, 1, 2, 3))
    dora = tuple(left[:n_dora])
    ura = tuple(left[n_dora : 2 * n_dora]) if riichi else ()
    sit = WinSituation(
        tsumo=tsumo, riichi=riichi, double_riichi=double, ippatsu=ippatsu, rinshan=rinshan,
        chankan=chankan, haitei=haitei, houtei=houtei,
        round_wind=rng.choice((27, 27, 28, 29)), seat_wind=rng.randrange(27, 31),
        dora_indicators=dora, ura_indicators=ura)
    return Sample(tuple(concealed), tuple(melds), win, sit)
