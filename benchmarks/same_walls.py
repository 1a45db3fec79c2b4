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

Two books are printed: every seat-round, and those whose horizon the seat's own play did not
end (``ended_by_seat``). Neither compares hard with the people evenly. Where the seat's win,
its call or a call on its discard ended the horizon, the record's end was chosen by the
person's tiles: the people's path is measured to its best moment, hard's to an arbitrary one.
Where the others ended it, the person did not win first, which their better hands would have.
Hard against another player of the seat (a knob, or a random tile with ``--parting``) is even
in both: neither knows the record's future.

What it found (sessions 53-54, all 159 games): over all 6,501 seat-rounds both got ready in
18.1%, hard a third of a discard sooner (8.59 against 8.93 discards), on a ryanmen 38.4% of the
time against the people's 46.6% (four live tiles or fewer 59.5% against 49.9%); on the 2,360
the others ended hard was ready in 23.9% against 22.4%, sooner (9.41 against 9.95), on a
ryanmen 36.9% against 40.3% (62.5 / 57.3%): the people's lead in shapes lies between. With
``--parting`` hard is played on from its first parting from the people, with its own tile
there, the people's, and a random other tile as near: three steps from tenpai or further the
random tile got hard ready as often as its own (541 against 540 of 3,839; 294 against 269 of
the 1,482 in the second book) and on a ryanmen as often (186 against 193; 89 and 89): hard's
far choice buys value and safety, not speed (ready 18.1% -> 19.1% with ``value`` off, 18.8%
with ``threats_open`` off); one step away its own did best (63 ready of 128 in the second
book, the random 48).

With ``--knob KNOB=VALUE`` a third player is hard with the ``ai.style.Style`` knob changed, on
the same tiles.

Run from the repository root (about a minute for 40 games, three and a half for all 159, twice
that with ``--parting``):

    .venv/bin/python benchmarks/same_walls.py [--games 40] [--knob KNOB=VALUE ...] [--parting]
"""

from __future__ import annotations

import argparse
import random
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
from engine.actions import Action, Chi, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.hand.decompose import readings  # noqa: E402
from engine.records import read_record  # noqa: E402
from engine.rules import TENHOU  # noqa: E402
from engine.sample import clone_game  # noqa: E402
from engine.tiles import counts34  # noqa: E402
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


def horizon_end(actions: Sequence[tuple[int, Action]], seat: int) -> int:
    """The index in ``actions`` of the one that ends ``seat``'s ``horizon``: its first call or
    kan, a call on its discard, or the first win or abort (``len(actions)`` when none does)."""
    thrower = -1
    for i, (s, action) in enumerate(actions):
        if isinstance(action, Pass):
            continue
        if isinstance(action, (Discard, Riichi)):
            thrower = s
        elif not isinstance(action, (Chi, Pon, Kan)) or s == seat or \
                (thrower == seat and action.called is not None):
            return i
    return len(actions)


def horizon(actions: Sequence[tuple[int, Action]], seat: int) -> dict[int, list[Action]]:
    """Each seat's actions of the round (passes left out) before ``seat``'s first call or kan, a
    call on its discard, or the first win or abort: while the others play these the draws of
    ``seat`` stay the record's, whatever it throws."""
    own: dict[int, list[Action]] = {s: [] for s in range(4)}
    for s, action in actions[:horizon_end(actions, seat)]:
        if not isinstance(action, Pass):
            own[s].append(action)
    return own


def ended_by_seat(actions: Sequence[tuple[int, Action]], seat: int) -> bool:
    """Whether ``seat``'s own play ended its ``horizon``: its win, its call or kan, or a call on
    its discard. Such a horizon was chosen by the person's tiles (a hand that won, or could
    call, ends there), which favours the people's path over any other on the same tiles; one
    the others ended (another's win, an abort, the round's end) leans the other way."""
    end = horizon_end(actions, seat)
    if end == len(actions):
        return False
    s, action = actions[end]
    # a call that ends it is the seat's or on its discard
    return isinstance(action, (Chi, Pon, Kan)) or (s == seat and isinstance(action, (Tsumo, Ron)))


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
            if shanten(counts34(before.concealed), 4) <= 0:
                chance = thrown + 1
        game.submit(s, choose(before, turn))
        thrown += 1
        view = game.view(seat)
        if view.waits:
            hand = counts34(view.hand)
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


@dataclass(slots=True)
class Thrown:
    """A seat's own-turn choice as played: the hand it chose from and the kind it threw."""

    counts: tuple[int, ...]
    kind: int


def kind_of(action: Action) -> int:
    """The kind an own-turn choice (a discard or a riichi) throws."""
    assert isinstance(action, (Discard, Riichi))
    return action.tile >> 2


def traced(choose: Chooser, log: list[Thrown]) -> Chooser:
    """``choose``, each of its choices added to ``log``."""
    def c(view: PlayerView, legal: tuple[Action, ...]) -> Action:
        action = choose(view, legal)
        log.append(Thrown(tuple(counts34(view.concealed)), kind_of(action)))
        return action
    return c


def parting(a: Sequence[Thrown], b: Sequence[Thrown]) -> int | None:
    """The index of the first choice where two plays of a seat threw different kinds (None when
    one never did before the shorter ended)."""
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x.kind != y.kind), None)


def steps_after(counts: Sequence[int], kind: int) -> int:
    """How far from tenpai a closed hand is once it throws ``kind``."""
    c = list(counts)
    c[kind] -= 1
    return shanten(c, 4, True)


def swapped(choose: Chooser, at: int, pick: Callable[[PlayerView, tuple[Action, ...], Action],
                                                      Action]) -> Chooser:
    """``choose``, but its choice number ``at`` (from 0) replaced by ``pick(view, legal, its
    choice)``."""
    made = [0]

    def c(view: PlayerView, legal: tuple[Action, ...]) -> Action:
        made[0] += 1
        action = choose(view, legal)
        return pick(view, legal, action) if made[0] == at + 1 else action
    return c


def offered(legal: tuple[Action, ...], like: Action, kind: int) -> Action:
    """The offered choice of ``like``'s type (a discard or a riichi) that throws ``kind``."""
    return next(a for a in legal if type(a) is type(like) and kind_of(a) == kind)


def the_same_kind(recorded: Action) -> Callable[[PlayerView, tuple[Action, ...], Action], Action]:
    """A pick that throws what the person threw: the recorded action, or the offered one of its
    kind and type (an earlier red five thrown differently leaves another copy in hand)."""
    def pick(view: PlayerView, legal: tuple[Action, ...], own: Action) -> Action:
        if recorded in legal:
            return recorded
        return offered(legal, recorded, kind_of(recorded))
    return pick


def another_kind(avoid: int, rng: random.Random
                 ) -> Callable[[PlayerView, tuple[Action, ...], Action], Action]:
    """A pick that throws, at random, a kind neither the chooser's own nor ``avoid`` (the
    person's) that leaves the hand as far from tenpai as the chooser's own (its own choice when
    there is none): the yardstick of a choice that is merely as near."""
    def pick(view: PlayerView, legal: tuple[Action, ...], own: Action) -> Action:
        counts = counts34(view.concealed)
        steps = steps_after(counts, kind_of(own))
        kinds = sorted({kind_of(a) for a in legal if type(a) is type(own)}
                       - {kind_of(own), avoid})
        kinds = [k for k in kinds if steps_after(counts, k) == steps]
        if not kinds:
            return own
        return offered(legal, own, rng.choice(kinds))
    return pick


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


#: how far from tenpai the hand is where hard and the people first part, as ``--parting``
#: reports it (3 stands for three steps or more)
PARTING_STEPS = (1, 2, 3)
#: hard's plays on from a parting (``played_on``): with its own tile, the people's, another's
PARTING_PLAYS = ("hard", "people's", "other")


def played_on(play: RoundPlay, seat: int, own: dict[int, list[Action]], n: int,
              people: Sequence[Thrown], hard: Sequence[Thrown], played: Ready, at: int,
              rng: random.Random) -> tuple[str, dict[str, Ready]] | None:
    """Where hard and the people first part (choice ``at``) on the same hand and at the same
    distance from tenpai: hard's own play (``played``), and hard played on after throwing the
    people's tile there, and after a random other tile as near; with the key of that distance
    (None where they part at different distances)."""
    here = people[at]
    steps = steps_after(here.counts, here.kind)
    if steps != steps_after(here.counts, hard[at].kind) or steps < 1:
        return None
    mine = throws(own, seat)
    return f"part {min(steps, PARTING_STEPS[-1])}", {
        "hard": played,
        "people's": play_seat(play.game, seat, own, len(mine),
                              swapped(agent_chooser({}, n), at, the_same_kind(mine[at]))),
        "other": play_seat(play.game, seat, own, len(mine),
                           swapped(agent_chooser({}, n), at, another_kind(here.kind, rng))),
    }


def tally_parting(c: Counter[str], key: str, runs: dict[str, Ready]) -> None:
    """Count the plays on from a parting (``played_on``)."""
    c[key] += 1
    for name, r in runs.items():
        c[f"{key} {name} ready"] += r.ready
        c[f"{key} {name} ryanmen"] += r.ready and r.shape == "ryanmen"


#: the books ``run`` keeps: every seat-round, and those whose horizon the seat's own play did not
#: end (``ended_by_seat``)
BOOKS = ("all", "others")


def run(games: int, knob: dict[str, object], part: bool = False) -> dict[str, Counter[str]]:
    """Every seat-round of the first ``games`` records played by each of ``players(knob)``,
    counted in each of ``BOOKS`` it belongs to; with ``part``, hard played on from its first
    parting from the people too (``played_on``)."""
    who_plays = players(knob)
    books: dict[str, Counter[str]] = {name: Counter() for name in BOOKS}
    for g, path in enumerate(sorted(LOGS.glob("*.mjlog"))[:games]):
        for n, play in enumerate(rounds_of(path)):
            for seat in range(4):
                own = horizon(play.actions, seat)
                mine = throws(own, seat)
                if not mine:
                    continue
                into = [books["all"]]
                if not ended_by_seat(play.actions, seat):
                    into.append(books["others"])
                chose: dict[str, list[Thrown]] = {"people": [], "hard": []}
                results = {
                    "people": play_seat(play.game, seat, own, len(mine),
                                        traced(recorded(mine), chose["people"])),
                    "hard": play_seat(play.game, seat, own, len(mine),
                                      traced(agent_chooser({}, n), chose["hard"])),
                }
                if knob:
                    results["knob"] = play_seat(play.game, seat, own, len(mine),
                                                agent_chooser(knob, n))
                at = parting(chose["people"], chose["hard"])
                parted = None
                if part and at is not None:
                    parted = played_on(play, seat, own, n, chose["people"], chose["hard"],
                                       results["hard"], at, random.Random(g * 10_000 + n * 4 + seat))
                for c in into:
                    c["seat rounds"] += 1
                    for who in who_plays:
                        tally(c, who, results[who])
                    for who in who_plays[1:]:
                        compare(c, who, results["people"], results[who])
                    if parted is not None:
                        tally_parting(c, *parted)
    return books


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


def report_parting(c: Counter[str]) -> None:
    print("where hard and the people first part at the same distance from tenpai, hard played "
          "on from there: ready within the horizon / on a ryanmen, after its own tile, the "
          "people's, and a random other tile as near:")
    print(f"  {'steps':>5}{'partings':>10}" + "".join(
        f"{name:>20}" for name in ("hard's tile", "the people's", "another")))
    for steps in PARTING_STEPS:
        key = f"part {steps}"
        label = f"{steps}+" if steps == PARTING_STEPS[-1] else str(steps)
        print(f"  {label:>5}{c[key]:10}" + "".join(
            f"{c[f'{key} {name} ready']:12} / {c[f'{key} {name} ryanmen']:5}"
            for name in PARTING_PLAYS))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--knob", action="append", default=[], metavar="KNOB=VALUE")
    ap.add_argument("--parting", action="store_true",
                    help="play hard on from its first parting from the people, with their tile "
                         "and with another as near (twice as long)")
    args = ap.parse_args()
    knob = knobs(args.knob)
    books = run(args.games, knob, args.parting)
    if not books["all"]["seat rounds"]:
        print("same_walls: no real four-player games in ../shared/logs/mjlog", file=sys.stderr)
        return 1
    for name, title in zip(BOOKS, ("Every seat-round", "The seat-rounds whose horizon the seat's "
                                   "own play did not end (another's win, an abort, the round's "
                                   "end)"), strict=True):
        print(f"{title}:")
        report(books[name], players(knob))
        if args.parting:
            report_parting(books[name])
    return 0


if __name__ == "__main__":
    sys.exit(main())
