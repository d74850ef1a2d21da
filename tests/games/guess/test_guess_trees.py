"""Binary search trees on 1..N (Bob's pure strategies): representation, validity, operations."""

from __future__ import annotations

import itertools

import pytest

from parlour.errors import InvalidInput
from parlour.games.guess.trees import Tree, complete_tree_depths, is_valid_depths


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

def test_catalan_count_and_validity() -> None:
    assert [len(all_trees(n)) for n in range(1, 8)] == [1, 2, 5, 14, 42, 132, 429]
    # Validity check versus brute force: every depth vector with entries ≤ n is valid iff it is a tree.
    for n in range(1, 6):
        trees = {t.depths for t in all_trees(n)}
        for d in itertools.product(range(1, n + 1), repeat=n):
            assert is_valid_depths(d) == (d in trees)


def test_n3_payoff_matrix_from_the_study() -> None:
    # The study lists the N = 3 matrix with Bob's five trees as columns.
    cols = sorted(t.depths for t in all_trees(3))
    study = [(1, 2, 3), (1, 3, 2), (2, 1, 2), (2, 3, 1), (3, 2, 1)]
    assert cols == study


def test_tree_operations() -> None:
    t = Tree.complete(7)
    assert t.depths == (3, 2, 3, 1, 3, 2, 3)
    assert t.height == 3 and t.root == 4 and t.is_symmetric()
    chain = Tree((1, 2, 3))
    assert chain.mirror().depths == (3, 2, 1)
    assert Tree.from_preorder(chain.preorder()) == chain
    for tree in all_trees(6):
        assert Tree.from_preorder(tree.preorder()) == tree
        assert tree.mirror().mirror() == tree
        assert tree.in_order()[0] == (1, tree.depths[0])
    with pytest.raises(InvalidInput):
        Tree((1, 1))
    with pytest.raises(InvalidInput):
        Tree((2, 1, 3))
    assert list(complete_tree_depths(3)) == [3, 2, 3, 1, 3, 2, 3]


def test_simulated_games_pay_the_depth() -> None:
    """The simulator is an independent oracle of the payoff: guesses needed = the depth of the number."""
    for n in range(1, 7):
        for t in all_trees(n):
            for k in range(1, n + 1):
                guesses = t.play(k)
                assert guesses[-1] == k and len(guesses) == t.depths[k - 1]
                assert guesses[0] == t.root and len(set(guesses)) == len(guesses)
    assert Tree.complete(7).play(5) == (4, 6, 5)
    with pytest.raises(InvalidInput):
        Tree.complete(3).play(4)
