"""Where ``hard`` wins and loses points against two ``greedy`` at three seats (issue 15).

Plays the duplicate games of ``bench_ai.py --players 3`` (hard rotated through the three seats
over the same walls) and, for every seed, the game of three greedy on the same walls: the greedy
that sits in hard's seat there is the yardstick for what hard does with the same deal. Every
round's score change of the seat is split by cause:

- own wins (ron / tsumo; the riichi sticks and honba they collect included),
- deal-ins, by the winner's hand (riichi, closed dama, open) with hard's state at the discard
  (its own riichi, shanten after the discard, whether a riichi was on the table and whether the
  discard broke its best shape, i.e. it was folding),
- tsumo paid, by the winner's hand,
- exhaustive draws (tenpai / noten payments), riichi sticks left on the table.

Then the rounds where hard faced a greedy riichi before its own riichi: how often it folded,
what those rounds cost, and the greedy riichi's win rate and value; and the all-last: the rank
before it and after.

    nice -n 10 .venv/bin/python benchmarks/sanma_leaks.py --games 300 --seed 3000
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import make_agent, sanma
from ai.base import discard_choices
from ai.efficiency import shanten
from ai.observe import observe
from ai.player import Player
from app.commands.selfplay import jobs_for, make_rules
from engine.actions import Action, Discard, Riichi
from engine.driver import play_out
from engine.events import (
    Called,
    KanDeclared,
    RiichiAccepted,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
    Win,
)
from engine.game import Game
from engine.meld import MeldKind
from engine.standings import ranking
from engine.view import PlayerView


class Probe(Player):
    """``hard`` that notes, for each own discard, the state it was made in (by round)."""

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        self.notes: dict[tuple[int, int], list[dict]] = defaultdict(list)

    def choose(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        act = super().choose(view, legal)
        if isinstance(act, (Discard, Riichi)) and not view.riichi[view.seat]:
            sit = observe(view)
            after = {}
            for k in discard_choices(legal):
                c = sit.counts[:]
                c[k] -= 1
                after[k] = shanten(c, sit.sets_needed, sit.closed)
            s_min = min(after.values())
            threat = [o.seat for o in sit.opponents if o.riichi]
            price = {o.seat: sanma.deal_in_loss(o, sit.dora, len(view.nuki[o.seat]))
                     for o in sit.opponents}
            self.notes[(view.round_index, view.honba)].append({
                "s_min": s_min, "s": after[act.tile >> 2], "threat": threat,
                "fold": after[act.tile >> 2] > s_min, "turn": sit.turn, "price": price,
            })
        return act


def hand_kind(seat: int, riichi: set[int], opened: set[int]) -> str:
    return "riichi" if seat in riichi else "open" if seat in opened else "dama"


def rounds_of(game: Game, seat: int, notes: dict | None) -> list[dict]:
    """One row per round: ``seat``'s score change by cause."""
    out: list[dict] = []
    riichi: set[int] = set()
    opened: set[int] = set()
    key = (0, 0)
    row: dict = {}
    for ev in game.events:
        if isinstance(ev, RoundStarted):
            riichi, opened = set(), set()
            key = (ev.round_index, ev.honba)
            row = {"key": key, "scores": ev.scores, "dealer": ev.dealer, "causes": Counter(), "counts": Counter(),
                   "riichi_order": []}
        elif isinstance(ev, RiichiAccepted):
            riichi.add(ev.seat)
            row["riichi_order"].append(ev.seat)
        elif isinstance(ev, Called) or (isinstance(ev, KanDeclared)
                                         and ev.meld.kind is not MeldKind.ANKAN):
            opened.add(ev.seat)
        elif isinstance(ev, Win):
            d = ev.deltas[seat]
            if ev.seat == seat:
                cause = "win ron" if not ev.tsumo else "win tsumo"
            elif ev.from_seat == seat:
                cause = "deal-in " + hand_kind(ev.seat, riichi, opened)
                if notes is None:  # greedy: only whether it was in riichi itself
                    state = "own riichi" if seat in riichi else "not in riichi"
                    row["counts"]["dealin state: " + state] += 1
                    row["causes"]["dealin state: " + state] += d
                else:
                    last = (notes.get(key) or [{}])[-1]
                    state = ("own riichi" if seat in riichi else
                             "tenpai" if last.get("s", 9) == 0 else
                             "folding" if last.get("fold") else
                             f"pushing {last.get('s', '?')}-sh" + (" vs riichi" if last.get(
                                 "threat") else ""))
                    row["counts"]["dealin state: " + state] += 1
                    row["causes"]["dealin state: " + state] += d
                    price = last.get("price", {}).get(ev.seat)
                    if price is not None:  # the model's price of this deal-in beside its cost
                        tag = "price " + hand_kind(ev.seat, riichi, opened) + (
                            " dealer" if ev.seat == row["dealer"] else "")
                        row["counts"][tag + " model"] += 1
                        row["causes"][tag + " model"] -= price
                        row["counts"][tag + " paid"] += 1
                        row["causes"][tag + " paid"] += d
            elif ev.tsumo:
                cause = "tsumo paid " + hand_kind(ev.seat, riichi, opened)
            else:
                cause = "others' ron"
            row["causes"][cause] += d
            row["counts"][cause] += 1
            if ev.seat != seat:
                row["counts"]["value " + hand_kind(ev.seat, riichi, opened)] += 1
                row["causes"]["value " + hand_kind(ev.seat, riichi, opened)] += ev.deltas[ev.seat]
        elif isinstance(ev, RoundDrawn):
            if ev.kind.abortive:
                row["counts"]["abort"] += 1
            else:
                t = ev.tenpai[seat]
                row["causes"]["draw tenpai" if t else "draw noten"] += ev.deltas[seat]
                row["counts"]["draw tenpai" if t else "draw noten"] += 1
        elif isinstance(ev, RoundEnded):
            rest = ev.deltas[seat] - sum(v for k, v in row["causes"].items()
                                         if not k.startswith(("dealin state", "value ", "price ")))
            if rest:
                row["causes"]["riichi sticks"] += rest
            row["counts"]["riichi"] += seat in riichi
            row["delta"] = ev.deltas[seat]
            row["riichi"] = set(riichi)
            out.append(row)
    return out


def play(seed: int, lineup: Sequence[str], rules) -> tuple[Game, dict | None, int | None]:
    agents = {}
    probe = None
    for s, kind in enumerate(lineup):
        if kind == "hard":
            probe = Probe("hard", seed=seed * 4 + s, personality="balanced", rules=rules)
            agents[s] = probe
        else:
            agents[s] = make_agent(kind, seed=seed * 4 + s, rules=rules)
    game = Game(rules, seed)
    play_out(game, agents)
    hard = lineup.index("hard") if "hard" in lineup else None
    return game, (probe.notes if probe else None), hard


def final_rank(game: Game, seat: int) -> int:
    assert game.result is not None
    return game.result.ranking.index(seat) + 1


def last_round_rank(rows: list[dict], seat: int) -> int:
    scores = rows[-1]["scores"]
    return ranking(scores).index(seat) + 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=3000)
    args = ap.parse_args()
    rules = make_rules("tenhou3", None)
    jobs = jobs_for(args.games, args.seed, ["hard", "greedy", "greedy"], True)
    base: dict[int, Game] = {}
    tot: dict[str, Counter] = {"hard": Counter(), "greedy same seat": Counter(),
                               "greedy opponents": Counter()}
    cnt: dict[str, Counter] = {k: Counter() for k in tot}
    games = Counter()
    ranks: dict[str, list[int]] = defaultdict(list)
    last: dict[str, Counter] = defaultdict(Counter)
    faced = Counter()
    faced_pts = Counter()
    for seed, lineup in jobs:
        game, notes, hard = play(seed, lineup, rules)
        assert hard is not None
        if seed not in base:
            base[seed] = play(seed, ("greedy",) * 3, rules)[0]
        g = base[seed]
        for who, gm, seats, nt in (("hard", game, [hard], notes),
                                   ("greedy same seat", g, [hard], None),
                                   ("greedy opponents", game,
                                    [s for s in range(3) if s != hard], None)):
            for s in seats:
                games[who] += 1
                rows = rounds_of(gm, s, nt)
                for r in rows:
                    tot[who].update(r["causes"])
                    cnt[who].update(r["counts"])
                    cnt[who]["rounds"] += 1
                fr = final_rank(gm, s)
                ranks[who].append(fr)
                last[who][(last_round_rank(rows, s), fr)] += 1
                if who != "hard" or nt is None:
                    continue
                for r in rows:
                    ns = nt.get(r["key"], [])
                    first_threat = next((i for i, n in enumerate(ns) if n["threat"]), None)
                    if first_threat is None:
                        continue
                    if s in r["riichi"] and r["riichi_order"].index(s) < r["riichi_order"].index(
                            ns[first_threat]["threat"][0]):
                        continue  # its own riichi came first
                    after = ns[first_threat:]
                    sh = after[0]["s_min"]
                    folded = any(n["fold"] for n in after)
                    tag = f"{min(sh, 2)}{'+' if sh >= 2 else ''}-sh {'fold' if folded else 'push'}"
                    faced[tag] += 1
                    faced_pts[tag] += r["delta"]
                    for c, v in r["counts"].items():
                        if c.startswith(("win", "deal-in", "tsumo paid", "draw")):
                            faced[tag + " | " + c] += v
    print(f"{len(jobs)} duplicate games, seeds {args.seed}.., tenhou3")
    for who in tot:
        n = games[who]
        rk = ranks[who]
        print(f"\n== {who}: {n} seat-games, avg rank {sum(rk) / len(rk):.3f}, "
              f"rounds {cnt[who]['rounds']}, points per game by cause (count per game, avg):")
        total = 0.0
        for c in sorted(tot[who], key=lambda c: tot[who][c]):
            if c.startswith(("dealin state", "value ", "price ")):
                continue
            total += tot[who][c] / n
            k = cnt[who][c]
            avg = f"{tot[who][c] / k:8.0f}" if k else "       -"
            print(f"   {c:<22} {tot[who][c] / n:8.0f}   n/game {k / n:5.2f}  avg {avg}")
        print(f"   {'total':<22} {total:8.0f}   riichi/game {cnt[who]['riichi'] / n:.2f}")
        for c in sorted(tot[who]):
            if c.startswith(("dealin state", "value ", "price ")):
                k = cnt[who][c]
                print(f"   {c:<34} n/game {k / n:5.3f}  avg {tot[who][c] / max(1, k):8.0f}")
        moves = last[who]
        print("   all-last rank before -> after: " + ", ".join(
            f"{a}->{b}:{moves[(a, b)]}" for a, b in sorted(moves)))
    print("\n== hard facing a greedy riichi before its own (rounds; delta per round):")
    for tag in sorted(k for k in faced if "|" not in k):
        outs = ", ".join(f"{k.split('| ')[1]} {v}" for k, v in sorted(faced.items())
                         if k.startswith(tag + " |"))
        print(f"   {tag:<12} {faced[tag]:5d}  avg {faced_pts[tag] / faced[tag]:7.0f}   {outs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
