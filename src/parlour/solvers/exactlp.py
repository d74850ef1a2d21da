"""The exact half of the LP recipe: HiGHS's final basis re-solved in rationals (FLINT), and floats rounded to
nearby fractions. The one place parlour solves a linear system exactly for an LP.

The recipe, as zerosum, signalled, bayesian, the column-generation master and the guessing game's
conjectures use it:

1. build the LP and solve it in floats (`lp.Program`), read the final basis (`Program.basis`);
2. re-solve that basis exactly (`basic_solution`): with every nonbasic column at its bound and every tight
   row at its bound, the basic columns on the tight rows form a square system B x_B = b, and B^T y = c_B
   gives the row duals;
3. when that fails (a float basis that is singular or not optimal in exact arithmetic), try the floats
   rounded to fractions (`rounded`, `candidates`);
4. the caller checks what comes back against its own certificate (guarantees of both players, a best
   response over every column...). Nothing here proves anything: the checks are what make values exact.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from parlour.solvers.lp import Basis

Rational = int | Fraction


@dataclass(frozen=True)
class ExactLP:
    """An LP's exact data, as `basic_solution` needs it: column k is {row: coefficient}; a bound None is
    infinite (columns default to x >= 0). It must be the LP HiGHS solved up to a positive scaling of rows or
    columns (those keep the basis)."""

    columns: Sequence[Mapping[int, Rational]]
    cost: Sequence[Rational]
    row_lower: Sequence[Rational | None]
    row_upper: Sequence[Rational | None]
    col_lower: Sequence[Rational | None] | None = None
    col_upper: Sequence[Rational | None] | None = None

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


def solve_square(matrix: Sequence[Sequence[Rational]], rhs: Sequence[Rational]) -> list[Fraction] | None:
    """x with matrix x = rhs exactly, or None when the matrix is singular. Each equation is scaled to integers
    first: FLINT's integer solve (fraction-free) is much faster than its rational one."""
    import flint

    k = len(rhs)
    if k == 0:
        return []
    rows = [_integer_row([*row, b]) for row, b in zip(matrix, rhs, strict=True)]
    try:
        sol = flint.fmpz_mat([row[:k] for row in rows]).solve(flint.fmpz_mat([[row[k]] for row in rows]))
    except ZeroDivisionError:  # singular: the float basis was not a true basis
        return None
    return [Fraction(int(q.p), int(q.q)) for q in sol.entries()]


def _basic_block(lp: ExactLP, basis: Basis) -> list[list[Rational]]:
    """B = A[tight rows, basic columns], dense."""
    row_pos = {r: p for p, r in enumerate(basis.tight_rows)}
    k = len(basis.basic_cols)
    block: list[list[Rational]] = [[0] * k for _ in range(k)]
    for c_pos, c in enumerate(basis.basic_cols):
        for r, v in lp.columns[c].items():
            p = row_pos.get(r)
            if p is not None:
                block[p][c_pos] = v
    return block


def basic_solution(lp: ExactLP, basis: Basis, *, primal: bool = True, dual: bool = True) -> BasicSolution | None:
    """The basis solved exactly (`primal`/`dual` false leaves that half all zeros), or None when it is not
    square or its block is singular in exact arithmetic."""
    if not basis.square:
        return None
    n, m = len(lp.columns), len(lp.row_lower)
    basic = set(basis.basic_cols)
    x: list[Fraction] = [Fraction(0)] * n
    for k in range(n):
        if k not in basic:
            x[k] = Fraction(lp.nonbasic_value(k, k in basis.upper_cols))
    block = _basic_block(lp, basis)
    y: list[Fraction] = [Fraction(0)] * m
    if primal:
        rhs: dict[int, Rational] = {r: lp.active_bound(r, r in basis.upper_rows) for r in basis.tight_rows}
        for k, value in enumerate(x):
            if value and k not in basic:
                for r, v in lp.columns[k].items():
                    if r in rhs:
                        rhs[r] = rhs[r] - v * value
        values = solve_square(block, [rhs[r] for r in basis.tight_rows])
        if values is None:
            return None
        for pos, k in enumerate(basis.basic_cols):
            x[k] = values[pos]
    if dual:
        duals = solve_square([list(col) for col in zip(*block, strict=True)], [lp.cost[k] for k in basis.basic_cols])
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
