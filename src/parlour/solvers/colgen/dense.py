"""The restricted master as the column player's LP, solved by one dense primal simplex in numba.

One simplex with the pricing rule as a parameter (Devex or Dantzig), an explicit basis inverse with
rank-one updates and a periodic fresh inversion. `DenseMaster` has the interface of `master.Master`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numba
import numpy as np

from parlour.errors import InvalidInput, SolverError
from parlour.solvers.colgen.oracle import Column


class Tableau(NamedTuple):
    """The dense master's arrays, one structured argument of the simplex kernel: `at` (capacity × m, row j
    is column j of A), the basis list (column j ≥ 0, slack of row r as −r−1), B⁻¹, x_B and the
    right-hand side."""

    at: np.ndarray
    basis: np.ndarray
    binv: np.ndarray
    xb: np.ndarray
    rhs: np.ndarray


class Pricing(NamedTuple):
    """The simplex's pricing state: reduced costs and Devex weights of the columns (dt, wt) and the
    slacks (ds, ws), basis membership flags, and work vectors (π, the pivot row ρ, α = ρ·A)."""

    dt: np.ndarray
    ds: np.ndarray
    wt: np.ndarray
    ws: np.ndarray
    in_basis: np.ndarray
    slack_basic: np.ndarray
    pi: np.ndarray
    rho: np.ndarray
    alpha: np.ndarray


# Pivots between fresh inversions of the basis. An inversion is O(m^3): every 128 pivots it was half
# the time of a pivot at N = 509 (123 -> 65 us per pivot at 1024). Drift is harmless: optimality is
# confirmed with fresh multipliers, and the certificate is exact.
REFACTOR_EVERY = 1024

# Integers below this are exact in float32 (the columns' storage).
EXACT_IN_FLOAT32 = 1 << 24

# The entering-variable code for "none" (columns are j >= 0, the slack of row r is -r-1).
NO_VARIABLE = -(1 << 40)


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


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"}, inline="always")
def _column_entry(binv: np.ndarray, i: int, at: np.ndarray, enter: int) -> float:
    """Row i of B⁻¹ a for the entering variable (a column of A, or the slack of row −enter−1)."""
    if enter < 0:
        return binv[i, -enter - 1]
    acc = 0.0
    for c in range(binv.shape[1]):
        acc += binv[i, c] * at[enter, c]
    return acc


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _entering_column(binv: np.ndarray, at: np.ndarray, enter: int, col: np.ndarray) -> None:
    """col = B⁻¹ a for the entering variable."""
    for i in range(col.size):
        col[i] = _column_entry(binv, i, at, enter)


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"}, parallel=True)
def _pivot_inverse(binv: np.ndarray, xb: np.ndarray, col: np.ndarray, leave: int, at: np.ndarray, enter_next: int,
                   col_next: np.ndarray) -> None:
    """Rank-one update of B^-1 and the basic solution for a pivot on row `leave` of column `col`; when
    `enter_next` is a variable (not NO_VARIABLE), col_next = (new B⁻¹) a of it in the same pass.

    Why fused: at m = 500, B⁻¹ is 2 MB, as large as a core's L2 cache; reading it once for the update and
    once more for the next pivot's column cost a third of the pivot. Rows in parallel on numba's threads
    (the caller sets how many): 2 threads halve it at m = 500."""
    m = col.size
    p = col[leave]
    for c in range(m):
        binv[leave, c] /= p
    xb[leave] /= p
    for i in numba.prange(m):  # rows are independent: row `leave` is only read
        f = col[i]
        if i != leave and f != 0.0:
            for c in range(m):
                binv[i, c] -= f * binv[leave, c]
            xb[i] -= f * xb[leave]
        if enter_next != NO_VARIABLE:
            col_next[i] = _column_entry(binv, i, at, enter_next)


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
def _reduced_costs(t: Tableau, k: int, q: Pricing) -> None:
    """Fresh reduced costs from B⁻¹: 1 − π·a_j for the columns, −π_r for the slacks (0 when basic)."""
    _multipliers(t.basis, t.binv, q.pi)
    m = q.pi.size
    for j in range(k):
        acc = 0.0
        for c in range(m):
            acc += t.at[j, c] * q.pi[c]
        q.dt[j] = 0.0 if q.in_basis[j] else 1.0 - acc
    for r in range(m):
        q.ds[r] = 0.0 if q.slack_basic[r] else -q.pi[r]


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _entering(d: np.ndarray, w: np.ndarray, basic: np.ndarray, tol: float, devex: bool, bland: bool,
              best: float, enter: int, code_of_first: int, sign: int) -> tuple[float, int, bool]:
    """Scan one block of variables (columns, or slacks) for the entering one: the largest d (Dantzig)
    or d²/w (Devex) above `best`; under Bland's rule the first eligible. Returns (best, enter, found)."""
    for j in range(d.size):
        if not basic[j] and d[j] > tol:
            score = d[j] * d[j] / w[j] if devex else d[j]
            if score > best:
                best = score
                enter = code_of_first + sign * j
                if bland:
                    return best, enter, True
    return best, enter, False


@numba.njit(cache=True)
def _new_pricing(basis: np.ndarray, k: int, m: int) -> Pricing:
    """The pricing state of a fresh start: zero reduced costs, unit Devex weights, membership from the basis."""
    q = Pricing(np.zeros(k), np.zeros(m), np.ones(k), np.ones(m), np.zeros(k, dtype=np.bool_),
                np.zeros(m, dtype=np.bool_), np.zeros(m), np.zeros(m), np.zeros(k))
    _mark_basic(basis, q.in_basis, q.slack_basic)
    return q


@numba.njit(cache=True)
def _bland(degenerate_run: int, bland: bool) -> bool:
    """Bland's rule after a long run of degenerate pivots (no cycling), off again after a step that moves."""
    if degenerate_run > 50:
        return True
    return False if degenerate_run == 0 else bland


@numba.njit(cache=True)
def _exchange(q: Pricing, basis: np.ndarray, leave: int, enter: int) -> None:
    """The pivot's change of basis: the variable in row `leave` goes out, `enter` comes in (reduced cost 0)."""
    out = basis[leave]
    if out >= 0:
        q.in_basis[out] = False
    else:
        q.slack_basic[-out - 1] = False
    if enter >= 0:
        q.in_basis[enter] = True
        q.dt[enter] = 0.0
    else:
        q.slack_basic[-enter - 1] = True
        q.ds[-enter - 1] = 0.0
    basis[leave] = enter


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _primal_simplex(t: Tableau, k: int, tol: float, max_pivots: int, devex: bool) -> tuple[int, int, int]:
    """Primal simplex on  max Σ y  s.t.  A y + s = rhs, y, s ≥ 0  with an explicit dense basis inverse.

    The first k rows of t.at are live. The pricing rule is a parameter: `devex` (Forrest–Goldfarb
    reference weights, reduced costs updated from the pivot row: fewer pivots on this degenerate LP) or
    Dantzig's (reduced costs recomputed every pivot). The largest pivot among near-tied ratios (stable),
    Bland's rule after a long run of degenerate pivots (no cycling). The inverse is recomputed every
    REFACTOR_EVERY pivots so rank-one updates cannot drift; optimality is confirmed with fresh reduced
    costs; when they show an improving variable that Devex's weights hide, the weights start afresh.
    Returns (0 optimal / 1 limit / 2 unbounded / 3 singular / 4 not a number, pivots, weight resets).
    """
    at, basis, binv, xb = t.at, t.basis, t.binv, t.xb
    m = at.shape[1]
    pivots = 0
    degenerate_run = 0
    bland = False
    q = _new_pricing(basis, k, m)
    col = np.zeros(m)
    col_next = np.zeros(m)
    bmat = np.zeros((m, m))
    fresh = True
    enter_next = NO_VARIABLE  # chosen at the end of the last pivot, its column computed in the pivot's pass
    confirmed = False  # the reduced costs were just computed afresh, after Devex saw no improving variable
    resets = 0
    while pivots < max_pivots:
        if enter_next != NO_VARIABLE:
            enter = enter_next
            col, col_next = col_next, col
        else:
            if fresh or not devex:
                _reduced_costs(t, k, q)
                fresh = False
            enter = _choose(q, tol, devex, bland)
            if enter == NO_VARIABLE and confirmed:
                # Fresh reduced costs show an improving variable that Devex does not choose: its reference
                # weight has overflowed (N = 2048 looped here for ever). A new reference framework.
                q.wt[:] = 1.0
                q.ws[:] = 1.0
                resets += 1
                enter = _choose(q, tol, devex, bland)
                if enter == NO_VARIABLE:
                    return 4, pivots, resets  # reduced costs that are not numbers
            confirmed = False
            if enter == NO_VARIABLE:
                if not devex:
                    return 0, pivots, resets
                # Confirm with freshly computed reduced costs before declaring optimality.
                _reduced_costs(t, k, q)
                if q.dt.max() <= tol and q.ds.max() <= tol:
                    return 0, pivots, resets
                confirmed = True
                continue
            _entering_column(binv, at, enter, col)
        d_enter = q.dt[enter] if enter >= 0 else q.ds[-enter - 1]
        w_enter = q.wt[enter] if enter >= 0 else q.ws[-enter - 1]
        # Ratio test: smallest x_B/col over col > tol; among near-ties the largest col (or Bland).
        leave, ratio = _leaving_row(col, xb, basis, k, tol, bland)
        if leave < 0:
            return 2, pivots, resets  # unbounded: impossible for a positive matrix
        degenerate_run = degenerate_run + 1 if ratio <= 1e-12 else 0
        bland = _bland(degenerate_run, bland)
        if devex:
            _devex_update(t, k, q, leave, col[leave], d_enter, w_enter, basis[leave])
        _exchange(q, basis, leave, enter)
        pivots += 1
        refactor = pivots % REFACTOR_EVERY == 0
        # Devex reduced costs are already up to date: choose the next entering variable now, so that the
        # pivot's pass over B⁻¹ computes its column too (none before a refactor, whose fresh reduced
        # costs may choose differently).
        enter_next = _choose(q, tol, devex, bland) if devex and not refactor else NO_VARIABLE
        _pivot_inverse(binv, xb, col, leave, at, enter_next, col_next)
        if refactor:
            if not _refactor(at, basis, bmat, binv, xb, t.rhs):
                return 3, pivots, resets  # singular basis: should not happen
            fresh = True  # reduced costs from the new inverse, not the drifting updates
    return 1, pivots, resets


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _choose(q: Pricing, tol: float, devex: bool, bland: bool) -> int:
    """The entering variable by the pricing rule (columns first, then slacks), or NO_VARIABLE."""
    best, enter, found = _entering(q.dt, q.wt, q.in_basis, tol, devex, bland, 0.0, NO_VARIABLE, 0, 1)
    if not found:
        best, enter, found = _entering(q.ds, q.ws, q.slack_basic, tol, devex, bland, best, enter, -1, -1)
    return enter


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _devex_update(t: Tableau, k: int, q: Pricing, leave: int, p: float, d_enter: float, w_enter: float,
                  out: int) -> None:
    """Devex: update the reduced costs and reference weights from the pivot row ρ = row `leave` of B⁻¹
    (α_j = ρ·a_j), before the pivot; the leaving variable gets reduced cost −θ and weight w/p²."""
    rho, alpha, dt, ds, wt, ws = q.rho, q.alpha, q.dt, q.ds, q.wt, q.ws
    m = rho.size
    for c in range(m):
        rho[c] = t.binv[leave, c]
    _row_products(t.at, k, rho, q.in_basis, alpha)
    theta = d_enter / p
    _devex_block(dt, wt, alpha, q.in_basis, theta, p, w_enter)
    _devex_block(ds, ws, rho, q.slack_basic, theta, p, w_enter)
    w_out = max(w_enter / (p * p), 1.0)
    if out >= 0:
        dt[out] = -theta
        wt[out] = w_out
    else:
        ds[-out - 1] = -theta
        ws[-out - 1] = w_out


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"}, parallel=True)
def _row_products(at: np.ndarray, k: int, rho: np.ndarray, basic: np.ndarray, alpha: np.ndarray) -> None:
    """α_j = ρ·a_j for the nonbasic columns: the largest read of a pivot (k × m), in parallel over j."""
    m = rho.size
    for j in numba.prange(k):
        if not basic[j]:
            acc = 0.0
            for c in range(m):
                acc += at[j, c] * rho[c]
            alpha[j] = acc


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _devex_block(d: np.ndarray, w: np.ndarray, row: np.ndarray, basic: np.ndarray, theta: float, p: float,
                 w_enter: float) -> None:
    """One block (columns, or slacks) of the Devex update: d −= θ·row, w ← max(w, (row/p)²·w_enter)."""
    for j in range(d.size):
        if not basic[j]:
            d[j] -= theta * row[j]
            ratio_w = row[j] / p
            wnew = ratio_w * ratio_w * w_enter
            if wnew > w[j]:
                w[j] = wnew


class DenseMaster:
    """The restricted master as Bob's LP (max Σy, A y ≤ 1) with a dense explicit basis inverse in numba.

    Same interface as `Master`. Positive payoffs are required (they are: tree depths ≥ 1). A warm start
    is free: adding columns keeps the basis primal feasible, the primal simplex just continues.
    """

    def __init__(self, m: int, devex: bool = True, perturb: float = 1e-7) -> None:
        self.m = m
        self.devex = devex
        # Columns are stored in float32: exact for integers below 2^24 (checked in `add`), and half the
        # memory that every pivot's pass over them (the Devex row, α = ρ·A) reads: at N = 1000, 1,000
        # columns of 500 rows are 4 MB in float64, beyond a core's 2 MB L2 cache. Sums are in float64.
        self.at = np.zeros((64, m), dtype=np.float32)
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
        self.devex_resets = 0
        self.purged = 0
        self._y = np.zeros(0)

    def add(self, cols: Sequence[Column]) -> int:
        new = [c for c in dict.fromkeys(cols) if c not in self.known]
        if not new:
            return 0
        if any(min(c) <= 0 for c in new):
            raise InvalidInput("the dense master needs positive payoffs")
        if any(max(c) >= EXACT_IN_FLOAT32 for c in new):
            raise InvalidInput(f"the dense master stores payoffs in float32: they must be below {EXACT_IN_FLOAT32}")
        need = self.k + len(new)
        if need > self.at.shape[0]:
            grown = np.zeros((max(need, 2 * self.at.shape[0]), self.m), dtype=np.float32)
            grown[: self.k] = self.at[: self.k]
            self.at = grown
        self.at[self.k : need] = np.array(new, dtype=np.float32)
        self.k = need
        self.columns.extend(new)
        self.idle.extend([0] * len(new))
        self.known.update(new)
        return len(new)

    def solve(self) -> tuple[float, np.ndarray, np.ndarray]:
        tableau = Tableau(self.at, self.basis, self.binv, self.xb, self.rhs)
        status, pivots, resets = _primal_simplex(tableau, self.k, 1e-10, 1_000_000, self.devex)
        self.lp_iterations += pivots
        self.devex_resets += resets
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


__all__ = ["EXACT_IN_FLOAT32", "NO_VARIABLE", "REFACTOR_EVERY", "DenseMaster", "Pricing", "Tableau"]
