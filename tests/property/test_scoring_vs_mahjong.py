"""Differential test: ``engine.scoring.score_hand`` against the PyPI ``mahjong`` 2.1 library
(``HandCalculator.estimate_hand_value``), a test-only oracle, on random winning hands.

Option mapping (tenhou preset → ``OptionalRules``): ``has_open_tanyao=kuitan``,
``has_aka_dora`` = one red per suit (the library knows only ids 16/52/88),
``has_double_yakuman=False`` (Tenhou: no single yakuman counts double), ``kazoe_limit=LIMITED``,
``kiriage=kiriage_mangan``, ``fu_for_open_pinfu=True`` and ``fu_for_pinfu_tsumo=False`` (Tenhou's
30 fu / 20 fu conventions). Conventions where the library differs from Tenhou and this engine:

* kokushi: the library reports 0 fu; this engine reports 25 (fu never matter for a yakuman,
  and Tenhou's records carry no kokushi fu here). Kokushi fu are not compared. Every other
  yakuman's fu is the fu of its reading in both (Tenhou too: agari_vectors has 20-60 fu on
  yakuman), and is compared.
* han of a yakuman hand: both report 13 per multiple.
Everything else — han, fu, points, yaku set (by Tenhou id) — must agree exactly.
"""

from __future__ import annotations

import random

import pytest
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID as TENHOU_ID
from mahjong.meld import Meld as MjMeld

from engine.meld import MeldKind
from engine.rules import RuleSet, preset
from engine.scoring import NotAWin, NoYaku, score_hand
from engine.scoring.samples import Sample, random_win

_KIND = {MeldKind.CHI: MjMeld.CHI, MeldKind.PON: MjMeld.PON, MeldKind.DAIMINKAN: MjMeld.KAN,
         MeldKind.ANKAN: MjMeld.KAN, MeldKind.KAKAN: MjMeld.SHOUMINKAN}


def oracle_config(sample: Sample, rules: RuleSet) -> HandConfig:
    s = sample.situation
    options = OptionalRules(
        has_open_tanyao=rules.kuitan,
        has_aka_dora=rules.red_fives == (1, 1, 1),
        has_double_yakuman=False,
        kazoe_limit=(HandConstants.KAZOE_LIMITED if rules.kazoe_yakuman
                     else HandConstants.KAZOE_SANBAIMAN),
        kiriage=rules.kiriage_mangan,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
    )
    return HandConfig(
        is_tsumo=s.tsumo, is_riichi=s.riichi or s.double_riichi, is_ippatsu=s.ippatsu,
        is_rinshan=s.rinshan, is_chankan=s.chankan, is_haitei=s.haitei, is_houtei=s.houtei,
        is_daburu_riichi=s.double_riichi, is_tenhou=s.tenhou, is_chiihou=s.chiihou,
        player_wind=s.seat_wind, round_wind=s.round_wind, options=options)


def oracle_args(sample: Sample, rules: RuleSet):
    """Positional/keyword arguments of ``HandCalculator.estimate_hand_value`` for a sample."""
    melds = [MjMeld(_KIND[m.kind], list(m.tiles), m.kind is not MeldKind.ANKAN,
                    m.called if m.called is not None else m.tiles[0])
             for m in sample.melds]
    tiles = list(sample.concealed) + [t for m in sample.melds for t in m.tiles]
    return {"tiles": tiles, "win_tile": sample.win_tile, "melds": melds,
                "dora_indicators": list(sample.situation.dora_indicators),
                "ura_dora_indicators": list(sample.situation.ura_indicators) or None,
                "config": oracle_config(sample, rules)}


def oracle_score(sample: Sample, rules: RuleSet):
    """(han, fu, total points, yaku ids, is_yakuman) from the library, or None for no win."""
    res = HandCalculator.estimate_hand_value(**oracle_args(sample, rules))
    if res.error:
        return None
    yakuman = any(y.is_yakuman for y in res.yaku)
    ids = sorted(TENHOU_ID[y.yaku_id] for y in res.yaku
                 if y.yaku_id in TENHOU_ID and _count(res, y) != 0)
    return res.han, res.fu, res.cost["main"] + (
        2 * res.cost["additional"] if sample.situation.tsumo else 0), ids, yakuman


def _count(res, y) -> int:
    return (y.han_open if res.is_open_hand else y.han_closed) or 0


def engine_score(sample: Sample, rules: RuleSet):
    try:
        r = score_hand(sample.concealed, sample.melds, sample.win_tile, sample.situation, rules)
    except (NotAWin, NoYaku):
        return None
    return r.han, r.fu, r.total, sorted(i for i, _ in r.tenhou_yaku_ids), r.yakuman > 0


def compare(sample: Sample, rules: RuleSet) -> str | None:
    mine, theirs = engine_score(sample, rules), oracle_score(sample, rules)
    if (mine is None) != (theirs is None):
        return f"win/no-win differs: engine {mine} oracle {theirs}"
    if mine is None:
        return None
    han, fu, total, ids, yakuman = mine
    o_han, o_fu, o_total, o_ids, o_yakuman = theirs
    if yakuman != o_yakuman or total != o_total or ids != o_ids:
        return f"engine {mine} oracle {theirs}"
    kokushi = any(i in (47, 48) for i in ids)
    if han != o_han or (fu != o_fu and not kokushi):
        return f"engine {mine} oracle {theirs}"
    return None


@pytest.mark.parametrize("rules_name,overrides", [
    ("tenhou", {}),
    ("tenhou", {"kuitan": False, "red_fives": (0, 0, 0)}),
    ("tenhou", {"kiriage_mangan": True, "kazoe_yakuman": False}),
])
def test_random_wins_agree_with_mahjong_library(rules_name, overrides):
    rules = preset(rules_name, **overrides)
    rng = random.Random(f"{rules_name}{sorted(overrides.items())}")
    bad, wins = [], 0
    for _ in range(1500):
        sample = random_win(rng)
        diff = compare(sample, rules)
        if diff:
            bad.append((sample, diff))
        elif engine_score(sample, rules) is not None:
            wins += 1
    assert not bad, f"{len(bad)} disagreements, first: {bad[0]}"
    assert wins > 300  # the generator really produces scoring wins
