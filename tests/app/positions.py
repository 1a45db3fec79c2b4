"""Table positions built through the engine for screen tests: a game dealt from a scripted wall
(``Wall.from_hands``) and driven by explicit actions, every call option not in the script
passed. Tile ids: kind * 4 + copy (1s = kind 18: 72-75)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.actions import Action, Chi, Discard, Kan, Pass, Pon
from engine.game import Game, seeded_walls
from engine.meld import MeldKind
from engine.rules import preset
from engine.wall import Wall


def scripted_game(hands: dict[int, Sequence[int]], draws: Sequence[int],
                  script: Sequence[tuple[int, Action]], dead: dict[int, int] | None = None,
                  rules=None) -> Game:
    """East 1 (seat 0 deals) from a wall where ``hands`` are the seats' starting tiles (the
    seats not named get the leftover tiles), then ``script`` played in order; whenever a seat
    that is not next in the script is asked (a call it could make), it passes."""
    rules = rules or preset("tenhou")
    used = {t for h in hands.values() for t in h} | set(draws) | set((dead or {}).values())
    rest = iter(t for t in range(136) if t not in used)
    full = [list(hands[s]) if s in hands else [next(rest) for _ in range(13)] for s in range(4)]
    first = Wall.from_hands(full, draws=draws, dead=dead, dealer=0)
    seeded = seeded_walls(1)

    def walls(number, start):
        return first if number == 0 else seeded(number, start)

    game = Game(rules, 1, walls=walls)
    for seat, action in script:
        while True:
            pending = game.pending()
            if seat in pending and action in pending[seat]:
                break
            passing = [s for s in pending if Pass() in pending[s]]
            assert passing, f"seat {seat} may not {action}: {pending}"
            game.submit(passing[0], Pass())
        game.submit(seat, action)
    # the calls on the last discard that the script did not take
    while (pending := game.pending()) and 0 not in pending:
        passing = [s for s in pending if Pass() in pending[s]]
        if not passing:
            break
        game.submit(passing[0], Pass())
    return game


class Scripted:
    """A test agent: plays its seat's ``actions`` in order, passing on every call it is offered
    before its next action is legal."""

    def __init__(self, actions: Sequence[Action]):
        self.actions = list(actions)

    def act(self, view, legal):
        if self.actions and self.actions[0] in legal:
            return self.actions.pop(0)
        assert Pass() in legal, f"the script's {self.actions[:1]} is not legal: {legal}"
        return Pass()


def scripted_agents(script: Sequence[tuple[int, Action]], seats=(1, 2, 3)) -> dict:
    """The agents of ``seats`` playing their parts of ``script``."""
    return {s: Scripted([a for seat, a in script if seat == s]) for s in seats}


@dataclass(frozen=True)
class Position:
    """A scripted deal and what is played from it."""

    hands: dict[int, Sequence[int]]
    draws: Sequence[int]
    script: Sequence[tuple[int, Action]]
    dead: dict[int, int] | None = None

    def game(self, played: int | None = None) -> Game:
        """The game after the first ``played`` actions of the script (all by default)."""
        script = self.script if played is None else self.script[:played]
        return scripted_game(self.hands, self.draws, script, self.dead)

    def agents(self) -> dict:
        """Opponents that play their parts of the script."""
        return scripted_agents(self.script)

    def mine(self) -> list[Action]:
        """The player's part of the script."""
        return [a for seat, a in self.script if seat == 0]


#: The player (seat 0, East) pons 1s, pons 2s, chis 6s with the red 5s and 7s and pons 3s: the
#: reported hand (only the first meld stayed on screen); then one tile is left and one drawn.
#: Before the last pon the player waits on 3s and haku; after it, on haku alone.
FOUR_CALLS = Position(
    hands={0: [72, 73, 76, 77, 80, 81, 88, 96,  # 1s1s 2s2s 3s3s 0s(red 5s) 7s
               0, 36, 108, 112,  # 1m 1p E S, discarded one after each call
               125]},  # haku: with the one drawn, tenpai on 3s and haku before the last pon
    draws=[124,            # seat 0: haku
           74,             # seat 1 draws 1s and lets it go
           78,             # seat 1: 2s
           40, 44,         # seats 1, 2: 2p 3p
           92,             # seat 3: 6s
           82,             # seat 1: 3s
           48, 52, 56,     # seats 1-3: 4p 5p 6p
           4],             # seat 0: 2m
    script=[
        (0, Discard(0)),
        (1, Discard(74)), (0, Pon((72, 73), 74)), (0, Discard(36)),
        (1, Discard(78)), (0, Pon((76, 77), 78)), (0, Discard(108)),
        (1, Discard(40)), (2, Discard(44)), (3, Discard(92)),
        (0, Chi((88, 96), 92)), (0, Discard(112)),
        (1, Discard(82)), (0, Pon((80, 81), 82)), (0, Discard(124)),
        (1, Discard(48)), (2, Discard(52)), (3, Discard(56)),
    ])

def four_kans(seat: int = 1) -> Position:
    """Seat ``seat`` holds three each of 9m, 9p, 9s and North: it calls the player's 9m (an
    open kan) and declares the other three closed with the replacement tiles; the seats after
    it discard what they draw, then it is the player's turn again."""
    after = list(range(seat + 1, 4))  # the seats that draw before the player again
    draws = [60] + [64, 72][: len(after)] + [76]  # the player: 7p first, then 3s
    return Position(
        hands={0: [35, 0, 4, 8, 12, 16, 20, 36, 40, 44, 48, 52, 56],  # 9m 1234567m 1234567p
               seat: [32, 33, 34, 68, 69, 70, 104, 105, 106, 120, 121, 122, 124]},  # + haku
        draws=draws,
        dead={0: 71, 1: 107, 2: 123, 3: 125},  # the replacement tiles: 9p, 9s, N, haku
        script=[
            (0, Discard(35)),
            (seat, Kan(MeldKind.DAIMINKAN, (32, 33, 34), 35)),
            (seat, Kan(MeldKind.ANKAN, (68, 69, 70, 71))),
            (seat, Kan(MeldKind.ANKAN, (104, 105, 106, 107))),
            (seat, Kan(MeldKind.ANKAN, (120, 121, 122, 123))),
            (seat, Discard(125)),
        ] + [(s, Discard(t)) for s, t in zip(after, draws[1:], strict=False)])


#: The player (the dealer) holds three each of 9m, 9p, 9s and North and draws the fourth 9m:
#: four closed kans on the first turn, each with the replacement tile, then a discard.
FOUR_KANS_OF_THE_PLAYER = Position(
    hands={0: [32, 33, 34, 68, 69, 70, 104, 105, 106, 120, 121, 122, 124]},
    draws=[35, 0, 4, 8, 12],  # 9m, then 1m 2m 3m 4m for the others and the player again
    dead={0: 71, 1: 107, 2: 123, 3: 125},
    script=[
        (0, Kan(MeldKind.ANKAN, (32, 33, 34, 35))),
        (0, Kan(MeldKind.ANKAN, (68, 69, 70, 71))),
        (0, Kan(MeldKind.ANKAN, (104, 105, 106, 107))),
        (0, Kan(MeldKind.ANKAN, (120, 121, 122, 123))),
        (0, Discard(125)),
        (1, Discard(0)), (2, Discard(4)), (3, Discard(8)),
    ])

#: Seat 1 (on the player's right) makes four kans.
FOUR_KANS = four_kans(1)


def position_app(game: Game, agents: dict | None = None, hints: bool = False, **options):
    """The app showing ``game`` at the player's seat (nothing saved), the opponents the greedy
    AIs; started as ``--direct`` starts a new game."""
    import app.app as app_module
    from app.app import RiichiApp
    from app.options import PlayOptions
    from app.screens.table import TableScreen
    from app.session import GameSession, make_agents
    from app.storage.settings import Settings

    class PositionApp(RiichiApp):
        CSS_PATH = Path(app_module.__file__).with_name("riichi.tcss")

        def start_game(self, setup) -> None:
            seats = agents if agents is not None else make_agents(self, setup, game, {})
            self.push_screen(TableScreen(GameSession(self, game, setup, seats)))

    base = dict(speed="instant", save=False, direct=True, difficulty="greedy")
    base.update(options)
    return PositionApp(PlayOptions(**base), settings=Settings(hints=hints))


POSITIONS = {"calls": FOUR_CALLS, "kans": FOUR_KANS, "mykans": FOUR_KANS_OF_THE_PLAYER, "kans2": four_kans(2),
             "kans3": four_kans(3)}

if __name__ == "__main__":  # to look at a position: python -m tests.app.positions calls
    import sys

    # "calls": the position reached; "calls 0": dealt, the player makes the calls by keys
    position = POSITIONS[sys.argv[1]]
    played = int(sys.argv[2]) if len(sys.argv) > 2 else None
    position_app(position.game(played), position.agents() if played is not None else None).run()
