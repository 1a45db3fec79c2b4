"""Drill answers in the history database: the table (schema version 2, ``history.MIGRATIONS``),
writing one answer, and the accuracy per category over time for the statistics screen.

An answer is *accurate* when its grade is ``best`` or ``fine`` (within the evaluator's interval,
or under 300 points: ``ai.review.grades``). Sessions are the drill screen's openings; weeks are
ISO weeks of the answer's UTC date.
"""

from __future__ import annotations

import datetime as _dt
import sqlite3
from dataclasses import dataclass, field

ACCURATE = ("best", "fine")


def v2(conn: sqlite3.Connection) -> None:
    """Schema 1 -> 2: the drill answers (old databases keep every game)."""
    conn.execute(
        """
        CREATE TABLE drills (
            answered  TEXT NOT NULL,      -- ISO 8601, UTC
            session   TEXT NOT NULL,      -- the drill session (when the screen opened)
            drill_id  TEXT NOT NULL,
            source    TEXT NOT NULL,      -- mistake | selfplay
            category  TEXT NOT NULL,      -- calls | riichi | push/fold ...
            grade     TEXT NOT NULL,      -- best | fine | inaccuracy | mistake | blunder
            lost      REAL NOT NULL       -- value lost against the best option, points
        )""")
    conn.execute("CREATE INDEX drills_by_session ON drills(session)")


@dataclass(frozen=True, slots=True)
class DrillAnswer:
    """One answered drill."""

    session: str
    drill_id: str
    source: str
    category: str
    grade: str
    lost: float
    answered: str = ""  # ISO 8601 UTC; now when empty


@dataclass(frozen=True, slots=True)
class Period:
    """Answers of one session or week in one category: ``accurate`` of ``answers``."""

    label: str
    answers: int
    accurate: int

    @property
    def rate(self) -> float:
        return self.accurate / self.answers if self.answers else 0.0


@dataclass(frozen=True, slots=True)
class DrillAccuracy:
    """The last sessions or weeks with answers (``labels``, oldest first: a session by the
    date it started, a week as ``2026-W48``) and per category (first-answered order) its
    ``Period`` in each of them (None: no answer of that category then), and all its answers."""

    answers: int = 0
    labels: list[str] = field(default_factory=list)
    by_category: dict[str, list[Period | None]] = field(default_factory=dict)
    totals: dict[str, Period] = field(default_factory=dict)


def insert(conn: sqlite3.Connection, a: DrillAnswer) -> None:
    when = a.answered or _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
    conn.execute("INSERT INTO drills VALUES (?,?,?,?,?,?,?)",
                 (when, a.session, a.drill_id, a.source, a.category, a.grade, float(a.lost)))


def _week(iso: str) -> str:
    try:
        y, w, _ = _dt.datetime.fromisoformat(iso).isocalendar()
    except ValueError:
        return "?"
    return f"{y}-W{w:02d}"


def accuracy(conn: sqlite3.Connection, by: str = "session", last: int = 6) -> DrillAccuracy:
    """The accuracy per category in the ``last`` sessions (``by="session"``) or ISO weeks
    (``by="week"``) that had answers, and in all."""
    rows = conn.execute(
        "SELECT answered, session, category, grade FROM drills ORDER BY answered, rowid"
    ).fetchall()
    counts: dict[tuple[str, str], list[int]] = {}
    keys: dict[str, None] = {}  # in order of first answer
    totals: dict[str, list[int]] = {}
    for answered, session, category, grade in rows:
        # a session is keyed whole (two sessions of a day stay apart), labelled by its date
        key = session if by == "session" else _week(answered)
        keys[key] = None
        for c in (counts.setdefault((category, key), [0, 0]),
                  totals.setdefault(category, [0, 0])):
            c[0] += 1
            c[1] += grade in ACCURATE
    shown = list(keys)[-last:]
    labels = [k[5:10] if by == "session" else k for k in shown]
    out = {category: [Period(label, *counts[(category, k)]) if (category, k) in counts else None
                      for k, label in zip(shown, labels, strict=True)]
           for category in totals}
    return DrillAccuracy(len(rows), labels, out,
                         {c: Period("", n, a) for c, (n, a) in totals.items()})


__all__ = ["ACCURATE", "DrillAccuracy", "DrillAnswer", "Period", "accuracy", "insert", "v2"]
