"""benchmarks/open_steps.py (issue 16): how fast closed and open hands move toward tenpai per own
turn, by their draws and calls, against what their own draws promise (ukeire over the unseen
tiles)."""

import pytest

from tests.ai.helpers import benchmark

GAME = [
    {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
     "dora_marker": "9s", "scores": [25000] * 4,
     "tehais": [["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"],
                ["2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "P", "P", "5m", "8m", "9p"],
                ["2m", "5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s", "E", "S", "W", "N"],
                ["3m", "6m", "9m", "3p", "6p", "9p", "3s", "6s", "9s", "E", "S", "W", "N"]]},
    {"type": "tsumo", "actor": 0, "pai": "3p"},
    {"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": False},
    {"type": "chi", "actor": 1, "target": 0, "pai": "1m", "consumed": ["2m", "3m"]},
    # open, 456p 789s PP 5m 8m: one step from tenpai
    {"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": False},
    {"type": "tsumo", "actor": 2, "pai": "7p"},
    {"type": "dahai", "actor": 2, "pai": "7p", "tsumogiri": True},
    {"type": "tsumo", "actor": 3, "pai": "7s"},
    {"type": "dahai", "actor": 3, "pai": "7s", "tsumogiri": True},
    {"type": "tsumo", "actor": 0, "pai": "4s"},
    {"type": "dahai", "actor": 0, "pai": "4s", "tsumogiri": True},
    {"type": "tsumo", "actor": 1, "pai": "6m"},
    {"type": "dahai", "actor": 1, "pai": "8m", "tsumogiri": False},  # ready on 4m-7m
    {"type": "ryukyoku", "deltas": [0, 0, 0, 0]},
]


def test_the_benchmark_counts_an_open_turn_and_its_step():
    bench = benchmark("open_steps")
    tally = bench.Counter()
    bench.count(GAME, tally)
    assert tally[("open", 1, "turns")] == 1
    assert tally[("open", 1, "observed")] == 1
    # 3m-9m lower the shanten (a run, or a second pair beside the white dragons) and so does a
    # third white dragon (a tanki): 25 + 2 copies of the 121 tiles seat 1 has not seen (136,
    # less its ten, the 9s indicator, the 1m thrown and called, its 2m 3m, its 9p)
    assert tally[("open", 1, "predicted")] == pytest.approx(27 / 121)
    # seat 0 threw its 1m: kokushi one step away, and its next draw (the 4s) no help
    assert (tally[("closed", 1, "turns")], tally[("closed", 1, "observed")]) == (1, 0)
    # seats 2 and 3 stay far from tenpai: no turn counted
    assert sum(v for (state, _, what), v in tally.items() if what == "turns") == 2


def test_no_turn_counts_once_a_riichi_is_out():
    # the same round with seat 2 declaring riichi on its 7p: the table turns to defence, and
    # seat 1's step after it is not a step of the open hand's own pace
    game = []
    for e in GAME:
        if e == {"type": "dahai", "actor": 2, "pai": "7p", "tsumogiri": True}:
            game += [{"type": "reach", "actor": 2}, e, {"type": "reach_accepted", "actor": 2}]
        else:
            game.append(e)
    tally = benchmark("open_steps").Counter()
    benchmark("open_steps").count(game, tally)
    assert tally[("open", 1, "turns")] == 0
