"""Properties of optimal α decided exactly over the whole optimal set (witness or dual bound)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from parlour.analyses.guess import conjectures as cj
from parlour.analyses.guess.oracle import optimal_bst_exact_fractions
from parlour.analyses.guess.solve import solve_guess
from parlour.errors import InvalidInput


def check(n: int, **kw: object) -> cj.PropertyCheck:
    sol = solve_guess(n)
    assert sol.value is not None
    return cj.some_optimal_alpha(n, sol.value, [t for t, _ in sol.bob], **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", range(5, 12))
def test_johnson_1_and_3_hold_in_his_range(n: int) -> None:
    c1 = check(n, eq=cj.johnson_1(n))
    c3 = check(n, ineq=cj.johnson_3(n))
    assert c1.holds and c1.proven
    assert c3.holds and c3.proven and isinstance(c3.margin, Fraction) and c3.margin > 0


def test_johnson_2_range_and_a_proven_failure() -> None:
    for n in range(7, 12):
        c = check(n, eq=cj.johnson_2(n))
        assert c.holds and c.proven
    fail = check(16, eq=cj.johnson_2(16))
    assert fail.holds is False and fail.proven  # an exact bound strictly below V(16)


def test_n4_witness_and_constraint_that_cannot_hold() -> None:
    # α1 = 0 is impossible for an optimal α at N = 4 (Bob would then never need 3 guesses): proven to fail.
    c = check(4, eq=[{1: 1}])
    assert c.holds is False and c.proven
    # The uniform α is optimal at N = 4, so "α1 = α2" holds.
    assert optimal_bst_exact_fractions([Fraction(1, 4)] * 4) == 2
    assert check(4, eq=[{1: 1, 2: -1}]).holds


def test_arguments() -> None:
    with pytest.raises(InvalidInput):
        check(6)
