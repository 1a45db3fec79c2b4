"""Grades of a decision by the value it lost, and the totals per category.

Bands (points, or final game score in points in the all-last; see ``ai.review.rollout``):

- ``best``: the played option has the highest expected value;
- ``fine``: it lost less than the paired 95% interval of its loss, or less than ``FINE`` points;
- ``inaccuracy``: lost less than ``MISTAKE`` points;
- ``mistake``: lost less than ``BLUNDER`` points;
- ``blunder``: lost ``BLUNDER`` points or more.

>>> grade(0.0, 0.0, True), grade(250.0, 100.0, False), grade(1500.0, 400.0, False)
('best', 'fine', 'mistake')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

FINE = 300.0  # below this a loss is never worse than fine
MISTAKE = 1000.0  # inaccuracy below, mistake from here
BLUNDER = 3000.0  # blunder from here
GRADES = ("best", "fine", "inaccuracy", "mistake", "blunder")


def grade(loss: float, loss_half: float, is_best: bool) -> str:
    """The grade of an option that lost ``loss`` ± ``loss_half`` against the best."""
    if is_best:
        return "best"
    if loss <= max(loss_half, FINE):
        return "fine"
    if loss < MISTAKE:
        return "inaccuracy"
    if loss < BLUNDER:
        return "mistake"
    return "blunder"


@dataclass(frozen=True, slots=True)
class CategoryTotal:
    """Per category: decisions reviewed, how many matched the best option, the value lost in
    all, and the count per grade."""

    category: str
    decisions: int
    matched: int
    lost: float
    grades: dict[str, int]

    @property
    def match_rate(self) -> float:
        return self.matched / self.decisions if self.decisions else 0.0


def totals(rows: Iterable[tuple[str, str, float]]) -> list[CategoryTotal]:
    """Totals from ``(category, grade, value lost)`` rows, categories in first-seen order."""
    count: dict[str, int] = {}
    matched: dict[str, int] = {}
    lost: dict[str, float] = {}
    by_grade: dict[str, dict[str, int]] = {}
    for category, g, loss in rows:
        count[category] = count.get(category, 0) + 1
        matched[category] = matched.get(category, 0) + (g == "best")
        lost[category] = lost.get(category, 0.0) + max(0.0, loss)
        by_grade.setdefault(category, dict.fromkeys(GRADES, 0))[g] += 1
    return [CategoryTotal(c, count[c], matched[c], lost[c], by_grade[c]) for c in count]


__all__ = ["BLUNDER", "FINE", "GRADES", "MISTAKE", "CategoryTotal", "grade", "totals"]
