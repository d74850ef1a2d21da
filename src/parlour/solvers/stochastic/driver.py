"""The solve: explore, split into components, and solve them from the last to the first (backward
induction where a state cannot come back to itself; value iteration and the proofs on a cycle)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from parlour.errors import SolverError
from parlour.results import Status
from parlour.solvers import signalled
from parlour.solvers.stochastic.bounds import certified_bounds
from parlour.solvers.stochastic.explore import components, explore
from parlour.solvers.stochastic.fixedpoint import exact_fixed_point
from parlour.solvers.stochastic.iterate import value_iteration
from parlour.solvers.stochastic.model import (
    Counter,
    Game,
    SolveProgress,
    Stage,
    State,
    StateSolution,
    StochasticSolution,
    may_end,
    next_states,
)
from parlour.solvers.stochastic.stage import solve_stage
from parlour.solvers.stochastic.work import PROGRESS_EVERY, Work

ENDLESS_NAMED = 3  # states from which play never ends, named in a result


def _stage_bounds(stage: Stage, work: Work, values: Sequence[Any]) -> tuple[Fraction, Fraction, Any, Any]:
    """(lower, upper, strategy1, strategy2) of a stage at exact continuation values: equal bounds from
    the exact solve, or, where a near-tie beats the float LP, the interval its strategies still prove."""
    work.counters["exact_stage_solves"] += 1
    try:
        value, s1, s2 = solve_stage(stage, work.index, values, exact_=True)
        return value, value, s1, s2
    except signalled.NearTie as tie:
        work.counters["near_ties"] = work.counters.get("near_ties", 0) + 1
        if stage.leader == 1:
            return tie.low, tie.high, tie.leader, tie.responder
        return -tie.high, -tie.low, tie.responder, tie.leader


def _backward(work: Work, s: int) -> None:
    """One state that cannot come back to itself: its stage solved exactly at its successors' values
    (twice, at their lower and upper bounds, where some successor is only bounded)."""
    stage = work.stages[s]
    lo, hi, s1, s2 = _stage_bounds(stage, work, work.lower)
    if any(work.lower[t] != work.upper[t] for t in next_states(stage, work.index)):
        hi = _stage_bounds(stage, work, work.upper)[1]
    work.how[s] = ("exact: backward induction" if lo == hi else
                   "bounds: backward induction (a bounded successor, or a near-tie below float precision)")
    work.lower[s], work.upper[s] = lo, hi
    work.strategies[s] = (s1, s2)
    work.float_values[s] = float((lo + hi) / 2)


def _sweep_counter(counter: Counter, size: int, solved: int, n: int) -> Callable[[int, float], None]:
    """A cyclic component's sweeps as the counter hears them: the states solved stay where they were
    (the component counts when it is done) and the text names the sweep and its largest change."""
    def heard(sweep: int, change: float) -> None:
        counter(SolveProgress(f"cycle of {size:,} states: sweep {sweep}, change {change:.1e}", solved, n))
    return heard


def _proof_counter(counter: Counter, size: int, solved: int, n: int) -> Callable[[str], None]:
    """A cyclic component's proofs after its sweeps (exact values tried, bounds checked stage by stage: in a
    large cycle most of the time) as the counter hears them."""
    def heard(text: str) -> None:
        counter(SolveProgress(f"cycle of {size:,} states: {text}", solved, n))
    return heard


def _never_ending(stages: Sequence[Stage], successors: Sequence[Sequence[int]], comps: Sequence[Sequence[int]]
                  ) -> list[int]:
    """The states from which play never ends, whatever is played and drawn (`graph.never_ending`, run as plain
    Python: these graphs are small): a stage that may end has an edge out of the graph (-1)."""
    from parlour.solvers.stochastic.graph import never_ending

    ptr: list[int] = [0]
    target: list[int] = []
    for stage, succ in zip(stages, successors, strict=True):
        target.extend(succ)
        if may_end(stage):
            target.append(-1)
        ptr.append(len(target))
    order = [s for comp in comps for s in comp]
    comp_ptr = np.cumsum([0, *map(len, comps)])
    inside = never_ending(np.array(ptr, np.int64), np.array(target, np.int64), np.array(order, np.int64), comp_ptr)
    return np.flatnonzero(inside).tolist()


def solve(game: Game, roots: Iterable[State], *, endless: Fraction | int = 0, tol: float = 1e-12,
          max_sweeps: int = 20_000, limit: int | None = None,
          progress: Callable[[str], None] | None = None, counter: Counter | None = None) -> StochasticSolution:
    """Values and stationary strategies of every state reachable from `roots` (see the module doc).

    progress hears lines of text (a page job's status); counter hears counts for a progress bar: the
    states explored, then the states solved of all of them (a cyclic component's sweeps in its text).

    tol: the sweeps of a cyclic component stop when no value moves by more than tol / 10; the result
    is EXACT when every value is proven exactly, CERTIFIED when some are proven intervals (the widest
    is `width`), STOPPED when a component's bounds are wider than tol."""
    started = time.perf_counter()
    endless = Fraction(endless)
    states, stages, index = explore(game, roots, limit, counter)
    successors = [sorted(next_states(st, index)) for st in stages]
    comps = components(successors)
    n = len(states)
    work = Work(states, stages, index, [None] * n, [None] * n, np.zeros(n), [None] * n, [""] * n,
                {"states": n, "components": len(comps), "cyclic_components": 0, "sweeps": 0,
                  "exact_stage_solves": 0, "exact_checks": 0})
    work.float_values[:] = float(endless)
    solved = 0
    for number, comp in enumerate(comps):
        if progress is not None and number % PROGRESS_EVERY == 0:
            # backward induction reports too: a caller's progress may raise to stop (a cancelled page job)
            progress(f"{solved:,} of {n:,} states solved")
        if counter is not None and number % PROGRESS_EVERY == 0:
            counter(SolveProgress("states solved", solved, n))
        solved += len(comp)
        if len(comp) == 1 and comp[0] not in successors[comp[0]]:
            _backward(work, comp[0])
            continue
        work.counters["cyclic_components"] += 1
        if progress is not None:
            progress(f"a cyclic component of {len(comp):,} states")
        value_iteration(work, comp, tol / 100, max_sweeps, float(endless), progress,
                        None if counter is None else _sweep_counter(counter, len(comp), solved - len(comp), n))
        work.heard = None if counter is None else _proof_counter(counter, len(comp), solved - len(comp), n)
        if not exact_fixed_point(work, comp, endless):
            certified_bounds(work, comp, endless, tol, max_sweeps)
        work.heard = None
    if counter is not None:
        counter(SolveProgress("states solved", n, n))
    if any(v is None for v in (*work.lower, *work.upper)) or any(s is None for s in work.strategies):
        raise SolverError("a state was left unsolved")  # a bug, never a user's error
    solutions = tuple(StateSolution(work.lower[k], work.upper[k], *work.strategies[k], work.how[k])  # type: ignore[arg-type, misc, call-arg]
                      for k in range(n))
    width = max((s.upper - s.lower for s in solutions), default=Fraction(0))
    if width == 0:
        status, message = Status.EXACT, "every value exact, each with its checked certificate"
    elif width <= Fraction(tol):
        status, message = Status.CERTIFIED, f"proven intervals, the widest {float(width):.1e}"
    else:
        status, message = Status.STOPPED, f"proven intervals, the widest {float(width):.1e} > tol {tol:g}"
    never = _never_ending(stages, successors, comps) if work.counters["cyclic_components"] else []  # else all end
    return StochasticSolution(
        states=tuple(states), solutions=solutions, stages=tuple(stages), components=tuple(map(tuple, comps)),
        index=index, endless_count=len(never), endless_states=tuple(states[k] for k in never[:ENDLESS_NAMED]),
        method="stochastic game: backward induction and Shapley value iteration, "
        "sequence-form stage LPs with exact certificates", status=status, message=message,
        seconds=time.perf_counter() - started, counters=dict(work.counters))
