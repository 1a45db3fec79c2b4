"""``riichi replay FILE... [--check] [--json]``: replay real game records (Tenhou mjlog, plain or
gzip, and tenhou.net/6 JSON; directories are searched) through the engine.

Without ``--check`` every recorded action must be legal for the engine; with ``--check`` every
round's result (winners, han, fu, yaku, points, score changes, draws, tenpai), the game flow and
the final scores must match too. One line per file, then ``N games, M rounds, K mismatches``.
Exit status: 0 all agree, 1 some mismatch, 2 some file could not be read (the others are still
replayed; a file cut short is reported and its complete rounds count).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

NAME = "replay"
HELP = "replay Tenhou game records through the engine and compare the results"

_SUFFIXES = (".mjlog", ".xml", ".gz", ".json", ".txt", ".jsonl", ".mjson")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="mjlog (.mjlog, gzip too), tenhou.net/6 JSON or mjai JSON-lines files, "
                             "or directories")
    parser.add_argument("--check", action="store_true",
                        help="compare every result with the record (default: legality only)")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object per file, then a summary object")


def _expand(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.is_file()
                              and q.name.lower().endswith(_SUFFIXES)))
        else:
            out.append(p)
    return out


def run(args: argparse.Namespace) -> int:
    from engine.records import RecordError, read_record
    from engine.replay import replay_game

    games = rounds = mismatches = unreadable = 0
    files = _expand(args.files)
    if not files:
        print("no record files found", flush=True)
        return 2
    for path in files:
        try:
            record = read_record(path)
        except RecordError as exc:
            unreadable += 1
            if args.json:
                print(json.dumps({"file": str(path), "error": str(exc)}, ensure_ascii=False))
            else:
                print(f"UNREADABLE {exc}")
            continue
        report = replay_game(record, check=args.check)
        games += 1
        rounds += report.rounds
        mismatches += len(report.mismatches)
        if args.json:
            print(json.dumps({
                "file": str(path), "rounds": report.rounds,
                "mismatches": [{"round": m.round, "round_number": m.round_number,
                                "turn": m.turn, "what": m.what} for m in report.mismatches],
                "problem": report.problem,
            }, ensure_ascii=False))
            continue
        status = "OK" if report.ok else "MISMATCH"
        line = (f"{status} {path}: {report.rounds} round{'s' * (report.rounds != 1)}, "
                f"{len(report.mismatches)} mismatch{'es' * (len(report.mismatches) != 1)}")
        if report.problem:
            line += f" (record incomplete: {report.problem})"
        print(line)
        if report.mismatches:
            print(f"  first: {report.mismatches[0]}")
    summary = f"{games} games, {rounds} rounds, {mismatches} mismatches"
    if unreadable:
        summary += f", {unreadable} unreadable file{'s' * (unreadable != 1)}"
    if args.json:
        print(json.dumps({"games": games, "rounds": rounds, "mismatches": mismatches,
                          "unreadable": unreadable, "check": args.check}))
    else:
        print(summary)
    if unreadable:
        return 2
    return 1 if mismatches else 0
