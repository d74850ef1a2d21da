"""Cow trade benchmarks: LP + exact certificate on a 501 x 501 matrix (parlour vs pygambit's LP in the
same run) and the whole closed-form check (every 0 <= t3 < t1 <= 100, both initiatives).

Run: .venv/bin/python -m bench.bench_cowtrade [--max-money 100] [--repeat 5]
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction

from bench.common import timed, write
from parlour.analyses.cowtrade import closed_form_checks
from parlour.games.cowtrade import CowTrade, payoff_matrix
from parlour.solvers import zerosum


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-money", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    # A 501 x 501 partial game with a non-trivial value: player 1 has 1000 and bids in steps of 2,
    # player 3 has 500 and may bid any amount.
    game = CowTrade(1000, 500, 1, bids1=tuple(range(0, 1001, 2)))
    matrix = payoff_matrix(game)
    figures: dict[str, object] = {"matrix_shape": list(matrix.shape)}
    best, median, sol = timed(args.repeat, lambda: zerosum.solve(matrix, exact=True))
    figures["parlour_lp_plus_certificate_s"] = {"best": best, "median": median, "target": 1.0}
    figures["value_exact"] = str(sol.value_exact)
    best_lp, median_lp, _ = timed(args.repeat, lambda: zerosum.solve(matrix, exact=False))
    figures["parlour_lp_only_s"] = {"best": best_lp, "median": median_lp}
    try:
        import pygambit as gbt

        def gambit() -> Fraction:
            g = gbt.Game.from_arrays(matrix, -matrix)
            eq = gbt.nash.lp_solve(g, rational=False).equilibria[0]
            return Fraction(float(eq.payoff(next(iter(g.players))))).limit_denominator(10**6)

        g_best, g_median, g_value = timed(max(1, args.repeat // 2), gambit)
        figures["pygambit_lp_float_s"] = {"best": g_best, "median": g_median, "value": str(g_value)}
        figures["ratio_pygambit_over_parlour"] = g_best / best
        figures["values_agree"] = g_value == sol.value_exact
    except ImportError:
        figures["pygambit"] = "not installed (pip install -r requirements-peers.lock)"

    start = time.perf_counter()
    checks = list(closed_form_checks(args.max_money))
    elapsed = time.perf_counter() - start
    figures["closed_form_check"] = {
        "games": len(checks),
        "seconds": elapsed,
        "target_s": 300,
        "study_formula_wrong": {i: sum(1 for c in checks if c.initiative == i and c.study != c.lp_value)
                                for i in (1, 3)},
        "parlour_formula_wrong": sum(1 for c in checks if c.ours != c.lp_value),
    }
    write("cowtrade", figures)


if __name__ == "__main__":
    main()
