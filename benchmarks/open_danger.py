"""The danger model against hands without a riichi (and against a riichi), beside how often the
Houou people's hands really waited on the tiles (issue 16: the honours against a hand with calls
were priced at a third of how often they were a wait).

At every discard of a seat with no riichi out, in the real games of ``../shared/logs/mjlog``,
for each opponent: ``ai.defence.tenpai_probability`` against whether its hand was ready, and for
every kind the seat holds that is not safe against it, the chance the model gives a deal-in
(tenpai probability x ``tile_danger`` x ``ai.openreads.call_factor``) against whether the hand
waited on that kind (a ready hand not furiten: nothing it waits on is safe against it, its own
river or a tile passed since its last discard). Printed by class: hands with
calls (by their number of calls; the tiles as honours, a guest wind or a yakuhai of that seat, by
unseen copies, and numbers as terminals, 2/8, 3/7, middle, suji or not) and silent closed hands.
And, the same classes, at every discard of a seat facing one riichi (not its own), against that
riichi (``ai.defence``'s share-out of its waits, ``NUMBER_WAITS``; a furiten riichi left out).

Run from the repository root (about 30 seconds, twice that with ``--split``):

    .venv/bin/python benchmarks/open_danger.py [--games 159] [--split 60]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_calls import real_games  # noqa: E402
from bench_pushfold import replayed  # noqa: E402

from ai.defence import SUJI_PARTNERS, Opponent, tenpai_probability, tile_danger  # noqa: E402
from ai.efficiency import waits  # noqa: E402
from ai.observe import Situation, observe  # noqa: E402
from ai.openreads import call_factor  # noqa: E402
from engine.actions import Discard  # noqa: E402
from engine.seat import Seat  # noqa: E402
from engine.tiles import counts34  # noqa: E402


def tile_class(kind: int, opp: Opponent, left: int) -> str:
    """An honour as a guest wind or a yakuhai of ``opp`` with its ``left`` unseen copies; a
    number tile by its rank, suji or not against ``opp``."""
    if kind >= 27:
        return f"{'yakuhai' if kind in opp.yakuhai else 'guest'} honour, {left} unseen"
    n = kind % 9 + 1
    suji = "suji" if all(k in opp.safe for k in SUJI_PARTNERS[kind]) else "not suji"
    rank = "1/9" if n in (1, 9) else "2/8" if n in (2, 8) else "3/7" if n in (3, 7) else "4-6"
    return f"{rank} {suji}"


def tally(games: int) -> dict[str, list[float]]:
    """Per class: [tiles, the model's deal-in chances summed, deal-ins it would have been]; the
    tenpai classes count hands, the model's tenpai probability and the ready ones."""
    rows: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0])

    def add(keys: tuple[str, ...], model: float, real: bool) -> None:
        for key in keys:
            row = rows[key]
            row[0] += 1
            row[1] += model
            row[2] += real

    for record, _agent in real_games(games, "hard", "balanced"):
        for game, _outcomes, _i, s, action, legal in replayed(record):
            if not isinstance(action, Discard) or action not in legal:
                continue
            view = game.view(s)
            if view.riichi[s] or sum(view.riichi) > 1:
                continue
            sit = observe(view)
            held = {t >> 2 for t in view.concealed}
            if any(view.riichi):
                riichi(sit, game.table.seats, held, add)
                continue
            for o in sit.opponents:
                hand = counts34(game.table.seats[o.seat].hand)
                wait = set(waits(hand))
                furiten = bool(wait & o.safe)  # its river, or passed since its discard
                p = tenpai_probability(o, sit.turn)
                if o.open_melds:
                    group = "calls"
                    add((f"calls {min(o.open_melds, 3)}: ready", "calls: ready"), p, bool(wait))
                else:
                    group = "silent closed"
                    add(("silent closed: ready",), p, bool(wait))
                for k in held - o.safe:
                    d = p * tile_danger(k, o, sit.unseen, sit.dora) * call_factor(k, o.meld_kinds)
                    add((f"{group}: every tile", f"{group}: {tile_class(k, o, sit.unseen[k])}"),
                        d, k in wait and not furiten)
    return rows


def riichi(sit: Situation, seats: Sequence[Seat], held: set[int],
           add: Callable[[tuple[str, ...], float, bool], None]) -> None:
    """The rows of one riichi out (not the seat's own): each kind held not safe against it, the
    model's deal-in chance (``tile_danger``: a riichi is ready) against whether it was a wait;
    a furiten riichi (a wait safe against it) left out, as it wins on nothing by ron."""
    o = next(o for o in sit.opponents if o.riichi)
    wait = set(waits(counts34(seats[o.seat].hand)))
    if wait & o.safe:
        return
    for k in held - o.safe:
        add(("riichi: every tile", f"riichi: {tile_class(k, o, sit.unseen[k])}"),
            tile_danger(k, o, sit.unseen, sit.dora), k in wait)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=159)
    ap.add_argument("--split", type=int, default=0, metavar="N",
                    help="also the first N games and the others apart, with their waits: a "
                         "ready hand counts at every discard it sees, so a class holds only "
                         "if it holds in both")
    args = ap.parse_args()
    rows = tally(args.games)
    print(f"{args.games} real games: the model's chance beside the real share (hands with calls "
          "and silent ones with no riichi out; a riichi when one is out)")
    first = tally(args.split) if 0 < args.split < args.games else None
    extra = ""
    if first is not None:
        extra = f"   first {args.split}: model real waits   the others: model real waits"
    print(f"  {'class':40} {'count':>8} {'model':>8} {'real':>8}{extra}")
    for key in sorted(rows):
        n, model, real = rows[key]
        line = f"  {key:40} {int(n):8} {model / n:8.2%} {real / n:8.2%}"
        if first is not None:
            n1, model1, real1 = first.get(key, (0, 0.0, 0))
            for count, m, r in ((n1, model1, real1), (n - n1, model - model1, real - real1)):
                line += f"   {m / max(1, count):8.2%} {r / max(1, count):6.2%} {int(r):5}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
