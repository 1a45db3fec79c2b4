"""What the table offers the player and what it advises: the numbered entries of the call bar,
the prompt above them, the practice advice of a call (or of skipping it) and the discard hints.

Plain functions of a seat's view and its legal actions; texts are ``rich.text.Text`` painted by
the app's painter. No widgets and no game here: the table screen puts the results on screen.
A practice aid that fails is logged and left out (``practice_aid``): an aid is never worth the
game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rich.text import Text

from app.i18n import seat_name, t, texts, tsumo_price
from app.widgets import TileHint
from engine.actions import (
    AbortNineTerminals,
    Action,
    AgariYame,
    Chi,
    DeclareTenpai,
    Discard,
    Kan,
    Nuki,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from engine.meld import MeldKind
from engine.rules import RuleSet
from engine.view import PlayerView

_T = TypeVar("_T")
log = logging.getLogger("riichi.app")


def practice_aid(compute: Callable[[], _T], default: _T) -> _T:
    """A practice aid (advice, hints, the all-last line) or ``default`` when computing it
    fails: an aid is never worth the game; the failure goes to the log."""
    try:
        return compute()
    except Exception:
        log.exception("a practice aid failed; the game goes on without it")
        return default


@dataclass
class Offer:
    """One numbered entry of the call bar: an action, or ``riichi`` to pick a riichi discard."""

    label: Text
    action: Action | None = None
    riichi_open: bool | None = None  # not None: enter riichi selection
    advice: str = ""  # what the call does to the hand (practice advice)
    warning: str = ""  # shown after the advice as a warning (no yaku)


def call_prompt(legal: Sequence[Action], view: PlayerView | None, painter: Any,
                names: Sequence[str] | None = None) -> str:
    """The call bar's question when the player is asked something other than a discard: a
    call on a discard, a chankan, a tenpai declaration (K1 option), agari-yame (G4).
    ``names``: the seats' names as the seat lines give them, else their places."""
    if not legal or any(isinstance(a, Discard) for a in legal):
        return ""
    if any(isinstance(a, DeclareTenpai) for a in legal):
        return t("table.tenpai_prompt")
    if any(isinstance(a, AgariYame) for a in legal):
        return t("table.yame_prompt")
    if view is None:
        return ""
    if view.last_discard is not None:
        seat, tile = view.last_discard
        return t("table.call_prompt", seat=names[seat] if names is not None else seat_name(seat),
                 tile=painter.tiles([tile]).plain.strip())
    if any(isinstance(a, Ron) for a in legal):
        # a ron with no discard open to calls robs a kan (chankan): name the kan's tile
        seat = view.turn
        kans = [m for m in view.melds[seat] if m.kind in (MeldKind.KAKAN, MeldKind.ANKAN)]
        if kans:
            m = kans[-1]
            tile = m.added if m.added is not None else m.tiles[-1]
            return t("table.chankan_prompt",
                     seat=names[seat] if names is not None else seat_name(seat),
                     tile=painter.tiles([tile]).plain.strip())
    return ""


def build_offers(legal: Sequence[Action], view: PlayerView | None, rules: RuleSet,
                 painter: Any, wide: bool) -> list[Offer]:
    """The call bar's numbered entries (at most nine), calls with their practice advice."""
    offers: list[Offer] = []

    def label(name: str, tiles: Iterable[int] = ()) -> Text:
        out = Text(name, style="bold")
        tiles = tuple(tiles)
        if tiles:
            out.append(" ")
            out.append_text(painter.tiles(sorted(tiles), sep=" "))
        return out

    for a in legal:
        if isinstance(a, Tsumo):
            offers.append(Offer(label(t("action.tsumo")), a))
        elif isinstance(a, Ron):
            offers.append(Offer(label(t("action.ron")), a))
    riichi = [a for a in legal if isinstance(a, Riichi)]
    if any(not a.open for a in riichi):
        offers.append(Offer(label(t("action.riichi")), riichi_open=False))
    if any(a.open for a in riichi):
        offers.append(Offer(label(t("yaku.open riichi")), riichi_open=True))
    for a in legal:
        if isinstance(a, Pon):
            offers.append(Offer(label(t("action.pon"), (*a.tiles, a.called)), a))
        elif isinstance(a, Chi):
            offers.append(Offer(label(t("action.chi"), (*a.tiles, a.called)), a))
        elif isinstance(a, Kan):
            name = {MeldKind.ANKAN: "ankan", MeldKind.KAKAN: "kakan"}.get(a.kind, "kan")
            tiles = a.tiles + ((a.called,) if a.called is not None else ())
            offers.append(Offer(label(t(f"action.{name}"), tiles), a))
        elif isinstance(a, Nuki):  # P1: set a North aside, offered like a kan
            offers.append(Offer(label(t("action.nuki"), (a.tile,)), a))
        elif isinstance(a, AbortNineTerminals):
            offers.append(Offer(label(t("action.kyuushu")), a))
        elif isinstance(a, DeclareTenpai):
            offers.append(Offer(label(t("draw.tenpai") if a.tenpai else t("draw.noten")), a))
        elif isinstance(a, AgariYame):
            offers.append(Offer(label(t("action.yame_stop" if a.stop else
                                          "action.yame_continue")), a))
    offers = offers[:9]
    for o in offers:
        if isinstance(o.action, (Chi, Pon, Kan)):
            o.advice, o.warning = advice_text(o.action, view, rules, painter, wide)
        elif isinstance(o.action, (Tsumo, Ron)):
            o.advice = win_text(o.action, view, rules)
        elif o.riichi_open is False:
            # the row: the key and a blank (" Esc " with a Skip), the longest label, two blanks
            key = 6 if any(isinstance(a, Pass) for a in legal) else 4
            budget = ROW - key - max(x.label.cell_len for x in offers) - 2
            o.advice, o.warning = riichi_text(legal, view, rules, painter, wide, budget)
    return offers


#: the call bar's row at 80x24
ROW = 77
#: the cells an advice may take at 80x24 beside the longest label (a kakan's four tiles)
NARROW_ADVICE = 52


def _price(n: int) -> str:
    return f"{n}"


def _range(prices: tuple[int, int]) -> str:
    low, high = prices
    return _price(low) if low == high else f"{_price(low)}-{_price(high)}"


def _top(prices: tuple[int, int]) -> str:
    low, high = prices
    return _price(high) if low == high else t("advice.up_to", n=_price(high))


def riichi_text(legal: Sequence[Action], view: PlayerView | None, rules: RuleSet, painter: Any,
                wide: bool, budget: int = NARROW_ADVICE) -> tuple[str, str]:
    """The advice of the Riichi offer: for the riichi discard with most tiles left, its waits,
    the tiles left for them and the hand's ron price with riichi (ura dora unknown) and dama;
    the warning when dama has no yaku. Narrow: the first wording (the longest first) that fits
    ``budget`` cells with the warning."""
    from rich.cells import cell_len

    from ai.advice import explain_riichi

    if view is None:
        return "", ""
    choices = practice_aid(lambda: explain_riichi(view, legal, rules), [])
    if not choices:
        return "", ""
    best = choices[0]
    waits = painter.kinds(best.kinds, sep=" ").plain
    tile = painter.tiles([best.tile]).plain.strip()
    riichi = _range(best.riichi) if best.riichi else "-"
    dama = _range(best.dama) if best.dama else ""
    warning = "" if best.dama else t("advice.dama_none")
    more = t("advice.more_discards", n=len(choices) - 1) if len(choices) > 1 else ""
    candidates = [
        t("advice.riichi", tile=tile, waits=waits, n=best.left, riichi=riichi, dama=dama),
        t("advice.riichi_short", tile=tile, waits=waits, n=best.left, riichi=riichi, dama=dama),
    ]
    # the dearest wait's price alone; then without the tiles left (a kakan's long label beside)
    top_riichi = _top(best.riichi) if best.riichi else "-"
    top_dama = _top(best.dama) if best.dama else ""
    for key in ("advice.riichi_short", "advice.riichi_tiny"):
        candidates.append(t(key, tile=tile, waits=waits, n=best.left, riichi=top_riichi,
                            dama=top_dama))
    if wide and more:
        candidates.insert(0, candidates[0] + " · " + more)
    if wide:
        return candidates[0], warning
    room = budget - cell_len(warning)
    return next((c for c in candidates if cell_len(c) <= room), candidates[-1]), warning


def win_text(action: Action, view: PlayerView | None, rules: RuleSet) -> str:
    """The advice of a Tsumo or Ron offer: han, fu and the price (ura dora unknown) and, in the
    all-last, the place the win leaves the player in."""
    from ai.advice import explain_win

    if view is None:
        return ""
    a = practice_aid(lambda: explain_win(view, action, rules), None)
    if a is None:
        return ""
    r = a.result
    if r.limit:
        head = t(f"limit.{r.limit}")
        value = head if r.yakuman else t("advice.han_limit", han=r.han, limit=head)
    else:
        value = t("advice.han_fu", han=r.han, fu=r.fu)
    price = tsumo_price(r.tsumo_dealer, r.tsumo_other) if r.tsumo else str(r.ron)
    out = f"{value} · {price}"
    if a.place_after is not None:
        place = t(f"gameover.place_{a.place_after + 1}")
        key = "advice.place_up" if a.place_after < a.place else "advice.place_same"
        out += " · " + t(key, place=place)
    return out


def call_bar(legal: Sequence[Action], view: PlayerView | None, rules: RuleSet, painter: Any,
             wide: bool, riichi_open: bool | None) -> tuple[list[Offer], tuple[Any, ...], str]:
    """The call bar: (the offers the number keys take, the bar's options, its prompt). While
    a riichi discard is chosen (``riichi_open`` not None) only Cancel; otherwise the offers,
    then Pass (with its advice when the calls have advice)."""
    from app.widgets import CallOption

    if riichi_open is not None:
        return [], (CallOption(t("action.cancel"), "esc"),), t("table.choose_riichi")
    offers = build_offers(legal, view, rules, painter, wide)
    options = [CallOption(o.label, str(i + 1), o.advice, o.warning)
               for i, o in enumerate(offers)]
    passes = [a for a in legal if isinstance(a, Pass)]
    if passes:
        advice, warning = "", ""
        if any(o.advice for o in offers if isinstance(o.action, (Chi, Pon, Kan))):
            # skipping, compared with the calls
            advice, warning = advice_text(passes[0], view, rules, painter, wide)
        options.append(CallOption(t("action.pass"), "esc", advice, warning))
    return offers, tuple(options), call_prompt(legal, view, painter)


def advice_text(action: Action, view: PlayerView | None, rules: RuleSet, painter: Any,
                wide: bool) -> tuple[str, str]:
    """The advice line of a call (or of skipping it) and its warning: shanten before and
    after, helpful tiles, the yaku kept; at the roomier size (``wide``) also the best discards
    and the dora kept. ("", "") when there is nothing to explain."""
    from ai.advice import explain_call

    if view is None:
        return "", ""
    if not isinstance(action, (Chi, Pon, Kan, Pass)):
        return "", ""  # only calls (and skipping them) are explained
    a = practice_aid(lambda: explain_call(view, action, rules), None)
    if a is None:
        return "", ""
    parts = [t("advice.shanten", before=a.shanten_before, after=a.shanten_after),
             t("advice.tiles", n=a.ukeire)]
    if wide and a.discards:
        parts.append(t("advice.discard", tiles=painter.kinds(a.discards).plain))
    if wide and a.dora:
        parts.append(t("advice.dora", n=a.dora))
    head = " · ".join(parts) + " · " + t("advice.yaku")  # "yaku: " / "役："
    if a.no_yaku:
        return head, t("advice.no_yaku")
    names = []
    for r in a.yaku:
        name = texts().yaku(r.name)
        names.append(t("advice.detour", name=name, n=r.detour) if r.detour else name)
    shown = names if wide else names[:1]
    text = ", ".join(shown)
    if len(names) > len(shown):
        text += " " + t("advice.more", n=len(names) - len(shown))
    return head + text, ""


def refused_tile_note(tile: int, view: PlayerView | None, legal: Sequence[Action],
                      painter: Any) -> str:
    """Why ``tile`` may not be discarded now, when the reason is kuikae (C4): the player is to
    discard right after a chi or pon (no tile drawn) and this tile is not among the discards
    allowed. "" for any other case (not the player's turn, a riichi hand, a tile allowed)."""
    discards = {a.tile for a in legal if isinstance(a, Discard)}
    if view is None or not discards or tile in discards or view.drawn is not None:
        return ""
    if view.riichi[view.seat] or tile not in view.concealed:
        return ""
    melds = view.melds[view.seat]
    if not melds or melds[-1].kind not in (MeldKind.CHI, MeldKind.PON):
        return ""
    return t("advice.kuikae", tile=painter.tiles([tile]).plain.strip())


def pick_note(view: PlayerView, hints: Any, pick: int | None, rules: RuleSet) -> str:
    """The line that says why the strong AI's pick (``▸``) is not the fastest discard: safer,
    it keeps a yaku (named), more valuable, a better shape (:func:`ai.advice.pick_reason`);
    "" when it is the fastest."""
    from ai.pick_reason import pick_reason

    reason = practice_aid(lambda: pick_reason(view, hints, pick, rules), None)
    if reason is None or pick is None:
        return ""
    if reason.startswith("yaku:"):
        return t("advice.pick_yaku", yaku=texts().yaku(reason[len("yaku:"):]))
    return t(f"advice.pick_{reason}")


class HandHints:
    """The discard hints (what each discard leaves: shanten, ukeire, best, furiten tenpai) and
    the tile the strong AI would discard; the AI's pick is computed once per view and legal
    actions, not once per paint."""

    def __init__(self) -> None:
        self._pick: tuple[PlayerView, tuple[Action, ...], int | None] | None = None
        #: why the pick differs from the fastest discard, in a few words ("" when it does not)
        self.reason = ""

    def __call__(self, view: PlayerView, legal: tuple[Action, ...],
                 rules: RuleSet) -> tuple[tuple[int, TileHint], ...]:
        from ai.advice import DiscardHint, ai_pick, discard_hints

        none: dict[int, DiscardHint] = {}
        hints = practice_aid(lambda: discard_hints(view), none)
        if self._pick is None or self._pick[0] is not view or self._pick[1] != legal:
            pick = practice_aid(lambda: ai_pick(view, legal, rules), None)
            self._pick = (view, legal, pick)
        pick = self._pick[2]
        self.reason = pick_note(view, hints, pick, rules)
        return tuple((k, TileHint(h.shanten, h.count, h.best, h.furiten, k == pick))
                     for k, h in sorted(hints.items()))

    @staticmethod
    def pick_tile(legal: tuple[Action, ...], hints: tuple[tuple[int, TileHint], ...]) -> int | None:
        """The tile the strong AI would discard, of the kind its hint marks: of a red and a
        plain five the plain one, as the AI chooses (``ai.base.discard_choices``), so that
        one tile carries the mark."""
        from ai.base import discard_choices, riichi_choices

        kind = next((k for k, h in hints if h.pick), None)
        if kind is None:
            return None
        choice = discard_choices(legal).get(kind) or riichi_choices(legal).get(kind)
        return None if choice is None else choice.tile
