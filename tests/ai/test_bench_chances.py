"""benchmarks/bench_chances.py: the chain's chance beside how often the players won (issue 16)."""

from __future__ import annotations

import dataclasses

import pytest

from ai import make_agent
from ai.observe import observe
from engine.actions import Discard, Riichi
from engine.meld import Meld, MeldKind
from engine.records import read_record
from engine.rules import TENHOU
from engine.tiles import TilePool
from tests.ai.helpers import SHARED_LOGS, benchmark, make_view

bench = benchmark("bench_chances")


def open_view(meld_tiles: str, kind: MeldKind, hand: str):
    pool = TilePool()
    tiles = pool.parse(meld_tiles)
    meld = Meld(kind, tuple(sorted(tiles)), tiles[0], 0)
    return observe(make_view(hand, melds=((), (meld,), (), ()), pool=pool))


def test_hands_are_sorted_by_what_they_win_with():
    closed = observe(make_view("234m456p789p11s45s"))
    assert bench.hand_kind(closed, closed.counts) == "closed"
    white = open_view("555z", MeldKind.PON, "34m56p78s113s9p")
    assert bench.hand_kind(white, white.counts) == "open yakuhai"
    tanyao = open_view("345m", MeldKind.CHI, "34m56p78s223s6p")
    assert bench.hand_kind(tanyao, tanyao.counts) == "open tanyao"
    honitsu = open_view("123p", MeldKind.CHI, "4566789p11z")
    assert bench.hand_kind(honitsu, honitsu.counts) == "open honitsu"


def test_the_chain_is_read_as_evaluate_asks_it():
    agent = make_agent("hard", seed=1, rules=TENHOU)
    agent.style = dataclasses.replace(agent.style, keiten=False)
    view = make_view("234m456p789p11s45s", live_tiles_left=50)
    sit = observe(view)
    with bench.Chain() as chain:
        chance, s, n, worth = chain.chance(agent, sit, sit.counts[:], list(view.concealed))
    assert s == 0 and n > 0 and 0.0 < chance < 1.0
    # the worth of a win: what evaluate multiplies the chance by, less the win bonus
    ev = agent.evaluate(sit, sit.counts[:], list(view.concealed))[0]
    assert ev == pytest.approx(chance * (worth + agent._win_bonus(sit)))
    assert 1000 <= worth <= 8000  # riichi, pinfu on 3-6s: a cheap hand's range
    assert chain.chance(agent, sit, sit.counts[:], list(view.concealed)) is None  # unwrapped


def test_turns_are_discards_of_seats_not_in_riichi_with_the_rounds_outcome():
    logs = sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))
    if not logs:
        pytest.skip("no real game records beside the repository")
    turns = list(bench.record_turns(read_record(logs[0])))
    assert turns
    assert all(isinstance(a, (Discard, Riichi)) and not v.riichi[v.seat]
               for v, a, _o, _p in turns)
    outcomes = {o[0] for _v, _a, o, _p in turns}
    assert "won" in outcomes and outcomes <= {"won", "dealt", ""}
    # the record's points of the seat's win, in the very rounds the replay says it won
    assert all((o[0] == "won") == (points is not None) for _v, _a, o, points in turns)
    assert all(points > 0 for *_, points in turns if points is not None)
