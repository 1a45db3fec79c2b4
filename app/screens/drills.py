"""Drills (title screen → d): close call, riichi and push/fold positions to answer, from the
player's own reviewed mistakes first, then from seeded self-play (``app.storage.drills``).

The screen shows the position as the deciding seat saw it: the round, dora and scores, every
seat's melds and river (the discard to call on marked), the seat's own hand, and the question
with the options. The player answers with the keys of play: the number of a call or riichi
(as the call bar numbers them), Esc to pass, a tile's letter to discard it (a discard the drill
did not evaluate is evaluated then, on the same samples). Then the evaluator's table (value ±
interval, win and deal-in rates, shanten, tiles, yaku or "none!") and a one-line reason; ``v``
shows it without answering. Enter: the next drill; q: back. Each answer is kept with its grade
in the history (``drill_results``) for the statistics screen's accuracy per category.

Self-play drills are made in a worker thread while the player answers (a few ahead, kept in
the data directory): the first one of a new player takes a self-play game and its evaluation.
"""

from __future__ import annotations

import threading
from typing import Any

from rich.console import Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ai.review.rollout import Cancelled
from app.i18n import action_text, seat_name, set_players, t
from app.screens.base import SizeAware
from app.screens.review import grade_text, option_label, option_table, pick_verdict
from app.storage import drills as store
from app.widgets.hand import TILE_KEYS
from app.widgets.replay_seat import ReplaySeat, seat_state, table_bar
from engine.actions import Action, Discard, Pass, action_from_dict
from engine.tiles import dora_of

DEAL_IN_GAP = 0.05  # a deal-in rate this much lower is the reason given first


def option_keys(d: dict[str, Any], shown: tuple[int, ...]) -> list[str]:
    """The key of each option as in play: Esc for the pass, a discard's tile letter (its place
    in ``shown``, the hand then the drawn tile), numbers for calls and riichi in order."""
    keys, n = [], 0
    for o in d["options"]:
        a = action_from_dict(o["action"])
        if isinstance(a, Pass):
            keys.append("Esc")
        elif type(a) is Discard and a.tile in shown and shown.index(a.tile) < len(TILE_KEYS):
            keys.append(TILE_KEYS[shown.index(a.tile)])
        else:
            n += 1
            keys.append(str(n))
    return keys


def _facts(d: dict[str, Any], text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    o = next(o for o in d["options"] if o["text"] == text)
    det = next((x for x in d["details"] if x["text"] == text), {"shanten": None, "yaku": []})
    return o, det


def reason(d: dict[str, Any], picked: str | None) -> str:
    """One line on why the best option is best, from what the options' facts say: against the
    pick (or, picked best or nothing picked, against the runner-up)."""
    options = sorted(d["options"], key=lambda o: -o["value"])
    if len(options) < 2:
        return ""
    best = options[0]
    other = next((o for o in options if o["text"] == picked), None)
    if other is None or other is best:
        other = options[1]
    b, bd = _facts(d, best["text"])
    o, od = _facts(d, other["text"])
    gap = b["value"] - o["value"]
    names = {"best": option_label(d, b["text"]), "other": option_label(d, o["text"])}
    if gap <= max(o["loss_interval"], 300.0):
        return t("drills.why_close", gap=f"{gap:.0f}", **names)
    if o["deal_in_rate"] - b["deal_in_rate"] >= DEAL_IN_GAP:
        return t("drills.why_safer", rate=f"{100 * b['deal_in_rate']:.0f}",
                 other_rate=f"{100 * o['deal_in_rate']:.0f}", **names)
    if bd["yaku"] and not od["yaku"] and od.get("shanten") is not None:
        return t("drills.why_yaku", **names)
    if (bd.get("shanten") is not None and od.get("shanten") is not None
            and bd["shanten"] < od["shanten"]):
        return t("drills.why_faster", **names)
    if b["win_rate"] - o["win_rate"] >= DEAL_IN_GAP:
        return t("drills.why_wins", rate=f"{100 * b['win_rate']:.0f}",
                 other_rate=f"{100 * o['win_rate']:.0f}", **names)
    return t("drills.why_value", gap=f"{gap:.0f}", **names)


class DrillScreen(SizeAware, Screen):
    """One drill at a time; answers kept in the history."""

    BINDINGS = [
        *[Binding(str(n), f"number({n})", t("drills.answer"), show=n == 1, key_display="1-9")
          for n in range(1, 10)],
        *[Binding(k, f"letter({i})", t("action.tile"), show=False) for i, k in enumerate(TILE_KEYS)],
        Binding("escape", "pass", t("action.pass"), key_display="Esc"),
        Binding("v", "reveal", t("drills.reveal"), key_display="v"),
        Binding("enter", "next", t("drills.next"), key_display="⏎"),
        Binding("q", "close", t("stats.back")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.cache, self.bad = store.load_cache()
        self.queue: list[dict[str, Any]] = []
        self.drill: dict[str, Any] | None = None
        self.decision: dict[str, Any] | None = None  # the drill's, with an answer evaluated
        self.view: Any = None
        self.legal: tuple[Action, ...] = ()
        self.keys: list[str] = []
        self.picked: int | None = None
        self.revealed = False
        self.busy = False  # evaluating an answer the drill had not evaluated
        self.stop = threading.Event()
        self.making = False
        self.session = store.new_session()

    def compose(self) -> ComposeResult:
        yield Static(id="drill-bar")
        with VerticalScroll(id="drill-box"):
            for seat in range(4):
                yield ReplaySeat(id=f"drill-seat-{seat}", classes="replay-seat")
            yield Static(id="drill-ask")
            yield Static(id="drill-table")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        if self.bad is not None:
            self.notify(t("drills.bad_cache", why=self.bad), severity="warning", timeout=8)
        self.queue = store.mistake_drills(self.cache["done"])
        self.queue += [d for d in self.cache["drills"] if d["source"] == "selfplay"]
        self.make_more()
        self.next_drill()

    # --- the queue ------------------------------------------------------------------------
    def make_more(self) -> None:
        if not self.making:
            self.making = True
            self.run_maker()

    @work(thread=True, exclusive=True, group="drill-maker")
    def run_maker(self) -> None:
        try:
            store.make_selfplay(self.cache, cancelled=self.stop.is_set,
                                added=lambda e: self.app.call_from_thread(self.added, e))
        except Cancelled:
            return
        except Exception as exc:  # a drill that cannot be made is not worth the screen
            self.app.call_from_thread(self.notify, t("drills.failed", why=str(exc)),
                                      severity="error")
        finally:
            self.making = False

    def added(self, entry: dict[str, Any]) -> None:
        if self.stop.is_set():
            return
        self.queue.append(entry)
        if self.drill is None:
            self.next_drill()

    def next_drill(self) -> None:
        self.make_more()  # keep a few self-play drills ahead of the player
        while self.queue:
            entry = self.queue.pop(0)
            if entry["id"] in self.cache["done"]:
                continue
            try:
                _game, self.view, self.legal = store.position(entry)
            except ValueError as exc:
                store.answered(self.cache, entry["id"])
                self.notify(t("drills.unplayable", why=str(exc)), severity="warning")
                continue
            self.drill, self.decision = entry, entry["decision"]
            self.picked, self.revealed, self.busy = None, False, False
            self.show()
            return
        self.drill = None
        self.query_one("#drill-bar", Static).update(Text(" " + t("drills.title"), style="bold"))
        for seat in range(4):
            self.query_one(f"#drill-seat-{seat}", ReplaySeat).display = False
        self.query_one("#drill-ask", Static).update(t("drills.preparing"))
        self.query_one("#drill-table", Static).update("")

    # --- showing --------------------------------------------------------------------------
    def shown(self) -> tuple[int, ...]:
        v = self.view
        return v.hand + ((v.drawn,) if v.drawn is not None else ())

    def show(self) -> None:
        assert self.drill is not None and self.decision is not None
        v, d, p = self.view, self.decision, self.app.painter
        players = len(v.scores)
        set_players(players)
        dora = frozenset(dora_of(i >> 2, players) for i in v.dora_indicators)
        latest = v.last_discard[0] if v.last_discard is not None else None
        for seat in range(4):
            widget = self.query_one(f"#drill-seat-{seat}", ReplaySeat)
            widget.display = seat < players
            if seat >= players:
                continue
            widget.state = seat_state(v, seat, seat_name(seat, v.seat), dora, seat == latest)
        bar = table_bar(v, p)
        bar.append(t(f"drills.source_{self.drill['source']}"), style="dim")
        self.query_one("#drill-bar", Static).update(bar)
        self.keys = option_keys(d, self.shown())
        self.query_one("#drill-ask", Static).update(self.question())
        self.query_one("#drill-table", Static).update(self.table())
        self.refresh_bindings()

    def question(self) -> Text:
        assert self.decision is not None
        v, category = self.view, self.decision["category"]
        if category == "calls" and v.last_discard is not None:
            seat, tile = v.last_discard
            ask = t("drills.ask_call", seat=seat_name(seat, v.seat),
                    tile=self.app.painter.tiles([tile]).plain.strip())
        else:
            ask = t(f"drills.ask_{category.replace('/', '_')}")
        line = Text(t("review.cat_" + category.replace("/", "_")) + " · ", style="bold")
        line.append(ask)
        return line

    def table(self) -> Group | Text:
        d = self.decision
        assert d is not None
        mark = t(f"drills.mark_{self.drill['source']}") if self.drill else None
        if self.busy:
            return Text(t("drills.evaluating"))
        if not self.revealed:
            return Group(self.options(d, reveal=False), Text(t("drills.hint"), style="dim"))
        parts: list[Any] = []
        if self.picked is not None:
            verdict = pick_verdict(d, self.picked)
            text = d["details"][self.picked]["text"]
            parts.append(Text(t("review.your_pick", option=option_label(d, text),
                                grade=grade_text(verdict)), style="bold"))
        else:
            parts.append(Text(t("drills.shown"), style="bold"))
        picked = d["details"][self.picked]["text"] if self.picked is not None else None
        parts.append(Text(reason(d, picked)))
        parts.append(self.options(d, self.picked, played_mark=mark))
        parts.append(Text(t("drills.after"), style="dim"))
        return Group(*parts)

    def options(self, d: dict[str, Any], picked: int | None = None, reveal: bool = True,
                played_mark: str | None = None) -> Any:
        """The review's option table with the keys of play, one space between columns: every
        column fits 80 columns beside the longest call."""
        table = option_table(d, picked, reveal, keys=self.keys, played_mark=played_mark)
        table.padding = (0, 1, 0, 0)
        return table

    # --- answering ------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        open_ = self.drill is not None and not self.revealed and not self.busy
        if action in ("number", "letter", "reveal"):
            return open_
        if action == "pass":
            return open_ and "Esc" in self.keys
        if action == "next":
            return self.drill is not None and self.revealed
        return True

    def answer(self, index: int) -> None:
        assert self.drill is not None and self.decision is not None
        self.picked, self.revealed = index, True
        d = self.decision
        g = pick_verdict(d, index)
        mine = next((o for o in d["options"] if o["text"] == d["details"][index]["text"]), None)
        lost = 0.0 if mine is None or g == "best" else float(mine["loss"])
        store.answered(self.cache, self.drill["id"])
        store.record_answer(self.session, self.drill, d["category"], g, lost)
        self.show()

    def action_number(self, n: int) -> None:
        key = str(n)
        if key in self.keys:
            self.answer(self.keys.index(key))
        else:
            self.app.bell()

    def action_pass(self) -> None:
        if "Esc" in self.keys:
            self.answer(self.keys.index("Esc"))

    def action_letter(self, i: int) -> None:
        shown = self.shown()
        if i >= len(shown):
            self.app.bell()
            return
        key = TILE_KEYS[i]
        if key in self.keys:
            self.answer(self.keys.index(key))
            return
        tile = shown[i]
        action = next((a for a in self.legal if type(a) is Discard and a.tile == tile), None)
        if action is None:
            self.app.bell()
            self.notify(t("drills.not_now", tile=action_text(Discard(tile))))
            return
        self.busy = True
        self.refresh_bindings()
        self.query_one("#drill-table", Static).update(self.table())
        self.evaluate_answer(self.drill, action)

    @work(thread=True, exclusive=True, group="drill-answer")
    def evaluate_answer(self, entry: dict[str, Any] | None, action: Action) -> None:
        assert entry is not None
        try:
            d = store.with_answer(entry, action, cancelled=self.stop.is_set)
        except Cancelled:
            return
        except ValueError as exc:
            self.app.call_from_thread(self.notify, t("drills.failed", why=str(exc)),
                                      severity="error")
            return
        self.app.call_from_thread(self.answered_new, entry, d)

    def answered_new(self, entry: dict[str, Any], d: dict[str, Any]) -> None:
        if self.drill is not entry or self.stop.is_set():
            return
        self.decision = d
        self.busy = False
        self.keys = option_keys(d, self.shown())
        self.answer(len(d["details"]) - 1)

    def action_reveal(self) -> None:
        if self.drill is not None and not self.busy:
            self.revealed = True  # shown, not answered: no accuracy is kept for it
            store.answered(self.cache, self.drill["id"])
            self.show()

    def action_next(self) -> None:
        self.next_drill()

    def action_close(self) -> None:
        self.stop.set()
        self.app.pop_screen()

    def on_unmount(self) -> None:
        self.stop.set()  # the app quits: the self-play worker stops at its next action


__all__ = ["DrillScreen", "option_keys", "reason"]
