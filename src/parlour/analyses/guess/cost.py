"""How long certifying V(N) takes on the 2-core machine, and the memory it needs: the size check's model,
the command line's estimate and the page's "expect ..." (light: imported at start-up).

Fitted on the 2-core machine (bench/bench_estimates.py, bench/results/estimates.json): seconds grow as
N^EXPONENT (the column generation's rounds times the optimal-BST oracle's N^2 per round, the rounds
growing slower than N), and the oracle keeps a few N x N tables.
"""

from __future__ import annotations

from parlour.analyses.estimates import Estimate

SECONDS_AT_1000 = 36.0
EXPONENT = 2.5
BYTES_PER_N2 = 24.0


def solve_seconds(n: int) -> float:
    """Wall seconds a certified solve of V(n) takes (the model above; small N: the start-up's second)."""
    return SECONDS_AT_1000 * (n / 1000) ** EXPONENT


def solve_estimate(n: int) -> Estimate:
    return Estimate(solve_seconds(n), f"N = {n:,}, column generation over Bob's search trees")
