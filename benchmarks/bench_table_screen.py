"""CPU per table-screen update: what one screen costs for each thing that happens in a game.

``riichi serve`` runs every connection's app in one process, so the CPU a ``TableScreen`` spends
on one message (``Happened`` after an opponent's action, ``HumanTurn`` when the player is asked)
is the server's budget: at 40 players, four screens draw every action of ten tables. This
benchmark measures that cost in process, without a terminal, so machine load barely moves it
(it is CPU time of this process, not wall time).

A seeded four-player game is played first by greedy agents (seat 0 included), recording the
messages a screen of seat 0 gets at ``fast`` speed (the server's: one ``Happened`` per action,
a ``HumanTurn`` when seat 0 must choose; a round end arrives as a ``Happened`` here, not as the
result screen). Then an app shows a ``TableScreen`` over a session that never plays on its own,
and each message is posted to it and fully handled: the handler, Textual's restyling, layout and
the compositor's update, and the terminal output the SSH driver would send (made, then dropped).
The figure per message is the process's CPU time until the app is idle again, less the same
wait without a message (the harness's own cost). Beside it, what the machine's load cannot
move: layout passes, widgets rendered and widgets mounted per message (means).

    .venv/bin/python benchmarks/bench_table_screen.py [--messages N] [--size 100x30]
        [--gc server|default] [--profile [KINDS]]

``--gc server`` (the default) collects garbage as ``riichi serve`` does once it listens
(``app.serve.app.collect_less``: what exists is frozen, full collections ten times rarer);
``--gc default`` keeps Python's, whose full collections of this process (up to ~100 ms) land
on a few messages and weigh on the means the table-turn figure is made of.

``--profile [KINDS]`` also prints cProfile's top functions (cumulative) over the messages of
those kinds (``happened,turn,key,help,back``: all), which the profiler slows down;
``BENCH_SORT=tottime`` sorts them by their own time instead.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SEED = 7
SORT = tuple(os.environ.get("BENCH_SORT", "cumulative").split(","))


def record(seed: int, count: int) -> list[tuple[str, Any]]:
    """The first ``count`` messages a screen of seat 0 gets in a greedy game of ``seed``:
    ("happened", (events, view)), ("turn", (view, legal)) or ("key", the action seat 0
    chose: the player's key, which the screen hands to its session)."""
    from ai import make_agent
    from engine.driver import Driver
    from engine.game import Game
    from engine.rules import preset

    rules = preset("tenhou")
    game = Game(rules, seed)
    agents = {s: make_agent("greedy", seed + s, rules=rules) for s in (1, 2, 3)}
    me = make_agent("greedy", seed, rules=rules)
    driver = Driver(game, agents)
    out: list[tuple[str, Any]] = []
    while len(out) < count and not driver.over:
        step = driver.step()
        if step is not None:
            out.append(("happened", (step[2], game.view(0))))
            continue
        waiting = driver.waiting()
        if 0 not in waiting:
            break
        view = game.view(0)
        action = me.act(view, waiting[0])
        out.append(("turn", (view, tuple(waiting[0]))))
        out.append(("key", action))
        events = driver.submit(0, action)
        out.append(("happened", (events, game.view(0))))
    return out[:count]


def count_work() -> dict[str, int]:
    """Counts, kept up to date, of the work Textual does: layout passes of a screen, widgets
    whose content is rendered, widgets mounted (the machine's load does not move these)."""
    from textual.screen import Screen
    from textual.widget import Widget

    counted = {"layouts": 0, "renders": 0, "mounts": 0}

    def counting(name: str, method: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counted[name] += 1
            return method(*args, **kwargs)
        return wrapper

    Screen._refresh_layout = counting("layouts", Screen._refresh_layout)  # type: ignore
    Widget._render_content = counting("renders", Widget._render_content)  # type: ignore
    Widget._post_mount = counting("mounts", Widget._post_mount)  # type: ignore
    return counted


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


async def measure(messages: list[tuple[str, Any]], size: tuple[int, int],
                  profile: cProfile.Profile | None = None,
                  kinds: tuple[str, ...] = ()) -> dict[str, list[float]]:
    from rich.console import Console
    from textual._compositor import CompositorUpdate

    from app.app import RiichiApp
    from app.options import PlayOptions
    from app.screens.setup import GameSetup
    from app.screens.table import TableScreen
    from app.session import GameSession, Happened, HumanTurn
    from app.storage.settings import Settings

    class FeedSession(GameSession):
        """A game that moves only by the messages the benchmark posts."""

        def go(self) -> None:
            pass

        def act(self, seat: int, action: Any) -> None:
            pass

    class Sink(RiichiApp):
        """The app, with the terminal output made as the SSH driver would and then dropped
        (a headless app skips making it)."""

        CSS_PATH = str(Path(__file__).resolve().parent.parent / "app" / "riichi.tcss")
        sink = Console(file=io.StringIO(), force_terminal=True, color_system="256",
                       width=size[0], height=size[1])

        def _display(self, screen: Any, renderable: Any) -> None:
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(self.sink)

    counted = count_work()
    app = Sink(PlayOptions(save=False, speed="fast"), settings=Settings())
    times: dict[str, list[float]] = {"happened": [], "turn": [], "key": [], "help": [],
                                     "back": [], "idle": []}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        setup = GameSetup(seed=SEED, difficulty="greedy")
        screen = TableScreen(FeedSession.new(app, setup))
        app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        for _ in range(20):  # the harness alone
            start = time.process_time()
            await pilot.pause()
            times["idle"].append((time.process_time() - start) * 1000)
        for kind, data in messages:
            if profile is not None and kind in kinds:
                profile.enable()
            start = time.process_time()
            before = dict(counted)
            if kind == "key":
                screen.submit_human(data)
            else:
                screen.post_message(Happened(*data) if kind == "happened"
                                    else HumanTurn(0, *data))
            await pilot.pause()
            times[kind].append((time.process_time() - start) * 1000)
            for name, n in counted.items():
                times[f"{kind} {name}"] = [*times.get(f"{kind} {name}", []), n - before[name]]
            if profile is not None:
                profile.disable()
            if kind == "turn" and len(times["turn"]) % 5 == 1:
                # bench_serve's probe: the help page over the table, and back
                for key, name in (("question_mark", "help"), ("escape", "back")):
                    if profile is not None and name in kinds:
                        profile.enable()
                    start = time.process_time()
                    before = dict(counted)
                    await pilot.press(key)
                    await pilot.pause()
                    times[name].append((time.process_time() - start) * 1000)
                    for what, n in counted.items():
                        times[f"{name} {what}"] = [*times.get(f"{name} {what}", []),
                                                   n - before[what]]
                    if profile is not None:
                        profile.disable()
        app.exit()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--size", default="100x30", help="terminal WxH (bench_serve's: 100x30)")
    parser.add_argument("--gc", choices=("server", "default"), default="server",
                        help="garbage collection as riichi serve sets it (collect_less, once "
                             "the modules are loaded) or Python's default")
    parser.add_argument("--profile", nargs="?", const="happened,turn,key,help,back", default=None,
                        help="profile the messages of these kinds (default: all)")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    # The colours of bench_serve's clients (xterm-256color), whatever this terminal is: with
    # TERM=xterm alone the app would draw for 16 colours (a line filter on every line, the
    # -plain rules), which no measured player has.
    os.environ["TERM"] = "xterm-256color"
    os.environ.pop("COLORTERM", None)
    messages = record(SEED, args.messages)
    if args.gc == "server":
        from app.serve.app import collect_less
        from app.serve.strips import break_strip_cycles

        break_strip_cycles()
        collect_less()  # as the server does once it listens, before any player's screen
    profile = cProfile.Profile() if args.profile else None
    kinds = tuple(args.profile.split(",")) if args.profile else ()
    times = asyncio.run(measure(messages, (width, height), profile, kinds))
    if profile is not None:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats(*SORT).print_stats(45)
        print(out.getvalue())
    idle = statistics.median(times["idle"])
    print(f"bench_table_screen: seed {SEED}, {len(messages)} messages, {width}x{height}; "
          f"CPU ms per message, harness ({idle:.1f} ms median) subtracted")
    for kind in ("happened", "turn", "key", "help", "back"):
        values = [max(0.0, v - idle) for v in times[kind]]
        if values:
            work = "  ".join(f"{name} {statistics.mean(times[f'{kind} {name}']):5.1f}"
                             for name in ("layouts", "renders", "mounts"))
            print(f"  {kind:9} n={len(values):4}  median {statistics.median(values):6.1f}"
                  f"  mean {statistics.mean(values):6.1f}"
                  f"  p95 {percentile(values, 0.95):6.1f}  max {max(values):6.1f}"
                  f"   per message: {work}")
    every = [max(0.0, v - idle) for k in ("happened", "turn", "key") for v in times[k]]
    print(f"  {'all':9} n={len(every):4}  median {statistics.median(every):6.1f}"
          f"  p95 {percentile(every, 0.95):6.1f}  mean {statistics.mean(every):6.1f}")
    budget(times, idle)
    return 0


def budget(times: dict[str, list[float]], idle: float) -> None:
    """What a server's one core can draw: the screens' CPU per turn at a table of four people
    (every screen gets each action; each player's own turn is a prompt and a key), and how
    many such turns a second a core draws, beside bench_serve's pace. Means, not medians:
    a core's budget is spent on every message, the slow ones too."""
    def mean(kind: str) -> float:
        return statistics.mean(max(0.0, v - idle) for v in times[kind])

    per_turn = len(times["happened"]) / max(len(times["turn"]), 1)  # actions per own turn
    # a cycle round the table: four screens, each shown every action and asked once
    cycle = 4 * (per_turn * mean("happened") + mean("turn") + mean("key"))
    table_turn = cycle / 4
    probe = mean("help") + mean("back")
    print(f"  a turn at a table of four players costs the screens {table_turn:.0f} ms of CPU "
          f"(what it did drawn on four screens, {per_turn / 4:.1f} messages each; the "
          f"player's prompt and key); a help page opened and closed {probe:.0f} ms")
    print(f"  one core draws at most {1000 / table_turn:.1f} such turns a second: 10 tables "
          f"at one turn every {10 * table_turn / 1000:.1f} s each. bench_serve's players "
          f"(a look at the screen every 0.4-0.9 s) play a table turn every ~0.35 s plus the "
          f"latency, and each opens the help page every ~3 s: "
          f"{10 / 0.35 * table_turn / 1000 + 40 / 3 * probe / 1000:.1f} cores at 40 players")


if __name__ == "__main__":
    sys.exit(main())
