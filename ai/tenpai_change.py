"""The wait a closed ready hand can still change to, which dama keeps and riichi gives up (issue
16): a furiten wait turns into one that wins by ron, a kanchan into a two-sided wait, a tanki
onto an honour.

On the Houou spots where one riichi discard left a furiten wait, the people declared a furiten
riichi 7.5% of the time and the hard AI 16.2%, and another riichi 4.6% against 23.1%; over the
arena games the hero's riichi were furiten at the declaration three times as often as
tenhou-python-bot's (3.5% against 1.2%), and a fifth of the wait tiles thrown to its riichi came
while it could not ron (benchmarks/bench_riichi.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ai.chances import RON_FACTOR, ron_weight
from ai.efficiency import waits


def wait_strength(counts: Sequence[int], river: Iterable[int], unseen: Sequence[int],
                  drawn: int | None = None) -> tuple[float, bool]:
    """(copies, ron allowed) of the riichi on the ready 13-tile hand ``counts`` whose river
    (kinds, its last discard included) is ``river``: a wait not furiten counts its copies by how
    safe they look (``ai.chances.ron_weight``), a furiten one its copies for its own draws only.
    ``drawn``: a kind just drawn, no longer among the ``unseen``. (0, False) when not ready."""
    ws = waits(counts)
    if not ws:
        return 0.0, False
    seen = set(river)
    live = [(w, unseen[w] - (w == drawn)) for w in ws]
    if any(w in seen for w in ws):
        return float(sum(n for _, n in live)), False
    return sum(n * ron_weight(w, seen, True) for w, n in live), True


def effective(copies: float, ron: bool) -> float:
    """A wait's copies as ``ai.chances.win_probability`` weighs them: by ``RON_FACTOR`` when the
    others' discards can win too."""
    return copies * (RON_FACTOR if ron else 1.0)


def better_waits(counts: Sequence[int], river: Iterable[int], unseen: Sequence[int]
                 ) -> list[tuple[int, float, bool]]:
    """For the closed ready 13-tile hand ``counts`` (its river ``river``, kinds), each next draw
    that is not a win but lets a discard leave a better riichi wait (``wait_strength``, weighed
    by ``effective``): (unseen copies of the draw, the new wait's copies, ron allowed), the best
    discard's for each drawn kind."""
    river = frozenset(river)
    now = effective(*wait_strength(counts, river, unseen))
    current = set(waits(counts))
    c = list(counts)
    found = []
    for d in range(34):
        if unseen[d] <= 0 or d in current or c[d] >= 4:
            continue
        c[d] += 1
        best, best_eff = None, now
        for k in range(34):
            if c[k] == 0 or k == d:
                continue
            c[k] -= 1
            copies, ron = wait_strength(c, river | {k}, unseen, d)
            c[k] += 1
            if effective(copies, ron) > best_eff:
                best, best_eff = (copies, ron), effective(copies, ron)
        c[d] -= 1
        if best is not None:
            found.append((unseen[d], best[0], best[1]))
    return found
