"""Tenhou's wall shuffle (rule T3 as Tenhou plays it): the ``mt19937ar-sha512-n288-base64`` seed
of an mjlog ``<SHUFFLE>`` tag gives every round's wall, so a record with a seed replays from its
own wall, dead wall included.

The seed is 624 32-bit words (base64, little-endian) that initialise MT19937 (``init_by_array``).
Each round takes 288 words of it, hashes them with SHA-512 in nine blocks of 128 bytes, and reads
the 144 words of the digests: word ``i`` swaps place ``i`` of the wall with place
``i + word % (size - i)`` (a Fisher-Yates shuffle of the tile ids in ascending order: 136 for
four players, the 108 ids ``0..3, 32..135`` for three, P1); words 135 and 136 give the dice.
The result is Tenhou's ``yama``: the deal and the live draws are taken from its end, the dead
wall is its start (see ``engine.wall``).

>>> mt = MT19937([0x123, 0x234, 0x345, 0x456])
>>> mt.next()  # the reference output of mt19937ar.c for this key
1067595299
"""

from __future__ import annotations

import base64
import hashlib
import struct
from collections.abc import Iterator, Sequence

from engine.errors import RulesError

PREFIX = "mt19937ar-sha512-n288-base64,"
_N, _M = 624, 397
_MASK = 0xFFFFFFFF


class MT19937:
    """The Mersenne Twister of mt19937ar.c, initialised by an array (``init_by_array``)."""

    __slots__ = ("i", "mt")

    def __init__(self, key: Sequence[int]) -> None:
        mt = [0] * _N
        mt[0] = 19650218
        for i in range(1, _N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
        i, j = 1, 0
        n = len(key)
        for _ in range(max(_N, n)):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= n:
                j = 0
        for _ in range(_N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000
        self.mt = mt
        self.i = _N

    def next(self) -> int:
        """The next 32-bit output (``genrand_int32``)."""
        if self.i >= _N:
            mt = self.mt
            for k in range(_N):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % _N] & 0x7FFFFFFF)
                mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.i = 0
        y = self.mt[self.i]
        self.i += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)


def tile_ids(players: int) -> list[int]:
    """The tile ids in play, ascending: 136, or 108 without 2m-8m for three players (P1)."""
    return list(range(136)) if players == 4 else [*range(4), *range(32, 136)]


def rounds(seed: str, players: int = 4) -> Iterator[tuple[list[int], tuple[int, int]]]:
    """Each round's ``yama`` (Tenhou's wall, tile ids) and dice, in the order the game dealt
    them, from an mjlog ``<SHUFFLE seed=...>``. Raises ``RulesError`` on a malformed seed."""
    text = seed[len(PREFIX):] if seed.startswith(PREFIX) else seed
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:
        raise RulesError("a Tenhou shuffle seed must be base64 text") from None
    if len(raw) != 4 * _N:
        raise RulesError(f"a Tenhou shuffle seed holds {4 * _N} bytes, got {len(raw)}")
    mt = MT19937(struct.unpack(f"<{_N}I", raw))
    while True:
        src = struct.pack("<288I", *(mt.next() for _ in range(288)))
        digest = b"".join(hashlib.sha512(src[i:i + 128]).digest() for i in range(0, 1152, 128))
        rnd = struct.unpack("<144I", digest)
        yama = tile_ids(players)
        size = len(yama)
        for i in range(size - 1):
            j = i + rnd[i] % (size - i)
            yama[i], yama[j] = yama[j], yama[i]
        yield yama, (rnd[135] % 6 + 1, rnd[136] % 6 + 1)
