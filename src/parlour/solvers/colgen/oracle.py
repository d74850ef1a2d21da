"""The pricing-oracle protocol: how a game hands column generation its column player's best responses.

A column is an integer payoff vector over the row player's m pure strategies. `Oracle` is what the loop
needs; an oracle that can price several points at once (perhaps in parallel) and return near-best
responses as well declares it by implementing `BatchOracle` (checked with `isinstance`, a runtime
protocol), and `price` uses it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol, runtime_checkable

import numpy as np

Column = tuple[int, ...]
Priced = tuple[float, np.ndarray, list[np.ndarray]]  # (value, best response, near-best responses)


class Oracle(Protocol):
    """Best responses of the column player (the minimiser)."""

    m: int  # number of row strategies

    def best_response(self, x: np.ndarray) -> tuple[float, np.ndarray]:
        """(min over all columns c of x·c, an integer column attaining it) in floats."""
        ...

    def exact_best_response(self, x: Sequence[Fraction]) -> tuple[Fraction, Column]:
        """The same in exact arithmetic, over *all* columns: the certificate's check of x."""
        ...


@runtime_checkable
class BatchOracle(Oracle, Protocol):
    """An oracle with the batch capability: many pricing points in one call, with near-best responses."""

    def responses(self, points: Sequence[np.ndarray], extra: int, gap: float = math.inf) -> list[Priced]:
        """(value, best response, `extra` near-best responses) at every point. `gap`: the loop's relative
        gap between its bounds; near the optimum only responses this close to the best are worth
        having, so an oracle may narrow "near-best" to it."""
        ...


def price(oracle: Oracle, points: Sequence[np.ndarray], extra: int, gap: float = math.inf) -> list[Priced]:
    """(value, best response, `extra` near-best responses) at every pricing point: in one call when the
    oracle is a `BatchOracle` (which may price the points in parallel), else point by point (and no
    extra responses). `gap`: the loop's relative gap (see `BatchOracle.responses`)."""
    if isinstance(oracle, BatchOracle):
        return list(oracle.responses(points, extra, gap))
    return [(*oracle.best_response(point), []) for point in points]


__all__ = ["BatchOracle", "Column", "Oracle", "Priced", "price"]
