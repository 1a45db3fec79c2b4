"""Any mjai bot at our table: an external program speaking the mjai.app line protocol plays a
seat through :class:`MjaiAgent`, which looks like any other AI (``act(view, legal)``).

The program is started with the seat number as its last argument (or in place of ``{seat}`` in
the command), gets one JSON array of events per line (what that seat may see) and answers one
JSON action per line. A bot that answers illegally or not in JSON, takes longer than the timeout,
or dies is stopped and replaced by our AI for the rest of the game; ``notify`` tells the player.

    agent = MjaiAgent("riichi bot --mjai", seat=1, fallback=make_agent("normal", rules=game.rules))
    agent.bind(game)            # the agent reads the game's events to tell the bot what happened
    ... agent.act(game.view(1), legal) ...
    agent.close(game)           # sends the last events (end_game) and stops the program
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from collections.abc import Callable, Sequence
from typing import Any

from ai.base import Agent
from engine.actions import Action
from engine.errors import RulesError
from engine.mjai import SeatLink


class BotFailure(Exception):
    """The external bot cannot go on: it died, timed out or spoke no JSON."""


class MjaiProcess:
    """An external bot process: ``ask(events) -> answer`` with a timeout per line."""

    def __init__(self, command: str | Sequence[str], seat: int, timeout: float = 5.0,
                 first_timeout: float = 30.0) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ValueError("an mjai bot needs a command")
        if any("{seat}" in a for a in argv):
            argv = [a.replace("{seat}", str(seat)) for a in argv]
        else:
            argv.append(str(seat))
        self.argv = argv
        self.timeout = timeout
        self.first_timeout = first_timeout  # the first line waits for the program to start
        self._asked = False
        self.stderr_tail: list[str] = []
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, bufsize=1,
            )
        except OSError as exc:
            raise BotFailure(f"cannot start {argv[0]!r}: {exc.strerror or exc}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc.stdout, self._lines),
                         daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    @staticmethod
    def _read(stream, out: queue.Queue) -> None:
        for line in stream:
            out.put(line)
        out.put(None)

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr_tail = (self.stderr_tail + [line.rstrip()])[-5:]

    def ask(self, events: list[dict[str, Any]]) -> Any:
        if self.proc.poll() is not None:
            raise BotFailure(f"the bot exited (code {self.proc.returncode})")
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps(events, separators=(",", ":")) + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotFailure("the bot closed its input (it died?)") from None
        wait = self.timeout if self._asked else max(self.timeout, self.first_timeout)
        self._asked = True
        while True:
            try:
                line = self._lines.get(timeout=wait)
            except queue.Empty:
                raise BotFailure(f"no answer within {wait:g} s") from None
            if line is None:
                code = self.proc.wait(timeout=5)
                raise BotFailure(f"the bot exited (code {code})")
            if line.strip():
                break
        try:
            return json.loads(line)
        except ValueError:
            raise BotFailure(f"the answer is not JSON: {line.strip()[:120]!r}") from None

    def close(self) -> None:
        """Close the bot's input and stop it if it does not exit by itself."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class MjaiAgent(Agent):
    """A seat played by an external mjai bot; our ``fallback`` AI takes over if it fails."""

    kind = "mjai"

    def __init__(self, command: str | Sequence[str], seat: int, fallback: Agent,
                 timeout: float = 5.0, notify: Callable[[str], None] | None = None,
                 first_timeout: float = 30.0) -> None:
        super().__init__(seed=fallback.seed)
        self.command = command
        self.seat = seat
        self.fallback = fallback
        self.timeout = timeout
        self.first_timeout = first_timeout
        self.notify = notify or (lambda message: None)
        self.game: Any = None
        self.link: SeatLink | None = None
        self.process: MjaiProcess | None = None
        self.failure: str | None = None  # why our AI took over
        self.answers = 0
        # act() runs in a game thread; close() may come from another (the player left the
        # table while the bot was thinking): one talks to the program at a time.
        self._talking = threading.Lock()

    def bind(self, game: Any) -> None:
        """Play ``game`` (an ``engine.game.Game``); starts the bot program."""
        self.game = game
        self.link = SeatLink(self.seat, game.rules)
        if self.failure is None:
            try:
                self.process = MjaiProcess(self.command, self.seat, self.timeout,
                                           self.first_timeout)
            except BotFailure as exc:
                self._fail(str(exc))

    def act(self, view, legal: Sequence[Action]) -> Action:
        with self._talking:
            return self._act(view, tuple(legal))

    def _act(self, view, legal: tuple[Action, ...]) -> Action:
        if self.failure is not None or self.process is None or self.link is None:
            return self.fallback.act(view, legal)
        link = self.link
        try:
            answer = self.process.ask(link.news(self.game.events))
            action = link.read(answer, legal, view.drawn)
            if action is None:  # reach: echo it, then the bot names its discard
                answer = self.process.ask(link.reach_echo())
                action = link.read(answer, legal, view.drawn, after_reach=True)
            self.answers += 1
            assert action is not None
            return action
        except (BotFailure, RulesError) as exc:
            self._fail(str(exc))
            return self.fallback.act(view, legal)

    def close(self, game: Any = None) -> None:
        """Send what is left to see (the end of the game) and stop the program. Waits for an
        answer being read in another thread (``act``); afterwards our AI answers for the seat."""
        with self._talking:
            self._close()

    def _close(self) -> None:
        proc, self.process = self.process, None
        if proc is None:
            return
        if self.failure is None and self.link is not None and self.game is not None:
            try:
                news = self.link.news(self.game.events)
                if news:
                    proc.ask(news)
            except BotFailure:
                pass
        proc.close()

    def _fail(self, why: str) -> None:
        self.failure = why
        proc, self.process = self.process, None
        if proc is not None:
            tail = " | ".join(proc.stderr_tail[-2:])
            if tail:
                why = f"{why} (bot stderr: {tail[:200]})"
            self.failure = why
            proc.close()
        self.notify(f"seat {self.seat}: the mjai bot failed ({why}); our AI "
                    f"({self.fallback.kind}) plays this seat for the rest of the game")

    def __repr__(self) -> str:
        return f"MjaiAgent({self.command!r}, seat={self.seat})"


__all__ = ["BotFailure", "MjaiAgent", "MjaiProcess"]
