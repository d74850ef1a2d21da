"""Floats to nearby fractions: bounds rounded outwards to short numbers, stationary strategies as exact
probability vectors. The rounding of a float to a fraction is the exact-LP recipe's (`exactlp.rounded`);
the directed rounding of a fraction to a float is parlour's one (`results.down` and `results.up`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from parlour.results import down, up
from parlour.solvers import exactlp


def round_down(value: Fraction) -> Fraction:
    """A nearby float (as a Fraction) not above `value`: keeps a lower bound's numbers short."""
    return Fraction(down(value))


def round_up(value: Fraction) -> Fraction:
    """A nearby float (as a Fraction) not below `value`: keeps an upper bound's numbers short."""
    return Fraction(up(value))


def rational_pair(pair: tuple[tuple[Any, ...], tuple[Any, ...]]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    return rational_strategy(pair[0]), rational_strategy(pair[1])


def rational_strategy(strategy: tuple[Any, ...]) -> tuple[Any, ...]:
    """Float mixtures as exact probability vectors (the exact checks need them to sum to 1)."""
    if strategy and isinstance(strategy[0], tuple):
        return tuple(rational_strategy(mix) for mix in strategy)
    fracs = exactlp.rounded(strategy, 10**12, nonnegative=True)
    total = sum(fracs, Fraction(0))
    return tuple(p / total for p in fracs)
