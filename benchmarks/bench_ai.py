"""AI strength and speed (issue 4): the figures of the report, with their targets.

Run from the repository root:

    .venv/bin/python benchmarks/bench_ai.py                 # quick: 40 + 8 games
    .venv/bin/python benchmarks/bench_ai.py --games 400 --selfplay 40 --levels 400 --workers 2

1. ``hard`` against three ``greedy`` baselines, duplicate (each seed four times, the challenger in
   every seat): average rank with its 95% interval (target <= 2.30 over >= 400 games; issue 16
   asks it to stay <= 2.10).
2. Four ``hard`` AIs: win, deal-in, riichi and call rates per round (targets: win 19-24%,
   deal-in <= 13%, riichi 15-25%, call 25-40%; issue 16, strong people: win 21-23%, deal-in
   10-12%, riichi 17-22%, call 28-35%, average win >= 6,500), each beside the same rate of the
   people of the 159 Houou games in ``../shared/logs/mjlog`` (when that folder is there): win
   21.0%, deal-in 12.0%, riichi 17.8%, call 32.6%, draws 15.5%, average win 7,079 (the bands'
   edges: four AIs at the people's deal-in and above their win rate would play better than
   them). The goals against outside bots are printed by ``bench_arena.py``.
3. Decision time of ``hard`` in one process, CPU time per decision (so other load on the machine
   does not count): median <= 5 ms, p99 <= 50 ms.
4. The levels in one duplicate league, ``hard,normal,easy,greedy``: average rank with its 95%
   interval per level (target: easy > normal > hard, neighbours' intervals apart).

With ``--players 3`` (P1, rules tenhou3; issue 15): 1. is ``hard`` against two ``greedy``
(duplicate over three seats: target average rank <= 1.70 over >= 300 games, 2.00 is even) and
2. three ``hard`` AIs' rates, printed beside the same rates of the players of the 16 real Tenhou
three-player games in ``../shared/logs/sanma`` (when that folder is there; a small sample); 3.
times three ``hard`` AIs at a three-player table; ``--levels`` is for four players only:

    .venv/bin/python benchmarks/bench_ai.py --players 3 --games 300 --selfplay 30 --timing 3
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.commands.selfplay import league, make_rules, play_game, summarise


def verdict(ok: bool) -> str:
    return "ok  " if ok else "MISS"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="duplicate games vs greedy (x4 seeds)")
    ap.add_argument("--selfplay", type=int, default=8, help="four-way hard games")
    ap.add_argument("--timing", type=int, default=3, help="hard games timed in this process")
    ap.add_argument("--levels", type=int, default=0,
                    help="duplicate games of hard,normal,easy,greedy (0: skip)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--players", type=int, choices=(3, 4), default=4,
                    help="3: three-player games (tenhou3), hard vs two greedy")
    args = ap.parse_args()
    if args.games:
        vs_greedy(args)
    if args.selfplay:
        selfplay(args)
    if args.timing:
        timing(args)
    if args.levels and args.players == 4:
        levels(args)
    return 0


def _table(players: int) -> tuple[str, str]:
    """(preset, words) of a ``players``-seat table."""
    return ("tenhou3", "three players: ") if players == 3 else ("tenhou", "")


def vs_greedy(args: argparse.Namespace) -> None:
    """``hard`` against greedy baselines in every seat (duplicate): target 2.30 at four seats,
    1.70 at three (2.50 and 2.00 are even)."""
    n = args.players
    preset_name, words = _table(n)
    t0 = time.monotonic()
    recs = league(args.games, args.seed, ["hard"] + ["greedy"] * (n - 1), duplicate=True,
                  workers=args.workers, preset_name=preset_name)
    rows = {r["seat"]: r for r in summarise(recs)}
    hard = rows["hard"]
    lo, hi = hard["rank_ci95"]
    even = ", 2.00 is even" if n == 3 else ""
    print(f"{words}hard vs {n - 1} greedy, duplicate, {hard['games']} games "
          f"({time.monotonic() - t0:.0f}s, seeds {args.seed}..):")
    # four seats: issue 4's target 2.30 and issue 16's stricter 2.10 (the verdict is issue 16's)
    target = 1.70 if n == 3 else 2.10
    targets = f"target <= {target:.2f}{even}" if n == 3 else "target <= 2.30, issue 16 <= 2.10"
    print(f"  {verdict(hard['avg_rank'] <= target)} average rank {hard['avg_rank']:.3f} "
          f"(95% CI {lo:.2f}-{hi:.2f}; {targets}), ranks "
          + "/".join(f"{x * 100:.0f}%" for x in hard["rank_dist"][:n]))
    g = rows["greedy"]
    print(f"       greedy average rank {g['avg_rank']:.3f}; hard win {hard['win_rate']:.1%} "
          f"deal-in {hard['deal_in_rate']:.1%} vs greedy win {g['win_rate']:.1%} "
          f"deal-in {g['deal_in_rate']:.1%}")


#: the real Tenhou games of each table size, in ../shared/logs: Houou four-player games, and
#: three-player ones
TENHOU_LOGS = {4: "mjlog", 3: "sanma"}


def tenhou_rates(players: int, folder: Path | None = None) -> dict:
    """Per player and round, from the real Tenhou games of ``players`` seats in ``folder``
    (../shared/logs' ``TENHOU_LOGS``: 159 Houou four-player games, 16 three-player ones;
    replayed by the engine and counted as self-play counts its own, ``selfplay.seat_totals``):
    how often a player won, dealt in, declared riichi, called (a round with a chi, pon or open
    kan), and how often a round ended in an exhaustive draw; the average win. ``{}`` without
    them."""
    from app.commands.selfplay import seat_totals
    from engine.records import read_record
    from engine.replay import replay_game

    if folder is None:
        folder = Path(__file__).resolve().parents[2] / "shared" / "logs" / TENHOU_LOGS[players]
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".mjlog", ".json")
                   ) if folder.is_dir() else []
    total: dict[str, int] = {}
    games = 0
    for path in files:
        record = read_record(path)
        if record.rules.players != players:
            continue
        game = replay_game(record).game
        if game is None:
            continue
        games += 1
        for seat in seat_totals(game.events, players):
            for k, v in seat.items():
                total[k] = total.get(k, 0) + v
    seats = total.get("rounds", 0)
    if not seats:
        return {}
    rounds = seats // players
    return {"label": f"real Tenhou {'three' if players == 3 else 'four'}-player games ({games} "
                     f"games, {rounds} rounds)",
            "win_rate": total["wins"] / seats, "deal_in_rate": total["deal_ins"] / seats,
            "riichi_rate": total["riichi"] / seats, "call_rate": total["calls"] / seats,
            "draw_rate": total["draws"] / seats, "avg_win_points": total["win_points"] // max(
                1, total["wins"])}


def selfplay(args: argparse.Namespace) -> None:
    """``hard`` in every seat: its rates beside the targets (four players) or beside the real
    Tenhou three-player games' rates (three players)."""
    n = args.players
    preset_name, _words = _table(n)
    t0 = time.monotonic()
    recs = league(args.selfplay, args.seed + 5000, ["hard"] * n, workers=args.workers,
                  preset_name=preset_name)
    r = summarise(recs)[0]
    if n == 3:
        tenhou = tenhou_rates(3)
        print(f"three-way hard self-play, {args.selfplay} games, {r['rounds'] // 3} rounds "
              f"({time.monotonic() - t0:.0f}s), beside {tenhou.get('label', 'no Tenhou logs')}:")
        for key in ("win_rate", "deal_in_rate", "riichi_rate", "call_rate", "draw_rate"):
            ref = f"{tenhou[key]:6.1%}" if key in tenhou else "     -"
            print(f"       {key:<13} {r[key]:6.1%}   Tenhou {ref}")
        print(f"       average win {r['avg_win_points']}, average deal-in "
              f"{r['avg_deal_in_points']}")
        return
    houou = tenhou_rates(4)
    print(f"four-way hard self-play, {args.selfplay} games, {r['rounds'] // 4} rounds "
          f"({time.monotonic() - t0:.0f}s), beside {houou.get('label', 'no Tenhou logs')}:")

    def people(key: str) -> str:
        return f"; Houou {houou[key]:.1%}" if key in houou else ""

    # issue 4's targets, then issue 16's (strong people: the play of a 3-dan bot's match)
    for key, lo_, hi_, lo16, hi16 in (("win_rate", 0.19, 0.24, 0.21, 0.23),
                                      ("deal_in_rate", 0.0, 0.13, 0.10, 0.12),
                                      ("riichi_rate", 0.15, 0.25, 0.17, 0.22),
                                      ("call_rate", 0.25, 0.40, 0.28, 0.35)):
        print(f"  {verdict(lo_ <= r[key] <= hi_)} {key:<13} {r[key]:6.1%}  "
              f"(target {lo_:.0%}-{hi_:.0%}; issue 16 {verdict(lo16 <= r[key] <= hi16).strip()} "
              f"{lo16:.0%}-{hi16:.0%}{people(key)})")
    win = r["avg_win_points"]
    houou_win = f", Houou {houou['avg_win_points']}" if houou else ""
    print(f"  {verdict(win >= 6500)} average win {win} (issue 16: >= 6,500{houou_win}), draw "
          f"rate {r['draw_rate']:.1%}{people('draw_rate')}, average deal-in "
          f"{r['avg_deal_in_points']}")


def timing(args: argparse.Namespace) -> None:
    n = args.players
    preset_name, words = _table(n)
    rules = make_rules(preset_name, None)
    times: list[float] = []
    for i in range(args.timing):
        for rec in play_game(args.seed + 9000 + i, ["hard"] * n, rules, clock=time.thread_time):
            times.extend(rec.times)
    times.sort()
    p50 = times[len(times) // 2] * 1000
    p99 = times[int(len(times) * 0.99)] * 1000
    print(f"{words}hard decision time (CPU), {len(times)} decisions in {args.timing} games:")
    print(f"  {verdict(p50 <= 5)} median {p50:.2f} ms (target <= 5)")
    print(f"  {verdict(p99 <= 50)} p99    {p99:.2f} ms (target <= 50); max {times[-1] * 1000:.0f} ms")


def levels(args: argparse.Namespace) -> None:
    t0 = time.monotonic()
    recs = league(args.levels, args.seed + 2000, ["hard", "normal", "easy", "greedy"],
                  duplicate=True, workers=args.workers)
    rows = {r["seat"]: r for r in summarise(recs)}
    print(f"levels, duplicate, {rows['hard']['games']} games "
          f"({time.monotonic() - t0:.0f}s, seeds {args.seed + 2000}..):")
    for name in ("hard", "normal", "easy", "greedy"):
        r = rows[name]
        lo, hi = r["rank_ci95"]
        print(f"       {name:<7} average rank {r['avg_rank']:.3f} (95% CI {lo:.2f}-{hi:.2f}), "
              f"win {r['win_rate']:.1%} deal-in {r['deal_in_rate']:.1%} "
              f"riichi {r['riichi_rate']:.1%} call {r['call_rate']:.1%}")
    ci = {n: rows[n]["rank_ci95"] for n in ("hard", "normal", "easy")}
    apart = ci["hard"][1] < ci["normal"][0] and ci["normal"][1] < ci["easy"][0]
    order = rows["hard"]["avg_rank"] < rows["normal"]["avg_rank"] < rows["easy"]["avg_rank"]
    print(f"  {verdict(order)} order hard < normal < easy; intervals apart: "
          f"{'yes' if apart else 'no'}")


if __name__ == "__main__":
    sys.exit(main())
