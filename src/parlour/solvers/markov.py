"""Absorbing Markov chains: exact, float and certified absorption probabilities.

A chain is given in CSR form (`Chain`): for each transient state its successors with integer weights
over a common denominator. A successor is another transient state, or an absorbing outcome (encoded
as -1 - outcome). Chains reduced by a symmetry carry, per edge, a permutation of the outcome labels:
the value of outcome o at a state is the weighted sum of outcome perm[o] at the successors (for a race
game relabelled so the mover is always player 0, every move shifts the labels by one).

States from which no outcome can be reached (the 2-player Game of the Goose with one player in the
well and the other in the prison) are found by a reachability fixpoint and get an extra outcome,
"never" (a draw). After that every state is absorbed with probability 1, so the outcome
probabilities of each state sum to 1; this is what makes the certified bounds below two-sided.

Methods:
* `exact`: rationals by numeric-symbolic iterative refinement (a float LU of the integer system, exact
  integer residuals, rational reconstruction), proven by an exact residual of zero.
* `float_solve`: a sparse direct solve (SuperLU) of the expanded system, with its residual.
* `certified`: monotone Gauss-Seidel iteration from below with downward rounding; the upper bound of
  an outcome is one minus the lower bounds of the others. Checkpoints resume a killed run.
* `explicit`: a chain from a start state and a successor function (small games, tests, the toy game).
"""

from __future__ import annotations

import hashlib
import math
import os
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numba
import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spla

from parlour.errors import CertificateError, InvalidInput, SolverError


@dataclass(frozen=True)
class Chain:
    """Transient states 0..n-1 of an absorbing chain in CSR form."""

    indptr: np.ndarray  # int64, n + 1
    target: np.ndarray  # int32/int64: successor state, or -1 - outcome
    weight: np.ndarray  # integer numerators; each row sums to `den`
    den: int
    outcomes: int  # number of absorbing outcomes (without "never")
    edge_perm: np.ndarray | None = None  # int8 per edge: index into `perms` (None: identity)
    perms: np.ndarray | None = None  # int8 [k, outcomes]: outcome o at the state reads perm[o] there
    # Starts of blocks of states (then n) that a sweep may split between threads: a state should
    # depend on states of earlier blocks mostly. None: one plain Gauss-Seidel sweep in state order.
    blocks: np.ndarray | None = None

    @property
    def n(self) -> int:
        return int(self.indptr.size - 1)

    def check(self) -> None:
        sums = np.add.reduceat(self.weight.astype(np.int64), self.indptr[:-1]) if self.n else np.zeros(0)
        empty = self.indptr[1:] == self.indptr[:-1]
        if empty.any() or (sums != self.den).any():
            raise InvalidInput("every state needs successors whose weights sum to the denominator")

    def perm_table(self) -> tuple[np.ndarray, np.ndarray]:
        """(edge_perm, perms) with an explicit identity when the chain has no symmetry."""
        if self.edge_perm is None or self.perms is None:
            return np.zeros(self.target.size, np.int8), np.arange(self.outcomes, dtype=np.int8)[None, :]
        return self.edge_perm, self.perms


# --- building a chain from a successor function ---------------------------------------------------
@dataclass(frozen=True)
class Explicit:
    """A chain enumerated from a start state, with the state objects in index order."""

    chain: Chain
    states: tuple[Hashable, ...]
    index: dict[Hashable, int]


def explicit(
    start: Hashable,
    successors: Callable[[Any], Iterable[tuple[Fraction, Any, int | None]]],
    outcomes: int,
) -> Explicit:
    """Enumerate the states reachable from `start`.

    `successors(state)` yields (probability, next state, outcome): outcome is None for a move to a
    transient state, else the index of the absorbing outcome reached (next state ignored).
    """
    states: list[Hashable] = [start]
    index: dict[Hashable, int] = {start: 0}
    rows: list[list[tuple[int, Fraction]]] = []
    i = 0
    while i < len(states):
        acc: dict[int, Fraction] = {}
        for p, nxt, outcome in successors(states[i]):
            if outcome is not None:
                if not 0 <= outcome < outcomes:
                    raise InvalidInput(f"outcome {outcome} out of range")
                key = -1 - outcome
            else:
                if nxt not in index:
                    index[nxt] = len(states)
                    states.append(nxt)
                key = index[nxt]
            acc[key] = acc.get(key, Fraction(0)) + Fraction(p)
        if not acc:
            raise InvalidInput(f"state {states[i]!r} has no successors")
        rows.append(list(acc.items()))
        i += 1
    den = 1
    for row in rows:
        for _, p in row:
            den = den * p.denominator // math.gcd(den, p.denominator)
    indptr = np.zeros(len(rows) + 1, np.int64)
    targets: list[int] = []
    weights: list[int] = []
    for r, row in enumerate(rows):
        for key, p in row:
            targets.append(key)
            weights.append(int(p * den))
        indptr[r + 1] = len(targets)
    ch = Chain(indptr, np.array(targets, np.int64), np.array(weights, np.int64), den, outcomes)
    ch.check()
    return Explicit(ch, tuple(states), index)


# --- the states that never get absorbed -----------------------------------------------------------
@numba.njit(cache=True)
def _can_reach(indptr, target):
    n = indptr.size - 1
    reach = np.zeros(n, np.uint8)
    for s in range(n):
        for e in range(indptr[s], indptr[s + 1]):
            if target[e] < 0:
                reach[s] = 1
    changed = True
    while changed:
        changed = False
        for s in range(n):
            if reach[s] == 0:
                for e in range(indptr[s], indptr[s + 1]):
                    t = target[e]
                    if t >= 0 and reach[t] == 1:
                        reach[s] = 1
                        changed = True
                        break
    return reach


def stuck_states(chain: Chain) -> np.ndarray:
    """Boolean mask of the states from which no outcome can be reached (they never end)."""
    return _can_reach(chain.indptr, chain.target) == 0


# --- the expanded linear system -------------------------------------------------------------------
def _columns(chain: Chain, stuck: np.ndarray) -> int:
    return chain.outcomes + (1 if stuck.any() else 0)


def integer_system(chain: Chain, stuck: np.ndarray | None = None) -> tuple[sp.csr_matrix, np.ndarray, int]:
    """(A, B, m): A x = B over unknowns x[s*m + o] with integer A = den*I - weights, B integer.

    m is the number of outcome columns (outcomes, plus "never" when some states are stuck).
    """
    if stuck is None:
        stuck = stuck_states(chain)
    m = _columns(chain, stuck)
    n = chain.n
    eperm, perms = chain.perm_table()
    perms_full = np.zeros((perms.shape[0], m), np.int64)
    perms_full[:, : chain.outcomes] = perms
    if m > chain.outcomes:
        perms_full[:, chain.outcomes] = chain.outcomes  # "never" keeps its label
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(chain.indptr))
    tgt = chain.target.astype(np.int64)
    w = chain.weight.astype(np.int64)
    live = ~stuck[src]
    inner = live & (tgt >= 0)
    rows_l, cols_l, vals_l = [], [], []
    for o in range(m):
        po = perms_full[eperm[inner].astype(np.int64), o]
        rows_l.append(src[inner] * m + o)
        cols_l.append(tgt[inner] * m + po)
        vals_l.append(-w[inner])
    diag = np.arange(n * m, dtype=np.int64)
    rows_l.append(diag)
    cols_l.append(diag)
    vals_l.append(np.where(np.repeat(stuck, m), 1, chain.den))
    A = sp.csr_matrix(
        (np.concatenate(vals_l), (np.concatenate(rows_l), np.concatenate(cols_l))), shape=(n * m, n * m)
    )
    A.sum_duplicates()
    B = np.zeros(n * m, np.int64)
    out = live & (tgt < 0)
    np.add.at(B, src[out] * m + (-1 - tgt[out]), w[out])
    if m > chain.outcomes:
        B[np.flatnonzero(stuck) * m + chain.outcomes] = 1
    return A, B, m


# --- float ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FloatSolution:
    values: np.ndarray  # [state, outcome column]
    residual: float  # max |A x - B| / den (a probability scale)
    seconds: float


def float_solve(chain: Chain) -> FloatSolution:
    """Sparse direct solve (SuperLU) of the expanded system; its residual is reported."""
    t0 = time.perf_counter()
    A, B, m = integer_system(chain)
    lu = spla.splu(A.astype(np.float64).tocsc())
    x = lu.solve(B.astype(np.float64))
    res = float(np.abs(A @ x - B).max()) / chain.den if x.size else 0.0
    return FloatSolution(x.reshape(chain.n, m), res, time.perf_counter() - t0)


# --- exact ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ExactSolution:
    """x = numerators / denominator for every (state, outcome column), checked by A x == B exactly."""

    numerators: list[int]  # index s*m + o
    denominator: int
    columns: int
    refinement_steps: int
    bits: int
    seconds: float

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


def exact(chain: Chain, max_bits: int = 2_000_000) -> ExactSolution:
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
            return ExactSolution(found[0], found[1], m, steps, total, time.perf_counter() - t0)
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


# --- certified bounds -----------------------------------------------------------------------------
# Each Gauss-Seidel update is a sum of at most ~20 products of non-negative numbers; its relative
# rounding error is below 20 * 2**-53 < 2.3e-15. Shrinking every update by 4e-15 keeps it below the
# exact weighted average, so every iterate is a true lower bound.
_SHRINK = 1.0 - 4e-15
# The extrapolation is tried at most every EVERY sweeps, when two successive gap ratios differ by less
# than STEADY (one slow mode left); it takes (1 - ETA) of the predicted remaining step and gets up to
# TRIES smoothing sweeps to become a sub-solution. Tuned on the 3- and 4-player goose chains (4 players,
# width 1e-10: 98 passes instead of 228 with the earlier min-sweep check, which never succeeded there).
STEADY = 1e-2
ETA, EVERY, TRIES = 0.2, 10, 6


@numba.njit(cache=True)
def _successor_sum(s, indptr, target, weight, eperm, perms, X, acc):
    """acc <- sum over the successors of state s of weight x (value of the successor, players permuted
    back to s's labelling); an absorbing successor -1-o adds its weight to player o."""
    m = acc.size
    for o in range(m):
        acc[o] = 0.0
    for e in range(indptr[s], indptr[s + 1]):
        t = target[e]
        w = weight[e]
        if t < 0:
            acc[-1 - t] += w
        else:
            p = eperm[e]
            for o in range(m):
                acc[o] += w * X[t, perms[p, o]]


# A block this size or more is split between threads; smaller ones are not worth waking them for.
PARALLEL_MIN = 8192


@numba.njit(cache=True, inline="always")
def block_parts(blocks, b, threads):
    """(first, end, parts) of block b: split between `threads` when it is large enough."""
    lo, hi = blocks[b], blocks[b + 1]
    return lo, hi, (threads if hi - lo >= PARALLEL_MIN * threads else 1)


@numba.njit(cache=True, inline="always")
def part_range(lo, hi, p, parts):
    return lo + (hi - lo) * p // parts, lo + (hi - lo) * (p + 1) // parts


@numba.njit(cache=True, parallel=True)
def _sweep(indptr, target, weight, eperm, perms, den, stuck, blocks, threads, X, shrink, assign=False):
    """One Gauss-Seidel sweep, block by block, the states of a block split between `threads`.

    Up (default): X <- max(X, F(X)), returns how many values rose. `assign`: X <- F(X), returns how
    many fell.

    Threads read values other threads may be changing at that moment. Going up, every value read, old
    or new, is a lower bound (F is monotone), so the result is one too. An `assign` sweep that lowers
    nothing read values at most the final ones, so every new value F(read) <= F(X): X <= F(X), which
    proves X a sub-solution, hence a lower bound. Only states of the same block may be read before
    this sweep's update (Gauss-Seidel between blocks, Jacobi-like within). F is rounded down
    (`shrink`)."""
    m = X.shape[1]
    inv = 1.0 / den
    changed = 0
    for b in range(blocks.size - 1):
        lo, hi, parts = block_parts(blocks, b, threads)
        count = np.zeros(parts, np.int64)
        for p in numba.prange(parts):
            first, end = part_range(lo, hi, p, parts)
            acc = np.empty(m)
            for s in range(first, end):
                if stuck[s]:
                    continue
                _successor_sum(s, indptr, target, weight, eperm, perms, X, acc)
                for o in range(m):
                    v = acc[o] * inv * shrink
                    if (v < X[s, o]) if assign else (v > X[s, o]):
                        count[p] += 1
                        X[s, o] = v
                    elif assign:
                        X[s, o] = v
        changed += count.sum()
    return changed


def sweep_plan(chain: Chain) -> tuple[np.ndarray, int]:
    """(blocks, threads) for `_sweep`: the chain's own blocks over all numba threads, or one block
    swept in order by one thread when the chain has none (plain Gauss-Seidel)."""
    if chain.blocks is None:
        return np.array([0, chain.n], np.int64), 1
    return chain.blocks, numba.get_num_threads()


@dataclass(frozen=True)
class Bounds:
    """Certified bounds lower <= P(outcome) <= upper for every state and outcome column."""

    lower: np.ndarray  # [state, column]
    sweeps: int
    seconds: float
    resumed_from: int = 0  # sweeps done before a restart (from a checkpoint)
    jumps: int = 0  # accepted extrapolations (each proven a sub-solution)
    repair_sweeps: int = 0  # sweeps spent checking and repairing extrapolations

    @property
    def gap(self) -> np.ndarray:
        """upper - lower per state (the same for every outcome)."""
        return np.maximum(0.0, 1.0 - self.lower.sum(axis=1)) + 1e-15

    def interval(self, state: int, column: int) -> tuple[float, float]:
        lo = float(self.lower[state, column])
        others = float(self.lower[state].sum()) - lo
        hi = min(1.0, (1.0 - others) * (1 + 1e-15) + 1e-15)  # rounded up: stays an upper bound
        return lo, hi


@dataclass(frozen=True)
class Checkpoint:
    path: Path
    every_seconds: float = 30.0
    extra: dict[str, Any] = field(default_factory=dict)


def fingerprint(chain: Chain) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(np.array([chain.n, chain.target.size, chain.den, chain.outcomes], np.int64).tobytes())
    step = max(1, chain.target.size // 100_000)
    h.update(np.ascontiguousarray(chain.target[::step]).astype(np.int64).tobytes())
    h.update(np.ascontiguousarray(chain.weight[::step]).astype(np.int64).tobytes())
    return h.hexdigest()


def _save(cp: Checkpoint, L: np.ndarray, sweeps: int, fp: str) -> None:
    cp.path.parent.mkdir(parents=True, exist_ok=True)
    tmp = cp.path.with_name(cp.path.name + ".tmp.npz")
    np.savez(tmp, lower=L, sweeps=np.int64(sweeps), fingerprint=np.array(fp))
    os.replace(tmp, cp.path)  # atomic: a kill never leaves half a checkpoint


def within(gaps: list[float], tol: float, done: int, limit: int, unit: str = "sweeps", hint: str = "") -> bool:
    """Whether the last certified gap is within tol; SolverError when `limit` passes are done without
    it, or when the gap stalls (no 0.1 % progress in 200 passes)."""
    gap = gaps[-1]
    if gap + 1e-15 <= tol:
        return True
    if done >= limit:
        raise SolverError(f"bounds not within {tol} after {limit} {unit} (gap {gap:.3g})")
    if len(gaps) > 200 and gap > 0.999 * gaps[-200]:
        # the downward rounding (4e-15 per update, summed over the expected game length) sets a floor
        # under the gap; below it no pass helps
        raise SolverError(f"the certified gap stalls at {gap:.2e} (floating-point floor){hint}")
    return False


def certified(
    chain: Chain,
    watch: Iterable[int] = (0,),
    tol: float = 1e-12,
    max_sweeps: int = 100_000,
    checkpoint: Checkpoint | None = None,
    on_sweep: Callable[[int, float], None] | None = None,
    extrapolate: bool = True,
) -> Bounds:
    """Lower bounds by monotone Gauss-Seidel from 0 until upper - lower <= tol at the `watch` states.

    Stopping looks only at the certified gap, never at the change between sweeps.

    With `extrapolate`, once the gap shrinks by a steady factor rho per sweep (one slow mode left), a
    candidate Z = L + (1 - eta) * rho / (1 - rho) * (L - L_previous) is tried: up to TRIES sweeps of
    Z <- F(Z) (rounded down); once one lowers nothing, Z <= F(Z) is proven, so Z is a lower bound (F is
    monotone and F^k(Z) tends to the solution), and the iteration goes on from max(L, Z). A failed
    candidate costs those sweeps and is dropped; soundness never depends on it.

    Why plain sweeps and not Z <- min(Z, F(Z)): after a Gauss-Seidel sweep the residual F(L) - L is
    almost 0 at states whose successors were all updated before them, so the extrapolated Z overshoots
    there; min-sweeps then lower values in a cascade that does not end (4 players: millions of changes
    per sweep). Plain sweeps smooth those states back first; within 2-4 sweeps nothing goes down.
    """
    t0 = time.perf_counter()
    stuck = stuck_states(chain)
    m = _columns(chain, stuck)
    eperm, perms = chain.perm_table()
    perms_full = np.zeros((perms.shape[0], m), np.int64)
    perms_full[:, : chain.outcomes] = perms
    if m > chain.outcomes:
        perms_full[:, chain.outcomes] = chain.outcomes
    watch_idx = np.fromiter(watch, np.int64)
    L = np.zeros((chain.n, m))
    if m > chain.outcomes:
        L[stuck, chain.outcomes] = 1.0
    done = 0
    fp = fingerprint(chain)
    if checkpoint is not None and checkpoint.path.exists():
        with np.load(checkpoint.path) as z:
            if str(z["fingerprint"]) == fp and z["lower"].shape == L.shape:
                L = np.array(z["lower"])
                done = int(z["sweeps"])
    resumed = done
    last_save = time.perf_counter()
    args = (chain.indptr, chain.target, chain.weight, eperm, perms_full, chain.den, stuck, *sweep_plan(chain))
    sweeps = done
    gaps: list[float] = []
    prev: np.ndarray | None = None
    last_try = sweeps
    jumps = 0
    repairs = 0
    eta, every = ETA, EVERY
    while True:
        gaps.append(float(np.max(1.0 - L[watch_idx].sum(axis=1))) if watch_idx.size else 0.0)
        if within(gaps, tol, sweeps, max_sweeps, hint="; ask for a wider tolerance, or the exact solver"):
            break
        if extrapolate and prev is not None and len(gaps) >= 3 and sweeps - last_try >= every:
            rho, rho_before = gaps[-1] / gaps[-2], gaps[-2] / gaps[-3]
            if 0 < rho < 1 and abs(rho - rho_before) < STEADY:
                last_try = sweeps
                Z = L + ((1 - eta) * rho / (1 - rho)) * (L - prev)
                np.minimum(Z, 1.0, out=Z)
                Z[stuck] = L[stuck]
                for _ in range(TRIES):
                    repairs += 1
                    if _sweep(*args, Z, _SHRINK, True) == 0:
                        np.maximum(L, Z, out=L)
                        jumps += 1
                        break
                prev = None
                continue
        prev = L.copy() if extrapolate and sweeps - last_try >= every - 1 else None
        _sweep(*args, L, _SHRINK)
        sweeps += 1
        if on_sweep is not None:
            on_sweep(sweeps, gaps[-1])
        if checkpoint is not None and time.perf_counter() - last_save > checkpoint.every_seconds:
            _save(checkpoint, L, sweeps, fp)
            last_save = time.perf_counter()
    if checkpoint is not None:
        _save(checkpoint, L, sweeps, fp)
    return Bounds(L, sweeps, time.perf_counter() - t0, resumed, jumps, repairs)
