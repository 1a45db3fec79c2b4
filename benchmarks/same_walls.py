"""Hard and the people building a closed hand from the same tiles (issue 16: four hard AIs reach
their first ready hand on poorer waits than the Houou people, and no single choice measured on
the people's spots showed why).

Each seat of each round of the real games in ``../shared/logs/mjlog`` is played again from the
deal on the record's own wall. The other three seats play what they played, their calls on one
another included: the seat's draws stay the record's while it makes no call and none is made on
its discards. The seat itself is played by hard, which makes no call, declares no kan and takes
no win: a closed hand built from the tiles the person drew. The replay of a seat ends before the
record's first call or kan by the seat or on its discard, or the round's first win or abort
(after which the draws are no longer the same), or at its first ready hand. The person is
played along the same path by the record's own discards. Printed for both: how many seat-rounds
reached a ready hand within that horizon, by which of their discards, and on what wait (its
shape, ``bench_draws.wait_shape``, and its live copies, in no river and not in the hand); the
seat-rounds where only one of the two got there, and where one got there first whether the other
had refused a ready hand before (a discard that could have left it ready) or built otherwise.

What it found (session 53, all 159 games, 6,501 seat-rounds): the gap is in the building, on the
very same tiles. Both got ready in 18.1% of the seat-rounds, hard a third of a discard sooner
(8.59 against 8.93 discards; of the 891 where both did, hard first 132 times, the people 58), on
a ryanmen 38.4% of the time against the people's 46.6% (four live tiles or fewer 59.5% against
49.9%; one kind 39.2 / 30.8%, seven pairs 7.1 / 5.5%). Where one was ready first the other had
refused a ready hand before in 63 of the people's 415 and 8 of hard's 344: mostly the hands were
built otherwise. The paths part three steps from tenpai or further in 3,920 of the 5,864
seat-rounds that part, and the gap is as large wherever they part (ryanmen 47.5 / 35.7% three
steps away, 45.9 / 39.5% two, 47.3 / 38.4% one). Hard's one-kind waits are kanchan 29.2% of
its first ready hands against 23.8%, penchan 6.7% against 4.0%, tanki 3.2% against 3.0%. None
of these moved hard's shapes by a point (40 games, ryanmen against hard's 39.6%, people 47.2%):
the 1-shanten hand's expected wait raised to the power 1.5 or 2 (39.5, 40.7%), a lone guest
wind thrown first three steps away or further (39.9%), a lone penchan's terminal thrown first
two steps away or further (39.3%), a step back from tenpai kept at full worth (40.6%), every
step back at half instead of 0.3 (``SHANTEN_BACK``: 39.6%, ready 8.72 discards in), and on all
159 games session 51's ``third_step`` (38.4%); the lookahead off 36.8%, second_step off 41.0%.

With ``--knob KNOB=VALUE`` a third player is hard with the ``ai.style.Style`` knob changed, on
the same tiles.

Run from the repository root (about a minute for 40 games, three and a half for all 159):

    .venv/bin/python benchmarks/same_walls.py [--games 40] [--knob KNOB=VALUE ...]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab_hard import knobs  # noqa: E402
from bench_calls import LOGS  # noqa: E402
from bench_draws import WAIT_SHAPES, live_copies, wait_shape  # noqa: E402

from ai import make_agent  # noqa: E402
from ai.efficiency import shanten, waits  # noqa: E402
from ai.review.walk import Walk, recorded_game, replay_steps  # noqa: E402
from engine.actions import Action, Chi, Discard, Kan, Pass, Pon, Riichi  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.hand.decompose import readings  # noqa: E402
from engine.records import read_record  # noqa: E402
from engine.rules import TENHOU  # noqa: E402
from engine.sample import clone_game  # noqa: E402
from engine.tiles import kinds_to_counts  # noqa: E402
from engine.view import PlayerView  # noqa: E402

#: a seat's own-turn choice: from its view and its legal actions (calls, kans and wins removed)
Chooser = Callable[[PlayerView, tuple[Action, ...]], Action]


@dataclass(slots=True)
class Ready:
    """A seat's first ready hand on the same tiles: after which of its discards, its wait's
    shape and live copies; ``discards`` is the number it threw when it never got there."""

    ready: bool
    discards: int
    shape: str = ""
    live: int = 0
    one: str = ""  # a one-kind wait's reading: kanchan, penchan or tanki (``one_kind``)
    chance: int = 0  # the first of its discards that could have left the hand ready (0: none)


@dataclass(slots=True)
class RoundPlay:
    """A round of a record from its deal: the game there and the actions of the round."""

    game: Game
    actions: list[tuple[int, Action]]


def rounds_of(path: Path) -> Iterator[RoundPlay]:
    """Each round of the record at ``path`` (four players), from its deal."""
    record = read_record(path)
    if record.rules.players != 4:
        return
    setup = recorded_game(record)
    if setup is None:
        return
    walk = Walk()
    current: RoundPlay | None = None
    table = None
    for _, seat, action, _legal in replay_steps(setup.game, setup.actions, walk, setup.starts,
                                                rounds=setup.stop):
        if setup.game.table is not table:
            if current is not None:
                yield current
            table = setup.game.table
            current = RoundPlay(clone_game(setup.game, events=False), [])
        assert current is not None
        current.actions.append((seat, action))
    if current is not None and not walk.problem:
        yield current


def horizon(actions: Sequence[tuple[int, Action]], seat: int) -> dict[int, list[Action]]:
    """Each seat's actions of the round (passes left out) before ``seat``'s first call or kan, a
    call on its discard, or the first win or abort: while the others play these the draws of
    ``seat`` stay the record's, whatever it throws."""
    own: dict[int, list[Action]] = {s: [] for s in range(4)}
    thrower = -1
    for s, action in actions:
        if isinstance(action, Pass):
            continue
        if isinstance(action, (Discard, Riichi)):
            thrower = s
        elif not isinstance(action, (Chi, Pon, Kan)) or s == seat or \
                (thrower == seat and action.called is not None):
            break
        own[s].append(action)
    return own


def throws(own: dict[int, list[Action]], seat: int) -> list[Action]:
    """``seat``'s discards (riichi among them) in a ``horizon``: its own-turn choices."""
    return [a for a in own[seat] if isinstance(a, (Discard, Riichi))]


def players(knob: dict[str, object]) -> list[str]:
    """Who is counted: the people and hard, and hard with ``knob`` when one is given."""
    return ["people", "hard"] + (["knob"] if knob else [])


def play_seat(start: Game, seat: int, own: dict[int, list[Action]], limit: int,
              choose: Chooser) -> Ready:
    """Play the round from ``start`` with ``seat`` choosing by ``choose`` for at most ``limit``
    discards, the others playing their recorded ``own`` actions (their calls on one another
    among them), every other offer passed, nobody winning; the seat's first ready hand, or how
    far it got."""
    game = clone_game(start, events=False)
    queues = {s: list(a) for s, a in own.items() if s != seat}
    thrown = 0
    chance = 0
    while thrown < limit:
        pending = game.pending()
        if not pending:
            break
        s = min(pending)
        legal = pending[s]
        if s != seat:
            if queues[s] and queues[s][0] in legal:
                game.submit(s, queues[s].pop(0))
            elif any(isinstance(a, Pass) for a in legal):
                game.submit(s, Pass())
            else:
                break  # the seat's draws are no longer the record's (an abort on the way)
            continue
        if any(isinstance(a, Pass) for a in legal):
            game.submit(s, Pass())
            continue
        turn = tuple(a for a in legal if isinstance(a, (Discard, Riichi)))
        before = game.view(s)
        if not chance:
            tiles = before.hand + ((before.drawn,) if before.drawn is not None else ())
            if shanten(kinds_to_counts([t >> 2 for t in tiles]), 4) <= 0:
                chance = thrown + 1
        game.submit(s, choose(before, turn))
        thrown += 1
        view = game.view(seat)
        if view.waits:
            hand = kinds_to_counts([t >> 2 for t in view.hand])
            seen = [0] * 34
            for river in view.rivers:
                for r in river:
                    seen[r.tile >> 2] += 1
            shape = wait_shape(hand)
            return Ready(True, thrown, shape, live_copies(hand, seen),
                         one_kind(hand) if shape == "one kind" else "", chance)
    return Ready(False, thrown, chance=chance)


#: the readings of a one-kind wait, in the order a hand read several ways is named by
ONE_KINDS = ("kanchan", "penchan", "tanki")


def one_kind(hand: Sequence[int]) -> str:
    """How a ready hand waiting on one kind waits: the first of ``ONE_KINDS`` among the readings
    of the hand won on it.

    >>> from engine.tiles import kinds_to_counts, parse_kinds
    >>> [one_kind(kinds_to_counts(parse_kinds(h))) for h in ("123456789m13p11z",
    ...  "123456789m12p11z", "123456789m123p1z")]
    ['kanchan', 'penchan', 'tanki']
    """
    w = waits(hand)[0]
    won = list(hand)
    won[w] += 1
    names = {wait for _pair, _sets, wait in readings(won, w, True)}
    return next((n for n in ONE_KINDS if n in names), "")


def recorded(own: Sequence[Action]) -> Chooser:
    """The person's choices: the record's own-turn actions in order."""
    queue = list(own)

    def choose(view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return queue.pop(0)
    return choose


def agent_chooser(knob: dict[str, object], seed: int) -> Chooser:
    """Hard (with ``knob`` changed) choosing among the own-turn actions offered."""
    agent = make_agent("hard", seed=seed, rules=TENHOU)
    if knob:
        agent.style = replace(agent.style, **knob)  # type: ignore[attr-defined]

    def choose(view: PlayerView, legal: tuple[Action, ...]) -> Action:
        return agent.act(view, legal)
    return choose


def tally(c: Counter[str], who: str, r: Ready) -> None:
    """Count ``who``'s first ready hand ``r`` (or that it had none)."""
    c[f"{who} seats"] += 1
    if r.ready:
        c[f"{who} ready"] += 1
        c[f"{who} ready discards"] += r.discards
        c[f"{who} ready live"] += r.live
        c[f"{who} ready live <= 4"] += r.live <= 4
        c[f"{who} ready {r.shape}"] += 1
        c[f"{who} ready one {r.one}"] += bool(r.one)


def compare(c: Counter[str], who: str, p: Ready, h: Ready) -> None:
    """Count the people's ``p`` against ``who``'s ``h`` on the same seat-round: who got ready,
    who first, and whether the later one had refused a ready hand before the other's."""
    never = 99
    pd, hd = (p.discards if p.ready else never), (h.discards if h.ready else never)
    if min(pd, hd) < never and pd != hd:
        late, side = (p, "people") if hd < pd else (h, "it")
        how = "refused" if late.chance and late.chance <= min(pd, hd) else "built"
        c[f"{who} later {side} {how}"] += 1
    if p.ready and not h.ready:
        c[f"{who} only people ready"] += 1
    elif h.ready and not p.ready:
        c[f"{who} only it ready"] += 1
    elif p.ready and h.ready:
        c[f"{who} both ready"] += 1
        c[f"{who} both earlier"] += h.discards < p.discards
        c[f"{who} both later"] += h.discards > p.discards
        c[f"{who} both live"] += h.live
        c[f"{who} both people live"] += p.live


def run(games: int, knob: dict[str, object]) -> Counter[str]:
    who_plays = players(knob)
    c: Counter[str] = Counter()
    for path in sorted(LOGS.glob("*.mjlog"))[:games]:
        for n, play in enumerate(rounds_of(path)):
            for seat in range(4):
                own = horizon(play.actions, seat)
                mine = throws(own, seat)
                if not mine:
                    continue
                c["seat rounds"] += 1
                results = {
                    "people": play_seat(play.game, seat, own, len(mine), recorded(mine)),
                    "hard": play_seat(play.game, seat, own, len(mine), agent_chooser({}, n)),
                }
                if knob:
                    results["knob"] = play_seat(play.game, seat, own, len(mine),
                                                agent_chooser(knob, n))
                for who in who_plays:
                    tally(c, who, results[who])
                for who in who_plays[1:]:
                    compare(c, who, results["people"], results[who])
    return c


def report(c: Counter[str], players: Sequence[str]) -> None:
    n = c["seat rounds"]
    print(f"{n} seat-rounds, each played from the deal to its horizon (the record's first call by "
          f"or on the seat, or the first win):")
    print(f"  {'':8}{'ready':>8}{'by disc':>9}{'live':>7}{'<= 4':>7}"
          + "".join(f"{s:>14}" for s in WAIT_SHAPES))
    for who in players:
        r = max(1, c[f"{who} ready"])
        print(f"  {who:8}{100 * c[f'{who} ready'] / max(1, n):7.1f}%"
              f"{c[f'{who} ready discards'] / r:9.2f}{c[f'{who} ready live'] / r:7.2f}"
              f"{100 * c[f'{who} ready live <= 4'] / r:6.1f}%"
              + "".join(f"{100 * c[f'{who} ready {s}'] / r:13.1f}%" for s in WAIT_SHAPES))
    print("  the one-kind waits: " + "; ".join(
        f"{who} " + ", ".join(f"{n} {100 * c[f'{who} ready one {n}'] / max(1, c[f'{who} ready']):.1f}%"
                              for n in ONE_KINDS) for who in players))
    for who in players[1:]:
        b = max(1, c[f"{who} both ready"])
        print(f"  {who} against the people: only the people ready {c[f'{who} only people ready']},"
              f" only {who} {c[f'{who} only it ready']}; both {c[f'{who} both ready']}: {who} "
              f"earlier {c[f'{who} both earlier']}, later {c[f'{who} both later']}; live copies "
              f"{c[f'{who} both live'] / b:.2f} against {c[f'{who} both people live'] / b:.2f}")
        print(f"  where one got ready first, the other: the people later having refused a ready "
              f"hand {c[f'{who} later people refused']}, built otherwise "
              f"{c[f'{who} later people built']}; {who} later having refused "
              f"{c[f'{who} later it refused']}, built otherwise {c[f'{who} later it built']}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--knob", action="append", default=[], metavar="KNOB=VALUE")
    args = ap.parse_args()
    knob = knobs(args.knob)
    c = run(args.games, knob)
    if not c["seat rounds"]:
        print("same_walls: no real four-player games in ../shared/logs/mjlog", file=sys.stderr)
        return 1
    report(c, players(knob))
    return 0


if __name__ == "__main__":
    sys.exit(main())
