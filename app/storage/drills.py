"""Drills: close call, riichi and push/fold positions to practise, kept in ``drills.json`` in
the data directory.

Two sources: the player's own mistakes of kept reviews (``app.storage.reviews``: decisions of
those categories graded inaccuracy or worse, the game rebuilt from the history) and seeded
self-play (``ai.review.drills``: strong AIs play a game, its call / riichi / push-fold decisions
are evaluated). Self-play drills are made lazily, a few ahead of the player, and kept, so a
drill is evaluated once. A drill is JSON: the rules, seed and actions before the decision (the
position is rebuilt with ``Game.replay``), the seat, and the decision as a kept review holds
it (options with value ± interval, win and deal-in rates; per option shanten, tiles, yaku), so
the review screen's option table shows it.

The file is written atomically; one that cannot be read is moved aside (``drills.json.bad``)
and started anew, with a message. Plain Python: no Textual here.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.storage.atomic import atomic_write_text, move_aside
from app.storage.paths import data_dir

VERSION = 1
DRILLS_FILE = "drills.json"
#: self-play drills kept waiting for the player; more are made while fewer are left
AHEAD = 3
#: answered drills remembered (so a mistake is not asked twice); the oldest are forgotten
DONE_MAX = 2000
#: the self-play's settings (tests make them small: few samples, the quick greedy AI)
SETTINGS: dict[str, Any] = {"samples": 64, "level": "hard"}
NEED = ("id", "source", "rules", "seed", "actions", "seat", "decision", "eval")

_lock = threading.Lock()  # the screen's thread and the generating worker share the file


def drills_path() -> Path:
    return data_dir() / DRILLS_FILE


def empty() -> dict[str, Any]:
    return {"version": VERSION, "next_seed": 1, "drills": [], "done": []}


def _valid(data: Any) -> bool:
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return False
    if not isinstance(data.get("next_seed"), int) or not isinstance(data.get("done"), list):
        return False
    drills = data.get("drills")
    return isinstance(drills, list) and all(
        isinstance(d, dict) and all(k in d for k in NEED) for d in drills)


def load_cache() -> tuple[dict[str, Any], str | None]:
    """The kept drills (an empty cache when there are none), and why the file was bad (it is
    moved aside and the cache starts anew) or None."""
    path = drills_path()
    if not path.exists():
        return empty(), None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        why = f"{path.name}: {exc}"
    else:
        if _valid(data):
            return data, None
        why = f"{path.name}: not a drills file of this riichi"
    try:
        move_aside(path)
    except OSError:
        pass
    return empty(), why


def save_cache(data: dict[str, Any]) -> None:
    """Write the cache atomically (``OSError`` when it cannot be)."""
    data["done"] = data["done"][-DONE_MAX:]
    atomic_write_text(drills_path(), json.dumps(data, ensure_ascii=False))


def answered(data: dict[str, Any], drill_id: str) -> bool:
    """Mark a drill answered (never asked again) and keep the cache; False when the file
    could not be written (the drill is then forgotten only for this session)."""
    with _lock:
        if drill_id not in data["done"]:
            data["done"].append(drill_id)
        data["drills"] = [d for d in data["drills"] if d["id"] != drill_id]
        try:
            save_cache(data)
        except OSError:
            return False
    return True


def new_session() -> str:
    """A drill session's id: when it started (UTC, ISO 8601)."""
    import datetime as _dt

    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


def record_answer(session: str, entry: dict[str, Any], category: str, grade: str,
                  lost: float) -> bool:
    """Keep an answer in the history (accuracy per category); False when it is unavailable."""
    from app.storage.drill_results import DrillAnswer
    from app.storage.history import History

    with History.open(check=False) as h:
        return h.record_drill(DrillAnswer(session, entry["id"], entry["source"], category,
                                          grade, lost))


# --------------------------------------------------------------------------- building drills


def decision_dict(drill: Any) -> dict[str, Any]:
    """A self-play ``ai.review.drills.Drill`` as a kept review's decision (``option_table``
    reads it): options with values, and per option what the hand is after it."""
    from ai.review.grades import grade
    from ai.review.review import Decision
    from app.storage.reviews import option_details
    from engine.game import Game

    game = Game.replay(drill.rules, drill.seed, drill.actions)
    view = game.view(drill.seat)
    best = max(drill.values, key=lambda v: v.mean)
    mine = drill.values[drill.options.index(drill.played)]
    g = grade(mine.loss, mine.loss_half, mine is best)
    d = Decision(len(drill.actions), drill.round, drill.seat, drill.category, drill.played,
                 drill.options, drill.values, best.action, g,
                 0.0 if mine is best else mine.loss, mine.loss_half).to_dict()
    d["round_index"], d["honba"] = game.round_index, game.honba
    d["details"] = [{"text": str(a), "action": a.to_dict(),
                     **option_details(view, a, drill.rules)} for a in drill.options]
    return d


def selfplay_entry(drill: Any, samples: int) -> dict[str, Any]:
    """The cache's entry for a self-play drill."""
    index = len(drill.actions)
    return {
        "id": f"selfplay:{drill.seed}:{index}", "source": "selfplay",
        "rules": drill.rules.to_dict(), "seed": drill.seed,
        "actions": [[s, a.to_dict()] for s, a in drill.actions], "seat": drill.seat,
        "decision": decision_dict(drill), "close": drill.close,
        "eval": {"seed": drill.seed * 100003 + index,
                 "samples": drill.values[0].samples if drill.values else samples},
    }


def make_selfplay(data: dict[str, Any], want: int = AHEAD,
                  cancelled: Callable[[], bool] | None = None,
                  added: Callable[[dict[str, Any]], None] | None = None) -> int:
    """Play self-play games (seeds from ``data["next_seed"]``) until ``want`` self-play drills
    wait unanswered; each new drill is added to ``data``, kept, and told to ``added``. The
    number made. ``ai.review.rollout.Cancelled`` when ``cancelled()`` says so."""
    from ai.review.drills import drill_positions, evaluate_position, selfplay_game
    from ai.review.rollout import Cancelled
    from engine.rules import RuleSet

    rules = RuleSet()
    made = 0
    samples = int(SETTINGS["samples"])
    while sum(d["source"] == "selfplay" for d in data["drills"]) < want:
        with _lock:
            seed = data["next_seed"]
            data["next_seed"] = seed + 1
        game = selfplay_game(seed, rules, str(SETTINGS["level"]), cancelled)
        for p in drill_positions(game, rules):
            if cancelled is not None and cancelled():
                raise Cancelled
            drill = evaluate_position(p, game.actions, rules, seed, samples=samples,
                                      cancelled=cancelled)
            entry = selfplay_entry(drill, samples)
            with _lock:
                if entry["id"] in data["done"]:
                    continue
                data["drills"].append(entry)
                try:
                    save_cache(data)
                except OSError:
                    pass  # kept in memory for this session; the screen says nothing of it
            made += 1
            if added is not None:
                added(entry)
    return made


def mistake_drills(done: set[str] | list[str]) -> list[dict[str, Any]]:
    """The player's own mistakes as drills: every kept review's decisions of a drill category
    graded inaccuracy or worse, not yet answered, newest reviews first. A kept file that
    cannot be read, or whose game is no longer in the history, gives none."""
    from ai.review.drills import DRILL_CATEGORIES
    from app.storage.history import History
    from app.storage.reviews import REVIEWS_DIR

    folder = data_dir() / REVIEWS_DIR
    if not folder.is_dir():
        return []
    seen = set(done)
    files = sorted(folder.glob("*.json"), key=lambda f: f.stat().st_mtime, reverse=True)
    out: list[dict[str, Any]] = []
    with History.open(check=False) as h:
        for f in files:
            try:
                review = json.loads(f.read_text(encoding="utf-8"))
                game_id, seat = review["game_id"], int(review["seat"])
                decisions = list(review["decisions"])
                eval_seed = int(review.get("seed", 0))
            except (OSError, ValueError, KeyError, TypeError):
                continue
            record = None
            for d in decisions:
                if not isinstance(d, dict) or d.get("category") not in DRILL_CATEGORIES:
                    continue
                if d.get("grade") not in ("inaccuracy", "mistake", "blunder"):
                    continue
                if not d.get("options") or "details" not in d:
                    continue
                drill_id = f"mistake:{game_id}:{seat}:{d['index']}"
                if drill_id in seen:
                    continue
                record = record or h.get_game(game_id)
                if record is None:
                    break
                seen.add(drill_id)
                out.append({
                    "id": drill_id, "source": "mistake", "rules": record.rules,
                    "seed": record.seed, "actions": record.actions[: d["index"]],
                    "seat": seat, "decision": d, "close": False,
                    "eval": {"seed": eval_seed * 100003 + d["index"],
                             "samples": d["options"][0].get("samples", 64)},
                })
    return out


def position(entry: dict[str, Any]) -> tuple[Any, Any, tuple[Any, ...]]:
    """(game, the seat's view, its legal actions) at the drill; ``ValueError`` when it cannot
    be rebuilt (rules or actions this riichi refuses)."""
    from engine.actions import action_from_dict
    from engine.errors import IllegalAction, RulesError
    from engine.game import Game
    from engine.rules import RuleSet

    try:
        rules = RuleSet.from_dict(entry["rules"])
        actions = [(int(s), action_from_dict(a)) for s, a in entry["actions"]]
        game = Game.replay(rules, int(entry["seed"]), actions)
    except (RulesError, IllegalAction, ValueError, KeyError, TypeError) as exc:
        raise ValueError(str(exc)) from None
    seat = int(entry["seat"])
    legal = game.pending().get(seat, ())
    if not legal:
        raise ValueError("the drill's seat has nothing to decide there")
    return game, game.view(seat), tuple(legal)


def with_answer(entry: dict[str, Any], action: Any,
                cancelled: Callable[[], bool] | None = None) -> dict[str, Any]:
    """The drill's decision with ``action`` (a legal action the drill did not evaluate) among
    its options: every option evaluated again on the same samples (common random numbers: the
    drill's own seed and sample count, so the old options keep their values)."""
    from ai.review.grades import grade
    from ai.review.review import Decision
    from ai.review.rollout import evaluate
    from app.storage.reviews import option_details
    from engine.actions import action_from_dict

    game, view, legal = position(entry)
    d = entry["decision"]
    options = [action_from_dict(o["action"]) for o in d["options"]] + [action]
    values = evaluate(game, int(entry["seat"]), options, samples=int(entry["eval"]["samples"]),
                      seed=int(entry["eval"]["seed"]), cancelled=cancelled)
    played = action_from_dict(d["played"])
    best = max(values, key=lambda v: v.mean)
    mine = values[options.index(played)] if played in options else best
    g = grade(mine.loss, mine.loss_half, mine is best)
    out = Decision(d["index"], d["round"], int(entry["seat"]), d["category"], played,
                   tuple(options), tuple(values), best.action, g,
                   0.0 if mine is best else mine.loss, mine.loss_half).to_dict()
    out["round_index"], out["honba"] = d.get("round_index"), d.get("honba")
    out["details"] = list(d["details"]) + [{"text": str(action), "action": action.to_dict(),
                                            **option_details(view, action, game.rules)}]
    return out


__all__ = ["AHEAD", "SETTINGS", "answered", "decision_dict", "drills_path", "load_cache", "make_selfplay",
           "mistake_drills", "new_session", "position", "record_answer", "save_cache", "selfplay_entry", "with_answer"]
