"""The exact certificate: the master's basis re-solved in rationals (`exactlp.solve_square`) and checked against every
row and, through the oracle's exact best response, every column."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import flint

from parlour.errors import CertificateError
from parlour.solvers import exactlp
from parlour.solvers.colgen.oracle import Column, Oracle
from parlour.solvers.colgen.protocol import MasterLP


@dataclass(frozen=True)
class ColGenCertificate:
    """Exact value, row strategy x and a mixture of columns; checked against every row and column."""

    value: Fraction
    row_strategy: tuple[Fraction, ...]
    columns: tuple[Column, ...]
    column_weights: tuple[Fraction, ...]



def exact_basis_solution(
    columns: Sequence[Column], m: int, support: Sequence[int], tight: Sequence[int]
) -> tuple[list[Fraction], Fraction, list[Fraction], Fraction] | None:
    """Solve the master's basis exactly: x on `support`, v, and weights y on the `tight` columns.

    Primal: Σ_{i∈S} c_j(i) x_i = v for j ∈ T, Σ x_i = 1. Dual: Σ_{j∈T} y_j c_j(i) = u for i ∈ S,
    Σ y_j = 1. A basis has |S| = |T|; the two square systems are solved over the rationals.
    """
    k = len(support)
    if k != len(tight) or k == 0:
        return None
    block = [[columns[j][i] for i in support] for j in tight]  # k x k: rows tight columns
    # [block, -1; 1..1, 0] [x; v] = [0; 1]
    primal = [[*row, -1] for row in block] + [[1] * k + [0]]
    dual = [[block[j][i] for j in range(k)] + [-1] for i in range(k)] + [[1] * k + [0]]
    rhs = [0] * k + [1]
    # A column is a tuple of Python ints (`loop._column`): the integer solve, no pass to check the types.
    xv = exactlp.solve_square(primal, rhs, integral=True)
    yu = exactlp.solve_square(dual, rhs, integral=True) if xv is not None else None
    if xv is None or yu is None:
        return None
    x = [Fraction(0)] * m
    for pos, i in enumerate(support):
        x[i] = xv[pos]
    return x, xv[k], yu[:k], yu[k]


def _column_mixture_payoffs(columns: Sequence[Column], weights: Sequence[Fraction], m: int) -> list[Fraction]:
    """(Σ_j w_j c_j)_i for every row i, exactly, by one FLINT integer product."""
    den = math.lcm(*(w.denominator for w in weights))
    num = flint.fmpz_mat([[int(w * den)] for w in weights])
    cols = flint.fmpz_mat([[c[i] for c in columns] for i in range(m)])
    prod = cols * num
    return [Fraction(int(prod[i, 0]), den) for i in range(m)]


def check_certificate(cert: ColGenCertificate, oracle: Oracle) -> None:
    """Raise CertificateError unless x guarantees v against every column and y holds every row to v."""
    x, y = cert.row_strategy, cert.column_weights
    if any(p < 0 for p in x) or sum(x, Fraction(0)) != 1:
        raise CertificateError("the row strategy is not a probability vector")
    if any(p < 0 for p in y) or sum(y, Fraction(0)) != 1:
        raise CertificateError("the column mixture is not a probability vector")
    low, _ = oracle.exact_best_response(x)
    high = max(_column_mixture_payoffs(cert.columns, y, oracle.m))
    if not low == cert.value == high:
        raise CertificateError(f"row strategy guarantees {low}, columns hold to {high}, claimed {cert.value}")


def try_certificate(master: MasterLP, oracle: Oracle) -> tuple[ColGenCertificate | None, Column | None]:
    """Exact certificate from the master's basis, or (None, a column that beats the exact x)."""
    support, v_basic, tight, sum_tight = master.basis_sets()
    if not (v_basic and sum_tight):
        return None, None
    sol = exact_basis_solution(master.columns, master.m, support, tight)
    if sol is None:
        return None, None
    x, v, y, u = sol
    if v != u or any(p < 0 for p in x) or any(p < 0 for p in y):
        return None, None
    low, col = oracle.exact_best_response(x)
    if low < v:
        return None, col
    cols = tuple(master.columns[j] for j in tight)
    keep = [j for j, w in enumerate(y) if w > 0]
    cert = ColGenCertificate(v, tuple(x), tuple(cols[j] for j in keep), tuple(y[j] for j in keep))
    if max(_column_mixture_payoffs(cert.columns, cert.column_weights, master.m)) != v:
        return None, None
    return cert, None
