"""AI strength and speed (issue 4): the figures of the report, with their targets.

Run from the repository root:

    .venv/bin/python benchmarks/bench_ai.py                 # quick: 40 + 8 games
    .venv/bin/python benchmarks/bench_ai.py --games 400 --selfplay 40 --levels 400 --workers 2

1. ``hard`` against three ``greedy`` baselines, duplicate (each seed four times, the challenger in
   every seat): average rank with its 95% interval (target <= 2.30 over >= 400 games; issue 16
   asks it to stay <= 2.10).
2. Four ``hard`` AIs: win, deal-in, riichi and call rates per round (targets: win 19-24%,
   deal-in <= 13%, riichi 15-25%, call 25-40%; issue 16, strong people: win 21-23%, deal-in
   10-12%, riichi 17-22%, call 28-35%, average win >= 6,500). The goals against outside bots
   are printed by ``bench_arena.py``.
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


def tenhou_three_player_rates() -> dict:
    """Per player and round, from the real Tenhou three-player games in ../shared/logs/sanma
    (16 games, replayed by the engine): how often a player won, dealt in, declared riichi, called (chi,
    pon or open kan), and how often a round ended in an exhaustive draw. ``{}`` without them."""
    from engine.events import Called, Discarded, KanDeclared, RoundDrawn, RoundStarted, Win
    from engine.meld import MeldKind
    from engine.records import read_record
    from engine.replay import replay_game

    folder = Path(__file__).resolve().parents[2] / "shared" / "logs" / "sanma"
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".mjlog", ".json")
                   ) if folder.is_dir() else []
    seats = rounds = wins = deal_ins = riichi = calls = draws = 0
    for path in files:
        game = replay_game(read_record(path)).game
        if game is None:
            continue
        events = game.events
        called: set[int] = set()
        for ev in events:
            if isinstance(ev, RoundStarted):
                rounds += 1
                seats += 3
                called = set()
            elif isinstance(ev, Win):
                wins += 1
                deal_ins += not ev.tsumo
            elif isinstance(ev, Discarded) and ev.riichi:
                riichi += 1
            elif isinstance(ev, (Called, KanDeclared)) and ev.meld.kind in (
                    MeldKind.CHI, MeldKind.PON, MeldKind.DAIMINKAN) and ev.seat not in called:
                called.add(ev.seat)
                calls += 1
            elif isinstance(ev, RoundDrawn) and not ev.kind.abortive:
                draws += 1
    if not seats:
        return {}
    return {"label": f"real Tenhou three-player games ({len(files)} files, {rounds} rounds)",
            "win_rate": wins / seats, "deal_in_rate": deal_ins / seats,
            "riichi_rate": riichi / seats, "call_rate": calls / seats, "draw_rate": draws / rounds}


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
        tenhou = tenhou_three_player_rates()
        print(f"three-way hard self-play, {args.selfplay} games, {r['rounds'] // 3} rounds "
              f"({time.monotonic() - t0:.0f}s), beside {tenhou.get('label', 'no Tenhou logs')}:")
        for key in ("win_rate", "deal_in_rate", "riichi_rate", "call_rate", "draw_rate"):
            ref = f"{tenhou[key]:6.1%}" if key in tenhou else "     -"
            print(f"       {key:<13} {r[key]:6.1%}   Tenhou {ref}")
        print(f"       average win {r['avg_win_points']}, average deal-in "
              f"{r['avg_deal_in_points']}")
        return
    print(f"four-way hard self-play, {args.selfplay} games, {r['rounds'] // 4} rounds "
          f"({time.monotonic() - t0:.0f}s):")
    # issue 4's targets, then issue 16's (strong people: the play of a 3-dan bot's match)
    for key, lo_, hi_, lo16, hi16 in (("win_rate", 0.19, 0.24, 0.21, 0.23),
                                      ("deal_in_rate", 0.0, 0.13, 0.10, 0.12),
                                      ("riichi_rate", 0.15, 0.25, 0.17, 0.22),
                                      ("call_rate", 0.25, 0.40, 0.28, 0.35)):
        print(f"  {verdict(lo_ <= r[key] <= hi_)} {key:<13} {r[key]:6.1%}  "
              f"(target {lo_:.0%}-{hi_:.0%}; issue 16 {verdict(lo16 <= r[key] <= hi16).strip()} "
              f"{lo16:.0%}-{hi16:.0%})")
    win = r["avg_win_points"]
    print(f"  {verdict(win >= 6500)} average win {win} (issue 16: >= 6,500), draw rate "
          f"{r['draw_rate']:.1%}, average deal-in {r['avg_deal_in_points']}")


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
