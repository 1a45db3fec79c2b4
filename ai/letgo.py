"""Letting a win go (issue 4: "tsumo and ron always taken unless a placement reason in the last
round says otherwise"): the hard AI's all-last check whether a win ends the game without moving
the seat up while a later win on the same waits would, with the engine's price of each win and
the han the view cannot tell (ura dora, rinshan/chankan) counted in the win's favour."""

from __future__ import annotations

from ai.base import nuki_count
from ai.chances import RON_FACTOR, live_waits, win_probability
from ai.efficiency import waits
from ai.observe import Situation
from ai.placement import Outlook
from engine.actions import Action, Tsumo
from engine.rules import RuleSet
from engine.scoring import HandResult, NotAWin, NoYaku, WinSituation, score_hand
from engine.scoring.points import base_points, pay
from engine.standings import ranking
from engine.tiles import kinds_to_counts


def decline_win(sit: Situation, win: Action, ol: Outlook | None, rules: RuleSet) -> bool:
    """Whether to let this win go (issue 4: "tsumo and ron always taken unless a placement
    reason in the last round says otherwise"). Only in the all-last, only when the win
    would end the game without moving this seat up even with the best ura dora luck, while
    a later win on the same waits (a tsumo, or a ron from the right seat) would, and only
    when waiting cannot cost a place (last place, or far ahead of the seat below)."""
    v = sit.view
    me = v.seat
    if ol is None or ol.rank == 0:
        return False
    tsumo = isinstance(win, Tsumo)
    if tsumo:
        tile = v.drawn
        loser = None
        hand = list(v.hand)
    else:
        if v.last_discard is None:
            return False  # a chankan: a kan's tile, not a discard - take it
        loser, tile = v.last_discard
        hand = list(v.concealed)
    if tile is None:
        return False
    res = score_win(sit, hand, tile, tsumo, rules)
    if res is None:
        return False
    paid = ol.paid(me, loser, *optimistic(res, v.riichi[me], v.kans, rules))
    after = ol.after_win(me, paid)
    if not ol.ends_after_win(me, after):
        return False  # the game goes on (the dealer keeps the deal): take it
    if ranking(after).index(me) < ol.rank:
        return False  # it moves up (or may, with ura dora): take it
    if ol.rank < len(ol.scores) - 1:  # not last (of three or four)
        below = ranking(ol.scores)[ol.rank + 1]
        if ol.scores[me] - ol.scores[below] < 12000:
            return False  # waiting risks a place
    gain_now = ol.gain_of(loser, res.ron, res.tsumo_dealer, res.tsumo_other)
    # the waits left after letting it go
    counts = kinds_to_counts(t >> 2 for t in hand)
    own_river = {rt.tile >> 2 for rt in v.rivers[me]}
    if tsumo:
        own_river.add(tile >> 2)  # the tile must be discarded: furiten from now on
    ron_later = not (v.riichi[me] and not tsumo) and not (own_river & set(waits(counts)))
    used = set(hand) | {tile} | {t for m in sit.melds for t in m.tiles}
    alt_n = 0.0
    alt_gain = 0.0
    for _w, n, t in live_waits(waits(counts), sit.unseen, used):
        r = score_win(sit, hand, t, True, rules)
        g = -1.0 if r is None else ol.gain_of(None, r.ron, r.tsumo_dealer, r.tsumo_other)
        if g > gain_now + 5000:
            alt_n += n
            alt_gain += n * g
        if not ron_later:
            continue
        r = score_win(sit, hand, t, False, rules)
        if r is None:
            continue
        for s_ in ol.seats:
            g = ol.gain_of(s_, r.ron, r.tsumo_dealer, r.tsumo_other) if s_ != me else 0.0
            if g > gain_now + 5000:
                share = n * (RON_FACTOR - 1) / (len(ol.seats) - 1)
                alt_n += share
                alt_gain += share * g
    if alt_n <= 0:
        return False
    draws = max(0, sit.tiles_left // sit.players)
    p_alt = win_probability(0, alt_n, sit.unseen_total(), draws, False, alt_n)
    return p_alt * (alt_gain / alt_n) > gain_now + 500


def score_win(sit: Situation, hand: list[int], tile: int, tsumo: bool, rules: RuleSet
              ) -> HandResult | None:
    """The engine's price of winning on ``tile`` with ``hand`` (13 tiles): a HandResult or
    None (no yaku, not a win). Ura dora are unknown (see ``optimistic``)."""
    v = sit.view
    me = v.seat
    last = v.live_tiles_left == 0
    ws = WinSituation(tsumo=tsumo, riichi=v.riichi[me], ippatsu=v.ippatsu,
                      haitei=tsumo and last, houtei=not tsumo and last,
                      round_wind=v.round_wind, seat_wind=v.seat_wind,
                      dora_indicators=v.dora_indicators, honba=v.honba,
                      nuki=nuki_count(v))
    try:
        return score_hand(hand + [tile], list(sit.melds), tile, ws, rules)
    except (NoYaku, NotAWin):
        return None


def optimistic(res: HandResult, riichi: bool, kans: int, rules: RuleSet) -> tuple[int, int, int]:
    """The prices of ``res`` with the han the view cannot tell: two for ura dora after
    riichi, one for a rinshan or chankan once a kan was declared; a win is let go only if
    even this would not move the seat up."""
    if res.yakuman:
        return res.ron, res.tsumo_dealer, res.tsumo_other
    extra = (2 if riichi else 0) + (1 if kans else 0)
    if not extra:
        return res.ron, res.tsumo_dealer, res.tsumo_other
    base, _ = base_points(res.han + extra, res.fu, rules)
    return pay(base, res.dealer)
