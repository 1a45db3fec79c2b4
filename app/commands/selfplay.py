"""``riichi selfplay``: an AI league. Plays seeded games between AI kinds and reports, per seat
type, the average rank with a 95% interval, the rank distribution, win, deal-in, riichi, call and
draw rates, average win and deal-in points and decision times.

    riichi selfplay --games 400 --seed 1 --seats hard,greedy,greedy,greedy --duplicate --workers 2

A seat is ``KIND`` or ``KIND:PERSONALITY`` (``hard:aggressive``). With ``--duplicate`` each seed is
played four times with the line-up rotated, so the first seat type sits in every seat over the
same walls (a wall depends only on the seed, the round and the honba): luck of the deal cancels.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

NAME = "selfplay"
HELP = "AI league: seeded games between AI kinds, with rank and rate statistics"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument(
        "--seats", default=None,
        help="four (three with --players 3) seat types, KIND[:PERSONALITY] or mjai:COMMAND (an "
             "external mjai bot, given its seat as last argument), comma-separated (first = "
             "challenger); default hard,greedy,greedy,greedy (three players: hard,greedy,greedy)",
    )
    parser.add_argument("--players", type=int, choices=(3, 4), default=4,
                        help="4 (default) or 3: three-player games (P1, rules tenhou3)")
    parser.add_argument(
        "--duplicate", action="store_true",
        help="play each seed four times, rotating the line-up through the seats",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--rules", default=None,
                        help="rule preset (default tenhou; tenhou3 with --players 3)")
    parser.add_argument(
        "--length", choices=("hanchan", "tonpuusen"), default=None,
        help="game length (default: the preset's)",
    )


# ---------------------------------------------------------------------------- playing


@dataclass
class SeatRecord:
    """One seat's results in one game."""

    label: str
    rank: int  # 1-4
    points: int
    score: float
    rounds: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0  # rounds with at least one chi/pon/daiminkan
    draws: int = 0  # rounds ending in an exhaustive draw
    win_points: int = 0
    deal_in_points: int = 0
    failures: int = 0  # exceptions inside the agent, answered by its fallback move
    times: list[float] = field(default_factory=list)  # seconds per decision
    players: int = 4  # seats in the game (P1: three)


def parse_seats(text: str, players: int = 4) -> list[tuple[str, str | None]]:
    from ai import KINDS, PERSONALITIES

    specs = [s.strip() for s in text.split(",") if s.strip()]
    if len(specs) != players:
        count = "four" if players == 4 else "three"
        raise ValueError(f"--seats needs {count} seat types, got {len(specs)}: {text!r}")
    out = []
    for spec in specs:
        if spec.startswith("mjai:") and players == 3:
            raise ValueError("an mjai bot cannot take a three-player seat: mjai has no agreed "
                             "three-player form")
        if spec.startswith("mjai:"):  # an external mjai bot (app/mjai_client.py)
            out.append(("mjai", spec[len("mjai:"):]))
            continue
        kind, _, pers = spec.partition(":")
        if kind not in KINDS:
            raise ValueError(f"unknown AI kind {kind!r} in --seats; kinds: {', '.join(KINDS)}")
        if pers and pers not in PERSONALITIES:
            raise ValueError(
                f"unknown personality {pers!r} in --seats; personalities: {', '.join(PERSONALITIES)}"
            )
        out.append((kind, pers or None))
    return out


def make_rules(preset_name: str, length: str | None, players: int | None = None):
    """The preset (with ``length``); ``players`` given, the preset must be for that many
    (``ValueError`` otherwise)."""
    from engine.errors import RulesError
    from engine.rules import preset

    try:
        rules = preset(preset_name)
        if length:
            rules = rules.replace(length=length)
    except RulesError as e:
        raise ValueError(str(e)) from None
    if players is not None and rules.players != players:
        raise ValueError(f"--rules {preset_name} is for {rules.players} players, not {players} "
                         "(three players: tenhou3 or majsoul3)")
    return rules


def play_game(seed: int, seats: Sequence[str], rules, timed: bool = True,
              clock=time.perf_counter) -> list[SeatRecord]:
    """Play one game; ``seats[s]`` is seat s's type. Agents are seeded from the game seed and the
    seat, so a game is reproducible. Decisions are timed with ``clock`` (wall clock by default;
    ``time.thread_time`` measures CPU only, for a loaded machine)."""
    from ai import make_agent
    from engine.driver import play_out
    from engine.game import Game

    n = rules.players
    parsed = parse_seats(",".join(seats), n)
    agents = []
    for s, (kind, pers) in enumerate(parsed):
        if kind == "mjai":  # the external bot's seat; our normal AI takes over if it fails
            from app.mjai_client import MjaiAgent

            fallback = make_agent("normal", seed=seed * 4 + s, rules=rules)
            agents.append(MjaiAgent(pers or "", seat=s, fallback=fallback,
                                    notify=lambda m: print(f"selfplay: {m}", file=sys.stderr)))
        else:
            agents.append(make_agent(kind, seed=seed * 4 + s, personality=pers, rules=rules))
    game = Game(rules, seed)
    for agent in agents:
        if hasattr(agent, "bind"):
            agent.bind(game)
    times: list[list[float]] = [[] for _ in range(n)]
    play_out(game, dict(enumerate(agents)), clock=clock if timed else None,
             on_decision=lambda seat, seconds: times[seat].append(seconds))
    for agent in agents:
        if hasattr(agent, "close"):
            agent.close()
    totals = seat_totals(game.events, n)
    result = game.result
    assert result is not None
    out = []
    for s in range(n):
        out.append(SeatRecord(
            label=seats[s], rank=result.ranking.index(s) + 1, points=result.points[s],
            score=float(result.scores[s]), times=times[s],
            failures=getattr(agents[s], "failures", 0), players=n, **totals[s],
        ))
    return out


def seat_totals(events, n: int) -> list[dict[str, int]]:
    """Each seat's counts over a game's ``events``: rounds, wins, deal-ins, riichi, rounds with a
    call, exhaustive draws, and the points its wins brought and its deal-ins cost."""
    from engine.events import Called, DrawKind, RiichiAccepted, RoundDrawn, RoundStarted, Win

    totals = [dict(rounds=0, wins=0, deal_ins=0, riichi=0, calls=0, draws=0, win_points=0,
                   deal_in_points=0) for _ in range(n)]
    called = [False] * n  # this round
    for ev in events:
        if isinstance(ev, RoundStarted):
            called = [False] * n
            for s in range(n):
                totals[s]["rounds"] += 1
        elif isinstance(ev, Win):
            totals[ev.seat]["wins"] += 1
            totals[ev.seat]["win_points"] += ev.deltas[ev.seat]
            if ev.from_seat != ev.seat:
                totals[ev.from_seat]["deal_ins"] += 1
                totals[ev.from_seat]["deal_in_points"] += -ev.deltas[ev.from_seat]
        elif isinstance(ev, RiichiAccepted):
            totals[ev.seat]["riichi"] += 1
        elif isinstance(ev, Called) and not called[ev.seat]:
            called[ev.seat] = True
            totals[ev.seat]["calls"] += 1
        elif isinstance(ev, RoundDrawn) and ev.kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI):
            for s in range(n):
                totals[s]["draws"] += 1
    return totals


def jobs_for(games: int, seed: int, seats: Sequence[str], duplicate: bool):
    """(seed, line-up) for every game; in duplicate mode a seed's four games (three with three
    seats) rotate the line-up so that ``seats[0]`` sits in every seat."""
    if not duplicate:
        return [(seed + i, tuple(seats)) for i in range(games)]
    n = len(seats)
    out = []
    for i in range(math.ceil(games / n)):
        for r in range(n):
            out.append((seed + i, tuple(seats[(s - r) % n] for s in range(n))))
    return out


def _run_job(job) -> list[SeatRecord]:
    seed, lineup, preset_name, length = job
    return play_game(seed, lineup, make_rules(preset_name, length))


# ---------------------------------------------------------------------------- statistics


@dataclass
class Summary:
    label: str
    games: int = 0
    ranks: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    rounds: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    draws: int = 0
    win_points: int = 0
    deal_in_points: int = 0
    failures: int = 0
    times: list[float] = field(default_factory=list)
    players: int = 4

    def add(self, r: SeatRecord) -> None:
        self.games += 1
        self.players = r.players
        self.ranks.append(r.rank)
        self.scores.append(r.score)
        for name in ("rounds", "wins", "deal_ins", "riichi", "calls", "draws", "win_points",
                     "deal_in_points", "failures"):
            setattr(self, name, getattr(self, name) + getattr(r, name))
        self.times.extend(r.times)

    def report(self) -> dict:
        n = max(1, len(self.ranks))
        mean = sum(self.ranks) / n
        var = sum((x - mean) ** 2 for x in self.ranks) / max(1, n - 1)
        half = 1.96 * math.sqrt(var / n) if n > 1 else float("nan")
        rounds = max(1, self.rounds)
        ts = sorted(self.times)

        def pct(q: float) -> float:
            return ts[min(len(ts) - 1, int(q * len(ts)))] * 1000 if ts else 0.0

        return {
            "seat": self.label,
            "games": self.games,
            "avg_rank": round(mean, 3),
            "rank_ci95": [round(mean - half, 3), round(mean + half, 3)],
            "rank_dist": [round(self.ranks.count(k) / n, 3)
                          for k in range(1, self.players + 1)],
            "avg_score": round(sum(self.scores) / n, 2),
            "rounds": self.rounds,
            "win_rate": round(self.wins / rounds, 4),
            "deal_in_rate": round(self.deal_ins / rounds, 4),
            "riichi_rate": round(self.riichi / rounds, 4),
            "call_rate": round(self.calls / rounds, 4),
            "draw_rate": round(self.draws / rounds, 4),
            "avg_win_points": round(self.win_points / max(1, self.wins)),
            "avg_deal_in_points": round(self.deal_in_points / max(1, self.deal_ins)),
            "decisions": len(ts),
            "decision_ms_p50": round(pct(0.5), 3),
            "decision_ms_p99": round(pct(0.99), 3),
            "failures": self.failures,
        }


def summarise(records: Iterable[SeatRecord]) -> list[dict]:
    by: dict[str, Summary] = {}
    for r in records:
        by.setdefault(r.label, Summary(r.label)).add(r)
    return [s.report() for s in by.values()]


def format_report(rows: list[dict], header: str) -> str:
    lines = [header]
    lines.append(
        f"{'seat':<18} {'games':>5} {'avg rank':>8} {'95% CI':>13}  {'1st/2nd/3rd/4th':<23}"
        f" {'win':>5} {'deal':>5} {'riichi':>6} {'call':>5} {'draw':>5} {'win pts':>7}"
        f" {'deal pts':>8} {'ms p50/p99':>11}"
    )
    for r in rows:
        lo, hi = r["rank_ci95"]
        dist = "/".join(f"{x * 100:.0f}%" for x in r["rank_dist"])
        lines.append(
            f"{r['seat']:<18} {r['games']:>5} {r['avg_rank']:>8.3f} {f'{lo:.2f}-{hi:.2f}':>13}  "
            f"{dist:<23} {r['win_rate'] * 100:>4.1f}% {r['deal_in_rate'] * 100:>4.1f}%"
            f" {r['riichi_rate'] * 100:>5.1f}% {r['call_rate'] * 100:>4.1f}%"
            f" {r['draw_rate'] * 100:>4.1f}% {r['avg_win_points']:>7} {r['avg_deal_in_points']:>8}"
            f" {r['decision_ms_p50']:>5.1f}/{r['decision_ms_p99']:<5.1f}"
        )
    for r in rows:
        if r.get("failures"):
            lines.append(f"warning: {r['seat']} failed {r['failures']} times (an exception "
                         "answered by its fallback move); these figures are not its own play")
    return "\n".join(lines)


class Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, total: int, stream=None) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self.start = time.monotonic()

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        width = 30
        filled = int(width * done / max(1, self.total))
        elapsed = time.monotonic() - self.start
        eta = elapsed / done * (self.total - done) if done else 0
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games "
            f"{elapsed:5.0f}s elapsed, ~{eta:4.0f}s left"
        )
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def league(games: int, seed: int, seats: Sequence[str], duplicate: bool = False,
           workers: int = 1, preset_name: str = "tenhou", length: str | None = None,
           progress: Progress | None = None) -> list[SeatRecord]:
    """Play the games (in ``workers`` processes) and return every seat's record."""
    jobs = [(s, lineup, preset_name, length) for s, lineup in jobs_for(games, seed, seats,
                                                                        duplicate)]
    records: list[SeatRecord] = []
    done = 0
    if workers > 1:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            for recs in pool.imap_unordered(_run_job, jobs):
                records.extend(recs)
                done += 1
                if progress:
                    progress.update(done)
    else:
        for job in jobs:
            records.extend(_run_job(job))
            done += 1
            if progress:
                progress.update(done)
    return records


def run(args: argparse.Namespace) -> int:
    players = args.players
    if args.rules is None:
        args.rules = "tenhou3" if players == 3 else "tenhou"
    if args.seats is None:
        args.seats = "hard,greedy,greedy" if players == 3 else "hard,greedy,greedy,greedy"
    try:
        specs = parse_seats(args.seats, players)
        make_rules(args.rules, args.length, players)
    except ValueError as e:
        print(f"riichi selfplay: {e}", file=sys.stderr)
        return 2
    if args.games < 1 or args.workers < 1:
        print("riichi selfplay: --games and --workers must be at least 1", file=sys.stderr)
        return 2
    seats = [k if p is None else f"{k}:{p}" for k, p in specs]
    n_games = len(jobs_for(args.games, args.seed, seats, args.duplicate))
    progress = Progress(n_games)
    t0 = time.monotonic()
    try:
        records = league(args.games, args.seed, seats, args.duplicate, args.workers, args.rules,
                         args.length, progress)
    finally:
        progress.close()
    rows = summarise(records)
    elapsed = time.monotonic() - t0
    if args.json:
        print(json.dumps({
            "games": n_games, "seed": args.seed, "seats": seats, "duplicate": args.duplicate,
            "rules": args.rules, "seconds": round(elapsed, 1), "results": rows,
        }, indent=2))
    else:
        mode = "duplicate" if args.duplicate else "plain"
        print(format_report(rows, f"{n_games} games ({mode}), seeds from {args.seed}, "
                                  f"{elapsed:.0f}s"))
    return 0
