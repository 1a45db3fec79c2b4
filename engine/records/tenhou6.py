"""tenhou.net/6 JSON ↔ :class:`GameRecord` (FORMATS.md §1).

Both variants are read: one object with every round in ``log``, and one object per line with a
one-round ``log`` each (the tenhou.net/6 editor export). The format gives each seat's takes and
discards separately; the reader rebuilds the order of play by simulating turns (after each discard
a pon or kan in some seat's next take claims it first, then a chi of the next seat, else the next
seat draws), as mjai-reviewer's converter does. Tiles carry only kind and red-ness: physical copies
are assigned in order of appearance (red fives take the red copies), so a record read from this
format and written back reads back equal.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from engine.errors import InvalidNotation
from engine.meld import Meld, MeldKind
from engine.records.model import (
    Call,
    Discard,
    Draw,
    Event,
    GameRecord,
    Nuki,
    Outcome,
    RecordError,
    RoundEnd,
    RoundRecord,
    Win,
    code_kind,
    per_seat,
)
from engine.rules import RuleSet, preset
from engine.tiles import FIVES, Reds, TilePool, is_red

#: Tenhou's yaku names (mjlog2json output), by Tenhou yaku id.
YAKU_NAMES: dict[int, str] = {
    0: "門前清自摸和", 1: "立直", 2: "一発", 3: "槍槓", 4: "嶺上開花", 5: "海底摸月",
    6: "河底撈魚", 7: "平和", 8: "断幺九", 9: "一盃口", 10: "自風 東", 11: "自風 南",
    12: "自風 西", 13: "自風 北", 14: "場風 東", 15: "場風 南", 16: "場風 西", 17: "場風 北",
    18: "役牌 白", 19: "役牌 發", 20: "役牌 中", 21: "両立直", 22: "七対子", 23: "混全帯幺九",
    24: "一気通貫", 25: "三色同順", 26: "三色同刻", 27: "三槓子", 28: "対々和", 29: "三暗刻",
    30: "小三元", 31: "混老頭", 32: "二盃口", 33: "純全帯幺九", 34: "混一色", 35: "清一色",
    36: "人和", 37: "天和", 38: "地和", 39: "大三元", 40: "四暗刻", 41: "四暗刻単騎",
    42: "字一色", 43: "緑一色", 44: "清老頭", 45: "九蓮宝燈", 46: "純正九蓮宝燈",
    47: "国士無双", 48: "国士無双１３面", 49: "大四喜", 50: "小四喜", 51: "四槓子",
    52: "ドラ", 53: "裏ドラ", 54: "赤ドラ",
}
_ALIASES: dict[str, int] = {
    # other spellings seen in conversions (Mahjong Soul exports write English names)
    "国士無双13面": 48, "国士無双十三面": 48, "純正九蓮宝燈": 46, "四暗刻単騎待ち": 41,
    "Riichi": 1, "Ippatsu": 2, "Fully Concealed Hand": 0, "Menzen Tsumo": 0, "Pinfu": 7,
    "All Simples": 8, "Tanyao": 8, "Pure Double Sequence": 9, "Iipeikou": 9, "Chankan": 3,
    "Robbing a Kan": 3, "Rinshan Kaihou": 4, "After a Kan": 4, "Haitei Raoyue": 5,
    "Under the Sea": 5, "Houtei Raoyui": 6, "Under the River": 6, "Double Riichi": 21,
    "Seven Pairs": 22, "Chiitoitsu": 22, "Dora": 52, "Ura Dora": 53, "Red Five": 54,
    "Aka Dora": 54, "Red Dora": 54,
}
_NAME_TO_ID = {name: i for i, name in YAKU_NAMES.items()} | _ALIASES

_LIMITS = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5}
#: Tenhou's names of the limits, by ``Win.limit`` (1 mangan … 5 yakuman).
LIMIT_NAMES = {v: k for k, v in _LIMITS.items()}

_POINTS = re.compile(
    r"^(?:(?P<fu>\d+)符(?P<han>\d+)飜|(?P<limit>満貫|跳満|倍満|三倍満|役満))"
    r"(?P<a>\d+)(?:-(?P<b>\d+))?点(?P<all>∀)?$"
)
_YAKU = re.compile(r"^(?P<name>.+?)\((?:(?P<han>\d+)飜|(?P<yakuman>役満))\)$")

_ABORTS = {
    "九種九牌": RoundEnd.NINE_TERMINALS,
    "四家立直": RoundEnd.FOUR_RIICHI,
    "四風連打": RoundEnd.FOUR_WINDS,
    "四槓散了": RoundEnd.FOUR_KANS,
    "三家和了": RoundEnd.TRIPLE_RON,
}
#: Tenhou's names of the abortive draws, by how the round ended.
ABORT_NAMES = {v: k for k, v in _ABORTS.items()}


# --------------------------------------------------------------------------------------------
# reading


def rules_from_rule(rule: Any) -> tuple[RuleSet, str]:
    """The ruleset and display name of a tenhou.net/6 ``rule`` object."""
    if not isinstance(rule, dict):
        rule = {}
    disp = rule.get("disp", "")
    if not isinstance(disp, str):
        raise RecordError(f"rule.disp {disp!r} is not a string")
    three = "三" in disp or "3-Player" in disp  # P1: Tenhou's three-player rules
    changes: dict[str, Any] = {}
    try:
        if any(k in rule for k in ("aka51", "aka52", "aka53")):
            reds = tuple(min(4, int(rule.get(f"aka5{i}", 0) or 0)) for i in (1, 2, 3))
        else:
            reds = (1, 1, 1) if int(rule.get("aka", 0) or 0) else (0, 0, 0)
    except (TypeError, ValueError):
        raise RecordError(f"rule {rule!r}: the red-five counts are not numbers") from None
    if three:
        reds = (0, reds[1], reds[2])  # no 5m with three players (Tenhou still writes aka51)
    if reds != ((0, 1, 1) if three else (1, 1, 1)):
        changes["red_fives"] = reds
    if "東" in disp or "East" in disp:
        changes["length"] = "tonpuusen"
    if any(room in disp for room in "般上特鳳") and "喰" not in disp:
        changes["kuitan"] = False
    rules = preset("tenhou3" if three else "tenhou")
    return (rules.replace(**changes) if changes else rules), disp


class _Tiles:
    """Assigns physical copies to tile codes and tracks the four concealed hands."""

    def __init__(self, reds: Reds) -> None:
        self.reds = reds
        self.pool = TilePool(reds)
        self.hands: list[list[int]] = [[], [], [], []]

    def new(self, code: Any) -> int:
        kind, red = self._kind(code)
        if red and (kind not in FIVES or self.reds[kind // 9] == 0):
            raise RecordError(f"tile {code}: a red five, but these rules have none")
        try:
            return self.pool.take(kind, red)
        except InvalidNotation:
            raise RecordError(f"tile {code}: more copies than the set holds") from None

    def take(self, seat: int, code: Any) -> int:
        """Remove a tile with this code from ``seat``'s hand."""
        kind, red = self._kind(code)
        for t in self.hands[seat]:
            if t >> 2 == kind and is_red(t, self.reds) == red:
                self.hands[seat].remove(t)
                return t
        raise RecordError(f"seat {seat} has no {code} in hand")

    @staticmethod
    def _kind(code: Any) -> tuple[int, bool]:
        if isinstance(code, bool) or not isinstance(code, int):
            raise RecordError(f"{code!r} is no tile code")
        return code_kind(code)


def _codes(text: str, where: str) -> list[int]:
    if len(text) % 2 or not text.isdigit():
        raise RecordError(f"{where}: {text!r} is not a list of two-digit tile codes")
    return [int(text[i : i + 2]) for i in range(0, len(text), 2)]


def _split_call(text: str, letter: str, where: str) -> tuple[int, int, list[int]]:
    """``'12p1212'`` → (position of the letter, marked tile, the other tiles)."""
    i = text.index(letter)
    if i % 2:
        raise RecordError(f"{where}: {text!r}: '{letter}' at an odd position")
    marked = _codes(text[i + 1 : i + 3], where)[0]
    others = _codes(text[:i] + text[i + 3 :], where)
    return i, marked, others


_PON_SOURCE = {0: 3, 2: 2, 4: 1}
_KAN_SOURCE = {0: 3, 2: 2, 6: 1}


class _Kyoku:
    """Rebuilds one round's order of play from the per-seat lists.

    Pass 1 finds the order: after each discard, a pon or kan in some seat's next take that
    matches the tile claims it first (C2), then a chi of the next seat, else the next seat draws.
    A matching call is not always taken at the first chance (the same tile may be discarded
    twice), so the search backtracks when the lists stop fitting together. Pass 2 replays that
    order, assigning physical copies and building the melds.
    """

    STEP_BUDGET = 200_000  # search steps before giving up on a record that does not fit

    def __init__(self, raw: list[Any], reds: Reds, where: str, players: int = 4) -> None:
        self.where = where
        self.n = players
        if not isinstance(raw, list) or len(raw) != 17:
            raise RecordError(f"{where}: a round is a list of 17 entries")
        head = raw[0]
        if not (isinstance(head, list) and len(head) == 3 and all(isinstance(x, int) for x in head)):
            raise RecordError(f"{where}: round header {head!r} is not [round, honba, sticks]")
        self.index, self.honba, self.sticks = head
        scores = raw[1]
        if not (isinstance(scores, list) and len(scores) == 4
                and all(isinstance(x, int) for x in scores)):
            raise RecordError(f"{where}: scores {scores!r} are not four integers")
        self.scores = per_seat(scores, players)
        self.reds = reds
        self.takes: list[list[Any]] = []
        self.discards: list[list[Any]] = []
        for s in range(players):
            hand, takes, discards = raw[4 + 3 * s], raw[5 + 3 * s], raw[6 + 3 * s]
            if not all(isinstance(x, list) for x in (hand, takes, discards)):
                raise RecordError(f"{where}: seat {s}: hand, takes and discards must be lists")
            if len(hand) != 13:
                raise RecordError(f"{where}: seat {s} is dealt {len(hand)} tiles, not 13")
            self.takes.append(takes)
            self.discards.append(discards)
        steps = self._order()
        self._build([raw[4 + 3 * s] for s in range(players)], steps)
        # indicators are never drawn: their copies are whatever is left
        dora, ura = raw[2], raw[3]
        if not (isinstance(dora, list) and dora and isinstance(ura, list)):
            raise RecordError(f"{where}: dora {dora!r} / ura {ura!r} indicators are not lists")
        self.dora = tuple(self.tiles.new(c) for c in dora)
        self.ura = tuple(self.tiles.new(c) for c in ura)

    # -- pass 1: the order of play -------------------------------------------------------
    def _order(self) -> list[tuple[Any, ...]]:
        self.ti = [0] * self.n
        self.di = [0] * self.n
        self.last: list[int | None] = [None] * self.n  # code of the tile just drawn (for 60)
        self.steps: list[tuple[Any, ...]] = []
        self.budget = self.STEP_BUDGET
        self.error = "the lists do not fit together"
        if not self._turn(self.index % 4, True):
            raise RecordError(f"{self.where}: cannot rebuild the order of play: {self.error}")
        return self.steps

    def _done(self) -> bool:
        for s in range(self.n):
            if self.ti[s] != len(self.takes[s]) or self.di[s] != len(self.discards[s]):
                self.error = (
                    f"seat {s} has entries left (take {self.ti[s]}/{len(self.takes[s])}, "
                    f"discard {self.di[s]}/{len(self.discards[s])}) when the play ends"
                )
                return False
        return True

    def _take_draw(self, seat: int, rinshan: bool) -> bool | None:
        """Consume a draw: True; no entries left: None; a call where a draw should be: False."""
        t = self.ti[seat]
        if t >= len(self.takes[seat]):
            return None
        code = self.takes[seat][t]
        if isinstance(code, str):
            self.error = f"seat {seat} should draw but its next take is {code!r}"
            return False
        if isinstance(code, bool) or not isinstance(code, int):
            raise RecordError(f"{self.where}: seat {seat}: take {code!r} is no tile or call")
        self.ti[seat] += 1
        self.last[seat] = code
        self.steps.append(("draw", seat, code, rinshan))
        return True

    def _save(self) -> tuple[Any, ...]:
        return (self.ti[:], self.di[:], self.last[:], len(self.steps))

    def _restore(self, saved: tuple[Any, ...]) -> None:
        self.ti, self.di, self.last = saved[0][:], saved[1][:], saved[2][:]
        del self.steps[saved[3]:]

    def _turn(self, seat: int, draw: bool) -> bool:
        self.budget -= 1
        if self.budget < 0:
            raise RecordError(f"{self.where}: cannot rebuild the order of play (search too long)")
        if draw:
            got = self._take_draw(seat, False)
            if got is None:
                return self._done()
            if not got:
                return False
        while True:  # own turn: kans, then a discard
            if self.di[seat] >= len(self.discards[seat]):
                return self._done()  # tsumo, nine terminals...
            entry = self.discards[seat][self.di[seat]]
            self.di[seat] += 1
            if isinstance(entry, str) and ("k" in entry or "a" in entry or "f" in entry):
                # a kan, or (P1) a North set aside ("f44"): a replacement draw follows
                self.steps.append(("nuki" if "f" in entry else "kan", seat, entry))
                self.last[seat] = None
                got = self._take_draw(seat, True)
                if got is None:
                    return self._done()  # chankan, or four kans
                if not got:
                    return False
                continue
            riichi = False
            if isinstance(entry, str):
                if not (entry.startswith("r") and entry[1:].isdigit()):
                    raise RecordError(f"{self.where}: seat {seat}: unknown discard {entry!r}")
                riichi, entry = True, int(entry[1:])
            if isinstance(entry, bool) or not isinstance(entry, int) or entry == 0:
                raise RecordError(f"{self.where}: seat {seat}: unknown discard {entry!r}")
            tsumogiri = entry == 60
            if tsumogiri:
                if self.last[seat] is None:
                    raise RecordError(f"{self.where}: seat {seat}: tsumogiri (60) without a draw")
                entry = self.last[seat]
            self.last[seat] = None
            self.steps.append(("discard", seat, entry, tsumogiri, riichi))
            break
        code = entry
        for caller, take in self._claims(seat, code):
            saved = self._save()
            if self._claim(caller, seat, take):
                return True
            self._restore(saved)
        return self._turn((seat + 1) % self.n, True)

    def _claims(self, discarder: int, code: int) -> list[tuple[int, str]]:
        out = []
        # pon and daiminkan first (C2), in turn order, then chi of the next seat
        for k in range(1, self.n):
            seat = (discarder + k) % self.n
            take = self._peek(seat)
            if isinstance(take, str) and ("p" in take or "m" in take):
                letter = "p" if "p" in take else "m"
                pos, called, _ = _split_call(take, letter, f"{self.where}: seat {seat}")
                source = (_PON_SOURCE if letter == "p" else _KAN_SOURCE).get(pos)
                if called == code and source == _relative(discarder, seat):
                    out.append((seat, take))
        seat = (discarder + 1) % self.n
        take = self._peek(seat)
        if (isinstance(take, str) and take.startswith("c")
                and _codes(take[1:3], f"{self.where}: seat {seat}")[0] == code):
            out.append((seat, take))
        return out

    def _peek(self, seat: int) -> Any:
        t = self.ti[seat]
        return self.takes[seat][t] if t < len(self.takes[seat]) else None

    def _claim(self, seat: int, discarder: int, take: str) -> bool:
        self.ti[seat] += 1
        self.last[seat] = None
        self.steps.append(("call", seat, take, discarder))
        if "m" in take:
            # the discards list holds a 0 for the turn the rinshan draw replaces
            if self.di[seat] >= len(self.discards[seat]) or self.discards[seat][self.di[seat]] != 0:
                self.error = f"seat {seat}: daiminkan {take!r} without its 0 in the discards"
                return False
            self.di[seat] += 1
            got = self._take_draw(seat, True)
            if got is None:
                return self._done()
            if not got:
                return False
        return self._turn(seat, False)

    # -- pass 2: tiles and melds ---------------------------------------------------------
    def _build(self, dealt: list[list[Any]], steps: list[tuple[Any, ...]]) -> None:
        self.tiles = tiles = _Tiles(self.reds)
        hands = []
        for s in range(self.n):
            hand = [tiles.new(c) for c in dealt[s]]
            tiles.hands[s] = list(hand)
            hands.append(tuple(sorted(hand)))
        self.hands = tuple(hands)
        self.events: list[Event] = []
        self.melds: list[list[Meld]] = [[] for _ in range(self.n)]
        last_tile: list[int | None] = [None] * self.n
        for step in steps:
            seat = step[1]
            where = f"{self.where}: seat {seat}"
            match step[0]:
                case "draw":
                    tile = tiles.new(step[2])
                    tiles.hands[seat].append(tile)
                    last_tile[seat] = tile
                    self.events.append(Draw(seat, tile, step[3]))
                case "discard":
                    if step[3]:
                        tile = last_tile[seat]
                        tiles.hands[seat].remove(tile)
                    else:
                        tile = tiles.take(seat, step[2])
                    last_tile[seat] = None
                    self.events.append(Discard(seat, tile, step[3], step[4]))
                case "kan":
                    last_tile[seat] = None
                    self._kan(seat, step[2], where)
                case "nuki":
                    last_tile[seat] = None
                    if step[2] != "f44":
                        raise RecordError(f"{where}: {step[2]!r} sets aside something else "
                                          "than one North (f44)")
                    self.events.append(Nuki(seat, self.tiles.take(seat, 44)))
                case "call":
                    last_tile[seat] = None
                    self._call(seat, step[3], step[2], where)

    def _kan(self, seat: int, text: str, where: str) -> None:
        if "a" in text:
            _, marked, others = _split_call(text, "a", where)
            tiles = [self.tiles.take(seat, c) for c in [*others, marked]]
            if len(tiles) != 4 or len({t >> 2 for t in tiles}) != 1:
                raise RecordError(f"{where}: ankan {text!r} is not four of one tile")
            meld = Meld(MeldKind.ANKAN, tuple(sorted(tiles)), None, 0)
        else:
            _, added_code, _ = _split_call(text, "k", where)
            added = self.tiles.take(seat, added_code)
            pon = next((m for m in self.melds[seat]
                        if m.kind is MeldKind.PON and m.kind34 == added >> 2), None)
            if pon is None:
                raise RecordError(f"{where}: kakan {text!r} without a pon of that tile")
            self.melds[seat].remove(pon)
            meld = Meld(MeldKind.KAKAN, tuple(sorted(pon.tiles + (added,))), pon.called,
                        pon.source, added)
        self.melds[seat].append(meld)
        self.events.append(Call(seat, meld))

    def _call(self, seat: int, discarder: int, text: str, where: str) -> None:
        called_tile = self.events[-1].tile  # type: ignore[union-attr]
        source = (discarder - seat) % self.n
        if text.startswith("c"):
            others = _codes(text[3:], where)
            kind = MeldKind.CHI
        elif "p" in text:
            _, _, others = _split_call(text, "p", where)
            kind = MeldKind.PON
        else:
            _, _, others = _split_call(text, "m", where)
            kind = MeldKind.DAIMINKAN
        own = [self.tiles.take(seat, c) for c in others]
        meld = Meld(kind, tuple(sorted(own + [called_tile])), called_tile, source)
        kinds = sorted(t >> 2 for t in meld.tiles)
        if kind is MeldKind.CHI:
            ok = len(kinds) == 3 and kinds[0] < 27 and kinds == [
                kinds[0], kinds[0] + 1, kinds[0] + 2] and kinds[0] // 9 == kinds[2] // 9
        else:
            ok = len(set(kinds)) == 1 and len(kinds) == (3 if kind is MeldKind.PON else 4)
        if not ok:
            raise RecordError(f"{where}: call {text!r} is not a valid {kind.value}")
        self.melds[seat].append(meld)
        self.events.append(Call(seat, meld))


def _relative(discarder: int, seat: int) -> int:
    """Where a call string places the discarder (kamicha, toimen, shimocha: 3, 2, 1), for four
    players and for three alike: Tenhou writes a three-player game's calls as at a four-player
    table whose fourth seat is empty (P1)."""
    return (discarder - seat) % 4


def _parse_win(info: list[Any], deltas: list[Any], dealer: int, where: str,
               players: int = 4) -> Win:
    if not (isinstance(info, list) and len(info) >= 3 and all(isinstance(x, int) for x in info[:3])):
        raise RecordError(f"{where}: win info {info!r} does not start with who, from, pao")
    who, from_who, pao_who = info[:3]
    if not (isinstance(deltas, list) and len(deltas) == 4 and all(isinstance(d, int) for d in deltas)):
        raise RecordError(f"{where}: score changes {deltas!r} are not four integers")
    pao = None if pao_who == who else pao_who
    changes = per_seat(deltas, players)
    if len(info) == 3:  # only who/from/pao: the record gives no hand value
        return Win(who, from_who, pao, None, None, None, None, (), changes)
    m = _POINTS.match(str(info[3]))
    if not m:
        raise RecordError(f"{where}: cannot read the points {info[3]!r}")
    yaku: list[tuple[int, int]] = []
    for text in info[4:]:
        y = _YAKU.match(str(text))
        if not y or y["name"] not in _NAME_TO_ID:
            raise RecordError(f"{where}: unknown yaku {text!r}")
        han = 13 if y["yakuman"] else int(y["han"])
        if han:  # 0-han entries (ura dora 0) are not kept, see Win
            yaku.append((_NAME_TO_ID[y["name"]], han))
    a, b = int(m["a"]), m["b"]
    if from_who != who:
        points = a
    elif m["all"]:
        points = (players - 1) * a
    elif b is not None:
        points = (players - 2) * a + int(b)  # P1: tsumo loss, one non-dealer payer less
    else:
        raise RecordError(f"{where}: a tsumo needs 'X-Y点' or 'X点∀', got {info[3]!r}")
    limit = _LIMITS[m["limit"]] if m["limit"] else 0
    fu = int(m["fu"]) if m["fu"] else None
    han = sum(h for _, h in yaku)
    if m["han"] and int(m["han"]) != han:
        raise RecordError(f"{where}: {info[3]!r} says {m['han']} han but the yaku add to {han}")
    return Win(who, from_who, pao, han, fu, points, limit, tuple(yaku), changes)


def _parse_result(result: Any, dealer: int, where: str, players: int = 4) -> Outcome:
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise RecordError(f"{where}: the result {result!r} is not a list starting with a name")
    name = result[0]
    zero = (0, 0, 0, 0)

    def deltas_at(i: int) -> tuple[int, ...]:
        if len(result) <= i:
            return zero[:players]
        d = result[i]
        if not (isinstance(d, list) and len(d) == 4 and all(isinstance(x, int) for x in d)):
            raise RecordError(f"{where}: score changes {d!r} are not four integers")
        return per_seat(d, players)

    if name == "和了":
        if len(result) < 3 or len(result) % 2 == 0:
            raise RecordError(f"{where}: a win result holds pairs of score changes and info")
        wins = tuple(_parse_win(result[i + 1], result[i], dealer, where, players)
                     for i in range(1, len(result), 2))
        total = tuple(sum(w.deltas[s] for w in wins) for s in range(players))
        return Outcome(RoundEnd.WIN, wins, total)
    if name in ("流局", "全員聴牌", "全員不聴"):
        deltas = deltas_at(1)
        tenpai: tuple[int, ...]
        if name == "全員聴牌":
            tenpai = tuple(range(players))
        elif name == "全員不聴":
            tenpai = ()
        else:
            tenpai = tuple(s for s in range(players) if deltas[s] > 0)
        return Outcome(RoundEnd.EXHAUSTIVE, (), deltas, tenpai)
    if name == "流し満貫":
        return Outcome(RoundEnd.NAGASHI_MANGAN, (), deltas_at(1), None)
    if name in _ABORTS:
        return Outcome(_ABORTS[name], (), deltas_at(1), None)
    raise RecordError(f"{where}: unknown result {name!r}")


def _load_objects(text: str, where: str) -> list[dict[str, Any]]:
    try:
        obj = json.loads(text)
        objs = obj if isinstance(obj, list) else [obj]
    except json.JSONDecodeError:
        objs = []
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                objs.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise RecordError(
                    f"{where}: line {n}: not JSON ({exc.msg} at column {exc.colno})"
                ) from None
    if not objs or not all(isinstance(o, dict) and isinstance(o.get("log"), list) for o in objs):
        raise RecordError(f"{where}: not tenhou.net/6 JSON (no object with a 'log' list)")
    return objs


def _reds_that_fit(rules: RuleSet, objs: list[dict[str, Any]]) -> RuleSet:
    """Some hand-made records claim red fives yet hold four plain fives of a suit; the tiles
    win: that suit is read with as many reds as the record leaves room for."""
    reds = list(rules.red_fives)
    for obj in objs:
        for raw in obj["log"]:
            if not isinstance(raw, list) or len(raw) != 17:
                continue
            tiles: list[Any] = [*raw[2], *raw[3]] if isinstance(raw[2], list) and isinstance(
                raw[3], list) else []
            for s in range(4):
                for part in (raw[4 + 3 * s], raw[5 + 3 * s]):
                    if isinstance(part, list):
                        tiles.extend(c for c in part if isinstance(c, int))
            for suit in range(3):
                plain = tiles.count(10 * (suit + 1) + 5)
                reds[suit] = min(reds[suit], max(0, 4 - plain))
    fitted = (reds[0], reds[1], reds[2])
    return rules if fitted == rules.red_fives else rules.replace(red_fives=fitted)


def parse_tenhou6(text: str, source: str = "") -> GameRecord:
    """Read a tenhou.net/6 game from its JSON text (one object, or one object per line)."""
    where = source or "tenhou6"
    objs = _load_objects(text, where)
    rules, disp = rules_from_rule(objs[0].get("rule"))
    rules = _reds_that_fit(rules, objs)
    players = rules.players
    names = objs[0].get("name") or ["", "", "", ""]
    if not (isinstance(names, list) and len(names) == 4):
        raise RecordError(f"{where}: 'name' must hold four names")
    names = list(per_seat(names, players))
    rounds: list[RoundRecord] = []
    for obj in objs:
        for raw in obj["log"]:
            n = len(rounds)
            label = f"{where}: round {n}"
            head = raw[0] if isinstance(raw, list) and raw else None
            if isinstance(head, list) and len(head) == 3 and all(isinstance(x, int) for x in head):
                label += f" ({'ESWN'[(head[0] // 4) % 4]}{head[0] % 4 + 1}-{head[1]})"
            k = _Kyoku(raw, rules.red_fives, label, players)
            outcome = _parse_result(raw[16], k.index % 4, label, players)
            rounds.append(RoundRecord(k.index, k.honba, k.sticks, k.scores, k.hands, k.dora,
                                      k.ura, tuple(k.events), outcome))
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    sc = objs[-1].get("sc")
    if isinstance(sc, list) and len(sc) == 8:
        final_scores = per_seat((int(sc[2 * s]) for s in range(4)), players)
        final_points = per_seat((float(sc[2 * s + 1]) for s in range(4)), players)
    return GameRecord(rules, tuple(str(x) for x in names), tuple(rounds), disp,
                      final_scores, final_points, None, None, where)


def read_tenhou6(path: str | Path) -> GameRecord:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not UTF-8 text") from None
    return parse_tenhou6(text, str(path))
