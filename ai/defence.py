"""Defence: who threatens to win, and how likely each tile kind is to deal into them.

Everything here works on what a seat can see: rivers, calls, riichi declarations and the counts of
visible tiles. The danger of a kind against one opponent is an estimated deal-in probability if
that opponent is tenpai, built from the waits the kind could still complete:

- genbutsu (in the opponent's river, or passed by anyone since their riichi: furiten) is safe;
- each two-sided (ryanmen) reading that could wait on the kind adds the most; a reading is gone
  when its suji partner is genbutsu or when a tile of the shape is all visible (kabe, no-chance),
  and it is halved when only one copy is left (one-chance);
- kanchan, penchan, shanpon and tanki readings add a little, shanpon and tanki only while enough
  copies are unseen (an honour with three copies seen is safe but for a tanki that cannot exist);
- dora and the opponent's yakuhai are kept longer, so they are a bit more dangerous;
- the riichi declaration tile, when it came from the hand, tells where the hand was last broken
  (``riichi_tile_factor``): the readings that straddle it (matagi) grow more likely as the round
  goes on, its ura-suji readings are likelier when it was the first tile of its suit thrown, and
  its own suji is no full suji (1-3-5 thrown 5 leaves the 2 kanchan).

The figures follow the published Tenhou deal-in statistics in shape (non-suji 4-6 about 12-13%,
suji terminals about 2-3%, honours with two seen about 2%), not to the decimal; at four seats they
are scaled to how often people's riichi waited on such tiles, measured on the Houou games by
``benchmarks/bench_pushfold.py``: a riichi's number waits shared out among the kinds not yet safe
against it (``NUMBER_WAITS``), its honours by their copies left and how late (``HONOUR_LEFT``);
the number readings of a hand without riichi by the tile's rank and suji (``OPEN_NUMBER`` against
a hand with calls, ``SILENT_NUMBER`` against a silent closed one), measured on the people's ready
hands by ``benchmarks/open_danger.py``, the honours against a hand with calls by their copies
(``OPEN_HONOUR_GUEST``, ``_YAKUHAI``), against a silent one by a flat scale
(``HONOUR_CALIBRATION``).

Against an open hand the calls also tell where it waits (``ai.openreads``: one suit for honitsu,
simples only for tanyao). How likely a hand is tenpai at all (``tenpai_probability``) is read from its calls, the turn and,
as strong players do, from tsumogiri and tedashi (``tenpai_signs``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ai.openreads import call_factor, hidden_han

RYANMEN = 0.052  # one live two-sided reading
RYANMEN_EARLY_SUJI = 0.6  # factor when the opponent discarded a tile 'outside' it early
KANCHAN = 0.012
PENCHAN = 0.010
SHANPON = 0.018  # per kind with two or more copies unseen
TANKI = 0.008
HONOR_SHANPON = 0.022
HONOR_TANKI = 0.012
#: the readings above against what the riichi of the 159 Houou games of ../shared/logs/mjlog
#: waited on (benchmarks/bench_pushfold.py: every tile in hand, not a genbutsu, of a seat facing
#: a riichi; furiten riichi left out): the number tiles' readings came to 0.79 of how often such
#: tiles were a wait (1.27x, the scale of the numbers against every hand until ``NUMBER_WAITS``
#: and ``OPEN_NUMBER`` measured them by class), the honours' to 1.61 (0.62x): scaled to the
#: measure at four seats (three keep the readings: not measured there)
HONOUR_CALIBRATION = 0.62
DORA_FACTOR = 1.25  # the readings of a dora kind (three seats; the mass of every number)
#: a dora kind at four seats: on the Houou spots facing a riichi the dora in hand were its wait
#: 1.244 times as often as the readings with ``DORA_FACTOR`` said (3,920 tiles, 1.228 the
#: numbers, 1.666 the 486 honours; every tile 1.008: benchmarks/bench_pushfold.py): people keep
#: the dora, so a pair or a wait on one is more common than the readings know
DORA_WAIT = 1.55
#: a ron on a dora or a red five is worth more: the tile is a han of the hand it completes. The
#: non-dealers' rons in 309 arena games (benchmarks/bench_arena.py's logs, issue 16) on a dora
#: or red win tile against the others: riichi 7,328 / 5,326 (29 rons), dama 6,444 / 4,424 (18),
#: open 6,876 / 4,114 (38): 1.38-1.67, 1.51 pooled (the Houou rons on one are too few)
DORA_LOSS = 1.5
YAKUHAI_FACTOR = 1.3
#: an honour against a riichi at four seats, measured on the same spots (single riichi, the tile
#: not a dora; a maximum-likelihood fit of the 4,990 honours held, 92 of them a wait): by its
#: unseen copies (1, 2, 3), twice as likely a wait when it is a yakuhai of the riichi seat, half
#: as likely again once that seat has thrown ``HONOUR_LATE_RIVER`` tiles. The readings (a tanki
#: and a shanpon alike with two copies unseen or three, the same early and late) put a live
#: dragon at 0.027 where the late ones were a wait 4.0% of the time, and a guest wind at 0.021
#: (0.4%; issue 16: most of hard's arena deal-ins into a riichi from a hand short of tenpai were
#: dragons thrown late)
HONOUR_LEFT = (0.0, 0.0035, 0.0105, 0.014)
HONOUR_YAKUHAI = 2.0
HONOUR_LATE = 1.5
HONOUR_LATE_RIVER = 10
#: an honour against a hand with calls (no riichi) at four seats, if it is ready, by its unseen
#: copies (0-3), a guest wind and a yakuhai of that seat apart: the readings scaled to how often
#: such honours were a wait of the Houou people's open hands (benchmarks/open_danger.py, 159
#: games, every kind held by a seat with no riichi out, against each opponent with calls: 6,752
#: guest honours and 15,918 yakuhai held). The readings, a tanki and a shanpon scaled as against
#: a riichi (``HONOUR_CALIBRATION``), priced them at 0.38% and 0.49% where they were a wait
#: 0.68% and 1.69% of the time; with three copies unseen (a pair held by the open hand: a
#: shanpon) 0.45% and 0.54% against 1.66% and 2.78%, with one 0.22% and 0.28% against 0.06% and
#: 0.33% (issue 16: tenhou-python-bot's open hands in the arena the same, honours 0.5% priced,
#: 1.5% a wait)
OPEN_HONOUR_GUEST = (0.0, 0.002, 0.022, 0.078)
OPEN_HONOUR_YAKUHAI = (0.0, 0.0115, 0.071, 0.14)
#: a number tile against a riichi at four seats, measured on the same spots (single riichi, the
#: 81,166 number tiles held, 8,229 of them a wait): the readings of every number kind not yet
#: safe against it share ``NUMBER_WAITS`` waits, each kind weighted by its copies unseen
#: (``NUMBER_LEFT``, a maximum-likelihood fit: a riichi that can hold no copy of a kind, all in
#: view, is twice as likely waiting on it as its readings say, as soon as it declares: a hand
#: waiting on a tile seldom holds one, most hands hold some of a kind). The flat scale it
#: replaces (1.27x the readings) put a riichi's waits as
#: likely early as late, where the real ones ran from 0.4x the readings (the riichi seat's 3rd
#: discard) to 2x (its 18th): as kinds turn safe the waits are among fewer of them.
#: Log-likelihood over the flat scale: +582 (benchmarks/bench_pushfold.py prints model and
#: real by how late the riichi is). ``NUMBER_MAX`` bounds a share when few kinds are left.
NUMBER_WAITS = 1.74
NUMBER_LEFT = (2.5, 1.4, 1.0, 1.0)
NUMBER_MAX = 0.6
#: a number tile against a hand with no riichi at four seats: its readings scaled by its rank
#: (1/9, 2/8, 3/7, 4-6) and, against a hand with calls, whether it is suji (every ryanmen
#: reading through it cut by a tile safe against that hand): (not suji, suji), to how often such
#: tiles were a wait of the Houou people's ready hands (benchmarks/open_danger.py, 159 games,
#: every number kind held by a seat with no riichi out, against each opponent: 243,142 tiles
#: against hands with calls, 6,704 of them a wait of a ready hand not furiten; 1,336,474 against
#: silent closed hands, 1,551). The flat 1.27x of the readings they replace (measured against
#: riichi hands) priced a middle tile against a hand with calls at 3.96% where it was a wait
#: 3.28% of the time, a middle suji at 1.78% (0.90%), a terminal at 1.57% (1.33%), and every
#: number against a silent hand but the 3/7 1.4-2x too high. A ready hand is counted at every
#: discard it sees, so a class is as sure as the distinct hands in it: only what held in both
#: the first 60 games and the other 99 (``open_danger.py --split 60``) is kept apart (the
#: middle suji were a wait 0.18% and 1.35% of the time, both under the old 1.78%); the suji 3/7
#: of a hand with calls, 1.50% and 3.48% against 1.91%, the silent hands' suji 2/8, 0.74% and
#: 0.12% against 0.11%, are priced with their rank
OPEN_NUMBER = ((1.08, 1.08), (1.25, 1.29), (1.33, 1.33), (1.05, 0.64))
SILENT_NUMBER = (0.58, 0.82, 1.16, 0.88)
#: a number tile against a riichi: its readings scaled by its rank when it is suji (inside the
#: share-out of ``NUMBER_WAITS``, numerator and ``number_mass`` alike). The suji terminals,
#: priced 3.31%, were a wait of the Houou people's riichi 1.52% of the time, the middle suji
#: 5.47% / 2.71% (``open_danger.py``'s riichi rows, 159 games: 2.35 / 0.98% and 1.05 / 3.74% in
#: the halves of ``--split 60``, both under the price); the suji 2/8 and 3/7 were right on the
#: whole and mixed in the halves, so they keep their readings
RIICHI_SUJI = (0.46, 1.0, 1.0, 0.50)
#: the kinds three away in its suit of each number kind (0-26): its suji partners, whose discard
#: cuts every two-sided wait through it (one for 1-3 and 7-9, two for 4-6)
SUJI_PARTNERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k + d for d in (-3, 3) if 0 <= k % 9 + d <= 8) for k in range(27))


@dataclass(slots=True)
class Opponent:
    """What one seat knows of another: its river (kinds, in order, with whether each was the tile
    just drawn), which kinds are safe against it (its own discards plus everything passed since
    its riichi), its calls and riichi."""

    seat: int
    river: list[int] = field(default_factory=list)
    tsumogiri: list[bool] = field(default_factory=list)  # per river tile; empty when unknown
    safe: set[int] = field(default_factory=set)
    riichi: bool = False
    riichi_turn: int = -1  # index in the river of the riichi tile
    meld_kinds: list[tuple[int, ...]] = field(default_factory=list)  # kinds of each call
    shown_red: int = 0  # red fives in its calls: dora shown (D2)
    open_melds: int = 0
    yakuhai: frozenset[int] = frozenset()  # dragons and its seat/round wind
    is_dealer: bool = False
    #: ``number_mass``'s last figure and what it was computed for (one decision asks it often)
    _mass: tuple[tuple[object, ...], float] | None = field(default=None, repr=False,
                                                          compare=False)


def tile_danger(
    kind: int,
    opp: Opponent,
    unseen: Sequence[int],
    dora: Iterable[int] = (),
    calibrated: bool = True,
) -> float:
    """Deal-in probability of ``kind`` against ``opp`` if ``opp`` is tenpai (``calibrated``:
    scaled to the four-player measures, ``NUMBER_WAITS``, ``OPEN_NUMBER``...; three seats keep
    the readings).

    ``unseen[k]`` is 4 minus the copies of ``k`` this seat can see (own hand included).

    >>> o = Opponent(seat=1, river=[3], safe={3})
    >>> unseen = [4] * 34
    >>> tile_danger(3, o, unseen)
    0.0
    >>> tile_danger(0, o, unseen) < tile_danger(4, o, unseen)  # 1m is suji of 4m, 5m is not
    True

    Against a riichi declared with a number tile from the hand, the readings through that tile
    are weighted by ``riichi_tile_factor``.
    """
    if kind in opp.safe:
        return 0.0
    dora = set(dora)
    if kind >= 27:
        left = unseen[kind]
        if calibrated and opp.riichi:
            d = HONOUR_LEFT[min(left, 3)]
            if kind in opp.yakuhai:
                d *= HONOUR_YAKUHAI
            if len(opp.river) >= HONOUR_LATE_RIVER:
                d *= HONOUR_LATE
            return d * DORA_WAIT if kind in dora else d
        if calibrated and opp.open_melds:
            table = OPEN_HONOUR_YAKUHAI if kind in opp.yakuhai else OPEN_HONOUR_GUEST
            d = table[min(left, 3)]
            return d * DORA_WAIT if kind in dora else d
        d = 0.0
        if left >= 1:
            d += HONOR_TANKI
        if left >= 2:
            d += HONOR_SHANPON
        if kind in opp.yakuhai:
            d *= YAKUHAI_FACTOR
        if kind in dora:
            d *= DORA_FACTOR
        return d * HONOUR_CALIBRATION if calibrated else d
    n = kind % 9  # 0-8
    base = kind - n
    d = 0.0
    early = set(opp.river[: max(0, opp.riichi_turn)] if opp.riichi else opp.river[:6])

    def live(*offsets: int) -> float:
        """1 when every tile at ``n + offset`` has a copy unseen, 0.5 at one-chance, 0 if none."""
        f = 1.0
        for o in offsets:
            m = n + o
            if not 0 <= m <= 8:
                return 0.0
            u = unseen[base + m]
            if u == 0:
                return 0.0
            if u == 1:
                f *= 0.5
        return f

    decl = declaration_tile(opp)
    r = decl % 9 if decl is not None and decl - decl % 9 == base else None
    first = r is not None and not any(base <= k < base + 9 for k in opp.river[: opp.riichi_turn])
    # ryanmen, left: shape (n-2, n-1) waits on n-3 and n; needs n-3 >= 0 (else penchan 12).
    if n >= 3:
        f = live(-2, -1)
        if f and (base + n - 3) not in opp.safe:
            if base + n - 3 in early:
                f *= RYANMEN_EARLY_SUJI
            if r is not None:
                f *= riichi_tile_factor("ryanmen", n - 2, r, opp.riichi_turn, first)
            d += RYANMEN * f
    # ryanmen, right: shape (n+1, n+2) waits on n and n+3.
    if n <= 5:
        f = live(1, 2)
        if f and (base + n + 3) not in opp.safe:
            if base + n + 3 in early:
                f *= RYANMEN_EARLY_SUJI
            if r is not None:
                f *= riichi_tile_factor("ryanmen", n + 1, r, opp.riichi_turn, first)
            d += RYANMEN * f
    # penchan: 12 waits on 3, 89 waits on 7.
    if n == 2:
        d += PENCHAN * live(-2, -1)
    if n == 6:
        d += PENCHAN * live(1, 2)
    # kanchan (n-1, n+1)
    if 1 <= n <= 7:
        f = live(-1, 1)
        if f and r is not None:
            f *= riichi_tile_factor("kanchan", n - 1, r, opp.riichi_turn, first)
        d += KANCHAN * f
    left = unseen[kind]
    if left >= 2:
        d += SHANPON * (1.3 if n in (0, 8) else 1.0)
    if left >= 1:
        d += TANKI
    if kind in dora:
        d *= DORA_WAIT if calibrated else DORA_FACTOR
    if not calibrated or d <= 0.0:
        return d
    if opp.riichi:
        mass = number_mass(opp, unseen, dora)
        d *= riichi_suji(kind, opp)
        return min(NUMBER_MAX, NUMBER_WAITS * d * NUMBER_LEFT[min(left, 3)] / mass)
    rank = min(n, 8 - n, 3)  # 1/9, 2/8, 3/7 and 4-6 as 0-3
    if not opp.open_melds:
        return d * SILENT_NUMBER[rank]
    return d * OPEN_NUMBER[rank][all(k in opp.safe for k in SUJI_PARTNERS[kind])]


def riichi_suji(kind: int, opp: Opponent) -> float:
    """``RIICHI_SUJI``'s factor of a number ``kind`` against the riichi ``opp``: its rank's when
    every suji partner of it is safe against ``opp``, else 1."""
    if all(k in opp.safe for k in SUJI_PARTNERS[kind]):
        n = kind % 9
        return RIICHI_SUJI[min(n, 8 - n, 3)]
    return 1.0


def number_mass(opp: Opponent, unseen: Sequence[int], dora: Iterable[int]) -> float:
    """The readings of every number kind not safe against ``opp``, each weighted by its copies
    unseen (``NUMBER_LEFT``): what a riichi's ``NUMBER_WAITS`` waits are shared by."""
    dora = frozenset(dora)
    key = (tuple(unseen), dora, len(opp.safe), len(opp.river), opp.riichi_turn)
    if opp._mass is not None and opp._mass[0] == key:
        return opp._mass[1]
    mass = sum(tile_danger(k, opp, unseen, dora, calibrated=False) * NUMBER_LEFT[min(unseen[k], 3)]
               * riichi_suji(k, opp) for k in range(27) if k not in opp.safe)
    opp._mass = (key, mass)
    return mass


#: readings through the riichi declaration tile (``riichi_tile_factor``)
MATAGI_EARLY = 0.8  # a matagi reading when the riichi came by the 6th discard
MATAGI_LATE = 1.4  # ... by the 14th discard or later; linear in between
URASUJI = 1.5  # an ura-suji reading when the declaration tile was the first of its suit thrown
DECLARATION_SUJI_KANCHAN = 2.5  # the kanchan left by 1-3-5 thrown 5 (waits on the suji 2)


def declaration_tile(opp: Opponent) -> int | None:
    """The kind of ``opp``'s riichi declaration tile when it is a number tile thrown from the hand
    (tedashi); ``None`` otherwise: a tsumogiri riichi, an honour or an unknown river say nothing
    about the hand's shape."""
    i = opp.riichi_turn
    if not opp.riichi or not 0 <= i < len(opp.river) or len(opp.tsumogiri) != len(opp.river):
        return None
    if opp.tsumogiri[i] or opp.river[i] >= 27:
        return None
    return opp.river[i]


def riichi_tile_factor(shape: str, low: int, r: int, riichi_turn: int, first: bool) -> float:
    """Weight of one reading against a riichi declared with the number ``r`` (0-8) of the same
    suit from the hand; ``shape`` is ``"ryanmen"`` (tiles ``low``, ``low``+1) or ``"kanchan"``
    (``low``, ``low``+2); ``first`` = no earlier tile of that suit in the river.

    - matagi: a ryanmen holding the declaration tile (4-5 from 4-5-5, thrown 5: waits 3-6).
      nisi's Tenhou analysis ("序盤リーチのソバテン危険度", note.com/mahjong_math) finds, after a
      riichi on a 4, the same suit's non-suji 3 safer than another suit's suji 3 at the 5th turn
      (a hand ready that early seldom holds 4-5-5) and ever more dangerous later, so the factor
      runs from ``MATAGI_EARLY`` to ``MATAGI_LATE``;
    - ura-suji: a ryanmen one gap away (2-3 from 2-3-5, thrown 5: waits 1-4). Path of Houou's
      analysis of Houou riichi ("The Last Two Discards Of A Suit") finds 1-4 and 6-9 waits almost
      twice as often after a riichi on a 5 that was the first tile of its suit; ``URASUJI`` only
      then;
    - the declaration tile's suji: 1-3-5 thrown 5 leaves the 2 kanchan; the published Tenhou
      figures (mj-news "現代麻雀技術論" reviews) put the declaration tile's suji 2/8 and 3/7 near
      non-suji danger, so the kanchan reading is weighted ``DECLARATION_SUJI_KANCHAN``, which
      brings the suji 2 of a 5 to about two thirds of a non-suji 2.

    The figures themselves are not published in the free parts, so the factors stay modest.

    >>> late, early = (riichi_tile_factor("ryanmen", 3, 4, t, False) for t in (12, 5))
    >>> late > 1 > early  # 4-5 (matagi of a 5) after a riichi at the 12th / 5th discard
    True
    >>> riichi_tile_factor("ryanmen", 6, 4, 9, True), riichi_tile_factor("ryanmen", 6, 4, 9, False)
    (1.5, 1.0)
    """
    if shape == "kanchan":
        return DECLARATION_SUJI_KANCHAN if r in (low - 2, low + 4) else 1.0
    if low in (r - 1, r):
        t = min(1.0, max(0.0, (riichi_turn - 6) / 8))
        return MATAGI_EARLY + (MATAGI_LATE - MATAGI_EARLY) * t
    if first and low in (r + 2, r - 3):
        return URASUJI
    return 1.0


#: the coarse model of the ``normal`` level: three classes of tile instead of reading waits
COARSE_SAFE_HONOR = 0.012  # an honour with two or more copies visible
COARSE_HONOR = 0.03
COARSE_SUJI = 0.035  # every ryanmen reading through the tile is cut by a genbutsu suji
COARSE_TERMINAL = 0.07
COARSE_MIDDLE = 0.10


def coarse_danger(kind: int, opp: Opponent, unseen: Sequence[int]) -> float:
    """Deal-in probability of ``kind`` against ``opp`` by the rule of thumb a casual player
    uses: genbutsu is safe, an honour is safer the more copies are visible, suji is half-safe,
    any other number tile is dangerous (middle tiles most). No kabe, no one-chance, no dora.

    >>> o = Opponent(seat=1, river=[3], safe={3})
    >>> coarse_danger(3, o, [4] * 34), coarse_danger(0, o, [4] * 34) < coarse_danger(4, o, [4] * 34)
    (0.0, True)
    """
    if kind in opp.safe:
        return 0.0
    if kind >= 27:
        return COARSE_SAFE_HONOR if unseen[kind] <= 2 else COARSE_HONOR
    if all(k in opp.safe for k in SUJI_PARTNERS[kind]):
        return COARSE_SUJI
    return COARSE_TERMINAL if kind % 9 in (0, 8) else COARSE_MIDDLE


def shows_yaku(opp: Opponent) -> bool:
    """Whether the open calls fit a yaku: a yakuhai triplet, all simples (tanyao), one suit with
    honours (honitsu) or triplets only (toitoi). Calls that fit none can still hide a yakuhai
    pair or chanta, but such hands are far less often ready to win."""
    melds = opp.meld_kinds
    if not melds:
        return True
    if any(kinds[0] == kinds[-1] and kinds[0] in opp.yakuhai for kinds in melds):
        return True
    flat = [k for kinds in melds for k in kinds]
    if all(k < 27 and 0 < k % 9 < 8 for k in flat):
        return True
    suits = {k // 9 for k in flat if k < 27}
    if len(suits) <= 1:
        return True
    return all(kinds[0] == kinds[-1] for kinds in melds)


#: tenpai signs (``tenpai_signs``): odds factors on ``tenpai_probability``
TSUMOGIRI_RUN = 3  # this many tsumogiri in a row, the last discards, make a run
RUN_SLOPE = 0.12  # the run's odds factor is 1 + RUN_SLOPE * (turn - 6) ...
RUN_MAX = 2.2  # ... up to this
TEDASHI_AFTER_RUN = 1.3  # a middle tile from the hand right after two or more tsumogiri
SIGN_TURN = 9  # ... from this turn on
SILENT_MAX = 0.92  # no silent hand is surely tenpai


def tsumogiri_run(opp: Opponent) -> int:
    """How many of ``opp``'s last discards in a row were the tile just drawn (0 if unknown). A
    discard right after a call is never one, so for an open hand this counts since its calls."""
    if len(opp.tsumogiri) != len(opp.river):
        return 0
    n = 0
    for t in reversed(opp.tsumogiri):
        if not t:
            break
        n += 1
    return n


def tenpai_signs(opp: Opponent, turn: int) -> float:
    """Odds factor on a silent hand's tenpai probability from its tsumogiri and tedashi.

    - A run of ``TSUMOGIRI_RUN`` or more tsumogiri: the hand no longer changes, which a ready hand
      does. In Houou logs (chienshyong/houou-statistics, OpenTenpai: tenpai rate after three
      tsumogiri in a row against all hands, no riichi on the table) the odds ratio is about 1.3
      at turn 8, 1.4-1.9 at turn 10, 1.8-2.1 at 12 and 2.3-2.7 at 14 for closed hands and hands
      with one or two calls, and about 1 with three calls (they are mostly ready anyway). The
      factor ``1 + RUN_SLOPE * (turn - 6)``, at most ``RUN_MAX``, stays at or under those figures.
    - A middle tile (3-7) from the hand right after two or more tsumogiri, from turn
      ``SIGN_TURN``: the hand was waiting for one useful draw and took it. Strong players read
      this; the data above shows tedashi in general does not raise the tenpai rate, so this
      factor (``TEDASHI_AFTER_RUN``) is kept small and below the run's.

    >>> quiet = Opponent(seat=1, river=[27, 28, 5, 6, 7, 8, 9, 10, 11, 12],
    ...                  tsumogiri=[False] * 7 + [True] * 3)
    >>> tenpai_signs(quiet, 10) > 1.0 == tenpai_signs(quiet, 6)
    True
    """
    if opp.riichi or opp.open_melds >= 3 or len(opp.tsumogiri) != len(opp.river):
        return 1.0
    run = tsumogiri_run(opp)
    if run >= TSUMOGIRI_RUN:
        return min(RUN_MAX, max(1.0, 1.0 + RUN_SLOPE * (turn - 6)))
    # closed hands only: an open hand's discard right after a call is tedashi too, and the river
    # does not say which discard followed a call
    if run == 0 and turn >= SIGN_TURN and opp.open_melds == 0 and len(opp.river) >= 3:
        last = opp.river[-1]
        if last < 27 and 2 <= last % 9 <= 6 and all(opp.tsumogiri[-3:-1]):
            return TEDASHI_AFTER_RUN
    return 1.0


def tenpai_probability(opp: Opponent, turn: int) -> float:
    """How likely ``opp`` is tenpai (and able to win): 1 after riichi; for an open hand it grows
    with its calls and the turn, less when its calls show no yaku; a closed silent hand is rarely
    tenpai early. The tsumogiri and tedashi signs (``tenpai_signs``) scale the odds.

    The curves follow Houou-room logs (chienshyong/houou-statistics, OpenTenpai "other"): a
    closed hand that has not declared riichi is tenpai about 8% of the time at its 10th
    discard, 16% at its 14th (0.0195 per discard from the 6th); with one call 5% at the 4th
    discard, 36% at the 10th, 50% at the 14th; with two calls 59% at the 10th; with three 86%."""
    if opp.riichi:
        return 1.0
    t = max(0, turn)
    if opp.open_melds >= 3:
        p = min(0.9, 0.55 + 0.03 * t)
    elif opp.open_melds == 2:
        p = min(0.75, 0.25 + 0.035 * t)
    elif opp.open_melds == 1:
        p = min(0.55, max(0.02, 0.05 * (t - 3)))
    else:
        p = min(0.3, max(0.0, 0.0195 * (t - 6)))
    if opp.open_melds and not shows_yaku(opp):
        p *= 0.35
    f = tenpai_signs(opp, t)
    if f != 1.0 and 0.0 < p < 1.0:
        odds = p / (1.0 - p) * f
        p = min(SILENT_MAX, odds / (1.0 + odds))
    return p


#: a non-dealer's ron into an open hand, by the han its calls show (1 + dora and red fives in
#: the calls + yakuhai triplets + a one-suit hand's honitsu: 1, 2, 3, 4+): the average of the
#: Houou open rons of ``../shared/logs/agari_vectors.jsonl`` in each class (87, 166, 39, 23
#: rons: 3,314, 3,105, 5,300, 8,191; hidden dora, red fives and yaku make a bare call worth
#: 3,300, not the 1,000-2,000 its shown han says). The 29 with a red five in a call averaged
#: 4,959, the others 3,689: without the red fives the classes were 3,303 / 3,269 / 4,925 / 8,386
OPEN_LOSS = (3300, 3300, 5300, 8200)
#: a non-dealer's ron into a closed hand without riichi: the 79 Houou dama rons average 4,448
#: (a hand is left silent when it has the value already)
DAMA_LOSS = 4450


def expected_loss(opp: Opponent, dora: Iterable[int]) -> int:
    """Points lost when dealing into ``opp``: riichi about 5200 (dealer 7700) before dora; an open
    hand as the Houou open rons showing as many han (``OPEN_LOSS``: dora, red fives or yakuhai
    triplets in its calls, a one-suit hand's honitsu, ``ai.openreads``); a silent closed hand as
    the Houou dama rons (``DAMA_LOSS``). A dealer's loss is half as much again. A ron on a dora
    or a red five costs ``DORA_LOSS`` times as much (``threat_cost``).

    Measured and left out (issue 16): a riichi priced as the Houou rons of
    ``../shared/logs/agari_vectors.jsonl`` average (215 non-dealer riichi rons 6,372 points, 74
    dealer ones 7,688), three-player and ``normal`` prices kept: hard vs 3 RulebaseBot 1.750 ->
    1.730 (deal-in 5.6 -> 5.2%, the same points), vs 3 greedy 1.870 -> 1.880, four hard win
    20.5 -> 19.9%, deal-in 12.9 -> 12.6%: more folding bought no points, and the win rate fell
    under issue 16's floor. And a dealer's riichi at those rons' 1.21 of another's (a dealer
    declares cheaper hands; the open and silent dealers' rons are 1.49 and 1.71 of the others'),
    at four seats, the rest kept (session 39): bench_pushfold's 1-shanten pushes into a dealer's
    riichi 17.2 -> 21.1% closed (people 23.1%), 9.5 -> 11.7% open (17.8%), but the ready
    hands' 55.4 -> 58.3% (52.5%) and the 2-shanten's 8.0 -> 10.0% (8.2%); a cheap ready hand
    with one dora threw a middle tile into an early dealer's riichi; against tenhou-python-bot
    on 9800-9826 2.444 -> 2.435 (105 of 108 games the same); hard vs 3 RulebaseBot 1.670 ->
    1.660. And both, with hard's defence weight 1.3 -> 1.0, so that every threat costs its
    measured points (sessions 39-40): four hard's draws 20.8 -> 18.1% of rounds, win 19.8 ->
    20.5% (288 games from 6000); against tenhou-python-bot on 9800-9826 2.444 -> 2.444 (+0.000
    +- 0.121; 8 better, 11 worse), on 9700-9712 (the first 46 games) 2.370 -> 2.587 (+0.217 +-
    0.210; 3 better, 11 worse): stopped there."""
    dora = set(dora)
    shown_dora = sum(1 for kinds in opp.meld_kinds for k in kinds if k in dora) + opp.shown_red
    shown_yakuhai = sum(
        1 for kinds in opp.meld_kinds if kinds[0] in opp.yakuhai and kinds[0] == kinds[-1]
    )
    if opp.riichi:
        base = 5200 + 1000 * shown_dora
    elif opp.open_melds:
        han = 1 + shown_dora + shown_yakuhai + hidden_han(opp.meld_kinds)  # + honitsu
        base = OPEN_LOSS[min(han, len(OPEN_LOSS)) - 1]
    else:
        base = DAMA_LOSS + 1000 * shown_dora  # a dora in a closed kan
    if opp.is_dealer:
        base = base * 3 // 2
    return base


def threat_cost(
    kind: int,
    opponents: Sequence[Opponent],
    unseen: Sequence[int],
    dora: Iterable[int],
    turn: int,
    calibrated: bool = True,
    red: bool = False,
) -> float:
    """Expected points lost by discarding ``kind`` now, summed over the opponents
    (``calibrated``: see ``tile_danger``; at four seats a ron on a dora, or on a red five:
    ``red``, costs ``DORA_LOSS`` times as much)."""
    dora = tuple(dora)
    dealt = DORA_LOSS if calibrated and (red or kind in dora) else 1.0
    total = 0.0
    for opp in opponents:
        p = tenpai_probability(opp, turn)
        if p <= 0.0:
            continue
        d = tile_danger(kind, opp, unseen, dora, calibrated)
        if opp.open_melds and not opp.riichi:
            d *= call_factor(kind, opp.meld_kinds)  # what its calls say (ai.openreads)
        total += p * d * expected_loss(opp, dora) * dealt
    return total
