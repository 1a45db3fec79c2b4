"""Fu (rules S1, S2): the tables are data, the function reads one interpretation.

Conventions (Tenhou's, FORMATS.md §4): chiitoitsu 25 fu flat; pinfu tsumo 20 fu; an open hand
with no fu at all (open pinfu shape) counts 30; a rinshan win takes the tsumo 2 fu unless
``RuleSet.rinshan_tsumo_fu`` is off. Kokushi is scored as 25 fu like chiitoitsu (fu never matter
for a yakuman).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.tiles import CHUN, HAKU, NORTH, kind_name

if TYPE_CHECKING:  # pragma: no cover - yaku.py's reading; fu is computed from one
    from engine.scoring.yaku import Reading

BASE_FU = 20
MENZEN_RON_FU = 10
TSUMO_FU = 2
CHIITOITSU_FU = 25
KOKUSHI_FU = 25
PINFU_TSUMO_FU = 20
OPEN_NO_FU = 30  # S2: open pinfu-shaped hand
VALUE_PAIR_FU = 2
#: Wait fu (S1).
WAIT_FU = {"ryanmen": 0, "shanpon": 0, "kanchan": 2, "penchan": 2, "tanki": 2}
#: Triplet fu (S1): (simple, terminal/honour) x (open, closed); a kan is 4 times a triplet.
TRIPLET_FU = {(False, False): 2, (False, True): 4, (True, False): 4, (True, True): 8}
KAN_FACTOR = 4

WAIT_LABELS = {"kanchan": "kanchan wait", "penchan": "penchan wait", "tanki": "tanki wait"}


_NAMES = tuple(kind_name(k) for k in range(34))


def _name(kind: int) -> str:
    return _NAMES[kind]


#: A reading's set (kind, is_seq, concealed, is_kan) -> its breakdown line ("closed triplet 1m",
#: 8) and fu; sequences have none.
_SET_PARTS = {
    (kind, False, c, k): (
        f"{'closed' if c else 'open'} {'kan' if k else 'triplet'} {name}",
        TRIPLET_FU[(kind >= 27 or kind % 9 in (0, 8), c)] * (KAN_FACTOR if k else 1))
    for kind, name in enumerate(_NAMES) for c in (False, True) for k in (False, True)
}
_SET_FU = {st: fu for st, (_, fu) in _SET_PARTS.items()}
# breakdown lines built once
_BASE_PART = ("base", BASE_FU)
_MENZEN_RON_PART = ("menzen ron", MENZEN_RON_FU)
_TSUMO_PART = ("tsumo", TSUMO_FU)
_PINFU_TSUMO = (PINFU_TSUMO_FU, (("pinfu tsumo", PINFU_TSUMO_FU),))
_PINFU_RON = (BASE_FU + MENZEN_RON_FU, (_BASE_PART, _MENZEN_RON_PART))
_WAIT_PARTS = {wait: (WAIT_LABELS[wait], fu) for wait, fu in WAIT_FU.items() if fu}
_PAIR_PARTS = {(k, fu): (f"pair {_NAMES[k]}", fu) for k in range(27, 34) for fu in (2, 4)}
_ROUNDING_PARTS = {n: ("rounding", n) for n in range(1, 10)}
_OPEN_NO_FU_PART = ("open pinfu shape", OPEN_NO_FU - BASE_FU)


def regular_fu(r: Reading, pinfu: bool) -> tuple[int, tuple[tuple[str, int], ...]]:
    """Fu and breakdown of a regular-shaped reading (``pinfu`` says whether pinfu was awarded)."""
    sit = r.sit
    if pinfu:
        return _PINFU_TSUMO if r.tsumo else _PINFU_RON
    parts: list[tuple[str, int]] = [_BASE_PART]
    fu = BASE_FU
    if r.menzen and not r.tsumo:
        parts.append(_MENZEN_RON_PART)
        fu += MENZEN_RON_FU
    if r.tsumo and (r.rules.rinshan_tsumo_fu or not sit.rinshan):
        parts.append(_TSUMO_PART)
        fu += TSUMO_FU
    wait_part = _WAIT_PARTS.get(r.wait)
    if wait_part is not None:
        parts.append(wait_part)
        fu += wait_part[1]
    p = r.pair
    if p is not None and p >= 27:
        pf = 0
        if HAKU <= p <= CHUN:
            pf = VALUE_PAIR_FU
        elif p == sit.seat_wind and p == sit.round_wind:
            pf = r.rules.double_wind_pair_fu
        elif p == sit.seat_wind or p == sit.round_wind or (
                p == NORTH and r.rules.north_yakuhai):  # P1: North a value tile
            pf = VALUE_PAIR_FU
        if pf:
            parts.append(_PAIR_PARTS.get((p, pf)) or (f"pair {_name(p)}", pf))
            fu += pf
    set_part = _SET_PARTS.get
    for st in r.sets:
        part = set_part(st)
        if part is not None:
            parts.append(part)
            fu += part[1]
    if not r.menzen and fu == BASE_FU:
        parts.append(_OPEN_NO_FU_PART)
        return OPEN_NO_FU, tuple(parts)
    rounded = -(-fu // 10) * 10
    if rounded != fu:
        parts.append(_ROUNDING_PARTS[rounded - fu])
    return rounded, tuple(parts)


def regular_fu_value(r: Reading, pinfu: bool) -> int:
    """The fu of ``regular_fu`` without the breakdown (the scorer's hot path)."""
    if pinfu:
        return PINFU_TSUMO_FU if r.tsumo else BASE_FU + MENZEN_RON_FU
    sit = r.sit
    fu = BASE_FU
    if r.tsumo:
        if r.rules.rinshan_tsumo_fu or not sit.rinshan:
            fu += TSUMO_FU
    elif r.menzen:
        fu += MENZEN_RON_FU
    fu += WAIT_FU[r.wait]
    p = r.pair
    if p is not None and p >= 27:
        if p >= HAKU:
            fu += VALUE_PAIR_FU
        elif p == sit.seat_wind and p == sit.round_wind:
            fu += r.rules.double_wind_pair_fu
        elif p == sit.seat_wind or p == sit.round_wind or (
                p == NORTH and r.rules.north_yakuhai):  # P1: North a value tile
            fu += VALUE_PAIR_FU
    set_fu = _SET_FU.get
    for st in r.sets:
        fu += set_fu(st, 0)
    if fu == BASE_FU and not r.menzen:
        return OPEN_NO_FU
    return -(-fu // 10) * 10
