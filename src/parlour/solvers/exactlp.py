"""The exact half of the LP recipe: HiGHS's final basis re-solved in rationals (FLINT), and floats rounded to
nearby fractions. The one place parlour solves a linear system exactly for an LP.

The recipe, as zerosum, signalled, bayesian, the column-generation master and the guessing game's
conjectures use it:

1. build the LP and solve it in floats (`lp.Program`), read the final basis (`Program.basis`);
2. re-solve that basis exactly (`basic_solution`): with every nonbasic column at its bound and every tight
   row at its bound, the basic columns on the tight rows form a square system B x_B = b, and B^T y = c_B
   gives the row duals (FLINT's dense solve; or, for a large sparse basis such as the sequence form's,
   sparse elimination in Fractions, `solve_sparse`);
3. when that fails (a float basis that is singular or not optimal in exact arithmetic), try the floats
   rounded to fractions (`rounded`, `candidates`);
4. the caller checks what comes back against its own certificate (guarantees of both players, a best
   response over every column...). Nothing here proves anything: the checks are what make values exact.
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import numpy as np

from parlour.solvers.lp import Basis

Rational = int | Fraction


@dataclass(frozen=True)
class ExactLP:
    """An LP's exact data, as `basic_solution` needs it: the matrix either column by column (column k as
    {row: coefficient}) or as a dense 2-D array A (rows x columns, Python ints or Fractions: a payoff matrix
    is read faster by slicing than as dicts); a bound None is infinite (columns default to x >= 0). It must be
    the LP HiGHS solved up to a positive scaling of rows or columns (those keep the basis)."""

    columns: Sequence[Mapping[int, Rational]] | np.ndarray
    cost: Sequence[Rational]
    row_lower: Sequence[Rational | None]
    row_upper: Sequence[Rational | None]
    col_lower: Sequence[Rational | None] | None = None
    col_upper: Sequence[Rational | None] | None = None
    integral: bool = False  # every coefficient is a Python int, as the caller knows: no pass to find out

    @property
    def num_col(self) -> int:
        return self.columns.shape[1] if isinstance(self.columns, np.ndarray) else len(self.columns)

    def column(self, k: int) -> Mapping[int, Rational]:
        """Column k as {row: coefficient}."""
        if isinstance(self.columns, np.ndarray):
            return {r: v for r, v in enumerate(self.columns[:, k].tolist()) if v}
        return self.columns[k]

    def nonbasic_value(self, k: int, at_upper: bool) -> Rational:
        """Where a nonbasic column sits: its upper bound when HiGHS says so, else its lower bound, else (a
        column with no lower bound, nonbasic at zero) 0."""
        if at_upper:
            upper = None if self.col_upper is None else self.col_upper[k]
            if upper is None:
                raise ValueError(f"column {k} is at an upper bound it does not have")
            return upper
        lower = 0 if self.col_lower is None else self.col_lower[k]
        return 0 if lower is None else lower

    def active_bound(self, r: int, at_upper: bool) -> Rational:
        """The bound a tight row's activity sits at (an equality row's lower is its upper)."""
        lower, upper = self.row_lower[r], self.row_upper[r]
        bound = upper if (at_upper or lower is None) else lower
        if bound is None:
            raise ValueError(f"row {r} has no finite bound, so it cannot be tight")
        return bound


@dataclass(frozen=True)
class BasicSolution:
    """A basis solved exactly: every column's value and every row's dual (0 on the rows whose slack is basic)."""

    x: tuple[Fraction, ...]
    y: tuple[Fraction, ...]


def _integer_row(row: Sequence[Rational]) -> list[int]:
    """The row times the least common multiple of its denominators: scaling one equation changes no solution."""
    scale = math.lcm(*(v.denominator for v in row))
    if scale == 1:
        return [int(v) for v in row]
    return [int(v * scale) for v in row]


def _solve_integral(matrix: list[list[int]], rhs: Sequence[Rational]) -> list[Fraction] | None:
    """matrix x = rhs for a matrix of Python ints (FLINT's fraction-free integer solve); None when singular."""
    import flint

    den = math.lcm(*(v.denominator for v in rhs))
    try:
        sol = flint.fmpz_mat(matrix).solve(flint.fmpz_mat([[int(v * den)] for v in rhs]))
    except ZeroDivisionError:  # singular: the float basis was not a true basis
        return None
    return [Fraction(int(q.p), int(q.q) * den) for q in sol.entries()]


def solve_square(matrix: Sequence[Sequence[Rational]], rhs: Sequence[Rational], *,
                 integral: bool = False) -> list[Fraction] | None:
    """x with matrix x = rhs exactly, or None when the matrix is singular. A matrix with fractions has each
    equation scaled to integers first: FLINT's integer solve is much faster than its rational one.
    `integral`: every entry of the matrix is a Python int, as the caller knows (the column-generation
    certificate's columns are tuples of ints): no pass over the entries to find out, no copy."""
    if not rhs:
        return []
    if integral:
        return _solve_integral(matrix, rhs)  # type: ignore[arg-type]
    if all(type(v) is int for row in matrix for v in row):
        return _solve_integral(cast("list[list[int]]", [list(row) for row in matrix]), rhs)
    rows = [_integer_row([*row, b]) for row, b in zip(matrix, rhs, strict=True)]
    k = len(rhs)
    return _solve_integral([row[:k] for row in rows], [row[k] for row in rows])


def _basic_blocks(lp: ExactLP, basis: Basis) -> tuple[list[list[Rational]], list[list[Rational]], bool]:
    """(B, B^T, whether every entry is a Python int) with B = A[tight rows, basic columns], dense."""
    k = len(basis.basic_cols)
    types: set[type] = {int}
    if isinstance(lp.columns, np.ndarray):
        block = lp.columns[np.ix_(basis.tight_rows, basis.basic_cols)].tolist()
        if not lp.integral:
            types.update(type(v) for row in block for v in row)
    else:
        row_pos = {r: p for p, r in enumerate(basis.tight_rows)}
        block = [[0] * k for _ in range(k)]
        for c_pos, c in enumerate(basis.basic_cols):
            col = lp.columns[c]
            if not lp.integral:
                types.update(map(type, col.values()))
            for r in col.keys() & row_pos.keys():
                block[row_pos[r]][c_pos] = col[r]
    return block, [list(col) for col in zip(*block, strict=True)], types <= {int}


def _solve(matrix: list[list[Rational]], rhs: Sequence[Rational], integral: bool) -> list[Fraction] | None:
    return _solve_integral(matrix, rhs) if integral else solve_square(matrix, rhs)  # type: ignore[arg-type]


# --- sparse bases: elimination that keeps the zeros -------------------------------------------------------

Pivot = tuple[int, dict[int, Fraction], Fraction]  # (column, the pivot row as it was then, its right-hand side)


def _sparse_blocks(lp: ExactLP, basis: Basis) -> tuple[list[dict[int, Rational]], list[dict[int, Rational]]]:
    """The rows of B = A[tight rows, basic columns] and of B^T, each as {position: coefficient}."""
    row_pos = {r: p for p, r in enumerate(basis.tight_rows)}
    rows: list[dict[int, Rational]] = [{} for _ in basis.tight_rows]
    transposed: list[dict[int, Rational]] = [{} for _ in basis.basic_cols]
    for c_pos, c in enumerate(basis.basic_cols):
        for r, v in lp.column(c).items():
            if (p := row_pos.get(r)) is not None and v:
                rows[p][c_pos] = v
                transposed[c_pos][p] = v
    return rows, transposed


def _eliminate(rows: Sequence[Mapping[int, Rational]], rhs: Sequence[Rational], fill: int) -> list[Pivot] | None:
    """Gaussian elimination on a sparse square matrix in Fractions, each pivot by Markowitz's rule as
    simplified by most sparse solvers (the column with the fewest entries, in it the row with the fewest), so
    that few zeros fill in; the pivots in order, or None when the matrix is singular or more than `fill`
    entries would be updated (a basis that fills in, which FLINT's dense solve does faster)."""
    work = [{j: Fraction(v) for j, v in row.items() if v} for row in rows]
    b = [Fraction(v) for v in rhs]
    cols: dict[int, set[int]] = {j: set() for j in range(len(work))}
    for i, row in enumerate(work):
        for j in row:
            cols[j].add(i)
    heap = [(len(s), j) for j, s in cols.items()]
    heapq.heapify(heap)
    pivots: list[Pivot] = []
    while heap:
        count, j = heapq.heappop(heap)
        if j not in cols or count != len(cols[j]):
            continue  # an entry left behind when the column's count changed
        if count == 0:
            return None  # a column with no entry left: singular
        i = min(cols[j], key=lambda r: len(work[r]))
        pivot, bi = work[i], b[i]  # row i leaves every column's set below: it is never touched again
        targets = cols.pop(j) - {i}
        fill -= len(targets) * (len(pivot) - 1)
        if fill < 0:
            return None
        for k in pivot:
            if k != j:
                cols[k].discard(i)
        for r in targets:
            _subtract(work[r], cols, r, pivot, j, bi, b)
        for k in pivot:
            if k != j:
                heapq.heappush(heap, (len(cols[k]), k))
        pivots.append((j, pivot, bi))
    return pivots if len(pivots) == len(work) else None


def _subtract(row: dict[int, Fraction], cols: dict[int, set[int]], r: int, pivot: dict[int, Fraction], j: int,
              bi: Fraction, b: list[Fraction]) -> None:
    """Row r minus the multiple of the pivot row that clears its column j (and the same for its right-hand
    side), keeping `cols` (the rows in which each column has an entry) up to date."""
    f = row.pop(j) / pivot[j]
    for k, v in pivot.items():
        if k == j:
            continue
        new = row.get(k, 0) - f * v
        if new:
            if k not in row:
                cols[k].add(r)
            row[k] = new
        elif k in row:
            del row[k]
            cols[k].discard(r)
    if bi:
        b[r] -= f * bi


def solve_sparse(rows: Sequence[Mapping[int, Rational]], rhs: Sequence[Rational], *,
                 fill: int) -> list[Fraction] | None:
    """x with rows x = rhs exactly, row i given as {column: coefficient} (n rows, columns 0..n-1), by sparse
    elimination and back substitution; None when the matrix is singular or fills in beyond `fill` updates."""
    pivots = _eliminate(rows, rhs, fill)
    if pivots is None:
        return None
    x = [Fraction(0)] * len(rows)
    for j, row, bi in reversed(pivots):  # each pivot row holds, besides j, only columns pivoted after it
        x[j] = (bi - sum((v * x[k] for k, v in row.items() if k != j), Fraction(0))) / row[j]
    return x


def basic_solution(lp: ExactLP, basis: Basis, *, primal: bool = True, dual: bool = True,
                   fill: int | None = None) -> BasicSolution | None:
    """The basis solved exactly (`primal`/`dual` false leaves that half all zeros), or None when it is not
    square or its block is singular in exact arithmetic. With `fill`, both systems are solved by sparse
    elimination (`solve_sparse`), for a sparse basis too large for a dense solve (the sequence form's), and
    None also says that one filled in beyond `fill` updates."""
    if not basis.square:
        return None
    n, m = lp.num_col, len(lp.row_lower)
    basic = set(basis.basic_cols)
    x: list[Fraction] = [Fraction(0)] * n
    # Only a column at its upper bound or with a lower bound other than 0 sits away from 0 when nonbasic: the
    # rest are left at 0 without a call each (a small LP of the hidden-money cow trade is solved 1,580 times).
    lowered = () if lp.col_lower is None else (k for k, bound in enumerate(lp.col_lower) if bound)
    for k in basis.upper_cols.union(lowered) - basic:
        if value := lp.nonbasic_value(k, k in basis.upper_cols):
            x[k] = Fraction(value)
    solve: Callable[[Any, Sequence[Rational]], list[Fraction] | None]
    if fill is None:
        block, transposed, integral = _basic_blocks(lp, basis)
        solve = functools.partial(_solve, integral=integral)
    else:
        block, transposed = _sparse_blocks(lp, basis)  # type: ignore[assignment]
        solve = functools.partial(solve_sparse, fill=fill)
    y: list[Fraction] = [Fraction(0)] * m
    if primal:
        rhs: dict[int, Rational] = {r: lp.active_bound(r, r in basis.upper_rows) for r in basis.tight_rows}
        for k, value in enumerate(x):
            if value and k not in basic:
                for r, v in lp.column(k).items():
                    if r in rhs:
                        rhs[r] = rhs[r] - v * value
        values = solve(block, [rhs[r] for r in basis.tight_rows])
        if values is None:
            return None
        for pos, k in enumerate(basis.basic_cols):
            x[k] = values[pos]
    if dual:
        duals = solve(transposed, [lp.cost[k] for k in basis.basic_cols])
        if duals is None:
            return None
        for pos, r in enumerate(basis.tight_rows):
            y[r] = duals[pos]
    return BasicSolution(tuple(x), tuple(y))


def rounded(values: Sequence[float] | Sequence[Fraction] | np.ndarray, max_denominator: int, *,
            nonnegative: bool = False) -> list[Fraction]:
    """Each float as the nearest fraction with a denominator at most `max_denominator` (negatives taken as 0
    when `nonnegative`: a probability a float solver left at -1e-17)."""
    if nonnegative:
        return [Fraction(max(float(v), 0.0)).limit_denominator(max_denominator) for v in values]
    return [Fraction(float(v)).limit_denominator(max_denominator) for v in values]


def mixture(weights: Sequence[Fraction]) -> tuple[Fraction, ...] | None:
    """The weights scaled to a probability vector; None when one is negative or all are zero."""
    total = sum(weights, Fraction(0))
    if total <= 0 or any(w < 0 for w in weights):
        return None
    return tuple(w / total for w in weights)


ROUNDING = (10**3, 10**6, 10**9)  # denominators tried in turn when the basis gives no proof


def candidates(lp: ExactLP, basis: Basis | None, x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray,
               denominators: Sequence[int] = ROUNDING) -> Iterator[tuple[str, BasicSolution]]:
    """Exact (x, y) to check, best first: the basis re-solved (when given), then the floats x (columns) and
    y (row duals, sign dropped) rounded to ever finer fractions. Lazy: a caller whose check passes on the
    first stops there."""
    if basis is not None:
        solved = basic_solution(lp, basis)
        if solved is not None:
            yield "basis", solved
    for den in denominators:
        yield (f"rounding (denominators <= {den})",
               BasicSolution(tuple(rounded(x, den, nonnegative=True)), tuple(rounded([abs(v) for v in y], den))))


__all__ = [
    "ROUNDING", "BasicSolution", "ExactLP", "Rational", "basic_solution", "candidates", "mixture", "rounded",
    "solve_sparse", "solve_square",
]
