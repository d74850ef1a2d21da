"""Memory benchmarks: the full exact recursion over <k,B,P> for 100 pairs (rational, FLINT fmpq) and
the float reduced model (pairs left, known cards; numba) for 2000 pairs.

Targets (issue 5): exact n = 100 <= 30 s; float n = 2000 <= 60 s.
Run: .venv/bin/python -m bench.bench_memory [--exact-pairs 100] [--float-pairs 2000]
"""

from __future__ import annotations

import argparse
import time

from bench.common import peak_rss_gib, write
from parlour.analyses.memory.dp import to_fraction
from parlour.analyses.memory.exact import solve_exact
from parlour.analyses.memory.reduced import solve_reduced_exact, solve_reduced_float
from parlour.games.memory.rules import Move, State


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--exact-pairs", type=int, default=100)
    parser.add_argument("--float-pairs", type=int, default=2000)
    args = parser.parse_args()
    n, nf = args.exact_pairs, args.float_pairs
    figures: dict[str, object] = {}

    solve_reduced_float(4)  # numba compilation (cached on disk after the first run) outside the timing
    t0 = time.perf_counter()
    flt = solve_reduced_float(nf)
    figures["float_reduced_pairs"] = nf
    figures["float_reduced_seconds"] = round(time.perf_counter() - t0, 3)
    figures["float_reduced_states"] = (nf + 1) * (nf + 2) // 2
    figures["float_reduced_advantage"] = flt.advantage
    figures["float_reduced_n_times_advantage"] = nf * flt.advantage

    t0 = time.perf_counter()
    sol = solve_exact(n, keep=lambda st: st.k == 2 * n and st.B == 0)
    figures["exact_full_pairs"] = n
    figures["exact_full_seconds"] = round(time.perf_counter() - t0, 3)
    figures["exact_full_states"] = len(sol.optimal)
    adv = sol.advantage
    figures["exact_full_advantage_float"] = float(adv)
    figures["exact_full_advantage_denominator_digits"] = len(str(adv.denominator))
    figures["exact_full_stalemate_probability"] = float(sol.stalemate[State(2 * n, 0, 0)])
    figures["exact_full_t1_optimal_everywhere"] = all(
        Move.TAKE_PAIR in opt for st, opt in sol.optimal.items() if st.P >= 2)

    t0 = time.perf_counter()
    red = solve_reduced_exact(n)
    figures["exact_reduced_seconds"] = round(time.perf_counter() - t0, 3)
    figures["exact_full_equals_reduced"] = to_fraction(red.values[(n, 0)]) - n == adv
    figures["float_vs_exact_abs_error"] = abs(float(flt.values[n, 0]) - float(to_fraction(red.values[(n, 0)])))
    figures["peak_rss_gib"] = round(peak_rss_gib(), 3)
    figures["note"] = "2-core machine shared with other engineers' jobs at the time: timings are contended"
    write("memory", figures)


if __name__ == "__main__":
    main()
