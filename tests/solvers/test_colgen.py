"""Column generation agrees with the full-matrix LP and its certificates survive an exact re-check."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest

from parlour.errors import CertificateError, InvalidInput
from parlour.solvers import colgen, zerosum
from parlour.solvers.colgen import ColGenCertificate, Stabilisation


class MatrixOracle:
    """An oracle over an explicit matrix (columns listed), to test the machinery on known games."""

    def __init__(self, a: np.ndarray) -> None:
        self.a = a
        self.m = a.shape[0]

    def best_response(self, x: np.ndarray) -> tuple[float, np.ndarray]:
        values = x @ self.a
        j = int(np.argmin(values))
        return float(values[j]), self.a[:, j].copy()

    def exact_best_response(self, x: Sequence[Fraction]) -> tuple[Fraction, tuple[int, ...]]:
        def cost(j: int) -> Fraction:
            return sum((xi * int(v) for xi, v in zip(x, self.a[:, j], strict=True)), Fraction(0))

        best = min(range(self.a.shape[1]), key=cost)
        col = tuple(int(v) for v in self.a[:, best])
        return sum((xi * v for xi, v in zip(x, col, strict=True)), Fraction(0)), col


@pytest.mark.parametrize("kind", ["wentges", "fixed", "none"])
def test_random_games_match_zerosum(kind: str) -> None:
    rng = np.random.default_rng(1)
    for _ in range(8):
        m, n = int(rng.integers(2, 7)), int(rng.integers(2, 40))
        a = rng.integers(-5, 9, size=(m, n))
        oracle = MatrixOracle(a)
        stab = Stabilisation(kind, guess=tuple([1.0] * m) if kind == "fixed" else None)
        res = colgen.solve(oracle, [a[:, 0]], stab)
        assert res.certified and res.certificate is not None
        assert res.certificate.value == zerosum.solve(a).value_exact
        colgen.check_certificate(res.certificate, oracle)
        # Bounds trace: the upper bound never increases, the best lower bound never decreases.
        ups = [s.upper for s in res.trace]
        lows = [s.lower for s in res.trace]
        assert all(b <= a_ + 1e-9 for a_, b in itertools.pairwise(ups))
        assert all(b >= a_ for a_, b in itertools.pairwise(lows))
        assert lows[-1] <= float(res.certificate.value) + 1e-9 <= ups[0] + 2e-9


def test_wrong_certificate_is_refused() -> None:
    a = np.array([[1, 3], [2, 1]])  # value 5/3, x = (1/3, 2/3), y = (2/3, 1/3)
    oracle = MatrixOracle(a)
    good = ColGenCertificate(Fraction(5, 3), (Fraction(1, 3), Fraction(2, 3)), ((1, 2), (3, 1)),
                             (Fraction(2, 3), Fraction(1, 3)))
    colgen.check_certificate(good, oracle)
    bad = ColGenCertificate(Fraction(5, 3), (Fraction(1, 2), Fraction(1, 2)), good.columns, good.column_weights)
    with pytest.raises(CertificateError):
        colgen.check_certificate(bad, oracle)


def test_bad_arguments() -> None:
    oracle = MatrixOracle(np.array([[1, 2], [2, 1]]))
    with pytest.raises(InvalidInput):
        colgen.solve(oracle, [])
    with pytest.raises(InvalidInput):
        colgen.solve(oracle, [[1, 2]], Stabilisation("fixed"))


def test_exact_basis_solution_small() -> None:
    cols = [(1, 3), (3, 1)]
    sol = colgen.exact_basis_solution(cols, 2, [0, 1], [0, 1])
    assert sol is not None
    x, v, y, u = sol
    assert x == [Fraction(1, 2), Fraction(1, 2)] and v == u == 2 and y == [Fraction(1, 2), Fraction(1, 2)]


@pytest.mark.parametrize("kind", ["dense", "dense-dantzig"])
def test_dense_master_matches_zerosum(kind: str) -> None:
    rng = np.random.default_rng(2)
    for _ in range(8):
        m, n = int(rng.integers(2, 9)), int(rng.integers(2, 60))
        a = rng.integers(1, 12, size=(m, n))  # the dense master needs positive payoffs
        res = colgen.solve(MatrixOracle(a), [a[:, 0]], master_kind=kind)  # type: ignore[arg-type]
        assert res.certificate is not None
        assert res.certificate.value == zerosum.solve(a).value_exact


def test_dense_master_refuses_nonpositive_columns() -> None:
    oracle = MatrixOracle(np.array([[0, 2], [2, 1]]))
    with pytest.raises(InvalidInput):
        colgen.solve(oracle, [[0, 2]], master_kind="dense")


def test_dense_master_refuses_payoffs_float32_cannot_hold() -> None:
    master = colgen.DenseMaster(2)
    assert master.add([(1, (1 << 24) - 1)]) == 1  # the largest exact one
    with pytest.raises(InvalidInput, match="float32"):
        master.add([(1, 1 << 24)])


class BatchMatrixOracle(MatrixOracle):
    """The same oracle with the batch capability: every point in one call, plus near-best columns."""

    def __init__(self, a: np.ndarray) -> None:
        super().__init__(a)
        self.batches = 0

    def responses(self, points: Sequence[np.ndarray], extra: int, gap: float = math.inf) -> list[colgen.Priced]:
        self.batches += 1
        out: list[colgen.Priced] = []
        for x in points:
            order = np.argsort(x @ self.a, kind="stable")
            value, col = self.best_response(x)
            out.append((value, col, [self.a[:, j].copy() for j in order[1 : 1 + extra]]))
        return out


def test_batch_capability_is_declared_by_the_protocol_and_used() -> None:
    a = np.random.default_rng(3).integers(1, 9, size=(5, 30))
    plain, batch = MatrixOracle(a), BatchMatrixOracle(a)
    assert isinstance(batch, colgen.BatchOracle) and not isinstance(plain, colgen.BatchOracle)
    points = [np.full(5, 0.2), np.eye(5)[0]]
    # a plain oracle is priced point by point, without extra columns
    assert all(extra == [] for _, _, extra in colgen.price(plain, points, 3))
    assert all(len(extra) == 3 for _, _, extra in colgen.price(batch, points, 3))
    before = batch.batches
    res = colgen.solve(batch, [a[:, 0]], extra=2, master_kind="dense")
    assert batch.batches - before == res.iterations  # one call per iteration
    assert res.certificate is not None and res.certificate.value == zerosum.solve(a).value_exact


def test_result_is_a_result_with_status() -> None:
    a = np.array([[3, 1], [1, 3]])
    certified = colgen.solve(MatrixOracle(a), [a[:, 0]])
    assert certified.status == "exact" and certified.to_json()["status"] == "exact"
    assert certified.seconds > 0 and "column generation" in certified.method
    floats_only = colgen.solve(MatrixOracle(a), [a[:, 0]], exact=False)
    assert floats_only.certificate is None and floats_only.status == "estimate"
    assert floats_only.value == pytest.approx(2.0)


def test_scatter_is_validated() -> None:
    oracle = MatrixOracle(np.array([[1, 2], [2, 1]]))
    with pytest.raises(InvalidInput):
        colgen.solve(oracle, [[1, 2]], Stabilisation(scatter=-1))
    with pytest.raises(InvalidInput):
        colgen.solve(oracle, [[1, 2]], Stabilisation(scatter=2, sigma=0.0))


def test_scatter_matches_zerosum_and_repeats() -> None:
    rng = np.random.default_rng(7)
    a = rng.integers(1, 20, size=(6, 40))
    want = zerosum.solve(a).value_exact
    runs = [colgen.solve(MatrixOracle(a), [a[:, 0]], Stabilisation(scatter=3)) for _ in range(2)]
    assert all(r.certified and r.certificate is not None and r.certificate.value == want for r in runs)
    assert runs[0].iterations == runs[1].iterations  # seeded: the scattered points repeat
