"""The restricted master LP of column generation: in one HiGHS instance (`Master`), or as the column
player's LP with a dense explicit basis inverse in numba (`DenseMaster`); both with the same interface."""

from __future__ import annotations

from collections.abc import Sequence

import highspy
import numpy as np

from parlour.errors import InvalidInput, SolverError
from parlour.solvers.colgen.simplex import primal_simplex
from parlour.solvers.colgen.types import Column


class Master:
    """The restricted master LP in one HiGHS instance; columns of the game are rows of this LP."""

    def __init__(self, m: int) -> None:
        self.m = m
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("solver", "simplex")  # a basis is what the certificate is built from
        h.setOptionValue("presolve", "off")  # presolve would throw the warm start away
        # Tight tolerances: the certificate re-solves this basis exactly, so it must be right, not close.
        h.setOptionValue("primal_feasibility_tolerance", 1e-10)
        h.setOptionValue("dual_feasibility_tolerance", 1e-10)
        inf = highspy.kHighsInf
        # Variables x_0..x_{m-1} >= 0 and v free; minimise -v.
        h.addVars(m + 1, np.zeros(m + 1), np.r_[np.full(m, inf), inf])
        h.changeColBounds(m, -inf, inf)
        h.changeColCost(m, -1.0)
        h.addRow(1.0, 1.0, m, np.arange(m, dtype=np.int32), np.ones(m))
        self.h = h
        self.columns: list[Column] = []  # row r+1 of the LP is columns[r]
        self.idle: list[int] = []
        self.known: set[Column] = set()
        self.lp_iterations = 0
        self.purged = 0

    def add(self, cols: Sequence[Column]) -> int:
        new = [c for c in dict.fromkeys(cols) if c not in self.known]
        if not new:
            return 0
        m = self.m
        k = len(new)
        values = np.empty((k, m + 1))
        values[:, :m] = np.array(new, dtype=np.float64)
        values[:, m] = -1.0
        starts = np.arange(0, k * (m + 1), m + 1, dtype=np.int32)
        index = np.tile(np.arange(m + 1, dtype=np.int32), k)
        self.h.addRows(k, np.zeros(k), np.full(k, highspy.kHighsInf), k * (m + 1), starts, index, values.ravel())
        self.columns.extend(new)
        self.idle.extend([0] * k)
        self.known.update(new)
        return k

    def solve(self) -> tuple[float, np.ndarray, np.ndarray]:
        """(v, x, y): master optimum, row strategy, and column mixture (row duals, normalised)."""
        h = self.h
        h.run()
        status = h.getModelStatus()
        if status != highspy.HighsModelStatus.kOptimal:
            raise SolverError(f"HiGHS did not solve the master LP: {h.modelStatusToString(status)}")
        self.lp_iterations += int(h.getInfo().simplex_iteration_count)
        sol = h.getSolution()
        col = np.asarray(sol.col_value)
        x = np.maximum(col[: self.m], 0.0)
        x /= x.sum()
        y = np.abs(np.asarray(sol.row_dual)[1:])
        total = y.sum()
        y = y / total if total > 0 else y
        basis = h.getBasis()
        basic = highspy.HighsBasisStatus.kBasic
        for r, s in enumerate(basis.row_status[1:]):
            self.idle[r] = self.idle[r] + 1 if s == basic else 0
        return float(col[self.m]), x, y

    def purge(self, idle_limit: int) -> int:
        """Drop rows whose slack has been basic (the column unused) for idle_limit solves."""
        drop = [r for r, n in enumerate(self.idle) if n > idle_limit]
        if not drop:
            return 0
        self.h.deleteRows(len(drop), np.array([r + 1 for r in drop], dtype=np.int32))
        gone = set(drop)
        for r in drop:
            self.known.discard(self.columns[r])
        self.columns = [c for r, c in enumerate(self.columns) if r not in gone]
        self.idle = [n for r, n in enumerate(self.idle) if r not in gone]
        self.purged += len(drop)
        return len(drop)

    def basis_sets(self) -> tuple[list[int], bool, list[int], bool]:
        """(basic x indices, v basic, nonbasic (tight) column rows, sum row nonbasic)."""
        b = self.h.getBasis()
        basic = highspy.HighsBasisStatus.kBasic
        xs = [i for i in range(self.m) if b.col_status[i] == basic]
        tight = [r for r, s in enumerate(b.row_status[1:]) if s != basic]
        return xs, b.col_status[self.m] == basic, tight, b.row_status[0] != basic


class DenseMaster:
    """The restricted master as Bob's LP (max Σy, A y ≤ 1) with a dense explicit basis inverse in numba.

    Same interface as `Master`. Positive payoffs are required (they are: tree depths ≥ 1). A warm start
    is free: adding columns keeps the basis primal feasible, the primal simplex just continues.
    """

    def __init__(self, m: int, devex: bool = True, perturb: float = 1e-7) -> None:
        self.m = m
        self.devex = devex
        self.at = np.zeros((64, m))
        self.k = 0
        self.basis = -np.arange(1, m + 1, dtype=np.int64)  # all slacks
        self.binv = np.eye(m)
        # A tiny random lift of the right-hand side (1 + up to 1e-7) keeps the primal simplex from
        # stalling on this massively degenerate LP (hundreds of near-identical balanced trees). The dual
        # polyhedron, hence Alice's x, does not depend on it; the certificate is built for b = 1
        # exactly, with a HiGHS re-solve as fallback when this basis is not exactly feasible there.
        self.rhs = 1.0 + perturb * np.random.default_rng(12345).random(m)
        self.xb = self.rhs.copy()
        self.columns: list[Column] = []
        self.idle: list[int] = []
        self.known: set[Column] = set()
        self.lp_iterations = 0
        self.purged = 0
        self._y = np.zeros(0)

    def add(self, cols: Sequence[Column]) -> int:
        new = [c for c in dict.fromkeys(cols) if c not in self.known]
        if not new:
            return 0
        if any(min(c) <= 0 for c in new):
            raise InvalidInput("the dense master needs positive payoffs")
        need = self.k + len(new)
        if need > self.at.shape[0]:
            grown = np.zeros((max(need, 2 * self.at.shape[0]), self.m))
            grown[: self.k] = self.at[: self.k]
            self.at = grown
        self.at[self.k : need] = np.array(new, dtype=np.float64)
        self.k = need
        self.columns.extend(new)
        self.idle.extend([0] * len(new))
        self.known.update(new)
        return len(new)

    def solve(self) -> tuple[float, np.ndarray, np.ndarray]:
        status, pivots = primal_simplex(self.at, self.k, self.basis, self.binv, self.xb, 1e-10, 1_000_000, self.rhs,
                                        self.devex)
        self.lp_iterations += pivots
        if status != 0:
            raise SolverError(f"the dense master simplex stopped without an optimum (status {status})")
        pi = self.binv[self.basis >= 0].sum(axis=0)
        z = float(pi.sum())
        x = np.maximum(pi, 0.0)
        x /= x.sum()
        y = np.zeros(self.k)
        for i in range(self.m):
            j = int(self.basis[i])
            if j >= 0:
                y[j] = max(self.xb[i], 0.0)
        total = y.sum()
        y = y / total if total > 0 else y
        basic = set(int(j) for j in self.basis if j >= 0)
        for j in range(self.k):
            self.idle[j] = 0 if j in basic else self.idle[j] + 1
        return 1.0 / z, x, y

    def purge(self, idle_limit: int) -> int:
        keep = [j for j in range(self.k) if self.idle[j] <= idle_limit]
        if len(keep) == self.k:
            return 0
        remap = np.full(self.k, -1, dtype=np.int64)
        remap[keep] = np.arange(len(keep))
        for j in range(self.k):
            if remap[j] < 0:
                self.known.discard(self.columns[j])
        self.at[: len(keep)] = self.at[keep]
        self.basis = np.array([remap[j] if j >= 0 else j for j in self.basis], dtype=np.int64)
        dropped = self.k - len(keep)
        self.columns = [self.columns[j] for j in keep]
        self.idle = [self.idle[j] for j in keep]
        self.k = len(keep)
        self.purged += dropped
        return dropped

    def basis_sets(self) -> tuple[list[int], bool, list[int], bool]:
        """Alice's support = rows whose slack is nonbasic; Bob's = basic columns (as `Master`)."""
        slack_rows = {int(-j - 1) for j in self.basis if j < 0}
        support = [i for i in range(self.m) if i not in slack_rows]
        tight = sorted(int(j) for j in self.basis if j >= 0)
        return support, True, tight, True


