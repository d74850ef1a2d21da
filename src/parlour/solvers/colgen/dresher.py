"""Dresher's method: a lexicographic simplex whose entering column is the column player's exact best
response to the row player's current strategy, in rational arithmetic, step by step. A teaching trace for
small games (the solver is `generate.solve`); any game with positive integer payoffs and an exact oracle.

The column player's LP in the form of the augmented matrix G = [P0 | A | I]:
    maximise Σ_c y_c  subject to  Σ_c y_c c(k) ≤ 1 (k = 1..m),  y ≥ 0,
with P0 = (1, ..., 1) the right-hand side, A the columns (generated on demand) and I the slacks. The
simplex multipliers π give the row player's current strategy x = π / Σπ, which guarantees
min_c x·c (a lower bound on the value); the current y/Σy holds her to at most 1/Σy (an upper bound).
The entering column is the oracle's best response to π; the leaving row is chosen by the lexicographic
rule on the rows of [x_B | B⁻¹]: that ordering is what rules out cycling.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from parlour.solvers.colgen.types import Column

ExactOracle = Callable[[Sequence[Fraction]], tuple[Fraction, Column]]


@dataclass(frozen=True)
class LexicographicStep:
    iteration: int
    row_strategy: tuple[Fraction, ...]  # x = π/Σπ (uniform before the first pivot)
    lower: Fraction  # min_c x·c: what x guarantees the row player
    upper: Fraction | None  # 1/Σy: what the current column mixture concedes (None while y = 0)
    entering: Column | None  # None when no column improves: optimal
    leaving: int | Column | None  # the row whose slack leaves (0-based), or the column that leaves


@dataclass(frozen=True)
class LexicographicRun:
    m: int
    value: Fraction
    steps: tuple[LexicographicStep, ...]
    column_mixture: tuple[tuple[Column, Fraction], ...]


def lexicographic_simplex(m: int, best_response: ExactOracle) -> LexicographicRun:
    """Run the lexicographic simplex to optimality for a game with m rows, pricing by `best_response`."""
    zero, one = Fraction(0), Fraction(1)
    binv = [[one if i == j else zero for j in range(m)] for i in range(m)]
    x_b = [one] * m
    basis: list[Column | None] = [None] * m  # None: the slack of that row is basic
    steps: list[LexicographicStep] = []
    iteration = 0
    while True:
        iteration += 1
        # π_k = Σ_i c_B(i) B⁻¹[i][k]: columns cost 1, slacks 0.
        pi = [sum((binv[i][k] for i in range(m) if basis[i] is not None), zero) for k in range(m)]
        total = sum(pi, zero)
        x = tuple(p / total for p in pi) if total > 0 else tuple(Fraction(1, m) for _ in range(m))
        low, column = best_response(list(x))
        ysum = sum((x_b[i] for i in range(m) if basis[i] is not None), zero)
        upper = one / ysum if ysum > 0 else None
        reduced = one - (sum((p * d for p, d in zip(pi, column, strict=True)), zero))
        if reduced <= 0:
            steps.append(LexicographicStep(iteration, x, Fraction(low), upper, None, None))
            break
        col = [sum((binv[i][k] * column[k] for k in range(m)), zero) for i in range(m)]
        rows = [i for i in range(m) if col[i] > 0]
        # Lexicographic ratio test: the smallest row of [x_B | B⁻¹] / a_i.
        leave = min(rows, key=lambda i: [x_b[i] / col[i], *(b / col[i] for b in binv[i])])
        out = basis[leave]
        steps.append(LexicographicStep(iteration, x, Fraction(low), upper, column, leave if out is None else out))
        piv = col[leave]
        binv[leave] = [b / piv for b in binv[leave]]
        x_b[leave] = x_b[leave] / piv
        for i in range(m):
            if i != leave and col[i] != 0:
                f = col[i]
                binv[i] = [b - f * c for b, c in zip(binv[i], binv[leave], strict=True)]
                x_b[i] = x_b[i] - f * x_b[leave]
        basis[leave] = column
    ysum = sum((x_b[i] for i in range(m) if basis[i] is not None), zero)
    mixture: dict[Column, Fraction] = {}
    for i in range(m):
        c = basis[i]
        if c is not None and x_b[i] > 0:
            mixture[c] = mixture.get(c, zero) + x_b[i] / ysum
    return LexicographicRun(m, one / ysum, tuple(steps), tuple(sorted(mixture.items())))
