"""Riichi or dama (issue 16): what a riichi adds to this very hand, and how much more often a
silent hand wins, both measured on the Houou wins of ``../shared/logs/agari_vectors.jsonl``
(1,399 wins of 159 games; yakuman left out).

- A riichi win gains the riichi han itself (scored exactly by the engine), then ura dora and
  ippatsu: of 593 riichi wins, 56.2% had none of them, 32.4% one han, 8.6% two and 2.9% three or
  more (``EXTRA_HAN``). What a han more is worth depends on the hand: it doubles a 1,000-point
  hand and does nothing to a haneman of 6 han; ``with_extras`` scores each step
  (``engine.scoring.points``), so a mangan+ hand gains little and a cheap one a lot.
- 304 of the 593 riichi wins were tsumo (``RIICHI_TSUMO_SHARE``); of 136 closed silent wins
  with a yaku, 40 were (``DAMA_TSUMO_SHARE``; a yakuless dama wins by tsumo only and is priced
  so apart). Own draws come as often to either, so the rons per tsumo tell how much more often
  a silent wait is hit: riichi wins ``1 + 289/304`` times its tsumo, dama ``1 + 96/40``, a ratio
  of 1.74 (``DAMA_HITS``): the others fold against a riichi and read its wait, not a silent
  one's. (Small samples: 40 tsumo; the ratio's rough 95% range is 1.4-2.2.) The flat figure
  before was 1.25.

Measured and left out: a closed hand valued before tenpai with the measured ura, ippatsu and
menzen tsumo han (0.58 + 0.51 = 1.09 han beyond its riichi, instead of ``ai.player``'s flat
0.4) called far less: four hard AIs' calls 32.7 -> 23.8% of rounds (issue 16's band 28-35%),
riichi 19.6 -> 23.9% (band 17-22%), bench_calls' closed tanyao chi 25.7 -> 20.3% (people
11.2%). The call bias was tuned against the 0.4; the chi that opens a closed hand is checked
by ``Style.closed_chi`` instead. Tried again as ``Style.closed_han`` 1.09 against three
tenhou-python-bot (the call bias still 0.8): 2.643 -> 2.595 over 42 arena games paired with
main's on seeds 9700-9710 (10 better, 10 worse), hero deal-ins per 100 rounds 10.2 -> 10.2,
bench_calls' calm closed yakuhai pons 70.8 -> 53.9% (people 72.9%): within the noise and further
from people, so the knob stays at 0.4 (halving the call bias did no better: ``ai.style``).
"""

from __future__ import annotations

from engine.rules import RuleSet
from engine.scoring.points import base_points, pay, total_of
from engine.scoring.result import HandResult

#: (extra han from ura dora and ippatsu, share of riichi wins), measured as above
EXTRA_HAN = ((0, 0.562), (1, 0.324), (2, 0.086), (3, 0.028))
RIICHI_TSUMO_SHARE = 304 / 593
DAMA_TSUMO_SHARE = 40 / 136
#: of the 656 wins of an open hand in the 159 Houou games of ../shared/logs/mjlog, 240 were tsumo
OPEN_TSUMO_SHARE = 240 / 656
DAMA_HITS = (1 + 96 / 40) / (1 + 289 / 304)
#: the unit of the riichi bias (``Style.riichi_bias``, the placement mood): the worth of a
#: typical riichi, about 0.45 x (5,200 + the win bonus 1,500) - 0.55 x the 1,000 stick. The
#: bias stands for what riichi does beyond the hand (the others fold, the round slows), so it
#: moves every riichi by the same points, not by a share of the hand's worth
RIICHI_TYPICAL = 2500.0


def with_extras(res: HandResult, rules: RuleSet) -> float:
    """What a riichi win scored as ``res`` (the riichi han counted) is worth on average once its
    ura dora and ippatsu are added (before honba and sticks); a yakuman stays as it is."""
    if res.yakuman:
        return float(res.total)
    return extras_value(res.han, res.fu, res.tsumo, res.dealer, rules)


def win_worth(res: HandResult, rules: RuleSet, riichi: bool) -> float:
    """What a win scored as ``res`` is worth: with a riichi's ura dora and ippatsu
    (``with_extras``), or as scored for a silent hand."""
    return with_extras(res, rules) if riichi else float(res.total)


def extras_value(han: int, fu: int, tsumo: bool, dealer: bool, rules: RuleSet) -> float:
    """The average worth of a riichi win of ``han`` and ``fu`` with ``EXTRA_HAN`` added, han step
    by han step: a han more doubles a cheap hand and does little to a mangan or more.

    >>> from engine.rules import TENHOU
    >>> round(extras_value(1, 40, False, False, TENHOU))  # 1,300 ron: 2,600, 5,200, 8,000
    2244
    >>> round(extras_value(6, 30, False, False, TENHOU))  # a haneman gains only from 8 han
    12456
    """
    players = rules.players
    total = 0.0
    for extra, share in EXTRA_HAN:
        base, _ = base_points(han + extra, fu, rules)
        ron, t_dealer, t_other = pay(base, dealer, players, rules.tsumo_loss)
        total += share * total_of(ron, t_dealer, t_other, tsumo, dealer, players)
    return total
