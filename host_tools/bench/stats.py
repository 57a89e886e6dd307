"""Small statistics for the bench: percentiles by nearest rank, and a summary row."""

import math


def percentile(values, fraction):
    """The nearest-rank percentile (fraction 0.5 = median) of a list of numbers, or None."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def summary(values):
    """{"n", "p50", "p95", "max"} of a list of numbers (None where there are none)."""
    return {
        "n": len(values),
        "p50": percentile(values, 0.5),
        "p95": percentile(values, 0.95),
        "max": max(values) if values else None,
    }
