"""Dresher's method: a lexicographic simplex over any oracle game, in exact rational arithmetic, step by
step (a teaching trace for small games, not the production solver).

The column player's LP in the form of the augmented matrix G = [P0 | A | I]:
    maximise Σ_c y_c  subject to  Σ_c y_c c_i ≤ 1 (i = 1..m),  y ≥ 0,
with P0 = (1, ..., 1) the right-hand side, A the columns (generated on demand by the oracle: positive
payoffs, as in any game shifted to positive values) and I the slacks. The simplex multipliers π give
the row player's current strategy x = π / Σπ, which guarantees min_c x·c (a lower bound on the value);
the column player's y/Σy holds the row player to at most 1/Σy (an upper bound). The entering column is
the oracle's exact best response to x (it minimises π·c); the leaving row is chosen by the
lexicographic rule on the rows of [x_B | B⁻¹] — the ordering that rules out cycling.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from parlour.errors import InvalidInput
from parlour.results import Result, Status
from parlour.solvers.colgen.oracle import Column


class ExactOracle(Protocol):
    """What the trace needs of a game: its row count and exact best responses (`Oracle` has both)."""

    m: int

    def exact_best_response(self, x: Sequence[Fraction]) -> tuple[Fraction, Column]: ...


@dataclass(frozen=True)
class LexicographicStep:
    iteration: int
    row_strategy: tuple[Fraction, ...]  # x = π/Σπ (uniform before the first pivot)
    lower: Fraction  # min_c x·c: what x guarantees the row player
    upper: Fraction | None  # 1/Σy: what the column mixture concedes (None while y = 0)
    entering: Column | None  # None when no column improves: optimal
    leaving_slack: int | None  # the row (0-based) whose slack leaves the basis, if a slack leaves
    leaving_column: Column | None  # the column that leaves the basis, if a column leaves


@dataclass(frozen=True)
class LexicographicRun(Result):
    """The exact value, the trace, and the column player's optimal mixture (columns with weights)."""

    value: Fraction
    steps: tuple[LexicographicStep, ...]
    columns: tuple[tuple[Column, Fraction], ...]


def lexicographic_simplex(oracle: ExactOracle) -> LexicographicRun:
    """Run Dresher's lexicographic simplex to optimality, pricing with `oracle.exact_best_response`."""
    n = oracle.m
    if n < 1:
        raise InvalidInput("the game needs at least one row strategy")
    zero, one = Fraction(0), Fraction(1)
    binv = [[one if i == j else zero for j in range(n)] for i in range(n)]
    x_b = [one] * n
    basis: list[Column | None] = [None] * n  # None: the slack of that row is basic
    steps: list[LexicographicStep] = []
    iteration = 0
    while True:
        iteration += 1
        # π_k = Σ_i c_B(i) B⁻¹[i][k]: columns cost 1, slacks 0.
        pi = [sum((binv[i][k] for i in range(n) if basis[i] is not None), zero) for k in range(n)]
        total = sum(pi, zero)
        x = tuple(p / total for p in pi) if total > 0 else tuple(Fraction(1, n) for _ in range(n))
        low, column = oracle.exact_best_response(x)
        if any(c <= 0 for c in column):
            raise InvalidInput("the lexicographic simplex needs positive payoffs")
        ysum = sum((x_b[i] for i in range(n) if basis[i] is not None), zero)
        upper = one / ysum if ysum > 0 else None
        reduced = one - (sum((p * d for p, d in zip(pi, column, strict=True)), zero))
        if reduced <= 0:
            steps.append(LexicographicStep(iteration, x, Fraction(low), upper, None, None, None))
            break
        col = [sum((binv[i][k] * column[k] for k in range(n)), zero) for i in range(n)]
        rows = [i for i in range(n) if col[i] > 0]
        # Lexicographic ratio test: the smallest row of [x_B | B⁻¹] / a_i.
        leave = min(rows, key=lambda i: [x_b[i] / col[i], *(b / col[i] for b in binv[i])])
        out = basis[leave]
        steps.append(LexicographicStep(iteration, x, Fraction(low), upper, column,
                                       leave if out is None else None, out))
        piv = col[leave]
        binv[leave] = [b / piv for b in binv[leave]]
        x_b[leave] = x_b[leave] / piv
        for i in range(n):
            if i != leave and col[i] != 0:
                f = col[i]
                binv[i] = [b - f * c for b, c in zip(binv[i], binv[leave], strict=True)]
                x_b[i] = x_b[i] - f * x_b[leave]
        basis[leave] = column
    ysum = sum((x_b[i] for i in range(n) if basis[i] is not None), zero)
    mixture: dict[Column, Fraction] = {}
    for i in range(n):
        c = basis[i]
        if c is not None and x_b[i] > 0:
            mixture[c] = mixture.get(c, zero) + x_b[i] / ysum
    return LexicographicRun(
        value=one / ysum, steps=tuple(steps), columns=tuple(sorted(mixture.items())),
        method="lexicographic simplex (Dresher)", status=Status.EXACT, counters={"iterations": iteration},
    )


__all__ = ["ExactOracle", "LexicographicRun", "LexicographicStep", "lexicographic_simplex"]
