"""Random legal-action agents over many seeds: the loop never gets stuck, tiles and points are
conserved, illegal actions are refused without a change, and a game is its seed, rules and
actions. (A longer run: ``RIICHI_LONG=1``.)"""

import itertools
import os
import random
from collections import Counter

import pytest

from engine.actions import Discard, Pass, Ron, Tsumo, action_from_dict
from engine.errors import IllegalAction
from engine.events import GameEnded, RoundEnded, RoundStarted
from engine.game import Game
from engine.rules import RuleSet
from engine.table import Phase, Table
from engine.wall import DEAD_WALL_START, Wall

LONG = bool(os.environ.get("RIICHI_LONG"))
ROUND_SEEDS = range(2000 if LONG else 150)
GAME_SEEDS = range(300 if LONG else 12)

VARIANTS = [
    RuleSet(),
    RuleSet(length="tonpuusen", double_ron=False, sanchahou=False, kuikae_allowed=True),
    RuleSet(kan_dora_timing="immediate", open_riichi=True, noten_declaration=True,
            bust="off", extension=False, score_rounding="exact"),
    RuleSet(red_fives=(0, 0, 0), kyuushu_kyuuhai=False, suufon_renda=False, suucha_riichi=False,
            suukaikan=False, nagashi_mangan=False, pao=False, riichi_min_wall_tiles=0),
]


def tiles_accounted(t: Table) -> Counter:
    """Every physical tile: in a hand, a meld, a river (uncalled) or still in the wall."""
    c = Counter()
    for s in range(4):
        c.update(t.seats[s].hand)
        for m in t.seats[s].melds:
            c.update(m.tiles)
        c.update(r.tile for r in t.seats[s].river if r.called_by is None)
    c.update(t.wall.tiles[t.next_draw:DEAD_WALL_START])
    c.update(t.wall.tiles[DEAD_WALL_START + t.kans:])
    return c


def check_round(t: Table) -> None:
    c = tiles_accounted(t)
    assert sorted(c) == list(range(136)) and set(c.values()) == {1}, "a tile went missing"
    assert sum(t.scores) + 1000 * t.sticks == sum(t.start_scores) + 1000 * (
        t.events[0].sticks), "points are not conserved"
    for s, acts in t.pending().items():
        assert acts, f"seat {s} pending with nothing legal"
        if t.phase is Phase.CALLS and t.live_tiles_left <= 0:  # C5: only ron on the last tile
            assert all(isinstance(a, (Ron, Pass)) for a in acts)
        if t.seats[s].riichi and t.phase is Phase.CALLS and t.state.riichi_declarer != s:
            assert all(isinstance(a, (Ron, Pass)) for a in acts)  # C5: no call after riichi


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_rounds_conserve_tiles_points_and_always_end(variant):
    rules = VARIANTS[variant]
    for seed in ROUND_SEEDS[variant::len(VARIANTS)] if not LONG else ROUND_SEEDS:
        rng = random.Random(seed)
        t = Table(rules, Wall.shuffled(seed, seed % 8, 0), round_index=seed % 8,
                  honba=seed % 3, sticks=seed % 2, scores=[25000, 25000, 24000, 25000])
        for _step in range(1500):
            check_round(t)
            if t.over:
                break
            p = t.pending()
            seat = rng.choice(sorted(p))
            t.submit(seat, rng.choice(p[seat]))
        else:
            raise AssertionError(f"seed {seed}: round did not end")
        assert isinstance(t.events[-1], RoundEnded)
        assert t.pending() == {}


def _random_illegal(t: Table, seat: int, rng: random.Random):
    legal = set(t.pending().get(seat, ()))
    candidates = [Discard(rng.randrange(136)), Tsumo(), Ron(), Pass()]
    return [a for a in candidates if a not in legal]


def test_illegal_actions_change_nothing():
    for seed in range(40):
        rng = random.Random(seed)
        t = Table(RuleSet(), Wall.shuffled(seed))
        while not t.over:
            p = t.pending()
            seat = rng.randrange(4)
            for bad in _random_illegal(t, seat, rng)[:2]:
                before = ([t.view(s) for s in range(4)], len(t.events), t.phase)
                with pytest.raises(IllegalAction) as e:
                    t.submit(seat, bad)
                assert f"seat {seat}" in str(e.value) and str(bad) in str(e.value)
                assert ([t.view(s) for s in range(4)], len(t.events), t.phase) == before
            s = rng.choice(sorted(p))
            t.submit(s, rng.choice(p[s]))


def play(rules, seed):
    rng = random.Random(seed * 7 + 1)
    g = Game(rules, seed)
    for _ in range(40000):
        if g.over:
            return g
        p = g.pending()
        s = rng.choice(sorted(p))
        g.submit(s, rng.choice(p[s]))
    raise AssertionError(f"game {seed} did not end")


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_games_end_and_replay_identically(variant):
    rules = VARIANTS[variant]
    for seed in GAME_SEEDS[variant::len(VARIANTS)] if not LONG else GAME_SEEDS:
        g = play(rules, seed)
        r = g.result
        assert isinstance(g.events[-1], GameEnded) and g.pending() == {}
        leftover = 0 if rules.leftover_sticks_to_top else 1000 * r.leftover_sticks
        assert sum(r.points) + leftover == 4 * rules.starting_points
        assert sorted(r.ranking) == [0, 1, 2, 3]
        assert [r.points[s] for s in r.ranking] == sorted(r.points, reverse=True)
        if rules.score_rounding in ("round56", "exact") and rules.leftover_sticks_to_top:
            assert sum(r.scores) == pytest.approx(0, abs=1e-6)
        # a game is its seed, its rules and its actions
        again = Game.replay(rules, seed, g.actions)
        assert again.events == g.events and again.result == g.result
        data = g.to_dict()
        assert [action_from_dict(a) for _, a in data["actions"]] == [a for _, a in g.actions]
        assert Game.from_dict(data).result == g.result
        starts = [e for e in g.events if isinstance(e, RoundStarted)]
        assert starts[0].round_index == 0 and all(
            b.round_index - a.round_index in (0, 1) for a, b in itertools.pairwise(starts))


def test_pending_seats_at_a_discard_are_only_those_with_a_real_choice():
    for seed in range(20):
        rng = random.Random(seed)
        t = Table(RuleSet(), Wall.shuffled(seed))
        while not t.over:
            p = t.pending()
            if t.phase is Phase.CALLS:
                for acts in p.values():
                    assert Pass() in acts and len(acts) >= 2
            s = rng.choice(sorted(p))
            t.submit(s, rng.choice(p[s]))


def _greedy(g_or_t, seat, acts, rng):
    """Wins when it can, riichi when it can, else the discard that keeps shanten lowest; calls
    now and then. Exercises the win, riichi and payment paths random agents rarely reach."""
    from engine.actions import Chi, Kan, Pon, Riichi
    from engine.hand import shanten
    from engine.tiles import counts34

    for a in acts:
        if isinstance(a, (Tsumo, Ron)):
            return a
    riichis = [a for a in acts if isinstance(a, Riichi)]
    if riichis:
        return rng.choice(riichis)
    calls = [a for a in acts if isinstance(a, (Pon, Chi, Kan))]
    if calls and rng.random() < 0.3:
        return rng.choice(calls)
    discards = [a for a in acts if isinstance(a, Discard)]
    if not discards:
        return Pass() if Pass() in acts else rng.choice(acts)
    table = g_or_t.table if isinstance(g_or_t, Game) else g_or_t
    hand = table.seats[seat].hand
    best, best_s = [], 99
    for a in discards:
        rest = list(hand)
        rest.remove(a.tile)
        s = shanten(counts34(rest))
        if s < best_s:
            best, best_s = [a], s
        elif s == best_s:
            best.append(a)
    return rng.choice(best)


@pytest.mark.parametrize("variant", [0, 1])
def test_greedy_games_with_many_wins_conserve_points_and_replay(variant):
    from engine.events import Win

    rules = VARIANTS[variant]
    n_wins = 0
    for seed in range(20 if LONG else 3):
        rng = random.Random(seed)
        g = Game(rules, seed)
        while not g.over:
            p = g.pending()
            s = rng.choice(sorted(p))
            g.submit(s, _greedy(g, s, p[s], rng))
            if not g.over and g.table.phase is not Phase.OVER:
                check_round(g.table)
        n_wins += sum(1 for e in g.events if isinstance(e, Win))
        for w in (e for e in g.events if isinstance(e, Win)):
            assert sum(w.deltas) >= 0 and w.deltas[w.seat] > 0
        r = g.result
        assert sum(r.points) == 4 * rules.starting_points
        assert Game.replay(rules, seed, g.actions).events == g.events
    assert n_wins >= 5
