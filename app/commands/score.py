"""``riichi score``: the hand calculator (issue 2; rules Y, L, S, D).

``riichi score 234567m234p678s55p --win 5p --riichi --dora 4p`` prints the yaku, dora, fu
breakdown, limit and payments; ``--json`` prints one JSON object; ``--batch FILE`` (``-`` =
stdin) scores one JSON case per line and prints one JSON result per line.

``--players 3`` scores a three-player hand (P1, rules ``tenhou3`` unless ``--rules`` names
another three-player preset): no 2m-8m, no North seat, ``--nuki N`` Norths set aside (one dora
each), tsumo paid by the two others (tsumo loss), honba 100 per payer.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.errors import RulesError
from engine.meld import Meld, parse_meld
from engine.rules import RuleSet, default_preset, preset
from engine.scoring import HandResult, WinSituation, score_hand
from engine.tiles import TilePool, is_red, parse_kinds

NAME = "score"
HELP = "score a winning hand: yaku, han, fu, limit and payments"

#: Fields of a --batch case and their defaults.
BATCH_FIELDS: dict[str, Any] = {
    "hand": None, "melds": [], "win": None, "tsumo": False, "riichi": False,
    "double_riichi": False, "open_riichi": False, "ippatsu": False, "rinshan": False,
    "chankan": False, "haitei": False, "houtei": False, "tenhou": False, "chiihou": False,
    "renhou": False, "round_wind": "E", "seat_wind": "E", "dora": [], "ura": [], "honba": 0,
    "sticks": 0, "rules": "tenhou", "set": {}, "players": 4, "nuki": 0,
}
FLAGS = ("tsumo", "riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan", "chankan",
         "haitei", "houtei", "tenhou", "chiihou", "renhou")
WIND_LETTERS = {"E": 27, "S": 28, "W": 29, "N": 30}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", nargs="?", metavar="HAND",
                        help="concealed tiles in mpsz, the winning tile included (0 = red five)")
    parser.add_argument("--meld", action="append", default=[], metavar="M",
                        help="a called set: pon:555z, chi:406m, kan:1111m, ankan:7777s, "
                             "kakan:2222p (repeat for each)")
    parser.add_argument("--win", metavar="TILE", help="the winning tile, e.g. 5p (0p = red)")
    parser.add_argument("--tsumo", action="store_true", help="self-drawn win (default: ron)")
    parser.add_argument("--riichi", action="store_true")
    parser.add_argument("--double-riichi", action="store_true")
    parser.add_argument("--open-riichi", action="store_true", help="open riichi (local, L1)")
    parser.add_argument("--ippatsu", action="store_true")
    parser.add_argument("--rinshan", action="store_true", help="won on a kan replacement tile")
    parser.add_argument("--chankan", action="store_true", help="robbed an added kan")
    parser.add_argument("--haitei", action="store_true", help="tsumo on the last tile")
    parser.add_argument("--houtei", action="store_true", help="ron on the last discard")
    parser.add_argument("--tenhou", action="store_true")
    parser.add_argument("--chiihou", action="store_true")
    parser.add_argument("--renhou", action="store_true")
    parser.add_argument("--round-wind", default="E", metavar="E",
                        help="E, S, W, N or 1z-4z (default E)")
    parser.add_argument("--seat-wind", default="E", metavar="S",
                        help="the winner's seat: E (dealer), S, W, N or 1z-4z (default E)")
    parser.add_argument("--dora", action="extend", nargs="+", default=[], metavar="IND",
                        help="dora indicators (kan dora included), e.g. --dora 4p 1z "
                             "(write HAND before options that take several values)")
    parser.add_argument("--ura", action="extend", nargs="+", default=[], metavar="IND",
                        help="ura dora indicators (counted with riichi only)")
    parser.add_argument("--honba", type=int, default=0, metavar="N")
    parser.add_argument("--sticks", type=int, default=0, metavar="N",
                        help="riichi sticks on the table that go to the winner")
    parser.add_argument("--rules", default=None, metavar="PRESET",
                        help="tenhou (default), majsoul or local; tenhou3 (default with "
                             "--players 3) or majsoul3")
    parser.add_argument("--players", type=int, default=4, metavar="N",
                        help="4 (default) or 3: a three-player hand (P1)")
    parser.add_argument("--nuki", type=int, default=0, metavar="N",
                        help="three players: Norths the winner set aside (nuki dora, one "
                             "dora each)")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                        help="change one rule, e.g. --set kuitan=false --set red_fives=0,1,1")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--batch", metavar="FILE",
                        help="score one JSON case per line of FILE ('-' = stdin); prints one "
                             "JSON line per case; exit status 1 if any case failed")


def run(args: argparse.Namespace) -> int:
    if args.batch is not None:
        return _run_batch(args.batch)
    try:
        if args.hand is None:
            raise RulesError("give HAND (or --batch FILE)")
        if args.win is None:
            raise RulesError("give the winning tile with --win TILE")
        fields = {
            "hand": args.hand, "melds": args.meld, "win": args.win,
            "round_wind": args.round_wind, "seat_wind": args.seat_wind, "dora": args.dora,
            "ura": args.ura, "honba": args.honba, "sticks": args.sticks,
            "rules": args.rules or default_preset(args.players), "set": args.set,
            "players": args.players, "nuki": args.nuki,
        }
        for f in FLAGS:
            fields[f] = getattr(args, f)
        result, sit, rules = score_case(fields)
    except RulesError as e:
        print(f"riichi score: {_one_line(e)}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result_json(result, sit, rules), ensure_ascii=False))
    else:
        print(format_result(result, sit, rules))
    return 0


def _one_line(e: Exception) -> str:
    return " ".join(str(e).split())


def parse_wind(value: Any, what: str) -> int:
    """``E``/``S``/``W``/``N`` (any case), ``1z``-``4z`` or a kind 27-30."""
    if isinstance(value, int) and not isinstance(value, bool) and 27 <= value <= 30:
        return value
    if isinstance(value, str):
        text = value.strip()
        if text.upper() in WIND_LETTERS:
            return WIND_LETTERS[text.upper()]
        if len(text) == 2 and text[1] == "z" and text[0] in "1234":
            return 26 + int(text[0])
    raise RulesError(f"{what} {value!r} is no wind (use E, S, W, N or 1z-4z)")


def _tile_list(value: Any, what: str) -> list[str]:
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise RulesError(f"{what} must be mpsz text or a list of it, got {value!r}")


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{what} must be a whole number >= 0, got {value!r}")
    return value


def build_rules(name: Any, sets: Any) -> RuleSet:
    if not isinstance(name, str):
        raise RulesError(f"rules must be a preset name, got {name!r}")
    rules = preset(name)
    if isinstance(sets, dict):
        items = [f"{k}={_rule_text(v)}" for k, v in sets.items()]
    elif isinstance(sets, list):
        items = sets
    else:
        raise RulesError(f"set must be an object of FIELD: VALUE, got {sets!r}")
    for item in items:
        if not isinstance(item, str):
            raise RulesError(f"bad rule setting {item!r}")
        rules = rules.set_from_text(item)
    return rules


def _rule_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return ",".join(str(x) for x in v)
    return str(v)


def score_case(fields: dict[str, Any]) -> tuple[HandResult, WinSituation, RuleSet]:
    """Score one case given as the --batch fields (missing fields take their defaults).
    Raises ``RulesError`` with a one-line reason for anything wrong."""
    unknown = sorted(set(fields) - set(BATCH_FIELDS))
    if unknown:
        raise RulesError(f"unknown field(s): {', '.join(unknown)}")
    f = {**BATCH_FIELDS, **fields}
    players = f["players"]
    if players not in (3, 4) or isinstance(players, bool):
        raise RulesError(f"players must be 3 or 4, got {players!r}")
    if "rules" not in fields:
        f["rules"] = default_preset(players)
    rules = build_rules(f["rules"], f["set"])
    if rules.players != players:
        raise RulesError(
            f"rules {f['rules']!r} are for {rules.players} players, not {players} (three "
            f"players: tenhou3 or majsoul3)")
    nuki = _count(f["nuki"], "nuki")
    if nuki and players != 3:
        raise RulesError("nuki (Norths set aside) needs three players (--players 3)")
    if nuki > 4:
        raise RulesError(f"nuki must be 0-4 (there are four Norths), got {nuki}")
    if not isinstance(f["hand"], str) or not f["hand"].strip():
        raise RulesError("hand is missing (mpsz text, the winning tile included)")
    if not isinstance(f["win"], str):
        raise RulesError("win is missing (the winning tile in mpsz, e.g. 5p)")
    for flag in FLAGS:
        if not isinstance(f[flag], bool):
            raise RulesError(f"{flag} must be true or false, got {f[flag]!r}")
    pool = TilePool(rules.red_fives)
    if nuki:
        pool.used.update(range(120, 120 + nuki))  # the Norths set aside are no longer in play
    concealed = pool.parse(f["hand"])
    melds_text = f["melds"]
    if isinstance(melds_text, str):
        melds_text = melds_text.split()
    if not isinstance(melds_text, list):
        raise RulesError(f"melds must be a list of meld strings, got {melds_text!r}")
    melds: list[Meld] = [parse_meld(m, rules.red_fives, pool) for m in melds_text]
    win = find_win_tile(concealed, f["win"], rules)
    if f["haitei"] and f["houtei"]:
        raise RulesError("--haitei and --houtei conflict (one is tsumo, the other ron)")
    if f["riichi"] and f["double_riichi"]:
        raise RulesError("--riichi and --double-riichi conflict (give one)")
    if f["tsumo"] and (f["houtei"] or f["chankan"] or f["renhou"]):
        which = next(x for x in ("houtei", "chankan", "renhou") if f[x])
        raise RulesError(f"--tsumo and --{which} conflict ({which} is a ron)")
    dora = [t for text in _tile_list(f["dora"], "dora") for t in pool.parse(text)]
    ura = [t for text in _tile_list(f["ura"], "ura") for t in pool.parse(text)]
    if players == 3:
        every = concealed + [t for m in melds for t in m.tiles] + dora + ura
        if any(1 <= t >> 2 <= 7 for t in every):
            raise RulesError("three players have no 2m-8m (P1): only 1m and 9m of the manzu")
        if parse_wind(f["seat_wind"], "seat wind") == 30:
            raise RulesError("three players have no North seat: the seat wind is E, S or W")
    sit = WinSituation(
        tsumo=f["tsumo"], riichi=f["riichi"] or f["double_riichi"],
        double_riichi=f["double_riichi"], open_riichi=f["open_riichi"], ippatsu=f["ippatsu"],
        rinshan=f["rinshan"], chankan=f["chankan"], haitei=f["haitei"], houtei=f["houtei"],
        tenhou=f["tenhou"], chiihou=f["chiihou"], renhou=f["renhou"],
        round_wind=parse_wind(f["round_wind"], "round wind"),
        seat_wind=parse_wind(f["seat_wind"], "seat wind"),
        dora_indicators=tuple(dora), ura_indicators=tuple(ura),
        honba=_count(f["honba"], "honba"), sticks=_count(f["sticks"], "sticks"), nuki=nuki)
    return score_hand(concealed, melds, win, sit, rules), sit, rules


def find_win_tile(concealed: list[int], text: str, rules: RuleSet) -> int:
    """The physical tile of the hand named by ``--win``: ``0p`` must be a red five; a plain
    ``5p`` prefers a plain copy but takes the red one when the hand has no other."""
    kinds = parse_kinds(text)
    if len(kinds) != 1:
        raise RulesError(f"--win {text!r}: name exactly one tile")
    kind = kinds[0]
    red_wanted = text.strip().startswith("0")
    same = [t for t in concealed if t >> 2 == kind]
    reds = [t for t in same if is_red(t, rules.red_fives)]
    plain = [t for t in same if not is_red(t, rules.red_fives)]
    pick = reds if red_wanted else (plain or reds)
    if not pick:
        raise RulesError(f"the winning tile {text} is not in the hand")
    return pick[-1]


def payments_of(result: HandResult, sit: WinSituation, rules: RuleSet) -> dict[str, int]:
    """Who pays what, honba included (S6): each honba is ``rules.honba_points`` per payer (200
    on ron with three players on Tenhou, P1)."""
    return result.payments(sit.honba, rules.players, rules.honba_points)


def result_json(result: HandResult, sit: WinSituation,
                rules: RuleSet | None = None) -> dict[str, Any]:
    pays = result.payments(sit.honba) if rules is None else payments_of(result, sit, rules)
    return {
        "han": result.han, "fu": result.fu,
        "yaku": [{"name": y.name, "han": y.han} for y in result.yaku],
        "yakuman": result.yakuman, "limit": result.limit,
        "payments": pays, "total": result.total,
        "sticks": 1000 * sit.sticks,
        "fu_breakdown": [[label, fu] for label, fu in result.fu_breakdown],
    }


def format_result(result: HandResult, sit: WinSituation, rules: RuleSet) -> str:
    lines = []
    width = max(len(y.name) for y in result.yaku)
    for y in result.yaku:
        han = "yakuman" if result.yakuman else f"{y.han} han"
        if result.yakuman and y.han > 13:
            han = f"{y.han // 13}x yakuman"
        lines.append(f"  {y.name:<{width}}  {han}")
    lines.insert(0, "yaku:")
    if not result.yakuman:
        nuki = f" (North set aside: {sit.nuki})" if sit.nuki else ""
        lines.append(f"dora {result.dora}{nuki}, aka {result.aka}, ura {result.ura}")
    if not result.yakuman:  # a yakuman's value has no fu (kokushi's nominal 25 says nothing)
        fu = ", ".join(f"{label} {n}" for label, n in result.fu_breakdown)
        lines.append(f"fu: {fu} = {result.fu}")
    head = f"{result.han} han {result.fu} fu" if not result.yakuman else ""
    limit = result.limit or ""
    lines.append(" ".join(x for x in (head, limit) if x) + f" (base {result.base})")
    pays = payments_of(result, sit, rules)
    who = {"discarder": "discarder pays", "each": "each pays", "dealer": "dealer pays",
           "non_dealer": "each non-dealer pays" if rules.players == 4
           else "the other non-dealer pays"}
    lines.append("payments: " + ", ".join(f"{who[k]} {v}" for k, v in pays.items()))
    extra = []
    if sit.honba:
        extra.append(f"{sit.honba} honba included")
    if sit.sticks:
        extra.append(f"+{1000 * sit.sticks} riichi sticks")
    lines.append(f"total: {result.total}" + (f" ({'; '.join(extra)})" if extra else ""))
    return "\n".join(lines)


def _run_batch(path: str) -> int:
    try:
        stream = sys.stdin if path == "-" else open(path, encoding="utf-8")
    except OSError as e:
        print(f"riichi score: cannot read {path}: {e.strerror}", file=sys.stderr)
        return 1
    failed = False
    with stream if path != "-" else _nullcontext(stream) as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                try:
                    case = json.loads(line)
                except json.JSONDecodeError as e:
                    raise RulesError(f"line {n}: not JSON ({e.msg})") from None
                if not isinstance(case, dict):
                    raise RulesError(f"line {n}: a case must be a JSON object")
                result, sit, rules = score_case(case)
                out = result_json(result, sit, rules)
            except RulesError as e:
                failed = True
                out = {"error": _one_line(e)}
            print(json.dumps(out, ensure_ascii=False), flush=False)
    sys.stdout.flush()
    return 1 if failed else 0


class _nullcontext:
    def __init__(self, obj):
        self.obj = obj

    def __enter__(self):
        return self.obj

    def __exit__(self, *exc):
        return False
