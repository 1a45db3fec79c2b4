"""Fingerprints of the engine's and the AIs' behaviour: a refactoring must leave them identical.

    .venv/bin/python benchmarks/fingerprints.py              # print them
    .venv/bin/python benchmarks/fingerprints.py --write F    # store them in F (JSON)
    .venv/bin/python benchmarks/fingerprints.py --check F    # compare with F; exit 1 on a change

Two kinds:
- ``games``: 12 seeded games (every AI kind and personality, the tenhou/majsoul/local presets,
  hanchan and tonpuusen), each hashed twice: its actions (the save file) and the ``repr`` of every
  event (what each action caused, scores and results included).
- ``replays``: every record under ``../shared/logs`` replayed with ``--check``: the rounds, every
  mismatch's text, and a hash of the events of the game the replay built.

A change of behaviour (an AI tuned, a rule fixed) changes them on purpose: take fresh ones then,
and say so in the commit.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
LOGS = ROOT.parent / "shared" / "logs"

#: (name, preset, length or None, seed, a kind[:personality] per seat: four, or three (P1))
GAMES = (
    ("random-tenhou", "tenhou", None, 101, "random,random,random,random"),
    ("greedy-tenhou", "tenhou", None, 102, "greedy,greedy,greedy,greedy"),
    ("hard-vs-greedy-tenhou", "tenhou", None, 103, "hard,greedy,greedy,greedy"),
    ("hard4-tenhou", "tenhou", None, 104, "hard,hard,hard,hard"),
    ("normal4-majsoul", "majsoul", None, 105, "normal,normal,normal,normal"),
    ("levels-majsoul", "majsoul", None, 106, "easy,normal,hard,greedy"),
    ("personalities-local", "local", None, 107,
     "hard:aggressive,hard:defensive,normal:aggressive,easy:defensive"),
    ("random-local", "local", None, 108, "random,random,random,random"),
    ("hard4-tenhou-east", "tenhou", "tonpuusen", 109, "hard,hard,hard,hard"),
    ("mixed-majsoul-east", "majsoul", "tonpuusen", 110, "greedy,random,tsumogiri,normal"),
    ("normal4-local-east", "local", "tonpuusen", 111, "normal,normal,normal,normal"),
    ("mixed-tenhou", "tenhou", None, 112, "tsumogiri,greedy,hard:balanced,normal:defensive"),
    # three players (P1): the AI's three-player prices (ai/sanma.py) and the engine's sanma flow
    ("hard3-tenhou3", "tenhou3", None, 113, "hard,hard,hard"),
    ("levels3-majsoul3", "majsoul3", None, 114, "easy:aggressive,normal,hard:defensive"),
)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def play(preset_name: str, length: str | None, seed: int, seats: str):
    """One seeded game, every seat played by its AI (seeded from the game seed and the seat)."""
    from ai import make_agent
    from engine.driver import play_out
    from engine.game import Game
    from engine.rules import preset

    rules = preset(preset_name)
    if length:
        rules = rules.replace(length=length)
    agents = {}
    for s, spec in enumerate(seats.split(",")):
        kind, _, pers = spec.partition(":")
        agents[s] = make_agent(kind, seed=seed * 4 + s, personality=pers or None, rules=rules)
    game = Game(rules, seed)
    play_out(game, agents)
    return game


def game_prints() -> dict[str, dict[str, str]]:
    out = {}
    for name, preset_name, length, seed, seats in GAMES:
        g = play(preset_name, length, seed, seats)
        out[name] = {
            "actions": _sha(json.dumps(g.to_dict()["actions"])),
            "events": _sha("\n".join(repr(e) for e in g.events)),
            "points": str(g.result.points if g.result else None),
        }
    return out


def _here(text: str) -> str:
    """A replay's text with the logs folder's own path taken out, so that prints agree between checkouts."""
    return text.replace(f"{LOGS.resolve()}{os.sep}", "").replace(f"{LOGS}{os.sep}", "")


def replay_prints() -> dict[str, dict[str, object]]:
    from engine.records import RecordError, read_record
    from engine.replay import replay_game

    sys.path.insert(0, str(ROOT))
    from app.commands.replay import _expand

    out: dict[str, dict[str, object]] = {}
    for path in _expand([str(LOGS / d) for d in sorted(os.listdir(LOGS))
                         if (LOGS / d).is_dir()]):
        key = str(path.relative_to(LOGS))
        try:
            record = read_record(path)
        except RecordError as exc:
            out[key] = {"error": _here(str(exc))}
            continue
        report = replay_game(record, check=True)
        events = report.game.events if report.game is not None else []
        out[key] = {
            "rounds": report.rounds,
            "mismatches": [_here(str(m)) for m in report.mismatches],
            "events": _sha("\n".join(repr(e) for e in events)),
        }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", metavar="FILE")
    parser.add_argument("--check", metavar="FILE")
    parser.add_argument("--only", choices=("games", "replays"))
    args = parser.parse_args()
    prints: dict[str, object] = {}
    if args.only != "replays":
        prints["games"] = game_prints()
    if args.only != "games":
        prints["replays"] = replay_prints()
    if args.write:
        out = Path(args.write)
        written = prints
        if args.only and out.exists():  # the other part kept as it was, not dropped
            written = {**json.loads(out.read_text()), **prints}
        out.write_text(json.dumps(written, indent=1, sort_keys=True) + "\n")
    if args.check:
        want = json.loads(Path(args.check).read_text())
        bad = 0
        for part, items in prints.items():
            for key, value in items.items():  # type: ignore[attr-defined]
                if want.get(part, {}).get(key) != value:
                    bad += 1
                    print(f"CHANGED {part} {key}: {want.get(part, {}).get(key)} -> {value}")
            missing = set(want.get(part, {})) - set(items)  # type: ignore[arg-type]
            for key in sorted(missing):
                bad += 1
                print(f"MISSING {part} {key}")
        n = sum(len(v) for v in prints.values())  # type: ignore[arg-type]
        print(f"{n} fingerprints, {bad} changed")
        return 1 if bad else 0
    if not args.write:
        print(json.dumps(prints, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
