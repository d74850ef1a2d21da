"""Two-move zero-sum games with a signal: the leader moves, the responder sees only a signal of that move.

The leader (rows, maximising) picks a row i; the responder (columns, minimising) sees `signal[i]`, not
i, and picks a column j; the leader receives M[i, j]. With one signal for every row this is the
ordinary simultaneous matrix game; with the number of cards offered as the signal it is a cow trade as
the rules play it (the offer lies face down, its number of cards is visible).

The sequence form of such a game is small: the leader's strategy is one probability per row, the
responder's one mixture per signal. Its LP (solved in HiGHS)

    max  sum_c z_c   s.t.  z_c <= sum_{i in c} x_i M[i, j]   for every signal c and column j,
                           sum_i x_i = 1,  x >= 0,  z free,

has the responder's mixtures as the duals of its first rows. The final basis is re-solved in rational
arithmetic (the recipe of `exactlp`), and the exact strategies are checked: the leader's mixture guarantees
sum_c min_j sum_{i in c} x_i M[i, j], the responder's holds the leader to max_i sum_j y_{c(i)}[j] M[i, j],
and the two must be equal. Nothing is called exact that has not passed that check.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import flint
import numpy as np

from parlour.errors import CertificateError, InvalidInput
from parlour.solvers import exactlp, lp


class NearTie(CertificateError):
    """The float LP's basis does not prove itself: moves whose payoffs differ below float precision
    (continuation values dozens of digits long). What it does prove: the leader's strategy guarantees
    `low` and the responder's holds him to `high`, so the stage's value lies in [low, high], exactly."""

    def __init__(self, low: Fraction, high: Fraction, leader: tuple[Fraction, ...],
                 responder: tuple[tuple[Fraction, ...], ...]) -> None:
        super().__init__(f"stage certificate fails: the leader guarantees {float(low)!r}, the responder "
                         f"holds him to {float(high)!r} (a gap of {float(high - low):.1e})")
        self.low, self.high, self.leader, self.responder = low, high, leader, responder


@dataclass(frozen=True)
class SignalledSolution:
    """The leader's mixture over rows and the responder's mixture per signal, and the value.

    Exact (`exact` true) when the strategies are Fractions proven by `check`; floats otherwise."""

    value: Fraction | float
    leader: tuple[Fraction | float, ...]  # one probability per row
    responder: tuple[tuple[Fraction | float, ...], ...]  # per signal 0..C-1, one probability per column
    exact: bool


def _classes(signals: Sequence[int] | None, rows: int) -> np.ndarray:
    if signals is None:
        return np.zeros(rows, dtype=np.int64)
    out = np.asarray(signals, dtype=np.int64)
    if out.shape != (rows,) or (rows and (out.min() < 0)):
        raise InvalidInput("a signal is a number 0, 1, ... per row of the stage")
    return out


def _columns(matrix: Sequence[Sequence[Any]], classes: np.ndarray, one: Any) -> list[dict[int, Any]]:
    """The LP's columns as {row: coefficient}: x_0..x_{m-1}, then z_0..z_{C-1}; rows (c, j) for every signal
    c and column j, then the sum. `one` is the coefficient of the sum row and of the z columns (1, or the
    common denominator D when the matrix is the integer D*M: the basis is the same)."""
    m = len(matrix)
    n = len(matrix[0]) if m else 0
    count = int(classes.max()) + 1 if m else 0
    cols: list[dict[int, Any]] = []
    for i in range(m):  # x_i appears in the rows of its own signal, with -M[i, j], and in the sum row
        c = int(classes[i])
        col = {c * n + j: -v for j, v in enumerate(matrix[i]) if v}
        col[count * n] = one
        cols.append(col)
    for c in range(count):
        cols.append(dict.fromkeys(range(c * n, (c + 1) * n), one))
    return cols


def _float_columns(matrix: np.ndarray, classes: np.ndarray, count: int) -> lp.Sparse:
    """`_columns(matrix, classes, 1.0)` built by numpy at once (this runs for every stage of a game): x_i has
    -M[i, j] in the rows of its own signal and 1 in the sum row, z_c has 1 in its signal's rows. Written into
    arrays made once (no concatenation): a stage LP is often 4 x 5, where each numpy call counts."""
    m, n = matrix.shape
    size = m * (n + 1)  # the x columns' entries; the z columns' count * n follow
    index = np.empty(size + count * n, dtype=np.int32)
    value = np.empty(size + count * n)
    x_index, x_value = index[:size].reshape(m, n + 1), value[:size].reshape(m, n + 1)
    np.add(classes[:, None] * n, np.arange(n), out=x_index[:, :n], casting="unsafe")
    x_index[:, n] = count * n
    np.negative(matrix, out=x_value[:, :n])
    x_value[:, n] = 1.0
    index[size:] = np.arange(count * n)
    value[size:] = 1.0
    start = np.empty(m + count + 1, dtype=np.int32)
    start[: m + 1] = np.arange(0, size + 1, n + 1)
    start[m + 1:] = np.arange(size + n, size + count * n + 1, n)
    return lp.Sparse(start, index, value)


def _program(matrix: np.ndarray, classes: np.ndarray, tolerance: float | None = None) -> lp.Program:
    """max sum_c z_c s.t. z_c - sum_{i in c} x_i M[i, j] <= 0 for every (c, j), sum x = 1, x >= 0, z free."""
    m, n = matrix.shape
    count = int(classes.max()) + 1 if m else 0
    cost, col_lower = np.zeros(m + count), np.zeros(m + count)
    cost[m:], col_lower[m:] = 1.0, -lp.INF
    row_lower, row_upper = np.full(count * n + 1, -lp.INF), np.zeros(count * n + 1)
    row_lower[-1] = row_upper[-1] = 1.0
    return lp.Program.build(_float_columns(matrix, classes, count), cost, row_lower=row_lower, row_upper=row_upper,
                            col_lower=col_lower, maximise=True, tolerance=tolerance, name="a stage LP")


def _exact_lp(ints: list[list[int]], den: int, classes: np.ndarray) -> exactlp.ExactLP:
    """The stage LP on the integer matrix D*M, the z columns and the sum row scaled by D with it."""
    m, n = len(ints), len(ints[0])
    count = int(classes.max()) + 1
    rows = count * n + 1
    return exactlp.ExactLP(_columns(ints, classes, den), [0] * m + [den] * count,
                           row_lower=[None] * (rows - 1) + [den], row_upper=[0] * (rows - 1) + [den],
                           col_lower=[0] * m + [None] * count, integral=True)


def _probabilities(weights: Sequence[Fraction]) -> list[Fraction]:
    clipped = [max(p, Fraction(0)) for p in weights]
    total = sum(clipped, Fraction(0))
    if total == 0:
        return [Fraction(1)] + [Fraction(0)] * (len(clipped) - 1)
    return [p / total for p in clipped]


def _distinct(keys: Sequence[Any]) -> list[int]:
    """The first position of every distinct key, in order."""
    seen: dict[Any, int] = {}
    for k, key in enumerate(keys):
        seen.setdefault(key, k)
    return list(seen.values())


def _reduced(rows: Sequence[Sequence[Any]], classes: np.ndarray) -> tuple[list[int], list[int]]:
    """Rows to keep (one of each set of equal rows sending the same signal) and columns to keep (one of
    each set of equal columns). Dropping copies changes neither the value nor the guarantees of the
    kept strategies: a copy of a row pays what its twin pays, and a copy of a column likewise."""
    keep_rows = _distinct([(int(classes[i]), tuple(row)) for i, row in enumerate(rows)])
    keep_cols = _distinct([tuple(rows[i][j] for i in keep_rows) for j in range(len(rows[0]))])
    return keep_rows, keep_cols


def _expanded(sol: SignalledSolution, m: int, n: int, keep_rows: list[int], keep_cols: list[int]
              ) -> SignalledSolution:
    zero: Fraction | float = Fraction(0) if sol.exact else 0.0
    leader = [zero] * m
    for k, i in enumerate(keep_rows):
        leader[i] = sol.leader[k]
    responder = []
    for mix in sol.responder:
        full = [zero] * n
        for k, j in enumerate(keep_cols):
            full[j] = mix[k]
        responder.append(tuple(full))
    return SignalledSolution(sol.value, tuple(leader), tuple(responder), sol.exact)


def solve_float(matrix: np.ndarray, signals: Sequence[int] | None = None) -> SignalledSolution:
    """The stage in floats (HiGHS): value, leader's mixture, responder's mixture per signal."""
    matrix = np.asarray(matrix, dtype=np.float64)
    m, n = matrix.shape
    classes = _classes(signals, m)
    keep_rows, keep_cols = _reduced(matrix.tolist(), classes)
    if len(keep_rows) < m or len(keep_cols) < n:
        small = _solve_float(matrix[np.ix_(keep_rows, keep_cols)], classes[keep_rows])
        return _expanded(small, m, n, keep_rows, keep_cols)
    return _solve_float(matrix, classes)


def _solve_float(matrix: np.ndarray, classes: np.ndarray) -> SignalledSolution:
    m, n = matrix.shape
    sol = _program(matrix, classes).solve()
    count = int(classes.max()) + 1
    x = np.maximum(sol.x[:m], 0.0)
    x /= x.sum()
    duals = np.abs(sol.row_dual[: count * n]).reshape(count, n)
    responder = []
    for c in range(count):
        total = duals[c].sum()
        responder.append(tuple((duals[c] / total).tolist()) if total > 0 else (1.0,) + (0.0,) * (n - 1))
    value = float(sol.x[m:].sum())
    return SignalledSolution(value, tuple(x.tolist()), tuple(responder), exact=False)


def _fraction(v: Any) -> Fraction:
    return v if type(v) is Fraction else Fraction(v)  # a Fraction is kept, not copied: this runs per cell


def _integer_rows(matrix: Sequence[Sequence[Fraction]]) -> tuple[list[list[int]], int]:
    rows = [[_fraction(v) for v in row] for row in matrix]
    den = math.lcm(*{v.denominator for row in rows for v in row}) if rows else 1
    return [[v.numerator * (den // v.denominator) for v in row] for row in rows], den


def guarantees(matrix: Sequence[Sequence[Fraction]], signals: Sequence[int] | None,
               leader: Sequence[Fraction], responder: Sequence[Sequence[Fraction]]) -> tuple[Fraction, Fraction]:
    """(what the leader's mixture guarantees, what the responder's mixtures hold the leader to), exactly.

    The first is sum_c min_j sum_{i in c} x_i M[i, j] (the responder answers each signal at its worst);
    the second max_i sum_j y_{c(i)}[j] M[i, j] (the leader picks his best row against the mixtures)."""
    ints, den = _integer_rows(matrix)
    m = len(ints)
    n = len(ints[0]) if m else 0
    classes = _classes(signals, m)
    count = len(responder)
    for name, mix in (("leader's", [leader]), ("responder's", responder)):
        for p in mix:
            if any(q < 0 for q in p) or sum(p, Fraction(0)) != 1:
                raise CertificateError(f"the {name} strategy is not a probability vector")
    exact = flint.fmpz_mat(ints)
    x_den = math.lcm(*(Fraction(p).denominator for p in leader))
    x_int = [int(Fraction(p) * x_den) for p in leader]
    per_class = [[x_int[i] if classes[i] == c else 0 for i in range(m)] for c in range(count)]
    product = flint.fmpz_mat(per_class) * exact
    low = sum((min(int(product[c, j]) for j in range(n)) for c in range(count)), 0)
    y_den = math.lcm(*(Fraction(p).denominator for mix in responder for p in mix))
    y_int = [[int(Fraction(p) * y_den) for p in mix] for mix in responder]
    back = exact * flint.fmpz_mat(y_int).transpose()  # m x C
    high = max(int(back[i, int(classes[i])]) for i in range(m))
    return Fraction(low, x_den * den), Fraction(high, y_den * den)


def solve_exact(matrix: Sequence[Sequence[Fraction | int]] | np.ndarray,
                signals: Sequence[int] | None = None) -> SignalledSolution:
    """The stage exactly: HiGHS's optimal basis re-solved in rationals, then checked by `guarantees`.

    Raises CertificateError when the re-solved basis does not prove itself (it never returns an
    unchecked exact answer)."""
    exact_rows = [[_fraction(v) for v in row] for row in matrix]
    m = len(exact_rows)
    n = len(exact_rows[0]) if m else 0
    if not m or not n:
        raise InvalidInput("a stage needs at least one move for each player")
    classes = _classes(signals, m)
    keep_rows, keep_cols = _reduced(exact_rows, classes)
    if len(keep_rows) < m or len(keep_cols) < n:
        small = _solve_exact([[exact_rows[i][j] for j in keep_cols] for i in keep_rows], classes[keep_rows])
        full = _expanded(small, m, n, keep_rows, keep_cols)
        low, high = guarantees(exact_rows, classes.tolist(), full.leader, full.responder)  # type: ignore[arg-type]
        if not low == high == small.value:
            raise CertificateError("the stage's certificate fails on the full matrix")
        return full
    return _solve_exact(exact_rows, classes)


def _solve_exact(exact_rows: list[list[Fraction]], classes: np.ndarray) -> SignalledSolution:
    """The basis HiGHS stops at, re-solved exactly; where near-ties make that basis fail the exact check
    at HiGHS's default tolerances, once more at tight ones before giving up."""
    try:
        return _solve_exact_at(exact_rows, classes, None)
    except NearTie as first:
        try:
            return _solve_exact_at(exact_rows, classes, lp.TIGHT)
        except NearTie as second:
            raise min(first, second, key=lambda e: e.high - e.low) from None


def _basis_strategies(exact_rows: list[list[Fraction]], classes: np.ndarray, tolerance: float | None
                      ) -> tuple[list[Fraction], list[list[Fraction]]]:
    """The leader's x and the responder's y per signal from the float LP's basis, re-solved exactly."""
    m, n = len(exact_rows), len(exact_rows[0])
    floats = np.array([[float(v) for v in row] for row in exact_rows])
    count = int(classes.max()) + 1
    program = _program(floats, classes, tolerance)
    program.solve()
    basis = program.basis()
    if not basis.square:
        raise CertificateError("the stage LP's basis is not square")
    ints, den = _integer_rows(exact_rows)
    solved = exactlp.basic_solution(_exact_lp(ints, den, classes), basis)
    if solved is None:
        raise CertificateError("the stage LP's basis is singular in exact arithmetic")
    x = list(solved.x[:m])
    y = [list(solved.y[c * n:(c + 1) * n]) for c in range(count)]
    return x, y


def _solve_exact_at(exact_rows: list[list[Fraction]], classes: np.ndarray, tolerance: float | None
                    ) -> SignalledSolution:
    m, n = len(exact_rows), len(exact_rows[0])
    count = int(classes.max()) + 1
    x, y = _basis_strategies(exact_rows, classes, tolerance)
    for c in range(count):
        if any(x[i] for i in range(m) if classes[i] == c):
            continue
        # A signal the leader never sends: the basis says nothing useful about its answer. Answer it
        # as the matrix game of that signal's rows alone, whose value the leader could get by sending
        # only this signal, so it is at most the stage's value and the check below still closes.
        rows_c = [exact_rows[i] for i in range(m) if classes[i] == c]
        if rows_c:
            alone = _solve_exact(rows_c, np.zeros(len(rows_c), dtype=np.int64))  # one signal: a matrix game
            y[c] = [Fraction(p) for p in alone.responder[0]]
        else:
            y[c] = [Fraction(1)] + [Fraction(0)] * (n - 1)
    if any(p < 0 for p in x) or any(p < 0 for mix in y for p in mix) or sum(x, Fraction(0)) != 1:
        # the basis is not even feasible in exact arithmetic: project its mixtures back onto
        # probability vectors, which still prove an interval around the value
        x = _probabilities(x)
        y = [_probabilities(mix) for mix in y]
    low, high = guarantees(exact_rows, classes.tolist(), x, y)
    if low != high:
        raise NearTie(low, high, tuple(x), tuple(tuple(mix) for mix in y))
    return SignalledSolution(low, tuple(x), tuple(tuple(mix) for mix in y), exact=True)


__all__ = ["NearTie", "SignalledSolution", "guarantees", "solve_exact", "solve_float"]
