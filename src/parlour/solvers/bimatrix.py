"""Two-player games that are not zero-sum (bimatrix games): Nash equilibria in exact rationals.

`equilibria(A, B)` lists every extreme Nash equilibrium; `one_equilibrium(A, B)` finds one by Lemke-Howson,
at any size. A is the row player's payoff table, B the column player's; both players maximise.

The method is that of Avis, Rosenberg, Savani and von Stengel ("Enumeration of Nash equilibria for
two-player games", Economic Theory 42, 2010), on payoffs made positive integers (each table times its common
denominator, plus a constant: neither changes a best response). The best-response polytopes

    P = {x >= 0 : B^T x <= 1}    (the row player's x; label i when x_i = 0, label m+j when (B^T x)_j = 1)
    Q = {y >= 0 : A y <= 1}      (the column player's y; label i when (A y)_i = 1, label m+j when y_j = 0)

hold every equilibrium as a pair of points (x, y) != (0, 0) that together carry all m + n labels, normalised
to probabilities. The extreme equilibria are the completely labelled pairs of *vertices*, so `equilibria`
enumerates the vertices of both polytopes and matches their labels. Vertex enumeration, not support
enumeration, because it stays right for degenerate games (a mixed strategy with more pure best replies than
the size of its support: support enumeration, which pairs supports of equal size, misses equilibria there): a vertex
of P with support S solves B[S, T]^T x_S = 1 for some |S| columns T with a nonsingular block, so trying
every support with every such T (FLINT's exact integer solve) finds each vertex, however many more
constraints are tight there. That is C(m+n, m) - 1 square systems per polytope: 184,755 for a 10x10 game, the
largest size taken (`MAX_SYSTEMS`).

`one_equilibrium` is Lemke-Howson's complementary pivoting on both tableaux in integer (fraction-free)
pivoting with the lexicographic minimum-ratio rule, so degenerate games cannot make it cycle; the work per
pivot grows as m (m + n), not exponentially.

Every equilibrium returned is checked in fractions on the payoffs as given (the certificate): no pure
strategy of either player pays more against the other's strategy than the equilibrium payoff.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import numbers
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar

import flint
import numpy as np

from parlour.errors import CertificateError, InvalidInput, InvalidType, shown
from parlour.results import Result, Status, exact
from parlour.solvers.zerosum import mixture

MAX_SYSTEMS = math.comb(20, 10) - 1  # square systems per best-response polytope, at most: a 10x10 game's count

Table = tuple[tuple[Fraction, ...], ...]


# ---- reading the payoff tables ---------------------------------------------------------------------------

def _entry(value: object, where: str) -> Fraction:
    """One payoff exactly: an int, a Fraction (or another rational), a Decimal, or a float at its exact binary
    value."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real | Decimal):
        raise InvalidType(f"{where} must be a number, got {shown(value)}")
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    if isinstance(value, numbers.Rational):  # a Fraction, or another library's rational (pygambit's)
        return value if type(value) is Fraction else Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise InvalidInput(f"{where} must be a finite number, got {shown(value)}")
        return Fraction(value)
    x = float(value)  # numpy's floats and any other Real
    if not math.isfinite(x):
        raise InvalidInput(f"{where} must be a finite number, got {shown(value)}")
    return Fraction(x)


def _rows(table: object, name: str) -> list[Sequence[Any]]:
    """The table's rows, checked to be a non-empty rectangle (a list of lists, or a 2-D array)."""
    if isinstance(table, np.ndarray):
        if table.dtype.kind not in "iufO":
            raise InvalidType(f"{name} must be a table of numbers, got an array of {table.dtype}")
        if table.ndim != 2:
            raise InvalidInput(f"{name} must be a 2-D table (rows of payoffs), got an array of shape {table.shape}")
        rows: list[Sequence[Any]] = table.tolist()
    elif isinstance(table, Sequence) and not isinstance(table, str | bytes):
        rows = list(table)
        for i, row in enumerate(rows):
            if isinstance(row, np.ndarray) and row.ndim == 1:
                rows[i] = row.tolist()
            elif not isinstance(row, Sequence) or isinstance(row, str | bytes):
                raise InvalidType(f"{name} must be a table (a list of rows of numbers); its row {i} is "
                                  f"{shown(row)}")
    else:
        raise InvalidType(f"{name} must be a table of payoffs (a list of rows or a 2-D array), got {shown(table)}")
    if not rows or not rows[0]:
        raise InvalidInput(f"{name} must have at least one row and one column")
    for i, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise InvalidInput(f"{name} must be rectangular: its row {i} has {len(row)} entries, row 0 has "
                               f"{len(rows[0])}")
    return rows


def payoff_table(table: object, name: str) -> Table:
    """A payoff table (nested lists or a 2-D numpy array of ints, Fractions, Decimals or finite floats) as
    exact Fractions; InvalidType / InvalidInput naming `name` for anything else."""
    rows = _rows(table, name)
    return tuple(tuple(_entry(v, f"{name}[{i}][{j}]") for j, v in enumerate(row)) for i, row in enumerate(rows))


def payoff_tables(a: object, b: object) -> tuple[Table, Table]:
    """Both players' tables, checked to have the same shape."""
    ta, tb = payoff_table(a, "A"), payoff_table(b, "B")
    if (len(ta), len(ta[0])) != (len(tb), len(tb[0])):
        raise InvalidInput(f"A is {len(ta)}x{len(ta[0])} but B is {len(tb)}x{len(tb[0])}: both players' payoff "
                           "tables must have the same shape (a row per strategy of the row player)")
    return ta, tb


def positive_integers(table: Table) -> list[list[int]]:
    """The table times its common denominator, shifted so that its least entry is 1: the same best
    responses, and polytopes P and Q bounded."""
    scale = math.lcm(*(v.denominator for row in table for v in row))
    ints = [[int(v * scale) for v in row] for row in table]
    low = min(min(row) for row in ints)
    return [[v - low + 1 for v in row] for row in ints]


# ---- equilibria and the result -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Equilibrium:
    """One Nash equilibrium: both mixed strategies (the row player's first) and both expected payoffs."""

    strategies: tuple[tuple[Fraction, ...], tuple[Fraction, ...]]
    payoffs: tuple[Fraction, Fraction]

    @classmethod
    def of(cls, x: Sequence[Fraction], y: Sequence[Fraction], a: Table, b: Table) -> Equilibrium:
        """The profile (x, y) with the payoffs it gives under A and B (x and y already probabilities)."""
        ay = [sum((p * q for p, q in zip(row, y, strict=True)), Fraction(0)) for row in a]
        by = [sum((p * q for p, q in zip(row, y, strict=True)), Fraction(0)) for row in b]
        return cls((tuple(x), tuple(y)), (_dot(x, ay), _dot(x, by)))

    def check(self, a: Table, b: Table) -> None:
        """Raise CertificateError unless both strategies are probability vectors and no pure strategy of
        either player pays more against the other's strategy than the equilibrium payoff, in fractions."""
        x, y = self.strategies
        if len(x) != len(a) or len(y) != len(a[0]):
            raise CertificateError("the equilibrium's strategies do not match the game's shape")
        for who, s in (("row", x), ("column", y)):
            if min(s) < 0 or sum(s) != 1:
                raise CertificateError(f"the {who} player's strategy is not a probability vector")
        row_pays = [_dot(row, y) for row in a]  # each pure row against y
        col_pays = [_dot(x, col) for col in zip(*b, strict=True)]  # each pure column against x
        if _dot(x, row_pays) != self.payoffs[0] or _dot(x, [_dot(row, y) for row in b]) != self.payoffs[1]:
            raise CertificateError("the equilibrium's payoffs are not what its strategies give")
        if max(row_pays) > self.payoffs[0] or max(col_pays) > self.payoffs[1]:
            raise CertificateError(
                f"not an equilibrium: the row player's best reply pays {max(row_pays)} against "
                f"{self.payoffs[0]}, the column player's {max(col_pays)} against {self.payoffs[1]}")

    def payload(self, row_labels: Sequence[object] | None = None,
                column_labels: Sequence[object] | None = None) -> dict[str, Any]:
        """`{"strategies": [row mixture, column mixture], "payoffs": [..], "payoffs_exact": [..]}`; each
        mixture a list of `{"row": label, "probability": p, "probability_exact": "p/q"}` ("column" for
        the columns), labels defaulting to the 0-based indices."""
        x, y = self.strategies
        return {"strategies": [mixture("row", x, row_labels), mixture("column", y, column_labels)],
                **exact("payoffs", list(self.payoffs))}


def _dot(u: Sequence[Fraction], v: Sequence[Fraction]) -> Fraction:
    return sum((p * q for p, q in zip(u, v, strict=True)), Fraction(0))


@dataclass(frozen=True)
class BimatrixSolution(Result):
    """Nash equilibria of a bimatrix game, each exact and checked. `complete`: the list is every extreme
    equilibrium (from `equilibria`), else one equilibrium (from `one_equilibrium`). `infinite`: some
    extreme equilibria share a strategy of one player, so the segments between them are equilibria too
    (a degenerate game); None when not known (`one_equilibrium` does not look)."""

    TABLE: ClassVar[str | None] = "equilibria"

    equilibria: tuple[Equilibrium, ...]
    rows: int
    columns: int
    complete: bool
    infinite: bool | None

    def payload(self, row_labels: Sequence[object] | None = None,
                column_labels: Sequence[object] | None = None) -> dict[str, Any]:
        """`equilibria` (each as `Equilibrium.payload`), `count`, `rows`, `columns`, `complete`, `infinite`."""
        return {"equilibria": [e.payload(row_labels, column_labels) for e in self.equilibria],
                "count": len(self.equilibria), "rows": self.rows, "columns": self.columns,
                "complete": self.complete, "infinite": self.infinite}


# ---- vertex enumeration -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Vertex:
    """A vertex z != 0 of {z >= 0 : M^T z <= 1}: the point, and the bitmasks of its zero coordinates and of
    its tight constraints (bit k for coordinate / constraint k)."""

    point: tuple[Fraction, ...]
    zeros: int
    tight: int


def _vertex(transposed: list[list[int]], full: Any, ones: Any, support: tuple[int, ...], tight: tuple[int, ...],
            d: int) -> Vertex | None:
    """The vertex with support exactly S whose constraints T are tight (M[S, T]^T z_S = 1), or None when
    the block is singular, z_S is not positive or z breaks another constraint. `transposed` holds the rows of
    M[S, :]^T, `full` the same as a FLINT matrix, `ones` the right-hand side (|S| ones, as FLINT's)."""
    try:
        solution: Any = flint.fmpz_mat([transposed[j] for j in tight]).solve(ones)
    except ZeroDivisionError:  # singular block: no vertex from this T
        return None
    numer, den = solution.numer_denom()  # z_S = numer / den, den > 0
    u = [int(v) for v in numer.entries()]
    if min(u) <= 0:
        return None
    loads = [int(v) for v in (full * numer).entries()]  # (M^T z)_j times den
    den = int(den)
    if max(loads) > den:
        return None
    z = [Fraction(0)] * d
    for i, v in zip(support, u, strict=True):
        z[i] = Fraction(v, den)
    zeros = sum(1 << i for i in range(d) if i not in support)
    return Vertex(tuple(z), zeros, sum(1 << j for j, v in enumerate(loads) if v == den))


def vertices(matrix: list[list[int]]) -> tuple[list[Vertex], int]:
    """Every vertex other than 0 of {z >= 0 : M^T z <= 1} for a positive integer matrix M (d x e), and the
    number of square systems solved. Each vertex is found from its exact support S: its tight constraints
    include |S| whose block M[S, T] is nonsingular, and solving that block gives it; a degenerate vertex
    (more than |S| constraints tight) comes from several T and is kept once."""
    d, e = len(matrix), len(matrix[0])
    found: dict[tuple[Fraction, ...], Vertex] = {}
    solved = 0
    for k in range(1, min(d, e) + 1):
        ones = flint.fmpz_mat([[1]] * k)
        for support in itertools.combinations(range(d), k):
            transposed = [[matrix[i][j] for i in support] for j in range(e)]
            full = flint.fmpz_mat(transposed)
            for tight in itertools.combinations(range(e), k):
                solved += 1
                vertex = _vertex(transposed, full, ones, support, tight, d)
                if vertex is not None and vertex.point not in found:
                    found[vertex.point] = vertex
    return list(found.values()), solved


def _normalised(point: Sequence[Fraction]) -> tuple[Fraction, ...]:
    total = sum(point, Fraction(0))
    return tuple(p / total for p in point)


def _check_size(m: int, n: int) -> None:
    systems = math.comb(m + n, m) - 1
    if systems > MAX_SYSTEMS:
        raise InvalidInput(
            f"the {m}x{n} game has {systems:,} candidate vertices per best-response polytope, more than the "
            f"{MAX_SYSTEMS:,} (a 10x10 game) that listing every equilibrium takes; one_equilibrium(A, B) finds "
            "one equilibrium by Lemke-Howson at any size")


def equilibria(A: object, B: object) -> BimatrixSolution:
    """Every extreme Nash equilibrium of the bimatrix game (A, B), exactly.

    Parameters
    ----------
    A, B : array_like
        The row player's and the column player's payoffs: 2-D tables of the same shape (nested lists or
        numpy arrays) of ints, Fractions, Decimals or finite floats (read at their exact binary value).
        Both players maximise. At most C(m+n, m) - 1 = 184,755 candidate vertices (a 10x10 game).

    Returns
    -------
    BimatrixSolution
        ``equilibria`` (each an `Equilibrium`: ``strategies`` and ``payoffs`` as Fractions, checked),
        ``complete`` True, ``infinite`` (whether some equilibria form segments: a degenerate game, where every
        convex combination of extreme equilibria in one maximal clique is an equilibrium as well).
        Status EXACT.

    Raises
    ------
    TypeError
        (`parlour.errors.InvalidType`) A table, a row or an entry that is not a number.
    ValueError
        (`parlour.errors.InvalidInput`) An empty or ragged table, a NaN or infinite payoff, tables of
        different shapes, or a game too large to list (then `one_equilibrium`).
    """
    start = time.perf_counter()
    a, b = payoff_tables(A, B)
    m, n = len(a), len(a[0])
    _check_size(m, n)
    ints_a, ints_b = positive_integers(a), positive_integers(b)
    row_vertices, solved_p = vertices(ints_b)  # P: x >= 0, B^T x <= 1
    col_vertices, solved_q = vertices([list(col) for col in zip(*ints_a, strict=True)])  # Q: y >= 0, A y <= 1
    everything = (1 << (m + n)) - 1
    found: list[Equilibrium] = []
    uses: dict[tuple[int, int], int] = {}  # how many extreme equilibria each vertex is in, by side
    for p, x in enumerate(row_vertices):
        missing = everything & ~(x.zeros | (x.tight << m))
        for q, y in enumerate(col_vertices):
            if (y.tight | (y.zeros << m)) & missing == missing:
                found.append(Equilibrium.of(_normalised(x.point), _normalised(y.point), a, b))
                uses[0, p] = uses.get((0, p), 0) + 1
                uses[1, q] = uses.get((1, q), 0) + 1
    for eq in found:
        eq.check(a, b)
    found.sort(key=lambda e: (e.strategies, e.payoffs), reverse=True)
    infinite = any(count > 1 for count in uses.values())
    return BimatrixSolution(
        equilibria=tuple(found), rows=m, columns=n, complete=True, infinite=infinite,
        method="vertex enumeration of both best-response polytopes in rationals (FLINT), vertices matched by "
               "labels; each equilibrium checked in fractions",
        status=Status.EXACT,
        message=("the game is degenerate: extreme equilibria that share a strategy of one player are joined by "
                 "segments of equilibria" if infinite else ""),
        seconds=time.perf_counter() - start,
        counters={"systems_solved": solved_p + solved_q, "row_vertices": len(row_vertices),
                  "column_vertices": len(col_vertices), "equilibria": len(found)},
    )


# ---- Lemke-Howson ----------------------------------------------------------------------------------------

class Tableau:
    """One of Lemke-Howson's two tableaux in integer pivoting: `table` holds the system times `det` (the
    last pivot element), so every entry stays an integer and a basic variable's value is rhs / det. Column k
    is the variable with label k; the last column is the right-hand side; `slack` are the columns of the
    starting basis, whose current entries (det times the basis inverse) break ties in the ratio test."""

    def __init__(self, table: list[list[int]], basis: list[int], slack: range) -> None:
        self.table = np.array(table, dtype=object)
        self.basis = basis
        self.slack = slack
        self.det = 1

    def leaving_row(self, column: int) -> int:
        """The lexicographic minimum-ratio row: the least rhs / pivot entry, ties broken by the slack
        columns in turn (rows of a nonsingular matrix differ, so exactly one row is left)."""
        rows = [r for r in range(len(self.basis)) if self.table[r, column] > 0]
        for key in (self.table.shape[1] - 1, *self.slack):
            if len(rows) == 1:
                break
            ratios = {r: Fraction(int(self.table[r, key]), int(self.table[r, column])) for r in rows}
            least = min(ratios.values())
            rows = [r for r in rows if ratios[r] == least]
        if not rows:  # cannot happen with positive payoffs (the polytopes are bounded): a bug, said as one
            raise CertificateError(f"Lemke-Howson found no pivot row for label {column}")
        return rows[0]

    def pivot(self, column: int) -> int:
        """Bring `column`'s variable into the basis; return the label of the variable that leaves."""
        row = self.leaving_row(column)
        t = self.table
        element = t[row, column]
        kept = t[row, :].copy()
        # fraction-free update: every entry (t_ij t_rc - t_ic t_rj) / det is an exact integer
        self.table = (t * element - np.outer(t[:, column], kept)) // self.det
        self.table[row, :] = kept
        self.det = element
        leaving, self.basis[row] = self.basis[row], column
        return leaving

    def values(self, labels: range) -> list[Fraction]:
        """The values of the variables with `labels` (0 when nonbasic)."""
        out = [Fraction(0)] * len(labels)
        for row, label in enumerate(self.basis):
            if label in labels:
                out[label - labels.start] = Fraction(int(self.table[row, -1]), int(self.det))
        return out


def lemke_howson(ints_a: list[list[int]], ints_b: list[list[int]], label: int) -> tuple[
        list[Fraction], list[Fraction], int]:
    """(x, y, pivots): Lemke-Howson from the artificial equilibrium (0, 0), dropping `label`, on positive
    integer payoffs. x and y are points of P and Q (not yet probabilities)."""
    m, n = len(ints_a), len(ints_a[0])
    # tableau 1: r + A y = 1 (r_i label i, y_j label m+j); tableau 2: x^T B + s = 1 (x_i label i, s_j label m+j)
    first = Tableau([[int(k == i) for k in range(m)] + ints_a[i] + [1] for i in range(m)], list(range(m)),
                    range(m))
    second = Tableau([[ints_b[i][j] for i in range(m)] + [int(k == j) for k in range(n)] + [1] for j in range(n)],
                     list(range(m, m + n)), range(m, m + n))
    tableaux = (first, second)
    side = 1 if label < m else 0  # x_label enters tableau 2, y_(label-m) tableau 1
    entering, pivots = label, 0
    while True:
        leaving = tableaux[side].pivot(entering)
        pivots += 1
        if leaving == label:
            break
        side, entering = 1 - side, leaving  # the complement of what left enters the other tableau
    return second.values(range(m)), first.values(range(m, m + n)), pivots


def one_equilibrium(A: object, B: object, *, label: int = 0) -> BimatrixSolution:
    """One Nash equilibrium of the bimatrix game (A, B), exactly, by Lemke-Howson: for games of any size.

    Parameters
    ----------
    A, B : array_like
        The row player's and the column player's payoffs, as for `equilibria`.
    label : int
        The label dropped at the start: 0..m-1 a row player's strategy, m..m+n-1 a column player's
        (m + j for column j). Different labels may reach different equilibria.

    Returns
    -------
    BimatrixSolution
        ``equilibria`` with the one equilibrium found (checked in fractions), ``complete`` False,
        ``infinite`` None (not known).
        Status EXACT.

    Raises
    ------
    TypeError
        (`parlour.errors.InvalidType`) A table, a row or an entry that is not a number; a label that is no
        whole number.
    ValueError
        (`parlour.errors.InvalidInput`) An empty or ragged table, a NaN or infinite payoff, tables of
        different shapes, a label out of range.
    """
    from parlour.infra.checks import integer

    start = time.perf_counter()
    a, b = payoff_tables(A, B)
    m, n = len(a), len(a[0])
    label = integer(label, "label", 0, m + n - 1)
    x, y, pivots = lemke_howson(positive_integers(a), positive_integers(b), label)
    found = Equilibrium.of(_normalised(x), _normalised(y), a, b)
    found.check(a, b)
    return BimatrixSolution(
        equilibria=(found,), rows=m, columns=n, complete=False, infinite=None,
        method=f"Lemke-Howson dropping label {label}, integer pivoting with lexicographic ratios; the "
               "equilibrium checked in fractions",
        status=Status.EXACT, seconds=time.perf_counter() - start, counters={"pivots": pivots},
    )


# ---- a game given by its two tables: constant-sum (a matrix game) or not (its equilibria) ------------------

# Lemke-Howson's pivots cost m (m + n) each and their number grows with the game: a 100x100 game takes
# seconds, a 200x200 one about a minute. Larger games are refused before any work.
MAX_PROFILES = 200 * 200
Progress = Callable[[str], None] | None
Names = tuple[tuple[str, ...], tuple[str, ...]]


def strategy_names(names: object, count: int, said: str) -> tuple[str, ...]:
    """`count` names (strings) a game gives, or their numbers 1, 2, ... where it gives none."""
    if names is None:
        return tuple(str(k) for k in range(1, count + 1))
    if isinstance(names, str | bytes) or not isinstance(names, Sequence) or not all(isinstance(x, str) for x in names):
        raise InvalidType(f"{said} must be a list of names (strings), got {shown(names)}")
    if len(names) != count:
        raise InvalidInput(f"{said} must give {count} names, one for each, got {len(names)}")
    return tuple(names)


def module_tables(namespace: Mapping[str, Any], name: str) -> tuple[Table, Table, Names, dict[str, Any]]:
    """A module's `PAYOFFS1` and `PAYOFFS2` (the row and the column player's tables), its `STRATEGIES1`,
    `STRATEGIES2` (their strategies' names, by default numbers) and `PLAYERS` (the players' names, in the extra
    facts of a result): (A, B, names, extra)."""
    for key in ("PAYOFFS1", "PAYOFFS2"):
        if key not in namespace:
            raise InvalidInput(f"the game module {name} defines {'PAYOFFS2' if key == 'PAYOFFS1' else 'PAYOFFS1'} "
                               f"but not {key}: a two-player game in payoff tables gives both (docs/your-game.md)")
    a, b = payoff_table(namespace["PAYOFFS1"], "PAYOFFS1"), payoff_table(namespace["PAYOFFS2"], "PAYOFFS2")
    names = (strategy_names(namespace.get("STRATEGIES1"), len(a), "STRATEGIES1"),
             strategy_names(namespace.get("STRATEGIES2"), len(a[0]), "STRATEGIES2"))
    extra = {"players": list(strategy_names(namespace["PLAYERS"], 2, "PLAYERS"))} if "PLAYERS" in namespace else {}
    return a, b, names, extra


def constant_sum(a: Table, b: Table, said: tuple[str, str] = ("A", "B")) -> Fraction | None:
    """The constant A + B where the game is constant-sum, else None; tables of different shapes refused
    (`said`: their names in the refusal)."""
    m, n = len(a), len(a[0])
    if (len(b), len(b[0])) != (m, n):
        raise InvalidInput(f"{said[0]} is {m}x{n} but {said[1]} is {len(b)}x{len(b[0])}: both players' payoff "
                           "tables must have the same shape (a row per strategy of the row player)")
    constant = a[0][0] + b[0][0]
    same = all(x + y == constant for ra, rb in zip(a, b, strict=True) for x, y in zip(ra, rb, strict=True))
    return constant if same else None


def zero_sum(a: Table, progress: Progress = None) -> Any:
    """The row player's table solved as a zero-sum game by one LP whose optimal basis is re-solved and checked
    in fractions (`solvers.zerosum`, exact): the solution, its certificate never None."""
    from parlour.solvers import zerosum

    if progress is not None:
        progress(f"constant-sum {len(a)}x{len(a[0])} game: solving its LP")
    solved = zerosum.solve(np.array(a, dtype=object), exact=True)  # exact=True: a proof, or a refusal
    if solved.certificate is None:  # exact=True certifies or raises: a solution without its proof is a bug
        raise CertificateError("the zero-sum solver returned no certificate for rational payoffs")
    return solved


def zero_sum_strategies(certificate: Any, names: Names) -> dict[str, list[dict[str, Any]]]:
    """Both optimal strategies of a zero-sum solve's certificate as `zerosum solve` shows them: per player a
    list of `{"row" or "column": name, "probability": p, "probability_exact": ...}`."""
    return {player: [{key: label, **exact("probability", p)} for label, p in zip(labels, mix, strict=True)]
            for player, key, labels, mix in (("player1", "row", names[0], certificate.row_strategy),
                                             ("player2", "column", names[1], certificate.col_strategy))}


def solve_game(a: Table, b: Table, progress: Progress = None) -> BimatrixSolution:
    """A game that is not constant-sum: every extreme equilibrium where the listing fits (`equilibria`), else
    one by Lemke-Howson (`one_equilibrium`), up to MAX_PROFILES profiles."""
    m, n = len(a), len(a[0])
    if math.comb(m + n, m) - 1 <= MAX_SYSTEMS:
        if progress is not None:
            progress(f"{m}x{n} game: listing every extreme equilibrium")
        return equilibria(a, b)
    if m * n > MAX_PROFILES:
        raise InvalidInput(f"the {m}x{n} game has {m * n:,} profiles: parlour finds an equilibrium of a game "
                           f"that is not constant-sum for at most {MAX_PROFILES:,} (200x200)")
    if progress is not None:
        progress(f"{m}x{n} game: one equilibrium by Lemke-Howson")
    return dataclasses.replace(one_equilibrium(a, b), message=(
        f"one equilibrium, by Lemke-Howson: listing every extreme equilibrium takes games of at most 10x10 "
        f"(C(m+n, m) - 1 <= {MAX_SYSTEMS:,} candidate vertices), and this one is {m}x{n}"))


__all__ = [
    "MAX_PROFILES", "MAX_SYSTEMS", "BimatrixSolution", "Equilibrium", "Table", "Tableau", "Vertex", "constant_sum",
    "equilibria", "lemke_howson", "module_tables", "one_equilibrium", "payoff_table", "payoff_tables",
    "positive_integers", "solve_game", "strategy_names", "vertices", "zero_sum", "zero_sum_strategies",
]
