"""Plays engine games with mjai bots at some seats, over the protocol, checking as it goes."""

from __future__ import annotations

import json
from collections.abc import Callable

from engine.actions import Action, AgariYame, DeclareTenpai, Discard, Kan, Riichi
from engine.game import Game
from engine.mjai import SeatLink, mjai_tile
from engine.rules import TENHOU, RuleSet


def canon(action: Action, reds) -> tuple:
    """An action with tiles as mjai names (physical copies differ between table and bot)."""
    d = action.to_dict()
    out = [d["type"], d.get("kind")]
    if "tile" in d:
        out.append(mjai_tile(d["tile"], reds))
    if "tiles" in d:
        out.append(tuple(sorted(mjai_tile(t, reds) for t in d["tiles"])))
    if "called" in d:
        out.append(mjai_tile(d["called"], reds))
    return tuple(out)


def view_facts(view, reds) -> dict:
    """What must agree between the table's view of a seat and the bot's own."""
    return {
        "hand": sorted(mjai_tile(t, reds) for t in view.hand),
        "drawn": None if view.drawn is None else mjai_tile(view.drawn, reds),
        "melds": [[(m.kind, sorted(mjai_tile(t, reds) for t in m.tiles)) for m in ms]
                  for ms in view.melds],
        "rivers": [[(mjai_tile(r.tile, reds), r.tsumogiri, r.riichi, r.called_by, r.order)
                    for r in rv]
                   for rv in view.rivers],
        "dora": [mjai_tile(t, reds) for t in view.dora_indicators],
        "riichi": view.riichi, "scores": view.scores, "sticks": view.sticks,
        "honba": view.honba, "round": view.round_index, "dealer": view.dealer,
        "live": view.live_tiles_left, "kans": view.kans, "waits": view.waits,
        "furiten": view.furiten, "ippatsu": view.ippatsu, "turn": view.turn,
        "legal": sorted(canon(a, reds) for a in view.legal),
    }


def play(game: Game, bots: dict[int, Callable[[str], str]], others=None, trackers=None,
         max_actions: int = 20000) -> dict:
    """Play ``game`` to its end; ``bots[seat](line) -> line`` answer over mjai, ``others(seat,
    view, legal)`` decides for the remaining seats. With ``trackers`` (seat -> SeatTracker of
    that bot) every decision also checks the bot's view against the table's. Returns counts of
    the mjai answers by type."""
    rules = game.rules
    reds = rules.red_fives
    links = {s: SeatLink(s, rules) for s in bots}
    seen: dict[str, int] = {}
    for _ in range(max_actions):
        if game.over:
            break
        seat, legal = next(iter(game.pending().items()))
        if legal and isinstance(legal[0], (AgariYame, DeclareTenpai)):
            game.submit(seat, legal[0])
            continue
        if seat not in bots:
            game.submit(seat, others(seat, game.view(seat), legal))
            continue
        link = links[seat]
        view = game.view(seat)
        answer = json.loads(bots[seat](json.dumps(link.news(game.events))))
        if trackers and seat in trackers:
            mine = view_facts(trackers[seat].view(), reds)
            table = view_facts(view, reds)
            assert mine == table, _diff(mine, table, game)
        seen[answer["type"]] = seen.get(answer["type"], 0) + 1
        action = link.read(answer, legal, view.drawn)
        if action is None:
            answer = json.loads(bots[seat](json.dumps(link.reach_echo())))
            if trackers and seat in trackers:
                # after its reach the bot may throw only the tile it chose with it, a ready one
                tracker = trackers[seat]
                got = sorted(canon(a, reds) for a in tracker.legal())
                want = sorted(canon(Riichi(a.tile), reds) for a in legal if isinstance(a, Riichi))
                assert tracker.riichi_tile is not None
                assert got == [canon(Riichi(tracker.riichi_tile), reds)] and got[0] in want
            action = link.read(answer, legal, view.drawn, after_reach=True)
        game.submit(seat, action)
    assert game.over
    for s, link in links.items():
        answer = json.loads(bots[s](json.dumps(link.news(game.events))))
        assert answer == {"type": "none"}
    return seen


def _diff(a: dict, b: dict, game: Game) -> str:
    keys = [k for k in a if a[k] != b[k]]
    return f"{game.describe()} seed {game.seed}: " + "; ".join(
        f"{k}: bot {a[k]} table {b[k]}" for k in keys)


__all__ = ["TENHOU", "Discard", "Kan", "RuleSet", "canon", "play", "view_facts"]
