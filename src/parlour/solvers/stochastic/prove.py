"""The exact check of a searched bound: T_x(L) >= L at every state of the component, a state that fails by
a float's hair lowered (raised) and checked again, and L <= endless wherever the opponent can stay."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from parlour.solvers.stochastic.ends import end_components, opponent_options
from parlour.solvers.stochastic.rounding import round_down, round_up
from parlour.solvers.stochastic.stage import guaranteed
from parlour.solvers.stochastic.work import PROGRESS_EVERY, Work


def prove_bound(work: Work, comp: list[int], player: int, strategies: dict[int, Any], endless: Fraction,
                eta: float, floats: np.ndarray) -> dict[int, Fraction] | None:
    """The searched bound proven exactly: T_x(L) >= L at every state of the component (a state that
    fails by a float's hair is lowered and checked again), and L <= endless wherever the opponent can
    stay for ever. None when it cannot be proven."""
    sign = 1 if player == 1 else -1
    outside = work.lower if player == 1 else work.upper
    opts = {s: opponent_options(work.stages[s], work.index, player, strategies[s]) for s in comp}
    trapped = end_components(comp, opts)
    bound = {s: (round_down if player == 1 else round_up)(Fraction(float(floats[s]))) for s in comp}
    if any(sign * (bound[s] - endless) > 0 for s in trapped):
        return None
    for _ in range(20):
        values: list[Any] = [outside[k] if k not in bound else bound[k] for k in range(len(work.states))]
        failed = False
        for s in comp:
            got = guaranteed(work.stages[s], work.index, values, player, strategies[s])
            work.counters["exact_checks"] += 1
            if work.heard is not None and work.counters["exact_checks"] % PROGRESS_EVERY == 0:
                work.heard(f"proving player {player}'s bound, {work.counters['exact_checks']:,} exact checks")
            if sign * (got - bound[s]) < 0:
                bound[s] = round_down(got - Fraction(eta)) if player == 1 else round_up(got + Fraction(eta))
                values[s] = bound[s]
                failed = True
        if not failed:
            return bound
    return None
