"""Columns harvested by no-regret play before the first master solve: oracle calls without an LP.

The row player runs optimistic exponentiated gradient (multiplicative weights with a look-ahead) against
the column player's best response to each of her strategies. Every round costs one oracle call and no
LP. Her averaged strategy approaches the optimum at rate O(1/T), and the best responses along the way
are many different near-optimal columns: a first master over them starts close to the value, instead
of hundreds of master rounds getting there (the guessing game at N = 1000: 2,000 rounds of play put the
master within 4e-4 of V(N)).

Written here: a few lines of textbook multiplicative weights; no library offers it over an oracle.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from parlour.solvers.colgen.oracle import Column, Oracle


@dataclass(frozen=True)
class Harvest:
    columns: tuple[Column, ...]  # the distinct best responses met, in order of first appearance
    average: np.ndarray  # the row player's averaged strategy
    best: np.ndarray  # the strategy with the best oracle value met
    best_value: float  # that value: a lower bound on the game value


def harvest(oracle: Oracle, rounds: int, start: np.ndarray | None = None, step: float = 1.0) -> Harvest:
    """`rounds` rounds of optimistic exponentiated gradient for the row player (the maximiser) from `start`
    (uniform if None), each against the oracle's best response; the step at round t is
    step / (√t · the largest payoff of the first response), so that it does not depend on the game's scale."""
    m = oracle.m
    x = np.full(m, 1.0 / m) if start is None else np.asarray(start, dtype=np.float64) / np.sum(start)
    log_w = np.log(np.maximum(x, 1e-300))
    previous = np.zeros(m)
    total = np.zeros(m)
    seen: dict[Column, None] = {}
    best, best_value = x, -np.inf
    scale = 0.0
    for t in range(1, rounds + 1):
        x = np.exp(log_w - log_w.max())
        x /= x.sum()
        value, column = oracle.best_response(x)
        seen.setdefault(tuple(int(v) for v in column), None)
        if value > best_value:
            best, best_value = x, value
        total += x
        gain = np.asarray(column, dtype=np.float64)
        if t == 1:
            scale = float(np.abs(gain).max()) or 1.0
        log_w += step / (scale * np.sqrt(t)) * (2 * gain - previous)  # more weight where the response pays her more
        previous = gain
    average = total / total.sum() if rounds > 0 else x
    return Harvest(tuple(seen), average, best, float(best_value))


__all__ = ["Harvest", "harvest"]
