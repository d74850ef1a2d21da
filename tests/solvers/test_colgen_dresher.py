"""The lexicographic simplex (Dresher's method) over any oracle game: exact value on matrix games."""

from __future__ import annotations

from fractions import Fraction

import pytest

from parlour.errors import InvalidInput
from parlour.solvers import zerosum
from parlour.solvers.colgen.dresher import lexicographic_simplex
from parlour.solvers.colgen.oracle import Column


class ExactMatrixOracle:
    """Columns of a fixed positive integer matrix; the row player maximises."""

    def __init__(self, rows: list[list[int]]) -> None:
        self.a = rows
        self.m = len(rows)

    def exact_best_response(self, x: tuple[Fraction, ...] | list[Fraction]) -> tuple[Fraction, Column]:
        cols = [tuple(r[j] for r in self.a) for j in range(len(self.a[0]))]
        return min((sum((p * c for p, c in zip(x, col, strict=True)), Fraction(0)), col) for col in cols)


@pytest.mark.parametrize("rows", [[[3, 1], [1, 3]], [[2, 5, 1], [4, 1, 3], [1, 2, 6]], [[4, 2], [1, 3], [2, 2]]])
def test_value_matches_the_matrix_game_lp(rows: list[list[int]]) -> None:
    run = lexicographic_simplex(ExactMatrixOracle(rows))
    assert run.value == zerosum.value(rows)
    last = run.steps[-1]
    assert last.entering is None and last.lower == run.value  # optimal: x guarantees the value exactly
    assert sum(p for _, p in run.columns) == 1
    # the column mixture holds every row to the value
    assert max(sum((p * c[i] for c, p in run.columns), Fraction(0)) for i in range(len(rows))) == run.value


def test_bounds_close_in_on_the_value() -> None:
    run = lexicographic_simplex(ExactMatrixOracle([[2, 5, 1], [4, 1, 3], [1, 2, 6]]))
    assert all(s.lower <= run.value for s in run.steps)
    assert all(s.upper is None or s.upper >= run.value for s in run.steps)


def test_non_positive_payoffs_are_refused() -> None:
    with pytest.raises(InvalidInput):
        lexicographic_simplex(ExactMatrixOracle([[0, 1], [1, 0]]))
