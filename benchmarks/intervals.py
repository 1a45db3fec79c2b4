"""The 95% interval of a mean, as the benchmarks print their figures (``mean +- half``)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def mean_interval(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``xs`` (not empty) and the half-width of its 95% interval: 1.96 standard
    errors, the sample's standard deviation over n - 1; no width for a single figure.

    >>> [round(x, 3) for x in mean_interval([1, 3])]
    [2.0, 1.96]
    >>> mean_interval([5])
    (5.0, 0.0)
    """
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)
