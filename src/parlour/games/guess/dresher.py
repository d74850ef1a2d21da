"""Dresher's method, as the study runs it: a lexicographic simplex whose entering column is Bob's best
tree against Alice's current strategy, in exact rational arithmetic, step by step (for small N).

Bob's LP in the form of the study's augmented matrix G = [P0 | A | I]:
    maximise Σ_T y_T  subject to  Σ_T y_T d_T(k) ≤ 1 (k = 1..N),  y ≥ 0,
with P0 = (1, ..., 1) the right-hand side, A the tree columns (generated on demand) and I the slacks.
The simplex multipliers π give Alice's current strategy α = π / Σπ, which guarantees her
min_T α·d_T (a lower bound on V); Bob's current y/Σy holds her to at most 1/Σy (an upper bound).
The entering column is the tree minimising π·d_T (an optimal BST for weights π); the leaving row is
chosen by the lexicographic rule on the rows of [x_B | B⁻¹] — that ordering is what rules out cycling.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from parlour.errors import InvalidInput

from .trees import Tree, optimal_bst_cubic

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


def dresher(n: int) -> DresherRun:
    """Run Dresher's lexicographic simplex to optimality for the N-number game."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidInput(f"N must be a whole number ≥ 1, got {n!r}")
    if n > MAX_TRACE_N:
        raise InvalidInput(f"the simplex trace is for small games (N ≤ {MAX_TRACE_N}); use solve without --trace")
    zero, one = Fraction(0), Fraction(1)
    binv = [[one if i == j else zero for j in range(n)] for i in range(n)]
    x_b = [one] * n
    basis: list[Tree | None] = [None] * n  # None: the slack of that row is basic
    steps: list[DresherStep] = []
    iteration = 0
    while True:
        iteration += 1
        # π_k = Σ_i c_B(i) B⁻¹[i][k]: trees cost 1, slacks 0.
        pi = [sum((binv[i][k] for i in range(n) if basis[i] is not None), zero) for k in range(n)]
        total = sum(pi, zero)
        alice = tuple(p / total for p in pi) if total > 0 else tuple(Fraction(1, n) for _ in range(n))
        low_raw, tree = optimal_bst_cubic(list(alice))
        low = Fraction(low_raw)
        ysum = sum((x_b[i] for i in range(n) if basis[i] is not None), zero)
        upper = one / ysum if ysum > 0 else None
        reduced = one - (sum((p * d for p, d in zip(pi, tree.depths, strict=True)), zero))
        if reduced <= 0:
            steps.append(DresherStep(iteration, alice, low, upper, None, None))
            break
        col = [sum((binv[i][k] * tree.depths[k] for k in range(n)), zero) for i in range(n)]
        rows = [i for i in range(n) if col[i] > 0]
        # Lexicographic ratio test: the smallest row of [x_B | B⁻¹] / a_i.
        leave = min(rows, key=lambda i: [x_b[i] / col[i], *(b / col[i] for b in binv[i])])
        out = basis[leave]
        steps.append(
            DresherStep(
                iteration, alice, low, upper, tree,
                f"slack {leave + 1}" if out is None else f"tree {list(out.depths)}",
            )
        )
        piv = col[leave]
        binv[leave] = [b / piv for b in binv[leave]]
        x_b[leave] = x_b[leave] / piv
        for i in range(n):
            if i != leave and col[i] != 0:
                f = col[i]
                binv[i] = [b - f * c for b, c in zip(binv[i], binv[leave], strict=True)]
                x_b[i] = x_b[i] - f * x_b[leave]
        basis[leave] = tree
    ysum = sum((x_b[i] for i in range(n) if basis[i] is not None), zero)
    bob: dict[Tree, Fraction] = {}
    for i in range(n):
        t = basis[i]
        if t is not None and x_b[i] > 0:
            bob[t] = bob.get(t, zero) + x_b[i] / ysum
    return DresherRun(n, one / ysum, tuple(steps), tuple(sorted(bob.items(), key=lambda tp: tp[0].depths)))
