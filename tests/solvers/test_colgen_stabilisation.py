"""Stabilising the loop near a degenerate optimum: the averaged pricing point (Neame's smoothing) and
near-best responses narrowed to the gap."""

from __future__ import annotations

import numpy as np
import pytest
from test_colgen import MatrixOracle

from parlour.errors import InvalidInput
from parlour.solvers import colgen, zerosum
from parlour.solvers.colgen import Stabilisation


@pytest.mark.parametrize(("average", "purge_after"), [(0.0, 30), (0.02, 1), (0.5, 1)])
def test_the_averaged_point_keeps_the_exact_answer(average: float, purge_after: int) -> None:
    rng = np.random.default_rng(11)
    for _ in range(6):
        a = rng.integers(1, 15, size=(int(rng.integers(3, 8)), int(rng.integers(20, 60))))
        res = colgen.solve(MatrixOracle(a), [a[:, 0]], Stabilisation(average=average), purge_after=purge_after,
                           master_kind="dense")
        assert res.certificate is not None and res.certificate.value == zerosum.solve(a).value_exact


def test_the_average_weight_is_validated() -> None:
    with pytest.raises(InvalidInput):
        colgen.solve(MatrixOracle(np.array([[1, 2], [2, 1]])), [[1, 2]], Stabilisation(average=1.5))


def test_guess_oracle_narrows_its_near_best_trees_to_the_gap() -> None:
    from parlour.analyses.guess.oracle import GuessOracle

    oracle = GuessOracle(200)
    oracle.slack = 0.05
    x = np.random.default_rng(2).random(oracle.m)
    x /= x.sum()
    (wide_value, _, wide), = oracle.responses([x], extra=20)
    (value, _, narrow), = oracle.responses([x], extra=20, gap=1e-14)
    assert value == wide_value
    # with a tiny gap only trees tied with the best (to rounding) come back; with slack 0.05, worse ones too
    assert all(float(x @ t) <= value * (1 + 1e-9) for t in narrow)
    assert any(float(x @ t) > value * (1 + 1e-6) for t in wide)
