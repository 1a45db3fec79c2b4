"""Who plays the other seats of a game: our AI, three distinct players (each an
:class:`Opponent`: a name, a level and a personality; ``riichi play --seat 1=hard:aggressive``),
or an external mjai bot (``riichi play --seat 1=mjai:COMMAND``) through
:class:`app.mjai_client.MjaiAgent`.

A bot program starts when its game exists (``make_agents`` binds it) and stops when the game
ends or the player leaves the table (``close_agents``). A bot that fails is replaced by our AI
at that seat for the rest of the game, and the player is told. The journal and the history
record each seat as ``{"kind": "mjai", "command": ...}``, so Continue starts the same bot again,
and each AI seat as ``{"kind": "ai", "level", "personality", "name"}``, so Continue seats the same
players (records of older versions have the level only: a balanced player named by its seat).
No Textual here: the table passes ``tell`` (the app's thread-safe notify).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

HUMAN = 0
BOT_SEATS = (1, 2, 3)
MJAI_PREFIX = "mjai:"
#: The real AI's levels, which take a personality (ai.style); the baselines do not.
LEVELS = ("easy", "normal", "hard")
BASELINES = ("random", "tsumogiri", "greedy")
PERSONALITIES = ("balanced", "aggressive", "defensive")  # ai.PERSONALITIES, ai.style.PERSONALITY
#: A new game's table is varied: seat 1 (right) balanced, 2 (across) aggressive, 3 defensive.
DEFAULT_PERSONALITIES = {1: "balanced", 2: "aggressive", 3: "defensive"}
NAME_MAX = 12  # cells: a name must leave room for the points on an 80x24 seat line


@dataclass(frozen=True, slots=True)
class Opponent:
    """One AI seat's player: its level (``easy``/``normal``/``hard`` or a baseline), its
    personality (for the real levels) and its name ("" until named: the language's name for
    its seat, :func:`named`)."""

    level: str = "normal"
    personality: str = "balanced"
    name: str = ""

    def spec(self) -> str:
        """The text ``parse_opponent`` reads back: ``hard:aggressive`` (``:NAME`` if named)."""
        return f"{self.level}:{self.personality}" + (f":{self.name}" if self.name else "")

    def record(self) -> dict[str, Any]:
        """The seat as the journal and the history record it."""
        return {"kind": "ai", "level": self.level, "personality": self.personality,
                "name": self.name}


def parse_opponent(text: str) -> Opponent:
    """``"hard:aggressive"``, ``"hard"``, ``"normal:defensive:Mei"`` -> :class:`Opponent`;
    ``ValueError`` saying what is wrong.

    >>> parse_opponent("hard:aggressive")
    Opponent(level='hard', personality='aggressive', name='')
    """
    level, _, rest = text.strip().partition(":")
    personality, _, name = rest.partition(":")
    level, personality, name = level.strip(), personality.strip() or "balanced", name.strip()
    if level not in LEVELS + BASELINES:
        raise ValueError(f"{text!r}: the level must be one of {', '.join(LEVELS + BASELINES)}")
    if personality not in PERSONALITIES:
        raise ValueError(f"{text!r}: the personality must be one of {', '.join(PERSONALITIES)}")
    if len(name) > NAME_MAX or not name.isprintable():
        raise ValueError(f"{text!r}: a name is at most {NAME_MAX} printable characters")
    return Opponent(level, personality, name)


def default_opponents(level: str = "normal") -> dict[int, Opponent]:
    """A varied table of ``level``: one balanced, one aggressive, one defensive (unnamed)."""
    return {seat: Opponent(level, DEFAULT_PERSONALITIES[seat]) for seat in BOT_SEATS}


def name_list() -> list[str]:
    """The current language's names for opponents (assets/i18n ``opponent.names``)."""
    from app.i18n import t

    return [n.strip() for n in t("opponent.names").split(",") if n.strip()]


def named(opponents: Mapping[int, Opponent]) -> dict[int, Opponent]:
    """Each unnamed opponent named from the language's list, by seat (stable: the same
    settings give the same names)."""
    names = name_list()
    return {seat: o if o.name else replace(o, name=names[(seat - 1) % len(names)])
            for seat, o in opponents.items()}


def style_text(o: Opponent, short: bool = False) -> str:
    """What kind of player: ``Hard · aggressive``, or ``H·A`` (short, for 80 columns); a
    baseline AI (no personality) by its level alone."""
    from app.i18n import t

    if o.level not in LEVELS:
        return t(f"level_short.{o.level}") if short else t(f"difficulty.{o.level}")
    if short:
        return t(f"level_short.{o.level}") + "·" + t(f"personality_short.{o.personality}")
    return t(f"difficulty.{o.level}") + " · " + t(f"personality.{o.personality}")


def opponents_from_records(seats: Iterable[Any], level: str) -> dict[int, Opponent]:
    """The AI players of a saved game's seat records; a record without them (older saves and
    history rows) is a balanced player of ``level``, named by its seat."""
    out = {}
    records = list(seats)
    for seat in BOT_SEATS:
        record = records[seat] if seat < len(records) else None
        o = Opponent(level)
        if isinstance(record, dict) and record.get("kind") == "ai":
            fields = [record.get("level", level), record.get("personality", "balanced"),
                      record.get("name", "")]
            if all(isinstance(f, str) for f in fields):
                try:
                    o = parse_opponent(":".join(fields))
                except ValueError:
                    pass  # a damaged record: the seat's default player
        out[seat] = o
    return out


def seat_labels(seats: Sequence[Any] | None) -> tuple[str, ...]:
    """The seats' names on screen from seat records (one per seat of the table shown, P1): the
    player ``You``, a named AI by its name, the others (an mjai bot, an older record) by their
    place (``Right``)."""
    from app.i18n import players, seat_name

    out = []
    for seat in range(players()):
        record = seats[seat] if seats is not None and seat < len(seats) else None
        name = record.get("name") if isinstance(record, dict) else None
        if (seat != HUMAN and isinstance(record, dict) and record.get("kind") == "ai"
                and isinstance(name, str) and name.strip()):
            out.append(name.strip())
        else:
            out.append(seat_name(seat))
    return tuple(out)


def seat_styles(seats: Sequence[Any] | None, short: bool = False) -> tuple[str, ...]:
    """What kind of player each seat is (``Hard · aggressive``; "" for the player, an mjai
    bot or an older record without a name), one per seat of the table shown (P1)."""
    from app.i18n import players as seat_count

    out = [""] * seat_count()
    if seats is None:
        return tuple(out)
    players = opponents_from_records(seats, "normal")
    for seat in BOT_SEATS[:len(out) - 1]:
        record = seats[seat] if seat < len(seats) else None
        if isinstance(record, dict) and record.get("kind") == "ai" and record.get("name"):
            out[seat] = style_text(players[seat], short)
    return tuple(out)


def parse_seat(text: str) -> tuple[int, str | Opponent]:
    """``"1=mjai:COMMAND"`` -> ``(1, "COMMAND")``, ``"1=hard:aggressive"`` -> ``(1,
    Opponent(...))``; ``ValueError`` saying what is wrong.

    >>> parse_seat("2=mjai:riichi bot --mjai")
    (2, 'riichi bot --mjai')
    >>> parse_seat("3=easy:defensive:Mei")
    (3, Opponent(level='easy', personality='defensive', name='Mei'))
    """
    seat_text, sep, player = text.partition("=")
    if not sep:
        raise ValueError(f"{text!r}: expected SEAT=LEVEL:PERSONALITY or SEAT=mjai:COMMAND, "
                         "e.g. 1=hard:aggressive or 1=mjai:'mybot --fast'")
    try:
        seat = int(seat_text.strip())
    except ValueError:
        raise ValueError(f"{text!r}: the seat must be 1, 2 or 3 (1 plays after you)") from None
    if seat not in BOT_SEATS:
        raise ValueError(f"{text!r}: the seat must be 1, 2 or 3 (seat 0 is yours)")
    if not player.startswith(MJAI_PREFIX):
        try:
            return seat, parse_opponent(player)
        except ValueError as e:
            raise ValueError(f"{text!r}: {str(e).partition(': ')[2]} "
                             "(or give mjai:COMMAND for an external bot)") from None
    if not player.startswith(MJAI_PREFIX) or not player[len(MJAI_PREFIX):].strip():
        raise ValueError(f"{text!r}: after '=' give mjai:COMMAND (the bot program to start)")
    return seat, player[len(MJAI_PREFIX):].strip()


def players_of(opponents: str | Mapping[int, Opponent]) -> dict[int, Opponent]:
    """``opponents`` by seat; a level alone (``"hard"``) is three balanced players of it."""
    if isinstance(opponents, str):
        return {seat: Opponent(opponents) for seat in BOT_SEATS}
    return {seat: opponents.get(seat, Opponent()) for seat in BOT_SEATS}


def seat_records(name: str, opponents: str | Mapping[int, Opponent],
                 mjai: Mapping[int, str], seats: int = 4) -> list[dict[str, Any]]:
    """The seats as the journal and the history record them (``seats`` of them, P1)."""
    out: list[dict[str, Any]] = [{"kind": "human", "name": name}]
    players = players_of(opponents)
    for seat in BOT_SEATS[:seats - 1]:
        if seat in mjai:
            out.append({"kind": "mjai", "command": mjai[seat]})
        else:
            out.append(players[seat].record())
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


def make_agents(game, opponents: str | Mapping[int, Opponent], seed: int, autoplay: bool | str,
                mjai: Mapping[int, str], tell: Callable[[str, str], None],
                seat_name: Callable[[int], str]) -> dict:
    """The agents of every seat the player does not play, bound to ``game``: our AI of the
    seat's level and personality (``opponents``) built with the game's own rules, or an mjai
    bot (that seat's AI takes over if it fails). ``autoplay``: an AI plays the player's seat
    too (a balanced one of this level; True: of the opponents' level, or normal).
    ``tell(text, severity)`` tells the player, from any thread."""
    from ai import make_agent
    from app.i18n import t
    from app.mjai_client import MjaiAgent

    players = players_of(opponents)
    if autoplay:
        level = autoplay if isinstance(autoplay, str) else (
            opponents if isinstance(opponents, str) else "normal")
        players[HUMAN] = Opponent(level)
    agents: dict[int, Any] = {}
    for seat in [*BOT_SEATS[:game.rules.players - 1]] + ([HUMAN] if autoplay else []):
        o = players.get(seat, Opponent())
        ours = make_agent(o.level, seed=seed * 4 + seat, rules=game.rules,
                          personality=o.personality if o.level in LEVELS else None)
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
