"""The ruleset: every variant of docs/rules.md as a field, with presets (``tenhou``: default).

Code never hard-codes a variant; it reads the ``RuleSet`` it is given.

>>> preset("tenhou").kuitan
True
>>> preset("tenhou", kuitan=False).kuitan
False
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Any

from engine.errors import RulesError
from engine.tiles import Reds

#: Named red-five sets (D2): counts per suit (man, pin, sou).
RED_SETS: dict[str, Reds] = {
    "none": (0, 0, 0),
    "1each": (1, 1, 1),
    "2each": (2, 2, 2),
    "3each": (3, 3, 3),
    "all": (4, 4, 4),
    "4aka": (1, 2, 1),
    "8aka": (2, 4, 2),
}

KAN_DORA_TIMINGS = ("delayed", "immediate")  # D3: open/added kan after the replacement discard
RENHOU_VALUES = ("off", "mangan", "baiman", "yakuman")  # Y42
BUST_MODES = ("below_zero", "zero_or_below", "off")  # G3
ROUNDINGS = ("round56", "exact", "round_points")  # G7
LENGTHS = ("hanchan", "tonpuusen")  # G1
LIVE_WALL = 70  # tiles of the live wall after the deal: 136 - 14 (dead wall) - 4 x 13
PLAYERS = (3, 4)  # P1: three-player (sanma) or four-player


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every rule variant. Field comments name the rule ID of docs/rules.md; defaults: Tenhou."""

    name: str = "tenhou"

    # P — players (P1: three-player sanma; its variants below matter only with 3 players)
    players: int = 4  # P1: 3 or 4 seats
    # P1: tsumo loss (Tenhou, Mahjong Soul's default): a tsumo is paid by the two others only.
    # Off (seed 003's 三人无自摸损; Mahjong Soul's "North bisection" option): the missing
    # seat's share is split between the two payers (a dealer tsumo is 3a from each).
    tsumo_loss: bool = True
    # P1: North set aside as nuki dora (kita): a replacement draw, one dora each.
    nuki_dora: bool = False
    # P1: a North kept in hand is a value tile (yakuhai for everyone). Off on Tenhou and
    # Mahjong Soul, where it is a guest wind (w.atwiki.jp/mahjlocal/pages/90: 『天鳳』『雀魂』
    # use it in hand "as a guest wind"; riichi.wiki Mahjong Soul: "North is treated as
    # guest-wind tiles (Otakaze)"); some local rules make it yakuhai.
    north_yakuhai: bool = False
    honba_points: int = 100  # S6: each honba adds this per paying seat (ron: x (players-1))
    noten_total: int = 3000  # K1: noten payments in all (P1: 2000 with three players)
    chi: bool = True  # C1: chi allowed (P1: never with three players)

    # T, D — tiles and dora
    red_fives: Reds = (1, 1, 1)  # D2: reds per suit (man, pin, sou), 0-4 each
    kan_dora: bool = True  # D3
    kan_dora_timing: str = "delayed"  # D3: "delayed" (open/added kan after the discard) | "immediate"
    ura_dora: bool = True  # D4
    kan_ura_dora: bool = True  # D4

    # C — calls
    kuikae_allowed: bool = False  # C4
    # C6: kokushi may ron the tile of a closed kan. Tenhou does not allow it (a kokushi wait
    # on an opponent's ankan is simply passed over); Mahjong Soul does.
    kokushi_rob_ankan: bool = False  # C6
    max_kans: int = 4  # C3

    # R — riichi
    riichi_min_points: int = 1000  # R1
    riichi_min_wall_tiles: int = 4  # R1: tiles left in the live wall (0 = no limit)
    ippatsu: bool = True  # R3
    double_riichi: bool = True  # R4
    open_riichi: bool = False  # R6 / L1
    leftover_sticks_to_top: bool = True  # R5: False = lost at game end

    # Y — yaku
    kuitan: bool = True  # Y6: open tanyao
    nagashi_mangan: bool = True  # Y27
    nagashi_as_draw_payment: bool = False  # Y27 option: paid like a draw payment
    renhou: str = "off"  # Y42: "off" | "mangan" | "baiman" | "yakuman"
    double_kokushi_13: bool = False  # Y30
    double_suuankou_tanki: bool = False  # Y31
    double_daisuushii: bool = False  # Y34
    ryuuiisou_needs_hatsu: bool = False  # Y37
    double_junsei_chuuren: bool = False  # Y38
    double_suukantsu: bool = False  # Y39
    multiple_yakuman: bool = True  # S4: yakuman add up
    kazoe_yakuman: bool = True  # S4: 13+ han is yakuman (off: sanbaiman)

    # L — local yaku (all off on Tenhou)
    sanshoku_tsuukan: bool = False  # L2
    sanrenkou: bool = False  # L3
    isshoku_sanjun: bool = False  # L4
    daisharin: bool = False  # L5
    double_daisharin: bool = False  # L5
    shiisan_budou: bool = False  # L6
    suurenkou: bool = False  # L7
    isshoku_yonjun: bool = False  # L8
    hyakuman_goku: bool = False  # L9
    double_hyakuman_goku_100: bool = False  # L9: exactly 100 counts double
    benikujaku: bool = False  # L10
    tohoku_shinkansen: bool = False  # L11
    daichisei: bool = False  # L12
    paarenchan: bool = False  # L13

    # S — fu and points
    rinshan_tsumo_fu: bool = True  # S1: +2 tsumo fu on a rinshan win (option: none)
    double_wind_pair_fu: int = 4  # S1: 4 or 2
    kiriage_mangan: bool = False  # S7
    two_han_minimum_from_5_honba: bool = False  # S8
    pao: bool = True  # S9

    # K — end of a round
    noten_declaration: bool = False  # K1: a tenpai player may declare noten
    kyuushu_kyuuhai: bool = True  # K2
    suufon_renda: bool = True  # K3
    suukaikan: bool = True  # K4
    suucha_riichi: bool = True  # K5
    sanchahou: bool = True  # K6: three rons abort (False: triple ron pays)
    double_ron: bool = True  # K6: False = atama-hane, only the first in turn wins

    # G — game flow
    length: str = "hanchan"  # G1: "hanchan" | "tonpuusen"
    renchan_on_dealer_tenpai: bool = True  # G2
    bust: str = "below_zero"  # G3: "below_zero" | "zero_or_below" | "off"
    agari_yame: bool = True  # G4
    extension: bool = True  # G5: play into West (South) while nobody has the return points
    starting_points: int = 25000  # G7
    return_points: int = 30000  # G5, G7
    uma: tuple[int, ...] = (20, 10, -10, -20)  # G7: one value per place (P1: three)
    oka_to_first: bool = True  # G7: (return - start) x players to first place
    # G7: "round56" (5 down 6 up on points - return) | "exact" (decimals) | "round_points"
    # (the final points rounded to the thousand, halves away from zero, then - return: Tenhou's
    # whole-number game points before its logs switched to one decimal)
    score_rounding: str = "exact"  # G7: "exact" (Tenhou today: one decimal) | "round56" (5 down 6 up) | "round_points"

    def __post_init__(self) -> None:
        """Every field is checked, so a bad value never reaches a game: its type (the default's),
        and its choices or range. The first fault raises ``RulesError`` in one line naming the
        field, what it may be and what it got (``max_kans must be 0-4, got -1``)."""
        for name, kind in _FIELD_TYPES:
            _check_type(name, getattr(self, name), kind)
        if not self.name.strip():
            raise RulesError("name must not be empty")
        _check_choice("kan_dora_timing", self.kan_dora_timing, KAN_DORA_TIMINGS)
        _check_choice("renhou", self.renhou, RENHOU_VALUES)
        _check_choice("bust", self.bust, BUST_MODES)
        _check_choice("score_rounding", self.score_rounding, ROUNDINGS)
        _check_choice("length", self.length, LENGTHS)
        if len(self.red_fives) != 3 or not all(0 <= r <= 4 for r in self.red_fives):
            raise RulesError(f"red_fives must be three counts 0-4, got {self.red_fives!r}")
        if self.double_wind_pair_fu not in (2, 4):
            raise RulesError(f"double_wind_pair_fu must be 2 or 4, got {self.double_wind_pair_fu}")
        _check_range("max_kans", self.max_kans, 0, 4)  # C3: at most 4 kans in a round
        _check_range("riichi_min_points", self.riichi_min_points, 0, None)
        # R1: the live wall holds 70 tiles after the deal
        _check_range("riichi_min_wall_tiles", self.riichi_min_wall_tiles, 0, LIVE_WALL)
        _check_range("starting_points", self.starting_points, 100, None)
        _check_range("return_points", self.return_points, 0, None)
        for name in ("starting_points", "return_points"):
            if getattr(self, name) % 100:
                raise RulesError(f"{name} must be a multiple of 100, got {getattr(self, name)}")
        if self.players not in PLAYERS:
            raise RulesError(f"players must be 3 or 4, got {self.players}")
        n = self.players
        if len(self.uma) != n:
            count = "four" if n == 4 else "three"
            raise RulesError(f"uma must have {count} values (one per place), got {self.uma!r}")
        if sum(self.uma) != 0 or any(a < b for a, b in itertools.pairwise(self.uma)):
            example = "20,10,-10,-20" if n == 4 else "20,0,-20"
            raise RulesError(
                f"uma must be {n} values from first to last place, highest first, that add "
                f"up to 0 (e.g. {example}), got {self.uma!r}"
            )
        _check_range("honba_points", self.honba_points, 0, None)
        _check_range("noten_total", self.noten_total, 0, None)
        for name in ("honba_points", "noten_total"):
            if getattr(self, name) % 100:
                raise RulesError(f"{name} must be a multiple of 100, got {getattr(self, name)}")
        if n == 3:
            _check_three_player(self)
        elif self.nuki_dora:
            raise RulesError("nuki_dora is a three-player rule (P1): set players=3 or "
                             "nuki_dora=false")

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed; unknown fields raise ``RulesError``."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise RulesError(f"unknown rule field(s): {', '.join(unknown)}")
        return dataclasses.replace(self, **changes)

    def set_from_text(self, assignment: str) -> RuleSet:
        """Apply one ``FIELD=VALUE`` from the command line (``kuitan=false``, ``red_fives=0,1,1``,
        ``red_fives=4aka``, ``uma=15,5,-5,-15``)."""
        name, sep, raw = assignment.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name:
            raise RulesError(f"expected FIELD=VALUE, got {assignment!r}")
        fields = {f.name: f for f in dataclasses.fields(self)}
        if name not in fields:
            raise RulesError(f"unknown rule field {name!r}")
        current = getattr(self, name)
        try:
            value: Any
            if isinstance(current, bool):
                low = raw.lower()
                if low in ("1", "true", "yes", "on"):
                    value = True
                elif low in ("0", "false", "no", "off"):
                    value = False
                else:
                    raise ValueError
            elif isinstance(current, int):
                value = int(raw)
            elif isinstance(current, tuple):
                if name == "red_fives" and raw in RED_SETS:
                    value = RED_SETS[raw]
                else:
                    value = tuple(int(x) for x in raw.split(","))
            else:
                value = raw
        except ValueError:
            raise RulesError(
                f"bad value {raw!r} for {name} (a {type(current).__name__})"
            ) from None
        return self.replace(**{name: value})

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able fields (for save files and records)."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Inverse of ``to_dict``; unknown fields and bad values raise ``RulesError``."""
        if not isinstance(data, dict):
            raise RulesError("a ruleset must be a JSON object")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise RulesError(f"unknown rule field(s): {', '.join(unknown)}")
        # JSON has lists, not tuples; every other check is ``__post_init__``'s
        values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                  for k, v in data.items()}
        return cls(**values)


def _check_three_player(rules: RuleSet) -> None:
    """P1: what three players cannot have (the first fault, in one line)."""
    hint = " with three players (P1; the presets tenhou3 and majsoul3 have it right)"
    if rules.chi:
        raise RulesError("chi must be off" + hint + ": chi=false")
    if rules.red_fives[0]:
        raise RulesError("red_fives must have no red 5m" + hint + f", got {rules.red_fives!r}")
    if rules.suufon_renda or rules.suucha_riichi:
        raise RulesError("suufon_renda and suucha_riichi (four winds / four riichi) cannot "
                         "happen" + hint + ": set both false")


def _check_choice(name: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise RulesError(f"{name} must be one of {', '.join(choices)}; got {value!r}")


def _check_range(name: str, value: int, low: int, high: int | None) -> None:
    if value < low or (high is not None and value > high):
        allowed = f"{low}-{high}" if high is not None else f"at least {low}"
        raise RulesError(f"{name} must be {allowed}, got {value}")


def _check_type(name: str, value: object, kind: type) -> None:
    """``value`` has the type of the field's default (a bool is no int here, nor an int a bool)."""
    if kind is bool:
        ok = isinstance(value, bool)
    elif kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind is tuple:
        ok = isinstance(value, tuple) and all(
            isinstance(x, int) and not isinstance(x, bool) for x in value)
    else:
        ok = isinstance(value, kind)
    if not ok:
        what = {bool: "true or false", int: "a whole number", tuple: "whole numbers",
                str: "a string"}.get(kind, kind.__name__)
        raise RulesError(f"{name} must be {what}, got {value!r}")


#: (field, type of its default) of every RuleSet field, for the checks of ``__post_init__``.
_FIELD_TYPES: tuple[tuple[str, type], ...] = tuple(
    (f.name, type(f.default)) for f in dataclasses.fields(RuleSet)
)


TENHOU = RuleSet()

#: Mahjong Soul's double yakuman and kokushi on a closed kan, shared by its four- and
#: three-player presets so the two cannot drift apart.
_MAJSOUL_YAKUMAN: dict[str, Any] = {
    "kokushi_rob_ankan": True,
    "double_kokushi_13": True,
    "double_suuankou_tanki": True,
    "double_daisuushii": True,
    "double_junsei_chuuren": True,
    "double_suukantsu": True,
}

MAJSOUL = RuleSet(name="majsoul", uma=(15, 5, -5, -15), **_MAJSOUL_YAKUMAN)

LOCAL = RuleSet(
    name="local",
    open_riichi=True,
    renhou="mangan",
    sanshoku_tsuukan=True,
    sanrenkou=True,
    isshoku_sanjun=True,
    daisharin=True,
    shiisan_budou=True,
    suurenkou=True,
    isshoku_yonjun=True,
    hyakuman_goku=True,
    benikujaku=True,
    tohoku_shinkansen=True,
    daichisei=True,
    paarenchan=True,
)

#: P1: Tenhou's three-player rules (the Phoenix table, GO type 185): 108 tiles, red 5p and 5s,
#: no chi, North as nuki dora, tsumo loss, 35,000 start / 40,000 return, uma +20/0/-20 with the
#: oka (15) to first, 2,000 noten in all, honba 100 per payer (200 on ron); see docs/rules.md.
TENHOU3 = RuleSet(
    name="tenhou3",
    players=3,
    red_fives=(0, 1, 1),
    chi=False,
    nuki_dora=True,
    suufon_renda=False,
    suucha_riichi=False,
    noten_total=2000,
    starting_points=35000,
    return_points=40000,
    uma=(20, 0, -20),
)

#: P1: Mahjong Soul's three-player ranked rules: as Tenhou's (riichi.wiki, Mahjong Soul: "the
#: ruleset of Majsoul Sanma basically refers to Tenhou"; tsumo loss by default), with Mahjong
#: Soul's double yakuman and kokushi on a closed kan, and its uma 15/0/-15.
MAJSOUL3 = TENHOU3.replace(name="majsoul3", uma=(15, 0, -15), **_MAJSOUL_YAKUMAN)

PRESETS: dict[str, RuleSet] = {"tenhou": TENHOU, "majsoul": MAJSOUL, "local": LOCAL,
                               "tenhou3": TENHOU3, "majsoul3": MAJSOUL3}


def default_preset(players: int = 4) -> str:
    """The default preset's name for a number of players (P1: ``tenhou3`` for three)."""
    return "tenhou3" if players == 3 else "tenhou"


def preset(name: str = "tenhou", **overrides: Any) -> RuleSet:
    """A named preset, with any field overridden."""
    try:
        base = PRESETS[name]
    except KeyError:
        raise RulesError(
            f"unknown rules preset {name!r} (choose from {', '.join(PRESETS)})"
        ) from None
    return base.replace(**overrides) if overrides else base
