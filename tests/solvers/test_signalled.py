"""The two-move game with a signal: the simultaneous case is the matrix game, full information is maximin,
and every exact answer passes its own check."""

from fractions import Fraction

import numpy as np
import pytest

from parlour.errors import CertificateError
from parlour.solvers import signalled, zerosum


@pytest.mark.parametrize("seed", range(40))
def test_one_signal_is_the_matrix_game(seed: int) -> None:
    rng = np.random.default_rng(seed)
    matrix = rng.integers(-5, 6, size=(int(rng.integers(1, 7)), int(rng.integers(1, 7))))
    exact = signalled.solve_exact(matrix.tolist())
    assert exact.exact and exact.value == zerosum.solve(matrix, exact=True).value_exact
    assert signalled.solve_float(matrix).value == pytest.approx(float(exact.value), abs=1e-9)


@pytest.mark.parametrize("seed", range(40))
def test_signals_help_the_responder(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    m = int(rng.integers(1, 7))
    matrix = rng.integers(-5, 6, size=(m, int(rng.integers(1, 7))))
    signals = rng.integers(0, 3, size=m)
    signals = np.unique(signals, return_inverse=True)[1].tolist()  # numbered 0, 1, ...
    hidden = signalled.solve_exact(matrix.tolist()).value
    partly = signalled.solve_exact(matrix.tolist(), signals)
    seen = signalled.solve_exact(matrix.tolist(), list(range(m))).value
    assert seen <= partly.value <= hidden
    assert seen == matrix.min(axis=1).max()  # the responder sees the row: the leader gets his maximin
    low, high = signalled.guarantees(matrix.tolist(), signals, partly.leader, partly.responder)
    assert low == high == partly.value


def test_a_small_game_by_hand() -> None:
    # Rows "bet high" (+2 if called, +1 if folded) and "bet low" (-2 if called, +1 if folded) look the same
    # to the responder (signal 0); "check" (0 either way) is seen as such (signal 1). With weights h, l, c
    # the leader is guaranteed min(2h - 2l, h + l) + 0 c: the largest is h = 1, value min(2, 1) = 1.
    # Without the signal the responder could not tell a check from a bet either, and nothing changes.
    matrix = [[2, 1], [-2, 1], [0, 0]]
    sol = signalled.solve_exact(matrix, [0, 0, 1])
    assert sol.value == 1 and sol.leader == (1, 0, 0)
    assert signalled.solve_exact(matrix).value == 1
    # if the low bet is seen as what it is, it still cannot be used: the value stays 1
    assert signalled.solve_exact(matrix, [0, 1, 2]).value == 1


def test_a_wrong_strategy_fails_the_check() -> None:
    matrix = [[1, -1], [-1, 1]]
    low, high = signalled.guarantees(matrix, None, (Fraction(1), Fraction(0)), ((Fraction(1, 2), Fraction(1, 2)),))
    assert (low, high) == (-1, 0)
    with pytest.raises(CertificateError):
        signalled.guarantees(matrix, None, (Fraction(1), Fraction(1)), ((Fraction(1), Fraction(0)),))
