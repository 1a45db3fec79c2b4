"""What an open hand's calls say about its wait and its value (issue 16).

``ai.defence`` reads waits from rivers alone, the same against a riichi and against an open
hand. An open hand shows its calls, and its calls show its yaku (``defence.shows_yaku``); strong
players (and tenhou-python-bot's enemy analyser) read them:

- one suit: calls all in one suit (with honours, or honour triplets beside them) point at
  honitsu or chinitsu. Such a hand waits in that suit or on an honour; the other suits are
  nearly safe against it, and it is worth two or three han more than its calls show;
- all simples: calls of simples only point at tanyao (open tanyao, the commonest open yaku). It
  cannot wait on a terminal or an honour, whose readings then drop to the few that keep tanyao
  (none for honours; a 1 or 9 only as the outer wait of nothing: none either), so they are
  nearly safe.

These are readings, not certainties (a yakuhai pair, a hand with two ways...), so the factors
stay well away from zero.
"""

from __future__ import annotations

from collections.abc import Sequence

#: against a one-suit hand: the danger of its suit and honours, and of the other suits
ONE_SUIT_IN = 1.5
ONE_SUIT_OUT = 0.25
#: against an all-simples (tanyao) hand: the danger of terminals and honours
TANYAO_OUTSIDE = 0.3
#: han a one-suit hand has beyond what its calls show (open honitsu 2, chinitsu 5)
ONE_SUIT_HAN = 2


def one_suit(meld_kinds: Sequence[tuple[int, ...]]) -> int | None:
    """The suit (0-2) of every number tile called, when two calls or more hold number tiles and
    they share one suit: a honitsu or chinitsu reading. One number call says too little (a
    yakuhai pon and a chi are as often in one suit by chance); honour calls fit any suit.

    >>> one_suit([(0, 1, 2), (31, 31, 31), (6, 6, 6)])
    0
    >>> one_suit([(0, 1, 2), (31, 31, 31)]) is None, one_suit([(0, 1, 2), (9, 10, 11)]) is None
    (True, True)
    """
    numbered = [kinds for kinds in meld_kinds if any(k < 27 for k in kinds)]
    if len(numbered) < 2:
        return None
    suits = {k // 9 for kinds in numbered for k in kinds if k < 27}
    return next(iter(suits)) if len(suits) == 1 else None


def all_simples(meld_kinds: Sequence[tuple[int, ...]]) -> bool:
    """Whether every called tile is a simple (2-8): a tanyao reading.

    >>> all_simples([(1, 2, 3)]), all_simples([(1, 2, 3), (0, 1, 2)]), all_simples([])
    (True, False, False)
    """
    flat = [k for kinds in meld_kinds for k in kinds]
    return bool(flat) and all(k < 27 and 0 < k % 9 < 8 for k in flat)


def call_factor(kind: int, meld_kinds: Sequence[tuple[int, ...]]) -> float:
    """Factor on the deal-in chance of ``kind`` against a hand with these calls (1 for a
    closed hand or calls that say nothing).

    >>> pin_calls = [(9, 10, 11), (15, 16, 17)]  # 123p 789p: honitsu / chinitsu in pinzu
    >>> call_factor(13, pin_calls) > 1 > call_factor(4, pin_calls)  # 5p dangerous, 5m not
    True
    >>> call_factor(0, [(3, 4, 5)]) < call_factor(4, [(3, 4, 5)])  # tanyao: 1m near safe
    True
    """
    suit = one_suit(meld_kinds)
    if suit is not None:
        return ONE_SUIT_IN if kind >= 27 or kind // 9 == suit else ONE_SUIT_OUT
    if all_simples(meld_kinds) and (kind >= 27 or kind % 9 in (0, 8)):
        return TANYAO_OUTSIDE
    return 1.0


def hidden_han(meld_kinds: Sequence[tuple[int, ...]]) -> int:
    """Han an open hand likely holds beyond its shown yakuhai and dora: a one-suit hand's
    honitsu (``ONE_SUIT_HAN``), else none.

    >>> hidden_han([(9, 10, 11), (15, 16, 17)]), hidden_han([(3, 4, 5), (9, 10, 11)])
    (2, 0)
    """
    return ONE_SUIT_HAN if one_suit(meld_kinds) is not None else 0
