"""Two-person zero-sum matrix games.

`solve(A)` finds the value and optimal mixed strategies of both players by one LP in HiGHS and,
for rational input, proves them exactly: the final HiGHS basis is re-solved in rational arithmetic
(the recipe of `exactlp`) and the resulting strategies x, y and value v are checked to satisfy
    min_j (x^T A)_j = v = max_i (A y)_i
in exact arithmetic. Rows belong to the maximising player, columns to the minimising player.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

import flint
import numpy as np

from parlour.errors import CertificateError, InvalidInput, InvalidType, shown
from parlour.infra import spelling
from parlour.results import Result, Status, exact
from parlour.solvers import exactlp, lp

Rational = int | Fraction
if TYPE_CHECKING:
    from numpy.typing import ArrayLike as MatrixLike
else:  # numpy.typing is for mypy; loading it cost a cheap command 15 ms
    MatrixLike = Any


@dataclass(frozen=True)
class Certificate:
    """Exact optimal strategies and value; `check(A)` re-proves them from scratch."""

    value: Fraction
    row_strategy: tuple[Fraction, ...]
    col_strategy: tuple[Fraction, ...]

    def check(self, matrix: MatrixLike) -> None:
        """Raise CertificateError unless min_j (x^T A)_j = value = max_i (A y)_i exactly."""
        self.check_integer(*integer_matrix(matrix))

    def check_integer(self, ints: np.ndarray, scale: int, exact: Any = None) -> None:
        """The same check on the integer matrix D*A (ints) with its scale D (and, optionally, the
        same matrix already converted to FLINT)."""
        m, n = ints.shape
        if len(self.row_strategy) != m or len(self.col_strategy) != n:
            raise CertificateError("certificate strategies do not match the matrix shape")
        x, x_den = _integer_vector(self.row_strategy)
        y, y_den = _integer_vector(self.col_strategy)
        for name, s, den in (("row", x, x_den), ("column", y, y_den)):
            if min(s) < 0 or sum(s) != den:
                raise CertificateError(f"the {name} strategy is not a probability vector")
        exact = flint.fmpz_mat(ints.tolist()) if exact is None else exact
        guaranteed_by_rows = Fraction(min(_row_times(x, exact)), x_den * scale)
        guaranteed_by_cols = Fraction(max(_times_column(exact, y)), y_den * scale)
        if not guaranteed_by_rows == self.value == guaranteed_by_cols:
            raise CertificateError(
                f"certificate fails: row player guarantees {guaranteed_by_rows}, column player "
                f"holds to {guaranteed_by_cols}, claimed value {self.value}"
            )


def _integer_vector(weights: Sequence[Fraction]) -> tuple[list[int], int]:
    """Numerators on the least common denominator: integer arithmetic is far cheaper than Fractions."""
    den = math.lcm(*(w.denominator for w in weights))
    return [w.numerator * (den // w.denominator) for w in weights], den


def _row_times(x: list[int], exact: Any) -> list[int]:
    product = flint.fmpz_mat([x]) * exact
    return [int(product[0, j]) for j in range(product.ncols())]


def _times_column(exact: Any, y: list[int]) -> list[int]:
    product = exact * flint.fmpz_mat([[v] for v in y])
    return [int(product[i, 0]) for i in range(product.nrows())]


@dataclass(frozen=True)
class ZeroSumSolution(Result):
    """The solution of a matrix game. `certificate` when proven exactly: then `status` is EXACT and `value`
    the proven Fraction (the rule of every result: a Fraction when exact, else a float; `value_float` is
    always the float); otherwise ESTIMATE with the residual `gap`. The strategies are floats (the exact
    ones: `strategies()` or the certificate)."""

    # the JSON's names: `column_strategy`, and `certified` (whether a certificate proves it), which the
    # attribute called `exact` before; the old names still read for one release
    RENAMED: ClassVar[Mapping[str, str]] = {"col_strategy": "column_strategy", "exact": "certified"}

    value: Fraction | float
    row_strategy: tuple[float, ...]
    column_strategy: tuple[float, ...]
    gap: float  # max_i (A y)_i - min_j (x^T A)_j in floats: the float answer's own residual
    certificate: Certificate | None

    def __post_init__(self) -> None:
        if self.certificate is not None:  # exact: the proven value itself, not its float
            object.__setattr__(self, "value", self.certificate.value)

    @property
    def value_float(self) -> float:
        return float(self.value)

    @property
    def certified(self) -> bool:
        """Whether the exact certificate proves the value and the strategies (then `status` is EXACT)."""
        return self.certificate is not None

    @property
    def value_exact(self) -> Fraction | None:
        """The proven value; None when the solution was not certified (every result's rule)."""
        return None if self.certificate is None else self.certificate.value

    def proven_value(self) -> Fraction:
        """The proven value, for code that goes on only with a proof: CertificateError when not certified."""
        if self.certificate is None:
            raise CertificateError("this solution was not certified exactly")
        return self.certificate.value

    @property
    def lp_iterations(self) -> int:
        return int(self.counters.get("lp_iterations", 0))

    def strategies(self) -> tuple[tuple[Fraction | float, ...], tuple[Fraction | float, ...]]:
        """Both players' optimal mixtures: the certified fractions when there are, else the floats."""
        if self.certificate is not None:
            return self.certificate.row_strategy, self.certificate.col_strategy
        return self.row_strategy, self.column_strategy

    def payload(self, row_labels: Sequence[object] | None = None,
                col_labels: Sequence[object] | None = None) -> dict[str, Any]:
        """`value` (+ `value_exact` when certified), `gap`, and each player's mixture as a list of
        `{"row": label, "probability": p, "probability_exact": "p/q"}` (`"column"` for the columns);
        labels default to the 0-based indices."""
        rows, cols = self.strategies()
        value: dict[str, Any] = (exact("value", self.certificate.value) if self.certificate is not None
                                 else {"value": self.value})
        return {
            **value,
            "certified": self.certified,
            "gap": self.gap,
            "row_strategy": mixture("row", rows, row_labels),
            "column_strategy": mixture("column", cols, col_labels),
        }


def mixture(key: str, probabilities: Sequence[Fraction | float],
            labels: Sequence[object] | None = None) -> list[dict[str, Any]]:
    """A mixed strategy in the JSON convention: `{key: label, "probability": float}` per strategy,
    with `"probability_exact"` for exact weights (labels default to the 0-based indices)."""
    names = list(labels) if labels is not None else list(range(len(probabilities)))
    out = []
    for name, p in zip(names, probabilities, strict=True):
        entry: dict[str, Any] = {key: name}
        entry.update(exact("probability", p) if isinstance(p, Fraction) else {"probability": float(p)})
        out.append(entry)
    return out


def _entry(value: object, said: str) -> object:
    """One payoff, checked: a number (an int, a Fraction, a float, numpy's), finite."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | float | Fraction | np.integer | np.floating):
        raise InvalidType(f"{said}'s entries must be numbers, got {shown(value)}")
    if isinstance(value, float | np.floating) and not math.isfinite(float(value)):
        raise InvalidInput(f"{said}'s entries must be finite, got {shown(value)}")
    return value


def _rows(matrix: object, said: str) -> list[Sequence[object]]:
    """The rows of a table given as a sequence of sequences (or an array): InvalidType for what is no table,
    InvalidInput for a table of the wrong shape (empty, one row of numbers, rows of different lengths)."""
    if isinstance(matrix, str | bytes | Mapping) or not isinstance(matrix, Sequence | np.ndarray):
        raise InvalidType(f"{said} must be a table of numbers (a list of rows, or a 2-D array), got {shown(matrix)}")
    rows = list(matrix)
    if not rows:
        raise InvalidInput(f"{said} must be a non-empty 2-D table, got {shown(matrix)}")
    for row in rows:
        if isinstance(row, str | bytes | Mapping) or not isinstance(row, Sequence | np.ndarray | int | float | Fraction
                                                                    | np.integer | np.floating):
            raise InvalidType(f"{said}'s rows must be lists of numbers, got a row {shown(row)}")
        if not isinstance(row, Sequence | np.ndarray):
            raise InvalidInput(f"{said} must be a 2-D table (a list of rows), got one row {shown(matrix)}")
    if len({len(row) for row in rows}) > 1 or not len(rows[0]):
        raise InvalidInput(f"{said} must be a non-empty 2-D table with rows of one length, got row lengths "
                           f"{shown(sorted({len(row) for row in rows}))}")
    return rows


def as_matrix(matrix: MatrixLike, name: str = "matrix") -> np.ndarray:
    """A 2-D numpy array, or a refusal naming `name`: InvalidType for what is no table of numbers (None, a
    string, a row that is no list, an entry that is no number), InvalidInput for a wrong shape or an entry
    that is not finite.

    Numeric numpy input is returned as it is (checked vectorised); anything else becomes an object
    array (Python ints, Fractions, floats), checked entry by entry.
    """
    said = spelling.parameter(name)
    if isinstance(matrix, np.ndarray) and matrix.dtype.kind in "iuf":
        if matrix.ndim != 2 or 0 in matrix.shape:
            raise InvalidInput(f"{said} must be a non-empty 2-D table, got an array of shape {matrix.shape}")
        if matrix.dtype.kind == "f" and not np.isfinite(matrix).all():
            raise InvalidInput(f"{said}'s entries must be finite")
        return matrix
    rows = _rows(matrix, said)
    arr = np.empty((len(rows), len(rows[0])), dtype=object)
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            arr[i, j] = _entry(value, said)
    return arr


def is_rational(matrix: MatrixLike) -> bool:
    """True when every entry is an int or Fraction, or a float that is exactly an integer."""
    arr = as_matrix(matrix)
    if arr.dtype.kind in "iu":
        return True
    if arr.dtype.kind == "f":
        return bool((arr == np.round(arr)).all())
    return all(
        isinstance(v, int | Fraction | np.integer) or float(v).is_integer() for v in arr.flat
    )


def integer_matrix(matrix: MatrixLike) -> tuple[np.ndarray, int]:
    """(D*A as an object array of Python ints, D): D is the least common denominator of the entries.

    Floats are taken at their exact binary value, so the scaling is exact too.
    """
    arr = as_matrix(matrix)
    if arr.dtype.kind in "iu":
        return arr.astype(object), 1
    if arr.dtype.kind == "f" and (arr == np.round(arr)).all() and np.abs(arr).max() < 2**53:
        return arr.astype(np.int64).astype(object), 1
    fracs = [Fraction(v) if not isinstance(v, np.integer) else Fraction(int(v)) for v in arr.flat]
    scale = math.lcm(*(f.denominator for f in fracs))
    ints = np.array([int(f * scale) for f in fracs], dtype=object).reshape(arr.shape)
    return ints, scale


def _program(shifted: np.ndarray) -> lp.Program:
    """min sum(u) s.t. u^T A' >= 1, u >= 0, for a positive matrix A' (m x n).

    Then v' = 1/sum(u) is the value of A', x = u v' the row strategy, and the row duals w give
    the column strategy y = w / sum(w).
    """
    m, n = shifted.shape
    return lp.Program.build(lp.Sparse.from_full(shifted.T), np.ones(m), row_lower=np.ones(n),
                            row_upper=np.full(n, lp.INF), name="the game LP")


def _exact_lp(shifted_ints: np.ndarray) -> exactlp.ExactLP:
    """The same LP on the integer matrix (a positive shift of D*A: the same strategies, the same basis)."""
    m, n = shifted_ints.shape
    return exactlp.ExactLP(shifted_ints.T, [1] * m, row_lower=[1] * n, row_upper=[None] * n, integral=True)


def certify(matrix: MatrixLike, x: Sequence[float], y: Sequence[float], basis: lp.Basis | None = None) -> Certificate:
    """Turn float optimal strategies (and optionally the LP basis) into a checked exact certificate.

    Tries the exact re-solve of the final basis first, then rounding to nearby fractions; raises
    CertificateError when neither passes the exact check.
    """
    ints, scale = integer_matrix(matrix)
    exact = flint.fmpz_mat(ints.tolist())

    def candidates() -> Iterator[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]]:
        # The LP's columns are the rows' u, its row duals the columns' w; both normalised to mixtures.
        for _, sol in exactlp.candidates(_exact_lp(ints + (1 - min(ints.flat))), basis, x, y):
            xs, ys = exactlp.mixture(sol.x), exactlp.mixture(sol.y)
            if xs is not None and ys is not None:
                yield xs, ys

    for xs, ys in candidates():
        x_int, x_den = _integer_vector(xs)
        cert = Certificate(Fraction(min(_row_times(x_int, exact)), x_den * scale), xs, ys)
        try:
            cert.check_integer(ints, scale, exact)
        except CertificateError:
            continue
        return cert
    raise CertificateError("no exact certificate could be built from the LP solution")


def solve(matrix: MatrixLike, exact: bool | None = None) -> ZeroSumSolution:
    """Value and optimal strategies of the zero-sum game A (row player maximises).

    Parameters
    ----------
    matrix : array_like
        The row player's payoffs, a non-empty 2-D table of finite numbers (ints, Fractions, floats, numpy's).
    exact : bool, optional
        None (default) certifies whenever the input is rational; True insists (refused for float payoffs);
        False skips the certificate.

    Returns
    -------
    ZeroSumSolution
        ``value`` (a Fraction when certified: status EXACT; else a float: ESTIMATE), ``value_float``,
        ``row_strategy``, ``column_strategy`` (floats; ``strategies()`` gives the exact ones),
        ``certificate``, ``gap``.

    Raises
    ------
    TypeError
        (`parlour.errors.InvalidType`) `exact` is not a bool.
    ValueError
        (`parlour.errors.InvalidInput`) A matrix that is not a table of finite numbers.
    """
    from parlour.infra.checks import flag

    start = time.perf_counter()
    exact = None if exact is None else flag(exact, "exact")  # "no" is true to Python: refused, not run
    arr = as_matrix(matrix)
    floats = arr.astype(np.float64)
    rational = is_rational(arr)
    low = float(floats.min())
    shifted = floats - low + 1.0  # positive, so the game value is positive and the LP bounded
    if float(np.abs(shifted).max()) > lp.LARGEST_ENTRY:
        raise InvalidInput(f"the payoffs range from {low:.3g} to {float(floats.max()):.3g}: too far apart for the "
                           f"float LP that finds the optimal strategies (at most {lp.LARGEST_ENTRY:.0e} apart)")
    program = _program(shifted)
    sol = program.solve()
    u = np.maximum(sol.x, 0.0)
    w = np.maximum(sol.row_dual, 0.0)
    x = u / u.sum()
    y = w / w.sum()
    value = float(1.0 / u.sum() + low - 1.0)  # a Python float: no numpy scalar in a result
    gap = float((floats @ y).max() - (x @ floats).min())
    want_exact = rational if exact is None else exact
    certificate = None
    if want_exact:
        if not rational:
            raise InvalidInput("an exact certificate needs rational payoffs (ints or fractions)")
        certificate = certify(arr, x, y, basis=program.basis())
        value = float(certificate.value)
    return ZeroSumSolution(
        value=value,
        row_strategy=tuple(float(p) for p in x),
        column_strategy=tuple(float(p) for p in y),
        gap=gap,
        certificate=certificate,
        method="HiGHS simplex" + (" + exact rational certificate from the basis" if certificate else ""),
        status=Status.EXACT if certificate is not None else Status.ESTIMATE,
        seconds=time.perf_counter() - start,
        counters={"lp_iterations": sol.iterations},
    )


def value(matrix: MatrixLike) -> Fraction | float:
    """The game's value: exact for rational input, float otherwise."""
    s = solve(matrix)
    return s.certificate.value if s.certificate else s.value


__all__ = [
    "Certificate", "Rational", "ZeroSumSolution", "as_matrix", "certify", "integer_matrix", "is_rational", "mixture",
    "solve", "value",
]
