"""Scoring a winning hand: every interpretation (S3), yaku, fu, dora, limits and payments.

>>> from engine.tiles import parse_tiles
>>> hand = parse_tiles("234567m22345p678s")
>>> win = next(t for t in hand if t // 4 == 11)  # a 3p: 45p waited on 3p and 6p
>>> r = score_hand(hand, [], win, WinSituation(riichi=True, seat_wind=28), RuleSet())
>>> [y.name for y in r.yaku], r.han, r.fu, r.ron
(['riichi', 'pinfu', 'tanyao'], 3, 30, 3900)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from engine.errors import RulesError
from engine.hand.decompose import is_kokushi
from engine.hand.decompose import readings as regular_readings
from engine.meld import Meld, MeldKind
from engine.rules import RuleSet
from engine.scoring import fu as fu_mod
from engine.scoring.compiled import BY_ID as _BY_ID
from engine.scoring.compiled import Compiled, compiled, yaku_line
from engine.scoring.points import pay, total_of, yakuman_limit_name
from engine.scoring.result import HandResult, Yaku
from engine.scoring.yaku import HandFacts, Reading, YakumanDef, pinfu_shape
from engine.tiles import EAST, NORTH, dora_of, kind_name

_CHI, _ANKAN = MeldKind.CHI, MeldKind.ANKAN
_INT_ONLY = {int}
_WIND_KINDS = frozenset(range(27, 31))
_ALL_TILES = frozenset(range(136))
_DORA = tuple(dora_of(k) for k in range(34))
_DORA3 = tuple(dora_of(k, players=3) for k in range(34))  # P1: 1m shows 9m
#: A meld's set (kind, is_seq, concealed, is_kan) by its base kind.
_CHI_SET = [(k, True, False, False) for k in range(34)]
_PON_SET = [(k, False, False, False) for k in range(34)]
_MINKAN_SET = [(k, False, False, True) for k in range(34)]
_ANKAN_SET = [(k, False, True, True) for k in range(34)]
#: Tile -> kind (``t >> 2``) as a table: the scorer counts every tile of every hand.
_KIND_OF = tuple(t >> 2 for t in range(136))


class _HandError(RulesError):
    """An error about one hand; the message (with the hand in mpsz) is built only when read,
    because the table asks about many hands that are no win."""

    def __init__(self, reason: str, concealed: Sequence[int] = (),
                 melds: Sequence[Meld] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.concealed = tuple(concealed)
        self.melds = tuple(melds)

    def __str__(self) -> str:
        if not self.concealed:
            return self.reason
        return f"{self.reason}: {_describe(self.concealed, self.melds)}"


class NotAWin(_HandError):
    """The tiles do not form a complete hand."""


class NoYaku(_HandError):
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
    nuki: int = 0  # P1: Norths the winner set aside (nuki dora: one dora each, D1 on top)

    @property
    def dealer(self) -> bool:
        return self.seat_wind == EAST


def check_situation(sit: WinSituation, melds: Sequence[Meld], rules: RuleSet) -> None:
    """Raise ``RulesError`` for a situation that cannot happen (conflicting flags)."""
    rw, sw = sit.round_wind, sit.seat_wind
    if rw not in _WIND_KINDS or sw not in _WIND_KINDS or type(rw) is not int or (
            type(sw) is not int):
        for name, w in (("round_wind", rw), ("seat_wind", sw)):
            if type(w) is not int or not 27 <= w <= 30:
                raise RulesError(f"{name} must be a wind tile kind 27-30 (E S W N), got {w!r}")
    if (sit.haitei or sit.rinshan or sit.tenhou or sit.chiihou or sit.houtei or sit.chankan
            or sit.renhou or sit.open_riichi_deal_in or sit.ippatsu or sit.open_riichi):
        _check_special(sit, melds, rules)
    if melds and (sit.riichi or sit.double_riichi or sit.open_riichi) and any(
            m.kind is not MeldKind.ANKAN for m in melds):
        raise RulesError("riichi with an open meld: riichi needs a closed hand")
    if sit.nuki and (type(sit.nuki) is not int or not 0 < sit.nuki <= 4
                     or rules.players != 3):
        raise RulesError(f"nuki must be 0-4 Norths set aside, with three players only (P1); "
                         f"got {sit.nuki!r}")
    h, st, ds = sit.honba, sit.sticks, sit.dealer_streak
    if not (type(h) is int and type(st) is int and type(ds) is int and h >= 0 and st >= 0
            and ds >= 0):
        for name, v in (("honba", h), ("sticks", st), ("dealer_streak", ds)):
            if type(v) is not int or v < 0:
                raise RulesError(f"{name} must be a whole number >= 0, got {v!r}")
    d, u = sit.dora_indicators, sit.ura_indicators
    if not (_ALL_TILES.issuperset(d) and _ALL_TILES.issuperset(u)):
        for name, inds in (("dora_indicators", d), ("ura_indicators", u)):
            for t in inds:
                if type(t) is not int or not 0 <= t < 136:
                    raise RulesError(f"{name}: {t!r} is not a tile 0-135")


def _check_special(sit: WinSituation, melds: Sequence[Meld], rules: RuleSet) -> None:
    if sit.ippatsu and not (sit.riichi or sit.double_riichi or sit.open_riichi):
        raise RulesError("ippatsu without riichi")
    if not (sit.haitei or sit.rinshan or sit.tenhou or sit.chiihou or sit.houtei or sit.chankan
            or sit.renhou or sit.open_riichi_deal_in or sit.open_riichi):
        return  # ippatsu alone: nothing else to check
    for f in ("haitei", "rinshan", "tenhou", "chiihou"):
        if getattr(sit, f) and not sit.tsumo:
            raise RulesError(f"{f} is a tsumo win, but the situation says ron")
    for f in ("houtei", "chankan", "renhou", "open_riichi_deal_in"):
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
    if sit.ippatsu and not (sit.riichi or sit.double_riichi or sit.open_riichi):
        raise RulesError("ippatsu without riichi")
    if sit.open_riichi and not rules.open_riichi:
        raise RulesError("open riichi is off under these rules (open_riichi=false)")
    if sit.open_riichi_deal_in and not sit.open_riichi:
        raise RulesError("open_riichi_deal_in without open riichi")


def _check_tiles(concealed: Sequence[int], melds: Sequence[Meld], win_tile: int
                 ) -> tuple[Sequence[int], set[int]]:
    """Validate the tiles; return every physical tile of the hand (concealed, then melds) and
    the same as a set."""
    if melds:
        tiles: Sequence[int] = list(concealed)
        for m in melds:
            if type(m) is not Meld:
                raise RulesError(f"{m!r} is not a Meld")
            tiles += m.tiles  # type: ignore[operator]
        if not _INT_ONLY.issuperset(map(type, tiles)):  # every tile exactly an int
            bad_tile = next(t for t in tiles if type(t) is not int)
            raise RulesError(f"{bad_tile!r} is not a tile 0-135")
    else:
        tiles = concealed
    try:
        tset = set(tiles)
    except TypeError:
        tset = set()
    if not tset or not _ALL_TILES.issuperset(tset):
        bad = next((t for t in tiles if type(t) is not int or not 0 <= t < 136), None)
        raise RulesError(f"{bad!r} is not a tile 0-135")
    if len(tset) != len(tiles):
        for t in tiles:
            if type(t) is not int:
                raise RulesError(f"{t!r} is not a tile 0-135")
        dup = next(t for t in tiles if tiles.count(t) > 1)
        raise RulesError(f"tile {dup} ({kind_name(dup >> 2)}) appears twice")
    want = 14 - 3 * len(melds)
    if len(melds) > 4 or len(concealed) != want:
        raise RulesError(
            f"{len(concealed)} concealed tiles with {len(melds)} meld(s); a winning hand has "
            f"{want} (the winning tile included)")
    if type(win_tile) is not int or win_tile not in concealed:
        raise RulesError(f"the winning tile {win_tile!r} is not among the concealed tiles")
    return tiles, tset


def _is_shiisan_budou(c: list[int]) -> bool:
    """L6: 13 different tiles with no two of one suit within two steps, plus one pair."""
    kinds = [k for k in range(34) if c[k]]
    if len(kinds) != 13 or any(c[k] > 2 for k in kinds):
        return False
    for a, b in pairwise(kinds):
        if a < 27 and a // 9 == b // 9 and b - a <= 2:
            return False
    return True


#: The suits present (a frozenset) by whether man, pin and sou are.
_SUITS = {(m, p, s): frozenset(i for i, present in enumerate((m, p, s)) if present)
          for m in (False, True) for p in (False, True) for s in (False, True)}


def score_hand(concealed: Sequence[int], melds: Sequence[Meld], win_tile: int,
               situation: WinSituation, rules: RuleSet) -> HandResult:
    """Score a win. ``concealed``: physical tiles INCLUDING the winning tile; ``melds``: every
    call (ankan too). Tries every decomposition and wait reading and keeps the one worth most
    (S3: points, then real yakuman, then han, then fu).

    Raises ``NotAWin`` (not a complete hand), ``NoYaku`` (no yaku / under the han minimum) or
    ``RulesError`` (malformed tiles or conflicting flags).
    """
    sit = situation
    tiles_all, tile_set = _check_tiles(concealed, melds, win_tile)
    check_situation(sit, melds, rules)
    tsumo = sit.tsumo
    dealer = sit.seat_wind == EAST
    w = win_tile >> 2
    hand_counts = [0] * 34
    try:
        for t in concealed:
            hand_counts[_KIND_OF[t]] += 1
    except TypeError:
        raise RulesError(f"not tiles 0-135: {list(concealed)!r}") from None
    counts = hand_counts[:] if melds else hand_counts  # every tile; never changed below
    meld_sets: list[tuple[int, bool, bool, bool]] = []
    menzen = True
    n_ankan = n_kan = 0
    for m in melds:
        mt = m.tiles
        k = mt[0] >> 2
        mk = m.kind
        if len(mt) == 4:
            counts[k] += 4
            n_kan += 1
            if mk is _ANKAN:
                n_ankan += 1
                meld_sets.append(_ANKAN_SET[k])
            else:
                menzen = False
                meld_sets.append(_MINKAN_SET[k])
        elif mk is _CHI:
            menzen = False
            counts[k] += 1
            counts[k + 1] += 1
            counts[k + 2] += 1
            meld_sets.append(_CHI_SET[k])
        else:
            menzen = False
            counts[k] += 3
            meld_sets.append(_PON_SET[k])
    suits = _SUITS[any(counts[0:9]), any(counts[9:18]), any(counts[18:27])]
    n_honor = sum(counts[27:34])
    n_yaochuu = n_honor + counts[0] + counts[8] + counts[9] + counts[17] + counts[18] + counts[26]
    facts = (suits, n_honor > 0, n_yaochuu == len(tiles_all), n_yaochuu == 0)

    readings: list[Reading] = []
    has_melds = bool(melds)
    meld_t = tuple(meld_sets)
    for pair, full, wait in regular_readings(hand_counts, w, tsumo, meld_t):
        readings.append(Reading(rules, sit, tsumo, menzen, "regular", counts, hand_counts, w,
                                pair, full, wait, has_melds, facts))
    if not melds:
        if hand_counts.count(2) == 7:
            readings.append(Reading(rules, sit, tsumo, menzen, "chiitoitsu", counts,
                                    hand_counts, w, None, [], "tanki", False, facts))
        elif not readings and is_kokushi(hand_counts):
            pair = next(k for k in range(34) if hand_counts[k] == 2)
            readings.append(Reading(rules, sit, tsumo, menzen, "kokushi", counts, hand_counts,
                                    w, pair, [], "tanki", False, facts))
        elif (rules.shiisan_budou and (sit.tenhou or sit.chiihou)
              and _is_shiisan_budou(hand_counts)):
            readings.append(Reading(rules, sit, tsumo, menzen, "shiisan_budou", counts,
                                    hand_counts, w, None, [], "tanki", False, facts))
    if not readings:
        raise NotAWin("not a complete hand", concealed, melds)

    entry = _BY_ID.get(id(rules))  # compiled(rules), its identity look inlined (hot path)
    comp = entry[1] if entry is not None and entry[0] is rules else compiled(rules)
    min_han = 2 if rules.two_han_minimum_from_5_honba and sit.honba >= 5 else 1
    maybe_yakuman = comp.local_yakuman or _yakuman_possible(
        sit, counts, hand_counts, facts, readings[0].form, menzen, menzen and not melds, n_kan,
        n_ankan, rules)
    best: tuple[Reading, list[tuple[YakumanDef, int]] | None, list[int]] | None = None
    best_key: tuple[int, bool, int, int] = (0, False, 0, 0)
    best_yaku_han = 0
    hand_part: dict[str, tuple[int, list[int], bool]] = {}
    single = len(readings) == 1
    if not single:
        dora, ura, aka = _dora_counts(sit, comp, counts, tile_set)
    for r in readings:
        if maybe_yakuman:
            found = [(y, x) for y in comp.yakuman if (x := y.check(r))]
            if found:
                if not rules.multiple_yakuman and len(found) > 1:
                    found = [max(found, key=lambda f: f[1])]  # S4 option: no adding up
                mult = sum(m for _, m in found)
                ron, td, to = pay(8000 * mult, dealer, rules.players, rules.tsumo_loss)
                key = (total_of(ron, td, to, tsumo, dealer, rules.players), True, 13 * mult, 0)
                if best is None or key > best_key:
                    best, best_key = (r, found, []), key
                continue
        if single:  # one reading: every yaku at once
            part = _NOTHING
            han1, hit1, pinfu = comp.all_yaku[menzen](r)
        else:
            got = hand_part.get(r.form)
            if got is None:
                got = hand_part[r.form] = comp.hand_yaku[menzen](r)
            part = got
            han1, hit1, pinfu = comp.reading_yaku[menzen](r)
        yaku_han = part[0] + han1
        if yaku_han < min_han:
            best_yaku_han = max(best_yaku_han, yaku_han)
            continue
        if single:
            best = (r, None, hit1)
            break
        han = yaku_han + dora + ura + aka
        fu = _fu_value(r, pinfu or part[2])
        # totals are base points times a fixed factor, rounded up per payer: compare the
        # rounded payments themselves (S3: points first)
        price = comp.price(han, fu, dealer)
        key = (price[6] if tsumo else price[5], False, han, fu)
        if best is None or key > best_key:
            best, best_key = (r, None, part[1] + hit1), key
    if best is None:
        if best_yaku_han:
            raise NoYaku(f"under the {min_han}-han minimum (S8; dora do not count)",
                         concealed, melds)
        raise NoYaku("complete hand without a yaku", concealed, melds)
    r, yakuman, hits = best
    if yakuman is not None:
        return _yakuman_result(r, yakuman, dealer)
    hits.sort()
    if single:
        dora, ura, aka = _dora_counts(sit, comp, counts, tile_set)
    return _result(r, comp, hits, dora, ura, aka, dealer)


_NOTHING: tuple[int, list[int], bool] = (0, [], False)


def _yakuman_possible(sit: WinSituation, counts: list[int], hand_counts: list[int],
                      facts: HandFacts, form: str, menzen: bool, no_melds: bool, n_kan: int, n_ankan: int,
                      rules: RuleSet) -> bool:
    """A cheap hand-level gate: False when no standard yakuman (Y30-Y42) can apply, so the
    per-reading yakuman checks are skipped (it may say True for a hand without one; local
    yakuman bypass it)."""
    if sit.tenhou or sit.chiihou or (sit.renhou and rules.renhou == "yakuman"):
        return True
    suits, honors, all_yaochuu, _ = facts
    if form == "kokushi" or n_kan == 4 or (all_yaochuu and (not honors or not suits)):
        return True  # kokushi, suukantsu, chinroutou, tsuuiisou
    if honors and ((counts[31] >= 3 and counts[32] >= 3 and counts[33] >= 3)  # daisangen
                   or counts[27] + counts[28] + counts[29] + counts[30] >= 11):  # suushii
        return True
    if len(suits) == 1:
        if no_melds and not honors:
            base = 9 * next(iter(suits))  # chuuren: 1112345678999 and one more
            if (hand_counts[base] >= 3 and hand_counts[base + 8] >= 3
                    and 0 not in hand_counts[base + 1 : base + 8]):
                return True
        if 2 in suits and counts[18] + counts[22] + counts[24] + counts[26] == 0 and (
                sum(counts[27:34]) == counts[32]):
            return True  # ryuuiisou
    # suuankou: four concealed triplets and the pair fill the hand, so no open meld
    return menzen and hand_counts.count(3) + hand_counts.count(4) + n_ankan >= 4


def _dora_counts(sit: WinSituation, comp: Compiled, counts: list[int], tile_set: set[int]
                 ) -> tuple[int, int, int]:
    """(dora, ura, aka) of a hand (D2, D4, D5): each indicator counts every copy of its dora,
    so identical indicators stack; ura only with riichi; red fives by ``rules.red_fives``."""
    rules = comp.rules
    table = _DORA if rules.players == 4 else _DORA3
    inds = sit.dora_indicators if rules.kan_dora else sit.dora_indicators[:1]
    dora = 0
    nuki = sit.nuki
    for t in inds:
        k = table[t >> 2]
        dora += counts[k] + (nuki if k == NORTH else 0)
    dora += nuki  # P1: each North set aside is a dora of its own
    ura = 0
    if (sit.riichi or sit.double_riichi or sit.open_riichi) and rules.ura_dora:
        uinds = sit.ura_indicators if rules.kan_ura_dora else sit.ura_indicators[:1]
        for t in uinds:
            k = table[t >> 2]
            ura += counts[k] + (nuki if k == NORTH else 0)
    return dora, ura, len(comp.red_tiles.intersection(tile_set))


def _result(r: Reading, comp: Compiled, hits: list[int], dora: int, ura: int, aka: int,
            dealer: bool) -> HandResult:
    yaku, ids, han, pinfu = comp.lines_of(r.menzen, hits)
    if dora or aka or ura:
        lines, pairs = list(yaku), list(ids)
        if dora:
            lines.append(yaku_line("dora", dora))
            pairs.append((52, dora))
        if aka:
            lines.append(yaku_line("aka dora", aka))
            pairs.append((54, aka))
        if ura:
            lines.append(yaku_line("ura dora", ura))
            pairs.append((53, ura))
        yaku, ids = tuple(lines), tuple(pairs)
        han += dora + aka + ura
    fu, breakdown = _fu(r, pinfu)
    base, limit, ron, td, to, total_ron, total_tsumo = comp.price(han, fu, dealer)
    tsumo = r.tsumo
    return HandResult(han, fu, yaku, 0, limit, base, dora, ura, aka, breakdown, ron, td, to,
                      total_tsumo if tsumo else total_ron, (), ids, tsumo, dealer)


def _yakuman_result(r: Reading, found: list[tuple[YakumanDef, int]], dealer: bool
                    ) -> HandResult:
    parts = tuple((y.name, m) for y, m in found)
    ids = tuple((y.tenhou_id, 13 * m) for y, m in found if y.tenhou_id >= 0)
    mult = sum(m for _, m in parts)
    fu, breakdown = _fu(r, pinfu_shape(r))  # Tenhou still reports the reading's fu
    base = 8000 * mult
    rules = r.rules
    ron, td, to = pay(base, dealer, rules.players, rules.tsumo_loss)
    return HandResult(
        han=13 * mult, fu=fu, yaku=tuple(Yaku(n, 13 * m) for n, m in parts),
        yakuman=mult, limit=yakuman_limit_name(mult), base=base, dora=0, ura=0, aka=0,
        fu_breakdown=breakdown, ron=ron, tsumo_dealer=td, tsumo_other=to,
        total=total_of(ron, td, to, r.tsumo, dealer, rules.players), yakuman_parts=parts,
        tenhou_yaku_ids=ids, tsumo=r.tsumo, dealer=dealer)


def can_win(concealed: Sequence[int], melds: Sequence[Meld], win_tile: int,
            situation: WinSituation, rules: RuleSet) -> bool:
    """Whether the hand is a legal win (complete, with a yaku over the han minimum): what the
    table asks before offering tsumo or ron. Malformed input still raises ``RulesError``."""
    try:
        score_hand(concealed, melds, win_tile, situation, rules)
    except (NotAWin, NoYaku):
        return False
    return True


def _describe(concealed: Sequence[int], melds: Sequence[Meld]) -> str:
    from engine.meld import format_meld
    from engine.tiles import format_tiles

    text = format_tiles(concealed)
    if melds:
        text += " " + " ".join(format_meld(m) for m in melds)
    return text


def _fu_value(r: Reading, pinfu: bool) -> int:
    if r.form == "regular":
        return fu_mod.regular_fu_value(r, pinfu)
    return _fu(r, pinfu)[0]


def _fu(r: Reading, pinfu: bool) -> tuple[int, tuple[tuple[str, int], ...]]:
    if r.form == "chiitoitsu":
        return fu_mod.CHIITOITSU_FU, (("chiitoitsu", fu_mod.CHIITOITSU_FU),)
    if r.form in ("kokushi", "shiisan_budou"):
        return fu_mod.KOKUSHI_FU, ((r.form.replace("_", " "), fu_mod.KOKUSHI_FU),)
    return fu_mod.regular_fu(r, pinfu)
