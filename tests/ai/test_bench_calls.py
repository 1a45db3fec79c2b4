"""benchmarks/bench_calls.py, the yardstick of the AI's calls against real players (issue 16):
its offers are the real chi/pon decisions of a record, and its situations sort them right."""

from __future__ import annotations

import pytest

from ai.observe import observe
from engine.actions import PASS, Chi, Pon
from engine.records import read_record
from engine.tiles import TilePool, parse_kind
from tests.ai.helpers import SHARED_LOGS, benchmark, make_view


def _tool():
    return benchmark("bench_calls")


def _offer(hand: str, called: str, chi_with: tuple[str, str] | None = None, **kw):
    pool = TilePool()
    view = make_view(hand, pool=pool, legal=())
    tile = pool.parse(called)[0]
    if chi_with is None:
        pair = tuple(t for t in view.hand if t >> 2 == parse_kind(called))[:2]
        call = Pon(pair, tile)
    else:
        two = tuple(next(t for t in view.hand if t >> 2 == parse_kind(x)) for x in chi_with)
        call = Chi(two, tile)
    legal = (call, PASS)
    return make_view(hand, legal=legal, last_discard=(0, tile), **kw), legal


def test_situations():
    tool = _tool()
    view, legal = _offer("1367m2468p579s66z", "6z")
    assert tool.situation(observe(view), legal)[:3] == ("yakuhai pon", "closed", "calm")
    view, legal = _offer("34m456p678s22p55s7m", "2m", chi_with=("3m", "4m"))
    assert tool.situation(observe(view), legal)[:3] == ("tanyao", "closed", "calm")
    view, legal = _offer("34m456p678s22p55s7m", "2m", chi_with=("3m", "4m"),
                         riichi=(True, False, False, False), rivers=("1z", "", "", ""),
                         riichi_at={0: 0})
    assert tool.situation(observe(view), legal)[2] == "riichi"
    view, legal = _offer("1123456789m22p5z", "1m")  # a call in the suit of a honitsu
    assert tool.situation(observe(view), legal)[0] == "honitsu"


def test_offers_are_the_records_call_decisions():
    logs = sorted((SHARED_LOGS / "mjlog").glob("*.mjlog"))
    if not logs:
        pytest.skip("no real game records beside the repository")
    offers = list(_tool().offers(read_record(logs[0])))
    assert offers
    for o in offers:
        assert o.played in o.legal
        assert any(isinstance(a, (Chi, Pon)) for a in o.legal)
    assert any(isinstance(o.played, (Chi, Pon)) for o in offers)  # people called some
