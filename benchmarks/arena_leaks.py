"""Where the hero wins and loses points in the outside arena (issue 16): the four-player
counterpart of ``sanma_leaks.py``, read from the mjai logs ``bench_arena.py --logs DIR`` keeps.

Every round's score change of the hero (the ``cmd`` seat of each log) is split by cause, and the
same split of the three opponents (averaged per seat) is printed beside it as the yardstick:

- own wins, by the hand (riichi, closed dama, open), the sticks and honba they collect included;
- deal-ins, by the hero's state at the discard (its own riichi; shanten after the discard; or
  ``folding``: a riichi was on the table and the discard left the hand further from tenpai than
  its best discard would) and by the winner's hand (riichi, dama, open);
- tsumo paid, by the winner's hand;
- exhaustive draws (tenpai / noten payments) and riichi sticks paid.

Then the hero's tenpai hands: how often it declared riichi or stayed dama when it first reached
tenpai with a closed hand, and how those rounds ended; and the rounds where another seat's
riichi came before the hero's own: how often it kept pushing, how those rounds ended; and how
often, facing a riichi, it threw a tile that was not a genbutsu (safe against every riichi: the
riichi seat's own discards and what anyone threw after it declared) while it held one, and how
many of its deal-ins into a riichi came so. Last, the first call of each closed hand, by the
call (chi, pon, a yakuhai pon) and the hand's shanten before it: how often, how often the hand
won and its average win (the hero opened for speed where tenhou-python-bot opened for value:
issue 16); and the open wins by the hand's kind (a one-suit hand, toitoi, a yakuhai set, tanyao,
other) and its dora (red fives counted), how many and their average.

With ``--winds E`` only the rounds of those round winds are read (the East, where no standing is
at stake yet, shows how the hands are played).

    nice -n 10 .venv/bin/python benchmarks/bench_arena.py --opp rule --seeds 25 --logs /tmp/rule
    .venv/bin/python benchmarks/arena_leaks.py /tmp/rule
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.efficiency import shanten
from engine.mjai.names import parse_mjai_tile
from engine.tiles import DRAGONS, dora_of, format_kinds, seat_wind


def kind(name: str) -> int:
    return parse_mjai_tile(name)[0]


def events(path: Path) -> Iterator[dict[str, object]]:
    with gzip.open(path, "rt") if path.suffix == ".gz" else open(path) as f:
        for line in f:
            yield json.loads(line)


def log_files(dirs: Iterable[str]) -> list[Path]:
    """The arena logs (``game_*.jsonl``, gzipped or not) under ``dirs``, at any depth."""
    return sorted(p for d in dirs for p in Path(d).rglob("game_*.jsonl*"))


def whole(evs: list[dict[str, object]]) -> bool:
    """Whether a log's events are a whole game (not one still played, or cut)."""
    return bool(evs) and evs[-1]["type"] == "end_game"


def in_winds(evs: Iterable[dict[str, object]], winds: str) -> Iterator[dict[str, object]]:
    """The events of ``evs`` in the rounds whose round wind is one of ``winds`` ("E", "ES"...),
    and those outside any round (the game's start and end)."""
    keep = True
    for ev in evs:
        if ev["type"] == "start_kyoku":
            keep = str(ev["bakaze"]) in winds
        if keep or ev["type"] in ("start_game", "end_game"):
            yield ev


def tile_moves(ev: dict[str, object]) -> list[tuple[int, int, int]]:
    """(seat, kind, change) of each tile an mjai event moves into or out of a seat's hand:
    a draw (unless hidden), a discard, the tiles a call or a kan takes from the hand."""
    t = ev["type"]
    a = ev.get("actor", -1)
    assert isinstance(a, int)
    if t == "tsumo":
        return [] if ev["pai"] == "?" else [(a, kind(str(ev["pai"])), 1)]
    if t in ("dahai", "kakan"):
        return [(a, kind(str(ev["pai"])), -1)]
    if t in ("chi", "pon", "daiminkan", "ankan"):
        consumed = ev["consumed"]
        assert isinstance(consumed, list)
        return [(a, kind(x), -1) for x in consumed]
    return []


def hero_seat(path: Path) -> int:
    """The seat of ``cmd`` in an arena log's name (``game_SEED_K0_K1_K2_K3.jsonl``)."""
    kinds = path.name.split(".")[0].split("_")[2:]
    return kinds.index("cmd")


class Seat:
    """One seat's hand through a round, with what its discards were."""

    def __init__(self, tiles: list[str]) -> None:
        self.counts = [0] * 34
        for t in tiles:
            self.counts[kind(t)] += 1
        self.melds = 0
        self.meld_kinds: list[int] = []  # the kinds of its calls and kans
        self.chi = False  # it called a chi
        self.red = sum(1 for t in tiles if t.endswith("r"))  # red fives in hand and melds
        self.opened = False
        self.riichi = False
        self.tenpai_seen = False  # first closed tenpai reached (for riichi / dama)
        self.dama = False  # stayed silent at its first closed tenpai
        self.state = ""  # the state of its last discard (deal-in classes)
        self.discards = 0
        self.last = ""  # its hand before its last discard, and that discard
        self.first_tenpai = ""  # the hand, turn and threat at its first closed tenpai
        self.opening = ""  # its first call of a closed hand: the call and the hand's shanten
        self.won_points = 0  # what its win this round paid it
        self.end = "draw"  # how the round ended for it: won, dealt in, another won, draw
        self.river: set[int] = set()  # kinds it discarded this round
        self.held_safe = False  # its last discard faced a riichi while it held a genbutsu
        self.threw_safe = False  # and that discard was one

    def shanten_after(self, k: int) -> int:
        self.counts[k] -= 1
        s = shanten(self.counts, 4 - self.melds, not self.opened)
        self.counts[k] += 1
        return s


def open_hand_kind(counts: list[int], h: Seat, value: set[int], dora: list[int]) -> str:
    """The kind of an open winning hand (``counts``: its concealed tiles with the winning one)
    by its richest plain yaku: a one-suit hand (honitsu, chinitsu), toitoi, a yakuhai set,
    tanyao or other; then its dora (indicated and red) as d0 to d3+."""
    kinds = [k for k in range(34) for _ in range(counts[k])] + h.meld_kinds
    suits = {k // 9 for k in kinds if k < 27}
    honours = any(k >= 27 for k in kinds)
    triplets = [k for k in range(34) if counts[k] >= 3] + \
        [k for k in set(h.meld_kinds) if h.meld_kinds.count(k) >= 3]
    pairs = sum(1 for n in counts if n == 2)
    if len(suits) <= 1:
        name = "honitsu" if honours else "chinitsu"
    elif not h.chi and pairs == 1 and all(n in (0, 2, 3) for n in counts):
        name = "toitoi"
    elif any(k in value for k in triplets):
        name = "yakuhai"
    elif all(k < 27 and k % 9 not in (0, 8) for k in kinds):
        name = "tanyao"
    else:
        name = "other"
    n_dora = sum(kinds.count(d) for d in dora) + h.red
    return f"{name} d{min(n_dora, 3)}{'+' if n_dora >= 3 else ''}"


def category(points: dict[str, float], key: str, delta: float) -> None:
    points[key] += delta


def round_deltas(evs: Iterable[dict[str, object]], seat: int) -> list[float]:
    """``seat``'s score change in each round of one log's events: what the wins and draws paid
    it, less the riichi sticks it put down (a winner's deltas already hold the sticks it took)."""
    out: list[float] = []
    for ev in evs:
        t = ev["type"]
        if t == "start_kyoku":
            out.append(0.0)
        elif t in ("hora", "ryukyoku"):
            out[-1] += ev["deltas"][seat]  # type: ignore[index]
        elif t == "reach_accepted" and ev["actor"] == seat:
            out[-1] -= 1000
    return out


def analyse(path: Path, seats: list[int], pts: dict[str, float], cnt: Counter[str],
            rounds: Counter[str], show: bool = False, winds: str = "ESWN") -> None:
    """Adds the split of ``seats``' score changes in one log to ``pts`` (points) and ``cnt``
    (events); ``rounds`` counts rounds of those seats; only the rounds of ``winds``."""
    hands: list[Seat] = []
    riichi_on: list[int] = []  # seats with a riichi accepted, in order
    passed: dict[int, set[int]] = {}  # per riichi seat: kinds anyone discarded after it
    pending_reach = -1
    value_winds: list[set[int]] = []  # per seat: the winds that are yakuhai for it
    dora: list[int] = []  # the dora kinds shown so far this round
    last_tile = ""  # the last tile discarded or added to a kan (what a ron takes)
    for ev in in_winds(events(path), winds):
        t = ev["type"]
        if t == "start_kyoku":
            hands = [Seat(list(h)) for h in ev["tehais"]]  # type: ignore[attr-defined]
            oya = int(ev["oya"])  # type: ignore[call-overload]
            value_winds = [{kind(str(ev["bakaze"])), seat_wind(s, oya)} for s in range(4)]
            riichi_on = []
            passed = {}
            dora = [dora_of(kind(str(ev["dora_marker"])))]
            rounds["rounds"] += len(seats)
        elif t == "dora":
            dora.append(dora_of(kind(str(ev["dora_marker"]))))
        elif t == "tsumo" and str(ev["pai"]).endswith("r"):
            hands[int(ev["actor"])].red += 1  # type: ignore[call-overload]
        elif t == "reach":
            pending_reach = int(ev["actor"])  # type: ignore[call-overload]
        elif t == "dahai":
            a = int(ev["actor"])  # type: ignore[call-overload]
            h = hands[a]
            k = kind(str(ev["pai"]))
            last_tile = str(ev["pai"])
            h.red -= last_tile.endswith("r")
            # genbutsu: kinds safe against every other seat's riichi (its own discards, and
            # what anyone threw after it declared)
            safe = set.intersection(*(hands[r].river | passed[r] for r in riichi_on if r != a)) \
                if any(r != a for r in riichi_on) else set()
            h.held_safe = any(h.counts[x] for x in safe)
            h.threw_safe = k in safe
            if h.riichi or a == pending_reach:
                h.state = "own riichi"
                if a == pending_reach and not h.tenpai_seen:
                    h.tenpai_seen = True
            else:
                options = [h.shanten_after(x) for x in range(34) if h.counts[x]]
                s = h.shanten_after(k)
                threat = any(o != a for o in riichi_on)
                if threat and s > min(options):
                    h.state = "folding"
                else:
                    h.state = {0: "tenpai", 1: "1-shanten"}.get(s, "2+-shanten")
                if s == 0 and not h.opened and not h.tenpai_seen:
                    h.tenpai_seen = True
                    h.dama = True
                    h.counts[k] -= 1
                    h.first_tenpai = (f"{format_kinds([x for x in range(34) for _ in range(h.counts[x])])}"
                                      f" turn {h.discards + 1}, threat {threat}")
                    h.counts[k] += 1
            h.discards += 1
            h.last = (f"{format_kinds([x for x in range(34) for _ in range(h.counts[x])])}"
                      f"{' open' if h.opened else ''} threw {ev['pai']} turn {h.discards}")
            h.river.add(k)
            for r in riichi_on:
                passed[r].add(k)
            if a in seats and riichi_on and a not in riichi_on and not h.riichi \
                    and riichi_on[0] != a and h.state != "own riichi":
                cnt["discards facing a riichi"] += 1
                if h.state == "folding":
                    cnt["  of them folding"] += 1
                if h.held_safe and not h.threw_safe:
                    cnt["  of them not a genbutsu, one held"] += 1
        elif t == "reach_accepted":
            a = int(ev["actor"])  # type: ignore[call-overload]
            hands[a].riichi = True
            riichi_on.append(a)
            passed[a] = set()
            pending_reach = -1
            if a in seats:
                category(pts, "riichi sticks paid", -1000)
                cnt["riichi"] += 1
                if any(o != a for o in riichi_on[:-1]):
                    cnt["riichi after another's"] += 1
        elif t in ("chi", "pon", "daiminkan"):
            a = int(ev["actor"])  # type: ignore[call-overload]
            h = hands[a]
            if not h.opened:
                k = kind(str(ev["pai"]))
                value = t != "chi" and (k in DRAGONS or k in value_winds[a])
                s = shanten(h.counts, 4 - h.melds)
                h.opening = (f"{'yakuhai ' if value else ''}{'chi' if t == 'chi' else 'pon'}, "
                             f"{'3+' if s >= 3 else s}-shanten")
            h.melds += 1
            h.opened = True
            h.chi = h.chi or t == "chi"
            h.meld_kinds += [kind(str(x)) for x in [ev["pai"], *ev["consumed"]]]  # type: ignore[misc]
            h.red += str(ev["pai"]).endswith("r")  # its own tiles were counted in hand
        elif t == "ankan":
            hands[int(ev["actor"])].melds += 1  # type: ignore[call-overload]
            hands[int(ev["actor"])].meld_kinds += [kind(str(x)) for x in ev["consumed"]]  # type: ignore[attr-defined,call-overload]
        elif t == "kakan":
            last_tile = str(ev["pai"])
            hands[int(ev["actor"])].meld_kinds.append(kind(last_tile))  # type: ignore[call-overload]
        elif t == "hora":
            w, target = int(ev["actor"]), int(ev["target"])  # type: ignore[call-overload]
            deltas = ev["deltas"]
            wh = hands[w]
            hand = "riichi" if wh.riichi else "open" if wh.opened else "dama"
            for x in hands:
                if x.end != "won":  # a double ron: the first winner stays one
                    x.end = "another won"
            hands[target].end = "dealt in"
            wh.end = "won"
            wh.won_points = int(deltas[w])  # type: ignore[index]
            if wh.opened and w in seats:
                won = wh.counts[:]
                if target != w:
                    won[kind(last_tile)] += 1
                key = f"open win: {open_hand_kind(won, wh, value_winds[w] | set(DRAGONS), dora)}"
                cnt[key] += 1
                cnt[key + ": points"] += int(deltas[w])  # type: ignore[index]
            for s in seats:
                d = float(deltas[s])  # type: ignore[index]
                if s == w:
                    category(pts, f"win: {hand}", d)
                    cnt[f"win: {hand}"] += 1
                    if hands[s].riichi and riichi_on and riichi_on[0] != s:
                        cnt["riichi after another's, won"] += 1
                elif s == target:
                    key = f"deal-in: {hands[s].state} -> {hand}"
                    category(pts, key, d)
                    cnt[key] += 1
                    category(pts, "deal-ins (all)", d)
                    cnt["deal-ins (all)"] += 1
                    held = hands[s].held_safe and not hands[s].threw_safe \
                        and hands[s].state != "own riichi"
                    if hand == "riichi" and hands[s].state != "own riichi":
                        cnt["deal-ins into a riichi"] += 1
                        if held:
                            cnt["  of them with a genbutsu held"] += 1
                    if show:
                        print(f"  deal-in {d:,.0f} {hands[s].state} -> {hand}"
                              f"{' (a genbutsu held)' if held else ''}: {hands[s].last}")
                elif d:
                    category(pts, f"tsumo paid -> {hand}" if w == target else "other", d)
        elif t == "end_kyoku":
            for s in seats:
                h = hands[s]
                if h.opening:
                    cnt[f"opened: {h.opening}"] += 1
                    if h.end == "won":
                        cnt[f"opened: {h.opening}: won"] += 1
                        cnt[f"opened: {h.opening}: won points"] += h.won_points
                if h.dama and not h.riichi and not h.opened:
                    cnt["closed tenpai, never riichi"] += 1
                    cnt[f"closed tenpai, never riichi: {h.end}"] += 1
                    if show:
                        print(f"  {path.name} {h.first_tenpai}: {h.end}")
        elif t == "ryukyoku":
            deltas = ev["deltas"]
            for s in seats:
                d = float(deltas[s])  # type: ignore[index]
                key = "draw: tenpai" if d > 0 else "draw: noten" if d < 0 else "draw: even"
                category(pts, key, d)
                cnt[key] += 1
        for seat, k, change in tile_moves(ev):  # once the event's hand was read
            hands[seat].counts[k] += change


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+", help="folders of arena mjai logs (bench_arena --logs), "
                                            "searched at any depth")
    ap.add_argument("--show", action="store_true",
                    help="list the hero's deal-ins and its closed tenpai hands that never declared riichi")
    ap.add_argument("--winds", default="ESWN",
                    help="only the rounds of these round winds (E: the East, where no standing is "
                         "at stake yet; benchmarks/arena_phases.py)")
    args = ap.parse_args()
    if not args.winds or set(args.winds) - set("ESWN"):
        print(f"arena_leaks: --winds takes letters of ESWN, not {args.winds!r}", file=sys.stderr)
        return 2
    files = log_files(args.logs)
    if not files:
        print(f"arena_leaks: no game_*.jsonl logs in {' '.join(args.logs)}", file=sys.stderr)
        return 2
    split: dict[str, tuple[dict[str, float], Counter[str], Counter[str]]] = {}
    hero_rounds: list[float] = []
    for who in ("hero", "opps"):
        split[who] = (defaultdict(float), Counter(), Counter())
    for f in files:
        try:
            h = hero_seat(f)
        except ValueError:
            print(f"arena_leaks: {f.name} has no cmd seat, skipped", file=sys.stderr)
            continue
        analyse(f, [h], *split["hero"], show=args.show, winds=args.winds)
        hero_rounds += round_deltas(in_winds(events(f), args.winds), h)
        analyse(f, [s for s in range(4) if s != h], *split["opps"], winds=args.winds)
    games = len(files)
    hp, hc, hr = split["hero"]
    op, oc, orr = split["opps"]
    per_h, per_o = hr["rounds"] or 1, orr["rounds"] or 1
    winds = "" if args.winds == "ESWN" else f" (the rounds of {args.winds})"
    print(f"{games} games, hero {hr['rounds']} seat-rounds{winds}; points per 100 rounds "
          "(count per 100 rounds), the opponents averaged per seat")
    print(f"{'cause':<40} {'hero':>16} {'opponents':>16} {'hero-opp':>9}")
    keys = sorted(set(hp) | set(op), key=lambda k: (k.split(":")[0], hp.get(k, 0.0), k))
    for k in keys:
        a, b = 100 * hp.get(k, 0.0) / per_h, 100 * op.get(k, 0.0) / per_o
        na, nb = 100 * hc.get(k, 0) / per_h, 100 * oc.get(k, 0) / per_o
        print(f"{k:<40} {a:>8,.0f} ({na:4.1f}) {b:>8,.0f} ({nb:4.1f}) {a - b:>9,.0f}")
    tot_h = 100 * sum(hp.values()) / per_h
    tot_o = 100 * sum(v for k, v in op.items() if k != "deal-ins (all)") / per_o
    tot_h -= 100 * hp.get("deal-ins (all)", 0.0) / per_h
    print(f"{'total':<40} {tot_h:>8,.0f}        {tot_o:>8,.0f}")
    if len(hero_rounds) > 1:
        # how well these games know the hero's total: a round's change varies by thousands
        sd = statistics.stdev(hero_rounds)
        print(f"  the hero's change a round: standard deviation {sd:,.0f}; its total per 100 "
              f"rounds is known to +-{196 * sd / len(hero_rounds) ** 0.5:,.0f} (95%)")
    for k in ("riichi", "riichi after another's", "riichi after another's, won",
              "closed tenpai, never riichi", "closed tenpai, never riichi: won",
              "closed tenpai, never riichi: dealt in", "closed tenpai, never riichi: another won",
              "closed tenpai, never riichi: draw", "discards facing a riichi",
              "  of them not a genbutsu, one held", "  of them folding",
              "deal-ins into a riichi", "  of them with a genbutsu held"):
        print(f"  {k:<38} hero {hc.get(k, 0):5d}   opponents/seat {oc.get(k, 0) / 3:7.1f}")
    print("the first call of a closed hand, by the call and the hand's shanten before it: how many "
          "(the opponents per seat), how many won and their average win")
    for k in sorted(x for x in set(hc) | set(oc) if x.startswith("opened: ") and x.count(":") == 1):
        row = []
        for c, per in ((hc, 1), (oc, 3)):
            n, won = c.get(k, 0), c.get(k + ": won", 0)
            avg = c.get(k + ": won points", 0) / won if won else 0.0
            row.append(f"{n / per:6.1f} won {won / n if n else 0:6.1%} average {avg:7,.0f}")
        print(f"  {k[8:]:<24} hero {row[0]}   opponents/seat {row[1]}")
    print("the open wins by the hand's kind and dora: how many (the opponents per seat) and their "
          "average (sticks and honba included)")
    wins = sorted((x for x in set(hc) | set(oc) if x.startswith("open win: ") and
                   x.count(":") == 1), key=lambda x: -(hc.get(x, 0) + oc.get(x, 0) / 3))
    for k in wins:
        row = []
        for c, per in ((hc, 1), (oc, 3)):
            n = c.get(k, 0)
            row.append(f"{n / per:6.1f} average {c.get(k + ': points', 0) / n if n else 0:7,.0f}")
        print(f"  {k[10:]:<24} hero {row[0]}   opponents/seat {row[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
