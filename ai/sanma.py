"""The hard AI's three-player judgement (P1, issue 15): what a three-player table changes in the
prices the AI weighs, kept apart from the four-player figures so each can be tuned alone.
``ai.player`` asks this module whenever ``Situation.players`` is 3; four-player play never does.

A three-player hand is worth more: 2m-8m are gone, so a dora indicator turns up a dora among
fewer kinds, every North set aside is a dora, and red 5p/5s sit in two suits of nine. The race
is faster too: two opponents who draw as often as three do at four seats.

- Deal-in price (``deal_in_loss``): the four-player estimate (``ai.defence.expected_loss``) times
  ``RIICHI_LOSS_SCALE`` against a riichi or ``LOSS_SCALE`` against another hand, plus
  ``NUKI_LOSS`` for every North the opponent has set aside (a dora of its hand everyone sees),
  less ``PAID_ANYWAY``: the share of that hand the seat pays anyway (a tsumo later) when it
  does not deal in. Measured beside what deal-ins cost, the riichi price was a fifth too high
  (a third for a dealer's): 2.0 -> 1.7 with the tsumo share, on top of ``keiten``, 600
  duplicate games on seeds 3000.. / 7000..: 1.695 / 1.693 -> 1.702 / 1.665 (paired +0.007 +-
  0.027 / -0.028 +- 0.029 rank).
- The race (``hazard``): the chance per own draw that the round ends first grows with each
  opponent's chance of being ready (``READY_HAZARD``), so a slow hand is worth less against a
  riichi and folds sooner; four-player play keeps the flat ``ai.chances.HAZARD``.
- A win denies bigger hands (``WIN_BONUS``), which favours fast hands and calls a little.
- The draw (``keiten``): a hand near tenpai is worth the noten payment it would get (or not
  pay) if the wall runs out. Found by ``benchmarks/sanma_leaks.py``: against two greedy, hard
  was noten at 0.58 draws a game (its greedy twin on the same walls 0.09) and lost 940 points a
  game to noten payments, its largest leak after the riichi tsumo it cannot stop; it folded a
  ready or 1-shanten hand against a riichi where a safe tile kept the hand. 600 duplicate games
  on seeds 3000.. / 7000..: 1.725 / 1.697 -> 1.695 / 1.693 (paired -0.030 / -0.003 rank).
- Calls: a pon of a value honour may leave the hand a step further from tenpai
  (``call_reach``): speed with value.

Measured, not guessed: ``benchmarks/bench_ai.py --players 3`` (hard against two greedy in
duplicate games); the figures and the levers that did not help (dama for big hands or for value
on a poor wait, a looser honitsu, a bigger ura-dora allowance, a general call bias) are in the
commit messages. Also measured and left out (600 duplicate games on seeds 3000.. and 7000..,
against 1.725 / 1.697 with none of them): a yakuhai pon a further step from tenpai when the hand
holds two dora or more (1.725 / 1.697: the limit never binds, the "a call must speed the hand
up" test does), riichi 15% less readily (1.722 / 1.700), a yakuhai pon that keeps the shanten
taken for any gain in value (1.727 / 1.690), dama for a hand with a yaku worth 3 han or more on a
wait of five copies or more (1.753 / 1.732: worse on both, riichi pays at three seats), and riichi
always on such a wait (1.722 / 1.698: it differs only in the last draws). With ``keiten`` and
the measured riichi price (1.702 / 1.665): a dealer's riichi priced 1.3 times a non-dealer's
instead of 1.5 (measured 1.25-1.35), 1.702 / 1.667 (paired +0.000 +- 0.010 / +0.002: no
change); ``READY_HAZARD`` 0.08 (after a greedy riichi the round ends by a win not off the seat
0.145 per own draw), 1.710 / 1.667 (worse); looking past the discard (``ai.pushfold``, with
the three-player prices) for every hard AI at three seats, 1.697 / 1.698 (worse on the sum). Isolated 1m/9m need no rule: ``ai.observe`` counts no unseen 2m-8m, so their ukeire is
that of an honour already.
"""

from __future__ import annotations

from collections.abc import Iterable

from ai import chances
from ai.chances import HAZARD
from ai.defence import Opponent, expected_loss, tenpai_probability
from ai.observe import Situation

#: three-player hands are bigger. Measured in hard-vs-greedy games (seeds 3000..): a deal-in into
#: a riichi cost 10,600 on average and into a silent or open hand 5,000, against the
#: four-player model's 5,200 (dealer 7,800) for a riichi and 2,000-8,000 for an open hand by its
#: shown han; the real Tenhou three-player games' deal-ins average 8,960. Measured again with
#: the price beside each deal-in (300 games of three greedy, seeds 3000..: the price from the
#: view of the seat that dealt in): a non-dealer's riichi cost 9,000 and a dealer's 11,400 where
#: 2.0 priced them 11,600 / 17,300; hard's own deal-ins (benchmarks/sanma_leaks.py) 8,900 /
#: 12,100. So 1.7, the dealer's still a little high
RIICHI_LOSS_SCALE = 1.7
LOSS_SCALE = 1.2
#: each North the opponent has set aside is one more dora of its hand (P1): about a han
NUKI_LOSS = 1500
#: what a seat that does not deal in still pays of the same hand: about a quarter of the riichi
#: hands a seat folds against win by tsumo later (24% in greedy games), each payer paying about
#: a third of the ron
PAID_ANYWAY = 0.1


def deal_in_loss(opp: Opponent, dora: Iterable[int], nuki: int) -> float:
    """Points lost when dealing into ``opp`` at a three-player table, which has set ``nuki``
    Norths aside, beyond what the seat pays of that hand anyway when it does not deal in."""
    scale = RIICHI_LOSS_SCALE if opp.riichi else LOSS_SCALE
    return (expected_loss(opp, dora) * scale + NUKI_LOSS * nuki) * (1.0 - PAID_ANYWAY)


# ---------------------------------------------------------------------------- calls
#: a pon of a value honour may be taken this many steps further from tenpai than the style's
#: limit (the four-player rule adds one step already)
YAKUHAI_REACH = 1


def call_reach(sit: Situation, kind: int) -> int:
    """Extra shanten a pon of ``kind`` may leave at a three-player table."""
    return YAKUHAI_REACH if sit.wind_han(kind) else 0


# ---------------------------------------------------------------------------- the race
#: what ending the round with a win denies the others (``ai.chances.WIN_BONUS`` at four seats)
WIN_BONUS = 2100
#: per own draw, the chance that an opponent who is surely ready wins first (its tsumo, and the
#: other opponent's discards); added to ``HAZARD`` in proportion to each opponent's chance of
#: being ready
READY_HAZARD = 0.10


def hazard(opponents: Iterable[Opponent], turn: int) -> float:
    """The chance, per own draw, that the round ends before this seat wins: the background
    figure plus ``READY_HAZARD`` for each opponent as likely as it is to be ready."""
    ready = sum(tenpai_probability(o, turn) for o in opponents)
    return min(0.5, HAZARD + READY_HAZARD * ready)


# ---------------------------------------------------------------------------- the draw
def keiten(s: int, first: float, unseen: int, draws: int, hazard: float, p_win: float,
           noten_total: float) -> float:
    """What being tenpai at an exhaustive draw is worth to a hand ``s`` steps from tenpai (K1):
    at three seats a tenpai hand gets (or a noten one pays) so that the two differ by exactly
    ``noten_total`` whoever else is ready (in the all-last, what that does to the final score:
    ``Outlook.keiten_worth``); the wall runs out with nobody winning first at
    ``hazard`` per own draw, or per the others' draws after the own last one
    (``ai.chances.keiten`` prices the rest)."""
    reached = (1.0 - hazard) ** max(draws, 1)
    return chances.keiten(s, first, unseen, draws, reached, p_win, noten_total)


# ---------------------------------------------------------------------------- the all-last
#: a typical other seat's win, to price what ending the all-last denies (``ai.placement``:
#: 5,200 at four seats); three-player wins average about 9,500 with sticks and honba (the real
#: Tenhou games 9,480, greedy opponents 9,300, bench_ai --players 3): a mangan before them
TYPICAL_WIN = 8000
