"""The race against a riichi, measured on the Houou games of ``../shared/logs/mjlog`` (issue 16):
the figures of ``ai.chances.race_hazard``, ``draw_reached`` and ``riichi_denial``.

1. Per own draw of a seat not in riichi, by the riichi out: how often the round ends by another
   seat's win before that seat draws again, split into the seat's own deal-in and every other
   win (a tsumo, a ron off a third seat). The own deal-ins are priced as deal-ins (the danger
   of the tile thrown, ``ai.defence``; the discards still to come, ``ai.pushfold``), so the
   race the AI prices is the other wins alone.
   With no riichi out, by the own draw: the race then grows through the round, and a chain with
   one hazard for all the draws left (``ai.chances.win_probability``) needs the constant figure
   that ends as many rounds over those draws (printed from each own draw on).
2. The draw (``ai.chances.draw_reached`` and ``KEITEN_SHARE``): per own draw of a seat not in
   riichi, in a round it did not win, how often the round ended in an exhaustive draw, by its
   own draws left and the riichi out; and what being tenpai rather than noten was worth at
   those draws.
3. Per riichi declared and each seat not in riichi then: what that seat pays on average for the
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
DRAW = re.compile(r'<RYUUKYOKU ([^>]*)>')
LIVE_DRAWS = 70  # draws from the wall in a round, rinshan draws included (136 - 14 - 52)


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


def round_end(rnd: str) -> tuple[str, int]:
    """How a round ended: ("draw", -1) for an exhaustive draw, ("win", winner), or ("abort", -1)
    for an abortive draw (a RYUUKYOKU with a type) and anything else."""
    win = re.search(r'<AGARI ([^>]*)>', rnd)
    end = DRAW.search(rnd)
    if win and (not end or win.start() < end.start()):
        return "win", int(_attr(win.group(1), "who"))
    if end and "type=" not in end.group(1):
        return "draw", -1
    return "abort", -1


ReachKey = tuple[int, int]  # (riichi out, 2 for two or more; own draws left after this one)


def reach(rnds: list[str]) -> tuple[Counter[ReachKey], Counter[ReachKey]]:
    """(own draws, draws whose round ended in an exhaustive draw) by the riichi out and the own
    draws left, for seats not in riichi, leaving out the rounds the seat won itself
    (``ai.chances.draw_reached``: the chance the wall runs out when this hand does not win)."""
    draws: Counter[ReachKey] = Counter()
    reached: Counter[ReachKey] = Counter()
    for rnd in rnds:
        how, winner = round_end(rnd)
        if how == "abort":
            continue
        riichi = [False] * 4
        total = 0
        for m in EVENT.finditer(rnd):
            if m.group(1):
                s = "TUVW".index(m.group(1))
                total += 1
                if riichi[s] or winner == s:
                    continue
                key = (min(sum(riichi), 2), max(0, LIVE_DRAWS - total) // 4)
                draws[key] += 1
                if how == "draw":
                    reached[key] += 1
            elif m.group(2):
                if m.group(3) == "2":
                    riichi[int(m.group(2))] = True
            else:
                break
    return draws, reached


def keiten_share(rnds: list[str]) -> tuple[int, float]:
    """(seats at exhaustive draws, the average of what being tenpai rather than noten is worth
    there): with j other seats ready a tenpai seat gets 3,000 / (j + 1) (none when all four
    are), a noten one pays 3,000 / (4 - j) (none when nobody is): 3,000 apart with j = 0 or 3,
    2,500 with j = 1 or 2."""
    seats, total = 0, 0.0
    for rnd in rnds:
        if round_end(rnd)[0] != "draw":
            continue
        end = DRAW.search(rnd)
        assert end is not None
        ready = [f"hai{s}=" in end.group(1) for s in range(4)]
        for s in range(4):
            j = sum(ready) - ready[s]
            gain = 0.0 if j == 3 else 3000 / (j + 1)
            pay = 0.0 if j == 0 else 3000 / (4 - j)
            seats += 1
            total += gain + pay
    return seats, total / seats


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
    draws_r, reached = reach(rnds)
    print("\nthe wall runs out, per own draw of a seat not in riichi in a round it did not win,"
          " by its own draws left (0-17) and the riichi out")
    for r in range(3):
        print(f"  {r} riichi: " + " ".join(
            f"{reached[(r, d)] / draws_r[(r, d)]:.2f}" if draws_r[(r, d)] else "  - "
            for d in range(18)))
    n, share = keiten_share(rnds)
    print(f"\nexhaustive draws: {n // 4}; tenpai rather than noten is worth {share:.0f} on average")
    print("\nriichi | seat | pairs | paid to its tsumo per pair")
    for (r_dealer, me_dealer), (n, paid) in sorted(denial(rnds).items()):
        print(f"{'dealer' if r_dealer else 'other':6} | {'dealer' if me_dealer else 'other':6} | "
              f"{int(n):5} | {paid / n:6.0f}")


if __name__ == "__main__":
    main()
