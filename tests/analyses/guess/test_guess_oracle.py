"""Bob's best-response oracles (optimal BSTs): the fast ones agree with the exact reference and brute force."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.analyses.guess.oracle import (
    height_limited_bst,
    optimal_bst,
    optimal_bst_cubic,
    optimal_bst_cubic_fast,
    optimal_bst_exact,
    optimal_bst_exact_fractions,
)
from parlour.errors import InvalidInput
from parlour.games.guess.trees import Tree, is_valid_depths


def all_trees(n: int) -> list[Tree]:
    """Every BST on 1..n, by choosing the root recursively (Catalan(n) of them)."""

    def build(lo: int, hi: int, d: int) -> list[dict[int, int]]:
        if lo > hi:
            return [{}]
        out = []
        for r in range(lo, hi + 1):
            for left in build(lo, r - 1, d + 1):
                for right in build(r + 1, hi, d + 1):
                    out.append({r: d, **left, **right})
        return out

    return [Tree(tuple(t[k] for k in range(1, n + 1))) for t in build(1, n, 1)]

@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_oracles_equal_brute_force(n: int) -> None:
    rng = random.Random(n)
    trees = all_trees(n)
    for _ in range(20):
        w = [Fraction(rng.randint(0, 9), rng.randint(1, 5)) for _ in range(n)]
        brute = min(t.cost(w) for t in trees)
        exact_cost, tree = optimal_bst_cubic(w)
        assert exact_cost == brute == tree.cost(w)
        assert optimal_bst_exact_fractions(w) == brute
        fast, depths = optimal_bst([float(x) for x in w])
        assert is_valid_depths(list(depths))
        assert abs(fast - float(brute)) < 1e-9


def test_knuth_exact_matches_cubic_with_zeros_and_ties() -> None:
    rng = random.Random(7)
    for _ in range(60):
        n = rng.randint(1, 14)
        w = [rng.choice([0, 0, 1, 2, 3, 5]) for _ in range(n)]
        assert optimal_bst_exact(w) == optimal_bst_cubic(w)[0]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=40))
def test_fast_knuth_equals_fast_cubic(w: list[float]) -> None:
    a, da = optimal_bst(w)
    b, db = optimal_bst_cubic_fast(w)
    assert abs(a - b) <= 1e-9 * max(1.0, b)
    assert is_valid_depths(list(da)) and is_valid_depths(list(db))


def test_negative_weights_fall_back_or_clip() -> None:
    rng = np.random.default_rng(3)
    for _ in range(30):
        n = int(rng.integers(2, 9))
        w = rng.normal(size=n)  # genuinely negative weights: Knuth's monotonicity would fail
        trees = all_trees(n)
        brute = min(float(np.dot(w, t.depths)) for t in trees)
        cost, depths = optimal_bst(w)
        assert is_valid_depths(list(depths))
        assert abs(cost - brute) < 1e-9
    # Float noise below zero is clipped, and the reported cost is the tree's true cost.
    w = np.array([0.25, -1e-17, 0.5, 0.25])
    cost, depths = optimal_bst(w)
    assert is_valid_depths(list(depths)) and cost == pytest.approx(float(w @ depths))
    with pytest.raises(InvalidInput):
        optimal_bst_exact([1, -1, 2])


def test_height_limited_dp() -> None:
    rng = np.random.default_rng(5)
    for _ in range(40):
        n = int(rng.integers(1, 9))
        w = rng.random(n)
        trees = all_trees(n)
        for h in range(max(1, int(np.ceil(np.log2(n + 1)))), n + 1):
            brute = min(float(np.dot(w, t.depths)) for t in trees if t.height <= h)
            cost, depths = height_limited_bst(w, h)
            assert is_valid_depths(list(depths)) and max(depths) <= h
            assert abs(cost - brute) < 1e-9
    # With h = ceil(lg N) + 1 it found the optimum in the study; here for uniform-ish weights.
    w = 1 + 0.1 * rng.random(200)
    assert height_limited_bst(w, 9)[0] == pytest.approx(optimal_bst(w)[0])
    with pytest.raises(InvalidInput):
        height_limited_bst([1.0, -0.5, 1.0], 3)
    with pytest.raises(InvalidInput):
        height_limited_bst([1.0] * 8, 3)


def test_fast_oracle_at_n1000_is_consistent_with_exact() -> None:
    rng = np.random.default_rng(11)
    ints = rng.integers(0, 10**6, size=1000)
    cost, depths = optimal_bst(ints.astype(float))
    exact = optimal_bst_exact([int(x) for x in ints])
    assert cost == exact  # integers < 2^53 in sums: float arithmetic is exact here
    assert int(ints @ depths) == exact
