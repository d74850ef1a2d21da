"""The harvest: no-regret play before the first master solve, whose best responses are first columns."""

from __future__ import annotations

import numpy as np
import pytest
from test_colgen import MatrixOracle

from parlour.errors import InvalidInput
from parlour.solvers import colgen, zerosum
from parlour.solvers.colgen.harvest import harvest


def test_harvest_gives_true_columns_and_a_valid_lower_bound() -> None:
    rng = np.random.default_rng(4)
    a = rng.integers(1, 20, size=(5, 40))
    value = float(zerosum.solve(a).value_exact)
    oracle = MatrixOracle(a)
    played = harvest(oracle, 3000)
    matrix_columns = {tuple(int(v) for v in a[:, j]) for j in range(a.shape[1])}
    assert len(set(played.columns)) == len(played.columns) and set(played.columns) <= matrix_columns
    assert played.best_value <= value + 1e-12  # a best-response value never exceeds the game value
    assert played.best_value == pytest.approx(oracle.best_response(played.best)[0])
    assert played.average.sum() == pytest.approx(1.0) and (played.average >= 0).all()
    # the averaged play comes close to the value (no-regret: the gap shrinks like 1/T)
    assert oracle.best_response(played.average)[0] >= value - 0.05 * (a.max() - a.min())


def test_harvest_first_keeps_the_exact_answer() -> None:
    rng = np.random.default_rng(12)
    for _ in range(5):
        a = rng.integers(1, 15, size=(int(rng.integers(3, 8)), int(rng.integers(20, 60))))
        for kind in ("dense", "highs"):
            res = colgen.solve(MatrixOracle(a), [a[:, 0]], harvest_rounds=50, master_kind=kind)  # type: ignore[arg-type]
            assert res.certificate is not None and res.certificate.value == zerosum.solve(a).value_exact
            assert res.counters["harvested_columns"] > 0
    with pytest.raises(InvalidInput):
        colgen.solve(MatrixOracle(a), [a[:, 0]], harvest_rounds=-1)
