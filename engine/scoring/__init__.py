"""Win evaluation (issue 2): hand shapes, yaku, fu, points and payments.

>>> from engine.tiles import parse_tiles
>>> from engine.rules import RuleSet
>>> r = score_hand(parse_tiles("123m456p789s11z"+"555z"), [], 4 * 31, WinSituation(), RuleSet())
>>> r.han, r.fu, r.ron
(1, 40, 2000)
"""

from engine.scoring.decompose import decompositions, is_chiitoitsu, is_complete, is_kokushi
from engine.scoring.hand import (
    HandResult,
    NoYaku,
    NotAWin,
    WinSituation,
    Yaku,
    can_win,
    check_situation,
    score_hand,
)
from engine.scoring.points import base_points, nagashi_mangan

__all__ = [
    "HandResult",
    "NoYaku",
    "NotAWin",
    "WinSituation",
    "Yaku",
    "base_points",
    "can_win",
    "check_situation",
    "decompositions",
    "is_chiitoitsu",
    "is_complete",
    "is_kokushi",
    "nagashi_mangan",
    "score_hand",
]
