"""The review of a finished game in the app (from the final standings and the replays list).

``ReviewScreen`` computes the review in a worker thread with a progress line (decisions done /
total; Esc cancels) unless it is kept (``app.storage.reviews``: opening it again is instant), then
shows the match rate and the value lost per category and the decisions worth looking at (``f``
cycles: inaccuracies and worse, mistakes and blunders only, every decision). Enter opens the
replay viewer at that decision with its option table (``ReviewViewerScreen``), ``w`` opens it in
"what would you do?" mode: the verdict and the played action stay hidden (the viewer cannot step
on) until the player picks an option with its number key. Inside the viewer ``]`` / ``[`` go to
the next / previous decision of the list.
"""

from __future__ import annotations

import threading
from typing import Any

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ai.review.grades import grade
from ai.review.review import DEFAULT_SAMPLES
from app.i18n import action_text, round_label, t
from app.screens.base import SizeAware
from app.screens.replay_viewer import ReplayError, ReplayViewerScreen
from app.storage.history import History, PlayedGame
from app.storage.played import seat_kind
from app.storage.reviews import Cancelled, ReviewKey, compute, keep, load_kept

FILTERS = ("worth", "mistakes", "all")
# the review's settings when opened from the standings or the replays list (tests make it
# small); samples None: the player's Settings (review_samples)
SETTINGS: dict[str, Any] = {"samples": None, "seed": 0, "limit": None}
#: processes sharing each decision's samples (app.storage.reviews.worker_pool): the two cores
WORKERS = 2
WORTH = ("inaccuracy", "mistake", "blunder")
YAKU_WIDTH = 16  # the yaku column's most columns: the table fits 80 columns
GRADE_STYLE = {"best": "bold", "fine": "", "inaccuracy": "italic", "mistake": "bold reverse",
               "blunder": "bold reverse"}


def human_seat(record: PlayedGame) -> int:
    """The seat a person played (the first), 0 when none did."""
    return next((i for i, s in enumerate(record.seats) if seat_kind(s) == "human"), 0)


def shown(decisions: list[dict[str, Any]], which: str) -> list[dict[str, Any]]:
    """The decisions a filter keeps, in game order."""
    if which == "all":
        return list(decisions)
    grades = WORTH if which == "worth" else ("mistake", "blunder")
    return [d for d in decisions if d["grade"] in grades]


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def round_text(d: dict[str, Any]) -> str:
    """The decision's round in the current language (``East 4, 2 honba``)."""
    if not isinstance(d.get("round_index"), int) or not isinstance(d.get("honba"), int):
        return str(d["round"])
    label = round_label(d["round_index"])
    return f"{label}, {t('table.honba', n=d['honba'])}" if d["honba"] else label


def grade_text(g: str) -> str:
    return t(f"review.grade_{g}")


def summary_table(data: dict[str, Any]) -> Table:
    """Match rate and value lost per category, and in all."""
    table = Table(box=None, header_style="bold", pad_edge=False)
    for heading, justify in (("category", "left"), ("decisions", "right"), ("match", "right"),
                             ("lost", "right"), ("grades", "left")):
        table.add_column(t(f"review.col_{heading}"), justify=justify)
    for c in data["categories"]:
        g = c["grades"]
        table.add_row(t(f"review.cat_{c['category'].replace('/', '_')}"), str(c["decisions"]),
                      _pct(c["match_rate"]), f"{c['lost']:.0f}",
                      f"{g['inaccuracy']}/{g['mistake']}/{g['blunder']}")
    table.add_row(Text(t("review.all"), style="bold"), str(len(data["decisions"])),
                  Text(_pct(data["match_rate"]), style="bold"), f"{data['lost']:.0f}", "")
    return table


def decision_label(d: dict[str, Any]) -> Text:
    """``blunder    East 1 #21  discard 1p → discard 5m  -3950 ±3622  efficiency``: the grade
    first and one line (cut at the edge), so a narrow terminal still shows what matters."""
    line = Text(no_wrap=True, overflow="ellipsis")
    g = grade_text(d["grade"])
    line.append(g + " " * max(0, 10 - cell_len(g)), style=GRADE_STYLE.get(d["grade"], ""))
    line.append(f" {round_text(d)} #{d['index']}  {option_label(d, d['played_text'])}")
    if d["grade"] != "best" and not d["obvious"]:
        line.append(f" → {option_label(d, d['best_text'])}  -{d['lost']:.0f}"
                    f" ±{d['lost_interval']:.0f}")
    line.append(f"  {t('review.cat_' + d['category'].replace('/', '_'))}", style="dim")
    return line


def yaku_text(yaku: list[str]) -> str:
    """The first yaku route and how many more (``Riichi +1``), or "none!"."""
    if not yaku:
        return t("review.no_yaku")
    from app.i18n import texts

    more = f" +{len(yaku) - 1}" if len(yaku) > 1 else ""
    return texts().yaku(yaku[0]) + more


def option_label(d: dict[str, Any], text: str) -> str:
    """The option whose engine text is ``text`` in the current language (its action is kept
    with the decision's values or details; an older kept review's English text otherwise)."""
    for o in (*d.get("options", ()), *d.get("details", ())):
        if o.get("text") == text and isinstance(o.get("action"), dict):
            return action_text(o["action"])
    for key in ("played", "best"):
        if d.get(f"{key}_text") == text and isinstance(d.get(key), dict):
            return action_text(d[key])
    return text


def option_table(d: dict[str, Any], picked: int | None = None, reveal: bool = True,
                 keys: list[str] | None = None, played_mark: str | None = None) -> Table:
    """Each option of a decision: number (or its key in ``keys``), action, shanten, tiles, yaku
    or "none!", and when revealed its value ± interval, win and deal-in rates and marks
    (played, or ``played_mark``; best; your pick)."""
    table = Table(box=None, header_style="bold", pad_edge=False)
    cols = ["#", "option", "shanten", "tiles", "yaku"]
    if reveal:
        cols += ["value", "win", "deal_in", "mark"]
    for c in cols:
        # one line per option: a long list of yaku is cut rather than wrapped
        table.add_column(t(f"review.col_{c}") if c != "#" else "#",
                         justify="right" if c in ("shanten", "tiles", "value", "win", "deal_in")
                         else "left", no_wrap=c in ("yaku", "value", "option"),
                         overflow="ellipsis" if c == "yaku" else "fold",
                         max_width=YAKU_WIDTH if c == "yaku" else None)
    values = {o["text"]: o for o in d["options"]}
    best = max(d["options"], key=lambda o: o["value"])["text"] if d["options"] else d["best_text"]
    for i, det in enumerate(d["details"]):
        text = det["text"]
        shanten = "-" if det["shanten"] is None else (
            t("review.win") if det["shanten"] < 0 else str(det["shanten"]))
        tiles = "-" if not det["tiles"] else str(det["tiles"])
        key = keys[i] if keys is not None and i < len(keys) else str(i + 1)
        row: list[Any] = [key, option_label(d, text), shanten, tiles, yaku_text(det["yaku"])]
        if reveal:
            o = values.get(text)
            marks = []
            if text == d["played_text"]:
                marks.append(played_mark or t("review.mark_played"))
            if text == best:
                marks.append(t("review.mark_best"))
            if picked == i:
                marks.append(t("review.mark_pick"))
            if o is None:
                row += ["", "", "", ",".join(marks)]
            else:
                row += [f"{o['value']:+.0f} ±{o['interval']:.0f}", _pct(o["win_rate"]),
                        _pct(o["deal_in_rate"]), ",".join(marks)]
        style = "bold" if reveal and text == best else ""
        table.add_row(*row, style=style)
    return table


def pick_verdict(d: dict[str, Any], picked: int) -> str:
    """The grade of the option the player picked (as the review grades the played one)."""
    text = d["details"][picked]["text"]
    options = d["options"]
    if not options:
        return "best" if text == d["played_text"] else "fine"
    best = max(options, key=lambda o: o["value"])
    mine = next((o for o in options if o["text"] == text), None)
    if mine is None:
        return "fine"
    return grade(mine["loss"], mine["loss_interval"], mine is best)


# --------------------------------------------------------------------------- the viewer


class ReviewViewerScreen(ReplayViewerScreen):
    """The replay viewer at a reviewed decision, with its option table; ``]``/``[`` the next /
    previous decision of the review list; ``guess``: "what would you do?" (keys 1-9 pick)."""

    BINDINGS = [
        Binding("right_square_bracket", "decision(1)", t("review.next"), key_display="]"),
        Binding("left_square_bracket", "decision(-1)", t("review.prev"), key_display="["),
        *[Binding(str(n), f"pick({n - 1})", t("review.pick"), show=n == 1,
                  key_display="1-9") for n in range(1, 10)],
    ]

    def __init__(self, record: PlayedGame, decisions: list[dict[str, Any]], at: int,
                 guess: bool = False) -> None:
        super().__init__(record)
        self.decisions = decisions
        self.at = at
        self.guess = guess
        self.picked: int | None = None

    def frame_of(self, d: dict[str, Any]) -> int:
        """The step before the decision's action: the last frame taken by then."""
        index = 0
        for i, f in enumerate(self.frames):
            if f.actions <= d["index"]:
                index = i
        return index

    def on_mount(self) -> None:
        self.go(self.at)

    def go(self, at: int) -> None:
        self.at = at
        self.picked = None
        target = self.frame_of(self.decisions[at])
        if self.index == target:
            self.show(target)
        else:
            self.index = target

    @property
    def hiding(self) -> bool:
        return self.guess and self.picked is None and bool(self.decisions[self.at]["options"])

    def show(self, index: int) -> None:
        # the base viewer's on_mount (Textual runs it after this class's) shows step 0: the
        # step shown is always the current one
        index = self.index
        super().show(index)
        d = self.decisions[self.at]
        if index != self.frame_of(d):
            return
        events = self.query_one("#replay-events", Static)
        head = Text(t("review.decision", n=self.at + 1, total=len(self.decisions),
                      round=round_text(d), category=t("review.cat_" + d["category"].replace(
                          "/", "_"))), style="bold")
        parts: list[Any] = [head]
        if self.hiding:
            parts.append(Text(t("review.guess_prompt")))
            parts.append(option_table(d, reveal=False))
        else:
            if self.picked is not None:
                verdict = pick_verdict(d, self.picked)
                option = option_label(d, d["details"][self.picked]["text"])
                parts.append(Text(t("review.your_pick", option=option,
                                    grade=grade_text(verdict)), style="bold"))
            line = Text(t("review.played", option=option_label(d, d["played_text"]),
                          grade=grade_text(d["grade"])))
            if d["grade"] != "best" and not d["obvious"]:
                line.append(" " + t("review.lost", best=option_label(d, d["best_text"]),
                                    lost=f"{d['lost']:.0f}",
                                    half=f"{d['lost_interval']:.0f}"))
            if d["obvious"]:
                line.append(" " + t("review.obvious"))
            parts.append(line)
            parts.append(option_table(d, self.picked))
        from rich.console import Group

        events.update(Group(*parts))

    def action_step(self, delta: int) -> None:
        if self.hiding:  # the next step would show what was played
            self.notify(t("review.pick_first"))
            return
        super().action_step(delta)

    def action_jump(self, where: str) -> None:
        if self.hiding:
            self.notify(t("review.pick_first"))
            return
        super().action_jump(where)

    def action_round(self, delta: int) -> None:
        if self.hiding:
            self.notify(t("review.pick_first"))
            return
        super().action_round(delta)

    def action_decision(self, delta: int) -> None:
        target = self.at + delta
        if 0 <= target < len(self.decisions):
            self.go(target)
        else:
            self.app.bell()

    def action_pick(self, n: int) -> None:
        d = self.decisions[self.at]
        if not self.guess or self.picked is not None:
            return
        if n >= len(d["details"]):
            self.notify(t("review.no_option", n=n + 1, count=len(d["details"])))
            return
        self.picked = n
        self.show(self.index)


# --------------------------------------------------------------------------- the list


class ReviewScreen(SizeAware, Screen):
    """A game's review: computed (with progress, Esc cancels) or read from the kept file."""

    BINDINGS = [
        Binding("enter", "open", t("review.open"), key_display="⏎"),
        Binding("w", "guess", t("review.guess"), key_display="w"),
        Binding("f", "filter", t("review.filter"), key_display="f"),
        Binding("escape", "close", t("stats.back"), key_display="Esc"),
        Binding("q", "close", t("stats.back"), show=False),
    ]

    def __init__(self, record: PlayedGame, *, seat: int | None = None,
                 samples: int = DEFAULT_SAMPLES, seed: int = 0, limit: int | None = None,
                 workers: int = 1) -> None:
        super().__init__()
        self.record = record
        seat = human_seat(record) if seat is None else seat
        self.key = ReviewKey(record.game_id, seat, samples, seed, limit)
        self.review_workers = workers
        self.data: dict[str, Any] | None = None
        self.which = "worth"
        self.cancel = threading.Event()
        self.running = False  # a review is being computed (Esc cancels it)

    def compose(self) -> ComposeResult:
        with Vertical(id="review-box"):
            yield Static(t("review.title", date=self.record.finished[:16].replace("T", " ")),
                         classes="heading")
            yield Static(id="review-progress")
            yield Static(id="review-summary")
            yield Static(id="review-filter", classes="hint")
            yield OptionList(id="review-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#review-list").display = False
        data, why = load_kept(self.key)
        if why is not None:
            self.notify(t("review.bad_kept", why=why), severity="warning", timeout=8)
        if data is not None:
            self.finished(data)
            return
        self.progress(0, 0)
        self.running = True
        self.run_review()

    def progress(self, done: int, total: int) -> None:
        text = (t("review.progress", done=done, total=total) if total
                else t("review.starting"))
        self.query_one("#review-progress", Static).update(text + " · " + t("review.esc_cancels"))

    @work(thread=True, exclusive=True)
    def run_review(self) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self.progress, done, total)

        try:
            # in this worker thread: the pool's processes start here, off Textual's loop
            data = compute(self.record, self.key, progress, self.cancel.is_set,
                           self.review_workers)
        except Cancelled:
            return
        except ValueError as exc:
            self.app.call_from_thread(self.failed, str(exc))
            return
        try:
            keep(self.key, data)
        except OSError as exc:
            self.app.call_from_thread(self.notify, t("review.not_kept", why=str(exc)),
                                      severity="warning")
        self.app.call_from_thread(self.finished, data)

    def failed(self, why: str) -> None:
        self.running = False
        self.query_one("#review-progress", Static).update(t("review.failed", why=why))

    def finished(self, data: dict[str, Any]) -> None:
        if self.cancel.is_set():
            return
        self.data = data
        self.running = False
        progress = self.query_one("#review-progress", Static)
        progress.display = False
        self.query_one("#review-summary", Static).update(summary_table(data))
        self.fill()

    def fill(self) -> None:
        assert self.data is not None
        rows = shown(self.data["decisions"], self.which)
        self.query_one("#review-filter", Static).update(
            t(f"review.filter_{self.which}", n=len(rows), total=len(self.data["decisions"])))
        menu = self.query_one("#review-list", OptionList)
        menu.clear_options()
        menu.add_options([Option(decision_label(d)) for d in rows])
        menu.display = bool(rows)
        if rows:
            menu.highlighted = 0
            menu.focus()

    def rows(self) -> list[dict[str, Any]]:
        return [] if self.data is None else shown(self.data["decisions"], self.which)

    def action_filter(self) -> None:
        if self.data is None:
            return
        self.which = FILTERS[(FILTERS.index(self.which) + 1) % len(FILTERS)]
        self.fill()

    def open_at(self, guess: bool) -> None:
        rows = self.rows()
        menu = self.query_one("#review-list", OptionList)
        if not rows or menu.highlighted is None:
            self.app.bell()
            return
        try:
            screen = ReviewViewerScreen(self.record, rows, menu.highlighted, guess=guess)
        except ReplayError as e:
            self.notify(str(e), severity="error", timeout=8)
            return
        self.app.push_screen(screen)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open_at(False)

    def action_open(self) -> None:
        self.open_at(False)

    def action_guess(self) -> None:
        self.open_at(True)

    def action_close(self) -> None:
        if self.running:
            self.cancel.set()
            self.notify(t("review.cancelled"))
        self.app.pop_screen()


def open_review(screen: Screen, game_id: str | None, seed: int | None = None) -> None:
    """Push the review of ``game_id`` (None: the newest finished game, which must have been
    dealt from ``seed`` when given) over ``screen``, or say in one line why it cannot be."""
    with History.open(check=False) as h:
        if game_id is None:
            games = h.list_games(1)
            game_id = games[0].game_id if games else None
        record = h.get_game(game_id) if game_id is not None else None
    if record is None or (seed is not None and record.seed != seed):
        screen.notify(t("review.missing"), severity="error")
        return
    settings = dict(SETTINGS)
    if settings["samples"] is None:
        settings["samples"] = screen.app.settings.review_samples
    screen.app.push_screen(ReviewScreen(record, workers=WORKERS, **settings))


__all__ = ["ReviewScreen", "ReviewViewerScreen", "open_review", "option_label", "option_table",
           "pick_verdict", "shown"]
