"""Confidence intervals for Monte Carlo estimates (simulations of Goose, Memory, Win or Lose)."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959964


@dataclass(frozen=True)
class Interval:
    """An estimate with a 95 % confidence interval."""

    estimate: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.estimate:.4f} [{self.low:.4f}, {self.high:.4f}]"

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high


def wilson(successes: int, n: int, z: float = Z95) -> Interval:
    """Wilson score interval of a proportion: sound near 0 and 1, where the normal one is not."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Interval(p, centre - half, centre + half)


def mean_interval(total: float, total_sq: float, n: int, z: float = Z95) -> Interval:
    """Normal interval of a mean from the sum and the sum of squares of n samples."""
    mean = total / n
    var = max(total_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
    half = z * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half)


__all__ = ["Z95", "Interval", "mean_interval", "wilson"]
