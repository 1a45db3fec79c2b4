"""How likely a hand is to be completed: the small Markov chain over shanten the real AI prices
its discards with, and the waits that can still come."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ai.defence import SUJI_PARTNERS

# per-own-draw chance of moving one step, by shanten, for the steps after the first
_STEP = {0: 6.0, 1: 18.0, 2: 28.0, 3: 36.0, 4: 42.0, 5: 48.0, 6: 52.0}
#: the mean of ``ai.efficiency.step_quality`` over the 2-shanten hands hard's lookahead weighs
#: on the Houou people's calm closed discards (benchmarks/bench_discards.py, 80 games, 40,600
#: hands; median 10.8): the chain's average second step (``_STEP[1]``) stands for a hand of this
#: width, so a hand's own is scaled by their ratio (``second_step``) and a hand weighed without
#: the lookahead is not preferred for the average it is given
STEP_QUALITY_MEAN = 11.3
RON_FACTOR = 1.6  # a wait is hit by own draws plus (more cautious) opponents discards
#: an open hand, no riichi out, takes its steps towards tenpai by its draws and by chi and pon:
#: each step's chance per own draw multiplied by a factor by the route the hand is priced along
#: (``open_call_factor``, ``Style.open_calls``). Measured on the Houou people's own turns
#: (benchmarks/bench_chances.py, 159 games: the chain's chance of the hand after the discard
#: beside how often the seat won the round), calm, one to three steps from tenpai: priced by draws
#: alone, open hands won 1.38-2.28 times the chain's chance with a yakuhai pon, 1.84 honitsu one
#: step away, 0.93-1.17 tanyao, 1.17-1.62 the other open hands; closed hands 1.05-1.06 (1.25
#: three steps away). One factor for all (1.5) left the yakuhai hands at 1.11-1.35, honitsu 1.43
#: and tanyao at 0.62-0.92: a hand with its yaku in a meld calls what it likes, a tanyao hand
#: only simples, and a hand whose yaku is still to come (a yakuhai pair, toitoi, chanta...) is
#: between them
OPEN_CALLS = {"yakuhai": 2.0, "honitsu": 2.0, "tanyao": 1.25}
OPEN_CALLS_OTHER = 1.4
#: a ready hand, no riichi out, wins more often than its live copies say: the copies of its wait
#: the chain counts get this many more (``Style.calm_wait``). On the same turns (bench_chances),
#: the chain's chance of a calm ready hand fell short of how often it won by 1.17 dama (1.28 on
#: a wait of four tiles or fewer, 1.13 on five to seven), 1.18 riichi (1.20, 1.18; 1.11 on eight
#: or more), 1.09-1.60 open; with one copy more 0.98-1.06 closed, 0.95-1.09 open but honitsu
#: (1.32). Facing a riichi the chain already says more than people won (the race:
#: ``RIICHI_RACE``), so none is added there
CALM_WAIT = 1.0
#: what a hand not yet ready, no riichi out, went on to win beside what the chain says it is
#: worth (``Player.evaluate``, the open option in): ``Player._push`` multiplies the attack of a
#: hand this many steps from tenpai (three: three and more) by it, ``Style.calm_attack`` of the
#: way. Measured on the Houou people's calm discards (benchmarks/bench_worth.py, 159 games: the
#: seat's win x (its points + ``WIN_BONUS``) over the expected value of the hand after the
#: discard, the noten payments left out): closed hands 1.18 / 1.12 / 1.49 one / two / three+
#: steps away (12,891 / 17,741 / 18,176 turns), open 1.07 / 1.12 / 0.97 (4,284 / 2,478 / 772);
#: ready hands 1.03 closed, 1.34 open, not applied. The chain prices a slow hand's steps
#: alone; people's slow hands also won by the dora, the routes and the calls that came. The
#: danger a discard runs against hands with calls (``ai.defence``, calibrated) was weighed
#: against the lower figure, and hard folded slow hands against them far more than people did
#: (benchmarks/bench_openfold.py). No level uses it: the pushes it adds are few, and against
#: tenhou-python-bot they were no better (``ai.style``, hard's note)
CALM_WORTH = {True: (1.0, 1.18, 1.12, 1.49), False: (1.0, 1.07, 1.12, 0.97)}
WIN_BONUS = 1500  # a win also ends the round: what the others would have won is denied
HAZARD = 0.06  # per own draw, the chance another seat wins or the round is otherwise over
#: hard's race (``Style.race``, issue 16), measured on the 159 Houou games of ../shared/logs/mjlog
#: (benchmarks/race_hazard.py): per own draw of a seat not in riichi, the round ended by a win
#: of another seat that was not a deal-in of this one 0.111 of the time with one riichi out
#: (12,396 draws) and 0.221 with two (1,156), about as often early as late: ``RIICHI_RACE`` per
#: riichi. The own deal-ins (0.021 / 0.027 more) are left out: they are priced as deal-ins (the
#: danger of the tile thrown; ``ai.pushfold`` for the discards to come); counted in the race too,
#: hard folded the tenpai and 1-shanten hands tests/ai/test_pushfold and test_placement show it
#: pushing. With no riichi out the race grows through the round (0.000 at the 1st own draw, 0.04
#: at the 8th, 0.10 at the 13th): a chain with one hazard for all the draws left needs the figure
#: that ends as many rounds over those draws, 0.056 from the first draw, 0.08 from the 7th, 0.10
#: from the 13th, which the flat ``HAZARD`` stands for. The per-draw average over whole rounds
#: (0.026-0.032, the calm figure of the race measured and left out before) prices every draw
#: left as if it were an early one, and so a calm table's slow hands too high
RIICHI_RACE = 0.111
#: what a riichi's tsumo costs a seat not in riichi, on average from its declaration (same
#: games): a non-dealer's riichi 477 (933 from the dealer), the dealer's riichi 1,117. A win of
#: this seat first denies it: the race has two sides (``riichi_denial``)
RIICHI_DENY = 477.0
RIICHI_DENY_ME_DEALER = 933.0
DEALER_RIICHI_DENY = 1117.0
#: the wall runs out (an exhaustive draw), for a seat not in riichi in a round it does not win,
#: by its own draws left (0, 1, ... 12 and more) and the riichi out (none, one, two or more):
#: measured on the same games (what share of the rounds still going at that own draw, and not
#: won by the seat, ended in an exhaustive draw; benchmarks/race_hazard.py), the noisy tails of
#: the rarer rows smoothed.
#: Even at the last own discard a round goes on to a draw only 0.89 of the time: the others
#: still draw and discard
DRAW_REACHED = (
    (0.89, 0.73, 0.61, 0.54, 0.47, 0.41, 0.35, 0.30, 0.27, 0.24, 0.23, 0.21, 0.20),
    (0.92, 0.78, 0.65, 0.54, 0.45, 0.38, 0.32, 0.28, 0.24, 0.21, 0.18, 0.17, 0.15),
    (0.88, 0.62, 0.47, 0.34, 0.26, 0.18, 0.15, 0.12, 0.10, 0.09, 0.09, 0.09, 0.09),
)
#: what being tenpai rather than noten is worth at a four-seat exhaustive draw (K1, 3,000 in all):
#: 3,000 apart when no other seat or all three others are ready, 2,500 with one or two; 2,579 on
#: average over the 255 exhaustive draws of those games
KEITEN_SHARE = 2579.0
#: the share of its attack a discard keeps for each step it goes back from the fastest
#: (``Player._attack``: the chain of ``win_probability`` uses average ukeire for the later steps,
#: which flatters wide but slow hands). Set beside the Houou players' calm closed discards
#: (benchmarks/bench_discards.py): with 0.5 hard went back from 1-shanten in 10.9% of their
#: 1-shanten spots where they kept it and kept it in 2.0% where they went back, agreeing in 55.3%;
#: with 0.3, 3.7 / 3.1% and 59.9% (issue 16)
SHANTEN_BACK = 0.3
ROUGH_SPREAD = ((0.6, 0.25), (1.0, 0.5), (1.7, 0.25))  # a han less / as guessed / a han more


#: the share of ``OPEN_CALLS`` an open hand keeps by its melds (``Style.later_calls``): the fewer
#: calls made, the more are still to come. Measured as above, with the route factors whole for
#: every open hand, calm: one meld 0.86-1.09 one to three steps from tenpai; two melds one step
#: away 0.89 (yakuhai, 754 turns), 1.22 (other, 193), 0.68 (tanyao, 95), two steps away
#: 0.17-0.70 (199); three melds one step away 0.44 (yakuhai, 43). With these shares: one meld
#: 1.00 / 1.03 / 0.98 one / two / three steps away (3,111 / 2,243 / 628 turns), two melds 1.08 /
#: 0.64 (1,112 / 228), three melds one step away 0.48 (61, as with no factor): four tiles have
#: few shapes left to call into
CALLS_BY_MELDS = (1.0, 1.0, 0.5, 0.0, 0.0)


def open_call_factor(route: str, weight: float = 1.0, melds: int = 1) -> float:
    """The factor of an open hand's steps towards tenpai (``OPEN_CALLS``) along ``route``
    (a ``ai.value.Route`` name; "yakuhai" only for a yakuhai already a set, its pair's route is
    one of the others) with ``melds`` calls made (``CALLS_BY_MELDS``), ``weight`` of the way
    from none (0) to as measured (1).

    >>> open_call_factor("yakuhai"), open_call_factor("tanyao"), open_call_factor("toitoi")
    (2.0, 1.25, 1.4)
    >>> open_call_factor("yakuhai", 0.5), open_call_factor("yakuhai", 0.0)
    (1.5, 1.0)
    >>> open_call_factor("yakuhai", melds=2), open_call_factor("yakuhai", melds=3)
    (1.5, 1.0)
    """
    share = CALLS_BY_MELDS[min(melds, 4)]
    return 1.0 + weight * share * (OPEN_CALLS.get(route, OPEN_CALLS_OTHER) - 1.0)


def second_step(quality: float) -> float:
    """The per-draw copies of a 2-shanten hand's second step for the chain (``win_probability``'s
    ``second``) from its ``ai.efficiency.step_quality``, on the scale of ``_STEP[1]``.

    >>> second_step(11.3) == _STEP[1], second_step(0.0) > 0
    (True, True)
    """
    return max(0.5, quality) * _STEP[1] / STEP_QUALITY_MEAN


def win_probability(s: int, first: float, unseen: int, draws: int, can_ron: bool = True,
                    wait: float | None = None, hazard: float = HAZARD,
                    calls: float = 1.0, extra_wait: float = 0.0,
                    second: float | None = None) -> float:
    """Chance to complete a hand ``s`` steps from tenpai with ``draws`` own draws left, when the
    first step has ``first`` unseen useful copies (a small Markov chain, one state per shanten);
    ``hazard``: the chance, per own draw, that the round ends another way first; ``calls``: the
    chance of each step towards tenpai multiplied, for a hand that also takes its steps by chi
    and pon (``open_call_factor``); ``extra_wait``: copies added to the ready hand's wait
    (``CALM_WAIT``); ``second``: the unseen useful copies of the step after the first, when
    known (``ai.efficiency.step_quality``), instead of the average one."""
    if s < 0:
        return 1.0
    if draws <= 0:
        return 0.0
    unseen = max(unseen, 10)
    probs = []
    for level in range(s, -1, -1):
        if level == s:
            n = first
        elif level == 0 and wait is not None:
            n = wait
        elif level == s - 1 and second is not None:
            n = second
        else:
            n = _STEP[min(level, 6)]
        if level == 0:
            p = (n + extra_wait) / unseen * (RON_FACTOR if can_ron else 1.0)
        else:
            p = n / unseen * calls
        probs.append(min(0.95, p))
    dist = [1.0] + [0.0] * len(probs)
    keep = 1.0 - hazard
    for _ in range(draws):
        for i in range(len(probs)):
            dist[i] *= keep  # someone else ended the round first
        for i in range(len(probs) - 1, -1, -1):
            move = dist[i] * probs[i]
            dist[i] -= move
            dist[i + 1] += move
    return dist[-1]


#: the look of a wait tile from the river (``wait_look``), and how often a closed ready hand's
#: wait of that look is thrown to it, per live copy, against the average: the others throw what
#: looks safe. Measured on the Houou games in ../shared/logs/mjlog (benchmarks/riichi_waits.py).
#: A riichi, at its 1,214 declarations not furiten (284 rons on the waits, by the look then): an
#: honour 3.61 (24 rons), suji 1.30 (11), half-suji 0.84 (29), a non-suji 1/9 1.51 (49), 2/8 1.15
#: (57), 3/7 0.87 (53), 4-6 0.67 (61); counted at every discard instead (the look then, 291 wait
#: tiles thrown) much the same: 3.97, 1.94, 0.94, 1.54, 1.00, 0.82, 0.60. A closed ready hand not
#: in riichi (every discard, 124 wait tiles thrown): an honour 2.27 (6), a 1/9 1.54 (11), the
#: other looks 0.94 together (107; apart from 0.44 to 1.10, with 3 to 36 each): no riichi asks
#: the others to read the river, and they throw honours and terminals first. Tenhou-python-bot's
#: riichi waits are hit that way too (1,343 in the arena); the hard AI's, counted by copies
#: alone, were 1.8% full suji against their 4.8% and 1.6% honours against 2.2% (issue 16)
LOOKS = ("honour", "suji", "half-suji", "1-9", "2-8", "3-7", "4-6")
RON_BY_LOOK = {"honour": 3.61, "suji": 1.30, "half-suji": 0.84, "1-9": 1.51, "2-8": 1.15,
               "3-7": 0.87, "4-6": 0.67}
DAMA_RON_BY_LOOK = {"honour": 2.27, "suji": 0.94, "half-suji": 0.94, "1-9": 1.54, "2-8": 0.94,
                    "3-7": 0.94, "4-6": 0.94}


def wait_look(kind: int, river: set[int] | frozenset[int]) -> str:
    """How a wait on ``kind`` looks to the others from its hand's ``river`` (kinds):
    an honour; suji when every tile three away in its suit is in the river; half-suji when one
    of a 4-6's two is; else by its number.

    >>> wait_look(0, {3}), wait_look(4, {1}), wait_look(4, {1, 7}), wait_look(6, set())
    ('suji', 'half-suji', 'suji', '3-7')
    """
    if kind >= 27:
        return "honour"
    partners = SUJI_PARTNERS[kind]
    seen = sum(p in river for p in partners)
    if seen == len(partners):
        return "suji"
    if seen:
        return "half-suji"
    return ("1-9", "2-8", "3-7", "4-6", "4-6", "4-6", "3-7", "2-8", "1-9")[kind % 9]


def ron_weight(kind: int, river: set[int] | frozenset[int], riichi: bool = True) -> float:
    """A closed ready hand's copy of ``kind`` counted as the copies of an average look it is
    worth: ``win_probability`` weighs a ready hand's copies by ``RON_FACTOR`` (own draws plus
    the others' discards), and the others' part goes by ``RON_BY_LOOK`` (``DAMA_RON_BY_LOOK``
    for a hand not in riichi)."""
    table = RON_BY_LOOK if riichi else DAMA_RON_BY_LOOK
    return (1.0 + (RON_FACTOR - 1.0) * table[wait_look(kind, river)]) / RON_FACTOR


def spare_tile(kind: int, used: set[int]) -> int | None:
    """A copy of ``kind`` not among ``used`` (the highest first: red fives are the lowest), to
    score a win on that kind; None when all four are used."""
    return next((kind * 4 + c for c in (3, 2, 1, 0) if kind * 4 + c not in used), None)


def live_waits(kinds: Sequence[int], unseen: Sequence[int], used: set[int]
               ) -> Iterator[tuple[int, int, int]]:
    """(kind, unseen copies, a spare physical tile to score it with) for each wait that can
    still come."""
    for w in kinds:
        n = unseen[w]
        if n <= 0:
            continue
        tile = spare_tile(w, used)
        if tile is not None:
            yield w, n, tile


def race_hazard(riichis: int) -> float:
    """The chance, per own draw, that another seat ends the round first, by the riichi out:
    ``RIICHI_RACE`` for each, the flat ``HAZARD`` with none.

    >>> race_hazard(0) == HAZARD, race_hazard(1), race_hazard(2)
    (True, 0.111, 0.222)
    """
    if riichis <= 0:
        return HAZARD
    return min(0.5, RIICHI_RACE * riichis)


def riichi_denial(riichi_dealer: Iterable[bool], me_dealer: bool) -> float:
    """What a win of this seat denies the riichi out (``riichi_dealer``: whether each is the
    dealer): the tsumo this seat would pay them, on average.

    >>> riichi_denial([False], False), riichi_denial([True], False), riichi_denial([], True)
    (477.0, 1117.0, 0.0)
    """
    total = 0.0
    for dealer in riichi_dealer:
        total += DEALER_RIICHI_DENY if dealer else \
            RIICHI_DENY_ME_DEALER if me_dealer else RIICHI_DENY
    return total


def draw_reached(draws: int, riichis: int) -> float:
    """The chance that the wall runs out, for a hand not in riichi that does not win itself,
    with ``draws`` own draws left and ``riichis`` riichi out (``DRAW_REACHED``, measured).

    >>> draw_reached(8, 0), draw_reached(8, 1), draw_reached(30, 0), draw_reached(0, 2)
    (0.27, 0.24, 0.2, 0.88)
    """
    row = DRAW_REACHED[min(max(riichis, 0), len(DRAW_REACHED) - 1)]
    return row[min(max(draws, 0), len(row) - 1)]


def keiten(s: int, first: float, unseen: int, draws: int, reached: float, p_win: float,
           share: float) -> float:
    """What being tenpai at an exhaustive draw is worth to a hand ``s`` steps from tenpai (K1):
    ``share`` (what tenpai and noten differ by there) times the chance that the wall runs out
    when this hand does not win (``reached``, of the ``1 - p_win`` rounds it does not win) and
    that the hand is ready by then: a ready hand is, even with no draw of its own left (its last
    discard decides whether it stays ready); a 1-shanten one when one of its ``first`` useful
    copies comes in ``draws``. Hands further away are left at nothing: they rarely get there,
    and it spares the chain.

    >>> keiten(0, 6, 40, 3, 0.5, 0.2, 3000.0), keiten(0, 6, 40, 0, 0.9, 0.0, 3000.0)
    (1200.0, 2700.0)
    >>> keiten(1, 8, 40, 0, 0.9, 0.0, 3000.0), keiten(2, 30, 40, 10, 0.5, 0.0, 3000.0)
    (0.0, 0.0)
    """
    if s > 1 or s < 0 or (s == 1 and draws <= 0):
        return 0.0
    ready = 1.0 if s == 0 else 1.0 - (1.0 - min(0.95, first / max(unseen, 10))) ** draws
    return share * reached * max(0.0, 1.0 - p_win) * ready
