"""The restricted master LP in HiGHS: the row player's LP over the columns found so far.

New columns arrive as new *rows* of this LP (`addRows`), so the previous optimal basis stays dual
feasible and the dual simplex re-optimises from it (a warm start).
"""

from __future__ import annotations

from collections.abc import Sequence

import highspy
import numpy as np

from parlour.errors import SolverError
from parlour.solvers.colgen.oracle import Column


class Master:
    """The restricted master LP in one HiGHS instance; columns of the game are rows of this LP (a
    `protocol.MasterLP`)."""

    def __init__(self, m: int, simplex_strategy: int | None = None) -> None:
        """`simplex_strategy`: HiGHS's (1 dual, 4 primal; None: its default choice)."""
        self.m = m
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("solver", "simplex")  # a basis is what the certificate is built from
        if simplex_strategy is not None:
            h.setOptionValue("simplex_strategy", simplex_strategy)
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
        self.devex_resets = 0  # HiGHS keeps its pricing to itself

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

