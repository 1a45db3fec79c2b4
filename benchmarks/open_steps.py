"""How fast a hand moves toward tenpai, closed or open, in the real Tenhou games (issue 16).

The AI prices a hand's speed by its own draws (``ai.chances.win_probability``: per draw, the
unseen copies that lower the shanten over the unseen tiles). An open hand also moves by calls,
and the people's open hands do: at each discard of a seat 1-3 steps from tenpai, with no riichi
out, the chance its own next draw lowers the shanten (its ukeire over the tiles unseen to it) is
summed as the prediction, and whether its shanten was lower at its next discard (by a draw or a
call) as the observation. Printed per closed / open and shanten: turns, predicted and observed
steps per turn, and their ratio. A closed hand's ratio near 1 says the own-draw chain holds;
an open hand's is the factor its steps come faster.

On the 159 Houou games: closed 0.97 / 0.98 / 0.94 (1 / 2 / 3 steps away), open 1.45 / 1.24 /
1.03. Tried in session 24 as a factor on an open hand's steps in ``win_probability`` (hard, its
call bias as it is): head to head with plain hard (ab_hard.py, 200 games) it called in 30.6% of
rounds against 24.4% and ranked even (2.507 +- 0.067), but against tenhou-python-bot the hero's wins got smaller (6,029 / 6,149 points
against 6,320 / 6,588) and its rank no better (2.538 -> 2.567 over 104 paired games), and it took
19.3% of the people's closed calm offers where they took 13.5% (bench_calls). Not in the AI.

Four seats only: mjai, the form the games are replayed into, has no three-player form (and at
three seats there is no chi).

Run from the repository root (the 159 Houou games of ``../shared/logs/mjlog``, fifteen seconds):

    .venv/bin/python benchmarks/open_steps.py
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena_leaks import kind  # noqa: E402
from riichi_waits import houou_games, start_hands  # noqa: E402

from ai.efficiency import shanten, ukeire  # noqa: E402

Event = dict[str, Any]
Tally = Counter[tuple[str, int, str]]  # (closed / open, shanten, turns / predicted / observed)
FAR = 3  # the furthest shanten counted


class _Round:
    """Every seat's concealed tiles (kinds), what each seat has seen, and its open state."""

    def __init__(self, start: Event) -> None:
        self.hands = start_hands(start)
        self.seats = len(self.hands)
        self.seen = [0] * 34  # rivers, called tiles, dora indicators: visible to every seat
        self.seen[kind(start["dora_marker"])] += 1
        self.melds = [0] * self.seats
        self.opened = [False] * self.seats
        # per seat: (shanten, predicted chance, key) of its last discard, until its next one
        self.pending: list[tuple[int, float, tuple[str, int]] | None] = [None] * self.seats
        self.riichi = False

    def show(self, seat: int, tiles: Iterable[str]) -> None:
        for t in tiles:
            self.hands[seat][kind(t)] -= 1
            self.seen[kind(t)] += 1


def count(events: Iterable[Event], tally: Tally) -> None:
    """Add one game's turns to ``tally``."""
    r: _Round | None = None
    for e in events:
        t = e["type"]
        if t == "start_kyoku":
            r = _Round(e)
        elif r is None:
            continue
        elif t == "tsumo":
            r.hands[e["actor"]][kind(e["pai"])] += 1
        elif t == "dahai":
            _discard(r, e["actor"], kind(e["pai"]), tally)
        elif t in ("chi", "pon", "daiminkan"):
            a = e["actor"]
            r.show(a, e["consumed"])
            r.melds[a] += 1
            r.opened[a] = True
            if t == "daiminkan":
                r.pending[a] = None  # a replacement draw follows: not a turn like the others
        elif t in ("ankan", "kakan"):
            a = e["actor"]
            r.show(a, e["consumed"] if t == "ankan" else [e["pai"]])
            r.melds[a] += t == "ankan"
            r.pending[a] = None  # a replacement draw: not a turn like the others
        elif t == "dora":
            r.seen[kind(e["dora_marker"])] += 1
        elif t == "reach_accepted":
            r.riichi = True  # the table turns to defence: no more turns counted this round
            r.pending = [None] * r.seats
        elif t in ("hora", "ryukyoku"):
            r = None


def _discard(r: _Round, seat: int, k: int, tally: Tally) -> None:
    r.hands[seat][k] -= 1
    r.seen[k] += 1
    hand = r.hands[seat]
    sets = 4 - r.melds[seat]
    closed = not r.opened[seat]
    s = shanten(hand, sets, closed)
    last = r.pending[seat]
    if last is not None:
        s0, p, key = last
        tally[key + ("turns",)] += 1
        tally[key + ("predicted",)] += p  # type: ignore[assignment]
        tally[key + ("observed",)] += s < s0
    r.pending[seat] = None
    if 1 <= s <= FAR and not r.riichi:
        unseen = [max(0, 4 - r.seen[x] - hand[x]) for x in range(34)]
        _, _, n = ukeire(hand, unseen, sets, closed)
        r.pending[seat] = (s, n / max(1, sum(unseen)), ("closed" if closed else "open", s))


def report(tally: Tally) -> None:
    print("  hand     shanten   turns  predicted  observed  ratio")
    for state in ("closed", "open"):
        for s in range(1, FAR + 1):
            n = tally[(state, s, "turns")]
            if not n:
                continue
            pred = tally[(state, s, "predicted")]
            obs = tally[(state, s, "observed")]
            print(f"  {state:7} {s:8} {n:7} {pred / n:10.3f} {obs / n:9.3f} {obs / pred:6.2f}")


def main() -> int:
    tally: Tally = Counter()
    n = 0
    for events, _ in houou_games():
        count(events, tally)
        n += 1
    print(f"steps toward tenpai per own turn, {n} Houou games (predicted by the own draws, "
          f"observed by draws and calls):")
    report(tally)
    return 0


if __name__ == "__main__":
    sys.exit(main())
