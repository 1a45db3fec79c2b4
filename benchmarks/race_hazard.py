"""The race against a riichi, measured on the Houou games of ``../shared/logs/mjlog`` (issue 16):
the figures of ``ai.chances.race_hazard`` and ``ai.chances.riichi_denial``.

1. Per own draw of a seat not in riichi, by the riichi out: how often the round ends by another
   seat's win before that seat draws again, split into the seat's own deal-in and every other
   win (a tsumo, a ron off a third seat). The own deal-ins are priced as deal-ins (the danger
   of the tile thrown, ``ai.defence``; the discards still to come, ``ai.pushfold``), so the
   race the AI prices is the other wins alone.
   With no riichi out, by the own draw: the race then grows through the round, and a chain with
   one hazard for all the draws left (``ai.chances.win_probability``) needs the constant figure
   that ends as many rounds over those draws (printed from each own draw on).
2. Per riichi declared and each seat not in riichi then: what that seat pays on average for the
   riichi's tsumo (a win of this seat first denies it), by who is the dealer.

Run from the repository root (a few seconds):

    .venv/bin/python benchmarks/race_hazard.py
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "mjlog"
EVENT = re.compile(r'<([TUVW])\d+/>|<REACH who="(\d)"[^>]*step="(\d)"|<AGARI ([^>]*)>|<RYUUKYOKU')


def _attr(text: str, name: str) -> str:
    found = re.search(rf'{name}="([^"]+)"', text)
    assert found is not None, name
    return found.group(1)


def rounds() -> list[str]:
    """The text of every round (from one INIT to the next) of every game."""
    out = []
    for path in sorted(LOGS.glob("*.mjlog")):
        out += path.read_text(encoding="utf-8", errors="replace").split("<INIT")[1:]
    return out


Key = tuple[int, int]  # (riichi out, own draw number, 18 for the 18th and later)


def race(rnds: list[str]) -> tuple[Counter[Key], Counter[Key], Counter[Key]]:
    """(own draws, own deal-ins, other wins) by the riichi out and the own draw (see the
    module)."""
    draws: Counter[Key] = Counter()
    own: Counter[Key] = Counter()
    other: Counter[Key] = Counter()
    for rnd in rnds:
        riichi = [False] * 4
        n = [0] * 4
        last: dict[int, Key] = {}  # seat -> its last draw's key
        for m in EVENT.finditer(rnd):
            if m.group(1):
                s = "TUVW".index(m.group(1))
                n[s] += 1
                if riichi[s]:
                    last.pop(s, None)
                    continue
                key = (sum(riichi), min(n[s], 18))
                draws[key] += 1
                last[s] = key
            elif m.group(2):
                if m.group(3) == "2":
                    riichi[int(m.group(2))] = True
            else:
                if m.group(4):
                    who, frm = int(_attr(m.group(4), "who")), int(_attr(m.group(4), "fromWho"))
                    for s, k in last.items():
                        if s != who:
                            (own if frm == s else other)[k] += 1
                break
    return draws, own, other


def denial(rnds: list[str]) -> dict[tuple[bool, bool], list[float]]:
    """(riichi is the dealer, seat is the dealer) -> [pairs, points paid to its tsumo]."""
    acc: dict[tuple[bool, bool], list[float]] = defaultdict(lambda: [0, 0.0])
    for rnd in rnds:
        oya = int(_attr(rnd, "oya"))
        riichi = [False] * 4
        pairs: list[tuple[int, int]] = []
        for m in EVENT.finditer(rnd):
            if m.group(2):
                w = int(m.group(2))
                if m.group(3) == "2":
                    riichi[w] = True
                    pairs += [(w, s) for s in range(4) if not riichi[s]]
            elif m.group(4) or not m.group(1):
                paid = {}
                if m.group(4):
                    a = m.group(4)
                    who, frm = int(_attr(a, "who")), int(_attr(a, "fromWho"))
                    sc = [int(x) for x in _attr(a, "sc").split(",")]
                    if who == frm:
                        paid = {s: -sc[2 * s + 1] * 100 for s in range(4) if s != who}
                        paid["winner"] = who
                for w, s in pairs:
                    e = acc[(w == oya, s == oya)]
                    e[0] += 1
                    if paid.get("winner") == w:
                        e[1] += paid[s]
                break
    return acc


def main() -> None:
    rnds = rounds()
    draws, own, other = race(rnds)
    print(f"{len(rnds)} rounds of {len(list(LOGS.glob('*.mjlog')))} games")
    print("riichi out | own draws | own deal-in | other wins | all  (per own draw)")
    for k in sorted({k for k, _ in draws}):
        d = sum(v for key, v in draws.items() if key[0] == k)
        o = sum(v for key, v in own.items() if key[0] == k)
        w = sum(v for key, v in other.items() if key[0] == k)
        print(f"{k:10} | {d:9} | {o / d:11.4f} | {w / d:10.4f} | {(o + w) / d:.4f}")
    print("\nno riichi out, by own draw: other wins per draw | constant figure from there on")
    rates = [other[(0, t)] / draws[(0, t)] for t in range(1, 19)]
    for t in range(1, 19):
        keep = 1.0
        for r in rates[t - 1:]:
            keep *= 1.0 - r
        flat = 1.0 - keep ** (1 / (19 - t))
        print(f"  draw {t:2} ({draws[(0, t)]:5}) | {rates[t - 1]:.4f} | {flat:.4f}")
    print("\none riichi out, by own draw: other wins per draw")
    print("  " + " ".join(f"{other[(1, t)] / draws[(1, t)]:.3f}" for t in range(4, 18)))
    print("\nriichi | seat | pairs | paid to its tsumo per pair")
    for (r_dealer, me_dealer), (n, paid) in sorted(denial(rnds).items()):
        print(f"{'dealer' if r_dealer else 'other':6} | {'dealer' if me_dealer else 'other':6} | "
              f"{int(n):5} | {paid / n:6.0f}")


if __name__ == "__main__":
    main()
