"""Delayed column generation for zero-sum games whose minimising player has too many pure strategies.

The row player (maximiser) has m pure strategies; the column player's strategies are only reachable
through an *oracle*: given a mixed row strategy x it returns a best response (a column c minimising
x·c). The restricted master is the row player's LP over the columns found so far,

    maximise v  subject to  Σ_i c_i x_i ≥ v  for every known column c,   Σ_i x_i = 1,  x ≥ 0,

kept alive in one HiGHS instance: new columns arrive as new *rows* of this LP (`addRows`), so the
previous optimal basis stays dual feasible and the dual simplex re-optimises from it (a warm start).
The master's optimum is an upper bound on the game value (fewer columns can only help the maximiser);
the oracle's value at any mixed strategy is a lower bound. Both go into the per-iteration trace.

Stabilisation: the master's x jumps around (its duals oscillate), so the oracle is asked at points
π = c·centre + (1−c)·x. "wentges" takes the centre to be the best lower-bound point found so far
(Wentges 1997, "Weighted Dantzig–Wolfe decomposition"); "fixed" is the study's blend with a fixed
guess γ (e.g. the solution for N−1); "none" prices at x only. On a mis-price (the column found at the
smoothed point does not cut off x) c is halved. Several points on the segment are priced per
iteration, all from the centre as it was when the iteration began (an oracle may price them at once),
and one more: an exponential average of the master's x (Neame's smoothing). Before the first master
solve, rounds of no-regret play may harvest columns (`harvest.py`).

Certificate: when the bounds meet in floats, the final HiGHS basis is re-solved in exact rationals
(FLINT); the row strategy is checked against *every* column by the oracle's exact best response, and
the column mixture against every row. Only if both equal the same rational v is the result certified.
"""

from parlour.solvers.colgen.certificate import (
    ColGenCertificate,
    check_certificate,
    exact_basis_solution,
)
from parlour.solvers.colgen.dense import DenseMaster
from parlour.solvers.colgen.loop import ColGenResult, Stabilisation, TraceStep, solve
from parlour.solvers.colgen.master import Master
from parlour.solvers.colgen.oracle import BatchOracle, Column, Oracle, Priced, price

__all__ = [
    "BatchOracle", "ColGenCertificate", "ColGenResult", "Column", "DenseMaster", "Master", "Oracle", "Priced",
    "Stabilisation", "TraceStep", "check_certificate", "exact_basis_solution", "price", "solve",
]
