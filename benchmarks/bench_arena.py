"""Our AI in the outside arena (issue 16): whole hanchan refereed by libriichi (the PyPI ``mjai``
wheel), our bot in every seat against three outside bots, with the issue's goals.

Needs the arena set up beside the repository (``../shared/arena``, its README: ``setup.sh``
builds ``~/arena-env`` with ``venv_mjai``, tenhou-python-bot and ``venv_tpb``). Run from the
repository root (the hero runs this checkout's code: ``python -m app bot --mjai``):

    .venv/bin/python benchmarks/bench_arena.py --opp tpb --seeds 25 --seed 9100    # 100 games
    .venv/bin/python benchmarks/bench_arena.py --opp rule --seeds 25 --seed 9100
    .venv/bin/python benchmarks/bench_arena.py --opp tpb --level easy --seeds 4
    .venv/bin/python benchmarks/bench_arena.py --opp tpb --seeds 13 --knob foresight=false

``--knob KNOB=VALUE`` seats the hero with a knob of ``ai.style.Style`` changed (``knob_bot.py``),
a change ``ab_hard.py`` measured head to head. ``--pair RUN [RUN ...]`` sets the games beside the
same games of earlier runs (``arena_pair.py``; ``benchmarks/arena_main.txt`` holds main's on
seeds 9700-9726): a knob changes few games, and their difference says more than the averages. A
run without a knob prints the digest of the AI's fingerprints first, so that a later pairing
knows whether the AI has changed since.

Each seed is played four times, the hero in each seat (``league.py``'s order; ``--seats 2,3``
plays only those, to complete a base some of whose games are missing). Printed: one
line a game, then the hero's average rank with its 95% interval against the goal (tpb <= 2.35,
rule <= 1.70), the rank counts, errors (goal 0), the hero's per-round rates read from the game
logs (win, deal-in, riichi, call, average win) beside the opponents' own, and the decision
times of each program (wall time per answer, pipe included).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab_hard import knobs  # noqa: E402
from arena_pair import fingerprints_digest, paired, read_runs, stale  # noqa: E402
from intervals import mean_interval  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ARENA = Path(os.environ.get("ARENA_DIR", ROOT.parent / "shared" / "arena"))
ENV = Path(os.environ.get("ARENA_ENV", Path.home() / "arena-env"))
GOALS = {"tpb": 2.35, "rule": 1.70}

#: runs in the arena's venv: plays the games and prints one JSON line each, logs kept
_RUNNER = """
import json, sys
import arena
hero, opp, n, seed0 = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
seats = [int(s) for s in sys.argv[5].split(",")]
for seed in range(seed0, seed0 + n):
    for seat in seats:
        kinds = [opp] * 4
        kinds[seat] = hero
        arena.STATS.clear()
        r = arena.play(seed, kinds, save_log=True)
        r["hero_seat"] = seat
        r["decision_stats"] = {k: list(v) for k, v in arena.STATS.items()}
        print(json.dumps(r), flush=True)
"""


def hero_command(level: str, personality: str | None, knob: list[str] | None = None) -> str:
    """The arena's ``cmd:`` player for this checkout's bot at ``level``; with ``knob``
    (``KNOB=VALUE`` of ``ai.style.Style``) the bot of ``knob_bot.py``."""
    if knob:
        return (f"cmd:env PYTHONPATH={ROOT} {sys.executable} "
                f"{ROOT / 'benchmarks' / 'knob_bot.py'} --level {level} {' '.join(knob)}")
    extra = f" --personality {personality}" if personality else ""
    return (f"cmd:env PYTHONPATH={ROOT} {sys.executable} -m app bot --mjai "
            f"--difficulty {level}{extra}")


def parse_seats(text: str) -> list[int]:
    """The hero's seats of ``--seats`` ("0,1,2,3", "2,3"...), sorted; empty when the text names
    anything but seats 0-3."""
    try:
        seats = sorted({int(s) for s in text.split(",")})
    except ValueError:
        return []
    return seats if set(seats) <= {0, 1, 2, 3} else []


def arena_env(logs: str) -> dict[str, str]:
    """The environment the arena and tenhou-python-bot need (the README's exports)."""
    so = next((ENV / "venv_mjai" / "lib").glob("python3.*/site-packages/mjai/mlibriichi*.so"),
              None)
    env = dict(os.environ, ARENA_LOGS=logs, TPB_DIR=str(ENV / "tpb" / "project"),
               TPB_CMD=f"{ENV / 'venv_tpb' / 'bin' / 'python'} {ARENA / 'tpb_mjai.py'}")
    if so is not None:
        env["LIBRIICHI_SO"] = str(so)
    return env


def seat_rates(log: Path, seats: list[int]) -> dict[str, float]:
    """Counts for ``seats`` of one mjai game log: rounds, wins, deal-ins, riichi, rounds with a
    call (chi, pon or open kan), and the points won."""
    out = dict.fromkeys(("rounds", "wins", "deal_ins", "riichi", "calls", "win_points"), 0.0)
    called: set[int] = set()
    with gzip.open(log, "rt") if log.suffix == ".gz" else open(log) as f:
        for line in f:
            ev = json.loads(line)
            t = ev.get("type")
            if t == "start_kyoku":
                out["rounds"] += len(seats)
                called = set()
            elif t == "hora":
                if ev["actor"] in seats:
                    out["wins"] += 1
                    out["win_points"] += max(0, ev["deltas"][ev["actor"]])
                if ev["target"] != ev["actor"] and ev["target"] in seats:
                    out["deal_ins"] += 1
            elif t == "reach_accepted" and ev["actor"] in seats:
                out["riichi"] += 1
            elif t in ("chi", "pon", "daiminkan") and ev["actor"] in seats \
                    and ev["actor"] not in called:
                called.add(ev["actor"])
                out["calls"] += 1
    return out


def add(total: dict[str, float], part: dict[str, float]) -> None:
    for k, v in part.items():
        total[k] = total.get(k, 0.0) + v


def describe(name: str, c: dict[str, float]) -> str:
    r = max(1.0, c.get("rounds", 0.0))
    wins = c.get("wins", 0.0)
    avg = c.get("win_points", 0.0) / wins if wins else 0.0
    return (f"{name:<5} win {wins / r:6.1%}  deal-in {c.get('deal_ins', 0) / r:6.1%}  "
            f"riichi {c.get('riichi', 0) / r:6.1%}  call {c.get('calls', 0) / r:6.1%}  "
            f"average win {avg:,.0f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opp", default="tpb", help="the three opponents: tpb, rule, tsumogiri...")
    ap.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    ap.add_argument("--personality", choices=("balanced", "aggressive", "defensive"))
    ap.add_argument("--seeds", type=int, default=2, help="seeds (four games each)")
    ap.add_argument("--seed", type=int, default=9100, help="first seed")
    ap.add_argument("--seats", default="0,1,2,3", metavar="S,S",
                    help="the hero's seats in each seed (default all four; fewer to complete a "
                         "base whose other games are there)")
    ap.add_argument("--logs", metavar="DIR", help="keep the games' mjai logs in DIR")
    ap.add_argument("--pair", nargs="+", metavar="RUN",
                    help="earlier runs' outputs (arena_main.txt: main's) to pair these games "
                         "with (arena_pair.py)")
    ap.add_argument("--knob", action="append", metavar="KNOB=VALUE",
                    help="seat the hero with this ai.style.Style knob changed (knob_bot.py; "
                         "repeatable, not with --personality)")
    args = ap.parse_args()
    if args.knob and args.personality:
        print("bench_arena: --knob and --personality do not go together", file=sys.stderr)
        return 2
    if args.knob:
        knobs(args.knob)  # a bad knob stops here, not in every game's bot
    if args.seeds < 1:
        print("bench_arena: --seeds must be at least 1", file=sys.stderr)
        return 2
    seats = parse_seats(args.seats)
    if not seats:
        print(f"bench_arena: --seats takes seats 0-3 joined by commas, not {args.seats!r}",
              file=sys.stderr)
        return 2
    if args.pair:
        try:
            base, digests = read_runs(args.pair)
        except OSError as e:
            print(f"bench_arena: {e}", file=sys.stderr)
            return 2
    py = ENV / "venv_mjai" / "bin" / "python"
    if not py.exists() or not (ARENA / "arena.py").exists():
        print(f"bench_arena: no arena at {ARENA} with {py} (see its README)", file=sys.stderr)
        return 2
    hero = hero_command(args.level, args.personality, args.knob)
    if not args.knob and not args.personality:  # a base for later runs (arena_pair.py)
        print(f"# fingerprints {fingerprints_digest()} {args.level}", flush=True)
    ranks: list[int] = []
    games: dict[tuple[int, int], int] = {}
    errors = 0
    mine: dict[str, float] = {}
    theirs: dict[str, float] = {}
    times: dict[str, list[float]] = {}
    if args.logs:
        Path(args.logs).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        logs = str(Path(args.logs).resolve()) if args.logs else tmp
        proc = subprocess.Popen([str(py), "-c", _RUNNER, hero, args.opp, str(args.seeds),
                                 str(args.seed), ",".join(map(str, seats))],
                                cwd=ARENA, env=arena_env(logs), stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        for line in proc.stdout:
            r = json.loads(line)
            seat = r["hero_seat"]
            ranks.append(r["ranks"][seat])
            games[r["seed"], seat] = r["ranks"][seat]
            errors += r["errors"]
            log = Path(r["log"])
            add(mine, seat_rates(log, [seat]))
            add(theirs, seat_rates(log, [s for s in range(4) if s != seat]))
            if not args.logs:
                log.unlink()
            for name, (n, total, worst) in r["decision_stats"].items():
                who = "hero" if name.startswith("env") else name
                t = times.setdefault(who, [0.0, 0.0, 0.0])
                t[0] += n
                t[1] += total
                t[2] = max(t[2], worst)
            print(f"seed {r['seed']} seat {seat}: rank {r['ranks'][seat]}, "
                  f"score {r['scores'][seat]}, {r['kyoku']} rounds, {r['wall_s']}s"
                  + (f", {r['errors']} ERRORS" if r["errors"] else ""), flush=True)
        if proc.wait() != 0:
            print(f"bench_arena: the arena stopped (exit {proc.returncode})", file=sys.stderr)
            return 1
    n = len(ranks)
    if not n:
        return 1
    mean, half = mean_interval(ranks)
    goal = GOALS.get(args.opp)
    verdict = "" if goal is None else ("ok   " if mean <= goal else "MISS ")
    print(f"{args.level} vs 3 {args.opp}, {n} games (seeds {args.seed}..{args.seed + args.seeds - 1}):")
    print(f"  {verdict}average rank {mean:.3f} (95% CI {mean - half:.2f}-{mean + half:.2f}"
          + (f"; goal <= {goal:.2f})" if goal is not None else ")"))
    print("       ranks 1st-4th " + "/".join(str(ranks.count(k)) for k in (1, 2, 3, 4)))
    print(f"  {'ok   ' if errors == 0 else 'MISS '}errors {errors} (goal 0)")
    print("       " + describe("hero", mine))
    print("       " + describe(args.opp, theirs))
    for who, (cnt, total, worst) in times.items():
        print(f"       decisions {who}: {int(cnt)}, mean {1000 * total / max(1, cnt):.1f} ms, "
              f"max {1000 * worst:.0f} ms")
    if args.pair:
        warning = stale(digests)
        if warning:
            print(warning, file=sys.stderr)
        print(f"  paired with {' '.join(args.pair)}: {paired(base, games)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
