"""``riichi history``: the finished games, newest first (``--json`` for scripts)."""

from __future__ import annotations

import argparse
import json
import sys

NAME = "history"
HELP = "list finished games (date, rules, placement, score)"

_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-n", "--limit", type=int, default=20, metavar="N",
                        help="show the last N games (default 20; 0 = all)")
    parser.add_argument("--json", action="store_true",
                        help="print the games (and any warnings) as JSON")
    parser.add_argument("--stats", action="store_true",
                        help="also show statistics for the human seat")
    parser.add_argument("--players", type=int, choices=(3, 4),
                        help="only three- or four-player games (statistics: four-player "
                             "unless 3 is given; the two are never mixed)")


def run(args: argparse.Namespace) -> int:
    from app.storage.history import History

    with History.open() as h:
        players = getattr(args, "players", None)
        games = h.list_games(None if players else args.limit or None)
        if players:  # P1: the games of that many players only
            games = [g for g in games if len(g.seats) == players][:args.limit or None]
        stats = h.statistics(players=players or 4) if args.stats else None
        warnings = list(h.warnings)
    if args.json:
        out: dict[str, object] = {"games": [g.to_dict() for g in games], "warnings": warnings}
        if stats is not None:
            out["statistics"] = stats.to_dict()
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    for w in warnings:
        print(f"warning: {w}", file=sys.stderr)
    if not games:
        print("No finished games yet.")
    else:
        print(f"{'date':<16}  {'rules':<10} {'length':<9} {'place':>5}  {'points':>7}  "
              f"{'score':>6}")
        for g in games:
            date = g.finished[:16].replace("T", " ")
            place = _ORDINAL.get(g.placement, "-") if g.placement else "-"
            points = f"{g.player_points}" if g.player_points is not None else "-"
            score = f"{g.player_score:+.1f}" if g.player_score is not None else "-"
            print(f"{date:<16}  {g.rules_name:<10} {g.length:<9} {place:>5}  {points:>7}  "
                  f"{score:>6}")
    if stats is not None and stats.games:
        print()
        print(f"games {stats.games}   average placement {stats.average_placement:.2f}   "
              f"1st-{_ORDINAL[stats.players]} {' / '.join(map(str, stats.placements))}")
        rates = [("win", stats.win_rate), ("deal-in", stats.deal_in_rate),
                 ("riichi", stats.riichi_rate), ("call", stats.call_rate)]
        print("   ".join(f"{name} {r:.1%}" for name, r in rates if r is not None))
    return 0
