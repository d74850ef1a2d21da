"""The compiled (numba) kernels of CFR+ (`cfr`) over a game in flat sequence form (`cfr_form.FlatForm`): the
iterations (regret matching+, alternating updates, linearly weighted averages) and the certificate (what a
player's average strategy guarantees, bounded with outward rounding).

A player's side is three arrays over his information sets, parents first: `parent` (the sequence that leads
there), `first` (its first move's sequence) and `size` (its moves). The payoff is a list of pairs: player 1's
sequence `row`, player 2's `col`, and player 1's payoff summed over the leaves they reach, chance-weighted.

CFR in sequence form: the counterfactual value of a sequence is its own payoff against the other's plan plus
the values of the information sets it leads to, so one pass over a side from the deepest information set up
is one CFR pass over the tree, whatever the tree's size; what the kernels touch is the pairs and the sides.

The certificate's kernels are compiled without fastmath (numba's default): no product is fused into a sum and
no sum reassociated, so each operation is rounded to nearest once and the step to the next float outwards
(`_down`, `_up`) bounds it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["guarantee_low", "iterate", "realization"]


@njit(cache=True)
def realization(parent: np.ndarray, first: np.ndarray, size: np.ndarray, behaviour: np.ndarray,
                plan: np.ndarray) -> None:
    """The realization plan of a behaviour strategy (probabilities per sequence), into `plan`."""
    plan[0] = 1.0
    for k in range(len(parent)):
        reach = plan[parent[k]]
        for s in range(first[k], first[k] + size[k]):
            plan[s] = reach * behaviour[s]


@njit(cache=True)
def _regret_pass(parent: np.ndarray, first: np.ndarray, size: np.ndarray, value: np.ndarray,
                 behaviour: np.ndarray, regret: np.ndarray, sign: float) -> None:
    """One CFR+ update of a side: `value` holds each sequence's own payoff (player 1's) against the other's
    plan and gathers the information sets' values, deepest first; regrets gain sign * (move - infoset) and
    stay >= 0 (regret matching+); the behaviour becomes the regrets normalised (uniform where all are 0)."""
    for k in range(len(parent) - 1, -1, -1):
        f, n = first[k], size[k]
        v = 0.0
        for s in range(f, f + n):
            v += behaviour[s] * value[s]
        total = 0.0
        for s in range(f, f + n):
            r = regret[s] + sign * (value[s] - v)
            r = r if r > 0.0 else 0.0
            regret[s] = r
            total += r
        for s in range(f, f + n):
            behaviour[s] = regret[s] / total if total > 0.0 else 1.0 / n
        value[parent[k]] += v


@njit(cache=True)
def iterate(count: int, done: int, p1: tuple[np.ndarray, np.ndarray, np.ndarray],
            p2: tuple[np.ndarray, np.ndarray, np.ndarray], row: np.ndarray, col: np.ndarray, pay: np.ndarray,
            behaviour1: np.ndarray, behaviour2: np.ndarray, regret1: np.ndarray, regret2: np.ndarray,
            sum1: np.ndarray, sum2: np.ndarray) -> None:
    """`count` CFR+ iterations after `done` of them: player 2 updates against player 1's current plan, then
    player 1 against player 2's new one (alternating updates); each new plan joins its player's average
    with weight equal to the iteration's number (linear averaging)."""
    x = np.empty(len(behaviour1))
    y = np.empty(len(behaviour2))
    for t in range(done + 1, done + count + 1):
        realization(p1[0], p1[1], p1[2], behaviour1, x)
        value2 = np.zeros(len(behaviour2))
        for e in range(len(pay)):
            value2[col[e]] += pay[e] * x[row[e]]
        _regret_pass(p2[0], p2[1], p2[2], value2, behaviour2, regret2, -1.0)
        realization(p2[0], p2[1], p2[2], behaviour2, y)
        sum2 += t * y
        value1 = np.zeros(len(behaviour1))
        for e in range(len(pay)):
            value1[row[e]] += pay[e] * y[col[e]]
        _regret_pass(p1[0], p1[1], p1[2], value1, behaviour1, regret1, 1.0)
        realization(p1[0], p1[1], p1[2], behaviour1, x)
        sum1 += t * x


# --- the certificate: floats rounded outwards ------------------------------------------------------------

@njit(cache=True)
def _down(x: float) -> float:
    """A float <= the exact result that rounded to x: the float below x (a result rounded to nearest lies
    between the floats either side of it)."""
    return np.nextafter(x, -np.inf)


@njit(cache=True)
def _up(x: float) -> float:
    return np.nextafter(x, np.inf)


@njit(cache=True)
def _plan_bounds(parent: np.ndarray, first: np.ndarray, size: np.ndarray, weights: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Bounds on the realization plan of the behaviour strategy that plays each move with its weight over
    the weights' sum, in exact arithmetic (weights <= 0 count as 0; uniform where the sequence leading to the
    information set weighs nothing or no move does)."""
    low = np.zeros(len(weights))
    high = np.zeros(len(weights))
    low[0] = 1.0
    high[0] = 1.0
    for k in range(len(parent)):
        f, n, p = first[k], size[k], parent[k]
        total_low = 0.0
        total_high = 0.0
        for s in range(f, f + n):
            if weights[s] > 0.0:
                total_low = _down(total_low + weights[s])
                total_high = _up(total_high + weights[s])
        uniform = weights[p] <= 0.0 or total_low <= 0.0
        for s in range(f, f + n):
            w = 1.0 if uniform else (weights[s] if weights[s] > 0.0 else 0.0)
            q_low = _down(w / (n if uniform else total_high))
            q_high = min(1.0, _up(w / (n if uniform else total_low)))
            low[s] = _down(low[p] * q_low)
            high[s] = _up(high[p] * q_high)
    return low, high


@njit(cache=True)
def guarantee_low(mine: tuple[np.ndarray, np.ndarray, np.ndarray], theirs: tuple[np.ndarray, np.ndarray, np.ndarray],
                  own: np.ndarray, other: np.ndarray, low: np.ndarray, weights: np.ndarray, replies: int) -> float:
    """A float <= what a player guarantees (his payoff, against every reply) with the behaviour strategy of
    `weights` per sequence (`_plan_bounds`; an average plan gives the average strategy). The pairs' entries
    are his payoffs, at least `low` each, for his sequence `own` and the other's `other`. The other's best
    reply, information set by information set from the deepest, takes the least; every product and sum is
    rounded down (the float below the float result), and a plan's bound is taken at the end of its interval
    that makes the product least, so every number is <= its exact counterpart: the result is a proof."""
    plan_low, plan_high = _plan_bounds(mine[0], mine[1], mine[2], weights)
    cost = np.zeros(replies)
    for e in range(len(low)):
        a = low[e]
        i = own[e]
        term = _down((plan_low[i] if a >= 0.0 else plan_high[i]) * a)
        cost[other[e]] = _down(cost[other[e]] + term)
    parent, first, size = theirs
    for k in range(len(parent) - 1, -1, -1):
        best = cost[first[k]]
        for s in range(first[k] + 1, first[k] + size[k]):
            best = min(best, cost[s])
        cost[parent[k]] = _down(cost[parent[k]] + best)
    return cost[0]
