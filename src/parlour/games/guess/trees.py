"""Binary search trees on the keys 1..N: Bob's pure strategies in the higher–lower game.

A tree is stored as its depth vector d (d[k-1] = number of guesses Bob needs when Alice hid k, the
root counting 1). Because the in-order of a binary search tree on 1..N is always 1, 2, ..., N, the
depth vector determines the tree completely, and it is exactly the tree's column of the payoff matrix.

Oracles (Bob's best response to a mixed strategy α: the tree minimising Σ α_k d_k):
- `optimal_bst_cubic`: the textbook O(N³) interval DP, in exact arithmetic (ints/Fractions). Reference.
- `optimal_bst_exact`: Knuth's O(N²) speed-up in exact integer/rational arithmetic; valid for weights ≥ 0
  (Knuth's root monotonicity needs them). Used to certify Alice's strategy against *every* tree.
- `optimal_bst`: Knuth's O(N²) in numba on floats; the fast oracle inside column generation. Tiny
  negative weights (float noise from the LP) are clipped; genuinely negative ones fall back to the cubic
  DP in numba, which is correct for any weights.
- `height_limited_bst`: the study's O(N·2^h) "subsequence of the complete tree" DP, exact among trees of
  height ≤ h for weights ≥ 0.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numba
import numpy as np
import numpy.typing as npt

from parlour.errors import InvalidInput

Rational = int | Fraction


@dataclass(frozen=True)
class Tree:
    """A binary search tree on 1..N given by its depth vector (root depth 1)."""

    depths: tuple[int, ...]

    def __post_init__(self) -> None:
        if not is_valid_depths(self.depths):
            raise InvalidInput(f"{list(self.depths)} is not the depth vector of a binary search tree")

    @property
    def n(self) -> int:
        return len(self.depths)

    @property
    def height(self) -> int:
        """Maximum number of guesses this tree ever needs."""
        return max(self.depths)

    @property
    def root(self) -> int:
        return self.depths.index(1) + 1

    def mirror(self) -> Tree:
        """The tree for the mirrored keys k ↦ N+1−k."""
        return Tree(self.depths[::-1])

    def is_symmetric(self) -> bool:
        return self.depths == self.depths[::-1]

    def in_order(self) -> tuple[tuple[int, int], ...]:
        """(key, depth) in in-order, which for a search tree on 1..N is simply 1..N."""
        return tuple((k + 1, d) for k, d in enumerate(self.depths))

    def parents(self) -> tuple[int, ...]:
        """parent[k-1] = parent key of k (0 for the root)."""
        return tuple(_cartesian_parents(self.depths))

    def preorder(self) -> tuple[int, ...]:
        """Keys in preorder: inserting them in this order into an empty BST rebuilds the tree."""
        left = [0] * (self.n + 1)
        right = [0] * (self.n + 1)
        for k, p in enumerate(self.parents(), 1):
            if p:
                if k < p:
                    left[p] = k
                else:
                    right[p] = k
        out: list[int] = []
        stack = [self.root]
        while stack:
            k = stack.pop()
            out.append(k)
            for child in (right[k], left[k]):
                if child:
                    stack.append(child)
        return tuple(out)

    def cost(self, weights: Sequence[Rational]) -> Rational:
        """Σ weights_k · depth_k: the expected number of guesses against a hiding distribution."""
        if len(weights) != self.n:
            raise InvalidInput(f"need {self.n} weights, got {len(weights)}")
        return sum((w * d for w, d in zip(weights, self.depths, strict=True)), Fraction(0))

    @classmethod
    def from_preorder(cls, keys: Sequence[int]) -> Tree:
        """The tree obtained by inserting keys (a permutation of 1..N) into an empty BST."""
        n = len(keys)
        if sorted(keys) != list(range(1, n + 1)):
            raise InvalidInput("a preorder must be a permutation of 1..N")
        depth = [0] * n
        # Each inserted key fills the empty slot (open interval between existing keys) that contains it.
        slots = {(0, n + 1): 1}
        for k in keys:
            for (lo, hi), d in list(slots.items()):
                if lo < k < hi:
                    del slots[(lo, hi)]
                    depth[k - 1] = d
                    slots[(lo, k)] = d + 1
                    slots[(k, hi)] = d + 1
                    break
        return cls(tuple(depth))

    @classmethod
    def complete(cls, n: int) -> Tree:
        """The balanced tree that always guesses the middle (lower middle for even sizes)."""
        depth = [0] * n
        stack = [(1, n, 1)]
        while stack:
            lo, hi, d = stack.pop()
            if lo > hi:
                continue
            mid = (lo + hi) // 2
            depth[mid - 1] = d
            stack.append((lo, mid - 1, d + 1))
            stack.append((mid + 1, hi, d + 1))
        return cls(tuple(depth))


def _cartesian_parents(depths: Sequence[int]) -> list[int]:
    """Parent of each key in the Cartesian tree by depth (minimum on top): O(N) with a stack.

    Ties are resolved so that a later equal-depth key hangs below an earlier one; a valid depth vector
    has no such ties between parent and child, which is what `is_valid_depths` checks.
    """
    n = len(depths)
    parent = [0] * n
    stack: list[int] = []  # indices with increasing depths
    for k in range(n):
        last = -1
        while stack and depths[stack[-1]] > depths[k]:
            last = stack.pop()
        if last >= 0:
            parent[last] = k + 1
        if stack:
            parent[k] = stack[-1] + 1
        stack.append(k)
    return parent


def is_valid_depths(depths: Sequence[int]) -> bool:
    """True iff `depths` is the depth vector of a binary search tree on 1..len(depths).

    A depth vector is valid iff in every key interval the smallest depth occurs once (that key is the
    subtree's root) and each key sits exactly one level below its parent. The Cartesian tree by depth
    is the only candidate tree, so checking parent/child depths on it suffices.
    """
    n = len(depths)
    if n == 0 or any(not isinstance(d, int | np.integer) or d < 1 for d in depths):
        return False
    parent = _cartesian_parents(depths)
    roots = 0
    for k in range(n):
        p = parent[k]
        if p == 0:
            roots += 1
            if depths[k] != 1:
                return False
        elif depths[k] != depths[p - 1] + 1:
            return False
    return roots == 1


def depths_from_roots(root: npt.NDArray[np.int64], n: int) -> np.ndarray:
    """Depth vector from a root table root[i, j] (root key, 1-based, of keys i+1..j)."""
    return _depths_from_roots(root, n)


@numba.njit(cache=True, nogil=True)
def _depths_from_roots(root: np.ndarray, n: int) -> np.ndarray:
    depth = np.zeros(n, dtype=np.int64)
    stack = np.empty((n + 1, 3), dtype=np.int64)
    top = 0
    stack[0, 0], stack[0, 1], stack[0, 2] = 0, n, 1
    top = 1
    while top > 0:
        top -= 1
        i, j, d = stack[top, 0], stack[top, 1], stack[top, 2]
        if i >= j:
            continue
        k = root[i, j]
        depth[k - 1] = d
        stack[top, 0], stack[top, 1], stack[top, 2] = i, k - 1, d + 1
        top += 1
        stack[top, 0], stack[top, 1], stack[top, 2] = k, j, d + 1
        top += 1
    return depth


@numba.njit(cache=True, nogil=True)
def _knuth_into(w: np.ndarray, e: np.ndarray, et: np.ndarray, root: np.ndarray) -> float:
    """Knuth's O(N²) optimal BST for weights ≥ 0, in caller-supplied buffers (no allocation).

    Interval (i, j] holds keys i+1..j. e[i, j] is its optimal cost; et is its transpose, kept so the
    inner loop reads both e[i, k-1] and e[k, j] = et[j, k] along contiguous memory.
    """
    n = w.shape[0]
    prefix = np.zeros(n + 1)
    for k in range(n):
        prefix[k + 1] = prefix[k] + w[k]
    for i in range(n + 1):
        e[i, i] = 0.0
        et[i, i] = 0.0
    for i in range(n):
        e[i, i + 1] = w[i]
        et[i + 1, i] = w[i]
        root[i, i + 1] = i + 1
    for length in range(2, n + 1):
        for i in range(0, n - length + 1):
            j = i + length
            lo = root[i, j - 1]
            hi = root[i + 1, j]
            best = np.inf
            arg = lo
            total = prefix[j] - prefix[i]
            for k in range(lo, hi + 1):
                c = e[i, k - 1] + et[j, k]
                if c < best:
                    best = c
                    arg = k
            e[i, j] = best + total
            et[j, i] = best + total
            root[i, j] = arg
    return e[0, n]


# One workspace per thread (the oracle prices several points at once in threads; the kernels release
# the GIL), each holding buffers for one size only: a sweep moves on from N to N+1.
_LOCAL = threading.local()


def _workspace(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    got: tuple[int, tuple[np.ndarray, np.ndarray, np.ndarray]] | None = getattr(_LOCAL, "bufs", None)
    return got[1] if got is not None and got[0] == n else None


def _knuth_table(w: np.ndarray) -> tuple[float, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Knuth's DP into this thread's workspace, reused between calls of the same size (first-touch page
    faults of three fresh (N+1)² arrays cost more than the DP itself at N = 1000): (cost, (e, et, root))."""
    n = w.shape[0]
    bufs = _workspace(n)
    if bufs is None:
        bufs = (np.empty((n + 1, n + 1)), np.empty((n + 1, n + 1)), np.empty((n + 1, n + 1), dtype=np.int64))
        _LOCAL.bufs = (n, bufs)
    return _knuth_into(w, *bufs), bufs


def _knuth(w: np.ndarray) -> tuple[float, np.ndarray]:
    cost, (_, _, root) = _knuth_table(w)
    return cost, _depths_from_roots(root, w.shape[0])


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
    return e[0, n], _depths_from_roots(root, n)


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


def complete_tree_depths(h: int) -> np.ndarray:
    """F_h: depths (in in-order) of the complete tree with 2^h − 1 nodes, e.g. F_3 = 3,2,3,1,3,2,3."""
    m = 2**h - 1
    j = np.arange(1, m + 1)
    v2 = np.zeros(m, dtype=np.int64)
    x = j.copy()
    while True:
        even = (x % 2 == 0) & (x > 0)
        if not even.any():
            break
        v2 += even
        x = np.where(even, x // 2, x)
    return h - v2


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
    depths = np.array(_induced_depths(chosen), dtype=np.int64)
    return float(w @ depths), depths


def _induced_depths(priority: Sequence[int]) -> list[int]:
    """Depths of the Cartesian tree (minimum priority on top, ties to the left) on the keys."""
    parent = _cartesian_parents(list(priority))
    n = len(priority)
    depth = [0] * n
    for k in range(n):
        chain = []
        x = k
        while x >= 0 and depth[x] == 0:
            chain.append(x)
            x = parent[x] - 1
        base = depth[x] if x >= 0 else 0
        for y in reversed(chain):
            base += 1
            depth[y] = base
    return depth


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
