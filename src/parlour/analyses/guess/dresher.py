"""Dresher's method as the study runs it on the N-number game: the lexicographic simplex of
`parlour.solvers.colgen.dresher` with Bob's exact best tree (cubic optimal-BST DP in Fractions) as the
entering column, reported in the game's terms (trees, numbers)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from parlour.analyses.guess.oracle import optimal_bst_cubic
from parlour.errors import InvalidInput, shown
from parlour.games.guess.trees import Tree
from parlour.solvers.colgen import Column
from parlour.solvers.colgen.dresher import lexicographic_simplex

MAX_TRACE_N = 40  # exact O(N³) pricing in Fractions: a teaching tool, not the solver


@dataclass(frozen=True)
class DresherStep:
    iteration: int
    alice: tuple[Fraction, ...]  # α = π/Σπ (uniform before the first pivot)
    lower: Fraction  # min_T α·d_T: what α guarantees Alice
    upper: Fraction | None  # 1/Σy: what Bob's current mixture concedes (None while y = 0)
    entering: Tree | None  # None when no tree improves: optimal
    leaving: str | None  # "slack k" or "tree [depths]"
    leaving_slack: int | None = None  # the number k whose slack leaves the basis
    leaving_tree: Tree | None = None  # the tree that leaves the basis


@dataclass(frozen=True)
class DresherRun:
    n: int
    value: Fraction
    steps: tuple[DresherStep, ...]
    bob: tuple[tuple[Tree, Fraction], ...]


class _ExactTreeOracle:
    """Bob's exact best tree against α in the plain (unfolded) game: the column is its depths."""

    def __init__(self, n: int) -> None:
        self.m = n

    def exact_best_response(self, x: Sequence[Fraction]) -> tuple[Fraction, Column]:
        low, tree = optimal_bst_cubic(list(x))
        return Fraction(low), tree.depths


def dresher(n: int) -> DresherRun:
    """Run Dresher's lexicographic simplex to optimality for the N-number game."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidInput(f"N must be a whole number ≥ 1, got {shown(n)}")
    if n > MAX_TRACE_N:
        raise InvalidInput(f"the simplex trace is for small games (N ≤ {MAX_TRACE_N}); use solve without --trace")
    run = lexicographic_simplex(_ExactTreeOracle(n))
    steps = tuple(
        DresherStep(
            s.iteration, s.row_strategy, s.lower, s.upper,
            Tree(s.entering) if s.entering is not None else None,
            None if s.entering is None
            else f"slack {s.leaving_slack + 1}" if s.leaving_slack is not None
            else f"tree {list(s.leaving_column or ())}",
            s.leaving_slack + 1 if s.leaving_slack is not None else None,
            Tree(s.leaving_column) if s.leaving_column is not None else None,
        )
        for s in run.steps
    )
    bob = tuple((Tree(c), p) for c, p in run.columns)
    return DresherRun(n, run.value, steps, bob)


__all__ = ["MAX_TRACE_N", "DresherRun", "DresherStep", "dresher"]
