"""Floats to nearby fractions: bounds rounded outwards to short numbers, stationary strategies as exact
probability vectors, float values as the fractions an exact check tries. (`nearby_fraction` is the one
rounding of a float to a fraction here, so that the exact-LP recipe's own can replace it.)"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any


def nearby_fraction(x: float, max_denominator: int) -> Fraction:
    """The fraction closest to the float `x` with a denominator of at most `max_denominator`."""
    return Fraction(x).limit_denominator(max_denominator)


def round_down(value: Fraction) -> Fraction:
    """A nearby float (as a Fraction) not above `value`: keeps a lower bound's numbers short."""
    f = float(value)
    while Fraction(f) > value:
        f = math.nextafter(f, -math.inf)
    return Fraction(f)


def round_up(value: Fraction) -> Fraction:
    f = float(value)
    while Fraction(f) < value:
        f = math.nextafter(f, math.inf)
    return Fraction(f)


def rational_pair(pair: tuple[tuple[Any, ...], tuple[Any, ...]]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    return rational_strategy(pair[0]), rational_strategy(pair[1])


def rational_strategy(strategy: tuple[Any, ...]) -> tuple[Any, ...]:
    """Float mixtures as exact probability vectors (the exact checks need them to sum to 1)."""
    if strategy and isinstance(strategy[0], tuple):
        return tuple(rational_strategy(mix) for mix in strategy)
    fracs = [nearby_fraction(max(float(p), 0.0), 10**12) for p in strategy]
    total = sum(fracs, Fraction(0))
    return tuple(p / total for p in fracs)
