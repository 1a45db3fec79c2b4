"""The reviewer's figures (issue 14): rollout policy speed and strength, one decision's time, a
whole hanchan's time, stability against a 10x longer evaluation, agreement with real players'
call/pass choices. Prints medians and ratios; nothing is timed in the test suite.

Run from the repository root (each part alone with its flag, or ``--all``):

    .venv/bin/python benchmarks/bench_review.py --policy [--hands 40]
    .venv/bin/python benchmarks/bench_review.py --decision [--samples 32]
    .venv/bin/python benchmarks/bench_review.py --hanchan [--samples 32] [--limit N] [--json FILE]
    .venv/bin/python benchmarks/bench_review.py --stability 200 [--samples 32] [--budget S]
        [--offset K] [--reference 640] [--cache FILE]
    .venv/bin/python benchmarks/bench_review.py --humans 80 [--samples 32]
    .venv/bin/python benchmarks/bench_review.py --drills 3 [--samples 64]

Decisions come from the real games of ``../shared/logs/mjlog`` (seat 0, then 1, ...). Times are
wall-clock with ``--workers`` processes (default 2) on whatever else the machine runs: say how
loaded it was when quoting them.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from intervals import mean_interval  # noqa: E402

from ai import make_agent  # noqa: E402
from ai.review.options import choose_options  # noqa: E402
from ai.review.policy import FastPolicy  # noqa: E402
from ai.review.review import DEFAULT_SAMPLES, GROWTH, review_position, review_walk  # noqa: E402
from ai.review.rollout import (  # noqa: E402
    OptionValue,
    Outcome,
    evaluate,
    plays_to_end,
    sample_rows,
    summarise,
)
from ai.review.walk import Position, walk_record  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.driver import play_out  # noqa: E402
from engine.records import read_record  # noqa: E402
from engine.rules import TENHOU  # noqa: E402
from engine.sample import portable  # noqa: E402
from engine.table import Table  # noqa: E402
from engine.wall import Wall  # noqa: E402

LOGS = Path(__file__).resolve().parent.parent.parent / "shared" / "logs" / "mjlog"


def _logs() -> list[Path]:
    return sorted(LOGS.glob("*.mjlog"))


def sourced_positions(n: int, *, calls_only: bool = False, skip: int = 1,
                      min_options: int = 2, offset: int = 0) -> list[tuple[str, Position]]:
    """``n`` decisions (every ``skip``-th) with ``min_options`` options or more, from the real
    games, each with the name of its log."""
    out: list[tuple[str, Position]] = []
    k = 0
    for path in _logs():
        record = read_record(path)
        for seat in range(4):
            for p in walk_record(record, seat).positions:
                choice = choose_options(p.view, p.legal, p.played)
                if choice is None or choice.obvious or len(choice.options) < min_options:
                    continue
                if calls_only and choice.category != "calls":
                    continue
                k += 1
                if k % skip == 0 and k // skip > offset:
                    out.append((path.name, p))
                if len(out) >= n:
                    return out
    return out


def positions(n: int, *, calls_only: bool = False, skip: int = 1,
              min_options: int = 2, offset: int = 0) -> list[Position]:
    """``n`` decisions (every ``skip``-th) with ``min_options`` options or more, from the real
    games."""
    return [p for _, p in sourced_positions(n, calls_only=calls_only, skip=skip,
                                            min_options=min_options, offset=offset)]


def bench_policy(hands: int) -> None:
    print(f"== rollout policy: speed over {hands} seeded hands ('hard': {min(hands, 10)})")
    for kind in ("fast", "greedy", "normal", "hard"):
        times = []
        for s in range(hands if kind != "hard" else min(hands, 10)):
            table = Table(TENHOU, Wall.shuffled(70000 + s))
            agents = {p: FastPolicy(p) if kind == "fast" else
                      make_agent(kind, seed=p, rules=TENHOU) for p in range(4)}
            t = time.process_time()
            play_out(table, agents)
            times.append(time.process_time() - t)
        print(f"{kind:>7}: median {1000 * statistics.median(times):6.1f} ms CPU per hand "
              "(4 seats, engine included)")
    # strength, duplicate: one seat played by each policy against three 'normal', every seat in
    # turn on the same walls; the difference to 'normal' in that seat, paired by wall and seat
    print(f"-- strength: one seat vs three 'normal', {hands} walls x 4 seats (duplicate), points "
          "per hand against 'normal' in the same seat")
    got: dict[str, list[int]] = {}
    for kind in ("normal", "fast", "greedy"):
        pts = got.setdefault(kind, [])
        for s in range(hands):
            for seat in range(4):
                table = Table(TENHOU, Wall.shuffled(80000 + s))
                agents = {p: make_agent("normal", seed=10 * s + p, rules=TENHOU)
                          for p in range(4)}
                agents[seat] = FastPolicy(seat) if kind == "fast" else make_agent(
                    kind, seed=10 * s + seat, rules=TENHOU)
                play_out(table, agents)
                out = table.outcome
                assert out is not None
                pts.append(out.deltas[seat])
    base = got["normal"]
    print(f" normal: {statistics.mean(base):+7.0f} points per hand (the reference)")
    for kind in ("fast", "greedy"):
        diff = [a - b for a, b in zip(got[kind], base, strict=True)]
        m, half = mean_interval(diff)
        print(f"{kind:>7}: {m:+7.0f} ± {half:.0f} points per hand against 'normal'")


def bench_decision(samples: int, workers: int, n: int = 9) -> None:
    """One decision of 3 options evaluated as a review does: ``samples`` first, doubled while
    unsettled up to ``GROWTH * samples``; CPU time in this process (and wall time with
    ``workers`` processes when more than one)."""
    print(f"== one decision: {samples} samples per option first, up to {GROWTH * samples} while "
          f"unsettled, {n} decisions of 3 options; CPU time in one process"
          + (f", wall time with {workers} workers" if workers > 1 else ""))
    walls, cpus, spent = [], [], []
    with ProcessPoolExecutor(workers) as pool:
        for p in positions(n, skip=7, min_options=3):
            choice = choose_options(p.view, p.legal, p.played)
            assert choice is not None
            opts = choice.options[:3]
            wall = ""
            if workers > 1:
                t = time.perf_counter()
                evaluate(p.game, p.seat, opts, samples=samples, pool=pool, workers=workers,
                         max_samples=GROWTH * samples)
                walls.append(time.perf_counter() - t)
                wall = f"{walls[-1]:.2f} s wall, "
            c = time.process_time()
            values = evaluate(p.game, p.seat, opts, samples=samples,
                              max_samples=GROWTH * samples)
            cpus.append(time.process_time() - c)
            spent.append(values[0].samples)
            print(f"  {p.round:<16} {choice.category:<10} {len(opts)} options, "
                  f"{spent[-1]} samples = {spent[-1] * len(opts)} rollouts: {wall}"
                  f"{cpus[-1]:.2f} s CPU")
    if walls:
        print(f"median {statistics.median(walls):.2f} s wall (max {max(walls):.2f})")
    print(f"median {statistics.median(cpus):.2f} s CPU (max {max(cpus):.2f}), "
          f"{statistics.median(cpus) / 2:.2f} s (max {max(cpus) / 2:.2f}) on 2 idle cores; "
          f"samples per decision: median {statistics.median(spent):.0f}, max {max(spent)}")


def bench_hanchan(samples: int, workers: int, limit: int | None = None,
                  dump: Path | None = None) -> None:
    """A whole hanchan's review (seat 0 of the first log): wall time, and the CPU time of this
    process and its workers (the steadier figure on a shared machine). ``limit``: its first
    decisions only; ``dump``: the review's JSON written there (two runs of the same code, or of
    a faster one, must write the same bytes)."""
    path = _logs()[0]
    walk = walk_record(read_record(path), 0)
    todo = walk.positions if limit is None else walk.positions[:limit]
    t = time.perf_counter()
    c = time.process_time()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    review = review_walk(walk, samples=samples, workers=workers, positions=todo)
    dt = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers, once shut down
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    cpu += time.process_time() - c
    played = [d for d in review.decisions if d.values]
    print(f"== whole hanchan: {path.name} seat 0, {len(review.decisions)} decisions "
          f"({len(played)} played out), {samples} samples first, up to {GROWTH * samples}, "
          f"{workers} workers: {dt:.0f} s wall ({dt / max(1, len(review.decisions)):.2f} s a "
          "decision)")
    per = {m: sum(d.values[0].samples == m for d in played)
           for m in sorted({d.values[0].samples for d in played})}
    print(f"   CPU {cpu:.0f} s in all ({cpu / 2:.0f} s on 2 idle cores); decisions per sample "
          f"count {per}, {sum(d.values[0].samples * len(d.values) for d in played)} rollouts")
    print(f"   match {review.match_rate:.0%}, value lost {review.lost:.0f}")
    if dump is not None:
        dump.write_text(json.dumps(review.to_dict(), indent=0, sort_keys=True))
        print(f"   review written to {dump}")


def _reference(cache: dict[str, list[list[float]]], key: str, p: Position,
               options: tuple[Action, ...], samples: int, seed: int, pool: Executor,
               workers: int) -> list[OptionValue]:
    """The reference evaluation: ``samples`` samples of ``seed``, fixed. Sample i depends on
    (seed, i) only, so the values of samples computed before (``cache``, per decision) are
    kept and only the missing ones are played out."""
    rows = cache.setdefault(key, [])
    if len(rows) < samples:
        got = sample_rows(portable(p.game), p.seat, options, seed,
                          list(range(len(rows), samples)), plays_to_end(p.game), pool, workers)
        rows += [[o.value for o in row] for row in got]
    return summarise(options, [[Outcome(v, 0, False, False) for v in row]
                               for row in rows[:samples]], False)


def bench_stability(n: int, samples: int, workers: int, budget: float, offset: int = 0,
                    reference: int = 640, cache_path: Path | None = None,
                    tenfold: bool = True) -> None:
    """The review's evaluation (seed 1: ``samples`` first, grown while unsettled up to
    ``GROWTH * samples``) against an independent reference (seed 2, fixed) of
    ``reference`` samples or (``tenfold``) 10x what the review spent on that decision,
    whichever is more. A decision counts when the reference's runner-up loses more than its
    own interval (the reference's best is settled); the review agrees when its best is the
    reference's. Without ``tenfold`` the reference is ``reference`` samples for every decision
    (640: 20x the review's first look, 5x its most): the issue's "10x longer evaluation" read
    as 10x the review's base, half the time of the tenfold reading."""
    size = f"max({reference}, 10x the review's)" if tenfold else f"{reference}"
    print(f"== stability: up to {n} decisions (stop after {budget:.0f} s): the review's "
          f"evaluation ({samples} samples, up to {GROWTH * samples} while unsettled, seed 1) "
          f"vs {size} samples (seed 2), {workers} workers")
    cache: dict[str, list[list[float]]] = {}
    if cache_path is not None and cache_path.exists():
        cache = json.loads(cache_path.read_text())
    counted = agree = agree_all = done = 0
    t = time.perf_counter()
    misses = []
    spent: list[int] = []
    cpus: list[float] = []
    by_spent: dict[int, list[int]] = {}  # the review's samples: [counted, agreed]
    with ProcessPoolExecutor(workers) as pool:
        for name, p in sourced_positions(n, skip=5, offset=offset):
            if time.perf_counter() - t > budget:
                break
            choice = choose_options(p.view, p.legal, p.played)
            assert choice is not None
            c = time.process_time()
            short = evaluate(p.game, p.seat, choice.options, samples=samples, seed=1,
                             pool=pool, workers=workers, max_samples=GROWTH * samples)
            cpus.append(time.process_time() - c)
            spent.append(short[0].samples)
            key = f"{name}:{p.seat}:{p.index}:{'/'.join(map(str, choice.options))}:2"
            size_n = max(reference, 10 * spent[-1]) if tenfold else reference
            long = _reference(cache, key, p, choice.options, size_n, 2, pool, workers)
            best_short = max(short, key=lambda v: v.mean).action
            best_long = max(long, key=lambda v: v.mean)
            second = min((v for v in long if v is not best_long), key=lambda v: v.loss)
            same = best_short == best_long.action
            done += 1
            agree_all += same
            if second.loss > second.loss_half:  # the reference's gap is outside its interval
                counted += 1
                agree += same
                tally = by_spent.setdefault(spent[-1], [0, 0])
                tally[0] += 1
                tally[1] += same
                if not same:
                    misses.append(f"{second.loss:.0f}±{second.loss_half:.0f} ({spent[-1]})")
            if done % 20 == 0:
                print(f"   ... {done} decisions: {agree}/{counted}", flush=True)
            if cache_path is not None and done % 10 == 0:
                cache_path.write_text(json.dumps(cache))  # now and then: a long run may stop
    if cache_path is not None:
        cache_path.write_text(json.dumps(cache))
    print(f"   {done} decisions in {time.perf_counter() - t:.0f} s; whose reference gap is "
          f"outside its interval: {counted}; the review picks the same best on {agree} "
          f"({agree / max(1, counted):.0%})")
    print("   by the review's samples: " + ", ".join(
        f"{m}: {a}/{c}" for m, (c, a) in sorted(by_spent.items())))
    print(f"   all decisions: same best on {agree_all}/{done} ({agree_all / max(1, done):.0%});"
          f" reference gaps where they differ (the review's samples): {', '.join(misses) or 'none'}")
    if spent:
        per = {m: sum(s == m for s in spent) for m in sorted(set(spent))}
        print(f"   the review's samples per decision: mean {statistics.mean(spent):.0f}, "
              f"decisions per count {per}; its CPU per decision: median "
              f"{statistics.median(cpus):.2f} s, mean {statistics.mean(cpus):.2f} s, max "
              f"{max(cpus):.2f} s (this process: all of it with --workers 1)")


def bench_humans(n: int, samples: int, workers: int) -> None:
    print(f"== real players' call/pass choices: {n} call decisions from {LOGS.parent.name}/mjlog, "
          f"{samples} samples")
    decisions = []
    with ProcessPoolExecutor(workers) as pool:
        for p in positions(n, calls_only=True):
            d = review_position(p, samples=samples, pool=pool, workers=workers)
            if d is not None:
                decisions.append(d)
    same = sum(d.grade == "best" for d in decisions)
    passes = [d for d in decisions if type(d.played).__name__ == "Pass"]
    calls = [d for d in decisions if type(d.played).__name__ != "Pass"]
    def kind(a: object) -> str:
        return "pass" if type(a).__name__ == "Pass" else "call"
    same_kind = sum(kind(d.best) == kind(d.played) for d in decisions)
    print(f"   agreement (same option): {same}/{len(decisions)} ({same / max(1, len(decisions)):.0%});"
          f" call-or-pass agreement: {same_kind / max(1, len(decisions)):.0%}")
    print(f"   players passed {len(passes)}, called {len(calls)}")
    lost = sorted(d.lost for d in decisions)
    grades: dict[str, int] = {}
    for d in decisions:
        grades[d.grade] = grades.get(d.grade, 0) + 1
    q = statistics.quantiles(lost, n=4) if len(lost) >= 4 else lost
    print(f"   value lost: median {statistics.median(lost):.0f}, quartiles "
          f"{', '.join(f'{x:.0f}' for x in q)}, max {max(lost):.0f}; grades {grades}")


def bench_drills(games: int, samples: int) -> None:
    """What a self-play drill costs (the drill screen makes them in the background): a game of
    four 'hard' AIs, then one evaluated decision after another."""
    from ai.review.drills import drill_positions, evaluate_position, is_close, selfplay_game

    print(f"== drills: {games} self-play games of 'hard', their drill decisions evaluated "
          f"({samples} samples, grown like a review's), CPU in one process")
    plays, evals, close, found = [], [], 0, 0
    for seed in range(1, games + 1):
        c = time.process_time()
        game = selfplay_game(seed, TENHOU)
        plays.append(time.process_time() - c)
        for p in drill_positions(game, TENHOU):
            c = time.process_time()
            d = evaluate_position(p, game.actions, TENHOU, seed, samples=samples)
            evals.append(time.process_time() - c)
            close += is_close(d.values)
            found += 1
    first = statistics.median(plays) + statistics.median(evals)
    print(f"   a game: median {statistics.median(plays):.1f} s CPU; a drill's evaluation: median "
          f"{statistics.median(evals):.2f} s (max {max(evals):.2f}); {close} of {found} close "
          f"(runner-up inside its interval or under 300)")
    print(f"   a new player's first drill waits for a game and one evaluation: ~{first:.0f} s CPU")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--policy", action="store_true")
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--decision", action="store_true")
    ap.add_argument("--hanchan", action="store_true")
    ap.add_argument("--stability", type=int, default=0, metavar="N")
    ap.add_argument("--humans", type=int, default=0, metavar="N")
    ap.add_argument("--samples", type=int, default=None)
    ap.add_argument("--budget", type=float, default=1e9, help="seconds for --stability")
    ap.add_argument("--offset", type=int, default=0,
                    help="--stability: skip this many decisions (continue an earlier run)")
    ap.add_argument("--reference", type=int, default=640,
                    help="--stability: the reference's samples (seed 2) at least; 10x "
                         "the review's when that is more")
    ap.add_argument("--cache", type=Path, default=None,
                    help="--stability: a JSON file keeping the reference's sample values "
                         "(deterministic: sample i of seed 2) so a second run plays only "
                         "the review's and the reference's missing samples")
    ap.add_argument("--fixed-reference", action="store_true",
                    help="--stability: the reference is --reference samples for every "
                         "decision, not 10x what the review spent when that is more")
    ap.add_argument("--drills", type=int, default=0, metavar="GAMES")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--limit", type=int, default=None, metavar="N",
                    help="--hanchan: the first N decisions only (a quicker fixed set)")
    ap.add_argument("--json", type=Path, default=None, metavar="FILE",
                    help="--hanchan: write the review's JSON there (compare two versions' bytes)")
    ap.add_argument("--all", action="store_true")
    a = ap.parse_args()
    random.seed(0)
    if a.policy or a.all:
        bench_policy(a.hands)
    if a.decision or a.all:
        bench_decision(a.samples or DEFAULT_SAMPLES, a.workers)
    if a.hanchan or a.all:
        bench_hanchan(a.samples or DEFAULT_SAMPLES, a.workers, a.limit, a.json)
    if a.stability or a.all:
        bench_stability(a.stability or 200, a.samples or DEFAULT_SAMPLES, a.workers, a.budget, a.offset,
                        a.reference, a.cache, not a.fixed_reference)
    if a.humans or a.all:
        bench_humans(a.humans or 80, a.samples or 32, a.workers)
    if a.drills or a.all:
        bench_drills(a.drills or 3, a.samples or 64)


if __name__ == "__main__":
    main()
