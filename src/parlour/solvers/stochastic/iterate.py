"""Value iteration on a cyclic component: Gauss–Seidel sweeps of Shapley's operator in floats, with
jumps to the values of the chain the current strategies make."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from parlour.solvers.stochastic.chain import chain_values
from parlour.solvers.stochastic.stage import pair_cells, solve_stage
from parlour.solvers.stochastic.work import Work

STALL_SWEEPS = 200  # value iteration that has not halved its step in this many sweeps is given up


def _sweep(work: Work, comp: list[int]) -> tuple[float, dict[int, tuple[Any, Any]]]:
    """One Gauss–Seidel sweep of Shapley's operator: (the largest change, the stage strategies)."""
    values = work.float_values
    change = 0.0
    strategies = {}
    for s in comp:
        value, s1, s2 = solve_stage(work.stages[s], work.index, values, exact_=False)
        change = max(change, abs(value - values[s]))
        values[s] = value
        strategies[s] = (s1, s2)
    work.counters["sweeps"] += 1
    return change, strategies


def _pair_values(work: Work, comp: list[int], strategies: dict[int, tuple[Any, Any]]) -> np.ndarray | None:
    """The values of the chain both stationary strategies make; where play under them never ends the
    current values are kept (the stage solutions there are indifferent between ending and going round,
    which the chain cannot see)."""
    cells = {s: pair_cells(work.stages[s], strategies[s]) for s in comp}
    return chain_values(work, comp, cells, work.float_values, work.float_values)


def value_iteration(work: Work, comp: list[int], tol: float, max_sweeps: int, endless: float,
                    progress: Callable[[str], None] | None,
                    counter: Callable[[int, float], None] | None = None) -> int:
    """Gauss–Seidel sweeps of Shapley's operator over one component, in floats, accelerated: every few
    sweeps the values of the chain the current strategies make are tried as the next iterate (as in
    Pollatschek and Avi-Itzhak's strategy iteration) and kept only when they move less under the
    operator than the plain sweep did. Returns the sweeps."""
    values = work.float_values
    history: list[float] = []
    for sweep in range(1, max_sweeps + 1):
        change, strategies = _sweep(work, comp)
        history.append(change)
        if progress is not None:
            progress(f"value iteration: sweep {sweep}, largest change {change:.2e}")
        if counter is not None:
            counter(sweep, change)
        if change < tol:
            return sweep
        if sweep >= STALL_SWEEPS and change > 0.5 * history[-STALL_SWEEPS]:
            # creeping, not converging geometrically (as where only nearly optimal strategies exist,
            # Everett's case): stop here; the bounds proven from the strategies say how far it got
            work.counters["stalled"] = work.counters.get("stalled", 0) + 1
            return sweep
        if sweep % 4 == 0:
            jump = _pair_values(work, comp, strategies)
            if jump is not None:
                saved = values[comp].copy()
                values[comp] = jump
                tried, _ = _sweep(work, comp)
                if tried < change:
                    work.counters["accepted_jumps"] = work.counters.get("accepted_jumps", 0) + 1
                    if tried < tol:
                        return sweep
                else:
                    values[comp] = saved
    return max_sweeps
