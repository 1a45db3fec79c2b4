"""Win evaluation (issue 2): hand shapes, yaku, fu, points and payments.

Public API: ``score_hand(concealed, melds, win_tile, situation, rules) -> HandResult`` (raises
``NotAWin`` / ``NoYaku``, both ``RulesError``), ``can_win(...) -> bool``, ``is_complete(counts)``
(fast agari-shape check), ``decompositions(counts)``, ``base_points(han, fu, rules)``,
``nagashi_mangan(dealer, rules, honba)`` (Y27), ``check_situation`` and the value types
``WinSituation``, ``HandResult`` (``.payments(honba)``), ``Yaku``. The yaku registry is
``engine.scoring.yaku.YAKU`` / ``YAKUMAN``; fu and point tables are data in ``fu`` / ``points``.

Conventions (Tenhou's, FORMATS.md §4): open pinfu-shaped hand 30 fu, pinfu tsumo 20 fu,
chiitoitsu 25 fu; a yakuman hand reports 13 han per multiple and the fu of its reading
(kokushi: 25); renhou as "mangan"/"baiman" is a 5/8-han yaku that adds to the others (as in the
``mahjong`` library); the best interpretation is the one paying most, then a real yakuman, then
han, then fu (S3).

>>> from engine.tiles import parse_tiles
>>> from engine.rules import RuleSet
>>> r = score_hand(parse_tiles("123m456p789s11z"+"555z"), [], 4 * 31, WinSituation(), RuleSet())
>>> r.han, r.fu, r.ron
(1, 40, 2000)
"""

from engine.hand.decompose import decompositions, is_chiitoitsu, is_complete, is_kokushi
from engine.scoring.hand import NotAWin, NoYaku, WinSituation, can_win, check_situation, score_hand
from engine.scoring.points import base_points, nagashi_mangan
from engine.scoring.result import HandResult, Yaku

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
