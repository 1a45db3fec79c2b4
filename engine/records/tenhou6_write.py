"""tenhou.net/6 JSON written from a :class:`GameRecord` (FORMATS.md §1), the inverse of
:mod:`engine.records.tenhou6`: one object with every round in ``log`` (and the final scores in
``sc`` when the game is over), or one object per round and line. Tiles are written as codes
(:func:`~engine.records.model.tile_code`), calls in Tenhou's letters (``c``, ``p``, ``m``, ``k``,
``a``) placed by the seat they came from.
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


def _points_text(win: Win, dealer: int) -> str:
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


def _win_info(win: Win, dealer: int) -> list[Any]:
    info: list[Any] = [win.seat, win.from_seat, win.seat if win.pao is None else win.pao]
    if win.points is None:
        return info
    info.append(_points_text(win, dealer))
    for y, han in win.yaku:
        name = YAKU_NAMES[y]
        info.append(f"{name}(役満)" if y in YAKUMAN_IDS and han == 13 else f"{name}({han}飜)")
    return info


def _result(outcome: Outcome, dealer: int) -> list[Any]:
    match outcome.end:
        case RoundEnd.WIN:
            out: list[Any] = ["和了"]
            for w in outcome.wins:
                out += [list(w.deltas), _win_info(w, dealer)]
            return out
        case RoundEnd.EXHAUSTIVE:
            if outcome.tenpai is not None and len(outcome.tenpai) == 4:
                return ["全員聴牌", list(outcome.deltas)]
            if outcome.tenpai == ():
                return ["全員不聴", list(outcome.deltas)]
            return ["流局", list(outcome.deltas)]
        case RoundEnd.NAGASHI_MANGAN:
            return ["流し満貫", list(outcome.deltas)]
    return [ABORT_NAMES[outcome.end], list(outcome.deltas)]


def _meld_text(meld: Meld, reds: Reds) -> str:
    def c(t: int) -> str:
        return str(tile_code(t, reds))

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


def round_to_raw(r: RoundRecord, reds: Reds) -> list[Any]:
    """One round as a tenhou.net/6 ``log`` entry."""
    if r.outcome is None:
        raise RecordError(f"round {r.name} has no outcome: tenhou.net/6 cannot hold it")
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
                    discards[seat].append(_meld_text(meld, reds))
                else:
                    takes[seat].append(_meld_text(meld, reds))
                    if meld.kind is MeldKind.DAIMINKAN:
                        discards[seat].append(0)
    out: list[Any] = [[r.index, r.honba, r.sticks], list(r.scores),
                 [tile_code(t, reds) for t in r.dora], [tile_code(t, reds) for t in r.ura]]
    for s in range(4):
        hand = sorted(r.hands[s], key=lambda t: (t >> 2, tile_code(t, reds)))
        out += [[tile_code(t, reds) for t in hand], takes[s], discards[s]]
    out.append(_result(r.outcome, r.dealer))
    return out


def _rule_obj(game: GameRecord) -> dict[str, Any]:
    rule: dict[str, Any] = {}
    if game.disp or game.rules.length != "hanchan" or not game.rules.kuitan:
        rule["disp"] = game.disp or _default_disp(game.rules)
    reds = game.rules.red_fives
    if reds in ((0, 0, 0), (1, 1, 1)):
        rule["aka"] = reds[0]
    else:
        rule.update({f"aka5{i + 1}": n for i, n in enumerate(reds)})
    return rule


def _default_disp(rules: RuleSet) -> str:
    return ("般" + ("東" if rules.length == "tonpuusen" else "南")
            + ("喰" if rules.kuitan else "") + ("赤" if any(rules.red_fives) else ""))


def to_tenhou6(game: GameRecord, per_round: bool = False) -> str:
    """Write a game as tenhou.net/6 JSON: one object, or one object per round and line."""
    reds = game.rules.red_fives
    if max(game.rules.red_fives) > 1:
        raise RecordError("tenhou.net/6 codes cannot tell two red fives of a suit apart")
    base: dict[str, Any] = {"title": ["", ""], "name": list(game.names), "rule": _rule_obj(game)}
    logs = [round_to_raw(r, reds) for r in game.rounds]
    if per_round:
        return "".join(json.dumps(base | {"log": [raw]}, ensure_ascii=False) + "\n"
                       for raw in logs)
    obj = base | {"log": logs}
    if game.final_scores is not None and game.final_points is not None:
        obj["sc"] = [x for s in range(4) for x in (game.final_scores[s], game.final_points[s])]
    return json.dumps(obj, ensure_ascii=False)


def write_tenhou6(game: GameRecord, path: str | Path, per_round: bool = False) -> None:
    Path(path).write_text(to_tenhou6(game, per_round), encoding="utf-8")
