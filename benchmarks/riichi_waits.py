"""How often a ready hand's wait is thrown to it, by what the wait tile looks like from the hand's
river (issue 16): the figures of ``ai.chances.RON_BY_LOOK`` (riichi) and ``DAMA_RON_BY_LOOK`` (a
closed hand not in riichi).

For the choice of a riichi's wait: at each declaration not furiten, each wait kind's live copies
are counted under the look it has then (the declaration tile in the river), and a ron on that
kind as a hit of its look (``RON_BY_LOOK``, per copy against the average).

For the silent hand, and to check the riichi figures: at every discard, for every other seat with a closed ready hand that is not furiten (declared, or
silent), each wait kind's live copies (not visible to that seat: its hand, every river and meld,
the dora indicators) are counted under the look of the tile then (``ai.chances.wait_look``: an
honour; suji, every tile three away in the same suit in the seat's river; half-suji, a 4-6 with
one of its two; else by its number), and the discard, when it is one of those waits, as a hit of
its look. Hits per copy against the average, per look: the others throw the tiles that look safe
(and against a riichi, the suji), and a wait on them is hit more often.

Last, who deals in to a riichi: each seat facing the first riichi of a round (and not declaring
one itself later), by its state at the declaration (closed or open; ready, one step, two or
more from tenpai, from the whole hands the logs show), and how often it dealt in to that riichi.
On arena logs only the bots count, facing the hero's riichi or a bot's. Against
tenhou-python-bot (104 games 9700-9725 at 14dcda6's decisions) the bots one step away with a
closed hand dealt in to the hero's riichi 7.5% of the time (160) and to a bot's 10.9% (386), two
or more steps away 3.0% (270) and 4.7% (557), though they met both in the same states and held
more of the hero's live wait copies (49 vs 46%): why they throw the hero's waits less is open
(issue 16).

Run from the repository root (the 159 Houou games of ``../shared/logs/mjlog``, ten seconds):

    .venv/bin/python benchmarks/riichi_waits.py

or on arena logs (``bench_arena.py --logs DIR``), the hero's ready hands beside the three bots':

    .venv/bin/python benchmarks/riichi_waits.py /tmp/arena-logs
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena_leaks import events, hero_seat, kind  # noqa: E402

from ai.chances import DAMA_RON_BY_LOOK, LOOKS, RON_BY_LOOK, wait_look  # noqa: E402
from ai.efficiency import shanten, waits  # noqa: E402
from engine.records import read_record  # noqa: E402
from engine.records.mjai import to_mjai_events  # noqa: E402
from engine.replay import replay_game  # noqa: E402

MJLOG = Path(__file__).resolve().parents[2] / "shared" / "logs" / "mjlog"
Event = dict[str, object]
Tally = Counter[tuple[str, str, str]]  # (declared / riichi / dama, look, copies / hits)


def houou_games() -> Iterator[tuple[list[Event], int]]:
    """Each four-player Houou game as mjai events (replayed by the engine), no hero seat."""
    for p in sorted(MJLOG.iterdir()):
        record = read_record(p)
        if record.rules.players != 4:
            continue
        game = replay_game(record, check=False).game
        if game is not None:
            yield to_mjai_events(game), -1


def arena_games(folders: Iterable[str]) -> Iterator[tuple[list[Event], int]]:
    for d in folders:
        for f in sorted(Path(d).glob("game_*.jsonl*")):
            yield list(events(f)), hero_seat(f)


def start_hands(start: Event) -> list[list[int]]:
    """Every seat's tiles (counts by kind) in a ``start_kyoku`` event (hidden ones left out)."""
    hands = [[0] * 34 for _ in start["tehais"]]  # type: ignore[attr-defined]
    for s, tiles in enumerate(start["tehais"]):  # type: ignore[arg-type, var-annotated]
        for x in tiles:
            if x != "?":
                hands[s][kind(x)] += 1
    return hands


def _who(seat: int, hero: int) -> str:
    return "all" if hero < 0 else "hero" if seat == hero else "bots"


def count(game: list[Event], hero: int, tally: dict[str, Tally]) -> None:
    """Adds the copies and hits of every ready closed hand in ``game`` to ``tally`` (by ``hero``
    and ``bots`` on arena logs, ``all`` on Houou games)."""
    hands: list[list[int]] = []
    opened: list[bool] = []
    riichi: list[bool] = []
    rivers: list[set[int]] = []
    visible = [0] * 34
    declared: dict[int, dict[int, str]] = {}  # a riichi seat's waits and their looks then
    pending, last = -1, -1
    for ev in game:
        t = ev["type"]
        if t == "start_kyoku":
            hands = start_hands(ev)
            opened, riichi = [False] * 4, [False] * 4
            rivers, visible = [set() for _ in range(4)], [0] * 34
            declared, pending = {}, -1
            visible[kind(str(ev["dora_marker"]))] += 1
        elif t == "dora":
            visible[kind(str(ev["dora_marker"]))] += 1
        elif t == "tsumo" and ev["pai"] != "?":
            last = kind(str(ev["pai"]))
            hands[int(ev["actor"])][last] += 1  # type: ignore[call-overload]
        elif t in ("chi", "pon", "daiminkan", "ankan"):
            a = int(ev["actor"])  # type: ignore[call-overload]
            for x in ev["consumed"]:  # type: ignore[attr-defined]
                hands[a][kind(x)] -= 1
                visible[kind(x)] += 1
            opened[a] = opened[a] or t != "ankan"
        elif t == "kakan":
            k = last = kind(str(ev["pai"]))
            hands[int(ev["actor"])][k] -= 1  # type: ignore[call-overload]
            visible[k] += 1
        elif t == "reach":
            pending = int(ev["actor"])  # type: ignore[call-overload]
        elif t == "hora":
            a = int(ev["actor"])  # type: ignore[call-overload]
            k = kind(str(ev["pai"])) if "pai" in ev else last
            if a in declared and k in declared[a] and ev["target"] != a:
                tally[_who(a, hero)][("declared", declared[a][k], "hits")] += 1
            declared = {}
        elif t == "reach_accepted":
            riichi[int(ev["actor"])] = True  # type: ignore[call-overload]
        elif t == "dahai":
            a = int(ev["actor"])  # type: ignore[call-overload]
            k = kind(str(ev["pai"]))
            for s in range(4):
                if s == a or opened[s] or sum(hands[s]) % 3 != 1:
                    continue
                ws = waits(hands[s])
                if not ws or any(w in rivers[s] for w in ws):
                    continue  # not ready, or furiten
                who = _who(s, hero)
                state = "riichi" if riichi[s] else "dama"
                for w in ws:
                    look = wait_look(w, rivers[s])
                    tally[who][(state, look, "copies")] += max(0, 4 - visible[w] - hands[s][w])
                    if w == k:
                        tally[who][(state, look, "hits")] += 1
            hands[a][k] -= 1
            rivers[a].add(k)
            visible[k] += 1
            last = k
            if a == pending:
                pending = -1
                ws = waits(hands[a])
                if ws and not any(w in rivers[a] for w in ws):
                    declared[a] = {w: wait_look(w, rivers[a]) for w in ws}
                    for w, look in declared[a].items():
                        tally[_who(a, hero)][("declared", look, "copies")] += \
                            max(0, 4 - visible[w] - hands[a][w])


def report(name: str, c: Tally) -> None:
    for state, used, what in (("declared", RON_BY_LOOK, "live copies at riichi, rons on them"),
                              ("riichi", RON_BY_LOOK, "copy-discards in riichi, wait tiles thrown"),
                              ("dama", DAMA_RON_BY_LOOK, "copy-discards silent, wait tiles thrown")):
        copies = sum(c[(state, x, "copies")] for x in LOOKS) or 1
        hits = sum(c[(state, x, "hits")] for x in LOOKS) or 1
        print(f"{name}: {copies} {what.split(',')[0]}, {hits} {what.split(', ')[1]} "
              f"({100 * hits / copies:.2f}% a copy)")
        print(f"  {'look':<10} {'copies':>8} {'hits':>5} {'per copy':>9} {'relative':>8} {'used':>5}")
        for x in LOOKS:
            n = c[(state, x, "copies")] or 1
            h = c[(state, x, "hits")]
            print(f"  {x:<10} {c[(state, x, 'copies')]:>8} {h:>5} {100 * h / n:>8.2f}% "
                  f"{h / n / (hits / copies):>8.2f} {used[x]:>5.2f}")


def count_states(game: list[Event], hero: int, tally: Tally) -> None:
    """Adds to ``tally`` each seat facing the first riichi of a round, by its state at the
    declaration (closed / open, shanten 1, 2+; ready ones under 0), and whether it dealt in
    to that riichi: keyed (riichi by hero / bots / all, state, shanten), "n" or "ron". On arena
    logs only the bots facing a riichi count (the hero's riichi and a bot's, met by the same
    players); a seat that declares riichi itself later in the round is left out."""
    hands: list[list[int]] = []
    melds = [0] * 4
    opened = [False] * 4  # a closed kan leaves a hand closed
    states: dict[int, tuple[str, int]] = {}  # the seats facing the first riichi, their state
    first, later, ended = -1, set(), False
    for ev in game:
        t = ev["type"]
        if t == "start_kyoku":
            hands = start_hands(ev)
            melds, opened, states = [0] * 4, [False] * 4, {}
            first, later, ended = -1, set(), False
        elif t == "tsumo" and ev["pai"] != "?":
            hands[int(ev["actor"])][kind(str(ev["pai"]))] += 1  # type: ignore[call-overload]
        elif t == "dahai" or t == "kakan":
            hands[int(ev["actor"])][kind(str(ev["pai"]))] -= 1  # type: ignore[call-overload]
        elif t in ("chi", "pon", "daiminkan", "ankan"):
            a = int(ev["actor"])  # type: ignore[call-overload]
            for x in ev["consumed"]:  # type: ignore[attr-defined]
                hands[a][kind(x)] -= 1
            melds[a] += 1
            opened[a] = opened[a] or t != "ankan"
        elif t == "reach_accepted":
            a = int(ev["actor"])  # type: ignore[call-overload]
            if first < 0:
                first = a
                for s in range(4):
                    if s != a and (hero < 0 or s != hero):
                        st = shanten(hands[s], 4 - melds[s], not opened[s])
                        states[s] = ("open" if opened[s] else "closed", min(max(st, 0), 2))
            else:
                later.add(a)
        elif t in ("hora", "ryukyoku") and first >= 0:
            who = _who(first, hero)
            for s, (state, st) in states.items():
                if s in later:
                    continue
                if not ended:
                    tally[(who, state, f"{st} n")] += 1
                if t == "hora" and ev["actor"] == first and ev["target"] == s:
                    tally[(who, state, f"{st} ron")] += 1
            ended = True  # a double ron's second hora adds its ron, not the seats again


def report_states(c: Tally) -> None:
    print("seats facing the first riichi of a round (not declaring one later): their state at the"
          " declaration, and how often they dealt in to it")
    print(f"  {'riichi by':<9} {'hand':<7} {'ready':>14} {'1 step':>14} {'2+ steps':>14}")
    for who in ("all", "hero", "bots"):
        for state in ("closed", "open"):
            cells = []
            for st in range(3):
                n = c[(who, state, f"{st} n")]
                r = c[(who, state, f"{st} ron")]
                cells.append(f"{n:>5} {100 * r / max(1, n):>6.1f}%" if n else f"{'':>13}")
            if any(c[(who, state, f"{st} n")] for st in range(3)):
                print(f"  {who:<9} {state:<7} {' '.join(f'{x:>14}' for x in cells)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="*", help="folders of arena mjai logs (default: the Houou games)")
    args = ap.parse_args()
    tally: dict[str, Tally] = {k: Counter() for k in ("all", "hero", "bots")}
    games = arena_games(args.logs) if args.logs else houou_games()
    states: Tally = Counter()
    for game, hero in games:
        count(game, hero, tally)
        count_states(game, hero, states)
    for name in ("all", "hero", "bots"):
        if tally[name]:
            report(name, tally[name])
    report_states(states)
    return 0


if __name__ == "__main__":
    sys.exit(main())
