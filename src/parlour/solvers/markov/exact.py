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


def _combine(chunks: list[np.ndarray], shifts: list[int]) -> list[int]:
    """X = sum_i chunks[i] * 2**(the shifts after i) as Python ints, one per entry.

    The chunks overlap and are signed, so they are first carried into digits (least significant first,
    in int64 over all entries at once: digit in [0, 2**k), the carry floor(v / 2**k) into the next), then
    the digits, which no longer overlap, are laid into 64-bit words at their bit offsets, and each entry's
    words become one int (int.from_bytes). Everything but the last step is vectorised over the entries;
    adding the chunks as Python ints instead cost a million small-int operations per 3,000 entries."""
    n = chunks[0].size if chunks else 0
    total = sum(shifts)
    words = np.zeros((n, total // 64 + 2), np.uint64)
    carry = np.zeros(n, np.int64)
    offset = 0
    for c, k in zip(reversed(chunks), reversed(shifts), strict=True):
        v = c + carry  # |c| < 2**62 and |carry| <= |v_before| / 2**k: no overflow
        digit = (v & ((1 << k) - 1)).astype(np.uint64)
        carry = v >> k  # arithmetic shift: the floor, so the digit is never negative
        w, b = divmod(offset, 64)
        words[:, w] |= digit << np.uint64(b)  # bits shifted past 64 are dropped: they go to word w + 1
        if b + k > 64:
            words[:, w + 1] |= digit >> np.uint64(64 - b)
        offset += k
    raw = words.astype("<u8").tobytes()
    size = words.shape[1] * 8
    return [int.from_bytes(raw[j * size:(j + 1) * size], "little") + (int(carry[j]) << total) for j in range(n)]


@dataclass(frozen=True)
class IntegerSolution:
    """x = numerators / denominator solves the integer system A x = b exactly (checked)."""

    numerators: list[int]
    denominator: int
    refinement_steps: int
    bits: int


def exact(chain: Chain, max_bits: int = 2_000_000) -> AbsorptionExact:
    """Exact absorption probabilities of every state (all outcome columns), by `solve_integer` on the
    chain's expanded integer system. The matrix is nonsingular (every state is absorbed or stuck), so the
    exact check of the solution proves the values."""
    t0 = time.perf_counter()
    A, B, m = integer_system(chain)
    if A.shape[0] == 0:
        raise InvalidInput("the chain has no transient states")
    # MMD on A+A^T gave the least fill (and the fastest solves) on the goose chains
    sol = solve_integer(A, B, max_bits=max_bits, ordering="MMD_AT_PLUS_A")
    return AbsorptionExact(sol.numerators, sol.denominator, m, sol.refinement_steps, sol.bits,
                           method="iterative refinement + rational reconstruction, exact residual 0",
                           status=Status.EXACT, seconds=time.perf_counter() - t0)


def solve_integer(A: sp.csr_matrix, B: np.ndarray, *, max_bits: int = 2_000_000,
                  ordering: str = "COLAMD") -> IntegerSolution:
    """The exact solution of A x = B (A a nonsingular sparse integer matrix, B an integer vector, both
    int64), proven by A * numerators == B * denominator in exact integers.

    Iterative refinement (Wan's numeric-symbolic method): one float LU of A (SuperLU, column ordering
    `ordering`); each step solves for the current integer residual in floats, scales by 2**k, rounds, and
    updates the residual exactly, so X / 2**K approximates the solution to K bits. Rational reconstruction
    (continued fractions) of one entry gives a denominator; every numerator is then rounded, and the answer
    is accepted only when the exact check holds.
    """
    lu = spla.splu(A.astype(np.float64).tocsc(), permc_spec=ordering)
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
        X = _combine(chunks, shifts)
        found = _reconstruct(X, scale, e, first=probe)
        if found is not None and _verify(A, B, found[0], found[1]):
            return IntegerSolution(found[0], found[1], steps, total)
        last = None
    raise CertificateError(f"no exact solution verified within {max_bits} bits")


def _reconstruct(X: list[int], scale: int, err: float, first: int = 0) -> tuple[list[int], int] | None:
    """A common denominator q and numerators with X_j / scale ~= num_j / q for every j.

    q starts as the continued-fraction reconstruction of entry `first`; an entry that is not within the
    error of a multiple of 1/q multiplies q by its own reconstructed denominator. None when the
    approximation is too short to reconstruct (more refinement needed). The products X_j * q (tens of
    thousands of bits each) are FLINT's: GMP multiplies them about ten times faster than Python's ints.
    """
    import flint

    e = int(err) + 1
    bound = math.isqrt(scale // (2 * e))
    if bound < 2:
        return None
    bits = scale.bit_length() - 1  # scale is a power of two: divide by shifting
    q = flint.fmpz(1)
    nums: list[Any] = [0] * len(X)
    half = flint.fmpz(scale >> 1)
    for j in [first, *range(len(X))]:
        x = flint.fmpz(X[j])
        t = x * q
        num = (t + half) >> bits
        if abs(t - (num << bits)) > e * q:  # the allowed error grows with q
            extra = Fraction(int(t), scale).limit_denominator(max(1, bound // int(q))).denominator
            if extra == 1 or q * extra > bound:
                return None
            q *= extra
            # numerators found so far stay right over the larger denominator
            nums = [v * extra for v in nums]
            t = x * q
            num = (t + half) >> bits
            if abs(t - (num << bits)) > e * q:
                return None
        nums[j] = num
    return [int(v) for v in nums], int(q)


def _verify(A: sp.csr_matrix, B: np.ndarray, nums: list[int], q: int) -> bool:
    """A @ nums == B * q in exact integer arithmetic (numpy object arrays of Python ints: the loops run
    in C, every product and sum is exact)."""
    n = A.shape[0]
    if n == 0:
        return True
    if len(nums) != A.shape[1]:
        return False
    x = np.empty(len(nums), dtype=object)
    x[:] = nums
    products = A.data.astype(object) * x[A.indices]
    sums = np.zeros(n, dtype=object)
    sums[:] = [0] * n
    rows = np.flatnonzero(np.diff(A.indptr))  # rows with entries (reduceat misreads empty ones)
    if rows.size:
        sums[rows] = np.add.reduceat(products, A.indptr[rows])
    want = B.astype(object) * q
    return bool(all(a == b for a, b in zip(sums.tolist(), want.tolist(), strict=True)))
