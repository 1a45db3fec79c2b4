"""Every win of the real Tenhou corpus (agari_vectors.jsonl) reproduced under the tenhou preset:
han, fu, points, limit and the yaku set by Tenhou id (S1-S5, D2, D4, D5; our perft)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.meld import Meld, MeldKind
from engine.rules import preset
from engine.scoring import WinSituation, score_hand

VECTORS = Path("/work/shared/logs/agari_vectors.jsonl")
KINDS = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "ankan": MeldKind.ANKAN,
         "kakan": MeldKind.KAKAN, "daiminkan": MeldKind.DAIMINKAN}
LIMITS = {0: None, 1: "mangan", 2: "haneman", 3: "baiman", 4: "sanbaiman"}


def load_cases() -> list[dict]:
    if not VECTORS.exists():
        return []
    return [json.loads(line) for line in VECTORS.read_text().splitlines() if line.strip()]


def case_to_call(case: dict):
    """(concealed, melds, win_tile, situation, rules) of one vector."""
    melds = []
    for m in case["melds"]:
        kind = KINDS[m["type"]]
        tiles = tuple(sorted(m["tiles"]))
        if kind is MeldKind.ANKAN:
            melds.append(Meld(kind, tiles, None, 0))
        elif kind is MeldKind.KAKAN:
            melds.append(Meld(kind, tiles, m["called"], m["from_who"], added=m["tiles"][-1]))
        else:
            melds.append(Meld(kind, tiles, m["called"], m["from_who"]))
    f = case["flags"]
    sit = WinSituation(
        tsumo=case["is_tsumo"], riichi=f["riichi"] or f["double_riichi"],
        double_riichi=f["double_riichi"], ippatsu=f["ippatsu"], rinshan=f["rinshan"],
        chankan=f["chankan"], haitei=f["haitei"], houtei=f["houtei"], tenhou=f["tenhou"],
        chiihou=f["chiihou"], round_wind=case["round_wind"], seat_wind=case["seat_wind"],
        dora_indicators=tuple(case["dora_indicators"]),
        ura_indicators=tuple(case["ura_indicators"]),
        honba=case["honba"], sticks=case["kyotaku"])
    rules = preset("tenhou", red_fives=(1, 1, 1) if case["rules"]["aka"] else (0, 0, 0),
                   kuitan=case["rules"]["kuitan"])
    return case["hai"], melds, case["machi"], sit, rules


CASES = load_cases()


def check_case(case: dict) -> list[str]:
    """Differences between our result and Tenhou's record (empty = agreement)."""
    r = score_hand(*case_to_call(case))
    exp = case["expected"]
    diffs = []
    if exp["yakuman"]:
        if r.yakuman == 0 or sorted(i for i, _ in r.tenhou_yaku_ids) != sorted(exp["yakuman"]):
            diffs.append(f"yakuman {r.tenhou_yaku_ids} != {exp['yakuman']}")
    else:
        if r.han != exp["han"]:
            diffs.append(f"han {r.han} != {exp['han']}")
        want = sorted((i, h) for i, h in exp["yaku"] if h)
        if sorted(r.tenhou_yaku_ids) != want:
            diffs.append(f"yaku {sorted(r.tenhou_yaku_ids)} != {want}")
        if LIMITS.get(exp["limit"], "?") != r.limit and not (
                exp["limit"] == 5 and r.limit == "kazoe yakuman"):
            diffs.append(f"limit {r.limit} != {exp['limit']}")
    if r.fu != exp["fu"]:
        diffs.append(f"fu {r.fu} != {exp['fu']}")
    if r.total != exp["points"]:
        diffs.append(f"points {r.total} != {exp['points']}")
    return diffs


def test_corpus_is_there():
    assert len(CASES) == 1399


@pytest.mark.parametrize("chunk", range(7))
def test_every_tenhou_win_reproduced(chunk):
    bad = []
    for case in CASES[chunk::7]:
        diffs = check_case(case)
        if diffs:
            bad.append(f"{case['source']} r{case['round_index']} who{case['who']}: {diffs}")
    assert not bad, f"{len(bad)} mismatches:\n" + "\n".join(bad[:20])


def test_S6_score_changes_match_deltas():
    """Honba and sticks as Tenhou paid them: the winner's recorded delta (without pao, first
    winner of a double ron) equals total + honba + sticks."""
    checked = 0
    for case in CASES:
        if case["pao_who"] is not None:
            continue
        r = score_hand(*case_to_call(case))
        pays = r.payments(case["honba"])
        got = sum(pays.values()) if not r.tsumo else (
            3 * pays["each"] if "each" in pays else pays["dealer"] + 2 * pays["non_dealer"])
        delta = case["expected"]["sc"][2 * case["who"] + 1] * 100
        if delta == got + 1000 * case["kyotaku"]:
            checked += 1
        else:
            # the second winner of a double ron gets neither honba nor sticks
            assert delta == r.total, (case["source"], delta, got)
    assert checked > 1300
