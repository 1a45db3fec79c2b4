"""Tenhou mjlog XML (``<mjloggm ver="2.3">``, plain or gzip) → :class:`GameRecord`.

The tags are read with a small scanner rather than an XML parser, so a file cut in the middle
still yields its complete rounds (the cut round is kept in ``GameRecord.cut`` with ``problem``
saying where the record stops). Tile ids are Tenhou's 136 ids, used as they are.
"""

from __future__ import annotations

import re
import urllib.parse
import zlib
from pathlib import Path
from typing import Any

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
    per_seat,
)
from engine.rules import RuleSet, preset
from engine.tiles import Reds

_TAG = re.compile(r"<(/?)([A-Za-z]+)(\d*)((?:\s+[A-Za-z0-9_]+=\"[^\"]*\")*)\s*/?>")
_ATTR = re.compile(r"([A-Za-z0-9_]+)=\"([^\"]*)\"")

_DRAW = "TUVW"
_DISCARD = "DEFG"

_DRAW_TYPES = {
    "yao9": RoundEnd.NINE_TERMINALS,
    "reach4": RoundEnd.FOUR_RIICHI,
    "ron3": RoundEnd.TRIPLE_RON,
    "kan4": RoundEnd.FOUR_KANS,
    "kaze4": RoundEnd.FOUR_WINDS,
    "nm": RoundEnd.NAGASHI_MANGAN,
}

# GO type bits (FORMATS.md §2)
GO_NO_RED = 0x02
GO_NO_KUITAN = 0x04
GO_HANCHAN = 0x08
GO_SANMA = 0x10
GO_TOKUJOU = 0x20
GO_FAST = 0x40
GO_JOUKYUU = 0x80


def rules_from_go(go_type: int) -> tuple[RuleSet, str]:
    """The ruleset and Tenhou's short rule name (``'鳳南喰赤'``) of a GO ``type``; a three-player
    type (bit 0x10, e.g. 185) gives ``tenhou3`` and ``'三鳳南喰赤'`` (P1)."""
    three = bool(go_type & GO_SANMA)
    rules = preset("tenhou3" if three else "tenhou")
    changes: dict[str, Any] = {}
    if go_type & GO_NO_RED:
        changes["red_fives"] = (0, 0, 0)
    if go_type & GO_NO_KUITAN:
        changes["kuitan"] = False
    if not go_type & GO_HANCHAN:
        changes["length"] = "tonpuusen"
    if changes:
        rules = rules.replace(**changes)
    room = {GO_TOKUJOU | GO_JOUKYUU: "鳳", GO_JOUKYUU: "上", GO_TOKUJOU: "特"}.get(
        go_type & (GO_TOKUJOU | GO_JOUKYUU), "般"
    )
    disp = ("三" if three else "") + room + ("南" if go_type & GO_HANCHAN else "東")
    disp += "" if go_type & GO_NO_KUITAN else "喰"
    disp += "" if go_type & GO_NO_RED else "赤"
    disp += "速" if go_type & GO_FAST else ""
    return rules, disp


def decode_meld(m: int, who: int) -> Meld:
    """Decode an ``N`` tag's ``m`` bit field (FORMATS.md §2) for caller ``who``.

    >>> decode_meld(43051, 1).kind.name   # a pon
    'PON'
    """
    source = m & 3  # relative to the caller: 1 shimocha, 2 toimen, 3 kamicha
    if m & 0x4:  # chi
        t = m >> 10
        called = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        copies = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
        run = [(base + i) * 4 + copies[i] for i in range(3)]
        return Meld(MeldKind.CHI, tuple(run), run[called], source)
    if m & 0x18:  # pon (bit 3) or kakan (bit 4)
        t = m >> 9
        called = t % 3
        base = t // 3
        unused = (m >> 5) & 3
        three = [base * 4 + k for k in range(4) if k != unused]
        if m & 0x8:
            return Meld(MeldKind.PON, tuple(three), three[called], source)
        added = base * 4 + unused
        return Meld(MeldKind.KAKAN, tuple(sorted([*three, added])), three[called], source, added)
    if m & 0x20:
        raise RecordError(f"m={m}: a North set aside (nuki), not a meld")
    hai0 = m >> 8
    base = hai0 // 4
    tiles = tuple(base * 4 + k for k in range(4))
    if source == 0:
        return Meld(MeldKind.ANKAN, tiles, None, 0)
    return Meld(MeldKind.DAIMINKAN, tiles, hai0, source)


def _ints(text: str, what: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",")] if text.strip() else []
    except ValueError:
        raise RecordError(f"{what}={text!r} is not a list of integers") from None


class _RoundBuilder:
    def __init__(self, attrs: dict[str, str], reds: Reds, players: int = 4) -> None:
        seed = _ints(attrs.get("seed", ""), "INIT seed")
        if len(seed) != 6:
            raise RecordError(f"INIT seed={attrs.get('seed')!r}: expected 6 numbers")
        self.index, self.honba, self.sticks = seed[0], seed[1], seed[2]
        ten = _ints(attrs.get("ten", ""), "INIT ten")
        if len(ten) != 4:
            raise RecordError(f"INIT ten={attrs.get('ten')!r}: expected 4 scores")
        self.scores = per_seat((x * 100 for x in ten), players)
        if int(attrs.get("oya", self.index % 4)) != self.index % 4:
            raise RecordError(f"INIT oya={attrs.get('oya')} does not match round {self.index}")
        hands = []
        for s in range(players):
            hand = _ints(attrs.get(f"hai{s}", ""), f"INIT hai{s}")
            if players == 3 and any(4 <= t < 32 for t in hand):
                raise RecordError(f"INIT hai{s}: a three-player game has no 2m-8m (P1)")
            if len(hand) != 13:
                raise RecordError(f"INIT hai{s}: {len(hand)} tiles instead of 13")
            hands.append(tuple(sorted(hand)))
        self.hands = tuple(hands)
        self.dora = [seed[5]]
        self.ura: tuple[int, ...] = ()
        self.events: list[Event] = []
        self.last_draw = [-1] * players
        self.riichi_next = [False] * players
        self.wins: list[Win] = []
        self.outcome: Outcome | None = None

    @property
    def name(self) -> str:
        return f"{'ESWN'[(self.index // 4) % 4]}{self.index % 4 + 1}-{self.honba}"

    def build(self, outcome: Outcome | None) -> RoundRecord:
        return RoundRecord(
            self.index, self.honba, self.sticks, self.scores, self.hands, tuple(self.dora),
            self.ura, tuple(self.events), outcome,
        )


def _win(attrs: dict[str, str], players: int = 4) -> tuple[Win, tuple[int, ...]]:
    who = int(attrs["who"])
    from_who = int(attrs["fromWho"])
    pao = int(attrs["paoWho"]) if "paoWho" in attrs else None
    ten = _ints(attrs["ten"], "AGARI ten")
    if len(ten) != 3:
        raise RecordError(f"AGARI ten={attrs['ten']!r}: expected fu,points,limit")
    yaku: list[tuple[int, int]] = []
    if attrs.get("yaku"):
        v = _ints(attrs["yaku"], "AGARI yaku")
        yaku.extend((v[i], v[i + 1]) for i in range(0, len(v) - 1, 2) if v[i + 1])
    if attrs.get("yakuman"):
        yaku.extend((y, 13) for y in _ints(attrs["yakuman"], "AGARI yakuman"))
    sc = _ints(attrs["sc"], "AGARI sc")
    if len(sc) < 8:
        raise RecordError(f"AGARI sc={attrs['sc']!r}: expected 8 numbers")
    deltas = per_seat((sc[2 * s + 1] * 100 for s in range(4)), players)
    ura = tuple(_ints(attrs.get("doraHaiUra", ""), "AGARI doraHaiUra"))
    win = Win(who, from_who, pao, sum(h for _, h in yaku), ten[0], ten[1], ten[2], tuple(yaku),
              deltas)
    return win, ura


def _owari(attrs: dict[str, str], players: int = 4
           ) -> tuple[tuple[int, ...], tuple[float, ...]]:
    v = attrs["owari"].split(",")
    try:
        scores = per_seat((int(v[2 * s]) * 100 for s in range(4)), players)
        points = per_seat((float(v[2 * s + 1]) for s in range(4)), players)
    except (ValueError, IndexError):
        raise RecordError(f"owari={attrs['owari']!r}: expected 8 numbers") from None
    return scores, points


def parse_mjlog(data: str | bytes, source: str = "") -> GameRecord:
    """Read one mjlog game from its text (or raw bytes, gzip or not)."""
    packed = False
    if isinstance(data, bytes):
        packed = data[:2] == b"\x1f\x8b"
        if packed:
            # a cut gzip stream still yields what it holds; the scanner reports the cut round
            inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
            try:
                data = inflater.decompress(data)
            except zlib.error as exc:
                raise RecordError(f"{source or 'mjlog'}: broken gzip data ({exc})") from None
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{source or 'mjlog'}: not UTF-8 text") from None
    where = source or "mjlog"
    if "<mjloggm" not in data[:200]:
        what = "gzip data that holds no Tenhou mjlog" if packed else "not a Tenhou mjlog"
        raise RecordError(f"{where}: {what} (no <mjloggm> tag at the start)")
    try:
        return _parse(data, where)
    except RecordError as exc:
        if str(exc).startswith(where):
            raise
        raise RecordError(f"{where}: {exc}") from None
    except (KeyError, ValueError, IndexError) as exc:
        raise RecordError(f"{where}: malformed tag ({exc!r})") from None


def _parse(data: str, where: str) -> GameRecord:
    rules, disp = preset("tenhou"), ""
    reds = rules.red_fives
    names = ["", "", "", ""]
    shuffle = ""
    rounds: list[RoundRecord] = []
    cur: _RoundBuilder | None = None
    final_scores = final_points = None
    ended = False
    pos = 0
    for m in _TAG.finditer(data):
        pos = m.end()
        closing, tag, num, rest = m.group(1), m.group(2), m.group(3), m.group(4)
        if closing:
            continue
        attrs = dict(_ATTR.findall(rest))
        if ended and tag not in ("UN", "BYE"):
            raise RecordError(f"<{tag}> after the end of the game")
        if num:
            if cur is None or cur.outcome is not None:
                raise RecordError(f"<{tag}{num}> outside a round in play")
            tile = int(num)
            if not 0 <= tile < 136:
                raise RecordError(f"<{tag}{num}>: tile id out of range")
            if rules.players == 3 and 4 <= tile < 32:
                raise RecordError(f"<{tag}{num}>: a three-player game has no 2m-8m (P1)")
            if tag in _DRAW:
                seat = _DRAW.index(tag)
                prev = cur.events[-1] if cur.events else None
                # after a kan, or a North set aside (P1): from the dead wall
                rinshan = (isinstance(prev, Call) and prev.seat == seat and prev.meld.is_kan) \
                    or (isinstance(prev, Nuki) and prev.seat == seat)
                cur.events.append(Draw(seat, tile, rinshan))
                cur.last_draw[seat] = tile
            elif tag in _DISCARD:
                seat = _DISCARD.index(tag)
                prev = cur.events[-1] if cur.events else None
                tsumogiri = isinstance(prev, Draw) and prev.seat == seat and prev.tile == tile
                cur.events.append(Discard(seat, tile, tsumogiri, cur.riichi_next[seat]))
                cur.riichi_next[seat] = False
            else:
                raise RecordError(f"unknown tag <{tag}{num}>")
            continue
        if tag == "GO":
            rules, disp = rules_from_go(int(attrs.get("type", "169")))
            reds = rules.red_fives
        elif tag == "SHUFFLE":
            shuffle = attrs.get("seed", "")
        elif tag == "UN":
            if "n0" in attrs and not any(names):
                names = [urllib.parse.unquote(attrs.get(f"n{s}", ""))
                         for s in range(rules.players)]
        elif tag == "INIT":
            if cur is not None:
                if cur.outcome is None:
                    raise RecordError(f"round {cur.name} has no end before the next <INIT>")
                rounds.append(cur.build(cur.outcome))
            cur = _RoundBuilder(attrs, reds, rules.players)
        elif tag == "N":
            if cur is None or cur.outcome is not None:
                raise RecordError("<N> outside a round in play")
            who = int(attrs["who"])
            bits = int(attrs["m"])
            if bits & 0x20 and not bits & 0x1C:  # P1: a North set aside (nuki), id bits >> 8
                cur.events.append(Nuki(who, bits >> 8))
            else:
                meld = decode_meld(bits, who)
                if rules.players == 3 and meld.source:
                    # P1: Tenhou counts the caller's source as at a four-player table whose
                    # fourth seat is empty; the engine counts among the three seats
                    src = (who + meld.source) % 4
                    meld = Meld(meld.kind, meld.tiles, meld.called, (src - who) % 3, meld.added)
                cur.events.append(Call(who, meld))
        elif tag == "DORA":
            if cur is None:
                raise RecordError("<DORA> outside a round")
            cur.dora.append(int(attrs["hai"]))
        elif tag == "REACH":
            if cur is None or cur.outcome is not None:
                raise RecordError("<REACH> outside a round in play")
            if attrs.get("step") == "1":
                cur.riichi_next[int(attrs["who"])] = True
        elif tag == "AGARI":
            if cur is None:
                raise RecordError("<AGARI> outside a round")
            win, ura = _win(attrs, rules.players)
            cur.wins.append(win)
            if ura:
                cur.ura = ura
            deltas = tuple(sum(w.deltas[s] for w in cur.wins) for s in range(rules.players))
            cur.outcome = Outcome(RoundEnd.WIN, tuple(cur.wins), deltas)
        elif tag == "RYUUKYOKU":
            if cur is None or cur.outcome is not None:
                raise RecordError("<RYUUKYOKU> outside a round in play")
            kind = attrs.get("type")
            if kind is not None and kind not in _DRAW_TYPES:
                raise RecordError(f"<RYUUKYOKU type={kind!r}>: unknown kind of draw")
            end = _DRAW_TYPES[kind] if kind else RoundEnd.EXHAUSTIVE
            sc = _ints(attrs["sc"], "RYUUKYOKU sc")
            deltas = per_seat((sc[2 * s + 1] * 100 for s in range(4)), rules.players)
            tenpai = None
            if end in (RoundEnd.EXHAUSTIVE, RoundEnd.NAGASHI_MANGAN):
                tenpai = tuple(s for s in range(rules.players) if f"hai{s}" in attrs)
            cur.outcome = Outcome(end, (), deltas, tenpai)
        if "owari" in attrs:
            final_scores, final_points = _owari(attrs, rules.players)
            ended = True
    tail = data[pos:].strip()
    problem = None
    cut = None
    if cur is not None:
        if cur.outcome is not None:
            rounds.append(cur.build(cur.outcome))
        else:
            cut = cur.build(None)
            problem = (
                f"round {cur.name} is cut short after {len(cur.events)} actions "
                "(no <AGARI> or <RYUUKYOKU>)"
            )
    if tail and tail != "</mjloggm>":
        after = f" after round {rounds[-1].name}" if rounds and cut is None else ""
        what = (f"the file is cut inside a tag{after}: {tail[:30]!r}" if tail.startswith("<")
                else f"unreadable text at the end: {tail[:30]!r}")
        problem = f"{problem}; {what}" if problem else what
    if problem is None and not ended:
        problem = "the record stops before the end of the game (no owari)"
    if not rounds and cut is None:
        raise RecordError("no round in the record (no <INIT> tag)")
    if rules.players == 3:
        names = names[:3]
    return GameRecord(
        rules, tuple(names), tuple(rounds), disp,
        final_scores, final_points, cut, problem, where, shuffle,
    )


def read_mjlog(path: str | Path) -> GameRecord:
    """Read an mjlog file (plain or gzip)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"{path}: cannot read ({exc.strerror})") from None
    return parse_mjlog(data, str(path))
