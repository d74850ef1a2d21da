from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.errors import CertificateError, InvalidInput
from parlour.solvers import zerosum
from parlour.solvers.zerosum import Certificate


def test_matching_pennies() -> None:
    s = zerosum.solve([[1, -1], [-1, 1]])
    assert s.value_exact == 0
    assert s.certificate is not None
    assert s.certificate.row_strategy == (Fraction(1, 2), Fraction(1, 2))
    assert s.certificate.col_strategy == (Fraction(1, 2), Fraction(1, 2))


def test_rock_paper_scissors_is_uniform_and_fair() -> None:
    s = zerosum.solve([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert s.value_exact == 0
    assert s.certificate and set(s.certificate.row_strategy) == {Fraction(1, 3)}


def test_hand_checked_2x2() -> None:
    # [[3, -1], [-2, 1]]: x = (3/7, 4/7), y = (2/7, 5/7), v = 1/7 (by the 2x2 formula)
    s = zerosum.solve([[3, -1], [-2, 1]])
    assert s.value_exact == Fraction(1, 7)
    assert s.certificate and s.certificate.row_strategy == (Fraction(3, 7), Fraction(4, 7))
    assert s.certificate.col_strategy == (Fraction(2, 7), Fraction(5, 7))


def test_saddle_point() -> None:
    s = zerosum.solve([[4, 2, 5], [3, 1, 0]])
    assert s.value_exact == 2
    assert s.certificate and s.certificate.row_strategy == (1, 0)


def test_fraction_entries_are_exact() -> None:
    s = zerosum.solve([[Fraction(1, 3), 0], [0, Fraction(2, 3)]])
    assert s.value_exact == Fraction(2, 9)


def test_float_input_has_gap_but_no_certificate() -> None:
    s = zerosum.solve(np.array([[0.1, 0.7], [0.5, 0.2]]))
    assert s.certificate is None and not s.certified
    assert abs(s.gap) < 1e-9
    # no saddle point; the 2x2 formula (ad - bc)/(a + d - b - c) gives 0.33/0.9
    assert s.value == pytest.approx(0.33 / 0.9, abs=1e-9)
    assert s.value_exact is None and type(s.value) is float  # every result's rule: None where not exact
    with pytest.raises(CertificateError):
        s.proven_value()  # for code that goes on only with a proof


def test_wrong_certificate_is_rejected() -> None:
    bad = Certificate(Fraction(1, 2), (Fraction(1), Fraction(0)), (Fraction(1, 2), Fraction(1, 2)))
    with pytest.raises(CertificateError):
        bad.check([[1, -1], [-1, 1]])
    not_probability = Certificate(Fraction(0), (Fraction(1), Fraction(1)), (Fraction(1, 2), Fraction(1, 2)))
    with pytest.raises(CertificateError):
        not_probability.check([[1, -1], [-1, 1]])


@pytest.mark.parametrize("bad", [[], [[]], [1, 2], [["a", 1]], [[float("nan"), 1]], [[True, 0]]])
def test_bad_matrices(bad: object) -> None:
    with pytest.raises(InvalidInput):
        zerosum.solve(bad)  # type: ignore[arg-type]


matrices = st.integers(1, 6).flatmap(
    lambda m: st.integers(1, 6).flatmap(
        lambda n: st.lists(st.lists(st.integers(-9, 9), min_size=n, max_size=n), min_size=m, max_size=m)
    )
)


@settings(max_examples=60, deadline=None)
@given(matrices, st.integers(-20, 20), st.integers(1, 7))
def test_value_is_affine_invariant(a: list[list[int]], shift: int, factor: int) -> None:
    v = zerosum.solve(a).value_exact
    moved = [[factor * x + shift for x in row] for row in a]
    assert zerosum.solve(moved).value_exact == factor * v + shift


@settings(max_examples=60, deadline=None)
@given(matrices)
def test_negated_transpose_negates_value(a: list[list[int]]) -> None:
    minus_transpose = [[-a[i][j] for i in range(len(a))] for j in range(len(a[0]))]
    assert zerosum.solve(minus_transpose).value_exact == -zerosum.solve(a).value_exact


@settings(max_examples=60, deadline=None)
@given(matrices)
def test_certificate_always_verifies_and_brackets(a: list[list[int]]) -> None:
    s = zerosum.solve(a)
    assert s.certificate is not None
    s.certificate.check(a)  # independent re-check
    arr = np.array(a)
    # the value lies between the pure maximin and minimax
    assert arr.min(axis=1).max() <= s.value_exact <= arr.max(axis=0).min()


def test_against_pygambit() -> None:
    gbt = pytest.importorskip("pygambit", reason="pygambit (optional peer) is not installed")
    rng = np.random.default_rng(7)
    for _ in range(5):
        a = rng.integers(-5, 6, size=(4, 5))
        game = gbt.Game.from_arrays(a, -a)
        eq = gbt.nash.lp_solve(game, rational=True).equilibria[0]
        theirs = eq.payoff(next(iter(game.players)))
        assert Fraction(str(theirs)) == zerosum.solve(a).value_exact


def test_solution_is_a_result_in_the_json_convention():
    exact_sol = zerosum.solve([[1, -1], [-1, 1]])
    data = exact_sol.to_json()
    assert data["value_exact"] == "0" and data["status"] == "exact" and data["certified"]
    assert data["row_strategy"] == [{"row": i, "probability": 0.5, "probability_exact": "1/2"} for i in (0, 1)]
    assert exact_sol.lp_iterations == data["counters"]["lp_iterations"]
    float_sol = zerosum.solve([[1, -1], [-1, 1]], exact=False)
    data = float_sol.to_json()
    assert data["status"] == "estimate" and not any(k.endswith("_exact") for k in data)
    assert abs(data["value"]) < 1e-9 and "probability_exact" not in data["column_strategy"][0]
    labelled = float_sol.payload(["a", "b"], ["x", "y"])
    assert [e["column"] for e in labelled["column_strategy"]] == ["x", "y"]
