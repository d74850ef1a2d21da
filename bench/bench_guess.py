"""Benchmark of the higher-lower game solver: per-N time, iterations, LP and oracle time; the oracle alone;
and which stabilisation / master / fold wins.

    .venv/bin/python bench/bench_guess.py                      # oracle + comparisons + N = 128, 256, 509
    .venv/bin/python bench/bench_guess.py --ns 1000 --skip-compare --name guess_1000
    .venv/bin/python bench/bench_guess.py --warm 250,256 --ns 509 --skip-compare --skip-oracle --name guess_warm
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from bench.common import peak_rss_gib, write
from parlour.analyses.guess.oracle import optimal_bst, optimal_bst_cubic_fast, optimal_bst_exact
from parlour.analyses.guess.solve import solve_guess
from parlour.solvers.colgen import Stabilisation


def oracle_figures() -> dict[str, Any]:
    rng = np.random.default_rng(0)
    w = rng.random(1000)
    optimal_bst(w)  # compile / load the numba cache
    times = []
    for _ in range(30):
        t = time.perf_counter()
        optimal_bst(w)
        times.append(time.perf_counter() - t)
    w300 = rng.random(300)
    optimal_bst_cubic_fast(w300)
    t = time.perf_counter()
    optimal_bst_cubic_fast(w300)
    cubic300 = time.perf_counter() - t
    high, low = rng.integers(0, 10**10, size=1000), rng.integers(0, 10**18, size=1000)
    ints = [int(x) * 10**20 + int(y) for x, y in zip(high, low, strict=True)]  # ≈ 30-digit weights
    t = time.perf_counter()
    optimal_bst_exact(ints)
    exact1000 = time.perf_counter() - t
    return {
        "knuth_numba_n1000_ms_median": round(1000 * statistics.median(times), 3),
        "knuth_numba_n1000_ms_min": round(1000 * min(times), 3),
        "cubic_numba_n300_ms (negative-weight fallback)": round(1000 * cubic300, 1),
        "knuth_exact_python_ints_n1000_s (30-digit weights)": round(exact1000, 2),
        "target_knuth_n1000_ms": 10,
    }


def run(n: int, **kwargs: Any) -> dict[str, Any]:
    t = time.perf_counter()
    s = solve_guess(n, **kwargs)
    wall = time.perf_counter() - t
    v = s.value
    return {
        "n": n,
        "certified": s.certified,
        "seconds": round(wall, 3),
        "iterations": s.iterations,
        "lp_seconds": round(s.lp_seconds, 3),
        "oracle_seconds": round(s.oracle_seconds, 3),
        "certify_seconds": round(s.certify_seconds, 3),
        "columns_generated": s.columns_generated,
        "bob_trees": len(s.bob),
        "max_guesses": s.max_guesses,
        "value_digits": [len(str(v.numerator)), len(str(v.denominator))] if v is not None else None,
        "value_float": s.value_float,
    }


def guess_from(n: int) -> tuple[float, ...]:
    """The study's γ: the optimal α for N−1 stretched to N numbers, folded (symmetric)."""
    prev = [float(a) for a in solve_guess(n - 1).alice]
    stretched = np.interp(np.linspace(0, n - 2, n), np.arange(n - 1), prev)
    stretched = (stretched + stretched[::-1]) / 2
    m = (n + 1) // 2
    folded = [stretched[k] + (stretched[n - 1 - k] if k != n - 1 - k else 0.0) for k in range(m)]
    return tuple(folded)


def comparisons(n: int) -> dict[str, Any]:
    variants: dict[str, dict[str, Any]] = {
        "default (dense Devex master, Wentges c=0.95 x5 points, 5 extra trees/point, fold)": {},
        "master=HiGHS dual simplex": {"master": "highs"},
        "master=dense Dantzig": {"master": "dense-dantzig"},
        "no extra trees": {"extra": 0},
        "smoothing: study's fixed γ from N−1": {"stabilisation": Stabilisation("fixed", guess=guess_from(n))},
        "smoothing: none": {"stabilisation": Stabilisation("none")},
        "smoothing: Wentges, 1 point": {"stabilisation": Stabilisation("wentges", points=1)},
        "no symmetry fold": {"symmetric": False},
    }
    out = {}
    for name, kwargs in variants.items():
        out[name] = run(n, **kwargs)
        print(name, out[name], flush=True)
    return out


def warm_figures(lo: int, hi: int) -> dict[str, Any]:
    """Each N in lo..hi solved cold and warm (Bob's trees of N-1 extended to N, as `guess sweep` does)."""
    from parlour.analyses.guess.solve import extend_tree

    prev = solve_guess(lo - 1)
    rows = []
    for n in range(lo, hi + 1):
        cold = solve_guess(n)
        warm = solve_guess(n, warm_trees=[extend_tree(t.depths) for t, _ in prev.bob])
        if cold.value != warm.value:
            raise SystemExit(f"N={n}: warm and cold values differ")
        rows.append({"n": n, "cold_iterations": cold.iterations, "cold_seconds": round(cold.seconds, 3),
                     "warm_iterations": warm.iterations, "warm_seconds": round(warm.seconds, 3)})
        print(rows[-1], flush=True)
        prev = warm
    cold_s, warm_s = sum(r["cold_seconds"] for r in rows), sum(r["warm_seconds"] for r in rows)
    return {"rows": rows, "cold_seconds": cold_s, "warm_seconds": warm_s, "speedup": cold_s / warm_s}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--warm", default="", help="LO,HI: cold against warm-started solves for N = LO..HI")
    ap.add_argument("--ns", default="128,256,509")
    ap.add_argument("--compare", default="200,256")
    ap.add_argument("--skip-compare", action="store_true")
    ap.add_argument("--skip-oracle", action="store_true")
    ap.add_argument("--name", default="guess")
    args = ap.parse_args()
    figures: dict[str, Any] = {"note": "2-core machine shared with other jobs: timings are contended"}
    if not args.skip_oracle:
        figures["oracle"] = oracle_figures()
        print(figures["oracle"], flush=True)
    if args.warm:
        lo, hi = map(int, args.warm.split(","))
        figures["warm_start"] = warm_figures(lo, hi)
    if not args.skip_compare:
        figures["compare"] = {str(n): comparisons(n) for n in map(int, args.compare.split(","))}
    sizes = []
    for n in map(int, args.ns.split(",")):
        sizes.append(run(n))
        print(sizes[-1], flush=True)
    figures["sizes"] = sizes
    figures["targets"] = {"509_seconds": 20, "1000_seconds": 300}
    figures["peak_rss_gib"] = round(peak_rss_gib(), 3)
    write(args.name, figures)


if __name__ == "__main__":
    main()
