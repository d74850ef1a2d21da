"""Linear programs in HiGHS, the one place parlour sets HiGHS up (the exact half of the recipe, re-solving
the final basis in rationals and rounding floats to fractions, is `exactlp`).

`Program` is one HiGHS instance: built whole from its columns (`Program.build`) or grown row by row (the
column-generation master and the guessing game's constrained LP add rows and re-optimise from the last
basis). `solve` returns the float optimum or raises a `SolverError` that says why, `basis` the final basis
as index sets, which is what the exact re-solve starts from.

`minimise` is scipy.optimize.linprog's shape without scipy, whose import alone (0.6 s of CPU) is twice
what a cheap command may spend before it answers:

    minimise c.x  subject to  A_ub x <= b_ub,  A_eq x = b_eq,  lower <= x <= upper

It is for callers that check the answer exactly afterwards (the mixed dominance witnesses of `dominance`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain

import highspy
import numpy as np

from parlour.errors import InvalidInput, SolverError

INF = highspy.kHighsInf
# HiGHS refuses a matrix entry above this (its option large_matrix_value): the model is then never solved and
# its status reads "Not Set", which says nothing to a user, so `Program` refuses such entries itself first.
LARGEST_ENTRY = 1e15
# Tolerances for callers whose basis is re-solved exactly: the basis must be right, not close.
TIGHT = 1e-10

FloatArray = np.ndarray | Sequence[float]


@dataclass(frozen=True)
class Solution:
    """HiGHS's optimum in floats: the columns' values, the rows' duals (HiGHS's sign convention), the
    objective and the simplex iterations this solve took."""

    x: np.ndarray
    row_dual: np.ndarray
    objective: float
    iterations: int


@dataclass(frozen=True)
class Basis:
    """The final simplex basis as index sets: basic columns, tight rows (nonbasic: the row's activity at a
    bound), and which nonbasic columns and tight rows sit at their upper bound (the others at the lower
    one, or at zero when free). A basis proper has as many basic columns as tight rows."""

    basic_cols: tuple[int, ...]
    tight_rows: tuple[int, ...]
    upper_cols: frozenset[int]
    upper_rows: frozenset[int]
    row_basic: tuple[bool, ...]  # per row: its slack is basic (the row is not tight)

    @property
    def square(self) -> bool:
        return len(self.basic_cols) == len(self.tight_rows) > 0


@dataclass(frozen=True)
class Sparse:
    """A matrix column by column (HiGHS's compressed-column form): column k's entries are
    value[start[k]:start[k+1]] in the rows index[start[k]:start[k+1]]."""

    start: np.ndarray
    index: np.ndarray
    value: np.ndarray

    @staticmethod
    def from_dense(matrix: np.ndarray) -> Sparse:
        """The nonzeros of a dense (rows x columns) float matrix."""
        columns = np.ascontiguousarray(np.asarray(matrix, dtype=np.float64).T)
        nonzero = np.nonzero(columns)  # (column, row) of every entry, column by column
        counts = np.count_nonzero(columns, axis=1)
        return Sparse(np.concatenate([[0], np.cumsum(counts)]).astype(np.int32), nonzero[1].astype(np.int32),
                      columns[nonzero])

    @staticmethod
    def from_full(matrix: np.ndarray) -> Sparse:
        """Every entry of a dense matrix, zeros too (cheaper to build than finding the nonzeros of a full
        payoff matrix, and HiGHS drops the zeros itself)."""
        rows, cols = matrix.shape
        return Sparse(np.arange(0, rows * cols + 1, rows, dtype=np.int32),
                      np.arange(rows * cols, dtype=np.int32) % rows,  # 0..rows-1 per column: a fifth of np.tile's time
                      np.ascontiguousarray(np.asarray(matrix, dtype=np.float64).T).ravel())

    @staticmethod
    def from_columns(columns: Sequence[Mapping[int, float | Fraction]]) -> Sparse:
        """Columns given as {row: coefficient} (a Fraction is taken as its nearest float: the exact LP that
        `exactlp` re-solves can share its columns with the float one)."""
        start = np.zeros(len(columns) + 1, dtype=np.int32)
        start[1:] = np.cumsum([len(c) for c in columns])
        # chain walks the dicts in C: three times faster than a generator over them
        index = np.array(list(chain.from_iterable(columns)), dtype=np.int32)
        value = np.array([float(v) for v in chain.from_iterable(c.values() for c in columns)], dtype=np.float64)
        return Sparse(start, index, value)


def _finite(bound: float | None, default: float) -> float:
    return default if bound is None else bound


def _checked_entries(values: np.ndarray) -> None:
    if values.size and not (largest := float(np.abs(values).max())) <= LARGEST_ENTRY:  # NaN fails too
        if not np.isfinite(values).all():
            raise InvalidInput("an LP coefficient is not a finite number")
        raise InvalidInput(f"an LP coefficient of {largest:.3g} is beyond HiGHS's floats (at most {LARGEST_ENTRY:.0e} "
                           "in absolute value); scale the numbers down")


class Program:
    """One LP in HiGHS, quiet, by the simplex method (a basis is what an exact certificate is built from)."""

    def __init__(self, *, tolerance: float | None = None, presolve: bool = True,
                 simplex_strategy: int | None = None, name: str = "the LP") -> None:
        """`tolerance`: HiGHS's primal and dual feasibility tolerances (None: its defaults, 1e-7);
        `presolve` off keeps the warm start of a program solved again after rows are added;
        `simplex_strategy`: HiGHS's (1 dual, 4 primal; None: its choice); `name` says which LP an error is about."""
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("solver", "simplex")
        if not presolve:
            h.setOptionValue("presolve", "off")
        if simplex_strategy is not None:
            h.setOptionValue("simplex_strategy", simplex_strategy)
        if tolerance is not None:
            h.setOptionValue("primal_feasibility_tolerance", tolerance)
            h.setOptionValue("dual_feasibility_tolerance", tolerance)
        self.h = h
        self.name = name

    @classmethod
    def build(cls, matrix: Sparse, cost: FloatArray, *, row_lower: FloatArray, row_upper: FloatArray,
              col_lower: FloatArray | None = None, col_upper: FloatArray | None = None, maximise: bool = False,
              tolerance: float | None = None, name: str = "the LP") -> Program:
        """The whole LP at once: min (or max) cost.x s.t. row_lower <= A x <= row_upper, col bounds
        (default x >= 0); +-INF for a missing bound."""
        _checked_entries(matrix.value)
        n = len(matrix.start) - 1
        lp = highspy.HighsLp()
        lp.num_col_, lp.num_row_ = n, len(row_lower)
        if maximise:
            lp.sense_ = highspy.ObjSense.kMaximize
        lp.col_cost_ = np.asarray(cost, dtype=np.float64)
        lp.col_lower_ = np.zeros(n) if col_lower is None else np.asarray(col_lower, dtype=np.float64)
        lp.col_upper_ = np.full(n, INF) if col_upper is None else np.asarray(col_upper, dtype=np.float64)
        lp.row_lower_ = np.asarray(row_lower, dtype=np.float64)
        lp.row_upper_ = np.asarray(row_upper, dtype=np.float64)
        lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
        lp.a_matrix_.start_ = matrix.start
        lp.a_matrix_.index_ = matrix.index
        lp.a_matrix_.value_ = matrix.value
        program = cls(tolerance=tolerance, name=name)
        program._refused(program.h.passModel(lp))
        return program

    def _refused(self, status: object) -> None:
        if status == highspy.HighsStatus.kError:
            raise SolverError(f"HiGHS refused {self.name}")

    def add_columns(self, cost: FloatArray, lower: FloatArray, upper: FloatArray) -> None:
        """Columns with no entries yet (rows added later fill them in)."""
        count = len(cost)
        self._refused(self.h.addCols(count, np.asarray(cost, dtype=np.float64), np.asarray(lower, dtype=np.float64),
                                     np.asarray(upper, dtype=np.float64), 0, np.zeros(count + 1, dtype=np.int32),
                                     np.zeros(0, dtype=np.int32), np.zeros(0)))

    def set_column(self, col: int, *, cost: float | None = None, lower: float | None = None,
                   upper: float | None = None) -> None:
        if cost is not None:
            self.h.changeColCost(col, cost)
        if lower is not None or upper is not None:
            self.h.changeColBounds(col, _finite(lower, -INF), _finite(upper, INF))

    def add_rows(self, lower: FloatArray, upper: FloatArray, rows: Sparse) -> None:
        """Rows given row by row in `Sparse`'s form (start, index: the columns, value)."""
        _checked_entries(rows.value)
        count = len(rows.start) - 1
        self._refused(self.h.addRows(count, np.asarray(lower, dtype=np.float64), np.asarray(upper, dtype=np.float64),
                                     len(rows.index), rows.start[:-1], rows.index, rows.value))

    def add_row(self, lower: float, upper: float, index: np.ndarray, value: np.ndarray) -> None:
        """One row: `value` in the columns `index` (int32). A caller adding rows one at a time (the guessing
        game's conjectures add each tree as it is found) pays here a third of `add_rows`'s numpy set-up."""
        _checked_entries(value)
        self._refused(self.h.addRow(lower, upper, len(index), index, value))

    def delete_rows(self, rows: Sequence[int]) -> None:
        self.h.deleteRows(len(rows), np.asarray(rows, dtype=np.int32))

    def solve(self) -> Solution:
        """Run the simplex (from the last basis, when rows were added since); the optimum, or a
        SolverError naming the LP and how HiGHS ended (infeasible, unbounded, a limit...)."""
        h = self.h
        h.run()
        status = h.getModelStatus()
        if status == highspy.HighsModelStatus.kNotset:
            # HiGHS's postsolve can end in an error at tight tolerances on a badly scaled LP (a cow-trade quartet
            # with 30 against 20: "Not Set"); the same LP without presolve solves.
            _, presolve = h.getOptionValue("presolve")
            h.setOptionValue("presolve", "off")
            h.clearSolver()
            h.run()
            h.setOptionValue("presolve", presolve)
            status = h.getModelStatus()
        if status != highspy.HighsModelStatus.kOptimal:
            raise SolverError(f"HiGHS did not solve {self.name}: {h.modelStatusToString(status)}")
        sol = h.getSolution()
        # Two values, not `getInfo()`: that copies HiGHS's whole info record, a tenth of a small stage LP's solve
        _, iterations = h.getInfoValue("simplex_iteration_count")
        return Solution(np.asarray(sol.col_value), np.asarray(sol.row_dual), float(h.getObjectiveValue()),
                        int(iterations))

    def row_basic(self) -> np.ndarray:
        """Per row, whether its slack is basic (the row is not tight), as a numpy bool array, straight after
        `solve`. HiGHS's list of basic variables is a numpy array (a column k as k, row r as -1 - r): reading
        it costs a tenth of `basis()`, which converts every column's and row's status to a Python object.
        The column-generation master reads this after every solve to count each row's idle rounds."""
        status, basic = self.h.getBasicVariables()  # type: ignore[attr-defined]  # in _Highs, not its stubs
        if status == highspy.HighsStatus.kError:  # no basis to read (the LP was never solved): the slow way
            return np.array(self.basis().row_basic, dtype=bool)
        row_basic = np.zeros(self.h.getNumRow(), dtype=bool)
        row_basic[-1 - basic[basic < 0]] = True
        return row_basic

    def basis(self) -> Basis:
        b = self.h.getBasis()
        # Each read of col_status/row_status converts HiGHS's whole vector: once each, as plain ints.
        cols = [int(s) for s in b.col_status]
        rows = [int(s) for s in b.row_status]
        basic, upper = int(highspy.HighsBasisStatus.kBasic), int(highspy.HighsBasisStatus.kUpper)
        row_basic = tuple(s == basic for s in rows)
        return Basis(tuple(k for k, s in enumerate(cols) if s == basic),
                     tuple(r for r, is_basic in enumerate(row_basic) if not is_basic),
                     frozenset(k for k, s in enumerate(cols) if s == upper),
                     frozenset(r for r, s in enumerate(rows) if s == upper), row_basic)


@dataclass(frozen=True)
class Optimum:
    optimal: bool  # False: infeasible, unbounded or stopped; x is then empty
    x: np.ndarray


def minimise(c: Sequence[float] | np.ndarray, *, a_ub: np.ndarray | None = None, b_ub: Sequence[float] | None = None,
             a_eq: np.ndarray | None = None, b_eq: Sequence[float] | None = None,
             lower: Sequence[float] | None = None, upper: Sequence[float] | None = None) -> Optimum:
    """The LP of the module's docstring (bounds default to x >= 0), quietly; not optimal is an answer here."""
    cost = np.asarray(c, dtype=np.float64)
    n = cost.size
    blocks = [np.asarray(a, dtype=np.float64).reshape(-1, n) for a in (a_ub, a_eq) if a is not None]
    matrix = np.vstack(blocks) if blocks else np.zeros((0, n))
    ub = np.asarray(b_ub if b_ub is not None else [], dtype=np.float64)
    eq = np.asarray(b_eq if b_eq is not None else [], dtype=np.float64)
    program = Program.build(Sparse.from_dense(matrix), cost, row_lower=np.concatenate([np.full(ub.size, -INF), eq]),
                            row_upper=np.concatenate([ub, eq]), col_lower=lower, col_upper=upper)
    try:
        return Optimum(True, program.solve().x)
    except SolverError:
        return Optimum(False, np.zeros(0))


__all__ = [
    "INF", "LARGEST_ENTRY", "TIGHT", "Basis", "FloatArray", "Optimum", "Program", "Solution", "Sparse", "minimise",
]
