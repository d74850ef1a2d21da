"""Extrapolation over several modes at once (issue 38): reduced-rank extrapolation (RRE) of the Gauss-Seidel
iterate from the increments of its last m sweeps, pulled back along a direction the check pass can prove,
for the certified engine (`certified`).

Near the solution a Gauss-Seidel sweep is an affine map G(x) = M x + c with M >= 0, so the increments
d_j = x_{j+1} - x_j of m successive sweeps satisfy d_{j+1} = M d_j, and the limit is x_m + the sum of all later
increments. RRE takes the affine combination sum g_j d_j (sum g_j = 1) of least norm as the residual of the
combination sum g_j x_j; its limit estimate, written from the last iterate, is x~ = x_m + sum_i c_i d_i with
c_i = -(g_0 + ... + g_{i-1}). That removes up to m - 1 modes at once (measured on the Goose chains: x~ is
within 1/20,000 to 1/4,000 of the remaining error).

The back-off. x~ itself almost never passes the check: its residual r = G(x~) - x~, tiny, has both signs. The
check pass that fails measures r at every value. The iterate before the last sweep, x_{m-1} = x_m - d_{m-1}, is a
sub-solution whose residual G(x_{m-1}) - x_{m-1} = d_{m-1} >= 0 the history holds exactly. In the affine model the
convex combination Z = (1 - t) x~ + t x_{m-1} has the residual (1 - t) r + t d_{m-1}, which is >= 0 at every value
for t = max over values with r < 0 of -r / (d_{m-1} - r) (`backoff`; always in [0, 1), as d_{m-1} >= 0 > r). The
loss, t (x~ - x_{m-1}), is set by the measured residual, not a fixed fraction of the last increment: each proven
jump divides the gap by about 1,000 on the Goose chains, where a margin of the last increment divided it by 10
to 50. (A pull along d_{m-2}, whose image d_{m-2} - d_{m-1} is known too, did as well on 3 players but is
undefined where that image is not positive; the convex combination always has a pull.)

Nothing here bears on soundness: the model is affine only up to rounding, the history is float32, and t is
computed in plain floating point. Z is a *candidate*; the engine keeps it only after its check pass proves
Z <= F(Z) with the engine's directed rounding. Values that are not finite become no offset at all (Z = L there),
because a NaN in a candidate compares false and would hide an overshoot from the check.
"""

from __future__ import annotations

import math

import numba
import numpy as np

# Sweeps per candidate and the length of the history: m float32 vectors (4 Goose players: 16 x 86 MB).
# Measured on the 2-, 3- and 4-player Goose chains (bench/bench_markov_accel.py, docs/architecture.md,
# "Extrapolation over several modes").
HISTORY = 16
# The least squares of the coefficients reads about this many states (every k-th): the modes are spread over
# the whole game, and a sample of states gives the same coefficients as all of them at a fraction of the cost.
SAMPLE_STATES = 10_000
# The history takes at most this share of the memory available when the solve starts; less, and it is
# shortened; below MIN_HISTORY vectors the engine keeps the one-mode extrapolation.
MEMORY_SHARE = 0.5
MIN_HISTORY = 3
# The pull actually taken is SAFETY times the one the affine model asks for (the history is float32 and the
# sweep only nearly affine); a candidate that still fails is pulled back GROW times further (at most to
# x_{m-1}), at most RETRIES times, each try one check pass.
SAFETY, GROW, RETRIES = 1.5, 4.0, 2
# No candidate before this many sweeps: the first sweeps from 0 are a transient no short history models.
FIRST = 12
# Nor does the history record them: the first UNRECORDED sweeps from 0 (or from a resumed file) go unrecorded, and
# the first candidate comes from the m sweeps after them. Passes (sweeps + checks) at half-width 1e-12, recording
# from the first sweep against from the ninth: 4 players on 2 steady threads 90 -> 80, on one thread 80 -> 80;
# 3 players 72 -> 71; 2 players 54 -> 62 (0.1 s either way). (Recorded from the first sweep, the first 4-player
# candidate divided the gap by only 4, where later ones divided it by 50-600.)
UNRECORDED = 8
# At the end of a solve a candidate may come before the ring is full (`early`): from EARLY sweeps on, when the
# plain sweeps would reach the width before the ring fills but would still take more than EARLY_SAVES of them
# (a candidate costs one or two check passes). 4 Goose players: the last jump left a gap of 9.4e-12 against a
# width of 2e-12, and 12 more sweeps closed it where 6 and a candidate do.
EARLY, EARLY_SAVES = 6, 3


def depth(values: int, wanted: int, available_bytes: int) -> int:
    """How many float32 increment vectors of `values` values the history may hold: `wanted`, fewer when they
    would take more than MEMORY_SHARE of `available_bytes`, and 0 when fewer than MIN_HISTORY fit."""
    fits = int(MEMORY_SHARE * available_bytes // max(1, 4 * values))
    got = min(wanted, fits)
    return got if got >= MIN_HISTORY else 0


def early(recorded: int, m: int, gaps: list[float], width: float) -> bool:
    """Whether to make a candidate from the `recorded` (< m) sweeps of this cycle now: the gap shrinks by a steady
    rho < 1 per sweep (the last two sweeps), and at that rate the sweeps to reach `width` number more than
    EARLY_SAVES but fewer than the m - recorded the full ring would wait."""
    if recorded < EARLY or len(gaps) < 2 or not 0 < gaps[-1] < gaps[-2]:
        return False
    rho = gaps[-1] / gaps[-2]
    left = math.log(width / gaps[-1]) / math.log(rho) if gaps[-1] > width else 0.0
    return EARLY_SAVES < left < m - recorded


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


# The helpers below read or write every value once or a few times: on all numba threads (parallel=True), as the
# passes they come between (4 Goose players: their ~3 s on one thread were a sixth of a 2-thread solve).
@numba.njit(cache=True, parallel=True)
def estimate(lower, history, order, coef, offsets):
    """offsets <- x~ - L = sum_i coef_i history[order_i], capped so that L + offset stays in [0, 1]; 0 where it
    is not finite."""
    for i in numba.prange(lower.shape[0]):
        for o in range(lower.shape[1]):
            x = 0.0
            for j in range(order.size):
                x += coef[j] * history[order[j], i, o]
            offsets[i, o] = max(-lower[i, o], min(x, 1.0 - lower[i, o])) if np.isfinite(x) else 0.0


@numba.njit(cache=True, parallel=True)
def pull_back(lower, guess, last, pull, offsets):
    """offsets <- the candidate (1 - pull) x~ + pull x_{m-1} as offsets from L = x_m: `guess` is x~ - L and `last`
    the last increment d_{m-1} = x_m - x_{m-1}; capped so that Z stays in [0, 1]."""
    for i in numba.prange(lower.shape[0]):
        for o in range(lower.shape[1]):
            x = (1.0 - pull) * np.float64(guess[i, o]) - pull * np.float64(last[i, o])
            offsets[i, o] = max(-lower[i, o], min(x, 1.0 - lower[i, o]))


@numba.njit(cache=True, parallel=True)
def backoff(guess, last, offsets):
    """The pull t of Z = (1 - t) x~ + t x_{m-1} that the affine model proves, from `offsets` holding G(x~) - L as
    the failed check left them and `guess` holding x~ - L (so r = offsets - guess), `last` = d_{m-1}: max over
    values with r < 0 of -r / (d_{m-1} - r)."""
    rows = np.zeros(guess.shape[0])
    for i in numba.prange(guess.shape[0]):
        t = 0.0
        for o in range(guess.shape[1]):
            r = np.float64(offsets[i, o]) - np.float64(guess[i, o])
            if r < 0:
                t = max(t, -r / (np.float64(last[i, o]) - r))
        rows[i] = t
    return rows.max() if rows.size else 0.0


__all__ = [
    "EARLY", "EARLY_SAVES", "FIRST", "GROW", "HISTORY", "MEMORY_SHARE", "MIN_HISTORY", "RETRIES", "SAFETY",
    "SAMPLE_STATES", "UNRECORDED", "backoff", "coefficients", "depth", "early", "estimate", "pull_back",
]
