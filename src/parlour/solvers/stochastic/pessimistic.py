"""Bounds from pessimistic games, where the strategies read off the fixed point cannot be proven."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from parlour.solvers.stochastic.chain import chain_values
from parlour.solvers.stochastic.prove import prove_bound
from parlour.solvers.stochastic.rounding import rational_strategy
from parlour.solvers.stochastic.stage import (
    Cells,
    best_reply,
    guaranteed_float,
    improving_replies,
    pair_cells,
    reply_cells,
    solve_stage,
)
from parlour.solvers.stochastic.work import Work, payoff_range

PESSIMISM = (1e-3, 1e-5, 1e-7, 1e-9)  # 1 - beta: the pessimistic games' chance that play ends after a stage


NEWTON_STEPS = 60  # per pessimistic game


def _pessimistic_guarantee(work: Work, comp: list[int], player: int, strategies: dict[int, Any], beta: float,
                           worst: float, start: np.ndarray, max_rounds: int = 60) -> np.ndarray:
    """What `player`'s stationary strategies guarantee him in the pessimistic game (every move to a
    state ends play instead, with probability 1 - beta, at `worst`): the opponent's decision problem
    solved by policy iteration. The game ends with probability at least 1 - beta a stage, so every
    chain is a plain linear solve and switching all improving replies at once is safe."""
    index = work.index
    values = start.copy()

    continuation = beta * values + (1 - beta) * worst  # what a move to each state is worth in this game
    reply = {s: best_reply(work.stages[s], index, continuation, player, strategies[s]) for s in comp}
    for _ in range(max_rounds):
        cells = {s: reply_cells(work.stages[s], player, strategies[s], reply[s]) for s in comp}
        got = chain_values(work, comp, cells, worst, values, beta=beta, worst=worst)
        if got is None:
            break
        values[comp] = got
        continuation = beta * values + (1 - beta) * worst  # once a round: the replies below do not change it
        gains = improving_replies(work.stages, index, comp, continuation, player, strategies, reply)
        reply.update({s: better for s, (_, better) in gains.items()})
        if not gains:
            break
    return values


def _pessimistic_newton(work: Work, comp: list[int], beta: float, worst: float, values: np.ndarray,
                        rounds: int = NEWTON_STEPS) -> np.ndarray:
    """The pessimistic game's values by Newton's method on T'(v) = v: the next iterate is the value of the
    chain both players' stage strategies at v make (Pollatschek and Avi-Itzhak), damped where it
    does not shrink the residual, a plain Jacobi step where no damping helps. T' contracts, so its
    fixed point is a simple root and Newton closes on it quadratically, however near beta is to 1,
    where value iteration and one-sided strategy iteration both creep (in Everett's game the error
    of either falls like 1 / n)."""
    values = values.copy()

    def step(v: np.ndarray) -> tuple[np.ndarray, dict[int, Cells], float]:
        continuation = beta * v + (1 - beta) * worst
        out = v.copy()
        cells = {}
        for s in comp:
            value, s1, s2 = solve_stage(work.stages[s], work.index, continuation, exact_=False)
            out[s] = value
            cells[s] = pair_cells(work.stages[s], (s1, s2))
        work.counters["sweeps"] += 1
        return out, cells, float(np.abs(out[comp] - v[comp]).max())

    image, cells, residual = step(values)
    for _ in range(rounds):
        work.counters["pessimistic_rounds"] = work.counters.get("pessimistic_rounds", 0) + 1
        if residual <= 1e-15:
            break
        jump = chain_values(work, comp, cells, worst, values, beta=beta, worst=worst)
        moved = False
        for damping in (1.0, 0.5, 0.25) if jump is not None else ():
            trial = values.copy()
            trial[comp] += damping * (jump - values[comp])
            trial_image, trial_cells, trial_residual = step(trial)
            if trial_residual < residual:
                values, image, cells, residual = trial, trial_image, trial_cells, trial_residual
                moved = True
                break
        if not moved:
            values = image
            image, cells, new_residual = step(values)
            if new_residual >= residual:
                break
            residual = new_residual
    return values


def from_one_side(work: Work, comp: list[int], player: int, endless: Fraction, eta: float
                  ) -> tuple[dict[int, Fraction], dict[int, Any]] | None:
    """A bound for `player` where the strategies read off the fixed point cannot be proven (Everett's case:
    only nearly optimal stationary strategies exist, and a stage LP at the fixed point does not care
    whether it ends the game or drags it on).

    It solves pessimistic games instead: after each stage play ends, with probability 1 - beta, at the
    payoff worst for `player`. Its operator T' is below the true one (T'_x(L) <= T_x(L) for every L
    that lies within the payoffs) and it contracts, so Hoffman–Karp strategy iteration solves it in a
    few rounds. Each beta of PESSIMISM (closer and closer to 1) starts from the last one's values and
    strategies (a sub-solution of the next game), and the best proven bound is kept. Its strategies x
    satisfy T_x(L) >= T'_x(L) >= L, and they cannot let the opponent linger where L is better than
    endless play: at the best such state of an end component, staying would pay the opponent at most L,
    while T_x exceeds T'_x there by a positive amount. `prove_bound` checks both exactly. The price is
    the gap between the two games' values, which the result's width shows: where only nearly optimal
    strategies exist it shrinks like the square root of 1 - beta (Everett's own example)."""
    lo, hi = payoff_range(work, comp, endless)
    worst = float(lo if player == 1 else hi)
    sign = 1 if player == 1 else -1
    values = work.float_values.copy()
    bounds_now = work.lower if player == 1 else work.upper
    inside = set(comp)
    for k, bound in enumerate(bounds_now):  # the pessimistic game starts from what is proven outside
        if k not in inside and bound is not None:
            values[k] = float(bound)
    values[comp] = worst
    strategies: dict[int, Any] = {}
    best: tuple[dict[int, Fraction], dict[int, Any]] | None = None
    for gap in PESSIMISM:
        beta = 1 - gap
        values = _pessimistic_newton(work, comp, beta, worst, values)
        continuation = beta * values + (1 - beta) * worst
        for s in comp:
            _, s1, s2 = solve_stage(work.stages[s], work.index, continuation, exact_=False)
            strategies[s] = rational_strategy((s1, s2)[player - 1])
        # what these strategies guarantee in the pessimistic game (the opponent's problem solved exactly)
        values = _pessimistic_guarantee(work, comp, player, strategies, beta, worst, values)
        continuation = beta * values + (1 - beta) * worst
        # T'_x(L - m) - (L - m) = T'_x(L) - L + (1 - beta) m: a margin m of the float shortfall over
        # 1 - beta makes the check pass (the pessimistic game's slack does the rest)
        shortfall = max(0.0, max(-sign * (guaranteed_float(work.stages[s], work.index, continuation, player,
                                                           strategies[s]) - values[s]) for s in comp))
        proven = None
        for factor in (2.0, 20.0, 200.0):
            margin = eta + factor * (shortfall + 1e-16) / gap
            floats = values.copy()
            floats[comp] -= sign * margin
            proven = prove_bound(work, comp, player, strategies, endless, eta, floats)
            if proven is not None:
                break
        if proven is not None and (best is None or sum(sign * (proven[s] - best[0][s]) for s in comp) > 0):
            best = (proven, dict(strategies))
    return best
