"""Personalities and levels differ in the way their names promise."""

import random

import pytest

from ai import make_agent
from engine.actions import PASS, Chi, Pon
from engine.rules import TENHOU
from engine.tiles import TilePool, format_kinds, kind_name
from tests.ai.helpers import make_view


def call_positions(n, seed=5):
    """Random 13-tile hands facing a discard from the left that they can chi or pon."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    while len(out) < n:
        kinds = rng.sample(wall, 14)
        hand, ck = kinds[:13], kinds[13]
        if hand.count(ck) >= 3:
            continue
        pool = TilePool()
        text = format_kinds(hand)
        view = make_view(text, legal=(), pool=pool)
        called = pool.parse(kind_name(ck))[0]
        by = {}
        for t in view.hand:
            by.setdefault(t >> 2, []).append(t)
        legal = []
        if len(by.get(ck, ())) >= 2:
            legal.append(Pon(tuple(by[ck][:2]), called))
        if ck < 27:
            for a, b in ((ck - 2, ck - 1), (ck - 1, ck + 1), (ck + 1, ck + 2)):
                if 0 <= a and b < 27 and a // 9 == ck // 9 == b // 9 and a in by and b in by:
                    legal.append(Chi((by[a][0], by[b][0]), called))
        if legal:
            legal = tuple(legal) + (PASS,)
            out.append(make_view(text, legal=legal, last_discard=(0, called)))
    return out


def test_aggressive_calls_more_than_balanced_more_than_defensive():
    views = call_positions(120)
    calls = {}
    for pers in ("aggressive", "balanced", "defensive"):
        agent = make_agent("hard", personality=pers, rules=TENHOU)
        calls[pers] = sum(agent.act(v, v.legal) != PASS for v in views)
    assert calls["aggressive"] > calls["balanced"] > calls["defensive"], calls


def riichi_positions(n, seed=9):
    """Random 14-tile hands facing a riichi from seat 0 after six discards."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    while len(out) < n:
        kinds = rng.sample(wall, 20)
        hand, river = kinds[:14], kinds[14:]
        view = make_view(
            format_kinds(hand[:13]), kind_name(hand[13]), rivers=(format_kinds(river), "", "", ""),
            riichi=(True, False, False, False), riichi_at={0: 5}, live_tiles_left=40,
        )
        out.append(view)
    return out


def test_defensive_discards_safer_tiles_than_aggressive_against_riichi():
    from ai.defence import tile_danger
    from ai.observe import observe

    # random hands are mostly far from tenpai and every hard personality but the aggressive one
    # folds them (foresight): 60 of them left balanced and defensive throwing the same tiles
    views = riichi_positions(300)
    danger = {}
    for pers in ("aggressive", "balanced", "defensive"):
        agent = make_agent("hard", personality=pers, rules=TENHOU)
        total = 0.0
        for v in views:
            sit = observe(v)
            kind = agent.act(v, v.legal).tile >> 2
            riichi = next(o for o in sit.opponents if o.seat == 0)
            total += tile_danger(kind, riichi, sit.unseen, sit.dora)
        danger[pers] = total
    assert danger["aggressive"] > danger["balanced"] > danger["defensive"], danger


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_easy_alone_ignores_danger(level):
    # a hopeless hand against riichi: normal and hard cut the genbutsu, easy plays on
    view = make_view(
        "13m6m234p57p9p79s44s", "8m", rivers=("1z2z7s3m", "", "", ""),
        riichi=(True, False, False, False), riichi_at={0: 3}, live_tiles_left=40,
    )
    agents = [make_agent(level, seed=s, rules=TENHOU) for s in range(6)]
    tiles = {a.act(view, view.legal).tile >> 2 for a in agents}
    safe = {2, 24}  # 3m, 7s
    if level == "easy":
        assert not tiles <= safe
    else:
        assert tiles <= safe
