"""Exact values where the stochastic solver proved only narrow intervals, and bounds kept inside the payoffs.

`solvers.stochastic` proves a cyclic component's values as intervals [L, U] from two stationary strategies
x (player 1's: T_x(L) >= L) and y (player 2's) when its rounding of the floats to fractions misses the
exact fixed point; in the end game the interval is often a few 1e-14 wide around a simple fraction (a set
of 3 with 1 against 1: -3/5; a quintet 3-2 with 0 against 1: 0). `sharpen` tries, for every state, the
simplest fraction q inside its interval and proves it with the strategies the solver already has: q is the
value everywhere when, exactly,
- T_x(q) >= q and T_y(q) <= q at every state (what each strategy guarantees against every reply, with q as
  the continuation values: `stochastic.guaranteed`), and
- player 2 cannot keep play going for ever against x where q > `endless`, nor player 1 against y where
  q < `endless` (the end components of the opponent's MDP: `stochastic.end_components`).
That is the solver's own proof of a bound (its module doc), applied to L = U = q. Where it fails, the
states where optimal play can go on for ever are tried as draws (`stochastic.draws`: each player has a
strategy that keeps the other off every end better for him than endless play, so the value is what endless
play pays, exactly; a set of 6 at 3-3 with 1 against 1: 0, where the solver's bounds are [-1, 2e-14]).
The other intervals stay, clipped to the payoffs' range: every value lies between the smallest and the largest
payoff (endless play included), so a bound outside it (-1.00000000000002) says nothing more.

The check is game-independent and belongs beside the solver's proofs; it lives here while the solver is
being split into a package (issue 35), using only the solver's public names.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from parlour.errors import CertificateError
from parlour.results import Status
from parlour.solvers import stochastic
from parlour.solvers.stochastic import End, Lottery, StateSolution, StochasticSolution


def simplest(low: Fraction, high: Fraction) -> Fraction:
    """The fraction of smallest denominator in [low, high] (continued fractions; low <= high)."""
    if low <= 0 <= high:
        return Fraction(0)
    if high < 0:
        return -simplest(-high, -low)
    whole = math.floor(low)
    if whole == low or whole + 1 <= high:
        return Fraction(whole if whole == low else whole + 1)
    return whole + 1 / simplest(1 / (high - whole), 1 / (low - whole))


def _payoff_range(solution: StochasticSolution, endless: Fraction) -> tuple[Fraction, Fraction]:
    found = {endless}
    for stage in solution.stages:
        for target in stage.targets:
            if isinstance(target, End):
                found.add(target.payoff)
            elif isinstance(target, Lottery):
                found.update(b.payoff for _, b in target.branches if isinstance(b, End))
    return min(found), max(found)


def _mixed(strategy: tuple[Any, ...]) -> bool:
    """An exact probability vector (or one per signal): non-negative, summing to 1 in exact arithmetic."""
    if strategy and isinstance(strategy[0], tuple):
        return all(_mixed(mix) for mix in strategy)
    probabilities = [Fraction(p) for p in strategy]
    return all(p >= 0 for p in probabilities) and sum(probabilities, Fraction(0)) == 1


def proves(solution: StochasticSolution, values: Sequence[Fraction], endless: Fraction = Fraction(0)) -> bool:
    """Whether the solution's stationary strategies prove `values` as the exact values (module doc)."""
    everything = list(range(len(solution.states)))
    if not all(_mixed(s.strategy1) and _mixed(s.strategy2) for s in solution.solutions):
        return False  # a float mixture that does not sum to 1 exactly proves nothing
    for player in (1, 2):
        sign = 1 if player == 1 else -1
        strategies = [s.strategy1 if player == 1 else s.strategy2 for s in solution.solutions]
        for k, stage in enumerate(solution.stages):
            try:
                got = stochastic.guaranteed(stage, solution.index, values, player, strategies[k])
            except (CertificateError, ZeroDivisionError):
                return False
            if sign * (got - values[k]) < 0:
                return False
        options = {k: stochastic.opponent_options(solution.stages[k], solution.index, player, strategies[k])
                   for k in everything}
        if any(sign * (values[k] - endless) > 0 for k in stochastic.end_components(everything, options)):
            return False
    return True


def sharpen(solution: StochasticSolution, endless: Fraction = Fraction(0), tol: float | None = None
            ) -> StochasticSolution:
    """The solution with its intervals clipped to the payoffs' range and, where `proves` accepts the
    simplest fraction in each interval, made exact (status EXACT when every value then is). Failing that,
    the states that are draws (`stochastic.draws`: each player keeps the other off every end better for
    him than endless play) are made exact at `endless`, with the strategies that prove it, once
    `stochastic.proves_draws` has checked them; with `tol` the status then follows the widest interval
    left (EXACT, CERTIFIED within tol, STOPPED), as the solve's does."""
    if all(s.lower == s.upper for s in solution.solutions):
        return solution
    low, high = _payoff_range(solution, endless)
    clipped = [StateSolution(min(max(s.lower, low), high), max(min(s.upper, high), low), s.strategy1, s.strategy2,
                             s.how) for s in solution.solutions]
    guess = [simplest(s.lower, s.upper) for s in clipped]
    if proves(solution, guess, endless):
        exact = tuple(s if s.lower == s.upper else StateSolution(
            q, q, s.strategy1, s.strategy2, "exact: the simplest fraction in the proven interval, proven by "
            "both stationary strategies (exact checks, endless play checked)") for s, q in zip(clipped, guess,
                                                                                                strict=True))
        return dataclasses.replace(solution, solutions=exact, status=Status.EXACT,
                                   message="every value exact, each with its checked certificate")
    clipped = _draws(solution, clipped, endless)
    width = max(s.upper - s.lower for s in clipped)
    status, message = solution.status, solution.message
    if tol is not None:
        status = Status.EXACT if width == 0 else Status.CERTIFIED if width <= Fraction(tol) else Status.STOPPED
    if status is Status.EXACT:
        message = "every value exact, each with its checked certificate"
    elif status is not Status.STOPPED:
        message = f"proven intervals, the widest {float(width):.1e}"
    elif tol is not None:
        message = f"proven intervals, the widest {float(width):.1e} > tol {tol:g}"
    return dataclasses.replace(solution, solutions=tuple(clipped), status=status, message=message)


DRAW = ("exact: a draw, worth what endless play pays; each player's strategy here keeps the other off every "
        "end better for him (checked exactly)")


def _draws(solution: StochasticSolution, clipped: list[StateSolution], endless: Fraction) -> list[StateSolution]:
    """`clipped` with its draws made exact at `endless` and given the strategies that prove them, when the
    check passes; unchanged otherwise. The proof leans on the other states' bounds: proven ones, clipped."""
    lower, upper = [s.lower for s in clipped], [s.upper for s in clipped]
    inside, keep1, keep2 = stochastic.draws(solution.stages, solution.index, lower, upper, endless)
    if not inside or not stochastic.proves_draws(solution.stages, solution.index, lower, upper, inside, keep1,
                                                 keep2, endless):
        return clipped
    return [StateSolution(endless, endless, keep1[k], keep2[k], DRAW) if k in inside else s
            for k, s in enumerate(clipped)]


__all__ = ["DRAW", "proves", "sharpen", "simplest"]
