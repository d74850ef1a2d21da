"""Properties of Alice's optimal strategies, tested as "some optimal α satisfies it" — exactly.

Optimal α is not unique, so a statement like Johnson's α1 = 2·α2 is decided over the whole optimal set:
- equality constraints G α = 0: solve the game with the constraint added to Alice's side (LP, lazy
  trees) and compare its value with V(N). Equal: an exact witness α (rational vertex of the final basis,
  checked against every tree by the exact DP) proves "holds". Smaller: Bob's LP duals, rounded to
  rationals, give an exact upper bound below V(N) for every constrained α, which proves "fails"
  (weak duality holds for *any* Bob mixture y and any multiplier λ: min_T α·d_T ≤ max_i (Σ y d + λ G)_i).
- strict inequalities g_j·α > 0: fix v = V(N) and maximise the smallest margin s = min_j g_j·α over the
  optimal set. s > 0 with an exact witness proves "holds"; an exact dual bound s ≤ 0 proves "fails".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from parlour.analyses.guess.oracle import optimal_bst, optimal_bst_exact_tree
from parlour.errors import InvalidInput, SolverError
from parlour.games.guess.trees import Tree
from parlour.solvers import exactlp, lp

Sparse = dict[int, int]  # 1-based index -> integer coefficient


@dataclass(frozen=True)
class PropertyCheck:
    n: int
    holds: bool | None  # None: undecided (no exact proof either way)
    proven: bool
    margin: Fraction | float | None  # constrained value − V (equalities) or best margin s (inequalities)
    trees: int  # tree rows the LP needed


def johnson_1(n: int) -> list[Sparse]:
    return [{1: 1, 2: -1, 3: -1}]  # α1 = α2 + α3


def johnson_2(n: int) -> list[Sparse]:
    return [{1: 1, 2: -2}]  # α1 = 2 α2


def johnson_3(n: int) -> list[Sparse]:
    return [{1: 1, j: -1} for j in range(2, n)]  # α1 > αj for 1 < j < N


def gilbert(n: int) -> list[Sparse]:
    """Our reading of Gilbert: the numbers nearest N/4, N/2, 3N/4 are played less often than both
    neighbours (strict local minima of α)."""
    out: list[Sparse] = []
    for k in sorted({max(2, min(n - 1, round(n * f))) for f in (0.25, 0.5, 0.75)}):
        out.append({k - 1: 1, k: -1})
        out.append({k + 1: 1, k: -1})
    return out


def gilbert_below_uniform(n: int) -> list[Sparse]:
    """A second reading: those numbers are hidden with probability below the uniform 1/N."""
    out: list[Sparse] = []
    for k in sorted({max(1, min(n, round(n * f))) for f in (0.25, 0.5, 0.75)}):
        g = {i: 1 for i in range(1, n + 1)}
        g[k] = 1 - n  # Σα − N α_k = 1 − N α_k > 0
        out.append(g)
    return out


class _Model:
    """Alice's LP over α (all N numbers), v and optionally s, with lazily added tree rows."""

    def __init__(self, n: int, value: Fraction, eq: Sequence[Sparse], ineq: Sequence[Sparse]) -> None:
        self.n, self.value, self.eq, self.ineq = n, value, list(eq), list(ineq)
        self.trees: list[tuple[int, ...]] = []
        # Tight tolerances: the exact witness is the final basis re-solved in rationals, so the float
        # basis must be right, not just close (N = 127 failed with the defaults).
        self.program = lp.Program(tolerance=lp.TIGHT, presolve=False, name="the constrained LP")
        self.iv = n  # index of v
        self.is_ = n + 1  # index of s (when inequalities)
        # The exact bounds (None: infinite): v is exactly V in the inequalities' LP, free otherwise.
        fixed_v = value if ineq else None
        self.col_lower: list[Fraction | None] = [*[Fraction(0)] * n, fixed_v]
        self.col_upper: list[Fraction | None] = [*[None] * n, fixed_v]
        self.cost = [0] * (n + 1)
        if ineq:
            self.col_lower.append(None)
            self.col_upper.append(Fraction(1))
            self.cost.append(1)  # maximise s
        else:
            self.cost[self.iv] = 1  # maximise v
        self.program.add_columns([-float(c) for c in self.cost],  # HiGHS minimises
                                 [-lp.INF if b is None else float(b) for b in self.col_lower],
                                 [lp.INF if b is None else float(b) for b in self.col_upper])
        self.rows: list[tuple[dict[int, int], str]] = []  # (coefficients by 0-based column, kind)
        self.row_lower: list[int | None] = []
        self.row_upper: list[int | None] = []
        self._add_row({i: 1 for i in range(n)}, 1, 1, "sum")
        for g in eq:
            self._add_row({i - 1: c for i, c in g.items()}, 0, 0, "eq")
        for g in ineq:
            self._add_row({**{i - 1: c for i, c in g.items()}, self.is_: -1}, 0, None, "ineq")
        self.last: lp.Solution | None = None

    def _add_row(self, coeffs: dict[int, int], lo: int, hi: int | None, kind: str) -> None:
        idx = np.array(sorted(coeffs), dtype=np.int32)
        val = np.array([float(coeffs[i]) for i in idx])
        self.rows.append((coeffs, kind))
        self.row_lower.append(lo)
        self.row_upper.append(hi)
        self.program.add_row(float(lo), lp.INF if hi is None else float(hi), idx, val)

    def add_tree(self, depths: Sequence[int] | np.ndarray) -> bool:
        t = tuple(int(d) for d in depths)
        if t in self.trees:
            return False
        self.trees.append(t)
        self._add_row({**{i: t[i] for i in range(self.n)}, self.iv: -1}, 0, None, "tree")
        return True

    def solve(self) -> np.ndarray:
        self.last = self.program.solve()
        return self.last.x

    def _exact_lp(self) -> exactlp.ExactLP:
        columns: list[dict[int, int]] = [{} for _ in self.cost]
        for r, (coeffs, _) in enumerate(self.rows):
            for j, c in coeffs.items():
                columns[j][r] = c
        return exactlp.ExactLP(columns, self.cost, self.row_lower, self.row_upper, self.col_lower, self.col_upper)

    def exact_vertex(self) -> list[Fraction] | None:
        """The basic solution of the final basis in exact rationals (v's bound is exactly V)."""
        solved = exactlp.basic_solution(self._exact_lp(), self.program.basis(), dual=False)
        return None if solved is None else list(solved.x)

    def exact_duals(self) -> list[Fraction] | None:
        """Row duals of the final basis in exact rationals: A[tight, basic]ᵀ y = c[basic] (rows off the
        tight set get 0). The bound below only needs *some* multipliers, so these are just good ones."""
        solved = exactlp.basic_solution(self._exact_lp(), self.program.basis(), primal=False)
        return None if solved is None else list(solved.y)

    def dual_bound(self) -> Fraction | None:
        """Exact weak-duality bound from rounded duals: on the constrained value (equalities) or on the
        margin s (inequalities). None when the rounded duals give nothing usable."""
        exact = self.exact_duals()
        assert self.last is not None, "dual_bound reads the last solve"
        floats = exactlp.rounded(self.last.row_dual, 10**12)
        best: Fraction | None = None
        for duals, sign in ((exact, 1), (exact, -1), (floats, 1), (floats, -1)):
            if duals is None:
                continue
            y = [abs(d) for d, (_, k) in zip(duals, self.rows, strict=True) if k == "tree"]
            tree_rows = [c for c, k in self.rows if k == "tree"]
            other = [(sign * d, c, k) for d, (c, k) in zip(duals, self.rows, strict=True) if k in ("eq", "ineq")]
            n = self.n
            if not self.ineq:
                total = sum(y, Fraction(0))
                if total == 0:
                    continue
                vec = [sum((yt * c[i] for yt, c in zip(y, tree_rows, strict=True)), Fraction(0)) / total
                       for i in range(n)]
                for lam, c, _ in other:
                    for i in range(n):
                        vec[i] += lam * c.get(i, 0)
                bound = max(vec)
            else:
                mus = [abs(lam) for lam, _, k in other if k == "ineq"]
                msum = sum(mus, Fraction(0))
                if msum == 0:
                    continue
                vec = [Fraction(0)] * n
                for mu, (_, c, _) in zip(mus, [o for o in other if o[2] == "ineq"], strict=True):
                    for i in range(n):
                        vec[i] += mu / msum * c.get(i, 0)
                for yt, c in zip(y, tree_rows, strict=True):
                    for i in range(n):
                        vec[i] += yt * (c[i] - self.value)
                bound = max(vec)
            best = bound if best is None or bound < best else best
        return best


def some_optimal_alpha(
    n: int, value: Fraction, seed_trees: Sequence[Tree], *, eq: Sequence[Sparse] = (), ineq: Sequence[Sparse] = (),
    max_rounds: int = 500,
) -> PropertyCheck:
    """Does some optimal α (value `value` = V(N)) satisfy G α = 0 (eq) and g·α > 0 (ineq)?"""
    if bool(eq) == bool(ineq):
        raise InvalidInput("give either equality or inequality constraints")
    model = _Model(n, value, eq, ineq)
    for t in seed_trees:
        model.add_tree(t.depths)
    model.add_tree(Tree.complete(n).depths)
    for _ in range(max_rounds):
        x = model.solve()
        alpha = np.maximum(x[:n], 0.0)
        v = float(x[n])
        cost, depths = optimal_bst(alpha)
        if cost < v - 1e-11 and model.add_tree(depths):
            continue
        # Float optimum over all trees reached: decide exactly.
        vertex = model.exact_vertex()
        if vertex is not None:
            a = vertex[:n]
            if all(p >= 0 for p in a) and sum(a, Fraction(0)) == 1:
                den = math.lcm(*(p.denominator for p in a))
                low_int, tree = optimal_bst_exact_tree([int(p * den) for p in a])
                low = Fraction(low_int, den)
                eq_ok = all(sum((c * a[i - 1] for i, c in g.items()), Fraction(0)) == 0 for g in eq)
                if low < (value if ineq else vertex[n]) and model.add_tree(tree.depths):
                    continue
                if ineq:
                    margin = min(sum((c * a[i - 1] for i, c in g.items()), Fraction(0)) for g in ineq)
                    if low == value and margin > 0:
                        return PropertyCheck(n, True, True, margin, len(model.trees))
                elif eq_ok and low == value:
                    return PropertyCheck(n, True, True, Fraction(0), len(model.trees))
        bound = model.dual_bound()
        if ineq:
            s = float(x[n + 1])
            if bound is not None and bound <= 0:
                return PropertyCheck(n, False, True, bound, len(model.trees))
            return PropertyCheck(n, s > 0 if abs(s) > 1e-9 else None, False, s, len(model.trees))
        if bound is not None and bound < value:
            return PropertyCheck(n, False, True, bound - value, len(model.trees))
        return PropertyCheck(n, None, False, v - float(value), len(model.trees))
    raise SolverError(f"N={n}: the constrained LP needed more than {max_rounds} rounds")


__all__ = [
    "PropertyCheck", "Sparse", "gilbert", "gilbert_below_uniform", "johnson_1", "johnson_2", "johnson_3",
    "some_optimal_alpha",
]
