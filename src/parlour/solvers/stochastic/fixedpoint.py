"""The exact proof of a cyclic component: its float values rounded to nearby fractions are a fixed point
of the exact stage solves, and neither player can profit from play that never ends."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from parlour.errors import CertificateError
from parlour.solvers import exactlp
from parlour.solvers.stochastic.ends import end_components, opponent_options
from parlour.solvers.stochastic.model import next_states
from parlour.solvers.stochastic.stage import solve_stage
from parlour.solvers.stochastic.work import PROGRESS_EVERY, Work


def exact_fixed_point(work: Work, comp: list[int], endless: Fraction) -> bool:
    """Try the floats rounded to nearby fractions as the exact values: accept them when they are a
    fixed point of the exact stage solves and neither player's stationary strategy lets the opponent
    profit from endless play."""
    outside_exact = all(work.lower[t] is not None and work.lower[t] == work.upper[t]
                        for s in comp for t in next_states(work.stages[s], work.index) if t not in comp)
    if not outside_exact:
        return False
    for max_den in (10**3, 10**6, 10**9, 10**12):
        guess = dict(zip(comp, exactlp.rounded([work.float_values[s] for s in comp], max_den), strict=True))
        if any(abs(float(guess[s]) - work.float_values[s]) > 1e-9 for s in comp):
            continue
        values: list[Any] = [work.lower[k] if k not in guess else guess[k] for k in range(len(work.states))]
        strategies = {}
        ok = True
        for s in comp:
            try:
                value, s1, s2 = solve_stage(work.stages[s], work.index, values, exact_=True)
            except CertificateError:
                ok = False
                break
            work.counters["exact_stage_solves"] += 1
            if work.heard is not None and work.counters["exact_stage_solves"] % PROGRESS_EVERY == 0:
                work.heard(f"trying exact values, {work.counters['exact_stage_solves']:,} exact stage solves")
            if value != guess[s]:
                ok = False
                break
            strategies[s] = (s1, s2)
        if not ok:
            continue
        if not _endless_ok(work, comp, guess, strategies, endless):
            continue
        for s in comp:
            work.lower[s] = work.upper[s] = guess[s]
            work.strategies[s] = strategies[s]
            work.how[s] = "exact: fixed point of the exact stage solves, endless play checked"
        return True
    return False


def _endless_ok(work: Work, comp: list[int], values: dict[int, Fraction],
                strategies: dict[int, tuple[tuple[Any, ...], tuple[Any, ...]]], endless: Fraction) -> bool:
    """Player 2 cannot stay for ever where the value is above `endless` against player 1's strategy,
    nor player 1 where it is below, against player 2's."""
    for player, bad in ((1, lambda v: v > endless), (2, lambda v: v < endless)):
        opts = {s: opponent_options(work.stages[s], work.index, player, strategies[s][player - 1]) for s in comp}
        if any(bad(values[s]) for s in end_components(comp, opts)):
            return False
    return True
