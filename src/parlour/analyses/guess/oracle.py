"""The guessing game's pricing oracle: Bob's best response to a hiding distribution is an optimal
binary search tree (Knuth's DP), in the folded (mirror-symmetric) or the plain game.

`GuessOracle` is a `parlour.solvers.colgen.BatchOracle`: it prices several points at once in threads
(the DP kernels release the GIL) and returns near-best trees from the same DP table.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from functools import cache
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from parlour.errors import InvalidInput
from parlour.games.guess.trees import (
    Rational,
    Tree,
    complete_tree_depths,
    depths_from_roots,
    depths_kernel,
    induced_depths,
)
from parlour.solvers.colgen import Column, Priced


@cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=max(1, min(4, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]


class GuessOracle:
    """Bob's best response (an optimal BST) in the folded (or plain) game, with tree bookkeeping."""

    def __init__(self, n: int, symmetric: bool = True) -> None:
        self.n = n
        self.symmetric = symmetric
        self.m = (n + 1) // 2 if symmetric else n
        self.trees: dict[Column, tuple[int, ...]] = {}  # folded column -> one tree with it
        self.slack = 0.0  # near-best trees: roots within slack × (subtree weight) of the best
        # ... and near the optimum within slack_per_gap × (the loop's relative gap), if that is less: only
        # trees tied at the optimum can complete Bob's mixture, and a slack far above the gap draws
        # almost none of them (N = 1000: 1,270 rounds with slack 0.001 throughout, 313 with this). 0: off.
        self.slack_per_gap = 10.0
        self.calls = 0

    def fold(self, depths: Sequence[int] | np.ndarray) -> Column:
        d = [int(v) for v in depths]
        if not self.symmetric:
            col = tuple(d)
        else:
            n = self.n
            col = tuple(d[k] + d[n - 1 - k] for k in range(self.m))
        self.trees.setdefault(col, tuple(d))
        return col

    def unfold(self, x: Sequence[Any] | np.ndarray) -> list[Any]:
        """Alice's full strategy α from the folded weights (each orbit's weight split evenly)."""
        if not self.symmetric:
            return list(x)
        n = self.n
        alpha = [x[0] * 0] * n
        for k in range(self.m):
            if k == n - 1 - k:
                alpha[k] = x[k]
            else:
                alpha[k] = alpha[n - 1 - k] = x[k] / 2
        return alpha

    def fold_weights(self, alpha: np.ndarray) -> np.ndarray:
        """Folded weights x from a full strategy α on 1..N (each orbit's total)."""
        if not self.symmetric:
            return np.asarray(alpha, dtype=np.float64)
        return np.array([alpha[k] + alpha[self.n - 1 - k] if 2 * k + 1 != self.n else alpha[k]
                         for k in range(self.m)])

    def best_response(self, x: np.ndarray) -> tuple[float, np.ndarray]:
        alpha = np.asarray(self.unfold(x), dtype=np.float64)
        _, depths = optimal_bst(alpha)
        col = np.array(self.fold(depths), dtype=np.int64)
        return float(np.dot(x, col)), col

    def responses(self, points: Sequence[np.ndarray], extra: int, gap: float = math.inf) -> list[Priced]:
        """Best response and `extra` near-best responses at each point, the points priced in parallel
        threads (the DP kernels release the GIL; each thread has its own DP table). `gap`: the loop's
        relative gap, which narrows the slack of the near-best trees."""
        first = self.calls
        self.calls += len(points)
        slack = min(self.slack, max(self.slack_per_gap * gap, 1e-12)) if self.slack_per_gap > 0 else self.slack

        def one(k: int) -> Priced:
            value, col = self.best_response(points[k])
            more = []
            if extra > 0:
                alpha = np.asarray(self.unfold(points[k]), dtype=np.float64)
                # the DP table of this very point is still in this thread's workspace (weights >= 0)
                trees = near_optimal_trees(alpha, extra, slack, seed=first + k + 1, table_ready=alpha.min() >= 0)
                more = [np.array(self.fold(t), dtype=np.int64) for t in trees]
            return value, col, more

        return list(_pool().map(one, range(len(points))))

    def exact_best_response(self, x: Sequence[Fraction]) -> tuple[Fraction, Column]:
        alpha = self.unfold([Fraction(v) for v in x])
        den = math.lcm(*(a.denominator for a in alpha))
        cost, tree = optimal_bst_exact_tree([int(a * den) for a in alpha])
        scale = 2 if self.symmetric else 1
        return Fraction(cost * scale, den), self.fold(tree.depths)

# ---------------------------------------------------------------- optimal binary search trees
# Bob's best response to a mixed strategy α: the tree minimising Σ α_k d_k.
# - `optimal_bst_cubic`: the textbook O(N³) interval DP, in exact arithmetic (ints/Fractions). Reference.
# - `optimal_bst_exact`: Knuth's O(N²) speed-up in exact integer/rational arithmetic; valid for weights ≥ 0
#   (Knuth's root monotonicity needs them). Used to certify Alice's strategy against *every* tree.
# - `optimal_bst`: Knuth's O(N²) in numba on floats; the fast oracle inside column generation. Tiny
#   negative weights (float noise from the LP) are clipped; genuinely negative ones fall back to the
#   cubic DP in numba, which is correct for any weights.
# - `height_limited_bst`: the study's O(N·2^h) "subsequence of the complete tree" DP, exact among trees
#   of height ≤ h for weights ≥ 0.
# - `near_optimal_trees`: more trees drawn from the same Knuth table (many columns per oracle call).


@numba.njit(cache=True, nogil=True)
def _knuth_into(w: np.ndarray, e: np.ndarray, root: np.ndarray) -> float:
    """Knuth's O(N²) optimal BST for weights ≥ 0, in caller-supplied buffers (no allocation).

    Interval (i, j] holds keys i+1..j; e[i, j] is its optimal cost, root[i, j] its smallest optimal root.
    Why this loop order: rows i from the bottom up, j rising, so both reads, e[i, k-1] (row i) and
    e[k, j] (row k ≈ the root, which drifts slowly as j rises), run along contiguous memory, and the
    candidate roots are tried from the largest down, whose first address does not wait for the last
    interval's root. Measured at N = 1000 / 2000: 3.7 / 13 ms, against 6.0 / 40 ms by diagonals with a
    transposed copy of e. Same sums, same ties (the smallest root): the same table to the last bit.
    """
    n = w.shape[0]
    prefix = np.zeros(n + 1)
    for k in range(n):
        prefix[k + 1] = prefix[k] + w[k]
    e[n, n] = 0.0
    for i in range(n - 1, -1, -1):
        e[i, i] = 0.0
        e[i, i + 1] = w[i]
        root[i, i + 1] = i + 1
        for j in range(i + 2, n + 1):
            lo = root[i, j - 1]
            hi = root[i + 1, j]
            best = np.inf
            arg = hi
            for k in range(hi, lo - 1, -1):
                c = e[i, k - 1] + e[k, j]
                if c <= best:
                    best = c
                    arg = k
            e[i, j] = best + (prefix[j] - prefix[i])
            root[i, j] = arg
    return e[0, n]


# One workspace per thread (the oracle prices several points at once in threads; the kernels release
# the GIL), each holding buffers for one size only: a sweep moves on from N to N+1.
_LOCAL = threading.local()


def _workspace(n: int) -> tuple[np.ndarray, np.ndarray] | None:
    got: tuple[int, tuple[np.ndarray, np.ndarray]] | None = getattr(_LOCAL, "bufs", None)
    return got[1] if got is not None and got[0] == n else None


def _knuth_table(w: np.ndarray) -> tuple[float, tuple[np.ndarray, np.ndarray]]:
    """Knuth's DP into this thread's workspace, reused between calls of the same size (first-touch page
    faults of two fresh (N+1)² arrays cost more than the DP itself at N = 1000): (cost, (e, root))."""
    n = w.shape[0]
    bufs = _workspace(n)
    if bufs is None:
        bufs = (np.empty((n + 1, n + 1)), np.empty((n + 1, n + 1), dtype=np.int64))
        _LOCAL.bufs = (n, bufs)
    return _knuth_into(w, *bufs), bufs


def interval_costs(weights: npt.ArrayLike) -> np.ndarray:
    """e[i, j] (j >= i): the optimal cost of keys i+1..j for every interval at once, Knuth's table of
    `optimal_bst` in a fresh array (the per-thread workspace is the oracle's). Floats: exact where every sum
    is an integer below 2^53 (integer weights of a small total), which callers that want exact costs check."""
    w = np.ascontiguousarray(weights, dtype=np.float64)
    n = w.shape[0]
    e, root = np.empty((n + 1, n + 1)), np.empty((n + 1, n + 1), dtype=np.int64)
    _knuth_into(w, e, root)
    return e


def _knuth(w: np.ndarray) -> tuple[float, np.ndarray]:
    cost, (_, root) = _knuth_table(w)
    return cost, depths_kernel(root, w.shape[0])


@numba.njit(cache=True, nogil=True)
def _cubic(w: np.ndarray) -> tuple[float, np.ndarray]:
    """The plain O(N³) interval DP; correct for weights of any sign."""
    n = w.shape[0]
    prefix = np.zeros(n + 1)
    for k in range(n):
        prefix[k + 1] = prefix[k] + w[k]
    e = np.zeros((n + 1, n + 1))
    root = np.zeros((n + 1, n + 1), dtype=np.int64)
    for length in range(1, n + 1):
        for i in range(0, n - length + 1):
            j = i + length
            best = np.inf
            arg = i + 1
            for k in range(i + 1, j + 1):
                c = e[i, k - 1] + e[k, j]
                if c < best:
                    best = c
                    arg = k
            e[i, j] = best + prefix[j] - prefix[i]
            root[i, j] = arg
    return e[0, n], depths_kernel(root, n)


# Negative weights no larger than this (relative to the largest weight) are float noise from the LP
# and are clipped to zero; anything more negative makes the fast oracle fall back to the cubic DP.
CLIP_TOLERANCE = 1e-9


def optimal_bst(weights: npt.ArrayLike) -> tuple[float, np.ndarray]:
    """(min over trees of Σ w_k d_k, depth vector of a minimiser) in floats: the fast oracle.

    Knuth's O(N²) DP for weights ≥ 0 (after clipping float noise); the O(N³) DP otherwise. The returned
    cost is recomputed with the original weights, so it is the true cost of the returned tree.
    """
    w = np.ascontiguousarray(weights, dtype=np.float64)
    if w.ndim != 1 or w.size == 0:
        raise InvalidInput("weights must be a non-empty vector")
    if not np.all(np.isfinite(w)):
        raise InvalidInput("weights must be finite")
    low = float(w.min())
    if low >= 0:
        _, depths = _knuth(w)
    elif low >= -CLIP_TOLERANCE * max(float(np.abs(w).max()), 1e-300):
        _, depths = _knuth(np.maximum(w, 0.0))
    else:
        _, depths = _cubic(w)
    return float(w @ depths), depths


def optimal_bst_cubic_fast(weights: npt.ArrayLike) -> tuple[float, np.ndarray]:
    """The O(N³) DP in numba (any signs); exposed for tests and the negative-weight fallback."""
    w = np.ascontiguousarray(weights, dtype=np.float64)
    _, depths = _cubic(w)
    return float(w @ depths), depths


def optimal_bst_cubic(weights: Sequence[Rational]) -> tuple[Rational, Tree]:
    """Exact O(N³) reference DP (ints or Fractions, any sign). Ties go to the smallest root."""
    n = len(weights)
    if n == 0:
        raise InvalidInput("weights must be a non-empty vector")
    prefix: list[Rational] = [0]
    for x in weights:
        prefix.append(prefix[-1] + x)
    e: list[list[Rational]] = [[0] * (n + 1) for _ in range(n + 1)]
    root = [[0] * (n + 1) for _ in range(n + 1)]
    for length in range(1, n + 1):
        for i in range(0, n - length + 1):
            j = i + length
            best, arg = min((e[i][k - 1] + e[k][j], k) for k in range(i + 1, j + 1))
            e[i][j] = best + prefix[j] - prefix[i]
            root[i][j] = arg
    return e[0][n], Tree(tuple(int(d) for d in depths_from_roots(np.array(root, dtype=np.int64), n)))


def optimal_bst_exact(weights: Sequence[int]) -> int:
    """Exact minimum of Σ w_k d_k over all trees (integer weights ≥ 0); see `optimal_bst_exact_tree`."""
    return optimal_bst_exact_tree(weights)[0]


def optimal_bst_exact_tree(weights: Sequence[int]) -> tuple[int, Tree]:
    """Exact minimum of Σ w_k d_k over all trees, for integer weights ≥ 0, by Knuth's O(N²) DP.

    Knuth's theorem (root monotonicity, root[i][j-1] ≤ root[i][j] ≤ root[i+1][j]) holds for the
    *largest* optimal root when weights are nonnegative, so ties go to the largest root here.
    Python integers: no rounding, no overflow; this is the check that certifies Alice's strategy.
    """
    n = len(weights)
    if n == 0:
        raise InvalidInput("weights must be a non-empty vector")
    if any(x < 0 for x in weights):
        raise InvalidInput("Knuth's speed-up needs nonnegative weights")
    w = [int(x) for x in weights]
    prefix = [0] * (n + 1)
    for k in range(n):
        prefix[k + 1] = prefix[k] + w[k]
    # Row-major by left end i; e[i] holds e(i, j) for j = i..n.
    e = [[0] * (n + 1) for _ in range(n + 1)]
    root = [[0] * (n + 1) for _ in range(n + 1)]
    for i in range(n):
        e[i][i + 1] = w[i]
        root[i][i + 1] = i + 1
    for length in range(2, n + 1):
        for i in range(0, n - length + 1):
            j = i + length
            ei = e[i]
            best = -1
            arg = 0
            for k in range(root[i][j - 1], root[i + 1][j] + 1):
                c = ei[k - 1] + e[k][j]
                if best < 0 or c <= best:
                    best = c
                    arg = k
            ei[j] = best + prefix[j] - prefix[i]
            root[i][j] = arg
    depths = depths_from_roots(np.array(root, dtype=np.int64), n)
    return e[0][n], Tree(tuple(int(d) for d in depths))


def optimal_bst_exact_fractions(weights: Sequence[Rational]) -> Fraction:
    """Exact minimum of Σ w_k d_k for rational weights ≥ 0 (scaled to integers, then Knuth)."""
    fracs = [Fraction(x) for x in weights]
    den = math.lcm(*(f.denominator for f in fracs))
    return Fraction(optimal_bst_exact([int(f * den) for f in fracs]), den)


@numba.njit(cache=True)
def _subsequence(w: np.ndarray, f: np.ndarray) -> tuple[float, np.ndarray]:
    """min over increasing positions p_1 < ... < p_n of Σ w_i f[p_i]; returns the positions."""
    n = w.shape[0]
    m = f.shape[0]
    big = np.inf
    prev = np.zeros(m + 1)  # W(i-1, j) for j = 0..m
    take = np.zeros((n + 1, m + 1), dtype=np.bool_)
    for i in range(1, n + 1):
        cur = np.full(m + 1, big)
        for j in range(i, m + 1):
            skip = cur[j - 1]
            use = prev[j - 1] + w[i - 1] * f[j - 1]
            if use <= skip:
                cur[j] = use
                take[i, j] = True
            else:
                cur[j] = skip
        prev = cur
    pos = np.zeros(n, dtype=np.int64)
    i, j = n, m
    while i > 0:
        if take[i, j]:
            pos[i - 1] = j - 1
            i -= 1
        j -= 1
    return float(prev[m]), pos


def height_limited_bst(weights: npt.ArrayLike, h: int) -> tuple[float, np.ndarray]:
    """The study's heuristic: the best subsequence of F_h (trees of height ≤ h), O(N · 2^h).

    For weights ≥ 0 the DP value is the optimum over trees of height ≤ h: each such tree embeds in the
    complete tree F_h, and each chosen subsequence induces (as a Cartesian tree by depth) a genuine tree
    whose depths are no larger. The tree returned is that induced tree. With negative weights the
    subsequence itself may be no tree at all (the study's warning), so they are refused here.
    """
    w = np.ascontiguousarray(weights, dtype=np.float64)
    n = w.size
    if n == 0 or h < 1:
        raise InvalidInput("need at least one weight and a height ≥ 1")
    if 2**h - 1 < n:
        raise InvalidInput(f"no tree of height {h} holds {n} keys")
    if (w < 0).any():
        raise InvalidInput("the height-limited DP is only valid for nonnegative weights")
    f = complete_tree_depths(h)
    _, pos = _subsequence(w, f.astype(np.float64))
    chosen = f[pos]
    depths = np.array(induced_depths(chosen), dtype=np.int64)
    return float(w @ depths), depths


@numba.njit(cache=True, nogil=True)
def _sample_near_optimal(
    e: np.ndarray, prefix: np.ndarray, n: int, slack: float, count: int, seed: int
) -> np.ndarray:
    """`count` trees drawn from Knuth's filled cost table e: at every subtree, a root is drawn
    uniformly among those whose cost is within slack × (subtree weight) of the best. slack = 0 draws
    among exactly optimal roots: the many optimal trees of a degenerate α, in one DP."""
    np.random.seed(seed)
    out = np.zeros((count, n), dtype=np.int64)
    stack = np.empty((n + 1, 3), dtype=np.int64)
    cand = np.empty(n + 1, dtype=np.int64)
    for t in range(count):
        top = 1
        stack[0, 0], stack[0, 1], stack[0, 2] = 0, n, 1
        while top > 0:
            top -= 1
            i, j, d = stack[top, 0], stack[top, 1], stack[top, 2]
            if i >= j:
                continue
            best = np.inf
            for k in range(i + 1, j + 1):
                c = e[i, k - 1] + e[k, j]
                if c < best:
                    best = c
            limit = best + slack * (prefix[j] - prefix[i]) + 1e-15 * abs(best)
            m = 0
            for k in range(i + 1, j + 1):
                if e[i, k - 1] + e[k, j] <= limit:
                    cand[m] = k
                    m += 1
            k = cand[np.random.randint(0, m)]
            out[t, k - 1] = d
            stack[top, 0], stack[top, 1], stack[top, 2] = i, k - 1, d + 1
            top += 1
            stack[top, 0], stack[top, 1], stack[top, 2] = k, j, d + 1
            top += 1
    return out


def near_optimal_trees(
    weights: npt.ArrayLike, count: int, slack: float = 0.0, seed: int = 0, *, table_ready: bool = False
) -> np.ndarray:
    """Depth vectors of `count` random (near-)optimal trees for weights ≥ 0 (rows; may repeat).

    Runs Knuth's DP once, then walks its cost table; used to hand the master many best responses
    per oracle call when the optimum is degenerate (near powers of two most trees tie).
    table_ready: the last `optimal_bst` call was for these very weights (≥ 0), so its table is reused.
    """
    w = np.maximum(np.ascontiguousarray(weights, dtype=np.float64), 0.0)
    n = w.size
    bufs = _workspace(n) if table_ready else None
    if bufs is None:
        _, bufs = _knuth_table(w)
    e = bufs[0]
    prefix = np.concatenate(([0.0], np.cumsum(w)))
    return _sample_near_optimal(e, prefix, n, slack, count, seed)


__all__ = [
    "CLIP_TOLERANCE", "GuessOracle", "height_limited_bst", "interval_costs", "near_optimal_trees", "optimal_bst",
    "optimal_bst_cubic", "optimal_bst_cubic_fast", "optimal_bst_exact", "optimal_bst_exact_fractions",
    "optimal_bst_exact_tree",
]
