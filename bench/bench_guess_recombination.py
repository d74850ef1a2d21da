"""How far a richer master cuts the guessing game's rounds (issue 17, item 4): a measured dead end, kept so
the next attempt starts from figures.

The default master mixes whole trees. This bench's master is Alice's side of Bob's *sequence form*
(behaviour strategies: a root per interval of candidates) restricted to the intervals and roots of every
tree generated so far:

    maximise C(1..N)  subject to  C(I) ≤ α(I) + C(left of r) + C(right of r)  for each generated (I, r),
                                  α ≥ 0, Σ α = 1,

where α(I) is Alice's mass on the interval I (prefix sums, so each constraint is short) and C of a single
number is its α. Its optimum is an upper bound on V(N) no larger than the tree master's: Bob may
recombine every generated tree's subtrees, so few rounds are needed. The same oracle (Knuth's DP at five
Wentges points, 5 near-best trees per point) adds the trees; HiGHS's dual simplex re-solves from the last
basis (new trees are new rows). Only the float phase is timed here (to a relative gap of 1e-9, no exact
certificate), next to the default's whole certified solve of the same N in the same run:

    python bench/bench_guess_recombination.py --ns 200,300,500 --name guess_recombination
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import highspy
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from bench.common import write
from parlour.analyses.guess.oracle import GuessOracle
from parlour.analyses.guess.solve import initial_trees, solve_guess

Edge = tuple[int, int, int]  # (first, last, root), 0-based keys, the interval first..last inclusive


def edges_of(depths: np.ndarray) -> list[Edge]:
    """A tree's (interval, root) pairs: the root of an interval is its shallowest key."""
    d = np.asarray(depths)
    out: list[Edge] = []
    stack = [(0, d.size - 1)]
    while stack:
        lo, hi = stack.pop()
        r = lo + int(np.argmin(d[lo : hi + 1]))
        out.append((lo, hi, r))
        stack += [(a, b) for a, b in ((lo, r - 1), (r + 1, hi)) if a <= b]
    return out


class RecombinationMaster:
    """Alice's LP over the generated (interval, root) pairs. Variables: P_1..P_{N-1} (Alice's prefix
    sums, P_0 = 0, P_N = 1) and C(I) for the intervals of two or more numbers."""

    def __init__(self, n: int) -> None:
        self.n = n
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("presolve", "off")
        h.setOptionValue("simplex_strategy", 1)  # dual simplex: a new tree's pairs are new rows
        h.addVars(n - 1, np.zeros(n - 1), np.ones(n - 1))
        h.changeObjectiveSense(highspy.ObjSense.kMaximize)
        for k in range(n):  # α_k = P_{k+1} − P_k ≥ 0
            idx = [i for i in (k, k - 1) if 0 <= i < n - 1]
            val = [1.0 if i == k else -1.0 for i in idx]
            h.addRow(-1.0 if k == n - 1 else 0.0, highspy.kHighsInf, len(idx), np.array(idx, dtype=np.int32),
                     np.array(val))
        self.h = h
        self.interval: dict[tuple[int, int], int] = {}
        self.pairs: set[Edge] = set()
        self.rows = n
        self.pivots = 0

    def _mass(self, coef: dict[int, float], lo: int, hi: int) -> float:
        """Subtract α(lo..hi) = P_{hi+1} − P_lo from the row in `coef`; returns the constant moved to the
        right-hand side (P_N = 1)."""
        if lo > 0:
            coef[lo - 1] = coef.get(lo - 1, 0.0) + 1.0
        if hi + 1 == self.n:
            return 1.0
        coef[hi] = coef.get(hi, 0.0) - 1.0
        return 0.0

    def _c(self, lo: int, hi: int) -> int:
        key = (lo, hi)
        if key not in self.interval:
            self.interval[key] = self.n - 1 + len(self.interval)
            self.h.addVar(-highspy.kHighsInf, highspy.kHighsInf)
            if key == (0, self.n - 1):
                self.h.changeColCost(self.interval[key], 1.0)
        return self.interval[key]

    def add_tree(self, depths: np.ndarray) -> int:
        new = [e for e in edges_of(depths) if e[0] != e[1] and e not in self.pairs]
        starts: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        upper: list[float] = []
        for lo, hi, r in new:
            coef = {self._c(lo, hi): 1.0}
            rhs = self._mass(coef, lo, hi)
            for a, b in ((lo, r - 1), (r + 1, hi)):
                if a == b:
                    rhs += self._mass(coef, a, a)
                elif a < b:
                    child = self._c(a, b)
                    coef[child] = coef.get(child, 0.0) - 1.0
            starts.append(len(idx))
            idx += [k for k, v in coef.items() if v]
            val += [v for v in coef.values() if v]
            upper.append(rhs)
        if new:
            self.h.addRows(len(new), np.full(len(new), -highspy.kHighsInf), np.array(upper), len(idx),
                           np.array(starts, dtype=np.int32), np.array(idx, dtype=np.int32), np.array(val))
            self.pairs.update(new)
            self.rows += len(new)
        return len(new)

    def solve(self) -> tuple[float, np.ndarray]:
        self.h.run()
        self.pivots += int(self.h.getInfo().simplex_iteration_count)
        p = np.r_[0.0, np.asarray(self.h.getSolution().col_value)[: self.n - 1], 1.0]
        alpha = np.maximum(np.diff(p), 0.0)
        return float(self.h.getInfo().objective_function_value), alpha / alpha.sum()


def recombination(n: int, gap: float = 1e-9, points: int = 5, extra: int = 5) -> dict[str, Any]:
    """The float phase with the recombination master, Wentges-smoothed as the default loop."""
    start = time.perf_counter()
    oracle = GuessOracle(n, symmetric=False)
    oracle.slack = 0.001
    master = RecombinationMaster(n)
    for tree in initial_trees(n, 4):
        master.add_tree(np.array(tree.depths))
        master.add_tree(np.array(tree.depths[::-1]))
    centre = np.full(n, 1.0 / n)
    best, first = oracle.best_response(centre)
    master.add_tree(first)
    c, lp, rounds = 0.95, 0.0, 0
    while True:
        rounds += 1
        t = time.perf_counter()
        upper, x = master.solve()
        lp += time.perf_counter() - t
        weights = [c * (points - 1 - k) / (points - 1) for k in range(points)]
        at = [w * centre + (1 - w) * x for w in weights]
        added = 0
        for k, (value, response, others) in enumerate(oracle.responses(at, extra)):
            if value > best:
                best, centre = value, at[k].copy()
            for depths in (response, *others):
                if float(np.dot(x, depths)) < upper - 1e-12:
                    added += master.add_tree(depths) + master.add_tree(depths[::-1])
            if k == 0 and float(np.dot(x, response)) >= upper - 1e-12:
                c = c / 2 if c > 1e-3 else 0.0  # mis-price
        if upper - best <= gap * upper or added == 0:
            break
    return {"n": n, "rounds": rounds, "seconds": round(time.perf_counter() - start, 2), "lp_seconds": round(lp, 2),
            "lp_pivots": master.pivots, "lp_rows": master.rows, "intervals": len(master.interval),
            "upper": upper, "lower": best, "relative_gap": (upper - best) / upper}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ns", default="200,300,500")
    ap.add_argument("--name", default="guess_recombination")
    args = ap.parse_args()
    solve_guess(20)  # numba's first load out of the timings
    figures: dict[str, Any] = {}
    for n in (int(v) for v in args.ns.split(",")):
        t = time.perf_counter()
        s = solve_guess(n)
        default = {"n": n, "certified": s.certified, "rounds": s.iterations,
                   "seconds": round(time.perf_counter() - t, 2), "lp_seconds": round(s.lp_seconds, 2),
                   "lp_pivots": s.counters.get("lp_iterations"), "value": s.value_float}
        rec = recombination(n)
        figures[str(n)] = {"default (tree master, certified)": default, "recombination master (float phase)": rec}
        print(n, default, rec, flush=True)
    write(args.name, figures)


if __name__ == "__main__":
    main()
