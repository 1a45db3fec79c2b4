"""Riichi or dama: real Tenhou players beside the AI in the same spots (issue 16: against
tenhou-python-bot the hard AI declared riichi in fewer rounds, 19% against the bots' 22%, and
facing a riichi it declared one far more often than people).

Every own turn of a closed seat that may declare riichi, in the real games of
``../shared/logs/mjlog`` (almost all Houou room), replayed by the engine and answered by the AI
from the seat's own view. Sorted by whether another seat is in riichi, whether the hand wins
dama (a yaku without riichi on its best wait), how many tiles its wait has left (from the seat's
view) and how far the round is. Printed per situation: spots, how often the people declared
riichi, how often the AI did, and the spots where only one of them did. Last, how often the
discard left the hand not ready at all (tenpai refused, for a better shape or to fold), at the
hand's first chance to be ready and later: with no riichi out the people refused 12.9% of their
first chances on four live wait tiles or fewer, hard 0.1% (issue 16; docs/arena.md: they broke
for a yaku or a dora, not the wait's width, and the refusals of a poor wait early did worse).

Run from the repository root (about half a minute):

    .venv/bin/python benchmarks/bench_riichi.py [--games 159] [--level hard] [--show 5]

With ``--arena DIR [DIR ...]`` the spots are those of the outside arena's mjai logs
(``bench_arena.py --logs DIR``) instead, and the players beside the AI are the opponents of
those games (tenhou-python-bot in the issue 16 runs), each seat's view rebuilt from the events
with the other seats' tiles hidden; ``--seats hero`` takes the hero's own spots (then the AI
answers as the hero played, or as a knob changes it: ``benchmarks/knob_bot.py``).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena_spots import arena_games, arena_spots  # noqa: E402
from bench_calls import real_games, real_games_parser  # noqa: E402
from bench_pushfold import replayed  # noqa: E402

from ai.base import riichi_choices  # noqa: E402
from ai.chances import LOOKS, RON_BY_LOOK, wait_look  # noqa: E402
from ai.efficiency import waits  # noqa: E402
from ai.observe import Situation, observe  # noqa: E402
from ai.player import Player  # noqa: E402
from engine.actions import Action, Discard, Riichi  # noqa: E402
from engine.records.model import GameRecord  # noqa: E402
from engine.tiles import format_kinds  # noqa: E402
from engine.view import PlayerView  # noqa: E402


def riichi_spots(record: GameRecord
                 ) -> Iterator[tuple[PlayerView, tuple[Action, ...], Action, list[str]]]:
    """(view, legal, what the person played, outcome) of every turn in ``record`` with a riichi
    legal; ``outcome`` is filled when the round ends (``bench_pushfold.RoundOutcomes``)."""
    for game, outcomes, i, s, action, legal in replayed(record):
        if action in legal and any(isinstance(a, Riichi) for a in legal):
            yield game.view(s), legal, action, outcomes.watch(s, i)


def wants_riichi(own: bool, legal: tuple[Action, ...]) -> bool:
    """The arena spots of this benchmark (``arena_spots.Wanted``): own turns with a riichi legal."""
    return own and any(isinstance(a, Riichi) for a in legal)


def situation(agent: Player, sit: Situation, legal: tuple[Action, ...]) -> tuple[str, str, str,
                                                                                str]:
    """(threat, dama yaku, live wait tiles, stage) of a spot, by the riichi discard with the
    most live wait tiles."""
    best = (-1, False)
    concealed = list(sit.view.concealed)
    for kind in riichi_choices(legal):
        c = sit.counts[:]
        c[kind] -= 1
        tiles = list(concealed)
        tiles.remove(next(t for t in tiles if t >> 2 == kind))
        live = sum(sit.unseen[w] for w in waits(c))
        w_d, _, ron_d = agent._tenpai_value(sit, c, list(sit.melds), tiles, True, riichi=False)
        best = max(best, (live, w_d > 0 and ron_d))  # a closed hand always has menzen tsumo
    live, dama = best
    threat = "riichi" if sit.riichi_out else "calm"
    size = "w<=4" if live <= 4 else "w5-7" if live <= 7 else "w8+"
    stage = "early" if sit.turn <= 6 else "mid" if sit.turn <= 11 else "late"
    return threat, "yaku" if dama else "no yaku", size, stage


def ready_waits(sit: Situation, legal: tuple[Action, ...]) -> dict[int, tuple[int, ...]]:
    """The waits each ready (riichi) discard leaves, by the kind thrown."""
    out = {}
    for kind in riichi_choices(legal):
        c = sit.counts[:]
        c[kind] -= 1
        out[kind] = tuple(waits(c))
    return out


def refuses(action: Action, legal: tuple[Action, ...]) -> bool:
    """Whether ``action`` leaves a hand that could be ready not ready (tenpai refused): a plain
    discard of a kind no riichi of ``legal`` throws (a kan or a win is not one)."""
    return isinstance(action, Discard) and action.tile >> 2 not in riichi_choices(legal)


def best_look(ws: tuple[int, ...], river: set[int]) -> str:
    """The look among the waits ``ws`` (from the seat's ``river``, ``ai.chances.wait_look``)
    that is thrown to a riichi most (``RON_BY_LOOK``)."""
    return max((wait_look(w, river) for w in ws), key=RON_BY_LOOK.__getitem__)


def main() -> int:
    ap = real_games_parser(__doc__, 159, "print this many spots where only the AI declared, "
                           "and as many where only the people did")
    ap.add_argument("--arena", nargs="+", metavar="DIR",
                    help="the spots of these arena logs (bench_arena.py --logs) instead")
    ap.add_argument("--seats", choices=("bots", "hero"), default="bots",
                    help="with --arena: the opponents' spots (default) or the hero's")
    args = ap.parse_args()
    who = "people" if not args.arena else args.seats
    if args.arena:
        games = ((arena_spots(path, seats, wants_riichi), agent) for path, seats, agent
                 in arena_games(args.arena, args.seats, args.level, args.personality))
    else:
        games = ((riichi_spots(record), agent)
                 for record, agent in real_games(args.games, args.level, args.personality))
    rows: Counter[tuple[str, ...]] = Counter()
    shown: Counter[str] = Counter()
    later: Counter[tuple[str, ...]] = Counter()  # first chances: (situation, side, outcome)
    picks: Counter[tuple[str, str]] = Counter()  # which wait: (look, n / same / ready)
    furi: Counter[tuple[str, str]] = Counter()  # spots with a furiten riichi legal: (what, side)
    # tenpai refused: (threat, wait, "first" chance of the hand or "later", who) -> count
    refused: Counter[tuple[str, ...]] = Counter()
    n_games = 0
    for spots, agent in games:
        n_games += 1
        assert isinstance(agent, Player)
        firsts: list[tuple[tuple[str, ...], bool, list[str]]] = []
        seen: set[tuple[int, int, int]] = set()
        for view, legal, played, outcome in spots:
            sit = observe(view)
            key = situation(agent, sit, legal)
            hand_key = (view.round_index, view.honba, view.seat)
            first = hand_key not in seen
            if first:  # the hand's first chance: riichi at once or not
                seen.add(hand_key)
                firsts.append(((key[0], key[1], key[2]), isinstance(played, Riichi), outcome))
            choice = agent.choose(view, legal)
            left_h, left_a = refuses(played, legal), refuses(choice, legal)
            for k in ((key[0], key[2], "first" if first else "later"), (key[0], "*", "*")):
                refused[k + ("n",)] += 1
                refused[k + (who,)] += left_h
                refused[k + ("AI",)] += left_a
                refused[k + ("both",)] += left_h and left_a
            human, bot = isinstance(played, Riichi), isinstance(choice, Riichi)
            ready = ready_waits(sit, legal)
            river = {rt.tile >> 2 for rt in view.rivers[view.seat]}
            furiten = {k for k, ws in ready.items() if any(w in river or w == k for w in ws)}
            if furiten:
                # a riichi that can win by tsumo only: declared on which discards
                for side, act in ((who, played), ("AI", choice)):
                    furi["n", side] += 1
                    furi["furiten riichi", side] += isinstance(act, Riichi) and \
                        act.tile >> 2 in furiten
                    furi["other riichi", side] += isinstance(act, Riichi) and \
                        act.tile >> 2 not in furiten
            if len(set(ready.values())) > 1 and isinstance(played, (Riichi, Discard)) and \
                    played.tile >> 2 in ready:
                # which wait, where the person kept one of two or more
                kept = ready[played.tile >> 2]
                ai_kept = ready.get(choice.tile >> 2) if isinstance(choice, (Riichi, Discard)) \
                    else None
                for look in ("*", best_look(kept, river)):
                    picks[(look, "n")] += 1
                    picks[(look, "same")] += ai_kept == kept
                    picks[(look, "ready")] += ai_kept is not None
            keys = [key, (key[0], key[1], "*", "*"), (key[0], "*", "*", "*"), ("*",) * 4]
            for k in keys:
                rows[k + ("n",)] += 1
                rows[k + ("h",)] += human
                rows[k + ("a",)] += bot
                rows[k + ("only_a",)] += bot and not human
                rows[k + ("only_h",)] += human and not bot
            if human != bot and shown[str(bot)] < args.show:
                shown[str(bot)] += 1
                hand = format_kinds([t >> 2 for t in sorted(view.concealed)])
                print(f"  only {'the AI' if bot else who} declared: {hand} {key}, AI "
                      f"{choice}, {who} {played}, turn {sit.turn}, dora "
                      f"{format_kinds(list(sit.dora))}")
        for (threat, dama, size), declared, outcome in firsts:
            for k3 in ((threat, dama, size), (threat, dama, "*"), (threat, "*", "*")):
                side = "riichi" if declared else "dama"
                later[k3 + (side, "n")] += 1
                later[k3 + (side, outcome[0])] += 1
    source = "real games" if who == "people" else f"arena logs, the {who}"
    print(f"turns with a riichi legal, {n_games} {source}, {who} vs {args.level} "
          f"({args.personality}): share that declared riichi")
    print(f"{'threat':8}{'dama':9}{'wait':6}{'stage':7}{'spots':>7}{who:>8}{'AI':>8}"
          f"{'AI only':>9}{who + ' only':>13}")
    for row in sorted({k[:4] for k in rows}, key=lambda k: tuple((x == "*", x) for x in k)):
        n = rows[row + ("n",)]
        if n < 20 and "*" not in row:
            continue
        print(f"{row[0]:8}{row[1]:9}{row[2]:6}{row[3]:7}{n:7}{rows[row + ('h',)] / n:8.1%}"
              f"{rows[row + ('a',)] / n:8.1%}{rows[row + ('only_a',)] / n:9.1%}"
              f"{rows[row + ('only_h',)] / n:13.1%}")
    print(f"which wait: spots with two or more ready discards of other waits where the {who} kept "
          "one, by its best look (ai.chances.wait_look): the AI kept the same waits / a "
          "ready hand")
    for look in ("*",) + LOOKS:
        n = picks[(look, "n")]
        if n:
            print(f"  {look:10}{n:7}  same {picks[(look, 'same')] / n:6.1%}  ready "
                  f"{picks[(look, 'ready')] / n:6.1%}")
    n = furi["n", who]
    if n:
        print(f"spots where some riichi discard leaves a furiten wait (the tile thrown or one in the "
              f"river): {n}; declared a furiten riichi: {who} {furi['furiten riichi', who] / n:.1%}, "
              f"AI {furi['furiten riichi', 'AI'] / n:.1%}; another riichi: {who} "
              f"{furi['other riichi', who] / n:.1%}, AI {furi['other riichi', 'AI'] / n:.1%}")
    print(f"the hands of the {who} at their first riichi chance: declared at once or not, and how the "
          "round went for them (won, dealt in later)")
    print(f"{'threat':8}{'dama':9}{'wait':6}{'riichi':>8}{'won':>7}{'dealt':>7}{'dama':>7}"
          f"{'won':>7}{'dealt':>7}")
    for row in sorted({k[:3] for k in later}, key=lambda k: tuple((x == "*", x) for x in k)):
        r, d = max(1, later[row + ("riichi", "n")]), max(1, later[row + ("dama", "n")])
        print(f"{row[0]:8}{row[1]:9}{row[2]:6}{later[row + ('riichi', 'n')]:8}"
              f"{later[row + ('riichi', 'won')] / r:7.1%}{later[row + ('riichi', 'dealt')] / r:7.1%}"
              f"{later[row + ('dama', 'n')]:7}{later[row + ('dama', 'won')] / d:7.1%}"
              f"{later[row + ('dama', 'dealt')] / d:7.1%}")
    print(f"tenpai refused: the share of the turns where the discard left the hand not ready, by the "
          f"threat, the best ready discard's live wait tiles and the hand's first chance or a "
          f"later one ({who} / AI / both)")
    for row in sorted({k[:3] for k in refused}, key=lambda k: tuple((x == "*", x) for x in k)):
        n = refused[row + ("n",)]
        print(f"  {row[0]:8}{row[1]:6}{row[2]:7}{n:7}{refused[row + (who,)] / n:8.1%}"
              f"{refused[row + ('AI',)] / n:8.1%}{refused[row + ('both',)] / n:8.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
