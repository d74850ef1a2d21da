"""The dense master's simplex in numba: one primal simplex with an explicit basis inverse, Devex or
Dantzig pricing, and the basis helpers it shares with the master (inversion, multipliers, ratio test)."""

from __future__ import annotations

import numba
import numpy as np

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
def primal_simplex(
    at: np.ndarray, k: int, basis: np.ndarray, binv: np.ndarray, xb: np.ndarray, tol: float, max_pivots: int,
    rhs: np.ndarray, devex: bool,
) -> tuple[int, int]:
    """Primal simplex on  max Σ y  s.t.  A y + s = rhs, y, s ≥ 0  with an explicit dense basis inverse.

    at: capacity × m, row j is column j of A (contiguous), the first k live. basis[i] ≥ 0 is column
    basis[i], < 0 the slack of row −basis[i]−1. Pricing: Devex (Forrest–Goldfarb reference weights, reduced
    costs updated from the pivot row; fewer pivots on this degenerate LP) when `devex`, else Dantzig's rule
    (reduced costs recomputed every pivot, weights all 1). The largest pivot among near-tied ratios
    (stable), Bland's rule after a long run of degenerate pivots (no cycling). The inverse is recomputed
    every REFACTOR_EVERY pivots so rank-one updates cannot drift. Returns (0 optimal / 1 limit, pivots).
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
    rho = np.zeros(m)
    dt = np.zeros(k)  # reduced costs of the columns
    ds = np.zeros(m)  # reduced costs of the slacks
    wt = np.ones(k)  # Devex reference weights
    ws = np.ones(m)
    alpha = np.zeros(k)
    bmat = np.zeros((m, m))
    fresh = True
    while pivots < max_pivots:
        if fresh or not devex:
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
        if devex:
            _devex_update(at, k, binv, leave, p, d_enter, w_enter, basis[leave], enter, in_basis, slack_basic, rho,
                          alpha, dt, ds, wt, ws)
        out = basis[leave]
        if out >= 0:
            in_basis[out] = False
        else:
            slack_basic[-out - 1] = False
        if enter >= 0:
            in_basis[enter] = True
        else:
            slack_basic[-enter - 1] = True
        _pivot_inverse(binv, xb, col, leave)
        basis[leave] = enter
        pivots += 1
        if pivots % REFACTOR_EVERY == 0:
            if not _refactor(at, basis, bmat, binv, xb, rhs):
                return 3, pivots  # singular basis: should not happen
            fresh = True  # reduced costs from the new inverse, not the drifting updates
    return 1, pivots


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _devex_update(at, k, binv, leave, p, d_enter, w_enter, out, enter, in_basis, slack_basic, rho, alpha, dt, ds,
                  wt, ws):  # pragma: no cover
    """Reduced costs and Devex weights after `enter` replaces `out` in row `leave`, from the pivot row of
    B⁻¹A (called before the basis flags change)."""
    m = at.shape[1]
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
    _update_costs_and_weights(dt, wt, alpha, in_basis, k, theta, p, w_enter)  # the columns
    _update_costs_and_weights(ds, ws, rho, slack_basic, m, theta, p, w_enter)  # the slacks
    w_out = max(w_enter / (p * p), 1.0)
    if out >= 0:
        dt[out] = -theta
        wt[out] = w_out
    else:
        ds[-out - 1] = -theta
        ws[-out - 1] = w_out
    if enter >= 0:
        dt[enter] = 0.0
    else:
        ds[-enter - 1] = 0.0


@numba.njit(cache=True, fastmath={"reassoc", "contract", "arcp"})
def _update_costs_and_weights(d, w, pivot_row, basic, count, theta, p, w_enter):  # pragma: no cover
    """d_j -= θ α_j and the Devex weight w_j = max(w_j, (α_j / p)² w_enter) for every nonbasic j < count."""
    for j in range(count):
        if not basic[j]:
            d[j] -= theta * pivot_row[j]
            ratio_w = pivot_row[j] / p
            wnew = ratio_w * ratio_w * w_enter
            if wnew > w[j]:
                w[j] = wnew
