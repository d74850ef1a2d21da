"""Exact absorption probabilities by numeric-symbolic iterative refinement (float LU, exact integer
residuals, rational reconstruction), proven by an exact residual of zero."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spla

from parlour.errors import CertificateError, InvalidInput, SolverError
from parlour.results import Result, Status
from parlour.solvers.markov.chain import Chain, integer_system


@dataclass(frozen=True)
class AbsorptionExact(Result):
    """x = numerators / denominator for every (state, outcome column), checked by A x == B exactly."""

    numerators: list[int]  # index s*m + o
    denominator: int
    columns: int
    refinement_steps: int
    bits: int

    def payload(self) -> dict[str, Any]:  # the fractions themselves are read through `value`
        return {"unknowns": len(self.numerators), "columns": self.columns, "denominator_digits":
                len(str(self.denominator)), "refinement_steps": self.refinement_steps, "bits": self.bits}

    def value(self, state: int, outcome: int) -> Fraction:
        return Fraction(self.numerators[state * self.columns + outcome], self.denominator)


def _horner(chunks: list[np.ndarray], shifts: list[int]) -> list[int]:
    """sum_i chunks[i] * 2**(shift after i) as Python ints, combined pairwise (a balanced tree)."""
    items: list[tuple[np.ndarray, int]] = [(c.astype(object), k) for c, k in zip(chunks, shifts, strict=True)]
    # item = (value array, number of bits that follow it); combine neighbours until one is left
    while len(items) > 1:
        nxt: list[tuple[np.ndarray, int]] = []
        for i in range(0, len(items) - 1, 2):
            (a, ka), (b, kb) = items[i], items[i + 1]
            nxt.append((np.left_shift(a, kb) + b, ka + kb))
        if len(items) % 2:
            nxt.append(items[-1])
        items = nxt
    return list(items[0][0])


def exact(chain: Chain, max_bits: int = 2_000_000) -> AbsorptionExact:
    """Exact absorption probabilities of every state (all outcome columns).

    Iterative refinement (Wan's numeric-symbolic method): one float LU of A; each step solves for the
    current integer residual in floats, scales by 2**k, rounds, and updates the residual exactly, so
    X / 2**K approximates the solution to K bits. Rational reconstruction (continued fractions) of one
    entry gives a denominator; every numerator is then rounded, and the answer is accepted only when
    A * numerators == B * denominator holds exactly. The matrix is nonsingular (every state is absorbed
    or stuck), so that check proves the values.
    """
    t0 = time.perf_counter()
    A, B, m = integer_system(chain)
    if A.shape[0] == 0:
        raise InvalidInput("the chain has no transient states")
    # MMD on A+A^T gave the least fill (and the fastest solves) on the goose chains
    lu = spla.splu(A.astype(np.float64).tocsc(), permc_spec="MMD_AT_PLUS_A")
    norm = int(abs(A).sum(axis=1).max())
    r = B.copy()
    chunks: list[np.ndarray] = []
    shifts: list[int] = []
    total = 0
    steps = 0
    probe = int(np.argmax(B != 0)) if B.any() else 0
    x_probe = 0  # the probe entry of X, kept up to date step by step (cheap)
    last: Fraction | None = None
    k_want = 40
    while total <= max_bits:
        y = lu.solve(r.astype(np.float64))
        ymax = float(np.abs(y).max()) if r.any() else 0.0
        rmax = float(np.abs(r).max())
        # keep every integer below 2**62: |A c| <= norm * 2**k * ymax and |r| * 2**k
        k = min(k_want, 61 - math.ceil(math.log2(max(norm * (ymax + 1), rmax + 1))))
        if k < 8:
            raise SolverError("iterative refinement stalled: the float LU is too inaccurate")
        c = np.rint(y * 2.0**k).astype(np.int64)
        r_new = r * (1 << k) - A @ c
        new_max = float(np.abs(r_new).max(initial=0))
        # the residual is dominated by rounding c when the float solve was accurate: go faster
        k_want = min(50, k_want + 1) if new_max <= 2 * norm else max(16, k_want - 4)
        if new_max > 2**40:
            raise SolverError("iterative refinement diverged: the float LU is too inaccurate")
        chunks.append(c)
        shifts.append(k)
        x_probe = (x_probe << k) + int(c[probe])
        r = r_new
        total += k
        steps += 1
        if steps % 32:
            continue
        # Try only when the probe's reconstruction is stable: then the full (costly) reconstruction.
        scale = 1 << total
        e = float(np.abs(lu.solve(r.astype(np.float64))).max()) * 2 + 1.0
        bound = math.isqrt(scale // (2 * (int(e) + 1)))
        guess = Fraction(x_probe, scale).limit_denominator(bound)
        if guess != last:
            last = guess
            continue
        X = _horner(chunks, shifts)
        found = _reconstruct(X, scale, e, first=probe)
        if found is not None and _verify(A, B, found[0], found[1]):
            return AbsorptionExact(found[0], found[1], m, steps, total, method="iterative refinement + rational "
                                   "reconstruction, exact residual 0", status=Status.EXACT,
                                   seconds=time.perf_counter() - t0)
        last = None
    raise CertificateError(f"no exact solution verified within {max_bits} bits")


def _reconstruct(X: list[int], scale: int, err: float, first: int = 0) -> tuple[list[int], int] | None:
    """A common denominator q and numerators with X_j / scale ~= num_j / q for every j.

    q starts as the continued-fraction reconstruction of entry `first`; an entry that is not within the
    error of a multiple of 1/q multiplies q by its own reconstructed denominator. None when the
    approximation is too short to reconstruct (more refinement needed).
    """
    e = int(err) + 1
    bound = math.isqrt(scale // (2 * e))
    if bound < 2:
        return None
    bits = scale.bit_length() - 1  # scale is a power of two: divide by shifting
    q = 1
    nums: list[int] = [0] * len(X)
    half = scale >> 1
    limit = e  # allowed |X_j * q - num_j * scale|, grows with q
    for j in [first, *range(len(X))]:
        t = X[j] * q
        num = (t + half) >> bits
        if abs(t - (num << bits)) > limit * q:
            extra = Fraction(t, scale).limit_denominator(max(1, bound // q)).denominator
            if extra == 1 or q * extra > bound:
                return None
            q *= extra
            # numerators found so far stay right over the larger denominator
            nums = [v * extra for v in nums]
            t = X[j] * q
            num = (t + half) >> bits
            if abs(t - (num << bits)) > limit * q:
                return None
        nums[j] = num
    return nums, q


def _verify(A: sp.csr_matrix, B: np.ndarray, nums: list[int], q: int) -> bool:
    """A @ nums == B * q in exact integer arithmetic."""
    indptr, indices, data = A.indptr, A.indices, A.data.tolist()
    idx = indices.tolist()
    for i in range(A.shape[0]):
        acc = 0
        for e in range(indptr[i], indptr[i + 1]):
            acc += data[e] * nums[idx[e]]
        if acc != int(B[i]) * q:
            return False
    return True


