"""Scoring a winning hand: every interpretation (S3), yaku, fu, dora, limits and payments.

>>> from engine.tiles import parse_tiles
>>> r = score_hand(parse_tiles("234567m234p678s55p"), [], 4 * 14,
...                WinSituation(riichi=True, seat_wind=28), RuleSet())
>>> [y.name for y in r.yaku], r.han, r.fu, r.ron
(['riichi', 'pinfu', 'tanyao'], 3, 30, 3900)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import RulesError
from engine.meld import Meld, MeldKind
from engine.rules import RuleSet
from engine.scoring import fu as fu_mod
from engine.scoring.decompose import decompositions, is_chiitoitsu, is_kokushi
from engine.scoring.points import (
    base_points,
    pay,
    payments,
    total_of,
    yakuman_limit_name,
)
from engine.scoring.yaku import Reading, active_yaku, active_yakuman, pinfu_shape
from engine.tiles import EAST, dora_of, is_red, kind_name


class NotAWin(RulesError):
    """The tiles do not form a complete hand."""


class NoYaku(RulesError):
    """A complete hand without a yaku, or under the han minimum (S8; dora never count)."""


@dataclass(frozen=True, slots=True)
class WinSituation:
    """Everything about a win that the tiles do not say. Winds are tile kinds 27-30; seat wind
    27 means the winner is the dealer. Indicators are physical tiles, kan dora included."""

    tsumo: bool = False
    riichi: bool = False  # also True with double_riichi
    double_riichi: bool = False
    open_riichi: bool = False  # L1 / R6 (local)
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    round_wind: int = 27
    seat_wind: int = 27
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()  # counted only with riichi
    honba: int = 0
    sticks: int = 0  # riichi sticks (1000 each) that go to this winner
    dealer_streak: int = 0  # consecutive dealer wins before this one (L13 paarenchan)
    open_riichi_deal_in: bool = False  # R6: ron from a player not in riichi on an open riichi

    @property
    def dealer(self) -> bool:
        return self.seat_wind == EAST


@dataclass(frozen=True, slots=True)
class Yaku:
    """One line of a result: a stable English id (``"riichi"``, ``"yakuhai: chun"``, ``"dora"``)
    and its han (13 per multiple for a yakuman)."""

    name: str
    han: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """The value of a win. ``han`` of a yakuman hand is 13 per multiple; ``ron``,
    ``tsumo_dealer`` and ``tsumo_other`` are the hand's prices whichever way it was won (for a
    dealer ``tsumo_dealer`` is 0 and ``tsumo_other`` is what each pays); ``total`` is what the
    winner receives for this win, before honba and sticks."""

    han: int
    fu: int
    yaku: tuple[Yaku, ...]
    yakuman: int
    limit: str | None
    base: int
    dora: int
    ura: int
    aka: int
    fu_breakdown: tuple[tuple[str, int], ...]
    ron: int
    tsumo_dealer: int
    tsumo_other: int
    total: int
    yakuman_parts: tuple[tuple[str, int], ...]
    tenhou_yaku_ids: tuple[tuple[int, int], ...]
    tsumo: bool = False
    dealer: bool = False

    def payments(self, honba: int = 0) -> dict[str, int]:
        """``{"discarder": 8300}`` | ``{"dealer": 4100, "non_dealer": 2100}`` | ``{"each": 4100}``
        with ``honba`` counters added (S6); sticks are not included."""
        return payments(self.ron, self.tsumo_dealer, self.tsumo_other, self.tsumo, self.dealer,
                        honba)


def check_situation(sit: WinSituation, melds: Sequence[Meld], rules: RuleSet) -> None:
    """Raise ``RulesError`` for a situation that cannot happen (conflicting flags)."""
    for name in ("round_wind", "seat_wind"):
        w = getattr(sit, name)
        if not isinstance(w, int) or not 27 <= w <= 30:
            raise RulesError(f"{name} must be a wind tile kind 27-30 (E S W N), got {w!r}")
    tsumo_only = ("haitei", "rinshan", "tenhou", "chiihou")
    ron_only = ("houtei", "chankan", "renhou", "open_riichi_deal_in")
    for f in tsumo_only:
        if getattr(sit, f) and not sit.tsumo:
            raise RulesError(f"{f} is a tsumo win, but the situation says ron")
    for f in ron_only:
        if getattr(sit, f) and sit.tsumo:
            raise RulesError(f"{f} is a ron win, but the situation says tsumo")
    if sit.rinshan and sit.haitei:
        raise RulesError("rinshan and haitei together: a replacement tile is never the last tile")
    if sum((sit.tenhou, sit.chiihou, sit.renhou)) > 1:
        raise RulesError("only one of tenhou, chiihou, renhou can apply")
    if sit.tenhou and not sit.dealer:
        raise RulesError("tenhou is the dealer's win; the seat wind is not East")
    if (sit.chiihou or sit.renhou) and sit.dealer:
        raise RulesError("chiihou/renhou are non-dealer wins; the seat wind is East")
    if (sit.tenhou or sit.chiihou or sit.renhou) and melds:
        raise RulesError("tenhou/chiihou/renhou with a meld (Y41: no call, not even an ankan)")
    riichi = sit.riichi or sit.double_riichi or sit.open_riichi
    if sit.ippatsu and not riichi:
        raise RulesError("ippatsu without riichi")
    if riichi and any(m.opened for m in melds):
        raise RulesError("riichi with an open meld: riichi needs a closed hand")
    if sit.open_riichi and not rules.open_riichi:
        raise RulesError("open riichi is off under these rules (open_riichi=false)")
    if sit.open_riichi_deal_in and not sit.open_riichi:
        raise RulesError("open_riichi_deal_in without open riichi")
    for name in ("honba", "sticks", "dealer_streak"):
        v = getattr(sit, name)
        if not isinstance(v, int) or v < 0:
            raise RulesError(f"{name} must be a whole number >= 0, got {v!r}")
    for name in ("dora_indicators", "ura_indicators"):
        for t in getattr(sit, name):
            if not isinstance(t, int) or not 0 <= t < 136:
                raise RulesError(f"{name}: {t!r} is not a tile 0-135")


def _check_tiles(concealed: Sequence[int], melds: Sequence[Meld], win_tile: int) -> None:
    seen: set[int] = set()
    for t in list(concealed) + [t for m in melds for t in m.tiles]:
        if not isinstance(t, int) or not 0 <= t < 136:
            raise RulesError(f"{t!r} is not a tile 0-135")
        if t in seen:
            raise RulesError(f"tile {t} ({kind_name(t >> 2)}) appears twice")
        seen.add(t)
    for m in melds:
        if not isinstance(m, Meld):
            raise RulesError(f"{m!r} is not a Meld")
    want = 14 - 3 * len(melds)
    if len(melds) > 4 or len(concealed) != want:
        raise RulesError(
            f"{len(concealed)} concealed tiles with {len(melds)} meld(s); a winning hand has "
            f"{want} (the winning tile included)")
    if win_tile not in concealed:
        raise RulesError(f"the winning tile {win_tile} ({kind_name(win_tile >> 2)}) "
                         "is not among the concealed tiles")


def _is_shiisan_budou(c: list[int]) -> bool:
    """L6: 13 different tiles with no two of one suit within two steps, plus one pair."""
    kinds = [k for k in range(34) if c[k]]
    if len(kinds) != 13 or any(c[k] > 2 for k in kinds):
        return False
    for a, b in zip(kinds, kinds[1:]):
        if a < 27 and a // 9 == b // 9 and b - a <= 2:
            return False
    return True


def _wait_readings(pair: int | None, sets: tuple[tuple[int, bool], ...], w: int):
    """Yield (wait, index of the set holding the winning tile or -1 for the pair)."""
    done: set[tuple[str, int]] = set()
    if pair == w:
        yield "tanki", -1
    for i, (k, is_seq) in enumerate(sets):
        if is_seq:
            if not k <= w <= k + 2:
                continue
            if w == k + 1:
                wait = "kanchan"
            elif (w == k and k % 9 == 6) or (w == k + 2 and k % 9 == 0):
                wait = "penchan"
            else:
                wait = "ryanmen"
        elif k == w:
            wait = "shanpon"
        else:
            continue
        if (wait, k) in done:
            continue
        done.add((wait, k))
        yield wait, i


def score_hand(concealed: Sequence[int], melds: Sequence[Meld], win_tile: int,
               situation: WinSituation, rules: RuleSet) -> HandResult:
    """Score a win. ``concealed``: physical tiles INCLUDING the winning tile; ``melds``: every
    call (ankan too). Tries every decomposition and wait reading and keeps the one worth most
    (S3: points, then real yakuman, then han, then fu).

    Raises ``NotAWin`` (not a complete hand), ``NoYaku`` (no yaku / under the han minimum) or
    ``RulesError`` (malformed tiles or conflicting flags).
    """
    sit = situation
    _check_tiles(concealed, melds, win_tile)
    check_situation(sit, melds, rules)
    tsumo = sit.tsumo
    dealer = sit.seat_wind == EAST
    w = win_tile >> 2
    hand_counts = [0] * 34
    for t in concealed:
        hand_counts[t >> 2] += 1
    counts = list(hand_counts)
    meld_sets: list[tuple[int, bool, bool, bool]] = []
    for m in melds:
        for t in m.tiles:
            counts[t >> 2] += 1
        meld_sets.append((m.kind34, m.kind is MeldKind.CHI, m.kind is MeldKind.ANKAN, m.is_kan))
    menzen = not any(m.opened for m in melds)
    present = [k for k in range(34) if counts[k]]
    suits = {k // 9 for k in present if k < 27}
    honors = any(k >= 27 for k in present)
    all_yaochuu = all(k >= 27 or k % 9 in (0, 8) for k in present)
    all_simple = all(k < 27 and 0 < k % 9 < 8 for k in present)
    facts = (suits, honors, all_yaochuu, all_simple)

    readings: list[Reading] = []
    for pair, sets in decompositions(hand_counts):
        if pair is None:
            continue
        for wait, idx in _wait_readings(pair, sets, w):
            full = [(k, q, not (i == idx and not q and not tsumo), False)
                    for i, (k, q) in enumerate(sets)]
            readings.append(Reading(rules, sit, tsumo, menzen, "regular", counts, hand_counts,
                                    w, pair, full + meld_sets, wait, bool(melds), facts))
    if not melds:
        if is_chiitoitsu(hand_counts):
            readings.append(Reading(rules, sit, tsumo, menzen, "chiitoitsu", counts,
                                    hand_counts, w, None, [], "tanki", False, facts))
        elif is_kokushi(hand_counts):
            pair = next(k for k in range(34) if hand_counts[k] == 2)
            readings.append(Reading(rules, sit, tsumo, menzen, "kokushi", counts, hand_counts,
                                    w, pair, [], "tanki", False, facts))
        elif (rules.shiisan_budou and (sit.tenhou or sit.chiihou)
              and _is_shiisan_budou(hand_counts)):
            readings.append(Reading(rules, sit, tsumo, menzen, "shiisan_budou", counts,
                                    hand_counts, w, None, [], "tanki", False, facts))
    if not readings:
        raise NotAWin(f"not a complete hand: {_describe(concealed, melds)}")

    # dora (D2, D4, D5): the same for every reading
    inds = sit.dora_indicators if rules.kan_dora else sit.dora_indicators[:1]
    dora = sum(counts[dora_of(t >> 2)] for t in inds)
    ura = 0
    if (sit.riichi or sit.double_riichi or sit.open_riichi) and rules.ura_dora:
        uinds = sit.ura_indicators if rules.kan_ura_dora else sit.ura_indicators[:1]
        ura = sum(counts[dora_of(t >> 2)] for t in uinds)
    reds = rules.red_fives
    aka = sum(1 for t in concealed if is_red(t, reds)) + sum(
        1 for m in melds for t in m.tiles if is_red(t, reds))

    min_han = 2 if rules.two_han_minimum_from_5_honba and sit.honba >= 5 else 1
    yaku_defs = active_yaku(rules)
    yakuman_defs = active_yakuman(rules)
    best: HandResult | None = None
    best_key: tuple = ()
    best_yaku_han = 0
    for r in readings:
        res = _evaluate(r, yaku_defs, yakuman_defs, dora, ura, aka, dealer, min_han)
        if res is None:
            yh = sum(1 for y in yaku_defs if (r.menzen or y.open_han) and y.check(r))
            best_yaku_han = max(best_yaku_han, yh)
            continue
        key = (res.total, res.yakuman > 0, res.han, res.fu)
        if best is None or key > best_key:
            best, best_key = res, key
    if best is None:
        if best_yaku_han:
            raise NoYaku(f"under the {min_han}-han minimum (S8; dora do not count): "
                         f"{_describe(concealed, melds)}")
        raise NoYaku(f"complete hand without a yaku: {_describe(concealed, melds)}")
    return best


def _describe(concealed: Sequence[int], melds: Sequence[Meld]) -> str:
    from engine.meld import format_meld
    from engine.tiles import format_tiles

    text = format_tiles(concealed)
    if melds:
        text += " " + " ".join(format_meld(m) for m in melds)
    return text


def _evaluate(r: Reading, yaku_defs, yakuman_defs, dora: int, ura: int, aka: int,
              dealer: bool, min_han: int) -> HandResult | None:
    rules = r.rules
    ids: list[tuple[int, int]] = []
    found = [(y, m) for y in yakuman_defs if (m := y.check(r))]
    if found:
        if not rules.multiple_yakuman and len(found) > 1:
            found = [max(found, key=lambda f: f[1])]  # S4 option: yakuman do not add up
        parts = [(y.name, m) for y, m in found]
        ids = [(y.tenhou_id, 13 * m) for y, m in found if y.tenhou_id >= 0]
        mult = sum(m for _, m in parts)
        fu, breakdown = _fu(r, pinfu_shape(r))  # Tenhou still reports pinfu fu here
        base = 8000 * mult
        ron, td, to = pay(base, dealer)
        return HandResult(
            han=13 * mult, fu=fu, yaku=tuple(Yaku(n, 13 * m) for n, m in parts),
            yakuman=mult, limit=yakuman_limit_name(mult), base=base, dora=0, ura=0, aka=0,
            fu_breakdown=breakdown, ron=ron, tsumo_dealer=td, tsumo_other=to,
            total=total_of(ron, td, to, r.tsumo, dealer), yakuman_parts=tuple(parts),
            tenhou_yaku_ids=tuple(ids), tsumo=r.tsumo, dealer=dealer)
    yaku: list[Yaku] = []
    han = 0
    pinfu = False
    menzen = r.menzen
    for y in yaku_defs:
        if not menzen and not y.open_han:
            continue
        if y.check(r):
            h = y.han(r)
            han += h
            yaku.append(Yaku(y.name, h))
            if y.tenhou_id >= 0:
                ids.append((y.tenhou_id, h))
            if y.tenhou_id == 7:
                pinfu = True
    if han < min_han:
        return None
    for name, n, tid in (("dora", dora, 52), ("aka dora", aka, 54), ("ura dora", ura, 53)):
        if n:
            yaku.append(Yaku(name, n))
            ids.append((tid, n))
            han += n
    fu, breakdown = _fu(r, pinfu)
    base, limit = base_points(han, fu, rules)
    ron, td, to = pay(base, dealer)
    return HandResult(
        han=han, fu=fu, yaku=tuple(yaku), yakuman=0, limit=limit, base=base, dora=dora,
        ura=ura, aka=aka, fu_breakdown=breakdown, ron=ron, tsumo_dealer=td, tsumo_other=to,
        total=total_of(ron, td, to, r.tsumo, dealer), yakuman_parts=(),
        tenhou_yaku_ids=tuple(ids), tsumo=r.tsumo, dealer=dealer)


def _fu(r: Reading, pinfu: bool) -> tuple[int, tuple[tuple[str, int], ...]]:
    if r.form == "chiitoitsu":
        return fu_mod.CHIITOITSU_FU, (("chiitoitsu", fu_mod.CHIITOITSU_FU),)
    if r.form in ("kokushi", "shiisan_budou"):
        return fu_mod.KOKUSHI_FU, ((r.form.replace("_", " "), fu_mod.KOKUSHI_FU),)
    return fu_mod.regular_fu(r, pinfu)
