"""Binary search trees on the keys 1..N: Bob's pure strategies in the higher–lower game.

A tree is stored as its depth vector d (d[k-1] = number of guesses Bob needs when Alice hid k, the
root counting 1). Because the in-order of a binary search tree on 1..N is always 1, 2, ..., N, the
depth vector determines the tree completely, and it is exactly the tree's column of the payoff matrix.

Bob's best responses (optimal binary search trees: Knuth's DP and its relatives) are not rules: they
are the game's pricing oracle, in `parlour.analyses.guess.oracle`.
"""

from __future__ import annotations

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

    def play(self, hidden: int) -> tuple[int, ...]:
        """One game simulated: Bob's guesses, following this tree, when Alice hid `hidden` (the last
        guess names it). He guesses the root of the interval still possible — the key of least depth in
        it — and hears "higher" or "lower". The payoff to Alice is the number of guesses."""
        n = self.n
        if not 1 <= hidden <= n:
            raise InvalidInput(f"the hidden number must be in 1..{n}, got {hidden}")
        lo, hi, guesses = 1, n, []
        while True:
            guess = min(range(lo, hi + 1), key=lambda k: self.depths[k - 1])
            guesses.append(guess)
            if guess == hidden:
                return tuple(guesses)
            lo, hi = (guess + 1, hi) if hidden > guess else (lo, guess - 1)

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
    return depths_kernel(root, n)


@numba.njit(cache=True, nogil=True)
def depths_kernel(root: np.ndarray, n: int) -> np.ndarray:
    """`depths_from_roots` as a numba kernel, callable from other kernels (nogil)."""
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


def induced_depths(priority: Sequence[int]) -> list[int]:
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


__all__ = [
    "Rational", "Tree", "complete_tree_depths", "depths_from_roots", "depths_kernel", "induced_depths",
    "is_valid_depths",
]
