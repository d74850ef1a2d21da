"""A dense linear program solved by HiGHS: scipy.optimize.linprog's shape without scipy, whose import
alone (0.6 s of CPU) is twice what a cheap command may spend before it answers.

    minimise c.x  subject to  A_ub x <= b_ub,  A_eq x = b_eq,  lower <= x <= upper

Used where a float optimum is enough because the caller checks the answer exactly afterwards (the mixed
dominance witnesses of `dominance`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import highspy
import numpy as np

INF = highspy.kHighsInf


@dataclass(frozen=True)
class Optimum:
    optimal: bool  # False: infeasible, unbounded or stopped; x is then empty
    x: np.ndarray


def minimise(c: Sequence[float] | np.ndarray, *, a_ub: np.ndarray | None = None, b_ub: Sequence[float] | None = None,
             a_eq: np.ndarray | None = None, b_eq: Sequence[float] | None = None,
             lower: Sequence[float] | None = None, upper: Sequence[float] | None = None) -> Optimum:
    """The LP above (bounds default to x >= 0); HiGHS's dual simplex, quietly."""
    cost = np.asarray(c, dtype=np.float64)
    n = cost.size
    blocks = [np.asarray(a, dtype=np.float64).reshape(-1, n) for a in (a_ub, a_eq) if a is not None]
    matrix = np.vstack(blocks) if blocks else np.zeros((0, n))
    ub = np.asarray(b_ub if b_ub is not None else [], dtype=np.float64)
    eq = np.asarray(b_eq if b_eq is not None else [], dtype=np.float64)
    lp = highspy.HighsLp()
    lp.num_col_, lp.num_row_ = n, matrix.shape[0]
    lp.col_cost_ = cost
    lp.col_lower_ = np.zeros(n) if lower is None else np.asarray(lower, dtype=np.float64)
    lp.col_upper_ = np.full(n, INF) if upper is None else np.asarray(upper, dtype=np.float64)
    lp.row_lower_ = np.concatenate([np.full(ub.size, -INF), eq])
    lp.row_upper_ = np.concatenate([ub, eq])
    columns = np.ascontiguousarray(matrix.T)  # HiGHS reads the matrix column by column
    nonzero = np.nonzero(columns)  # (column, row) of every entry, column by column
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = np.concatenate([[0], np.cumsum((columns != 0).sum(axis=1))]).astype(np.int32)
    lp.a_matrix_.index_ = nonzero[1].astype(np.int32)
    lp.a_matrix_.value_ = columns[nonzero]
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.passModel(lp)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return Optimum(False, np.zeros(0))
    return Optimum(True, np.asarray(h.getSolution().col_value, dtype=np.float64))
