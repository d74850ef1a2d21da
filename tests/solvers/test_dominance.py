from fractions import Fraction

import numpy as np
import pytest

from parlour.errors import CertificateError
from parlour.results import Status
from parlour.solvers import dominance, zerosum
from parlour.solvers.dominance import Elimination, Kind, Removal


def test_strict_pure_dominance_down_to_a_cell() -> None:
    # row 1 strictly dominates row 0; then column 1 is strictly better for the minimiser
    a = [[1, 3], [2, 4]]
    result = dominance.eliminate(a)
    assert result.rows == (1,) and result.cols == (0,)
    assert result.steps[0] == Removal(1, 0, Kind.STRICT, ((1, Fraction(1)),))


def test_mixed_dominance_needs_a_mixture() -> None:
    # the middle row is beaten by the half-half mix of the others, by no pure row
    a = [[3, 0], [1, 1], [0, 3]]
    pure_only = dominance.eliminate(a, mixed=False)
    assert pure_only.rows == (0, 1, 2)
    result = dominance.eliminate(a)
    assert 1 not in result.rows
    step = result.steps[0]
    assert step.kind is Kind.STRICT and not step.pure
    assert dict(step.by) == {0: Fraction(1, 2), 2: Fraction(1, 2)}


def test_value_is_kept() -> None:
    rng = np.random.default_rng(3)
    for _ in range(20):
        a = rng.integers(-4, 5, size=(5, 5))
        result = dominance.eliminate(a)
        assert zerosum.solve(result.reduced(a)).value_exact == zerosum.solve(a).value_exact


def test_duplicates_are_dropped() -> None:
    result = dominance.eliminate([[1, -1, -1], [-1, 1, 1]])
    assert result.cols == (0, 2)  # the first copy in index order goes
    assert result.steps[-1].kind is Kind.EQUAL


def test_verify_rejects_a_forged_step() -> None:
    forged = Elimination((1,), (0, 1), (Removal(1, 0, Kind.STRICT, ((1, Fraction(1)),)),), status=Status.EXACT)
    with pytest.raises(CertificateError):
        dominance.verify([[1, 0], [0, 1]], forged)


def test_strict_only() -> None:
    # weakly but not strictly dominated: kept when weak=False
    a = [[1, 1], [1, 0]]
    assert dominance.eliminate(a, weak=False).rows == (0, 1)
    assert dominance.eliminate(a, weak=True).rows == (0,)


def test_elimination_is_a_result_with_labelled_steps():
    result = dominance.eliminate([[1, 2], [3, 4]], weak=False, mixed=False)
    data = result.to_json()
    assert data["status"] == "exact" and data["counters"]["removals"] == len(result.steps) == 2
    assert data["survivors"] == {"rows": [1], "columns": [0]}
    assert result.payload(["a", "b"], ["x", "y"])["survivors"] == {"rows": ["b"], "columns": ["x"]}
