"""benchmarks/riichi_waits.py, the figures of ``ai.chances.RON_BY_LOOK`` (issue 16): a riichi's
live wait copies by their look at the declaration, and the rons on them; the seats facing a riichi
by their state then, and their deal-ins to it."""

from __future__ import annotations

from collections import Counter

from tests.ai.helpers import benchmark

OTHERS = ["1p", "9p", "9s", "S", "W", "N", "P", "F", "C"]
HANDS = [["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "2s", "3s", "5p", "5p"],
         ["2p", "3p", "4p", "6p", "7p", "8p", "E", "E", "E", "9m", "9m", "5s", "1s"],
         OTHERS + ["2m", "2m", "3m", "3m"],
         OTHERS + ["4m", "4m", "6m", "6m"]]
GAME = [
    {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
     "dora_marker": "9p", "scores": [25000] * 4, "tehais": HANDS},
    {"type": "tsumo", "actor": 0, "pai": "4s"},
    {"type": "dahai", "actor": 0, "pai": "4s", "tsumogiri": True},
    {"type": "tsumo", "actor": 1, "pai": "6s"},
    {"type": "reach", "actor": 1},
    {"type": "dahai", "actor": 1, "pai": "1s", "tsumogiri": False},
    {"type": "reach_accepted", "actor": 1},
    {"type": "tsumo", "actor": 2, "pai": "7s"},
    {"type": "dahai", "actor": 2, "pai": "7s", "tsumogiri": True},
    {"type": "hora", "actor": 1, "target": 2, "pai": "7s", "deltas": [0, 3900, -3900, 0]},
]


def test_a_ron_counts_for_the_look_its_wait_had_at_the_declaration():
    # seat 1: 234p 678p EEE 99m 5s 1s draws the 6s and declares riichi throwing the 1s: ready
    # on 4s-7s. From its river the 4s is half-suji (the 1s thrown, not the 7s), the 7s a
    # non-suji 7 ("3-7"). Seat 0 threw a 4s before: three 4s and four 7s unseen by seat 1.
    # Seat 2 throws the 7s: a ron on the "3-7" look.
    tally = {k: Counter() for k in ("all", "hero", "bots")}
    benchmark("riichi_waits").count(GAME, -1, tally)
    c = tally["all"]
    assert c[("declared", "half-suji", "copies")] == 3
    assert c[("declared", "3-7", "copies")] == 4
    assert c[("declared", "3-7", "hits")] == 1
    assert c[("declared", "half-suji", "hits")] == 0
    # seat 0 (ready on 1s-4s with the 4s thrown) is furiten: no copies of its own
    assert sum(v for (state, _, what), v in c.items() if state == "declared" and what == "copies") \
        == 7
    # at seat 2's discard, seat 1 in riichi: the 7s thrown is a hit of its look at every discard
    assert c[("riichi", "3-7", "hits")] == 1


def test_a_deal_in_counts_for_the_state_its_seat_had_at_the_declaration():
    # the same round, by the seats facing seat 1's riichi: seat 0 ready on 1s-4s (closed),
    # seats 2 and 3 far from tenpai; seat 2's 7s deals in
    tally = Counter()
    benchmark("riichi_waits").count_states(GAME, -1, tally)
    assert tally == {("all", "closed", "0 n"): 1, ("all", "closed", "2 n"): 2,
                     ("all", "closed", "2 ron"): 1}
    # on an arena log with seat 2 the hero, seat 1's riichi is a bot's, and only the bots
    # facing it count: the hero (its deal-in too) is left out
    hero = Counter()
    benchmark("riichi_waits").count_states(GAME, 2, hero)
    assert hero == {("bots", "closed", "0 n"): 1, ("bots", "closed", "2 n"): 1}
