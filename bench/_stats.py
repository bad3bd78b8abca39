"""Summary statistics shared by the benchmarks (run them as `python bench/NAME.py`)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank) of `values`; q in 0..100."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def p50_p99(values: Sequence[float]) -> dict[str, float]:
    """The median and the 99th percentile."""
    return {"p50": statistics.median(values), "p99": percentile(values, 99)}
