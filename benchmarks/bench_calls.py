"""Call offers (chi / pon) of real Tenhou players beside what the AI does in the same spots
(issue 16: the hard AI calls less than strong people).

Every chi or pon offer in the real games of ``../shared/logs/mjlog`` (almost all Houou room) is
replayed by the engine, sorted by situation (a dragon or own wind pon, a honitsu, toitoi or
tanyao hand, the rest; closed or already open; an opponent in riichi or not; shanten before the
call) and answered by the AI from the seat's own view. Printed per situation: offers, how often
the people called, how often the AI called, and the offers the people took and the AI passed.

Run from the repository root:

    .venv/bin/python benchmarks/bench_calls.py [--games 159] [--level hard] [--show 10]
    .venv/bin/python benchmarks/bench_calls.py --selfplay 12      # the AI's own offers

With ``--selfplay N`` the same table counts the offers the AI meets in N games of four AIs at
that level (seeds 6000..): how often it calls in each situation, and the share of seat-rounds
with a call, to set beside the people's.

With ``--arena DIR [DIR ...]`` the offers are those of the outside arena's mjai logs
(``bench_arena.py --logs DIR``) instead, and the players beside the AI are the opponents of
those games (tenhou-python-bot in the issue 16 runs), or with ``--seats hero`` the hero
(``arena_spots``).

A second table takes the offers where a call leaves a ready shape with no yaku (a formal tenpai,
paid at an exhaustive draw: K1) and none leaves a hand ready with a yaku, by the tiles left in
the live wall and by whether a riichi is out: how often the people called there, and the AI.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_agent  # noqa: E402
from ai.base import Agent  # noqa: E402
from ai.efficiency import shanten  # noqa: E402
from ai.observe import Situation, observe  # noqa: E402
from ai.review.walk import Walk, recorded_game, replay_steps  # noqa: E402
from engine.actions import Action, Chi, Pon, Ron  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.meld import Meld, MeldKind  # noqa: E402
from engine.records import read_record  # noqa: E402
from engine.records.model import GameRecord  # noqa: E402
from engine.tiles import format_kinds  # noqa: E402
from engine.view import PlayerView  # noqa: E402

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "mjlog"
_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))


@dataclass(slots=True)
class Offer:
    """One chi/pon offer: the seat's view, its legal actions and what the person played."""

    view: PlayerView
    legal: tuple[Action, ...]
    played: Action


def offers(record: GameRecord) -> Iterator[Offer]:
    """Every chi/pon offer of every seat in ``record`` (the rounds the engine replays)."""
    setup = recorded_game(record)
    if setup is None:
        return
    game = setup.game
    for _i, s, action, legal in replay_steps(game, setup.actions, Walk(), setup.starts, setup.stop):
        if action in legal and is_offer(legal):
            yield Offer(game.view(s), legal, action)


def is_offer(legal: tuple[Action, ...]) -> bool:
    """Whether ``legal`` offers a chi or a pon and no ron (a ron offer is a win to take)."""
    return any(isinstance(a, (Chi, Pon)) for a in legal) and \
        not any(isinstance(a, Ron) for a in legal)


def real_games_parser(doc: str, games: int, show: str) -> argparse.ArgumentParser:
    """The options of a benchmark over the real games: how many, the AI's level and personality,
    and how many examples to print (``show``: what they are)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--personality", default="balanced")
    ap.add_argument("--show", type=int, default=0, help=show)
    return ap


def real_games(games: int, level: str, personality: str) -> Iterator[tuple[GameRecord, Agent]]:
    """The first ``games`` real games of ``LOGS``, each with an AI of ``level`` for its rules."""
    agent = None
    rules = None
    for path in sorted(LOGS.glob("*.mjlog"))[:games]:
        record = read_record(path)
        if agent is None or rules is not record.rules:
            rules = record.rules
            agent = make_agent(level, seed=1, personality=personality, rules=rules)
        yield record, agent


def situation(sit: Situation, legal: tuple[Action, ...]) -> tuple[str, str, str, int]:
    """(hand kind, open/closed, riichi/calm, shanten before) of an offer."""
    counts = sit.counts
    melds = [t >> 2 for m in sit.melds for t in m.tiles]
    kinds = [k for k in range(34) for _ in range(counts[k])] + melds
    pons = [a for a in legal if isinstance(a, Pon)]
    called = next(a.called for a in legal if isinstance(a, (Chi, Pon))) >> 2
    suited = [sum(1 for k in kinds if k < 27 and k // 9 == s) for s in range(3)]
    honours = sum(1 for k in kinds if k >= 27)
    pairs = sum(1 for n in counts if n >= 2) + sum(1 for m in sit.melds if m.kind.name == "PON")
    if pons and sit.wind_han(called):
        kind = "yakuhai pon"
    elif called >= 27 or max(suited) + honours >= len(kinds) - 3 and \
            (called >= 27 or suited[called // 9] == max(suited)):
        kind = "honitsu"
    elif pons and pairs >= 4:
        kind = "toitoi"
    elif called not in _YAOCHUU and sum(1 for k in kinds if k in _YAOCHUU) <= 2:
        kind = "tanyao"
    else:
        kind = "other"
    opened = "closed" if sit.closed else "open"
    riichi = "riichi" if sit.riichi_out else "calm"
    return kind, opened, riichi, shanten(counts, sit.sets_needed, sit.closed)


def formal_offer(agent: Agent, sit: Situation, legal: tuple[Action, ...]) -> bool:
    """Whether some chi or pon of ``legal`` leaves, after a discard, a ready shape with no yaku
    (a formal tenpai: ``Player._formal``), and none leaves a hand ready with a yaku (by the
    AI's ``evaluate``: a real AI only)."""
    evaluate = getattr(agent, "evaluate", None)
    if evaluate is None:
        return False
    concealed = list(sit.view.concealed)
    formal = False
    for a in legal:
        if not isinstance(a, (Chi, Pon)):
            continue
        c = sit.counts[:]
        for t in a.tiles:
            c[t >> 2] -= 1
        tiles = [t for t in concealed if t not in a.tiles]
        kind = MeldKind.CHI if isinstance(a, Chi) else MeldKind.PON
        meld = Meld(kind, tuple(sorted(a.tiles + (a.called,))), a.called, 3)
        melds = list(sit.melds) + [meld]
        for k in range(34):
            if not c[k]:
                continue
            c[k] -= 1
            if shanten(c, sit.sets_needed - 1, False) == 0:
                t2 = list(tiles)
                t2.remove(next(t for t in t2 if t >> 2 == k))
                if evaluate(sit, c, t2, extra=meld)[1] == 0:
                    return False  # ready with a yaku
                formal = formal or agent._formal(c, melds)  # type: ignore[attr-defined]
            c[k] += 1
    return formal


def stage(tiles_left: int) -> str:
    """The part of the round by the tiles left in the live wall."""
    if tiles_left <= 8:
        return "left <=8"
    if tiles_left <= 16:
        return "left 9-16"
    return "left 17-28" if tiles_left <= 28 else "left 29+"


def selfplay(games: int, level: str, personality: str) -> int:
    """The offers the AI meets in its own games and what it does with them."""
    from engine.driver import play_out
    from engine.rules import TENHOU

    rows: Counter[tuple[str, ...]] = Counter()
    seat_rounds = 0
    called: set[tuple[int, int, int, int]] = set()
    for g in range(games):
        agents = {s: make_agent(level, seed=(6000 + g) * 4 + s, personality=personality,
                                rules=TENHOU) for s in range(4)}
        for agent in agents.values():
            agent.choose = _logged(agent.choose, rows, called, g)  # type: ignore[method-assign]
        game = Game(TENHOU, 6000 + g)
        play_out(game, agents)
        seat_rounds += 4 * len({(e.round_index, e.honba) for e in game.events
                                if type(e).__name__ == "RoundStarted"})
    print(f"chi/pon offers in {games} games of four {level} AIs: called in "
          f"{len(called) / max(1, seat_rounds):.1%} of {seat_rounds} seat-rounds")
    _print(rows, None)
    return 0


def _logged(choose, rows, called, g):  # type: ignore[no-untyped-def]
    def wrapped(view: PlayerView, legal: tuple[Action, ...]) -> Action:
        a = choose(view, legal)
        if is_offer(legal):
            sit = observe(view)
            kind, opened, riichi, s = situation(sit, legal)
            bot = isinstance(a, (Chi, Pon))
            if bot:
                called.add((g, view.round_index, view.honba, view.seat))
            for key in ((kind, opened, riichi, f"s{min(s, 3)}"), (kind, opened, riichi, "*"),
                        (kind, "*", "*", "*"), ("all", opened, riichi, "*"), ("all", "*", "*", "*")):
                rows[key + ("n",)] += 1
                rows[key + ("a",)] += bot
        return a
    return wrapped


def _print(rows: Counter[tuple[str, ...]], who: str | None) -> None:
    """The table: one line per situation (the shanten lines with 20 offers or more), with the
    calls of ``who`` (the people, the bots...: None for the AI alone) beside the AI's."""
    if who:
        print(f"  {'situation':<38} {'offers':>6} {who:>7} {'AI':>7} {'missed':>7} "
              f"{'extra':>6}")
    else:
        print(f"  {'situation':<38} {'offers':>6} {'AI':>7}")
    keys = sorted({k[:4] for k in rows}, key=lambda k: (k[0] == "all", k))
    for key in keys:
        n = rows[key + ("n",)]
        if n < 20 and key[3] != "*":
            continue
        label = " ".join(x for x in key if x != "*")
        if who:
            print(f"  {label:<38} {n:6d} {rows[key + ('h',)] / n:7.1%} "
                  f"{rows[key + ('a',)] / n:7.1%} {rows[key + ('miss',)] / n:7.1%} "
                  f"{rows[key + ('extra',)] / n:6.1%}")
        else:
            print(f"  {label:<38} {n:6d} {rows[key + ('a',)] / n:7.1%}")


def wants_call(own: bool, legal: tuple[Action, ...]) -> bool:
    """The arena spots of this benchmark (``arena_spots.Wanted``): a chi or pon offer, no ron."""
    return not own and is_offer(legal)


def main() -> int:
    ap = real_games_parser(__doc__, 159, "print this many missed calls per kind")
    ap.add_argument("--selfplay", type=int, default=0, metavar="GAMES")
    ap.add_argument("--arena", nargs="+", metavar="DIR",
                    help="the offers of these arena logs (bench_arena.py --logs) instead")
    ap.add_argument("--seats", choices=("bots", "hero"), default="bots",
                    help="with --arena: the opponents' offers (default) or the hero's")
    args = ap.parse_args()
    if args.selfplay:
        return selfplay(args.selfplay, args.level, args.personality)
    who = "people" if not args.arena else args.seats
    games: Iterator[tuple[Iterator[Offer], Agent, int]]  # (offers, AI, seat-rounds if known)
    if args.arena:
        from arena_spots import arena_games, arena_spots

        games = (((Offer(v, legal, played) for v, legal, played, _o
                   in arena_spots(path, seats, wants_call)), agent, 0)
                 for path, seats, agent in arena_games(args.arena, args.seats, args.level,
                                                       args.personality))
    else:
        games = ((offers(record), agent, 4 * len(record.rounds))
                 for record, agent in real_games(args.games, args.level, args.personality))
    rows: Counter[tuple[str, ...]] = Counter()
    shown: Counter[str] = Counter()
    n_games = 0
    called: set[tuple[int, int, int, int]] = set()  # (game, round, honba, seat) with a call
    formal: Counter[tuple[str, ...]] = Counter()
    seat_rounds = 0
    for game_offers, agent, n_rounds in games:
        n_games += 1
        seat_rounds += n_rounds
        for o in game_offers:
            sit = observe(o.view)
            kind, opened, riichi, s = situation(sit, o.legal)
            ai = agent.choose(o.view, o.legal)
            human = isinstance(o.played, (Chi, Pon))
            bot = isinstance(ai, (Chi, Pon))
            if human:
                called.add((n_games, o.view.round_index, o.view.honba, o.view.seat))
            sb = f"s{min(s, 3)}"
            for key in ((kind, opened, riichi, sb), (kind, opened, riichi, "*"),
                        (kind, "*", "*", "*"), ("all", opened, riichi, "*"), ("all", "*", "*", "*")):
                rows[key + ("n",)] += 1
                rows[key + ("h",)] += human
                rows[key + ("a",)] += bot
                rows[key + ("miss",)] += human and not bot
                rows[key + ("extra",)] += bot and not human
            if not sit.view.riichi[sit.view.seat] and formal_offer(agent, sit, o.legal):
                for key in ((stage(sit.tiles_left), riichi, opened, "*"),
                            (stage(sit.tiles_left), "*", "*", "*")):
                    formal[key + ("n",)] += 1
                    formal[key + ("h",)] += human
                    formal[key + ("a",)] += bot
                    formal[key + ("miss",)] += human and not bot
                    formal[key + ("extra",)] += bot and not human
            if human and not bot and shown[kind] < args.show:
                shown[kind] += 1
                hand = format_kinds([t >> 2 for t in sorted(o.view.concealed)])
                melds = " ".join(format_kinds([t >> 2 for t in m.tiles]) for m in sit.melds)
                print(f"  missed {kind} {opened} {riichi} s{s}: {hand} [{melds}] "
                      f"{o.played} turn {sit.turn} left {sit.tiles_left}")
    source = "real games" if who == "people" else f"arena logs, the {who}"
    share = f" of {seat_rounds} ({len(called) / seat_rounds:.1%})" if seat_rounds else ""
    print(f"chi/pon offers in {n_games} {source}, {who} vs {args.level} ({args.personality}); the "
          f"{who} called (chi or pon) in {len(called)} seat-rounds{share}:")
    _print(rows, who)
    print("offers where a call leaves a ready shape with no yaku (a formal tenpai, K1) and none a"
          " hand ready with a yaku:")
    _print(formal, who)
    return 0


if __name__ == "__main__":
    sys.exit(main())
