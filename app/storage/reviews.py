"""Kept reviews: a finished game's review (``ai.review``) computed once and kept as JSON under the
data directory, keyed by the game id and the review's settings (seat, samples, seed, limit), so
opening it again is instant.

A kept file is written atomically (``storage.atomic``); one that cannot be read or does not hold
a review is moved aside (``<name>.bad``) and the review is computed again, with a message. Each
decision of a kept review also holds, per option, what the hand is after it (shanten, tiles that
improve it, yaku routes), taken from the seat's view when the review was computed: the option
table of the app needs the position, which the kept file then does not.

Plain Python: no Textual here (the review screen runs ``compute`` in a worker thread).
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.storage.atomic import atomic_write_text, move_aside
from app.storage.paths import data_dir

VERSION = 1
REVIEWS_DIR = "reviews"


@dataclass(frozen=True, slots=True)
class ReviewKey:
    """What a kept review is computed from: the game, the seat and the review's settings."""

    game_id: str
    seat: int
    samples: int
    seed: int = 0
    limit: int | None = None

    def file_name(self) -> str:
        safe = re.sub(r"[^A-Za-z0-9_.-]", "_", self.game_id)
        tail = "" if self.limit is None else f"-l{self.limit}"
        return f"{safe}-s{self.seat}-n{self.samples}-r{self.seed}{tail}.json"


class Cancelled(Exception):
    """The review was cancelled (Esc) before it finished: nothing is kept."""


def review_path(key: ReviewKey) -> Path:
    return data_dir() / REVIEWS_DIR / key.file_name()


def _valid(data: Any, key: ReviewKey) -> bool:
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return False
    if data.get("game_id") != key.game_id or data.get("seat") != key.seat:
        return False
    decisions = data.get("decisions")
    if not isinstance(decisions, list) or not isinstance(data.get("categories"), list):
        return False
    need = ("index", "round", "category", "played_text", "best_text", "grade", "lost",
            "lost_interval", "options", "details", "obvious")
    for d in decisions:
        if not isinstance(d, dict) or any(k not in d for k in need):
            return False
        if not isinstance(d["options"], list) or not isinstance(d["details"], list):
            return False
    return True


def load_kept(key: ReviewKey) -> tuple[dict[str, Any] | None, str | None]:
    """(the kept review, None), (None, None) when none is kept, or (None, why) when the kept
    file was bad: it is moved aside and the caller computes the review again."""
    path = review_path(key)
    if not path.exists():
        return None, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        why = f"{path.name}: {exc}"
    else:
        if _valid(data, key):
            return data, None
        why = f"{path.name}: not a review of this game"
    try:
        move_aside(path)
    except OSError:
        pass
    return None, why


def keep(key: ReviewKey, data: dict[str, Any]) -> Path:
    """Write a computed review atomically; its path."""
    path = review_path(key)
    atomic_write_text(path, json.dumps(data, ensure_ascii=False))
    return path


# --------------------------------------------------------------------------- computing


def option_details(view: Any, action: Any, rules: Any) -> dict[str, Any]:
    """What the hand is after ``action`` in ``view``: ``shanten`` (-1: a win), ``tiles`` (the
    unseen tiles that lower it) and ``yaku`` (the routes to a yaku; empty: none in sight)."""
    from ai.advice import explain_call, explain_win, visible_counts, yaku_routes
    from engine.actions import Chi, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo
    from engine.hand import ukeire
    from engine.tiles import counts34

    if isinstance(action, (Ron, Tsumo)):
        win = explain_win(view, action, rules)
        yaku = [y.name for y in win.result.yaku] if win is not None else []
        return {"shanten": -1, "tiles": 0, "yaku": yaku}
    if isinstance(action, (Chi, Pon, Kan, Pass)):
        advice = explain_call(view, action, rules)
        return {"shanten": advice.shanten_after, "tiles": advice.ukeire,
                "yaku": [r.name for r in advice.yaku]}
    if isinstance(action, (Discard, Riichi)):
        counts = counts34(view.concealed)
        counts[action.tile >> 2] -= 1
        visible = visible_counts(view)
        u = ukeire(counts, visible)
        unseen = [max(0, 4 - counts[k] - visible[k]) for k in range(34)]
        routes = yaku_routes(view, counts, tuple(view.melds[view.seat]), u.shanten, rules, unseen)
        names = [r.name for r in routes]
        if isinstance(action, Riichi) and "riichi" not in names:
            names.insert(0, "riichi")
        return {"shanten": u.shanten, "tiles": u.count, "yaku": names}
    return {"shanten": None, "tiles": None, "yaku": []}


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes safe to start from a program with threads (the app's
    worker threads): forkserver where there is one (a fork of a single-threaded server that
    has imported the rollouts, so a worker starts at once), spawn elsewhere; never a plain fork
    of the app, whose other threads may hold locks the child would inherit held. Only the
    rollouts module is preloaded, never ``__main__`` (``python -m app`` would run the app)."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["ai.review.rollout"])
        with _real_stderr():
            from multiprocessing import forkserver

            forkserver.ensure_running()  # once per program; the pools after it reuse it
    else:  # pragma: no cover - Windows and macOS without forkserver
        ctx = multiprocessing.get_context("spawn")
        with _real_stderr():
            from multiprocessing import resource_tracker

            resource_tracker.ensure_running()
    return ProcessPoolExecutor(workers, mp_context=ctx)


_stderr_lock = threading.Lock()


@contextlib.contextmanager
def _real_stderr() -> Iterator[None]:
    """The process's own stderr while the multiprocessing helpers (the fork server, the
    resource tracker) start: they hand its file descriptor to their process, and inside a
    running Textual app ``sys.stderr`` is a capture whose ``fileno()`` is -1 ("bad value(s) in
    fds_to_keep"). Swapped for the few milliseconds of the start only."""
    with _stderr_lock:
        try:
            ok = sys.stderr is not None and sys.stderr.fileno() >= 0
        except (OSError, ValueError, AttributeError):
            ok = False
        if ok or sys.__stderr__ is None:
            yield
            return
        saved, sys.stderr = sys.stderr, sys.__stderr__
        try:
            yield
        finally:
            sys.stderr = saved


def compute(record: Any, key: ReviewKey,
            progress: Callable[[int, int], None] | None = None,
            cancelled: Callable[[], bool] | None = None, workers: int = 1) -> dict[str, Any]:
    """Review ``record`` (``storage.played.PlayedGame``) for ``key``: the review's
    ``to_dict()``, the game id and seat, and per decision the option ``details``.
    ``progress(done, total)`` after each decision; ``Cancelled`` when ``cancelled()`` says so.
    ``workers`` > 1: each decision's samples are shared by that many processes
    (:func:`worker_pool`, started here, in the caller's thread, and shut down before the
    return); the numbers are the same as with one. ``ValueError`` when the game cannot be
    replayed."""
    from ai.review.review import review_walk
    from ai.review.walk import walk_saved
    from engine.actions import action_from_dict
    from engine.errors import RulesError
    from engine.game import Game
    from engine.rules import RuleSet

    try:
        rules = RuleSet.from_dict(record.rules)
        actions = [(int(s), action_from_dict(a)) for s, a in record.actions]
        game = Game(rules, record.seed)
    except (RulesError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(str(exc)) from None
    walk = walk_saved(game, actions, key.seat)
    positions = walk.positions if key.limit is None else walk.positions[: key.limit]

    def step(done: int, total: int) -> None:
        if cancelled is not None and cancelled():
            raise Cancelled
        if progress is not None:
            progress(done, total)

    if cancelled is not None and cancelled():
        raise Cancelled
    pool = worker_pool(workers) if workers > 1 else None
    try:
        review = review_walk(walk, samples=key.samples, seed=key.seed, positions=positions,
                             progress=step, workers=workers, pool=pool)
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    review.seat = key.seat
    data = review.to_dict()
    by_index = {p.index: p for p in positions}
    for d, out in zip(review.decisions, data["decisions"], strict=True):
        p = by_index[d.index]
        out["round_index"], out["honba"] = p.game.round_index, p.game.honba  # for its language
        shown = [v.action for v in d.values] or list(d.options)
        out["details"] = [{"text": str(a), "action": a.to_dict(),
                           **option_details(p.view, a, rules)} for a in shown]
    data.update(version=VERSION, game_id=key.game_id, seat=key.seat, limit=key.limit)
    return data


__all__ = ["Cancelled", "ReviewKey", "compute", "keep", "load_kept", "option_details",
           "review_path", "worker_pool"]
