"""Summary figures shared by the CLI, the bots' arena and the benchmarks: one definition of a percentile."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TypeVar

Number = TypeVar("Number", int, float)


def percentile(values: Iterable[Number], fraction: float) -> Number:
    """The nearest-rank percentile: the smallest value with at least `fraction` of the values at or below it.

    `percentile(range(1, 101), 0.99)` is 99 (not the maximum); `fraction` 0.5 of an even count is the lower middle.
    Raises `ValueError` for no values or a fraction outside 0..1.
    """
    ordered = sorted(values)
    if not ordered:
        raise ValueError("percentile of no values")
    if not 0.0 <= fraction <= 1.0:
        raise ValueError(f"percentile fraction {fraction!r} is not between 0 and 1")
    rank = max(1, math.ceil(round(fraction * len(ordered), 9)))
    return ordered[rank - 1]
