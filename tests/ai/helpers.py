"""Build seat views from mpsz for targeted AI tests."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from ai import make_agent
from ai.efficiency import shanten
from ai.player import Player
from engine.actions import PASS, Action, Chi, Discard, Pon, Riichi
from engine.meld import Meld, MeldKind
from engine.rules import TENHOU
from engine.tiles import TilePool, counts34, parse_kinds, seat_wind
from engine.view import PlayerView, RiverTile

#: the real games of ../shared/logs (beside the checkout, as in CI)
SHARED_LOGS = Path(__file__).resolve().parents[3] / "shared" / "logs"


def turn_order(i: int, seat: int, dealer: int, seats: int) -> int:
    """``RiverTile.order`` of ``seat``'s ``i``-th discard when the turns went round from the
    dealer with no call between."""
    return i * seats + (seat - dealer) % seats


def make_view(
    hand: str,
    drawn: str | None = None,
    *,
    seat: int = 1,
    dealer: int = 0,
    rivers: tuple[str, str, str, str] = ("", "", "", ""),
    riichi: tuple[bool, bool, bool, bool] = (False, False, False, False),
    riichi_at: dict[int, int] | None = None,
    melds: tuple[tuple[Meld, ...], ...] = ((), (), (), ()),
    dora: str = "1z",
    legal=None,
    live_tiles_left: int = 60,
    round_index: int = 0,
    scores: tuple[int, int, int, int] = (25000, 25000, 25000, 25000),
    last_discard: tuple[int, int] | None = None,
    pool: TilePool | None = None,
) -> PlayerView:
    """A view of ``seat`` holding ``hand`` (+ ``drawn``); rivers in mpsz per seat; the riichi
    tile of seat s is at index ``riichi_at[s]`` of its river, the rivers thrown in turn from the
    dealer with no call between (``RiverTile.order``). ``legal`` defaults to every discard."""
    pool = pool or TilePool()
    tiles = tuple(sorted(pool.parse(hand)))
    d = pool.parse(drawn)[0] if drawn else None
    riichi_at = riichi_at or {}
    rv = []
    for s, text in enumerate(rivers):
        ts = pool.parse(text) if text else []
        rv.append(tuple(RiverTile(t, False, riichi=riichi_at.get(s) == i,
                                  order=turn_order(i, s, dealer, len(rivers)))
                        for i, t in enumerate(ts)))
    dora_tiles = tuple(pool.parse(dora))
    if legal is None:
        legal = tuple(Discard(t) for t in tiles + ((d,) if d is not None else ()))
    return PlayerView(
        seat=seat, round_index=round_index, round_wind=27 + round_index // 4,
        seat_wind=seat_wind(seat, dealer), dealer=dealer, honba=0, sticks=0, scores=scores,
        hand=tiles, drawn=d, melds=melds, rivers=tuple(rv), dora_indicators=dora_tiles,
        riichi=riichi, open_hands=(None,) * 4, live_tiles_left=live_tiles_left, kans=0,
        turn=seat, last_discard=last_discard, waits=(), furiten=False, ippatsu=False,
        legal=tuple(legal),
    )


def hard(**knobs: Any) -> Player:
    """The hard AI (seed 1, Tenhou rules) with the ``ai.style.Style`` knobs ``knobs`` changed."""
    agent = make_agent("hard", seed=1, rules=TENHOU)
    assert isinstance(agent, Player)
    agent.style = dataclasses.replace(agent.style, **knobs)
    return agent


def offering_riichi(view: PlayerView) -> PlayerView:
    """``view`` with the riichi the engine offers a closed hand added to its legal actions: one
    for each discard that leaves the hand ready. R1's other terms (1,000 points to put down,
    four tiles or more left to draw) are the caller's to meet: not checked here."""
    assert not view.melds[view.seat], "a riichi is a closed hand's"
    hand = list(view.concealed)
    riichis = []
    for a in view.legal:
        if isinstance(a, Discard):
            rest = list(hand)
            rest.remove(a.tile)
            if shanten(counts34(rest), 4, True) == 0:
                riichis.append(Riichi(a.tile))
    return dataclasses.replace(view, legal=view.legal + tuple(riichis))


def pons(pool: TilePool, melds: str) -> tuple[Meld, ...]:
    """Pons of the triplets in ``melds`` (mpsz, apart: "555z 999p"), their tiles from ``pool``."""
    out = []
    for text in melds.split():
        tiles = pool.parse(text)
        out.append(Meld(MeldKind.PON, tuple(sorted(tiles)), tiles[0], 0))
    return tuple(out)


def call_offer(hand: str, called: str, using: str, melds: str = "", **view_args: Any
               ) -> tuple[PlayerView, tuple[Action, ...]]:
    """Seat 1 holding ``hand`` (beside pons of the kinds in ``melds``, each a triplet in mpsz:
    "555z 999p"), offered the tile ``called`` the seat on its left (0) threw: a pon when
    ``using`` (two tiles of the hand, mpsz) is two copies of it, a chi otherwise; and a pass."""
    pool = TilePool()
    view = make_view(hand, pool=pool, legal=(), melds=((), pons(pool, melds), (), ()),
                     **view_args)
    taken: list[int] = []
    for k in parse_kinds(using):
        taken.append(next(t for t in view.hand if t >> 2 == k and t not in taken))
    tile = pool.parse(called)[0]
    pair = (taken[0], taken[1])
    call = Pon(pair, tile) if {t >> 2 for t in taken} == {tile >> 2} else Chi(pair, tile)
    legal = (call, PASS)
    return dataclasses.replace(view, legal=legal, last_discard=(0, tile)), legal


def benchmark(name: str) -> ModuleType:
    """The module of ``benchmarks/<name>.py`` (not a package: loaded from its file)."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass of the module looks its module up there
    spec.loader.exec_module(module)
    return module
