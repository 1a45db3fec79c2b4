"""One round at the table: dealing, discards, calls, riichi, furiten, draws (rules T C R F K)."""

import random

import pytest

from engine.actions import (
    ABORT, PASS, RON, TSUMO, Chi, Discard, Kan, Pon, Riichi,
)
from engine.errors import IllegalAction
from engine.events import (
    Called, Discarded, DoraRevealed, DrawKind, Drew, KanDeclared, RiichiAccepted, RoundDrawn,
    RoundEnded, RoundStarted, Win,
)
from engine.meld import MeldKind
from engine.rules import RuleSet
from engine.table import Phase, Table
from engine.tiles import TilePool, parse_tiles
from engine.wall import Wall

RULES = RuleSet()


def scripted(hands, draws="", dead=None, dealer=0, rules=RULES, **kw):
    """A table from mpsz hands (absolute seats), live draws in order and dead-wall tiles
    ({position: mpsz}); distinct physical copies throughout."""
    pool = TilePool(rules.red_fives)
    hs = [pool.parse(h) for h in hands]
    ds = pool.parse(draws) if draws else []
    dd = {pos: pool.parse(t)[0] for pos, t in (dead or {}).items()}
    wall = Wall.from_hands(hs, ds, dd, dealer=dealer)
    return Table(rules, wall, dealer=dealer, round_index=dealer, **kw)


def tile_of(table, seat, name):
    """The physical tile of kind ``name`` (mpsz, one tile) in ``seat``'s hand."""
    k = parse_tiles(name)[0] >> 2
    for t in sorted(table.hands[seat]):
        if t >> 2 == k:
            return t
    raise AssertionError(f"seat {seat} holds no {name}")


def discard(table, seat, name):
    return table.submit(seat, Discard(tile_of(table, seat, name)))


def play_random(table, rng, limit=3000):
    for _ in range(limit):
        if table.over:
            return
        p = table.pending()
        seat = rng.choice(sorted(p))
        table.submit(seat, rng.choice(p[seat]))
    raise AssertionError("round did not end")


# --------------------------------------------------------------------------- dealing
def test_T2_round_starts_with_dealer_holding_14_and_pending():
    t = Table(RULES, Wall.shuffled(1), round_index=2)
    assert t.dealer == 2
    assert [len(h) for h in t.hands] == [13, 13, 14, 13]
    assert list(t.pending()) == [2]
    start, drew = t.events
    assert isinstance(start, RoundStarted) and isinstance(drew, Drew)
    assert drew.seat == 2 and drew.tile == t.wall.tiles[52]
    assert start.dora_indicators == (t.wall.dora_indicator(0),)
    assert t.live_tiles_left == 69


def test_events_for_other_seats_hide_hands_and_draws():
    t = Table(RULES, Wall.shuffled(2))
    start, drew = t.events
    assert start.for_seat(1).hands[0] == () and start.for_seat(1).hands[1] == start.hands[1]
    assert drew.for_seat(1).tile is None and drew.for_seat(0).tile == drew.tile


def test_view_of_a_seat_does_not_depend_on_other_hands():
    # seat 0 (dealer) holds the same tiles and draw in both walls; the other hands differ.
    a = Wall.shuffled(3)
    tiles = list(a.tiles)
    seat0 = set(a.deal(0)[0]) | {tiles[52]} | {a.dora_indicator(0)}
    others = [i for i in range(136) if tiles[i] not in seat0]
    rng = random.Random(0)
    shuffled_vals = [tiles[i] for i in others]
    rng.shuffle(shuffled_vals)
    b_tiles = list(tiles)
    for i, v in zip(others, shuffled_vals):
        b_tiles[i] = v
    b = Wall.from_tiles(b_tiles)
    ta, tb = Table(RULES, a), Table(RULES, b)
    assert ta.hands[1] != tb.hands[1]
    assert ta.view(0) == tb.view(0)
    v = ta.view(0)
    assert len(v.hand) == 13 and v.drawn == tiles[52]
    assert not hasattr(v, "wall")
    assert ta.view(1).drawn is None and ta.view(1).legal == ()


def test_illegal_actions_are_refused_and_change_nothing():
    t = Table(RULES, Wall.shuffled(4))
    before = (t.view(0), t.view(1), len(t.events))
    foreign = next(x for x in range(136) if x not in t.hands[0])
    with pytest.raises(IllegalAction, match=r"seat 0 .*East 1: seat 0's turn"):
        t.submit(0, Discard(foreign))
    with pytest.raises(IllegalAction, match="seat 1"):
        t.submit(1, Discard(t.hands[1][0]))
    with pytest.raises(IllegalAction):
        t.submit(0, RON)
    with pytest.raises(IllegalAction):
        t.submit(7, PASS)
    assert (t.view(0), t.view(1), len(t.events)) == before


def test_discard_moves_to_next_seat_with_tsumogiri_flag():
    t = Table(RULES, Wall.shuffled(5))
    drawn = t.drawn
    events = t.submit(0, Discard(drawn))
    d = events[0]
    assert isinstance(d, Discarded) and d.tsumogiri and d.seat == 0
    if t.phase is Phase.TURN:
        assert t.turn == 1 and isinstance(events[-1], Drew)


def test_random_rounds_conserve_tiles_and_points():
    for seed in range(30):
        t = Table(RULES, Wall.shuffled(seed))
        play_random(t, random.Random(seed))
        assert sum(t.scores) + 1000 * t.sticks == 100000
        assert isinstance(t.events[-1], RoundEnded)
