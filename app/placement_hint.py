"""The all-last placement hint: one line that tells the player, in the round that may end the
game, what hand moves them up a place and which deal-in would cost them one.

The prices come from ``ai.placement.Outlook`` (``needs()``, ``deal_in_limits()``); this module
only words them, in the current language, to fit a width:

- not first: ``All-last · to 3rd: Ron 2000 from Across, 3900 from others · Tsumo 700/1300``.
  Equal ron prices are collapsed: the seats whose direct hit is cheaper are named, the dearest
  price is "from others" (a seat of its own is named). ``no hand`` where no hand is enough;
- first: ``All-last · leading · a deal-in costs first: 1600 to Right, 3200 to Across, 3400 to
  Left`` (``any deal-in costs first`` when the smallest hand would; ``safe from any single
  deal-in`` when none would).

A narrow line (the 80x24 table) drops the heading, then the "from" wording, then the tsumo part;
a wide one (120x40) adds what a deal-in costs a middle seat and the places further up. Plain
Python: no Textual.
"""

from __future__ import annotations

from rich.cells import cell_len

from ai.placement import Need, Outlook, is_all_last
from app.i18n import round_label, seat_name, t, tsumo_price
from engine.rules import RuleSet
from engine.scoring.points import base_points, pay
from engine.view import PlayerView

#: between the groups of a wide line (the next place, the deal-in risk, the places further up)
GROUP_SEP = "  │  "


def placement_hint(view: PlayerView, rules: RuleSet, width: int) -> str:
    """The hint for ``view``'s seat in at most ``width`` cells; "" outside the all-last."""
    if not is_all_last(view.round_index, rules):
        return ""
    return hint_text(Outlook.of(view, rules), width)


def hint_text(outlook: Outlook, width: int) -> str:
    """The hint for ``outlook`` (see the module docstring) in at most ``width`` cells."""
    head = t("allast.head", round=round_label(outlook.round_index))
    if outlook.rank == 0:
        candidates = [_join(head, t("allast.leading"), _deal_in(outlook, short))
                      for short in (False, True)]
        candidates.insert(1, _join(t("allast.leading"), _deal_in(outlook, False)))
        candidates.append(_join(t("allast.leading"), _deal_in(outlook, True)))
        return _first_fitting(candidates, width)
    needs = outlook.needs()
    me = outlook.seat
    candidates = []
    for short, tsumo, with_head in ((False, True, True), (False, True, False),
                                    (True, True, True), (True, True, False),
                                    (True, False, False)):
        body = _need(needs[0], me, short, tsumo, outlook)
        candidates.append(_join(head, body) if with_head else body)
    if cell_len(candidates[0]) > width:
        return _first_fitting(candidates[1:], width)
    line = candidates[0]
    # Room to spare: what a deal-in costs (not for the last seat: it cannot drop), then the
    # places further up, as long as they fit.
    extras = []
    if outlook.rank < 3:
        extras.append([_deal_in(outlook, False), _deal_in(outlook, True)])
    extras += [[_need(n, me, short, tsumo, outlook)
                for short, tsumo in ((False, True), (True, True), (True, False))]
               for n in needs[1:]]
    for forms in extras:
        longer = next((line + GROUP_SEP + form for form in forms
                       if cell_len(line + GROUP_SEP + form) <= width), None)
        if longer is None:
            break
        line = longer
    return line


def _first_fitting(candidates: list[str], width: int) -> str:
    for text in candidates:
        if cell_len(text) <= width:
            return text
    return _clip(candidates[-1], width)


def _clip(text: str, width: int) -> str:
    while text and cell_len(text) > width - 1:
        text = text[:-1]
    return text + "…"


def _join(*parts: str) -> str:
    return t("allast.sep").join(parts)


def _seats(seats: list[int], me: int) -> str:
    order = sorted(seats, key=lambda s: (s - me) % 4)
    return t("allast.seats_sep").join(seat_name(s, me) for s in order)


def _price(price: int | None) -> str:
    return t("allast.no_hand") if price is None else str(price)


def _need(need: Need, me: int, short: bool, tsumo: bool, outlook: Outlook) -> str:
    """``to 3rd: Ron 2000 from Across, 3900 from others · Tsumo 700/1300``."""
    parts = [_ron(need.ron, me, short)]
    if tsumo:
        if need.tsumo is None:
            parts.append(t("allast.tsumo_none"))
        else:
            label = tsumo_price(need.tsumo_dealer, need.tsumo_other)
            parts.append(t("allast.tsumo", price=label))
    return t("allast.target", target=t(f"allast.to_{need.place + 1}"), text=_join(*parts))


def _ron(ron: dict[int, int | None], me: int, short: bool) -> str:
    groups: dict[int | None, list[int]] = {}
    for seat, price in ron.items():
        groups.setdefault(price, []).append(seat)
    prices = sorted(groups, key=lambda p: (p is None, p or 0))
    if len(prices) == 1:
        if prices[0] is None:
            return t("allast.ron_none")
        return t("allast.ron", list=str(prices[0]))
    key = "allast.from_short" if short else "allast.from"
    items = []
    for i, price in enumerate(prices):
        seats = groups[price]
        last = i == len(prices) - 1
        who = t("allast.others") if last and len(seats) > 1 else _seats(seats, me)
        items.append(t(key, price=_price(price), seats=who))
    return t("allast.ron", list=t("allast.list_sep").join(items))


def _deal_in(outlook: Outlook, short: bool) -> str:
    """``a deal-in costs first: 1600 to Right, 3200 to Across/Left`` or ``safe from any single
    deal-in``: the smallest ron, by opponent, that costs the seat its place."""
    limits = {s: p for s, p in outlook.deal_in_limits().items() if p is not None}
    if not limits:
        return t("allast.safe")
    me = outlook.seat
    if len(limits) == 3 and all(p == _cheapest_ron(outlook, s) for s, p in limits.items()):
        return t(f"allast.any_costs_{outlook.rank + 1}")
    groups: dict[int, list[int]] = {}
    for seat, price in limits.items():
        groups.setdefault(price, []).append(seat)
    key = "allast.to_seat_short" if short else "allast.to_seat"
    items = [t(key, price=price, seat=_seats(groups[price], me)) for price in sorted(groups)]
    return t(f"allast.costs_{outlook.rank + 1}", list=t("allast.list_sep").join(items))


def _cheapest_ron(outlook: Outlook, seat: int) -> int:
    """The smallest ron ``seat`` can win (1 han 30 fu), the price no deal-in stays under."""
    return pay(base_points(1, 30, outlook.rules)[0], seat == outlook.dealer)[0]
