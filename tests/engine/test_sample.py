"""engine.sample: copies of a position, and positions re-dealt from what one seat could see."""

import random

from ai import make_agent
from engine.driver import Driver, play_out
from engine.game import Game
from engine.hand import waits as shape_waits
from engine.phase import Phase
from engine.rules import TENHOU
from engine.sample import clone_game, hidden_positions, sample_hidden, seen_tiles
from engine.wall import Wall


def _advance(seed, stop, agents="normal"):
    """A game played by AIs at seats 1-3 and seat 0 until ``stop(game)`` holds with seat 0 to
    act (seat 0 plays ``normal`` too until then)."""
    game = Game(TENHOU, seed)
    ai = {p: make_agent(agents, seed=p, rules=TENHOU) for p in range(4)}
    while not game.over:
        pending = game.pending()
        if 0 in pending and stop(game):
            return game
        p = min(pending)
        game.submit(p, ai[p].act(game.view(p), pending[p]))
    return None


def _visible(game, seat):
    v = game.view(seat)
    r = game.table.state
    return (v.hand, v.drawn, v.melds, v.rivers, v.dora_indicators, v.scores, v.riichi, v.turn,
            v.live_tiles_left, v.legal, r.phase, r.discard, game.round_index, game.honba)


def test_a_sample_keeps_everything_the_seat_saw_and_the_wall_is_136_tiles():
    game = _advance(4, lambda g: g.table.state.next_draw > 80)
    assert game is not None
    for i in range(20):
        s = sample_hidden(game, 0, random.Random(i))
        assert _visible(s, 0) == _visible(game, 0)
        Wall.from_tiles(s.table.wall.tiles)  # raises unless each of the 136 tiles once
        seen = seen_tiles(game.table.state, 0)
        assert seen_tiles(s.table.state, 0) == seen
        for p in (1, 2, 3):
            real, new = game.table.seats[p], s.table.seats[p]
            assert len(new.hand) == len(real.hand) and new.melds == real.melds
            assert sorted(new.counts) and sum(new.counts) == len(new.hand)
            assert not set(new.hand) & seen


def test_the_real_hidden_tiles_do_not_leak_into_the_samples():
    game = _advance(9, lambda g: g.table.state.next_draw > 60)
    r = game.table.state
    hidden = 136 - len(seen_tiles(r, 0))
    real_hand = set(r.seats[1].hand)
    next_tile = r.wall.tiles[r.next_draw]
    positions = hidden_positions(r)
    overlap = same_next = same_wall = 0
    n = 300
    for i in range(n):
        s = sample_hidden(game, 0, random.Random(i)).table.state
        overlap += len(real_hand & set(s.seats[1].hand))
        same_next += s.wall.tiles[s.next_draw] == next_tile
        same_wall += sum(s.wall.tiles[q] == r.wall.tiles[q] for q in positions)
    expected = len(real_hand) * len(real_hand) / hidden  # a uniform re-deal
    assert overlap / n < 2 * expected < len(real_hand)
    assert same_next / n < 0.1
    assert same_wall / n < 0.1 * len(positions)


def test_samples_are_seeded():
    game = _advance(4, lambda g: g.table.state.next_draw > 70)
    a = sample_hidden(game, 0, random.Random(5)).table
    b = sample_hidden(game, 0, random.Random(5)).table
    assert a.wall == b.wall and [s.hand for s in a.seats] == [s.hand for s in b.seats]


def test_R1_a_riichi_hand_is_sampled_tenpai_waiting_on_no_tile_it_let_pass():
    game = _advance(1, lambda g: any(g.table.seats[p].riichi for p in (1, 2, 3))
                    and g.table.phase is Phase.TURN)
    assert game is not None
    r = game.table.state
    riichi = [p for p in (1, 2, 3) if r.seats[p].riichi]
    for i in range(30):
        s = sample_hidden(game, 0, random.Random(i)).table.state
        for p in riichi:
            seat = s.seats[p]
            counts = list(seat.counts)
            w = [k for k in shape_waits(counts) if counts[k] < 4]
            assert w, "a riichi hand is tenpai"
            assert seat.waits
            river = {rt.tile >> 2 for rt in seat.river}
            assert not river & set(w), "its own discards are safe (F1)"


def test_on_a_discard_the_other_seats_answers_come_from_their_new_hands():
    game = _advance(2, lambda g: g.table.phase is Phase.CALLS)
    assert game is not None
    mine = game.pending()[0]
    for i in range(10):
        s = sample_hidden(game, 0, random.Random(i))
        assert s.pending()[0] == mine
        r = s.table.state
        for p in s.pending():
            if p != 0:  # an answer needs tiles of the discard's kind or its neighbours
                k = r.discard[1] >> 2
                assert any(r.seats[p].counts[x] for x in range(max(0, k - 2), min(34, k + 3)))


def test_a_sample_plays_on_and_a_clone_leaves_the_original_alone():
    game = _advance(3, lambda g: g.table.state.next_draw > 60)
    before = (_visible(game, 0), [list(s.hand) for s in game.table.seats], len(game.actions))
    agents = {p: make_agent("greedy", seed=p, rules=TENHOU) for p in range(4)}
    for i in range(3):
        s = sample_hidden(game, 0, random.Random(i))
        play_out(s, agents)
        assert s.over
        c = clone_game(game)
        table = c.table
        Driver(c, agents).run(until=lambda ev, table=table: table.over)
    assert before == (_visible(game, 0), [list(s.hand) for s in game.table.seats],
                      len(game.actions))


def test_P1_a_three_player_sample_keeps_its_108_tiles_and_the_norths_set_aside():
    """Three players (P1): the re-dealt wall holds the same 108 tiles (no 2m-8m), the Norths set
    aside stay where they are (they lie face up), later rounds are three-player walls, and a
    rollout from the sample leaves the original's Norths alone."""
    from engine.actions import Nuki
    from engine.rules import preset
    from engine.wall import SANMA_TILES

    rules = preset("tenhou3")
    for seed in range(40):
        game = Game(rules, seed)
        ai = {p: make_agent("greedy", seed=p, rules=rules) for p in range(3)}
        while not game.over and game.round_index == 0:
            pending = game.pending()
            p = min(pending)
            nuki = [a for a in pending[p] if isinstance(a, Nuki)]
            game.submit(p, nuki[0] if nuki else ai[p].act(game.view(p), pending[p]))
            r = game.table.state
            if any(s.nuki for s in r.seats) and 0 in game.pending() and r.phase is not Phase.OVER:
                break
        r = game.table.state
        if not any(s.nuki for s in r.seats) or r.phase is Phase.OVER or 0 not in game.pending():
            continue
        before = [list(s.nuki) for s in r.seats]
        for i in range(10):
            s = sample_hidden(game, 0, random.Random(i))
            c = s.table.state
            assert sorted(c.wall.tiles) == list(SANMA_TILES)
            assert [list(x.nuki) for x in c.seats] == before
            assert seen_tiles(r, 0) <= seen_tiles(c, 0)
            play_out(s, {p: make_agent("greedy", seed=p, rules=rules) for p in range(3)})
            assert s.over and len(s.scores) == 3
        assert [list(x.nuki) for x in r.seats] == before
        return
    raise AssertionError("no seed of 40 had a North set aside before seat 0's turn")


def test_clones_copy_every_slot_and_share_no_list():
    # clone_seat and clone_round copy slot by slot: a field added later must come along too
    from engine.sample import clone_round

    g = Game(seed=11)
    r = g.table.state
    c = clone_round(r)
    for name in type(r).__slots__:
        if name not in ("win_cache", "pending", "seats"):  # emptied: recomputed; seats below
            assert getattr(c, name) == getattr(r, name), name
    for s, cs in zip(r.seats, c.seats, strict=True):
        for name in type(s).__slots__:
            v = getattr(s, name)
            assert getattr(cs, name) == v, name
            if isinstance(v, list):
                assert getattr(cs, name) is not v, name
