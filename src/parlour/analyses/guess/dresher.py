"""Dresher's method, as the study runs it: the lexicographic simplex (parlour.solvers.colgen.dresher) with
Bob's best tree against Alice's current strategy as the entering column, in exact rational arithmetic,
step by step (for small N): Alice's α = π/Σπ and what it guarantees, Bob's mixture and what it concedes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from parlour.analyses.guess.bst import optimal_bst_cubic
from parlour.errors import InvalidInput
from parlour.games.guess.trees import Tree
from parlour.solvers.colgen.dresher import lexicographic_simplex
from parlour.solvers.colgen.types import Column

MAX_TRACE_N = 40  # exact O(N³) pricing in Fractions: a teaching tool, not the solver


@dataclass(frozen=True)
class DresherStep:
    iteration: int
    alice: tuple[Fraction, ...]  # α = π/Σπ (uniform before the first pivot)
    lower: Fraction  # min_T α·d_T: what α guarantees Alice
    upper: Fraction | None  # 1/Σy: what Bob's current mixture concedes (None while y = 0)
    entering: Tree | None  # None when no tree improves: optimal
    leaving: str | None  # "slack k" or "tree [depths]"


@dataclass(frozen=True)
class DresherRun:
    n: int
    value: Fraction
    steps: tuple[DresherStep, ...]
    bob: tuple[tuple[Tree, Fraction], ...]


def _best_tree(alice: Sequence[Fraction]) -> tuple[Fraction, Column]:
    low, tree = optimal_bst_cubic(list(alice))
    return Fraction(low), tree.depths


def dresher(n: int) -> DresherRun:
    """Run Dresher's lexicographic simplex to optimality for the N-number game."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidInput(f"N must be a whole number ≥ 1, got {n!r}")
    if n > MAX_TRACE_N:
        raise InvalidInput(f"the simplex trace is for small games (N ≤ {MAX_TRACE_N}); use solve without --trace")
    run = lexicographic_simplex(n, _best_tree)

    def leaving(out: int | Column | None) -> str | None:
        if out is None:
            return None
        return f"slack {out + 1}" if isinstance(out, int) else f"tree {list(out)}"

    steps = tuple(DresherStep(s.iteration, s.row_strategy, s.lower, s.upper,
                              Tree(s.entering) if s.entering is not None else None, leaving(s.leaving))
                  for s in run.steps)
    return DresherRun(n, run.value, steps, tuple((Tree(c), p) for c, p in run.column_mixture))
