"""Our AI as an mjai bot: it tracks its seat from events alone and answers every line legally."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ai.mjai_bot import MjaiBot
from engine.errors import InvalidNotation
from engine.game import Game
from engine.mjai import SeatTracker, TileIds, mjai_tile, parse_mjai_tile
from engine.rules import TENHOU
from engine.tiles import is_red
from tests.mjai.harness import play

ROOT = Path(__file__).resolve().parents[2]


def test_tile_names_round_trip():
    for tile in range(136):
        kind, red = parse_mjai_tile(mjai_tile(tile))
        assert kind == tile >> 2 and red == is_red(tile)
    with pytest.raises(InvalidNotation):
        parse_mjai_tile("?")
    with pytest.raises(InvalidNotation):
        parse_mjai_tile("0m")


def test_tile_ids_never_give_a_copy_twice():
    ids = TileIds()
    got = [ids.take(n) for n in ("5m", "5m", "5m", "5mr")]
    assert sorted(got) == [16, 17, 18, 19]


@pytest.mark.parametrize("seed,kind", [(11, "greedy"), (3, "random"), (1, "normal")])
def test_four_bots_play_a_whole_game_and_see_what_the_table_shows(seed, kind):
    """Every decision: the bot's own view (hand, melds, rivers, dora, waits, furiten, ippatsu,
    scores, legal actions...) equals the table's view of that seat, and its answer is legal."""
    warnings: list[str] = []
    bots = {s: MjaiBot(s, kind=kind, warn=warnings.append) for s in range(4)}
    game = Game(seed=seed)
    seen = play(game, {s: b.react for s, b in bots.items()},
                trackers={s: b.tracker for s, b in bots.items()})
    assert warnings == [] and all(b.problems == 0 for b in bots.values())
    assert seen["dahai"] > 100  # a whole game of discards
    if kind != "random":
        assert seen.get("reach", 0) > 0 and seen.get("hora", 0) > 0


def test_kans_over_the_protocol():
    """Seed 11 with greedy bots has ankan, kakan and chi/pon calls."""
    bots = {s: MjaiBot(s, kind="greedy") for s in range(4)}
    seen = play(Game(seed=11), {s: b.react for s, b in bots.items()},
                trackers={s: b.tracker for s, b in bots.items()})
    assert seen.get("ankan") and seen.get("kakan") and seen.get("pon") and seen.get("chi")


def test_one_bot_among_engine_ais():
    from ai import make_agent

    agents = {s: make_agent("greedy", seed=s, rules=TENHOU) for s in range(4)}
    bot = MjaiBot(2, kind="greedy")
    play(Game(seed=5), {2: bot.react}, others=lambda s, v, legal: agents[s].act(v, legal),
         trackers={2: bot.tracker})
    assert bot.problems == 0


START = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "1p", "kyoku": 1, "honba": 0,
         "kyotaku": 0, "oya": 0, "scores": [25000] * 4,
         "tehais": [["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "2m"],
                    ["?"] * 13, ["?"] * 13, ["?"] * 13]}


def test_nine_terminals_abort_is_offered_and_answered_as_ryukyoku():
    tracker = SeatTracker(0)
    tracker.feed({"type": "start_game", "names": ["a", "b", "c", "d"]})
    tracker.feed(START)
    tracker.feed({"type": "tsumo", "actor": 0, "pai": "C"})
    from engine.actions import AbortNineTerminals

    abort = [a for a in tracker.legal() if isinstance(a, AbortNineTerminals)]
    assert abort and tracker.to_mjai(abort[0]) == {"type": "ryukyoku", "actor": 0}


def test_reach_is_followed_by_the_chosen_discard():
    tracker = SeatTracker(0)
    start = dict(START, tehais=[["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E",
                                 "S", "S"], ["?"] * 13, ["?"] * 13, ["?"] * 13])
    tracker.feed(start)
    tracker.feed({"type": "tsumo", "actor": 0, "pai": "N"})
    from engine.actions import Riichi

    riichi = [a for a in tracker.legal() if isinstance(a, Riichi)]
    assert [mjai_tile(a.tile) for a in riichi] == ["N"]
    assert tracker.to_mjai(riichi[0]) == {"type": "reach", "actor": 0}
    tracker.feed({"type": "reach", "actor": 0})
    assert [mjai_tile(a.tile) for a in tracker.legal()] == ["N"]
    assert tracker.to_mjai(tracker.legal()[0]) == {"type": "dahai", "actor": 0, "pai": "N",
                                                   "tsumogiri": True}


def test_after_its_reach_the_bot_throws_the_tile_it_chose_with_it():
    """Two ready discards (E waits on N, N on E): the discard after the reach echo is the one the
    agent chose with the reach, even when asked again it would pick the other (issue 16)."""
    from engine.actions import Riichi

    class Fickle:
        """Declares with the second ready discard, then would throw the first."""

        def __init__(self) -> None:
            self.asked = 0

        def act(self, view, legal):
            self.asked += 1
            riichi = [a for a in legal if isinstance(a, Riichi)]
            return riichi[-1] if self.asked == 1 else riichi[0]

    agent = Fickle()
    bot = MjaiBot(0, agent)  # type: ignore[arg-type]
    start = dict(START, tehais=[["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1s", "1s",
                                 "1s", "E"], ["?"] * 13, ["?"] * 13, ["?"] * 13])
    bot.react(json.dumps([{"type": "start_game", "names": ["a", "b", "c", "d"]}, start]))
    answer = json.loads(bot.react(json.dumps([{"type": "tsumo", "actor": 0, "pai": "N"}])))
    assert answer == {"type": "reach", "actor": 0} and agent.asked == 1
    assert bot.tracker.riichi_tile is not None
    chosen = mjai_tile(bot.tracker.riichi_tile)
    assert chosen in ("E", "N")
    answer = json.loads(bot.react(json.dumps([{"type": "reach", "actor": 0}])))
    assert answer["type"] == "dahai" and answer["pai"] == chosen
    assert bot.problems == 0


BAD_LINES = [
    "not json at all",
    "[]",
    "{}",
    "42",
    '[{"type":"teleport","actor":0}]',
    '[{"type":"tsumo","actor":0,"pai":"1m"}]',  # before any start_kyoku
    '[{"no_type":1}]',
]


@pytest.mark.parametrize("line", BAD_LINES)
def test_malformed_lines_get_a_safe_answer_and_a_warning(line):
    warnings: list[str] = []
    bot = MjaiBot(0, kind="normal", warn=warnings.append)
    assert json.loads(bot.react(line)) == {"type": "none"}
    assert warnings and bot.problems == 1


def test_a_bad_event_mid_round_still_gets_a_tsumogiri():
    warnings: list[str] = []
    bot = MjaiBot(0, kind="normal", warn=warnings.append)
    bot.react(json.dumps([START]))
    # a tile we never held is discarded by "us", then we draw: the answer is still legal
    answer = json.loads(bot.react(json.dumps([
        {"type": "dahai", "actor": 0, "pai": "7z"},
        {"type": "tsumo", "actor": 0, "pai": "3m"}])))
    assert answer["type"] == "dahai" and answer["actor"] == 0
    assert warnings  # the bad dahai was reported
    # a tsumo carrying a bad tile: tsumogiri of what was announced is impossible, so none/dahai
    answer = json.loads(bot.react('[{"type":"dahai","actor":0,"pai":"3m","tsumogiri":true},'
                                  '{"type":"tsumo","actor":1,"pai":"?"},'
                                  '{"type":"dahai","actor":1,"pai":"XX","tsumogiri":true}]'))
    assert answer == {"type": "none"}


def test_command_line_bot_answers_every_line():
    lines = [
        json.dumps([{"type": "start_game", "names": ["a", "b", "c", "d"]}]),
        "garbage",
        json.dumps([START, {"type": "tsumo", "actor": 0, "pai": "C"}]),
        json.dumps([{"type": "end_game"}]),
    ]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-m", "app", "bot", "--mjai", "--difficulty", "easy", "0"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60, cwd=ROOT,
        env=env, check=False,
    )
    assert out.returncode == 0, out.stderr
    answers = [json.loads(x) for x in out.stdout.splitlines()]
    assert len(answers) == 4
    assert answers[0] == answers[1] == answers[3] == {"type": "none"}
    assert answers[2]["type"] in ("dahai", "ryukyoku", "reach") and answers[2]["actor"] == 0
    assert "garbage" in out.stderr
