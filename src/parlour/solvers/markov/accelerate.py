"""Extrapolation over several modes at once (issue 38): reduced-rank extrapolation (RRE) of the Gauss-Seidel
iterate from the increments of its last m sweeps, for the certified engine (`certified`).

Near the solution an up sweep is an affine map x -> M x + b, so the increments d_j = x_{j+1} - x_j of m
successive sweeps satisfy d_{j+1} = M d_j, and the limit is x_m + sum of all later increments. RRE takes the
affine combination sum g_j d_j (sum g_j = 1) of least norm as the residual of the combination sum g_j x_j; its
limit estimate, written from the last iterate, is x_m + sum_i c_i d_i with c_i = -(g_0 + ... + g_{i-1}). That
removes up to m - 1 modes at once, where the one-mode extrapolation (`certified`'s rho / (1 - rho) step)
removes one.

The estimate is only a *candidate*: the engine subtracts a margin (`margin` times the last increment, which
after a few sweeps has the shape of the slow mode and so is the kind of vector a sub-solution can lose) and
keeps it only when its check pass proves Z <= F(Z). Nothing here bears on soundness: the combination may be
anything finite; `combine` replaces what is not finite by no offset at all (Z = L there), because a NaN in
a candidate compares false and would hide an overshoot from the check.
"""

from __future__ import annotations

import numba
import numpy as np

# Sweeps per candidate and the length of the history: 12 float32 vectors (4 Goose players: 12 x 86 MB).
# Measured on the 2-, 3- and 4-player Goose chains against 4, 8 and 16 (docs/architecture.md,
# "Extrapolation over several modes").
HISTORY = 12
# The least squares of the coefficients reads about this many states (every k-th): the modes are spread over
# the whole game, and a sample of states gives the same coefficients as all of them at a fraction of the cost.
SAMPLE_STATES = 10_000
# The history takes at most this share of the memory available when the solve starts; less, and it is
# shortened; below MIN_HISTORY vectors the engine keeps the one-mode extrapolation.
MEMORY_SHARE = 0.5
MIN_HISTORY = 3


def depth(values: int, wanted: int, available_bytes: int) -> int:
    """How many float32 increment vectors of `values` values the history may hold: `wanted`, fewer when they
    would take more than MEMORY_SHARE of `available_bytes`, and 0 when fewer than MIN_HISTORY fit."""
    fits = int(MEMORY_SHARE * available_bytes // max(1, 4 * values))
    got = min(wanted, fits)
    return got if got >= MIN_HISTORY else 0


def coefficients(history: np.ndarray, order: np.ndarray) -> np.ndarray | None:
    """The RRE coefficients c (one per vector, in `order`: oldest increment first) of the limit estimate
    x_last + sum_i c_i d_i; None when the least squares has no finite answer.

    Solved as least squares on the tall matrix (QR, via numpy's lstsq), not on the Gram matrix: successive
    increments are nearly parallel, and the normal equations square that conditioning (measured: an estimate
    100x worse on 3 Goose players)."""
    states = history.shape[1]
    step = max(1, states // SAMPLE_STATES)
    d = np.stack([history[j, ::step].ravel().astype(np.float64) for j in order], axis=1)
    a = d[:, :-1] - d[:, -1:]  # g_last = 1 - sum of the others
    g, *_ = np.linalg.lstsq(a, -d[:, -1], rcond=None)
    gamma = np.append(g, 1.0 - g.sum())
    c = -np.concatenate([[0.0], np.cumsum(gamma)[:-1]])
    return c if bool(np.all(np.isfinite(c))) else None


@numba.njit(cache=True)
def combine(lower, history, order, coef, margin, offsets):
    """offsets <- sum_i coef_i history[order_i] - margin * history[order_last], capped so that Z = L + offsets
    stays in [0, 1]; a value that is not finite gets offset 0 (the candidate is checked before use)."""
    last = order[order.size - 1]
    for i in range(lower.shape[0]):
        for o in range(lower.shape[1]):
            x = 0.0
            for j in range(order.size):
                x += coef[j] * history[order[j], i, o]
            x -= margin * history[last, i, o]
            if not np.isfinite(x):
                x = 0.0
            offsets[i, o] = max(-lower[i, o], min(x, 1.0 - lower[i, o]))


# The margin, in units of the last increment: it starts small, shrinks after a proven candidate and grows
# tenfold after a failed one (a failure costs a pass; a margin too wide costs a factor of the jump).
MARGIN_START, MARGIN_MIN, MARGIN_MAX = 1e-2, 1e-4, 1.0
# No candidate before this many sweeps: the first sweeps from 0 are a transient no short history models.
FIRST = 12


def next_margin(margin: float, proven: bool) -> float:
    """The margin of the next candidate after one that was `proven` (or not)."""
    return max(MARGIN_MIN, margin / 2) if proven else min(MARGIN_MAX, margin * 10)
