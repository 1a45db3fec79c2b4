"""tenhou.net/6 JSON written from a :class:`GameRecord` (FORMATS.md §1), the inverse of
:mod:`engine.records.tenhou6`: one object with every round in ``log`` (and the final scores in
``sc`` when the game is over), or one object per round and line. Tiles are written as codes
(:func:`~engine.records.model.tile_code`), calls in Tenhou's letters (``c``, ``p``, ``m``, ``k``,
``a``) placed by the seat they came from.

A three-player game (P1) is written as Tenhou writes its own: four columns whose fourth seat is
empty (score 0, no tiles, name ``""``), calls placed as at a four-player table, Norths set aside
as ``"f44"`` among the discards, rule ``三...`` with red 5p and 5s.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.meld import Meld, MeldKind
from engine.records.model import (
    YAKUMAN_IDS,
    Call,
    Discard,
    Draw,
    GameRecord,
    Nuki,
    Outcome,
    RecordError,
    RoundEnd,
    RoundRecord,
    Win,
    tile_code,
)
from engine.records.tenhou6 import ABORT_NAMES, LIMIT_NAMES, YAKU_NAMES
from engine.rules import RuleSet
from engine.tiles import Reds


def _pad(values: tuple[Any, ...] | list[Any], fill: Any = 0) -> list[Any]:
    """Per-seat values in tenhou.net/6's four columns (a three-player game's fourth is empty)."""
    return list(values) + [fill] * (4 - len(values))


def _points_text(win: Win, dealer: int, honba: int = 0, per_honba: int = 100) -> str:
    if win.points is None or win.limit is None or win.han is None:
        raise RecordError(f"winner {win.seat}: the record has no hand value to write")
    if win.limit:
        head = LIMIT_NAMES[win.limit]
    else:
        if win.fu is None:
            raise RecordError(f"winner {win.seat}: no fu for a hand below mangan")
        head = f"{win.fu}符{win.han}飜"
    if not win.tsumo:
        return f"{head}{win.points}点"
    if len(win.deltas) == 3:
        return f"{head}{_tsumo3_text(win, dealer, honba, per_honba)}"
    if win.seat == dealer:
        return f"{head}{win.points // 3}点∀"
    # non-dealer tsumo (S5): others pay ceil100(base), the dealer ceil100(2 x base), which is
    # twice the others' payment or 100 less, so the total alone fixes the split
    t = win.points // 100
    if win.points % 100 == 0 and t % 4 == 0:
        each = win.points // 4
        return f"{head}{each}-{2 * each}点"
    if win.points % 100 == 0 and t % 4 == 3:
        each = (win.points + 100) // 4
        return f"{head}{each}-{2 * each - 100}点"
    raise RecordError(f"winner {win.seat}: {win.points} cannot be split into tsumo payments")


def _tsumo3_text(win: Win, dealer: int, honba: int, per_honba: int) -> str:
    """P1: a three-player tsumo's payments, from what the two payers paid (tsumo loss or not,
    the split is theirs): ``'2000-4000点'``, ``'4000点∀'``."""
    if win.points is None:
        raise RecordError(f"winner {win.seat}: the record has no hand value to write")
    if win.pao is not None:  # the liable seat paid for the others: split as the rules price it
        if win.seat == dealer:
            return f"{win.points // 2}点∀"
        each = -(-win.points // 300) * 100
        return f"{each}-{win.points - each}点"
    paid = {s: -d - honba * per_honba for s, d in enumerate(win.deltas) if s != win.seat}
    if win.seat == dealer:
        return f"{max(paid.values())}点∀"
    other = next(p for s, p in paid.items() if s != dealer)
    return f"{other}-{paid[dealer]}点"


def _win_info(win: Win, dealer: int, honba: int = 0, per_honba: int = 100) -> list[Any]:
    info: list[Any] = [win.seat, win.from_seat, win.seat if win.pao is None else win.pao]
    if win.points is None:
        return info
    info.append(_points_text(win, dealer, honba, per_honba))
    for y, han in win.yaku:
        name = YAKU_NAMES[y]
        info.append(f"{name}(役満)" if y in YAKUMAN_IDS and han == 13 else f"{name}({han}飜)")
    return info


def _result(outcome: Outcome, dealer: int, honba: int = 0, per_honba: int = 100) -> list[Any]:
    deltas = _pad(outcome.deltas)
    match outcome.end:
        case RoundEnd.WIN:
            out: list[Any] = ["和了"]
            for i, w in enumerate(outcome.wins):
                # honba go to the first winner only (R5)
                out += [_pad(w.deltas), _win_info(w, dealer, honba if i == 0 else 0, per_honba)]
            return out
        case RoundEnd.EXHAUSTIVE:
            if outcome.tenpai is not None and len(outcome.tenpai) == len(outcome.deltas):
                return ["全員聴牌", deltas]
            if outcome.tenpai == ():
                return ["全員不聴", deltas]
            return ["流局", deltas]
        case RoundEnd.NAGASHI_MANGAN:
            return ["流し満貫", deltas]
    return [ABORT_NAMES[outcome.end], deltas]


def _meld_text(meld: Meld, reds: Reds, seat: int = 0, players: int = 4) -> str:
    def c(t: int) -> str:
        return str(tile_code(t, reds))

    if players == 3 and meld.kind is not MeldKind.ANKAN:
        # P1: placed as at a four-player table whose fourth seat is empty (as Tenhou does)
        source = ((seat + meld.source) % 3 - seat) % 4
        meld = Meld(meld.kind, meld.tiles, meld.called, source, meld.added)

    own = sorted((t for t in meld.tiles if t not in (meld.called, meld.added)),
                 key=lambda t: (t >> 2, tile_code(t, reds)))
    match meld.kind:
        case MeldKind.CHI:
            return "c" + c(meld.called) + "".join(map(c, own))  # type: ignore[arg-type]
        case MeldKind.PON | MeldKind.DAIMINKAN:
            letter = "p" if meld.kind is MeldKind.PON else "m"
            pos = {3: 0, 2: 1, 1: len(own)}[meld.source]
            parts = [c(t) for t in own]
            parts.insert(pos, letter + c(meld.called))  # type: ignore[arg-type]
            return "".join(parts)
        case MeldKind.KAKAN:
            pos = {3: 0, 2: 1, 1: 2}[meld.source]
            parts = [c(t) for t in own]
            parts.insert(pos, "k" + c(meld.added) + c(meld.called))  # type: ignore[arg-type]
            return "".join(parts)
        case MeldKind.ANKAN:
            tiles = sorted(meld.tiles, key=lambda t: (t >> 2, tile_code(t, reds)))
            return "".join(c(t) for t in tiles[:3]) + "a" + c(tiles[3])
    raise TypeError(meld)


def round_to_raw(r: RoundRecord, reds: Reds, per_honba: int = 100) -> list[Any]:
    """One round as a tenhou.net/6 ``log`` entry (three players: an empty fourth seat, P1)."""
    if r.outcome is None:
        raise RecordError(f"round {r.name} has no outcome: tenhou.net/6 cannot hold it")
    n = len(r.hands)
    takes: list[list[Any]] = [[], [], [], []]
    discards: list[list[Any]] = [[], [], [], []]
    for ev in r.events:
        match ev:
            case Draw(seat, tile, _):
                takes[seat].append(tile_code(tile, reds))
            case Discard(seat, tile, tsumogiri, riichi):
                code = 60 if tsumogiri else tile_code(tile, reds)
                discards[seat].append(f"r{code}" if riichi else code)
            case Call(seat, meld):
                if meld.kind in (MeldKind.KAKAN, MeldKind.ANKAN):
                    discards[seat].append(_meld_text(meld, reds, seat, n))
                else:
                    takes[seat].append(_meld_text(meld, reds, seat, n))
                    if meld.kind is MeldKind.DAIMINKAN:
                        discards[seat].append(0)
            case Nuki(seat, _):
                discards[seat].append("f44")  # P1: a North set aside
    out: list[Any] = [[r.index, r.honba, r.sticks], _pad(r.scores),
                 [tile_code(t, reds) for t in r.dora], [tile_code(t, reds) for t in r.ura]]
    for s in range(4):
        dealt = r.hands[s] if s < n else ()
        hand = sorted(dealt, key=lambda t: (t >> 2, tile_code(t, reds)))
        out += [[tile_code(t, reds) for t in hand], takes[s], discards[s]]
    out.append(_result(r.outcome, r.dealer, r.honba, per_honba))
    return out


def _rule_obj(game: GameRecord) -> dict[str, Any]:
    rule: dict[str, Any] = {}
    if game.disp or game.rules.length != "hanchan" or not game.rules.kuitan:
        rule["disp"] = game.disp or _default_disp(game.rules)
    reds = game.rules.red_fives
    if game.rules.players == 3 and reds == (0, 1, 1):
        rule.update({"aka51": 1, "aka52": 1, "aka53": 1})  # Tenhou's own three-player rule
    elif reds in ((0, 0, 0), (1, 1, 1)):
        rule["aka"] = reds[0]
    else:
        rule.update({f"aka5{i + 1}": n for i, n in enumerate(reds)})
    return rule


def _default_disp(rules: RuleSet) -> str:
    return (("三" if rules.players == 3 else "") + "般" + ("東" if rules.length == "tonpuusen" else "南")
            + ("喰" if rules.kuitan else "") + ("赤" if any(rules.red_fives) else ""))


def to_tenhou6(game: GameRecord, per_round: bool = False) -> str:
    """Write a game as tenhou.net/6 JSON: one object, or one object per round and line."""
    reds = game.rules.red_fives
    if max(game.rules.red_fives) > 1:
        raise RecordError("tenhou.net/6 codes cannot tell two red fives of a suit apart")
    base: dict[str, Any] = {"title": ["", ""], "name": _pad(game.names, ""),
                            "rule": _rule_obj(game)}
    logs = [round_to_raw(r, reds, game.rules.honba_points) for r in game.rounds]
    if per_round:
        return "".join(json.dumps(base | {"log": [raw]}, ensure_ascii=False) + "\n"
                       for raw in logs)
    obj = base | {"log": logs}
    if game.final_scores is not None and game.final_points is not None:
        scores, points = _pad(game.final_scores), _pad(game.final_points)
        obj["sc"] = [x for s in range(4) for x in (scores[s], points[s])]
    return json.dumps(obj, ensure_ascii=False)


def write_tenhou6(game: GameRecord, path: str | Path, per_round: bool = False) -> None:
    Path(path).write_text(to_tenhou6(game, per_round), encoding="utf-8")
