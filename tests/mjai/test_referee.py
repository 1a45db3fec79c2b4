"""Our bot at all four seats of mjai.app's own referee (the ``mjai`` package's libriichi arena,
run in-process, no Docker): every decision must be accepted.

The referee ends a round with ``{"type":"ryukyoku","reason":"error"}`` and a penalty when a
player's answer is illegal; a whole hanchan with none of those is a game of accepted answers.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from engine.rules import TENHOU

arena = pytest.importorskip("mjai.mlibriichi.arena", reason="mjai 0.2.1 is not installed")

from ai import make_agent
from ai.base import Agent
from ai.mjai_bot import MjaiBot
from engine.actions import AbortNineTerminals, Chi, Kan, Pon, Riichi, Ron, Tsumo


class Eager(Agent):
    """Takes every win, abort, kan, riichi and call it is offered (in that order), so that the
    referee sees as many kinds of answers as possible; otherwise plays like ``greedy``."""

    kind = "eager"
    ORDER = (Tsumo, Ron, AbortNineTerminals, Kan, Riichi, Pon, Chi)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.inner = make_agent("greedy", seed=seed, rules=TENHOU)

    def choose(self, view, legal):
        for cls in self.ORDER:
            for a in legal:
                if isinstance(a, cls):
                    return a
        return self.inner.act(view, legal)


GARBAGE = ["{not json", "[]", '[{"type":"warp_drive"}]', '[{"type":"dahai","actor":9}]']


class InProcessPlayer:
    """What ``mjai.engine.DockerMjaiLogEngine`` does for a Docker bot, for our bot in-process:
    send the new events of the round (others' draws and hands as ``?``), return its answer.
    Every ``garbage_every``-th request is preceded by a malformed line: it is reported, answered
    (``none``, or the decision still owed for the events so far) and changes nothing."""

    engine_type = "mjai-log"

    def __init__(self, name: str, kind: str, garbage_every: int = 0) -> None:
        self.name = name
        self.kind = kind
        self.garbage_every = garbage_every
        self.player_ids: list[int] = []
        self.bots: dict[int, MjaiBot] = {}
        self.cursor: dict[int, int] = {}
        self.warnings: list[str] = []
        self.answers: Counter[str] = Counter()
        self.requests = 0

    def set_player_ids(self, player_ids):
        self.player_ids = list(player_ids)

    def start_game(self, game_idx):
        seat = self.player_ids[game_idx]
        agent = Eager(seat) if self.kind == "eager" else None
        self.bots[game_idx] = MjaiBot(seat, agent, kind=self.kind, warn=self.warnings.append)
        self.cursor[game_idx] = 0
        answer = self.bots[game_idx].react(json.dumps(
            [{"type": "start_game", "names": ["0", "1", "2", "3"], "id": game_idx}]))
        assert answer == '{"type":"none"}'

    def end_kyoku(self, game_idx):
        self.bots[game_idx].react('[{"type":"end_kyoku"}]')
        self.cursor[game_idx] = 0

    def end_game(self, game_idx, scores):
        self.bots[game_idx].react('[{"type":"end_game"}]')

    def react_batch(self, game_states):
        out = []
        for state in game_states:
            idx = state.game_index
            seat = self.player_ids[idx]
            events = json.loads(state.events_json)
            if self.cursor[idx] > len(events):
                self.cursor[idx] = 0
            new = events[self.cursor[idx]:]
            self.cursor[idx] = len(events)
            for ev in new:
                if ev["type"] == "tsumo" and ev["actor"] != seat:
                    ev["pai"] = "?"
                if ev["type"] == "start_kyoku":
                    ev["tehais"] = [h if s == seat else ["?"] * 13
                                    for s, h in enumerate(ev["tehais"])]
            if not new:
                out.append('{"type":"none"}')
                continue
            self.requests += 1
            bot = self.bots[idx]
            if self.garbage_every and self.requests % self.garbage_every == 0:
                bad = GARBAGE[(self.requests // self.garbage_every) % len(GARBAGE)]
                before = bot.problems
                answer = json.loads(bot.react(bad))
                assert answer["type"] == "none" or bot.tracker.legal()
                assert bot.problems == before + 1
                bot.problems = before
                self.warnings.clear()
            answer = bot.react(json.dumps(new, separators=(",", ":")))
            self.answers[json.loads(answer)["type"]] += 1
            out.append(answer)
        return out


def run_match(seed: int, kind: str, tmp_path: Path, garbage_every: int = 0):
    players = [InProcessPlayer(str(i), kind, garbage_every) for i in range(4)]
    arena.Match(log_dir=str(tmp_path)).py_match(*players, seed_start=(seed, 1))
    (log,) = tmp_path.glob("*.json.gz")
    events = [json.loads(x) for x in gzip.decompress(log.read_bytes()).decode().splitlines()]
    return players, events


CASES = [(1, "normal", 0), (2, "hard", 7), (0, "greedy", 5), (3, "random", 0), (23, "eager", 0)]


@pytest.mark.parametrize("seed,kind,garbage_every", CASES)
def test_bots_at_every_seat_of_the_mjai_referee(seed, kind, garbage_every, tmp_path):
    players, events = run_match(seed, kind, tmp_path, garbage_every)
    errors = [e for e in events if e.get("reason") == "error"]
    assert errors == []
    assert events[-1]["type"] == "end_game"
    assert sum(1 for e in events if e["type"] == "start_kyoku") >= 4
    for p in players:
        assert p.warnings == [] and all(b.problems == 0 for b in p.bots.values())
    answers = sum((p.answers for p in players), Counter())
    assert answers["dahai"] > 100
    if kind != "random":
        assert answers["hora"] and answers["reach"]
    assert answers["chi"] + answers["pon"] > 0
    if kind == "eager":  # seed 23: every kind of kan and a nine-terminal abort, all accepted
        assert answers["ankan"] and answers["kakan"] and answers["daiminkan"]
        assert answers["ryukyoku"] == 1
        aborts = [i for i, e in enumerate(events) if e["type"] == "ryukyoku"
                  and events[i - 1]["type"] == "tsumo"]
        assert len(aborts) == 1
