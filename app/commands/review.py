"""``riichi review GAME|FILE [--seat N] [--json]``: grade every decision of one seat.

GAME is ``last`` (the newest finished game of the history) or a game id from ``riichi history
--json``; FILE an imported record (Tenhou mjlog, tenhou.net/6 JSON or mjai JSON lines). The seat
is the human's in our games, seat 0 in a record, unless ``--seat`` says otherwise. Each decision
is played out from sampled hidden tiles with a fast policy at every seat (``ai.review``); the
listing shows every option's value with its 95% interval, win and deal-in rates, and the grade of
the option played; then match rate and value lost per category. ``--json`` prints one object.
Exit status: 0 reviewed, 2 bad game, file or seat (one line saying why; nothing is changed).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

NAME = "review"
HELP = "grade every decision of a seat in a finished game or an imported record"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", metavar="GAME|FILE",
                        help="'last', a game id from the history, or a record file (mjlog, "
                             "tenhou.net/6, mjai)")
    parser.add_argument("--seat", type=int, default=None, metavar="N",
                        help="the seat to review, 0-3 (default: the human's; 0 in a record)")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument("--samples", type=int, default=None, metavar="N",
                        help="sampled positions per decision (default 64; more: slower, surer)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampling (default 0)")
    parser.add_argument("--workers", type=int, default=2, metavar="N",
                        help="worker processes (default 2)")
    parser.add_argument("--limit", type=int, default=None, metavar="N",
                        help="review only the first N decisions")


class ReviewInputError(Exception):
    """A bad game id, file or seat: the message is the one line the user sees."""


def _load(spec: str, seat: int | None) -> tuple[Any, int, str]:
    """(walk, seat, description) of a game id, ``last`` or a record file."""
    from ai.review.walk import walk_record, walk_saved
    from app.storage.history import History
    from app.storage.played import seat_kind
    from engine.actions import action_from_dict
    from engine.errors import RulesError
    from engine.game import Game
    from engine.records import RecordError, read_record
    from engine.rules import RuleSet

    path = Path(spec)
    if spec != "last" and path.exists():
        if path.is_dir():
            raise ReviewInputError(f"{spec} is a directory: name one record file")
        try:
            record = read_record(path)
        except RecordError as exc:
            raise ReviewInputError(f"cannot read {spec}: {exc}") from None
        chosen = 0 if seat is None else seat
        name = record.names[chosen] if chosen < len(record.names) else ""
        walk = walk_record(record, chosen)
        return walk, chosen, f"{path.name}, seat {chosen}" + (f" ({name})" if name else "")
    with History.open(check=False) as h:
        if spec == "last":
            games = h.list_games(1)
            if not games:
                raise ReviewInputError("no finished game in the history yet to review")
            spec = games[0].game_id
        played = h.get_game(spec)
    if played is None:
        raise ReviewInputError(
            f"no game {spec!r} in the history and no such file (ids: riichi history --json)")
    if seat is None:
        seat = next((i for i, s in enumerate(played.seats) if seat_kind(s) == "human"), 0)
    try:
        rules = RuleSet.from_dict(played.rules)
        actions = [(int(s), action_from_dict(a)) for s, a in played.actions]
        game = Game(rules, played.seed)
    except (RulesError, ValueError, KeyError, TypeError) as exc:
        raise ReviewInputError(f"game {spec} cannot be replayed: {exc}") from None
    return walk_saved(game, actions, seat), seat, f"game {spec}, seat {seat}"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def render(review: Any, title: str) -> str:
    """The readable listing of a review (``ai.review.review.Review``)."""
    from ai.review.review import GROWTH

    lines = [f"Review of {title}: {len(review.decisions)} decisions, "
             f"{review.samples} samples each, up to {GROWTH * review.samples} where the best "
             f"is unsettled (seed {review.seed})"]
    if review.problem:
        lines.append(f"note: reviewed up to where the engine stopped: {review.problem}")
    for d in review.decisions:
        head = (f"{d.round:<16} #{d.index:<4} {d.category:<10} played {d.played}: "
                f"{d.grade.upper()}")
        if d.obvious:
            head += " (obvious: the only discard keeping the best shanten)"
        elif d.grade != "best":
            head += f", lost {d.lost:.0f} ±{d.lost_half:.0f}; best {d.best}"
        lines.append(head)
        for v in d.values:
            mark = "*" if v.action == d.played else " "
            extra = f"  placement {v.placement:+.1f}" if v.placement is not None else ""
            lines.append(f"   {mark} {str(v.action):<32} {v.mean:+7.0f} ±{v.half:<5.0f} "
                         f"win {_pct(v.win_rate):>4}  deal-in {_pct(v.deal_in_rate):>4}"
                         f"{extra}  ({v.samples})")
    lines.append("")
    lines.append(f"{'category':<12} {'decisions':>9} {'match':>6} {'lost':>8}   "
                 "best/fine/inacc./mistake/blunder")
    for c in review.categories:
        g = c.grades
        lines.append(f"{c.category:<12} {c.decisions:>9} {_pct(c.match_rate):>6} "
                     f"{c.lost:>8.0f}   {g['best']}/{g['fine']}/{g['inaccuracy']}/"
                     f"{g['mistake']}/{g['blunder']}")
    lines.append(f"{'all':<12} {len(review.decisions):>9} {_pct(review.match_rate):>6} "
                 f"{review.lost:>8.0f}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from ai.review.review import DEFAULT_SAMPLES, review_walk

    if args.seat is not None and not 0 <= args.seat <= 3:
        print(f"error: --seat {args.seat} is not a seat: seats are 0-3", file=sys.stderr)
        return 2
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    if samples < 2:
        print(f"error: --samples {samples}: at least 2 are needed for an interval",
              file=sys.stderr)
        return 2
    if args.workers < 1:
        print(f"error: --workers {args.workers}: at least 1", file=sys.stderr)
        return 2
    try:
        walk, seat, title = _load(args.game, args.seat)
    except ReviewInputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    positions = walk.positions[: args.limit] if args.limit is not None else walk.positions
    tty = sys.stderr.isatty() and not args.json

    def progress(done: int, total: int) -> None:
        print(f"\rreviewing {done}/{total}", end="", file=sys.stderr, flush=True)

    review = review_walk(walk, samples=samples, seed=args.seed, workers=args.workers,
                         positions=positions, progress=progress if tty else None)
    review.seat = seat
    if tty:
        print(file=sys.stderr)
    if args.json:
        out = review.to_dict()
        out["game"] = title
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(render(review, title))
    return 0
