"""The AI's chance to win a hand beside how often the players won it (issue 16): is the chain of
``ai.chances.win_probability`` calibrated?

Every own turn of a seat not in riichi that threw a tile, in the real games of
``../shared/logs/mjlog`` (almost all Houou room): the chance the AI's ``evaluate`` gives the hand
after the tile the player threw (the chain's, read as ``evaluate`` asks it), beside whether the
seat won that round. Sorted by the hand (closed, and apart the closed hands with as many pairs
as make chiitoitsu as near or nearer than four sets; open with a yakuhai pon, honitsu, tanyao or
other), its shanten after the discard, whether a riichi is out, and for a closed ready hand
whether it declared riichi and how many live tiles its wait has. Printed per situation: turns,
the chain's average chance, the share won, and their ratio (1.00: calibrated; a seat that folds
later wins less than the chain says, so the rows facing a riichi read low). Then, of the turns of
the rounds the seat won, the worth of a win the AI said (what ``evaluate`` multiplies the chance
by, the win bonus and the noten payments left out) beside the points the win was worth (the
record's, without honba and sticks), and their ratio: the other half of the expected value. A
closed ready hand is priced as a riichi while one may be declared (``Player._tenpai_value``), so
the dama rows read low where the people kept a hand silent. The arena's logs give no points.

Run from the repository root (about half a minute for 159 games):

    .venv/bin/python benchmarks/bench_chances.py [--games 159] [--knob open_calls=1.0 ...]
    .venv/bin/python benchmarks/bench_chances.py --arena DIR [DIR ...] [--seats bots|hero]

``--knob NAME=VALUE`` sets a ``Style`` knob of the level (``ai.style``) for the chain it reads:
hard prices the chiitoitsu route at its 25 fu (``chiitoitsu_han`` 1.25: ``ai.value.points``
counts 40), ``--knob chiitoitsu_han=2`` at its full 2 han as before; ``--knob open_calls=1 --knob
calm_wait=1`` shows the chain with the calibration of the open hands' calls (by route,
``ai.chances.OPEN_CALLS``) and of the calm wait, which no level uses; hard prices a hand
already open by the calls still to come (``later_calls``, by route and melds:
``ai.chances.CALLS_BY_MELDS``), ``--knob later_calls=0`` shows its chain without them.
With ``--arena`` the turns are those of the outside arena's mjai logs (``bench_arena.py --logs
DIR``): the opponents' (tenhou-python-bot in the issue 16 runs) or the hero's.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab_hard import knobs  # noqa: E402
from bench_calls import real_games  # noqa: E402
from bench_pushfold import replayed  # noqa: E402

import ai.player  # noqa: E402
from ai.base import Agent  # noqa: E402
from ai.efficiency import chiitoitsu_shanten, regular_shanten  # noqa: E402
from ai.observe import Situation, observe  # noqa: E402
from ai.player import Player  # noqa: E402
from engine.actions import Action, Discard, Riichi  # noqa: E402
from engine.records.model import GameRecord, RoundRecord  # noqa: E402
from engine.view import PlayerView  # noqa: E402

#: the seat's view, its discard, how the round went, what the seat's win in it was worth
Turn = tuple[PlayerView, Action, list[str], int | None]


def record_turns(record: GameRecord) -> Iterator[Turn]:
    """Every discard of a seat not in riichi in ``record``, with the round's outcome for it
    (``RoundOutcomes``: "won" once the round is over) and the points of the seat's win in that
    round (the hand's, without honba and sticks; None when it won none)."""
    rounds = list(record.rounds) + ([record.cut] if record.cut is not None else [])
    for game, outcomes, i, s, action, legal in replayed(record):
        if isinstance(action, (Discard, Riichi)) and action in legal:
            view = game.view(s)
            if not view.riichi[s]:
                yield view, action, outcomes.watch(s, i), win_points(rounds[outcomes.round], s)


def win_points(record: RoundRecord, seat: int) -> int | None:
    """The points of ``seat``'s win in the round ``record``, None when it won none."""
    wins = record.outcome.wins if record.outcome is not None else ()
    return next((w.points for w in wins if w.seat == seat), None)


def hand_after(sit: Situation, tile: int) -> tuple[list[int], list[int]]:
    """The kinds' counts and the concealed tiles of ``sit``'s hand once ``tile`` is thrown."""
    counts = sit.counts[:]
    counts[tile >> 2] -= 1
    tiles = list(sit.view.concealed)
    tiles.remove(tile)
    return counts, tiles


def arena_turns(folders: list[str], who: str, level: str, personality: str
                ) -> Iterator[tuple[list[Turn], Agent]]:
    """The same turns of the arena logs in ``folders`` (of the hero or the other seats)."""
    from arena_spots import arena_games, arena_spots

    for path, seats, agent in arena_games(folders, who, level, personality):
        yield [(view, played, outcome, None) for view, _legal, played, outcome
               in arena_spots(path, seats, lambda own, _legal: own)
               if isinstance(played, (Discard, Riichi)) and not view.riichi[view.seat]], agent


def hand_kind(sit: Situation, counts: list[int]) -> str:
    """closed (chiitoitsu: seven pairs nearer than four sets and a pair; chiitoitsu=: as near),
    or open: yakuhai (a yakuhai pon or kan), honitsu (one suit), tanyao (2-8 only) or other."""
    if sit.closed:
        pairs, sets = chiitoitsu_shanten(counts), regular_shanten(counts, 4)
        return "closed" + (" chiitoitsu" if pairs < sets else " chiitoitsu=" if pairs == sets
                           else "")
    kinds = [k for k in range(34) for _ in range(counts[k])] + \
        [t >> 2 for m in sit.melds for t in m.tiles]
    if any(m.kind.name != "CHI" and sit.wind_han(m.tiles[0] >> 2) for m in sit.melds):
        return "open yakuhai"
    if len({k // 9 for k in kinds if k < 27}) == 1:
        return "open honitsu"
    if all(k < 27 and k % 9 not in (0, 8) for k in kinds):
        return "open tanyao"
    return "open other"


class Chain:
    """The chain's chance of the hand ``Player.evaluate`` prices: while in a ``with`` block,
    ``ai.player.win_probability`` is wrapped to keep its last answer."""

    def __init__(self) -> None:
        self.last: float | None = None
        self.inner = ai.player.win_probability  # type: ignore[attr-defined]

    def __enter__(self) -> Chain:
        ai.player.win_probability = self  # type: ignore[attr-defined]
        return self

    def __exit__(self, *exc: object) -> None:
        ai.player.win_probability = self.inner  # type: ignore[attr-defined]

    def __call__(self, *args: object, **kw: object) -> float:
        self.last = self.inner(*args, **kw)  # type: ignore[arg-type]
        return self.last

    def chance(self, agent: Player, sit: Situation, counts: list[int], tiles: list[int]
               ) -> tuple[float, int, float, float] | None:
        """(chance, shanten, ukeire, worth of a win) of the hand after a discard, None when no
        chain was asked (no yaku, no draw left). The worth is what ``evaluate`` multiplies the
        chance by, less the win bonus; ``agent`` must not price the noten payments (its
        ``Style.keiten`` off, at four seats), which ``evaluate`` adds on top."""
        self.last = None
        agent._outlook = None
        ev, s, n = agent.evaluate(sit, counts, tiles)
        p = cast("float | None", self.last)  # set by evaluate's call of the chain, if any
        if p is None:
            return None
        return p, s, n, ev / p - agent._win_bonus(sit) if p > 0 else 0.0


def wait_size(n: float) -> str:
    return "w<=4" if n <= 4 else "w5-7" if n <= 7 else "w8+"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=159)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--personality", default="balanced")
    ap.add_argument("--knob", action="append", default=[], metavar="NAME=VALUE",
                    help="a Style knob of the level for the chain (ai.style)")
    ap.add_argument("--arena", nargs="+", metavar="DIR",
                    help="the turns of these arena logs (bench_arena.py --logs) instead")
    ap.add_argument("--seats", choices=("bots", "hero"), default="bots",
                    help="with --arena: the opponents' turns (default) or the hero's")
    args = ap.parse_args()
    try:
        change = knobs(args.knob)
    except ValueError as e:
        print(f"bench_chances: --knob: {e}", file=sys.stderr)
        return 2
    with Chain() as chain:
        return report(args, change, chain)


def report(args: argparse.Namespace, change: dict[str, object], chain: Chain) -> int:
    """The table of ``main``, the chain read through ``chain``."""
    who = "people" if not args.arena else args.seats
    games: Iterator[tuple[Iterator[Turn] | list[Turn], Agent]]
    if args.arena:
        games = arena_turns(args.arena, args.seats, args.level, args.personality)
    else:
        games = ((record_turns(record), agent)
                 for record, agent in real_games(args.games, args.level, args.personality))
    # per row: turns, chance, won; and of the turns whose round the seat won with known
    # points: turns, the worth said, the points won
    rows: defaultdict[tuple[str, ...], list[float]] = defaultdict(lambda: [0, 0.0, 0, 0, 0.0, 0])
    n_games = 0
    for turns, agent in games:
        n_games += 1
        assert isinstance(agent, Player)
        # the noten payments off: a win's worth is then the chain's factor (Chain.chance)
        agent.style = dataclasses.replace(agent.style, keiten=False,
                                          **change)  # type: ignore[arg-type]
        priced: list[tuple[tuple[str, ...], float, list[str], float, int | None]] = []
        for view, played, outcome, points in turns:
            assert isinstance(played, (Discard, Riichi))
            sit = observe(view)
            counts, tiles = hand_after(sit, played.tile)
            got = chain.chance(agent, sit, counts, tiles)
            if got is None or got[1] > 3:
                continue
            p, s, n, worth = got
            kind = hand_kind(sit, counts)
            threat = "riichi" if sit.riichi_out else "calm"
            key: tuple[str, ...] = (kind, f"s{s}", threat, "*")
            if s == 0 and kind.startswith("closed"):
                key = ("closed " + ("riichi" if isinstance(played, Riichi) else "dama"),
                       "s0", threat, wait_size(n))
            priced.append((key, p, outcome, worth, None if sit.players != 4 else points))
        for key, p, outcome, worth, points in priced:  # the rounds are over: who won is known
            for k in {key, key[:3] + ("*",), key[:2] + ("*", "*"), key[:1] + ("*",) * 3}:
                row = rows[k]
                row[0] += 1
                row[1] += p
                row[2] += outcome[0] == "won"
                if outcome[0] == "won" and points is not None:
                    row[3] += 1
                    row[4] += worth
                    row[5] += points
    source = "real games" if who == "people" else f"arena logs, the {who}"
    extra = f", {' '.join(args.knob)}" if args.knob else ""
    print(f"own turns of a seat not in riichi, {n_games} {source}: the chance of {args.level}'s "
          f"chain ({args.personality}{extra}) for the hand after the {who}'s discard, beside "
          "the share of those rounds the seat won; and of the turns of a round it won, the "
          "worth of a win said beside the points won (real games: the records give them)")
    print(f"{'hand':19}{'s':4}{'threat':8}{'wait':6}{'turns':>7}{'chain':>8}{'won':>8}"
          f"{'ratio':>7}{'wins':>7}{'worth':>8}{'points':>8}{'ratio':>7}")
    for key in sorted(rows, key=lambda k: tuple((x == "*", x) for x in k)):
        n, p, won, n_won, said, paid = rows[key]
        if n < 30:
            continue
        line = f"{key[0]:19}{key[1]:4}{key[2]:8}{key[3]:6}{int(n):7}{p / n:8.3f}" \
            f"{won / n:8.3f}{(won / p) if p else 0.0:7.2f}"
        if n_won >= 30 and said > 0:
            line += f"{int(n_won):7}{said / n_won:8.0f}{paid / n_won:8.0f}{paid / said:7.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
