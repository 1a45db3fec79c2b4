"""Practice advice: what a call (or skipping it) does to the player's hand, and what each discard
leaves. Built from a ``PlayerView`` only, like every decision; the UI shows it beside the calls
and, with hints on, over the tiles of the hand.

* :func:`explain_call` — for one offered chi, pon or kan (or ``Pass``): shanten before and after
  (after the best discard the call allows), the ukeire then (unseen copies: the seat's own tiles,
  rivers, melds and dora indicators are counted as gone), the yaku the hand can still reach, and
  a ``no_yaku`` warning when an open hand has no route to one.
* :func:`discard_hints` — for each kind in the hand on the seat's own turn: shanten and ukeire
  after discarding it, the best ones marked, and whether the tenpai it leaves is furiten (F1).
* :func:`furiten_waits` — which of the seat's current waits lie in its own river (F1).
* :func:`ai_pick` — the kind the strong (``hard``) AI would discard in the seat's place: unlike
  the speed-only hints it weighs hand value and danger (it folds against a riichi).

Shanten and ukeire come from :mod:`engine.hand.waits` (exact). A yaku *route* is the hand's shanten
when only the tiles that serve that yaku are kept (tanyao keeps simples, honitsu one suit and the
honours...): a route no slower than the hand is "kept"; one step slower is shown with its detour;
further than that, or impossible after the call (a terminal chi and tanyao), it is gone. The
ittsu, sanshoku (doujun) and chanta / junchan routes are the AI's own
(:func:`ai.value.extra_routes`), named and priced as the scoring engine names and prices them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ai import make_agent
from ai.base import nuki_count
from ai.chances import live_waits
from ai.efficiency import regular_shanten
from ai.placement import Outlook, is_all_last
from ai.value import JUNCHAN_KEEP, extra_routes
from engine.actions import Action, Chi, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo
from engine.errors import RulesError
from engine.hand import shanten as engine_shanten
from engine.hand import ukeire, ukeire_table, waits
from engine.meld import Meld, MeldKind
from engine.rules import RuleSet
from engine.scoring import HandResult, WinSituation, score_hand
from engine.scoring.yaku import YAKU
from engine.standings import ranking
from engine.tiles import DRAGONS, WINDS, dora_of, is_red
from engine.view import PlayerView

__all__ = [
    "CallAdvice",
    "DiscardHint",
    "RiichiAdvice",
    "WinAdvice",
    "YakuRoute",
    "MAX_DETOUR",
    "PICK_LEVEL",
    "PICK_SEED",
    "ai_pick",
    "discard_hints",
    "explain_call",
    "furiten_waits",
    "explain_riichi",
    "explain_win",
    "visible_counts",
    "yaku_routes",
]

#: The AI whose discard :func:`ai_pick` shows, and its fixed seed: the same position always
#: shows the same pick.
PICK_LEVEL = "hard"
PICK_SEED = 0

#: A yaku route at most this many steps slower than the hand still counts as kept.
MAX_DETOUR = 1

_SIMPLES = frozenset(k for k in range(27) if k % 9 not in (0, 8))
_HONORS = frozenset(range(27, 34))
_WIND_NAMES = ("east", "south", "west", "north")
_DRAGON_NAMES = {31: "haku", 32: "hatsu", 33: "chun"}
#: the scoring engine's (closed, open) han of the routes :func:`ai.value.extra_routes` finds
_HAN = {y.name: (y.closed_han, y.open_han) for y in YAKU
        if y.name in ("ittsu", "sanshoku doujun", "chanta", "junchan")}


@dataclass(frozen=True, slots=True)
class YakuRoute:
    """A yaku the hand can still have. ``name`` is the scoring engine's id (``"tanyao"``,
    ``"yakuhai: chun"``, ``"honitsu"``...), ``han`` what it brings as the hand stands (open or
    closed), ``shanten`` the hand's shanten along the route, ``secured`` whether the hand already
    holds it (a yakuhai triplet), ``detour`` how many steps slower than the hand it is."""

    name: str
    han: int
    shanten: int
    secured: bool
    detour: int


@dataclass(frozen=True, slots=True)
class CallAdvice:
    """What ``action`` does to the hand. ``shanten_after``/``ukeire`` are for the hand after the
    best discard the call allows (``discards``: those discard kinds); for a kan, for the hand
    waiting on its replacement draw; for ``Pass``, for the hand as it is. ``yaku``: routes kept
    (fastest first); ``no_yaku``: the hand would be open with no route to a yaku within
    :data:`MAX_DETOUR` — it could not win. ``dora``: dora and red fives kept in hand and melds."""

    action: Action
    shanten_before: int
    shanten_after: int
    ukeire: int
    ukeire_kinds: tuple[int, ...]
    discards: tuple[int, ...]
    yaku: tuple[YakuRoute, ...]
    no_yaku: bool
    closed: bool
    dora: int


@dataclass(frozen=True, slots=True)
class DiscardHint:
    """The hand after discarding one kind: its shanten, the unseen copies that lower it (and their
    kinds), ``best`` among the discards (lowest shanten, then most ukeire), ``furiten``: it is
    tenpai on a wait the seat has discarded (this tile included, F1)."""

    shanten: int
    count: int
    kinds: tuple[int, ...]
    best: bool
    furiten: bool


# --- what the seat can see ------------------------------------------------------------------------


def _counts(tiles: Sequence[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t >> 2] += 1
    return c


def visible_counts(view: PlayerView) -> list[int]:
    """34-counts of every tile the seat sees outside its concealed hand: all melds (its own
    too), rivers (a called discard once, in its meld), dora indicators, hands shown by open
    riichi, Norths set aside, and (three players, P1) every 2m-8m, which are not in play. This
    is the ``visible`` argument of :func:`engine.hand.waits.ukeire`."""
    seen = [0] * 34
    for melds in view.melds:
        for m in melds:
            for t in m.tiles:
                seen[t >> 2] += 1
    for river in view.rivers:
        for rt in river:
            if rt.called_by is None:
                seen[rt.tile >> 2] += 1
    for t in view.dora_indicators:
        seen[t >> 2] += 1
    for s, hand in enumerate(view.open_hands):
        if hand and s != view.seat:
            for t in hand:
                seen[t >> 2] += 1
    for norths in view.nuki:  # P1: the Norths set aside
        for t in norths:
            seen[t >> 2] += 1
    if len(view.scores) == 3:
        seen[1:8] = [4] * 7  # P1: no 2m-8m in play: none of them can be drawn
    return seen


def _wind_han(view: PlayerView, kind: int) -> list[str]:
    """Engine yaku ids a triplet of ``kind`` brings this seat (Y7; a double wind gives two)."""
    out = []
    if kind in DRAGONS:
        out.append(f"yakuhai: {_DRAGON_NAMES[kind]}")
    if kind in WINDS:
        name = _WIND_NAMES[kind - 27]
        if kind == view.seat_wind:
            out.append(f"yakuhai: seat wind {name}")
        if kind == view.round_wind:
            out.append(f"yakuhai: round wind {name}")
    return out


# --- yaku routes ----------------------------------------------------------------------------------


def _masked(counts: Sequence[int], keep: frozenset[int]) -> list[int]:
    return [n if k in keep else 0 for k, n in enumerate(counts)]


def _kept_shanten(counts: Sequence[int], keep: frozenset[int], sets: int) -> int:
    """Shanten along a route that keeps only the kinds in ``keep``: the regular shape of the
    kept tiles, and never less than the tiles still to come for ``sets`` sets and a pair (the
    shape formula takes a missing set for two steps, as if a lone tile were there to build on;
    a route that throws most of the hand away has no such tiles)."""
    kept = _masked(counts, keep)
    short = 3 * sets + 2 - min(sum(kept), 3 * sets + 2)
    return max(regular_shanten(kept, sets), short - 1)


def _toitoi_shanten(counts: Sequence[int], sets: int) -> int:
    """Shanten towards ``sets`` triplets and a pair from these tiles."""
    trips = sum(1 for n in counts if n >= 3)
    pairs = sum(1 for n in counts if n == 2)
    m = min(trips, sets)
    pairs += max(0, trips - sets)
    head = 1 if pairs else 0
    return 2 * sets - 2 * m - min(pairs - head, sets - m) - head


def _run_routes(counts: Sequence[int], melds: Sequence[Meld], closed: bool, base: int,
                unseen: Sequence[int]) -> list[YakuRoute]:
    """The ittsu, sanshoku (doujun) and chanta / junchan routes, as the AI finds them
    (:func:`ai.value.extra_routes`: the same shanten, and only the plausible lines, e.g. an open
    hand at most one of the nine ittsu tiles short), within :data:`MAX_DETOUR` of ``base``.
    An ittsu or sanshoku is secured when all its nine tiles are held or called and it costs the
    hand no step."""
    value_melds = [(tuple(m.kinds), m.opened) for m in melds]
    called = [tuple(sorted(m.kinds)) for m in melds if m.kind is MeldKind.CHI]
    out = []
    for r in extra_routes(counts, value_melds, closed, base + MAX_DETOUR, unseen):
        if r.name == "chanta":
            name = "junchan" if r.keep is JUNCHAN_KEEP else "chanta"
        else:
            name = "ittsu" if r.name == "ittsu" else "sanshoku doujun"
        secured = False
        if r.needs and r.shanten <= base:
            kinds = sorted(r.needs)  # three runs, no kind twice
            runs = [tuple(kinds[i:i + 3]) for i in (0, 3, 6)]
            secured = all(run in called or all(counts[k] for k in run) for run in runs)
        closed_han, open_han = _HAN[name]
        out.append(YakuRoute(name, closed_han if closed else open_han, r.shanten, secured,
                             max(0, r.shanten - base)))
    return out


def yaku_routes(view: PlayerView, counts: Sequence[int], melds: Sequence[Meld], base: int,
                rules: RuleSet, unseen: Sequence[int]) -> list[YakuRoute]:
    """Routes to a yaku for concealed ``counts`` (3n+1 tiles, or 3n+2 before a discard) beside
    ``melds`` (the seat's, with any new call), whose plain shanten is ``base``; every route
    within :data:`MAX_DETOUR`, riichi first, then the fastest.

    >>> from engine.tiles import parse_kinds, kinds_to_counts
    >>> from engine.game import Game
    >>> v = Game(RuleSet(), 1).view(0)
    >>> c = kinds_to_counts(parse_kinds("234m456p678s2288p"))
    >>> [r.name for r in yaku_routes(v, c, (), 0, RuleSet(), [4] * 34)]
    ['riichi', 'tanyao']
    """
    closed = not any(m.opened for m in melds)
    sets = 4 - len(melds)
    meld_kinds = [k for m in melds for k in m.kinds]
    out: list[YakuRoute] = []
    if closed:
        out.append(YakuRoute("riichi", 1, base, False, 0))
    # yakuhai: a triplet in melds or hand is secured; a pair needs one of the unseen copies
    for m in melds:
        if m.kind is not MeldKind.CHI:
            for name in _wind_han(view, m.kinds[0]):
                out.append(YakuRoute(name, 1, base, True, 0))
    for k in range(27, 34):
        names = _wind_han(view, k)
        if not names:
            continue
        if counts[k] >= 3:
            out.extend(YakuRoute(n, 1, base, True, 0) for n in names)
        elif counts[k] == 2 and unseen[k] > 0 and sets >= 1:
            c = list(counts)
            c[k] = 0
            s = regular_shanten(c, sets - 1) + 1
            out.extend(YakuRoute(n, 1, s, False, max(0, s - base)) for n in names)
    if (closed or rules.kuitan) and all(k in _SIMPLES for k in meld_kinds):
        s = _kept_shanten(counts, _SIMPLES, sets)
        # held: no terminal or honour left (one may remain in a hand that still discards)
        spare = 1 if sum(counts) % 3 == 2 else 0
        held = sum(counts[k] for k in range(34) if k not in _SIMPLES) <= spare
        out.append(YakuRoute("tanyao", 1, s, held and s == base, max(0, s - base)))
    for suit in range(3):
        own = frozenset(range(suit * 9, suit * 9 + 9))
        if not all(k in own or k in _HONORS for k in meld_kinds):
            continue
        s_hon = _kept_shanten(counts, own | _HONORS, sets)
        s_chin = 99
        if all(k in own for k in meld_kinds):
            s_chin = _kept_shanten(counts, own, sets)
        if s_chin <= s_hon:
            out.append(YakuRoute("chinitsu", 6 if closed else 5, s_chin, False,
                                 max(0, s_chin - base)))
        else:
            out.append(YakuRoute("honitsu", 3 if closed else 2, s_hon, False,
                                 max(0, s_hon - base)))
    if melds and all(m.kind is not MeldKind.CHI for m in melds):
        s = _toitoi_shanten(counts, sets)
        out.append(YakuRoute("toitoi", 2, s, False, max(0, s - base)))
    out.extend(_run_routes(counts, melds, closed, base, unseen))
    kept = [r for r in out if r.detour <= MAX_DETOUR]
    # riichi first for a closed hand: the yaku it always has; then the fastest, the held, the
    # most valuable
    kept.sort(key=lambda r: (r.name != "riichi", r.detour, not r.secured, -r.han))
    return kept


# --- calls ----------------------------------------------------------------------------------------


def _kuikae(action: Chi | Pon, rules: RuleSet) -> frozenset[int]:
    """Kinds the hand may not discard right after this call (C4)."""
    if rules.kuikae_allowed:
        return frozenset()
    k = action.called >> 2
    if isinstance(action, Pon):
        return frozenset((k,))
    others = sorted(t >> 2 for t in action.tiles)
    out = {k}
    if k < others[0] and k % 9 + 3 <= 8:
        out.add(k + 3)
    elif k > others[1] and k % 9 - 3 >= 0:
        out.add(k - 3)
    return frozenset(out)


def _meld_of(action: Chi | Pon | Kan, melds: Sequence[Meld]) -> tuple[Meld, tuple[Meld, ...]]:
    """The seat's melds after ``action``: (the new or grown meld, all melds)."""
    if isinstance(action, Kan) and action.kind is MeldKind.KAKAN:
        added = action.tiles[0]
        for i, m in enumerate(melds):
            if m.kind is MeldKind.PON and m.kinds[0] == added >> 2:
                grown = Meld(MeldKind.KAKAN, tuple(sorted(m.tiles + (added,))), m.called,
                             m.source, added)
                return grown, tuple(melds[:i]) + (grown,) + tuple(melds[i + 1:])
        raise ValueError(f"{action}: no pon of that tile among the seat's melds")
    if isinstance(action, Chi):
        new = Meld(MeldKind.CHI, tuple(sorted(action.tiles + (action.called,))), action.called, 3)
    elif isinstance(action, Pon):
        new = Meld(MeldKind.PON, tuple(sorted(action.tiles + (action.called,))), action.called, 2)
    elif action.kind is MeldKind.ANKAN:
        new = Meld(MeldKind.ANKAN, tuple(sorted(action.tiles)))
    else:
        assert action.called is not None
        new = Meld(MeldKind.DAIMINKAN, tuple(sorted(action.tiles + (action.called,))),
                   action.called, 2)
    return new, tuple(melds) + (new,)


def _dora(view: PlayerView, tiles: Sequence[int], melds: Sequence[Meld], rules: RuleSet) -> int:
    dora = [dora_of(t >> 2, rules.players) for t in view.dora_indicators]
    every = list(tiles) + [t for m in melds for t in m.tiles]
    return sum(dora.count(t >> 2) for t in every) + sum(
        1 for t in every if is_red(t, rules.red_fives))


def explain_call(view: PlayerView, action: Action, rules: RuleSet | None = None) -> CallAdvice:
    """What ``action`` (a ``Chi``, ``Pon``, ``Kan`` or ``Pass`` the seat may take now) does to
    its hand. Raises ``ValueError`` for any other action."""
    rules = rules or RuleSet()
    if not isinstance(action, (Chi, Pon, Kan, Pass)):
        raise ValueError(f"explain_call explains chi, pon, kan or pass, not {action}")
    concealed = list(view.concealed)
    counts = _counts(concealed)
    visible = visible_counts(view)
    melds = tuple(view.melds[view.seat])
    before = engine_shanten(counts)
    unseen = [max(0, 4 - counts[k] - visible[k]) for k in range(34)]
    if isinstance(action, Pass):
        if len(concealed) % 3 == 2:  # own turn: the hand as it is after its best discard
            table = ukeire_table(counts, visible)
            s = min(u.shanten for u in table.values())
            u = max((u for u in table.values() if u.shanten == s), key=lambda u: u.count)
            best = tuple(sorted(k for k, x in table.items()
                                if x.shanten == s and x.count == u.count))
        else:
            u = ukeire(counts, visible)
            best = ()
        routes = yaku_routes(view, counts, melds, u.shanten, rules, unseen)
        closed = not any(m.opened for m in melds)
        return CallAdvice(action, before, u.shanten, u.count, u.kinds, best, tuple(routes),
                          not closed and not routes, closed, _dora(view, concealed, melds, rules))
    new, melds_after = _meld_of(action, melds)
    rest = list(concealed)
    for t in action.tiles:
        rest.remove(t)
    c_after = _counts(rest)
    seen_after = list(visible)
    for t in action.tiles:
        seen_after[t >> 2] += 1
    closed = not any(m.opened for m in melds_after)
    if isinstance(action, Kan):
        # the replacement draw comes next: the hand is 3n+1 as it stands
        u = ukeire(c_after, seen_after)
        after, count, kinds, best = u.shanten, u.count, u.kinds, ()
        route_counts = c_after
    else:
        banned = _kuikae(action, rules)
        table = ukeire_table(c_after, seen_after)
        allowed = {k: x for k, x in table.items() if k not in banned} or table
        after = min(x.shanten for x in allowed.values())
        top = max(x.count for x in allowed.values() if x.shanten == after)
        best = tuple(sorted(k for k, x in allowed.items() if x.shanten == after and x.count == top))
        kinds = allowed[best[0]].kinds
        count = top
        # routes are judged on the hand before its discard: each route throws what it does not
        # need, which need not be the tile that is best for plain speed
        route_counts = c_after
    unseen_after = [max(0, 4 - c_after[k] - seen_after[k]) for k in range(34)]
    routes = yaku_routes(view, route_counts, melds_after, after, rules, unseen_after)
    return CallAdvice(action, before, after, count, kinds, best, tuple(routes),
                      not closed and not routes, closed, _dora(view, rest, melds_after, rules))


# --- discards -------------------------------------------------------------------------------------


def _own_discards(view: PlayerView) -> frozenset[int]:
    return frozenset(rt.tile >> 2 for rt in view.rivers[view.seat])


def discard_hints(view: PlayerView) -> dict[int, DiscardHint]:
    """For a hand of 3n+2 tiles (the seat's own turn), each kind it may discard → what the hand
    is after discarding it; ``{}`` for a 3n+1 hand (nothing to discard)."""
    concealed = view.concealed
    if len(concealed) % 3 != 2:
        return {}
    counts = _counts(concealed)
    table = ukeire_table(counts, visible_counts(view))
    low = min(u.shanten for u in table.values())
    top = max(u.count for u in table.values() if u.shanten == low)
    river = _own_discards(view)
    out = {}
    for k, u in table.items():
        furiten = False
        if u.shanten == 0:
            counts[k] -= 1
            furiten = any(w == k or w in river for w in waits(counts))
            counts[k] += 1
        out[k] = DiscardHint(u.shanten, u.count, u.kinds, u.shanten == low and u.count == top,
                             furiten)
    return out


def furiten_waits(view: PlayerView) -> tuple[int, ...]:
    """The seat's waits (``view.waits``) that lie in its own river: each makes it furiten for
    every wait (F1)."""
    river = _own_discards(view)
    return tuple(w for w in view.waits if w in river)


def ai_pick(view: PlayerView, legal: Sequence[Action], rules: RuleSet) -> int | None:
    """The tile kind the :data:`PICK_LEVEL` AI (a fresh one, seeded :data:`PICK_SEED`) would
    discard here, from ``view`` and the seat's ``legal`` actions: the tile of its ``Discard``
    or ``Riichi``. ``None`` when it would do something else (tsumo, a kan, a call) or nothing
    can be discarded, or when the AI failed and ``act`` answered with its fallback move (not
    the AI's judgement).

    >>> from engine.game import Game
    >>> g = Game(RuleSet(), 5)
    >>> seat, legal = next(iter(g.pending().items()))
    >>> ai_pick(g.view(seat), legal, RuleSet()) in {t >> 2 for t in g.view(seat).concealed}
    True
    """
    if not any(isinstance(a, (Discard, Riichi)) for a in legal):
        return None
    agent = make_agent(PICK_LEVEL, seed=PICK_SEED, rules=rules)
    action = agent.act(view, legal)
    if isinstance(action, (Discard, Riichi)) and not agent.failures:
        return action.tile >> 2
    return None


# --- riichi and wins ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RiichiAdvice:
    """What a riichi on discarding ``tile`` waits on: the wait ``kinds``, ``left`` (their unseen
    copies: the seat's own tiles, rivers, melds and dora indicators counted as gone), and the
    ron price of the hand over its waits that can still come, (lowest, highest), with riichi
    (ura dora unknown, so not counted) and ``dama`` (without riichi; ``None``: no wait wins
    without riichi, the hand has no other yaku)."""

    tile: int
    kinds: tuple[int, ...]
    left: int
    riichi: tuple[int, int] | None
    dama: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class WinAdvice:
    """What a win on offer is worth: the engine's ``result`` (ura dora unknown), and in the
    all-last (:func:`ai.placement.is_all_last`) the seat's place now and after the win
    (``place_after``; ``None`` outside the all-last), counted 0 = first."""

    result: HandResult
    place: int
    place_after: int | None


def _price_range(prices: Sequence[int]) -> tuple[int, int] | None:
    return (min(prices), max(prices)) if prices else None


def explain_riichi(view: PlayerView, legal: Sequence[Action], rules: RuleSet) -> list[RiichiAdvice]:
    """For each closed riichi the seat may declare now (``legal``), what it waits on and what the
    hand is worth with riichi and dama, scored with the engine's ``score_hand`` (ron, each wait
    that can still come). Most tiles left first, then the dearest riichi; one entry per
    discarded kind."""
    concealed = list(view.concealed)
    visible = visible_counts(view)
    melds = list(view.melds[view.seat])
    used = set(concealed) | {t for m in melds for t in m.tiles} | set(view.dora_indicators)
    out: dict[int, RiichiAdvice] = {}
    for a in legal:
        if not isinstance(a, Riichi) or a.open or a.tile >> 2 in out:
            continue
        rest = list(concealed)
        rest.remove(a.tile)
        counts = _counts(rest)
        kinds = tuple(waits(counts))
        unseen = [max(0, 4 - counts[k] - visible[k]) for k in range(34)]
        with_riichi: list[int] = []
        dama: list[int] = []
        for _w, _n, tile in live_waits(kinds, unseen, used):
            for riichi, prices in ((True, with_riichi), (False, dama)):
                sit = WinSituation(riichi=riichi, round_wind=view.round_wind,
                                   seat_wind=view.seat_wind, dora_indicators=view.dora_indicators,
                                   nuki=nuki_count(view))
                try:
                    prices.append(score_hand(rest + [tile], melds, tile, sit, rules).ron)
                except RulesError:
                    pass  # no yaku on this wait (dama), or not a win
        out[a.tile >> 2] = RiichiAdvice(a.tile, kinds, sum(unseen[k] for k in kinds),
                                        _price_range(with_riichi), _price_range(dama))
    return sorted(out.values(), key=lambda r: (-r.left, -(r.riichi or (0, 0))[1], r.tile))


def _win_tile(view: PlayerView, action: Tsumo | Ron) -> tuple[int | None, bool]:
    """The tile a tsumo or ron of the seat wins on, and whether the ron robs a kan (C6)."""
    if isinstance(action, Tsumo):
        return view.drawn, False
    if view.last_discard is not None:
        return view.last_discard[1], False
    kans = [m for m in view.melds[view.turn] if m.kind in (MeldKind.KAKAN, MeldKind.ANKAN)]
    if not kans:
        return None, False
    m = kans[-1]
    return (m.added if m.added is not None else m.tiles[-1]), True


def explain_win(view: PlayerView, action: Action, rules: RuleSet) -> WinAdvice | None:
    """What the ``Tsumo`` or ``Ron`` on offer is worth, from what the seat sees: the engine's
    ``score_hand`` with riichi, ippatsu, haitei / houtei and chankan as the view tells them (ura
    dora unknown; a double riichi or a rinshan the view does not tell are not counted), and in
    the all-last the place the win leaves the seat in. ``None`` for another action or a hand
    the scoring does not take (it would not be on offer)."""
    if not isinstance(action, (Tsumo, Ron)):
        return None
    tile, chankan = _win_tile(view, action)
    if tile is None:
        return None
    tsumo = isinstance(action, Tsumo)
    me = view.seat
    concealed = list(view.concealed) if tsumo else list(view.concealed) + [tile]
    last = view.live_tiles_left == 0
    riichi = view.riichi[me]
    sit = WinSituation(tsumo=tsumo, riichi=riichi, ippatsu=view.ippatsu and riichi,
                       chankan=chankan, haitei=tsumo and last,
                       houtei=not tsumo and not chankan and last,
                       round_wind=view.round_wind, seat_wind=view.seat_wind,
                       dora_indicators=view.dora_indicators, honba=view.honba,
                       sticks=view.sticks, nuki=nuki_count(view))
    try:
        res = score_hand(concealed, list(view.melds[me]), tile, sit, rules)
    except RulesError:
        return None
    place = ranking(view.scores).index(me)
    after = None
    if is_all_last(view.round_index, rules):
        ol = Outlook.of(view, rules)
        loser = None if tsumo else (view.last_discard[0] if view.last_discard else view.turn)
        scores = ol.after_win(me, ol.paid(me, loser, res.ron, res.tsumo_dealer, res.tsumo_other))
        after = ranking(scores).index(me)
    return WinAdvice(res, place, after)
