"""Delayed column generation for zero-sum games whose minimising player has too many pure strategies.

The row player (maximiser) has m pure strategies; the column player's strategies are only reachable
through an *oracle*: given a mixed row strategy x it returns a best response (a column c minimising
x·c). The restricted master is the row player's LP over the columns found so far,

    maximise v  subject to  Σ_i c_i x_i ≥ v  for every known column c,   Σ_i x_i = 1,  x ≥ 0,

kept alive in one HiGHS instance: new columns arrive as new *rows* of this LP (`addRows`), so the
previous optimal basis stays dual feasible and the dual simplex re-optimises from it (a warm start).
The master's optimum is an upper bound on the game value (fewer columns can only help the maximiser);
the oracle's value at any mixed strategy is a lower bound. Both go into the per-iteration trace.

Stabilisation: the master's x jumps around (its duals oscillate), so the oracle is asked at points
π = c·centre + (1−c)·x. "wentges" takes the centre to be the best lower-bound point found so far
(Wentges 1997, "Weighted Dantzig–Wolfe decomposition"); "fixed" is the study's blend with a fixed
guess γ (e.g. the solution for N−1); "none" prices at x only. On a mis-price (the column found at the
smoothed point does not cut off x) c is halved. Several points on the segment are priced per
iteration, all from the centre as it was when the iteration began (an oracle may price them at once).

Certificate: when the bounds meet in floats, the final HiGHS basis is re-solved in exact rationals
(FLINT); the row strategy is checked against *every* column by the oracle's exact best response, and
the column mixture against every row. Only if both equal the same rational v is the result certified.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, Protocol

import flint
import highspy
import numba
import numpy as np

from parlour.errors import CertificateError, InvalidInput, SolverError

Column = tuple[int, ...]


class Oracle(Protocol):
    """Best responses of the column player (the minimiser)."""

    m: int  # number of row strategies

    def best_response(self, x: np.ndarray) -> tuple[float, np.ndarray]:
        """(min over all columns c of x·c, an integer column attaining it) in floats."""
        ...

    def exact_best_response(self, x: Sequence[Fraction]) -> tuple[Fraction, Column]:
        """The same in exact arithmetic, over *all* columns: the certificate's check of x."""
        ...


@dataclass(frozen=True)
class Stabilisation:
    kind: Literal["wentges", "fixed", "none"] = "wentges"
    c: float = 0.95  # initial weight of the centre
    points: int = 5  # pricing points per iteration on the segment centre → x (the last is x itself)
    guess: tuple[float, ...] | None = None  # the centre for kind="fixed"
    # When the best lower bound has not moved for `stall` iterations, trust the centre less
    # (c ← c·decay): a stale centre (e.g. the uniform start) otherwise pins every pricing point. 0: off.
    stall: int = 0
    decay: float = 0.7


@dataclass(frozen=True)
class TraceStep:
    iteration: int
    upper: float  # master optimum: the value can be no larger
    lower: float  # best oracle value so far: the value is at least this
    lower_here: float  # oracle value at this iteration's master strategy (not monotone)
    master_rows: int
    added: int
    smoothing: float  # the centre's weight c used at this iteration


@dataclass(frozen=True)
class ColGenCertificate:
    """Exact value, row strategy x and a mixture of columns; checked against every row and column."""

    value: Fraction
    row_strategy: tuple[Fraction, ...]
    columns: tuple[Column, ...]
    column_weights: tuple[Fraction, ...]


@dataclass(frozen=True)
class ColGenResult:
    value: float
    certificate: ColGenCertificate | None
    row_strategy: tuple[float, ...]
    columns: tuple[Column, ...]  # the columns in Bob's final float mixture
    column_weights: tuple[float, ...]
    iterations: int
    trace: tuple[TraceStep, ...]
    lp_seconds: float
    oracle_seconds: float
    certify_seconds: float
    seconds: float
    lp_iterations: int
    columns_generated: int
    columns_purged: int
    stats: dict[str, float] = field(default_factory=dict)

    @property
    def certified(self) -> bool:
        return self.certificate is not None


class Master:
    """The restricted master LP in one HiGHS instance; columns of the game are rows of this LP."""

    def __init__(self, m: int) -> None:
        self.m = m
        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("solver", "simplex")  # a basis is what the certificate is built from
        h.setOptionValue("presolve", "off")  # presolve would throw the warm start away
        # Tight tolerances: the certificate re-solves this basis exactly, so it must be right, not close.
        h.setOptionValue("primal_feasibility_tolerance", 1e-10)
        h.setOptionValue("dual_feasibility_tolerance", 1e-10)
        inf = highspy.kHighsInf
        # Variables x_0..x_{m-1} >= 0 and v free; minimise -v.
        h.addVars(m + 1, np.zeros(m + 1), np.r_[np.full(m, inf), inf])
        h.changeColBounds(m, -inf, inf)
        h.changeColCost(m, -1.0)
        h.addRow(1.0, 1.0, m, np.arange(m, dtype=np.int32), np.ones(m))
        self.h = h
        self.columns: list[Column] = []  # row r+1 of the LP is columns[r]
        self.idle: list[int] = []
        self.known: set[Column] = set()
        self.lp_iterations = 0
        self.purged = 0

    def add(self, cols: Sequence[Column]) -> int:
        new = [c for c in dict.fromkeys(cols) if c not in self.known]
        if not new:
            return 0
        m = self.m
        k = len(new)
        values = np.empty((k, m + 1))
        values[:, :m] = np.array(new, dtype=np.float64)
        values[:, m] = -1.0
        starts = np.arange(0, k * (m + 1), m + 1, dtype=np.int32)
        index = np.tile(np.arange(m + 1, dtype=np.int32), k)
        self.h.addRows(k, np.zeros(k), np.full(k, highspy.kHighsInf), k * (m + 1), starts, index, values.ravel())
        self.columns.extend(new)
        self.idle.extend([0] * k)
        self.known.update(new)
        return k

    def solve(self) -> tuple[float, np.ndarray, np.ndarray]:
        """(v, x, y): master optimum, row strategy, and column mixture (row duals, normalised)."""
        h = self.h
        h.run()
        status = h.getModelStatus()
        if status != highspy.HighsModelStatus.kOptimal:
            raise SolverError(f"HiGHS did not solve the master LP: {h.modelStatusToString(status)}")
        self.lp_iterations += int(h.getInfo().simplex_iteration_count)
        sol = h.getSolution()
        col = np.asarray(sol.col_value)
        x = np.maximum(col[: self.m], 0.0)
        x /= x.sum()
        y = np.abs(np.asarray(sol.row_dual)[1:])
        total = y.sum()
        y = y / total if total > 0 else y
        basis = h.getBasis()
        basic = highspy.HighsBasisStatus.kBasic
        for r, s in enumerate(basis.row_status[1:]):
            self.idle[r] = self.idle[r] + 1 if s == basic else 0
        return float(col[self.m]), x, y

    def purge(self, idle_limit: int) -> int:
        """Drop rows whose slack has been basic (the column unused) for idle_limit solves."""
        drop = [r for r, n in enumerate(self.idle) if n > idle_limit]
        if not drop:
            return 0
        self.h.deleteRows(len(drop), np.array([r + 1 for r in drop], dtype=np.int32))
        gone = set(drop)
        for r in drop:
            self.known.discard(self.columns[r])
        self.columns = [c for r, c in enumerate(self.columns) if r not in gone]
        self.idle = [n for r, n in enumerate(self.idle) if r not in gone]
        self.purged += len(drop)
        return len(drop)

    def basis_sets(self) -> tuple[list[int], bool, list[int], bool]:
        """(basic x indices, v basic, nonbasic (tight) column rows, sum row nonbasic)."""
        b = self.h.getBasis()
        basic = highspy.HighsBasisStatus.kBasic
        xs = [i for i in range(self.m) if b.col_status[i] == basic]
        tight = [r for r, s in enumerate(b.row_status[1:]) if s != basic]
        return xs, b.col_status[self.m] == basic, tight, b.row_status[0] != basic


# Pivots between fresh inversions of the basis. An inversion is O(m^3): every 128 pivots it was half
# the time of a pivot at N = 509 (123 -> 65 us per pivot at 1024). Drift is harmless: optimality is
# confirmed with fresh multipliers, and the certificate is exact.
REFACTOR_EVERY = 1024


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _invert(b: np.ndarray, out: np.ndarray) -> bool:
    """out = b⁻¹ by Gauss–Jordan with partial pivoting, in plain loops.

    No BLAS on purpose: a multi-threaded OpenBLAS on a small, busy machine was 10× slower than this.
    """
    m = b.shape[0]
    w = b.copy()
    for i in range(m):
        for j in range(m):
            out[i, j] = 1.0 if i == j else 0.0
    for c in range(m):
        p = c
        for r in range(c + 1, m):
            if abs(w[r, c]) > abs(w[p, c]):
                p = r
        if w[p, c] == 0.0:
            return False
        if p != c:
            for j in range(m):
                w[c, j], w[p, j] = w[p, j], w[c, j]
                out[c, j], out[p, j] = out[p, j], out[c, j]
        f = 1.0 / w[c, c]
        for j in range(m):
            w[c, j] *= f
            out[c, j] *= f
        for r in range(m):
            g = w[r, c]
            if r != c and g != 0.0:
                for j in range(c, m):
                    w[r, j] -= g * w[c, j]
                for j in range(m):
                    out[r, j] -= g * out[c, j]
    return True


# fastmath without nnan/ninf: SIMD reductions in the pricing loop; exactness comes from the certificate.
@numba.njit(cache=True)
def _mark_basic(basis: np.ndarray, in_basis: np.ndarray, slack_basic: np.ndarray) -> None:
    """Membership flags from the basis list (column j >= 0, slack of row r as -r-1)."""
    for i in range(basis.size):
        if basis[i] >= 0:
            in_basis[basis[i]] = True
        else:
            slack_basic[-basis[i] - 1] = True


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _multipliers(basis: np.ndarray, binv: np.ndarray, pi: np.ndarray) -> None:
    """Simplex multipliers pi = c_B B^-1 (trees cost 1, slacks 0)."""
    m = pi.size
    pi[:] = 0.0
    for i in range(m):
        if basis[i] >= 0:
            for c in range(m):
                pi[c] += binv[i, c]


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _pivot_inverse(binv: np.ndarray, xb: np.ndarray, col: np.ndarray, leave: int) -> None:
    """Rank-one update of B^-1 and the basic solution for a pivot on row `leave` of column `col`."""
    m = col.size
    p = col[leave]
    for c in range(m):
        binv[leave, c] /= p
    xb[leave] /= p
    for i in range(m):
        f = col[i]
        if i != leave and f != 0.0:
            for c in range(m):
                binv[i, c] -= f * binv[leave, c]
            xb[i] -= f * xb[leave]


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _refactor(at: np.ndarray, basis: np.ndarray, bmat: np.ndarray, binv: np.ndarray, xb: np.ndarray,
              rhs: np.ndarray) -> bool:
    """Recompute B^-1 and x_B = B^-1 rhs from scratch (so rank-one updates cannot drift); False if singular."""
    m = xb.size
    bmat[:, :] = 0.0
    for i in range(m):
        if basis[i] >= 0:
            bmat[:, i] = at[basis[i]]
        else:
            bmat[-basis[i] - 1, i] = 1.0
    if not _invert(bmat, binv):
        return False
    for i in range(m):
        acc = 0.0
        for c in range(m):
            acc += binv[i, c] * rhs[c]
        xb[i] = acc
        if xb[i] < 0.0 and xb[i] > -1e-11:
            xb[i] = 0.0
    return True


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _leaving_row(
    col: np.ndarray, xb: np.ndarray, basis: np.ndarray, k: int, tol: float, bland: bool
) -> tuple[int, float]:
    """Ratio test: (row that leaves, the step), or (-1, inf) when the column is unbounded.

    Among near-tied ratios the largest pivot wins (stable); under Bland's rule the first variable in
    one fixed order (columns 0..k-1, then slacks) wins, so the method cannot cycle."""
    m = col.shape[0]
    ratio = np.inf
    for i in range(m):
        if col[i] > tol:
            q = xb[i] / col[i]
            if q < ratio:
                ratio = q
    if ratio == np.inf:
        return -1, ratio
    leave = -1
    for i in range(m):
        if col[i] > tol and xb[i] / col[i] <= ratio + 1e-12:
            if leave < 0:
                leave = i
            elif bland:
                ri = basis[i] if basis[i] >= 0 else k - basis[i] - 1
                rl = basis[leave] if basis[leave] >= 0 else k - basis[leave] - 1
                if ri < rl:
                    leave = i
            elif col[i] > col[leave]:
                leave = i
    return leave, ratio


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _dense_primal_simplex(
    at: np.ndarray, k: int, basis: np.ndarray, binv: np.ndarray, xb: np.ndarray, tol: float, max_pivots: int,
    rhs: np.ndarray,
) -> tuple[int, int]:
    """Primal simplex on  max Σ y  s.t.  A y + s = 1, y, s ≥ 0  with an explicit dense basis inverse.

    at: capacity × m, row j is column j of A (contiguous), the first k live. basis[i] ≥ 0 is column
    basis[i], < 0 the slack of row −basis[i]−1. Dantzig pricing, the largest pivot among near-tied
    ratios (stable), Bland's rule after a long run of degenerate pivots (no cycling). The inverse is
    recomputed every REFACTOR_EVERY pivots so rank-one updates cannot drift. Returns (0 optimal / 1 limit, pivots).
    """
    m = at.shape[1]
    none = -(1 << 40)
    pivots = 0
    degenerate_run = 0
    bland = False
    in_basis = np.zeros(k, dtype=np.bool_)
    slack_basic = np.zeros(m, dtype=np.bool_)
    _mark_basic(basis, in_basis, slack_basic)
    pi = np.zeros(m)
    col = np.zeros(m)
    reduced = np.zeros(k)
    bmat = np.zeros((m, m))
    while pivots < max_pivots:
        # Simplex multipliers π = c_B B⁻¹ (trees cost 1, slacks 0).
        _multipliers(basis, binv, pi)
        for j in range(k):
            acc = 0.0
            for c in range(m):
                acc += at[j, c] * pi[c]
            reduced[j] = acc
        # Entering variable: a tree with 1 − π·a_j > tol, or a slack with −π_r > tol.
        best = tol
        enter = none
        for j in range(k):
            if not in_basis[j] and 1.0 - reduced[j] > best:
                best = 1.0 - reduced[j]
                enter = j
                if bland:
                    break
        if not (bland and enter != none):
            for r in range(m):
                if not slack_basic[r] and -pi[r] > best:
                    best = -pi[r]
                    enter = -r - 1
                    if bland:
                        break
        if enter == none:
            return 0, pivots
        if enter >= 0:
            for i in range(m):
                acc = 0.0
                for c in range(m):
                    acc += binv[i, c] * at[enter, c]
                col[i] = acc
        else:
            col[:] = binv[:, -enter - 1]
        # Ratio test: smallest x_B/col over col > tol; among near-ties the largest col (or Bland).
        leave, ratio = _leaving_row(col, xb, basis, k, tol, bland)
        if leave < 0:
            return 2, pivots  # unbounded: impossible for a positive matrix
        degenerate_run = degenerate_run + 1 if ratio <= 1e-12 else 0
        if degenerate_run > 50:
            bland = True
        elif degenerate_run == 0:
            bland = False
        _pivot_inverse(binv, xb, col, leave)
        out = basis[leave]
        if out >= 0:
            in_basis[out] = False
        else:
            slack_basic[-out - 1] = False
        basis[leave] = enter
        if enter >= 0:
            in_basis[enter] = True
        else:
            slack_basic[-enter - 1] = True
        pivots += 1
        if pivots % REFACTOR_EVERY == 0 and not _refactor(at, basis, bmat, binv, xb, rhs):
            return 3, pivots  # singular basis: should not happen
    return 1, pivots


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _devex_primal_simplex(
    at: np.ndarray, k: int, basis: np.ndarray, binv: np.ndarray, xb: np.ndarray, tol: float, max_pivots: int,
    rhs: np.ndarray,
) -> tuple[int, int]:
    """As `_dense_primal_simplex`, with Devex pricing (Forrest–Goldfarb reference weights) and reduced
    costs updated from the pivot row instead of recomputed: fewer pivots on this degenerate LP."""
    m = at.shape[1]
    none = -(1 << 40)
    pivots = 0
    degenerate_run = 0
    bland = False
    in_basis = np.zeros(k, dtype=np.bool_)
    slack_basic = np.zeros(m, dtype=np.bool_)
    _mark_basic(basis, in_basis, slack_basic)
    pi = np.zeros(m)
    col = np.zeros(m)
    rho = np.zeros(m)
    dt = np.zeros(k)  # reduced costs of the columns
    ds = np.zeros(m)  # reduced costs of the slacks
    wt = np.ones(k)  # Devex reference weights
    ws = np.ones(m)
    alpha = np.zeros(k)
    bmat = np.zeros((m, m))
    fresh = True
    while pivots < max_pivots:
        if fresh:
            _multipliers(basis, binv, pi)
            for j in range(k):
                acc = 0.0
                for c in range(m):
                    acc += at[j, c] * pi[c]
                dt[j] = 0.0 if in_basis[j] else 1.0 - acc
            for r in range(m):
                ds[r] = 0.0 if slack_basic[r] else -pi[r]
            fresh = False
        best = 0.0
        enter = none
        for j in range(k):
            if not in_basis[j] and dt[j] > tol:
                score = dt[j] * dt[j] / wt[j]
                if score > best:
                    best = score
                    enter = j
                    if bland:
                        break
        if not (bland and enter != none):
            for r in range(m):
                if not slack_basic[r] and ds[r] > tol:
                    score = ds[r] * ds[r] / ws[r]
                    if score > best:
                        best = score
                        enter = -r - 1
                        if bland:
                            break
        if enter == none:
            # Confirm with freshly computed reduced costs before declaring optimality.
            _multipliers(basis, binv, pi)
            again = False
            for j in range(k):
                if not in_basis[j]:
                    acc = 0.0
                    for c in range(m):
                        acc += at[j, c] * pi[c]
                    if 1.0 - acc > tol:
                        again = True
                        break
            for r in range(m):
                if not slack_basic[r] and -pi[r] > tol:
                    again = True
            if not again:
                return 0, pivots
            fresh = True
            continue
        if enter >= 0:
            for i in range(m):
                acc = 0.0
                for c in range(m):
                    acc += binv[i, c] * at[enter, c]
                col[i] = acc
            d_enter = dt[enter]
            w_enter = wt[enter]
        else:
            for i in range(m):
                col[i] = binv[i, -enter - 1]
            d_enter = ds[-enter - 1]
            w_enter = ws[-enter - 1]
        leave, ratio = _leaving_row(col, xb, basis, k, tol, bland)
        if leave < 0:
            return 2, pivots  # unbounded: impossible for a positive matrix
        degenerate_run = degenerate_run + 1 if ratio <= 1e-12 else 0
        if degenerate_run > 50:
            bland = True
        elif degenerate_run == 0:
            bland = False
        p = col[leave]
        # Pivot row of B⁻¹A: α_rj = ρ·a_j with ρ = row `leave` of B⁻¹ (slack i: ρ_i).
        for c in range(m):
            rho[c] = binv[leave, c]
        for j in range(k):
            if not in_basis[j]:
                acc = 0.0
                for c in range(m):
                    acc += at[j, c] * rho[c]
                alpha[j] = acc
        theta = d_enter / p
        for j in range(k):
            if not in_basis[j]:
                dt[j] -= theta * alpha[j]
                ratio_w = alpha[j] / p
                wnew = ratio_w * ratio_w * w_enter
                if wnew > wt[j]:
                    wt[j] = wnew
        for r in range(m):
            if not slack_basic[r]:
                ds[r] -= theta * rho[r]
                ratio_w = rho[r] / p
                wnew = ratio_w * ratio_w * w_enter
                if wnew > ws[r]:
                    ws[r] = wnew
        out = basis[leave]
        w_out = max(w_enter / (p * p), 1.0)
        if out >= 0:
            in_basis[out] = False
            dt[out] = -theta
            wt[out] = w_out
        else:
            slack_basic[-out - 1] = False
            ds[-out - 1] = -theta
            ws[-out - 1] = w_out
        if enter >= 0:
            in_basis[enter] = True
            dt[enter] = 0.0
        else:
            slack_basic[-enter - 1] = True
            ds[-enter - 1] = 0.0
        _pivot_inverse(binv, xb, col, leave)
        basis[leave] = enter
        pivots += 1
        if pivots % REFACTOR_EVERY == 0:
            if not _refactor(at, basis, bmat, binv, xb, rhs):
                return 3, pivots  # singular basis: should not happen
            fresh = True  # reduced costs from the new inverse, not the drifting updates
    return 1, pivots


class DenseMaster:
    """The restricted master as Bob's LP (max Σy, A y ≤ 1) with a dense explicit basis inverse in numba.

    Same interface as `Master`. Positive payoffs are required (they are: tree depths ≥ 1). A warm start
    is free: adding columns keeps the basis primal feasible, the primal simplex just continues.
    """

    def __init__(self, m: int, devex: bool = True, perturb: float = 1e-7) -> None:
        self.m = m
        self.devex = devex
        self.at = np.zeros((64, m))
        self.k = 0
        self.basis = -np.arange(1, m + 1, dtype=np.int64)  # all slacks
        self.binv = np.eye(m)
        # A tiny random lift of the right-hand side (1 + up to 1e-7) keeps the primal simplex from
        # stalling on this massively degenerate LP (hundreds of near-identical balanced trees). The dual
        # polyhedron, hence Alice's x, does not depend on it; the certificate is built for b = 1
        # exactly, with a HiGHS re-solve as fallback when this basis is not exactly feasible there.
        self.rhs = 1.0 + perturb * np.random.default_rng(12345).random(m)
        self.xb = self.rhs.copy()
        self.columns: list[Column] = []
        self.idle: list[int] = []
        self.known: set[Column] = set()
        self.lp_iterations = 0
        self.purged = 0
        self._y = np.zeros(0)

    def add(self, cols: Sequence[Column]) -> int:
        new = [c for c in dict.fromkeys(cols) if c not in self.known]
        if not new:
            return 0
        if any(min(c) <= 0 for c in new):
            raise InvalidInput("the dense master needs positive payoffs")
        need = self.k + len(new)
        if need > self.at.shape[0]:
            grown = np.zeros((max(need, 2 * self.at.shape[0]), self.m))
            grown[: self.k] = self.at[: self.k]
            self.at = grown
        self.at[self.k : need] = np.array(new, dtype=np.float64)
        self.k = need
        self.columns.extend(new)
        self.idle.extend([0] * len(new))
        self.known.update(new)
        return len(new)

    def solve(self) -> tuple[float, np.ndarray, np.ndarray]:
        kernel = _devex_primal_simplex if self.devex else _dense_primal_simplex
        status, pivots = kernel(self.at, self.k, self.basis, self.binv, self.xb, 1e-10, 1_000_000, self.rhs)
        self.lp_iterations += pivots
        if status != 0:
            raise SolverError(f"the dense master simplex stopped without an optimum (status {status})")
        pi = self.binv[self.basis >= 0].sum(axis=0)
        z = float(pi.sum())
        x = np.maximum(pi, 0.0)
        x /= x.sum()
        y = np.zeros(self.k)
        for i in range(self.m):
            j = int(self.basis[i])
            if j >= 0:
                y[j] = max(self.xb[i], 0.0)
        total = y.sum()
        y = y / total if total > 0 else y
        basic = set(int(j) for j in self.basis if j >= 0)
        for j in range(self.k):
            self.idle[j] = 0 if j in basic else self.idle[j] + 1
        return 1.0 / z, x, y

    def purge(self, idle_limit: int) -> int:
        keep = [j for j in range(self.k) if self.idle[j] <= idle_limit]
        if len(keep) == self.k:
            return 0
        remap = np.full(self.k, -1, dtype=np.int64)
        remap[keep] = np.arange(len(keep))
        for j in range(self.k):
            if remap[j] < 0:
                self.known.discard(self.columns[j])
        self.at[: len(keep)] = self.at[keep]
        self.basis = np.array([remap[j] if j >= 0 else j for j in self.basis], dtype=np.int64)
        dropped = self.k - len(keep)
        self.columns = [self.columns[j] for j in keep]
        self.idle = [self.idle[j] for j in keep]
        self.k = len(keep)
        self.purged += dropped
        return dropped

    def basis_sets(self) -> tuple[list[int], bool, list[int], bool]:
        """Alice's support = rows whose slack is nonbasic; Bob's = basic columns (as `Master`)."""
        slack_rows = {int(-j - 1) for j in self.basis if j < 0}
        support = [i for i in range(self.m) if i not in slack_rows]
        tight = sorted(int(j) for j in self.basis if j >= 0)
        return support, True, tight, True


def _fractions(mat: Any) -> list[Fraction]:
    return [Fraction(int(mat[i, 0].p), int(mat[i, 0].q)) for i in range(mat.nrows())]


def exact_basis_solution(
    columns: Sequence[Column], m: int, support: Sequence[int], tight: Sequence[int]
) -> tuple[list[Fraction], Fraction, list[Fraction], Fraction] | None:
    """Solve the master's basis exactly: x on `support`, v, and weights y on the `tight` columns.

    Primal: Σ_{i∈S} c_j(i) x_i = v for j ∈ T, Σ x_i = 1. Dual: Σ_{j∈T} y_j c_j(i) = u for i ∈ S,
    Σ y_j = 1. A basis has |S| = |T|; the two square systems are solved over the rationals.
    """
    k = len(support)
    if k != len(tight) or k == 0:
        return None
    block = [[columns[j][i] for i in support] for j in tight]  # k x k: rows tight columns
    # [block, -1; 1..1, 0] [x; v] = [0; 1]
    primal = [[*row, -1] for row in block] + [[1] * k + [0]]
    dual = [[block[j][i] for j in range(k)] + [-1] for i in range(k)] + [[1] * k + [0]]
    rhs = flint.fmpz_mat([[0]] * k + [[1]])
    try:
        xv = _fractions(flint.fmpz_mat(primal).solve(rhs))
        yu = _fractions(flint.fmpz_mat(dual).solve(rhs))
    except ZeroDivisionError:
        return None
    x = [Fraction(0)] * m
    for pos, i in enumerate(support):
        x[i] = xv[pos]
    return x, xv[k], yu[:k], yu[k]


def _column_mixture_payoffs(columns: Sequence[Column], weights: Sequence[Fraction], m: int) -> list[Fraction]:
    """(Σ_j w_j c_j)_i for every row i, exactly, by one FLINT integer product."""
    den = math.lcm(*(w.denominator for w in weights))
    num = flint.fmpz_mat([[int(w * den)] for w in weights])
    cols = flint.fmpz_mat([[c[i] for c in columns] for i in range(m)])
    prod = cols * num
    return [Fraction(int(prod[i, 0]), den) for i in range(m)]


def check_certificate(cert: ColGenCertificate, oracle: Oracle) -> None:
    """Raise CertificateError unless x guarantees v against every column and y holds every row to v."""
    x, y = cert.row_strategy, cert.column_weights
    if any(p < 0 for p in x) or sum(x, Fraction(0)) != 1:
        raise CertificateError("the row strategy is not a probability vector")
    if any(p < 0 for p in y) or sum(y, Fraction(0)) != 1:
        raise CertificateError("the column mixture is not a probability vector")
    low, _ = oracle.exact_best_response(x)
    high = max(_column_mixture_payoffs(cert.columns, y, oracle.m))
    if not low == cert.value == high:
        raise CertificateError(f"row strategy guarantees {low}, columns hold to {high}, claimed {cert.value}")


def _try_certificate(master: Master | DenseMaster, oracle: Oracle) -> tuple[ColGenCertificate | None, Column | None]:
    """Exact certificate from the master's basis, or (None, a column that beats the exact x)."""
    support, v_basic, tight, sum_tight = master.basis_sets()
    if not (v_basic and sum_tight):
        return None, None
    sol = exact_basis_solution(master.columns, master.m, support, tight)
    if sol is None:
        return None, None
    x, v, y, u = sol
    if v != u or any(p < 0 for p in x) or any(p < 0 for p in y):
        return None, None
    low, col = oracle.exact_best_response(x)
    if low < v:
        return None, col
    cols = tuple(master.columns[j] for j in tight)
    keep = [j for j, w in enumerate(y) if w > 0]
    cert = ColGenCertificate(v, tuple(x), tuple(cols[j] for j in keep), tuple(y[j] for j in keep))
    if max(_column_mixture_payoffs(cert.columns, cert.column_weights, master.m)) != v:
        return None, None
    return cert, None


Priced = tuple[float, np.ndarray, list[np.ndarray]]


def _price(oracle: Oracle, points: Sequence[np.ndarray], extra: int) -> list[Priced]:
    """(value, best response, `extra` near-best responses) at every pricing point: in one call when the
    oracle offers `responses` (which may price the points in parallel), else point by point (and no
    extra responses)."""
    if hasattr(oracle, "responses"):
        return list(oracle.responses(points, extra))
    return [(*oracle.best_response(point), []) for point in points]


def solve(
    oracle: Oracle,
    initial_columns: Sequence[Sequence[int]],
    stabilisation: Stabilisation | None = None,
    *,
    tolerance: float = 1e-9,
    purge_after: int = 30,
    max_iterations: int = 100_000,
    exact: bool = True,
    extra: int = 0,
    master_kind: Literal["highs", "dense", "dense-dantzig"] = "highs",
    start_point: Sequence[float] | np.ndarray | None = None,
    on_iteration: Callable[[TraceStep], None] | None = None,
) -> ColGenResult:
    """Solve the game by column generation; certify exactly when `exact`.

    tolerance: relative gap upper − lower at which the float phase stops and the exact check begins.
    purge_after: master rows unused for this many solves are deleted (0 disables purging).
    extra: further near-best responses asked per pricing point (oracles with `responses`).
    start_point: the first stabilisation centre (a guess of the row player's optimum); uniform if None.
    master_kind: "highs" (HiGHS dual simplex, rows added with addRows) or "dense" (our numba primal
        simplex on the column player's LP with an explicit basis inverse and Devex pricing: far cheaper per
        pivot here), or "dense-dantzig" (the same with Dantzig's rule, for comparison).
    """
    stab = stabilisation or Stabilisation()
    if stab.kind == "fixed" and (stab.guess is None or len(stab.guess) != oracle.m):
        raise InvalidInput("fixed stabilisation needs a guess with one weight per row strategy")
    if not initial_columns:
        raise InvalidInput("column generation needs at least one initial column")
    start = time.perf_counter()
    m = oracle.m
    master: Master | DenseMaster = (
        Master(m) if master_kind == "highs" else DenseMaster(m, devex=master_kind == "dense")
    )
    master.add([tuple(int(v) for v in c) for c in initial_columns])
    lp_seconds = oracle_seconds = certify_seconds = 0.0
    centre = np.full(m, 1.0 / m) if start_point is None else np.asarray(start_point, dtype=np.float64)
    if stab.kind == "fixed":
        centre = np.asarray(stab.guess, dtype=np.float64)
    centre = centre / centre.sum()
    # The centre's own best response is the first lower bound and a first useful column: starting
    # from a sensible point (uniform, or a guess) spares the master its wild first iterations.
    t0 = time.perf_counter()
    best_lower, first = oracle.best_response(centre)
    oracle_seconds += time.perf_counter() - t0
    master.add([tuple(int(v) for v in first)])
    c = stab.c if stab.kind != "none" else 0.0
    trace: list[TraceStep] = []
    certificate: ColGenCertificate | None = None
    x = centre
    y = np.zeros(0)
    solved_columns: list[Column] = []
    fallbacks = 0
    last_improved = 0
    upper = math.inf
    iteration = 0
    while iteration < max_iterations:
        iteration += 1
        t0 = time.perf_counter()
        upper, x, y = master.solve()
        solved_columns = list(master.columns)  # y is aligned with these
        lp_seconds += time.perf_counter() - t0
        # Pricing points on the segment centre -> x, from the most smoothed to x itself.
        n_points = max(1, stab.points) if c > 0 else 1
        weights = [c * (n_points - 1 - k) / (n_points - 1) for k in range(n_points)] if n_points > 1 else [c]
        if weights[-1] != 0.0:
            weights.append(0.0)
        c_used = c
        new: list[Column] = []
        lower_here = math.nan
        t0 = time.perf_counter()
        points = [ck * centre + (1 - ck) * x if ck > 0 else x for ck in weights]
        priced = _price(oracle, points, extra)
        for k, ck in enumerate(weights):
            point = points[k]
            value, column, others = priced[k]
            col = tuple(int(v) for v in column)
            if value > best_lower:
                best_lower = value
                last_improved = iteration
                if stab.kind == "wentges":
                    centre = point.copy()
            if ck == 0:
                lower_here = value
            cuts = float(np.dot(x, column)) < upper - tolerance * max(1.0, abs(upper)) * 1e-3
            if cuts:
                new.append(col)
            for other in others:
                if float(np.dot(x, other)) < upper - tolerance * max(1.0, abs(upper)) * 1e-3:
                    new.append(tuple(int(v) for v in other))
            if not cuts and k == 0 and ck > 0:
                c = c / 2 if c > 1e-3 else 0.0  # mis-price: trust the centre less
        oracle_seconds += time.perf_counter() - t0
        if stab.stall and iteration - last_improved >= stab.stall and c > 0:
            c *= stab.decay
            last_improved = iteration
        added = master.add(new)
        step = TraceStep(iteration, upper, best_lower, lower_here, len(master.columns), added, c_used)
        trace.append(step)
        if on_iteration is not None:
            on_iteration(step)
        converged = upper - max(best_lower, lower_here) <= tolerance * max(1.0, abs(upper))
        if converged or added == 0:
            if not exact:
                break
            t0 = time.perf_counter()
            certificate, better = _try_certificate(master, oracle)
            if certificate is None and (better is None or better in master.known):
                # The basis is not exactly optimal (float tolerances accepted a tiny violation):
                # re-solve the same columns from scratch in HiGHS, dual then primal simplex, and certify
                # from that basis instead.
                for strategy in (1, 4):
                    fallback = Master(m)
                    fallback.h.setOptionValue("simplex_strategy", strategy)
                    fallback.add(master.columns)
                    fallback.solve()
                    certificate, better = _try_certificate(fallback, oracle)
                    fallbacks += 1
                    if certificate is not None or (better is not None and better not in master.known):
                        break
            certify_seconds += time.perf_counter() - t0
            if certificate is not None:
                break
            if better is not None and master.add([better]):
                continue
            if added == 0:
                raise CertificateError(
                    "column generation stalled: no basis of the final master (dense, HiGHS dual, HiGHS "
                    "primal) solves exactly to a certificate"
                    + (" (the exact best response is already a master column)" if better is not None else "")
                )
        if purge_after:
            master.purge(purge_after)
    else:
        raise SolverError(f"column generation did not converge in {max_iterations} iterations")
    support_cols = [solved_columns[j] for j in range(len(solved_columns)) if y[j] > 0]
    support_w = [float(y[j]) for j in range(len(solved_columns)) if y[j] > 0]
    return ColGenResult(
        value=float(certificate.value) if certificate else upper,
        certificate=certificate,
        row_strategy=tuple(float(p) for p in x),
        columns=tuple(support_cols),
        column_weights=tuple(support_w),
        iterations=iteration,
        trace=tuple(trace),
        lp_seconds=lp_seconds,
        oracle_seconds=oracle_seconds,
        certify_seconds=certify_seconds,
        seconds=time.perf_counter() - start,
        lp_iterations=master.lp_iterations,
        columns_generated=len(master.known) + master.purged,
        columns_purged=master.purged,
        stats={"final_master_rows": len(master.columns), "highs_certificate_fallbacks": fallbacks},
    )
