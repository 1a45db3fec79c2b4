"""Who plays the other seats of a game: our AI, or an external mjai bot
(``riichi play --seat 1=mjai:COMMAND``) through :class:`app.mjai_client.MjaiAgent`.

A bot program starts when its game exists (``make_agents`` binds it) and stops when the game
ends or the player leaves the table (``close_agents``). A bot that fails is replaced by our AI
at that seat for the rest of the game, and the player is told. The journal and the history
record each seat as ``{"kind": "mjai", "command": ...}``, so Continue starts the same bot again.
No Textual here: the table passes ``tell`` (the app's thread-safe notify).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

HUMAN = 0
BOT_SEATS = (1, 2, 3)
MJAI_PREFIX = "mjai:"


def parse_seat(text: str) -> tuple[int, str]:
    """``"1=mjai:COMMAND"`` -> ``(1, "COMMAND")``; ``ValueError`` saying what is wrong.

    >>> parse_seat("2=mjai:riichi bot --mjai")
    (2, 'riichi bot --mjai')
    """
    seat_text, sep, player = text.partition("=")
    if not sep:
        raise ValueError(f"{text!r}: expected SEAT=mjai:COMMAND, e.g. 1=mjai:'mybot --fast'")
    try:
        seat = int(seat_text.strip())
    except ValueError:
        raise ValueError(f"{text!r}: the seat must be 1, 2 or 3 (1 plays after you)") from None
    if seat not in BOT_SEATS:
        raise ValueError(f"{text!r}: the seat must be 1, 2 or 3 (seat 0 is yours)")
    if not player.startswith(MJAI_PREFIX) or not player[len(MJAI_PREFIX):].strip():
        raise ValueError(f"{text!r}: after '=' give mjai:COMMAND (the bot program to start)")
    return seat, player[len(MJAI_PREFIX):].strip()


def seat_records(name: str, difficulty: str, mjai: Mapping[int, str],
                 players: int = 4) -> list[dict[str, Any]]:
    """The seats as the journal and the history record them (``players`` of them, P1)."""
    out: list[dict[str, Any]] = [{"kind": "human", "name": name}]
    for seat in BOT_SEATS[:players - 1]:
        if seat in mjai:
            out.append({"kind": "mjai", "command": mjai[seat]})
        else:
            out.append({"kind": "ai", "level": difficulty})
    return out


def mjai_seats(agents: Mapping[int, Any]) -> dict[int, str]:
    """``{seat: command}`` of the seats given to an mjai bot (even one replaced since)."""
    from app.mjai_client import MjaiAgent

    return {seat: agent.command for seat, agent in agents.items()
            if isinstance(agent, MjaiAgent) and isinstance(agent.command, str)}


def bot_seats(agents: Mapping[int, Any]) -> frozenset[int]:
    """The seats an mjai bot plays now (not those our AI took over after the bot failed)."""
    from app.mjai_client import MjaiAgent

    return frozenset(seat for seat, agent in agents.items()
                     if isinstance(agent, MjaiAgent) and agent.failure is None)


def mjai_from_records(seats: Iterable[Any]) -> dict[int, str]:
    """``{seat: command}`` of the mjai seats of a saved game's seat records."""
    out = {}
    for seat, record in enumerate(seats):
        if (isinstance(record, dict) and record.get("kind") == "mjai" and seat in BOT_SEATS
                and isinstance(record.get("command"), str) and record["command"].strip()):
            out[seat] = record["command"]
    return out


def make_agents(game, difficulty: str, seed: int, autoplay: bool, mjai: Mapping[int, str],
                tell: Callable[[str, str], None], seat_name: Callable[[int], str]) -> dict:
    """The agents of every seat the player does not play, bound to ``game``: our AI of
    ``difficulty`` built with the game's own rules, or an mjai bot (our AI of that difficulty
    takes over if it fails).
    ``tell(text, severity)`` tells the player, from any thread."""
    from ai import make_agent
    from app.i18n import t
    from app.mjai_client import MjaiAgent

    seats = [*BOT_SEATS[:game.rules.players - 1]] + ([HUMAN] if autoplay else [])
    agents: dict[int, Any] = {}
    for seat in seats:
        ours = make_agent(difficulty, seed=seed * 4 + seat, rules=game.rules)
        # mjai has no agreed three-player form (P1): the CLI refuses bots for such a game
        command = mjai.get(seat) if seat != HUMAN and game.rules.players == 4 else None
        if command is None:
            agents[seat] = ours
            continue
        agent = MjaiAgent(command, seat=seat, fallback=ours)

        def failed(_message: str, agent: MjaiAgent = agent) -> None:
            tell(t("mjai.replaced", seat=seat_name(agent.seat), why=agent.failure or "?"),
                 "warning")

        agent.notify = failed
        tell(t("mjai.seated", seat=seat_name(seat), command=command), "information")
        agent.bind(game)  # starts the program; one that cannot start is replaced (and told)
        agents[seat] = agent
    return agents


def close_agents(agents: Mapping[int, Any]) -> threading.Thread | None:
    """Stop the bot programs in a background thread (a bot may be thinking in the game's worker
    thread, and a polite stop waits for its answer); the thread is returned, None if no seat
    has a program."""
    bots = [a for a in agents.values() if hasattr(a, "close")]
    if not bots:
        return None

    def close() -> None:
        for bot in bots:
            bot.close()

    thread = threading.Thread(target=close, name="riichi-close-bots", daemon=True)
    thread.start()
    return thread
