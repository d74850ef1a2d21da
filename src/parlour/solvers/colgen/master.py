"""The restricted master LP in HiGHS (an `lp.Program`): the row player's LP over the columns found so far.

New columns arrive as new *rows* of this LP (`addRows`), so the previous optimal basis stays dual
feasible and the dual simplex re-optimises from it (a warm start).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from parlour.solvers import lp
from parlour.solvers.colgen.oracle import Column


class Master:
    """The restricted master LP in one HiGHS instance; columns of the game are rows of this LP (a
    `protocol.MasterLP`)."""

    def __init__(self, m: int, simplex_strategy: int | None = None) -> None:
        """`simplex_strategy`: HiGHS's (1 dual, 4 primal; None: its default choice)."""
        self.m = m
        # Presolve off: it would throw the warm start away. Tight tolerances: the certificate re-solves this
        # basis exactly, so it must be right, not close.
        program = lp.Program(tolerance=lp.TIGHT, presolve=False, simplex_strategy=simplex_strategy,
                             name="the master LP")
        # Variables x_0..x_{m-1} >= 0 and v free; minimise -v.
        program.add_columns(np.r_[np.zeros(m), -1.0], np.r_[np.zeros(m), -lp.INF], np.full(m + 1, lp.INF))
        program.add_rows([1.0], [1.0], lp.Sparse(np.array([0, m], dtype=np.int32), np.arange(m, dtype=np.int32),
                                                 np.ones(m)))
        self.program = program
        self.columns: list[Column] = []  # row r+1 of the LP is columns[r]
        self.idle = np.zeros(0, dtype=np.int64)  # per column row: solves in a row with its slack basic
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
        rows = lp.Sparse(np.arange(0, k * (m + 1) + 1, m + 1, dtype=np.int32),
                         np.tile(np.arange(m + 1, dtype=np.int32), k), values.ravel())
        self.program.add_rows(np.zeros(k), np.full(k, lp.INF), rows)
        self.columns.extend(new)
        self.idle = np.concatenate([self.idle, np.zeros(k, dtype=np.int64)])
        self.known.update(new)
        return k

    def solve(self) -> tuple[float, np.ndarray, np.ndarray]:
        """(v, x, y): master optimum, row strategy, and column mixture (row duals, normalised)."""
        sol = self.program.solve()
        self.lp_iterations += sol.iterations
        x = np.maximum(sol.x[: self.m], 0.0)
        x /= x.sum()
        y = np.abs(sol.row_dual[1:])
        total = y.sum()
        y = y / total if total > 0 else y
        # Only which slacks are basic, as numpy (not the whole `basis()`): this runs after every solve.
        self.idle = np.where(self.program.row_basic()[1:], self.idle + 1, 0)
        return float(sol.x[self.m]), x, y

    def purge(self, idle_limit: int) -> int:
        """Drop rows whose slack has been basic (the column unused) for idle_limit solves."""
        drop = np.flatnonzero(self.idle > idle_limit).tolist()
        if not drop:
            return 0
        self.program.delete_rows([r + 1 for r in drop])
        gone = set(drop)
        for r in drop:
            self.known.discard(self.columns[r])
        self.columns = [c for r, c in enumerate(self.columns) if r not in gone]
        self.idle = np.delete(self.idle, drop)
        self.purged += len(drop)
        return len(drop)

    def basis_sets(self) -> tuple[list[int], bool, list[int], bool]:
        """(basic x indices, v basic, nonbasic (tight) column rows, sum row nonbasic)."""
        b = self.program.basis()  # read again: a purge since the last solve renumbers the rows
        xs = [i for i in b.basic_cols if i < self.m]
        tight = [r - 1 for r in b.tight_rows if r > 0]
        return xs, self.m in b.basic_cols, tight, not b.row_basic[0]

