"""The exact engine's integer core (solve_integer): the refinement's chunks combined into integers, the
solution of a random integer system against FLINT's rational solve, and the check that proves it."""

from __future__ import annotations

from fractions import Fraction

import flint
import numpy as np
import pytest
import scipy.sparse as sp

from parlour.errors import CertificateError
from parlour.solvers.markov.exact import _combine, _verify, solve_integer


def horner(chunks: list[np.ndarray], shifts: list[int]) -> list[int]:
    x = [0] * chunks[0].size
    for c, k in zip(chunks, shifts, strict=True):
        x = [(v << k) + int(d) for v, d in zip(x, c, strict=True)]
    return x


def test_combine_is_the_chunks_shifted_and_added():
    rng = np.random.default_rng(7)
    for _ in range(200):
        steps, n = int(rng.integers(1, 40)), int(rng.integers(1, 8))
        shifts = [int(rng.integers(1, 51)) for _ in range(steps)]
        big = rng.random() < 0.6  # chunks near the engine's limit (2**61), or small ones with many carries
        chunks = [rng.integers(-(2**61), 2**61, size=n) if big else rng.integers(-3, 4, size=n) for _ in shifts]
        assert _combine(chunks, shifts) == horner(chunks, shifts)


def system(n: int, seed: int) -> tuple[sp.csr_matrix, np.ndarray]:
    """A sparse nonsingular integer system like an absorbing chain's: den on the diagonal, off-diagonal
    weights summing to less."""
    rng = np.random.default_rng(seed)
    dense = np.zeros((n, n), np.int64)
    for i in range(n):
        cols = rng.choice(n, size=4, replace=False)
        dense[i, cols] -= rng.integers(1, 9, size=4)
        dense[i, i] += 40
    return sp.csr_matrix(dense), rng.integers(0, 7, size=n).astype(np.int64)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_solve_integer_agrees_with_flints_rational_solve(seed):
    A, b = system(60, seed)
    sol = solve_integer(A, b)
    want = flint.fmpq_mat(A.toarray().tolist()).solve(flint.fmpq_mat(60, 1, b.tolist()))
    got = [Fraction(v, sol.denominator) for v in sol.numerators]
    assert got == [Fraction(int(want[i, 0].p), int(want[i, 0].q)) for i in range(60)]
    assert _verify(A, b, sol.numerators, sol.denominator)


def test_the_check_rejects_a_wrong_solution():
    A, b = system(30, 4)
    sol = solve_integer(A, b)
    off = list(sol.numerators)
    off[17] += 1
    assert not _verify(A, b, off, sol.denominator)
    assert not _verify(A, b, sol.numerators, sol.denominator + 1)


def test_too_few_bits_is_an_error_not_a_guess():
    A, b = system(60, 5)
    with pytest.raises(CertificateError):
        solve_integer(A, b, max_bits=64)
