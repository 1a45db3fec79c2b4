"""The decision spots of the outside arena's mjai logs (``bench_arena.py --logs DIR``), for the
benchmarks that set the AI beside the players of those games (issue 16: tenhou-python-bot's own
riichi, calls and folds beside hard's answers in the same spots).

Each seat's view is rebuilt by a ``SeatTracker`` fed the log's events with the other seats'
hands and draws hidden, so a spot holds what the seat knew, the actions it had, and what the log
shows it did.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from arena_leaks import events, hero_seat  # noqa: E402

from ai import make_agent  # noqa: E402
from ai.base import Agent  # noqa: E402
from engine.actions import Action, Chi, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo  # noqa: E402
from engine.mjai import SeatTracker, mjai_tile  # noqa: E402
from engine.rules import TENHOU  # noqa: E402
from engine.tiles import Reds  # noqa: E402
from engine.view import PlayerView  # noqa: E402

#: (the seat's view, its legal actions, what it played, how the round went for it: ["won"],
#: ["dealt"] (in, later) or [""])
Spot = tuple[PlayerView, tuple[Action, ...], Action, list[str]]
#: the spots a benchmark wants: (the seat's own turn or not, its legal actions)
Wanted = Callable[[bool, tuple[Action, ...]], bool]


def arena_spots(path: Path, seats: Iterable[int], wanted: Wanted) -> Iterator[Spot]:
    """The spots of ``seats`` in one arena log where ``wanted`` holds: on the seat's own draw
    (``own`` True) or on another's discard. What the seat played is read from the events that
    follow (``played``); a spot whose answer the log cannot tell (another seat's pon or ron
    came first) is left out."""
    log = list(events(path))
    for seat in seats:
        tracker = SeatTracker(seat, TENHOU)
        for i, ev in enumerate(log):
            if ev["type"] == "start_kyoku":
                hands = ev["tehais"]
                assert isinstance(hands, list)
                ev = dict(ev, tehais=[h if j == seat else ["?"] * 13 for j, h in enumerate(hands)])
            elif ev["type"] == "tsumo" and ev["actor"] != seat:
                ev = dict(ev, pai="?")
            tracker.feed(ev)
            own = ev["type"] == "tsumo" and ev["actor"] == seat
            if not own and (ev["type"] != "dahai" or ev["actor"] == seat):
                continue
            legal = tracker.legal()
            if not legal or not wanted(own, legal):
                continue
            act = played(log, i + 1, legal, seat, tracker.rules.red_fives) if own \
                else answered(log, i + 1, legal, seat, tracker.rules.red_fives)
            if act is not None:
                yield tracker.view(), legal, act, [outcome(log, i, seat)]


def played(log: list[dict[str, object]], i: int, legal: tuple[Action, ...], seat: int,
           reds: Reds) -> Action | None:
    """The action of ``legal`` the seat's events from ``log[i]`` on show after its own draw
    (None: a kan, an abort)."""
    ev = log[i]
    if ev["type"] == "hora":
        return next((a for a in legal if isinstance(a, Tsumo)), None)
    want: type[Discard] | type[Riichi] = Discard
    if ev["type"] == "reach":
        want, ev = Riichi, log[i + 1]
    if ev["type"] != "dahai" or ev["actor"] != seat:
        return None
    return next((a for a in legal if isinstance(a, want) and mjai_tile(a.tile, reds) == ev["pai"]),
                None)


def answered(log: list[dict[str, object]], i: int, legal: tuple[Action, ...], seat: int,
             reds: Reds) -> Action | None:
    """The seat's answer to another's discard, from the events at ``log[i]`` on: its ron, its
    chi, pon or open kan (the ``legal`` one of the same tiles), or a pass when the next seat
    drew, another seat chi'd or the wall ran out. None when another seat's ron, pon or kan came
    first: what the seat wanted is not in the log."""
    while log[i]["type"] in ("reach_accepted", "dora"):
        i += 1
    ev = log[i]
    if ev["type"] == "hora":
        while log[i]["type"] == "hora":  # a double ron: the winners one after the other
            if log[i]["actor"] == seat:
                return next((a for a in legal if isinstance(a, Ron)), None)
            i += 1
        return None
    kinds: dict[object, type[Chi] | type[Pon] | type[Kan]] = {
        "chi": Chi, "pon": Pon, "daiminkan": Kan}
    if ev["type"] in kinds and ev["actor"] == seat:
        consumed = ev["consumed"]
        assert isinstance(consumed, list)
        want = kinds[ev["type"]]
        return next((a for a in legal if isinstance(a, want)
                     and sorted(mjai_tile(t, reds) for t in a.tiles) == sorted(consumed)), None)
    if ev["type"] in ("tsumo", "ryukyoku", "chi"):
        return next((a for a in legal if isinstance(a, Pass)), None)
    return None


def outcome(log: list[dict[str, object]], i: int, seat: int) -> str:
    """How the round from ``log[i]`` on went for ``seat``: "won", "dealt" (in) or ""."""
    out = ""
    for ev in log[i:]:
        if ev["type"] == "end_kyoku":
            break
        if ev["type"] == "hora":
            if ev["actor"] == seat:
                return "won"
            if ev["target"] == seat:
                out = "dealt"
    return out


def arena_games(folders: list[str], who: str, level: str, personality: str
                ) -> Iterator[tuple[Path, list[int], Agent]]:
    """Each arena log in ``folders`` with the seats of its hero (``who`` "hero") or the other
    seats, and an AI of ``level`` to answer their spots."""
    agent = make_agent(level, seed=1, personality=personality, rules=TENHOU)
    for folder in folders:
        for path in sorted(Path(folder).glob("game_*.jsonl*")):
            hero = hero_seat(path)
            yield path, [hero] if who == "hero" else [s for s in range(4) if s != hero], agent
