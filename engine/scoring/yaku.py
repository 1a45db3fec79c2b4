"""The yaku registry (rules Y1-Y42, L1-L13): name, closed han, open han, Tenhou id, check.

Each check reads a ``Reading`` — one interpretation of a winning hand (a decomposition plus a
reading of the wait) — and returns whether the yaku is there (``YakuDef``) or how many yakuman
multiples it is worth (``YakumanDef``). Variants come from the ``RuleSet`` on the reading; no
check hard-codes one. The registry order is the display order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rules import RuleSet
from engine.tiles import CHUN, EAST, HAKU, HATSU, NORTH, SOUTH, WEST

if TYPE_CHECKING:  # pragma: no cover - the situation type lives with the scorer
    from engine.scoring.hand import WinSituation

#: A set of a reading: (kind, is_seq, concealed, is_kan).
Set = tuple[int, bool, bool, bool]
#: What a whole hand shows, per reading alike: (suits present, honours, all yaochuu, all simple).
HandFacts = tuple[frozenset[int], bool, bool, bool]

DRAGONS = (HAKU, HATSU, CHUN)
WIND_KINDS = (EAST, SOUTH, WEST, NORTH)
WIND_NAMES = ("east", "south", "west", "north")
#: Ryuuiisou tiles (Y37): 2 3 4 6 8 sou and hatsu.
GREEN = frozenset((19, 20, 21, 23, 25, HATSU))
#: Daisharin (L5): pairs of 2p-8p.
DAISHARIN_KINDS = tuple(range(10, 17))
#: Benikujaku (L10): 1s 5s 7s 9s and chun.
BENIKUJAKU = frozenset((18, 22, 24, 26, CHUN))


class Reading:
    """One interpretation of a winning hand; the checks read only this.

    ``sets`` holds ``(kind, is_seq, concealed, is_kan)`` for the concealed sets and the melds;
    ``concealed`` is False for called sets and for a triplet completed by ron (Y17).
    """

    __slots__ = (
        "all_simple", "all_yaochuu", "counts", "form", "hand_counts", "has_melds", "honors",
        "menzen", "pair", "rules", "seqs", "sets", "sit", "suits", "trips", "tsumo", "wait", "win",
    )

    def __init__(self, rules: RuleSet, sit: WinSituation, tsumo: bool, menzen: bool, form: str,
                 counts: list[int], hand_counts: list[int], win: int, pair: int | None,
                 sets: Sequence[Set], wait: str, has_melds: bool,
                 hand_facts: HandFacts) -> None:
        self.rules = rules
        self.sit = sit
        self.tsumo = tsumo
        self.menzen = menzen
        self.form = form
        self.counts = counts  # every tile of the hand by kind (a kan counts 4)
        self.hand_counts = hand_counts  # concealed tiles incl. the winning tile
        self.win = win
        self.pair = pair
        self.sets = sets
        self.wait = wait
        self.has_melds = has_melds
        self.suits, self.honors, self.all_yaochuu, self.all_simple = hand_facts
        seqs: list[int] = []  # sequence kinds, a repeated sequence repeated
        trips: list[int] = []
        for st in sets:
            if st[1]:
                seqs.append(st[0])
            else:
                trips.append(st[0])
        self.seqs = seqs
        self.trips = trips

    # counted when a check asks (few do)
    @property
    def ankou(self) -> int:
        """Concealed triplets and kans (Y17: not one completed by ron)."""
        return sum(1 for st in self.sets if not st[1] and st[2])

    @property
    def kans(self) -> int:
        return sum(1 for st in self.sets if st[3]) if self.has_melds else 0  # kans are melds

    @property
    def peikou(self) -> int:
        """Pairs of identical sequences of a closed hand (Y5, Y13)."""
        seqs = self.seqs
        if not self.menzen or len(set(seqs)) == len(seqs):
            return 0
        return sum(seqs.count(k) >> 1 for k in set(seqs))


def _is_yaochuu(k: int) -> bool:
    return k >= 27 or k % 9 in (0, 8)


def _set_has_yaochuu(kind: int, is_seq: bool) -> bool:
    if is_seq:
        return kind % 9 in (0, 6)
    return _is_yaochuu(kind)


def _set_has_terminal(kind: int, is_seq: bool) -> bool:
    if kind >= 27:
        return False
    if is_seq:
        return kind % 9 in (0, 6)
    return kind % 9 in (0, 8)


def _value_pair(r: Reading) -> bool:
    p = r.pair
    return p is not None and (p in DRAGONS or p == r.sit.seat_wind or p == r.sit.round_wind
                              or (p == NORTH and r.rules.north_yakuhai))


# --- checks ------------------------------------------------------------------------------------

def _riichi(r: Reading) -> bool:
    s = r.sit
    if s.open_riichi:
        return False
    return (s.riichi or s.double_riichi) and not (s.double_riichi and r.rules.double_riichi)


def _double_riichi(r: Reading) -> bool:
    return r.sit.double_riichi and r.rules.double_riichi and not r.sit.open_riichi


def _open_riichi(r: Reading) -> bool:
    return r.sit.open_riichi and not (r.sit.double_riichi and r.rules.double_riichi)


def _open_double_riichi(r: Reading) -> bool:
    return r.sit.open_riichi and r.sit.double_riichi and r.rules.double_riichi


def _pinfu(r: Reading) -> bool:
    return (r.form == "regular" and r.menzen and len(r.seqs) == 4 and r.wait == "ryanmen"
            and not _value_pair(r))


def pinfu_shape(r: Reading) -> bool:
    """Whether the reading has the pinfu shape (closed, four sequences, no value pair, ryanmen)."""
    return _pinfu(r)


def _isshoku_sanjun_counts(r: Reading) -> bool:
    return r.rules.isshoku_sanjun and r.form == "regular" and any(
        r.seqs.count(k) == 3 for k in r.seqs)


def _iipeikou(r: Reading) -> bool:
    return r.form == "regular" and r.peikou == 1 and not _isshoku_sanjun_counts(r)


def _ryanpeikou(r: Reading) -> bool:
    return r.form == "regular" and r.peikou == 2


def _tanyao(r: Reading) -> bool:
    return r.all_simple and (r.menzen or r.rules.kuitan)


def _triplet_of(kind: int) -> Callable[[Reading], bool]:
    def check(r: Reading) -> bool:
        return kind in r.trips
    return check


def _seat_wind(kind: int) -> Callable[[Reading], bool]:
    def check(r: Reading) -> bool:
        return r.sit.seat_wind == kind and kind in r.trips
    return check


def _round_wind(kind: int) -> Callable[[Reading], bool]:
    def check(r: Reading) -> bool:
        return r.sit.round_wind == kind and kind in r.trips
    return check


def _chanta(r: Reading) -> bool:
    if r.form != "regular" or not r.seqs or not r.honors:
        return False
    p = r.pair
    if p is None or (p < 27 and p % 9 not in (0, 8)):
        return False
    for k, is_seq, _, _ in r.sets:
        if k < 27 and (k % 9 not in (0, 6) if is_seq else k % 9 not in (0, 8)):
            return False
    return True


def _junchan(r: Reading) -> bool:
    if r.form != "regular" or not r.seqs or r.honors:
        return False
    p = r.pair
    if p is None or p % 9 not in (0, 8):
        return False
    for k, is_seq, _, _ in r.sets:
        if k % 9 not in ((0, 6) if is_seq else (0, 8)):
            return False
    return True


def _ittsu(r: Reading) -> bool:
    s = r.seqs
    return len(s) >= 3 and ((0 in s and 3 in s and 6 in s) or (9 in s and 12 in s and 15 in s)
                            or (18 in s and 21 in s and 24 in s))


def _sanshoku(r: Reading) -> bool:
    s = r.seqs
    if len(s) < 3:
        return False
    for k in s:
        if k < 9 and k + 9 in s and k + 18 in s:
            return True
    return False


def _doukou(r: Reading) -> bool:
    t = r.trips
    for k in t:
        if k < 9 and k + 9 in t and k + 18 in t:
            return True
    return False


def _toitoi(r: Reading) -> bool:
    return r.form == "regular" and not r.seqs


def _honroutou(r: Reading) -> bool:
    return r.all_yaochuu and bool(r.honors) and bool(r.suits)


def _shousangen(r: Reading) -> bool:
    return r.pair in DRAGONS and sum(1 for d in DRAGONS if d in r.trips) == 2


def _honitsu(r: Reading) -> bool:
    return len(r.suits) == 1 and bool(r.honors)


def _chinitsu(r: Reading) -> bool:
    return len(r.suits) == 1 and not r.honors


# Y42 with renhou = "mangan" / "baiman": a 5 / 8 han yaku that adds to the others (as the
# mahjong library counts it); "yakuman" is in YAKUMAN below; "off" ignores the flag.
def _renhou_han(r: Reading) -> bool:
    return r.sit.renhou and r.rules.renhou in ("mangan", "baiman")


# local yaku (L2-L4)
def _sanshoku_tsuukan(r: Reading) -> bool:
    s = r.seqs
    suits = [[o for o in (0, 3, 6) if b + o in s] for b in (0, 9, 18)]
    for a in suits[0]:
        for b in suits[1]:
            for c in suits[2]:
                if {a, b, c} == {0, 3, 6}:
                    return True
    return False


def _consecutive_trips(r: Reading, n: int) -> bool:
    t = {k for k in r.trips if k < 27}
    return any(all(k + i in t and (k + i) // 9 == k // 9 for i in range(n)) for k in t)


def _sanrenkou(r: Reading) -> bool:
    return r.rules.sanrenkou and _consecutive_trips(r, 3) and not (
        r.rules.suurenkou and _consecutive_trips(r, 4))


def _isshoku_sanjun(r: Reading) -> bool:
    return _isshoku_sanjun_counts(r)


@dataclass(frozen=True, slots=True)
class YakuDef:
    """A yaku: ``open_han`` 0 means closed only (the check is not even asked on an open hand)."""

    name: str
    family: str
    closed_han: int
    open_han: int
    tenhou_id: int  # -1: no Tenhou id (local yaku)
    check: Callable[[Reading], bool]
    rule: str | None = None  # RuleSet field that must be on (local yaku)

    def han(self, r: Reading) -> int:
        if self.name == "renhou":
            return 5 if r.rules.renhou == "mangan" else 8
        return self.closed_han if r.menzen else self.open_han


def _build_yaku() -> tuple[YakuDef, ...]:
    Y = YakuDef
    out = [
        # riichi family (Y1, Y2, Y12, L1)
        Y("riichi", "riichi", 1, 0, 1, _riichi),
        Y("double riichi", "riichi", 2, 0, 21, _double_riichi),
        Y("open riichi", "riichi", 2, 0, -1, _open_riichi, "open_riichi"),
        Y("open double riichi", "riichi", 3, 0, -1, _open_double_riichi, "open_riichi"),
        Y("ippatsu", "riichi", 1, 0, 2, lambda r: r.sit.ippatsu and r.rules.ippatsu),
        # the win itself (Y3, Y8-Y11, Y42)
        Y("menzen tsumo", "tsumo", 1, 0, 0, lambda r: r.tsumo),
        Y("chankan", "win", 1, 1, 3, lambda r: r.sit.chankan),
        Y("rinshan kaihou", "win", 1, 1, 4, lambda r: r.sit.rinshan),
        Y("haitei raoyue", "win", 1, 1, 5, lambda r: r.sit.haitei),
        Y("houtei raoyui", "win", 1, 1, 6, lambda r: r.sit.houtei),
        Y("renhou", "win", 5, 0, 36, _renhou_han),
        # shape (Y4-Y6, Y13)
        Y("pinfu", "shape", 1, 0, 7, _pinfu),
        Y("tanyao", "simples", 1, 1, 8, _tanyao),
        Y("iipeikou", "peikou", 1, 0, 9, _iipeikou),
    ]
    # yakuhai (Y7): seat wind, round wind (a double wind is two entries), dragons
    for kind, name in zip(WIND_KINDS, WIND_NAMES, strict=True):
        out.append(Y(f"yakuhai: seat wind {name}", "yakuhai: seat wind", 1, 1, 10 + kind - EAST,
                     _seat_wind(kind)))
    for kind, name in zip(WIND_KINDS, WIND_NAMES, strict=True):
        out.append(Y(f"yakuhai: round wind {name}", "yakuhai: round wind", 1, 1, 14 + kind - EAST,
                     _round_wind(kind)))
    for kind, name, tid in ((HAKU, "haku", 18), (HATSU, "hatsu", 19), (CHUN, "chun", 20)):
        out.append(Y(f"yakuhai: {name}", "yakuhai: dragons", 1, 1, tid, _triplet_of(kind)))
    # P1 option: a North triplet is a value tile for everyone (not on Tenhou / Mahjong Soul)
    out.append(Y("yakuhai: north", "yakuhai: north", 1, 1, -1, _triplet_of(NORTH),
                 "north_yakuhai"))
    out += [
        Y("chiitoitsu", "shape", 2, 0, 22, lambda r: r.form == "chiitoitsu"),
        Y("chanta", "terminals", 2, 1, 23, _chanta),
        Y("ittsu", "sequences", 2, 1, 24, _ittsu),
        Y("sanshoku doujun", "three suits", 2, 1, 25, _sanshoku),
        Y("sanshoku doukou", "triplets", 2, 2, 26, _doukou),
        Y("sankantsu", "triplets", 2, 2, 27, lambda r: r.kans == 3),
        Y("toitoi", "triplets", 2, 2, 28, _toitoi),
        Y("sanankou", "triplets", 2, 2, 29, lambda r: r.ankou == 3),
        Y("shousangen", "yakuhai: dragons", 2, 2, 30, _shousangen),
        Y("honroutou", "terminals", 2, 2, 31, _honroutou),
        Y("ryanpeikou", "peikou", 3, 0, 32, _ryanpeikou),
        Y("junchan", "terminals", 3, 2, 33, _junchan),
        Y("honitsu", "flush", 3, 2, 34, _honitsu),
        Y("chinitsu", "flush", 6, 5, 35, _chinitsu),
        # local (L2-L4)
        Y("sanshoku tsuukan", "local", 2, 1, -1, _sanshoku_tsuukan, "sanshoku_tsuukan"),
        Y("sanrenkou", "local", 2, 2, -1, _sanrenkou, "sanrenkou"),
        Y("isshoku sanjun", "local", 2, 1, -1, _isshoku_sanjun, "isshoku_sanjun"),
    ]
    return tuple(out)


YAKU: tuple[YakuDef, ...] = _build_yaku()


# --- yakuman -----------------------------------------------------------------------------------

def _kokushi(r: Reading) -> int:
    return int(r.form == "kokushi" and r.hand_counts[r.win] == 1)


def _kokushi13(r: Reading) -> int:
    if r.form == "kokushi" and r.hand_counts[r.win] == 2:
        return 2 if r.rules.double_kokushi_13 else 1
    return 0


def _suuankou(r: Reading) -> int:
    return int(r.form == "regular" and r.ankou == 4 and r.wait != "tanki")


def _suuankou_tanki(r: Reading) -> int:
    if r.form == "regular" and r.ankou == 4 and r.wait == "tanki":
        return 2 if r.rules.double_suuankou_tanki else 1
    return 0


def _daisangen(r: Reading) -> int:
    return int(all(d in r.trips for d in DRAGONS))


def _shousuushii(r: Reading) -> int:
    return int(r.pair in WIND_KINDS and sum(1 for w in WIND_KINDS if w in r.trips) == 3)


def _daisuushii(r: Reading) -> int:
    if all(w in r.trips for w in WIND_KINDS):
        return 2 if r.rules.double_daisuushii else 1
    return 0


def _tsuuiisou(r: Reading) -> int:
    if r.suits:
        return 0
    if r.form == "chiitoitsu" and r.rules.daichisei:
        return 0  # daichisei (L12) takes its place
    return 1


def _chinroutou(r: Reading) -> int:
    return int(r.all_yaochuu and not r.honors and r.form != "kokushi")


def _ryuuiisou(r: Reading) -> int:
    c = r.counts
    if any(c[k] for k in range(34) if k not in GREEN):
        return 0
    return int(c[HATSU] > 0 or not r.rules.ryuuiisou_needs_hatsu)


def _chuuren_shape(r: Reading) -> tuple[bool, bool]:
    """(chuuren, junsei): closed, no kan, one suit, 1112345678999 plus one (Y38)."""
    if r.has_melds or len(r.suits) != 1 or r.honors or r.form == "kokushi":
        return False, False
    base = next(iter(r.suits)) * 9
    c = r.hand_counts[base : base + 9]
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    if any(c[i] < need[i] for i in range(9)):
        return False, False
    before = list(c)
    before[r.win - base] -= 1
    return True, tuple(before) == need


def _chuuren(r: Reading) -> int:
    ok, junsei = _chuuren_shape(r)
    return int(ok and not junsei)


def _junsei_chuuren(r: Reading) -> int:
    ok, junsei = _chuuren_shape(r)
    if ok and junsei:
        return 2 if r.rules.double_junsei_chuuren else 1
    return 0


def _suukantsu(r: Reading) -> int:
    if r.kans == 4:
        return 2 if r.rules.double_suukantsu else 1
    return 0


def _daisharin(r: Reading) -> int:
    if r.form == "chiitoitsu" and all(r.hand_counts[k] == 2 for k in DAISHARIN_KINDS):
        return 2 if r.rules.double_daisharin else 1
    return 0


def _hyakuman(r: Reading) -> int:
    if r.suits != {0} or r.honors:
        return 0
    total = sum((k + 1) * n for k, n in enumerate(r.counts[:9]))
    if total < 100:
        return 0
    return 2 if total == 100 and r.rules.double_hyakuman_goku_100 else 1


def _benikujaku(r: Reading) -> int:
    return int(r.form == "regular" and all(
        not n or k in BENIKUJAKU for k, n in enumerate(r.counts)))


def _tohoku(r: Reading) -> int:
    if r.form != "regular" or not _ittsu(r):
        return 0
    return int((EAST in r.trips and r.pair == NORTH) or (NORTH in r.trips and r.pair == EAST))


def _isshoku_yonjun(r: Reading) -> int:
    return int(r.form == "regular" and any(r.seqs.count(k) == 4 for k in r.seqs))


@dataclass(frozen=True, slots=True)
class YakumanDef:
    """A yakuman: the check returns its multiple (0 = absent)."""

    name: str
    tenhou_id: int
    check: Callable[[Reading], int]
    rule: str | None = None


YAKUMAN: tuple[YakumanDef, ...] = (
    YakumanDef("tenhou", 37, lambda r: int(r.sit.tenhou)),
    YakumanDef("chiihou", 38, lambda r: int(r.sit.chiihou)),
    YakumanDef("renhou", 36, lambda r: int(r.sit.renhou and r.rules.renhou == "yakuman")),
    YakumanDef("kokushi musou", 47, _kokushi),
    YakumanDef("kokushi musou juusanmen", 48, _kokushi13),
    YakumanDef("suuankou", 40, _suuankou),
    YakumanDef("suuankou tanki", 41, _suuankou_tanki),
    YakumanDef("daisangen", 39, _daisangen),
    YakumanDef("shousuushii", 50, _shousuushii),
    YakumanDef("daisuushii", 49, _daisuushii),
    YakumanDef("tsuuiisou", 42, _tsuuiisou),
    YakumanDef("chinroutou", 44, _chinroutou),
    YakumanDef("ryuuiisou", 43, _ryuuiisou),
    YakumanDef("chuuren poutou", 45, _chuuren),
    YakumanDef("junsei chuuren poutou", 46, _junsei_chuuren),
    YakumanDef("suukantsu", 51, _suukantsu),
    # local (L1, L5-L13)
    YakumanDef("open riichi deal-in", -1,
               lambda r: int(r.sit.open_riichi and r.sit.open_riichi_deal_in and not r.tsumo),
               "open_riichi"),
    YakumanDef("daisharin", -1, _daisharin, "daisharin"),
    YakumanDef("shiisan budou", -1, lambda r: int(r.form == "shiisan_budou"), "shiisan_budou"),
    YakumanDef("suurenkou", -1, lambda r: int(_consecutive_trips(r, 4)), "suurenkou"),
    YakumanDef("isshoku yonjun", -1, _isshoku_yonjun, "isshoku_yonjun"),
    YakumanDef("hyakuman goku", -1, _hyakuman, "hyakuman_goku"),
    YakumanDef("benikujaku", -1, _benikujaku, "benikujaku"),
    YakumanDef("tohoku shinkansen", -1, _tohoku, "tohoku_shinkansen"),
    YakumanDef("daichisei", -1,
               lambda r: 2 if r.form == "chiitoitsu" and not r.suits else 0, "daichisei"),
    YakumanDef("paarenchan", -1,
               lambda r: int(r.sit.seat_wind == EAST and r.sit.dealer_streak >= 7), "paarenchan"),
)


#: Yaku whose check gives the same answer for every regular reading of a hand (situation
#: flags, tile sets, honour triplets, melds); the scorer evaluates them once per hand and form.
HAND_SCOPE = frozenset({
    "riichi", "double riichi", "open riichi", "open double riichi", "ippatsu", "menzen tsumo",
    "chankan", "rinshan kaihou", "haitei raoyue", "houtei raoyui", "renhou", "tanyao",
    "chiitoitsu", "sankantsu", "shousangen", "honroutou", "honitsu", "chinitsu",
} | {y.name for y in YAKU if y.family.startswith("yakuhai")})


#: Cheap preconditions per family, as Python expressions over the reading ``r``: when a gate
#: is false no yaku of its family can apply, so the scorer skips the family's checks (an
#: optimisation only; the checks stand alone). The scorer compiles them into its yaku runner.
FAMILY_GATES: dict[str, str] = {
    "riichi": "r.sit.riichi or r.sit.double_riichi or r.sit.open_riichi",
    "win": "r.sit.chankan or r.sit.rinshan or r.sit.haitei or r.sit.houtei or r.sit.renhou",
    "simples": "r.all_simple",
    "terminals": "not r.all_simple and (r.pair is None or r.pair >= 27 or r.pair % 9 in (0, 8))",
    "yakuhai: seat wind": "r.sit.seat_wind in r.trips",
    "yakuhai: round wind": "r.sit.round_wind in r.trips",
    "yakuhai: dragons": "r.honors and r.trips and max(r.trips) >= 31",
    "yakuhai: north": "30 in r.trips",
    "peikou": "len(set(r.seqs)) < len(r.seqs)",  # a repeated sequence
    "sequences": "len(r.seqs) >= 3",
    "three suits": "len(r.seqs) >= 3 and len(r.suits) == 3",
    "triplets": "len(r.trips) >= 3",
    "flush": "len(r.suits) == 1",
}


def active_yaku(rules: RuleSet) -> tuple[YakuDef, ...]:
    """The yaku the rules allow (local ones only with their field on)."""
    return tuple(y for y in YAKU if y.rule is None or getattr(rules, y.rule))


def active_yakuman(rules: RuleSet) -> tuple[YakumanDef, ...]:
    return tuple(y for y in YAKUMAN if y.rule is None or getattr(rules, y.rule))
