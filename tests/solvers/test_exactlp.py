"""The exact-LP recipe: HiGHS's basis (lp) re-solved exactly, floats rounded to fractions (exactlp)."""

from fractions import Fraction

import numpy as np
import pytest

from parlour.errors import InvalidInput, SolverError
from parlour.solvers import exactlp, lp, zerosum
from parlour.solvers.lp import Basis


def _two_constraints() -> tuple[lp.Program, exactlp.ExactLP]:
    """max x1 + x2  s.t.  x1 + 2 x2 <= 4,  3 x1 + x2 <= 6,  x >= 0: optimum (8/5, 6/5), duals (2/5, 1/5)."""
    columns = [{0: 1, 1: 3}, {0: 2, 1: 1}]
    program = lp.Program.build(lp.Sparse.from_columns(columns), [1.0, 1.0], row_lower=[-lp.INF, -lp.INF],
                               row_upper=[4.0, 6.0], maximise=True)
    return program, exactlp.ExactLP(columns, [1, 1], row_lower=[None, None], row_upper=[4, 6])


def test_the_optimal_basis_is_re_solved_exactly() -> None:
    program, exact = _two_constraints()
    sol = program.solve()
    assert sol.objective == pytest.approx(14 / 5)
    basis = program.basis()
    assert basis.square and basis.basic_cols == (0, 1) and basis.tight_rows == (0, 1)
    assert basis.upper_rows == {0, 1}  # both rows sit at their upper bound
    solved = exactlp.basic_solution(exact, basis)
    assert solved is not None
    assert solved.x == (Fraction(8, 5), Fraction(6, 5))
    assert solved.y == (Fraction(2, 5), Fraction(1, 5))
    # strong duality, exactly: c.x = b.y
    assert sum(solved.x) == 4 * solved.y[0] + 6 * solved.y[1]


def test_a_basis_given_by_hand_honours_bounds_of_nonbasic_columns() -> None:
    # x0 + x1 + x2 = 10 with x1 nonbasic at its upper bound 3 and x2 at its lower bound 2: x0 = 5 exactly.
    exact = exactlp.ExactLP([{0: 1}, {0: 1}, {0: Fraction(1, 3)}], [1, 0, 0], row_lower=[10], row_upper=[10],
                            col_lower=[0, 0, 6], col_upper=[None, 3, None])
    basis = Basis(basic_cols=(0,), tight_rows=(0,), upper_cols=frozenset({1}), upper_rows=frozenset(),
                  row_basic=(False,))
    solved = exactlp.basic_solution(exact, basis)
    assert solved is not None
    assert solved.x == (Fraction(5), Fraction(3), Fraction(6))
    assert solved.y == (Fraction(1),)


def test_fractions_in_the_matrix_are_solved_exactly() -> None:
    # (1/3) a + (1/2) b = 1, (1/5) a - b = 0: b = a/5, a (1/3 + 1/10) = 1, a = 30/13
    assert exactlp.solve_square([[Fraction(1, 3), Fraction(1, 2)], [Fraction(1, 5), -1]], [1, 0]) == [
        Fraction(30, 13), Fraction(6, 13)]


def test_a_singular_or_non_square_basis_gives_none() -> None:
    exact = exactlp.ExactLP([{0: 1, 1: 2}, {0: 2, 1: 4}], [1, 1], row_lower=[1, 2], row_upper=[1, 2])
    singular = Basis((0, 1), (0, 1), frozenset(), frozenset(), (False, False))
    assert exactlp.basic_solution(exact, singular) is None
    assert exactlp.solve_square([[1, 2], [2, 4]], [1, 2]) is None
    not_square = Basis((0, 1), (0,), frozenset(), frozenset(), (False, True))
    assert exactlp.basic_solution(exact, not_square) is None


def test_a_degenerate_lp_still_gives_an_exact_optimal_vertex() -> None:
    # max x1 + x2 s.t. x1 <= 1, x2 <= 1, x1 + x2 <= 2: three constraints meet at (1, 1), a degenerate vertex
    columns = [{0: 1, 2: 1}, {1: 1, 2: 1}]
    program = lp.Program.build(lp.Sparse.from_columns(columns), [1.0, 1.0], row_lower=[-lp.INF] * 3,
                               row_upper=[1.0, 1.0, 2.0], maximise=True)
    program.solve()
    basis = program.basis()
    solved = exactlp.basic_solution(exactlp.ExactLP(columns, [1, 1], [None] * 3, [1, 1, 2]), basis)
    assert solved is not None
    assert solved.x == (1, 1)
    # whichever two rows the basis holds, its duals are nonnegative and price the objective exactly
    assert all(y >= 0 for y in solved.y) and solved.y[0] + solved.y[1] + 2 * solved.y[2] == 2


def test_degenerate_games_are_certified() -> None:
    for matrix in (np.ones((4, 4), dtype=np.int64), [[0, 0], [0, 0]],
                   [[0, 1, -1], [-1, 0, 1], [1, -1, 0], [0, 1, -1]]):  # a repeated row of rock-paper-scissors
        sol = zerosum.solve(matrix)
        assert sol.certificate is not None
        sol.certificate.check(matrix)


def test_rounding_to_fractions() -> None:
    assert exactlp.rounded([1 / 3, 0.5, -1e-17], 1000, nonnegative=True) == [Fraction(1, 3), Fraction(1, 2), 0]
    assert exactlp.rounded([-0.25], 10) == [Fraction(-1, 4)]
    assert exactlp.rounded(np.array([0.1428571428571]), 10) == [Fraction(1, 7)]
    # the denominator bound is honoured: 1/3 to denominators at most 2 is 1/2
    assert exactlp.rounded([1 / 3], 2) == [Fraction(1, 2)]


def test_mixtures() -> None:
    assert exactlp.mixture([Fraction(1), Fraction(3)]) == (Fraction(1, 4), Fraction(3, 4))
    assert exactlp.mixture([Fraction(0), Fraction(0)]) is None
    assert exactlp.mixture([Fraction(2), Fraction(-1)]) is None


def test_candidates_try_the_basis_first_then_rounding() -> None:
    program, exact = _two_constraints()
    sol = program.solve()
    sources = [source for source, _ in exactlp.candidates(exact, program.basis(), sol.x, sol.row_dual)]
    assert sources[0] == "basis" and sources[1:] == [f"rounding (denominators <= {d})" for d in exactlp.ROUNDING]
    rounded = dict(exactlp.candidates(exact, None, [0.6000000001], [-0.4], (10,)))
    assert list(rounded) == ["rounding (denominators <= 10)"]
    assert rounded["rounding (denominators <= 10)"].x == (Fraction(3, 5),)
    assert rounded["rounding (denominators <= 10)"].y == (Fraction(2, 5),)  # the dual's sign is dropped


def test_huge_entries_give_a_clear_error_not_highs_not_set() -> None:
    with pytest.raises(InvalidInput, match="too far apart") as caught:
        zerosum.solve([[10**30, -1], [-1, 1]])
    assert "Not Set" not in str(caught.value)
    with pytest.raises(InvalidInput, match="beyond HiGHS"):
        lp.Program.build(lp.Sparse.from_columns([{0: 1e30}]), [1.0], row_lower=[1.0], row_upper=[lp.INF])
    # the largest entry HiGHS accepts still solves, and exactly
    assert zerosum.solve([[10**14, -1], [-1, 1]]).value_exact == Fraction(10**14 - 1, 10**14 + 3)


def test_an_lp_highs_cannot_solve_says_why() -> None:
    infeasible = lp.Program.build(lp.Sparse.from_columns([{0: 1}]), [1.0], row_lower=[-lp.INF], row_upper=[-1.0],
                                  name="the test LP")
    with pytest.raises(SolverError, match="HiGHS did not solve the test LP: Infeasible"):
        infeasible.solve()
    assert not lp.minimise([1.0], a_ub=np.array([[1.0]]), b_ub=[-1.0]).optimal


def test_rows_added_later_are_solved_from_the_last_basis() -> None:
    program = lp.Program(presolve=False)
    program.add_columns([-1.0, -1.0], [0.0, 0.0], [lp.INF, lp.INF])  # max x + y
    program.add_rows([-lp.INF], [4.0], lp.Sparse(np.array([0, 2], dtype=np.int32), np.array([0, 1], dtype=np.int32),
                                                 np.array([1.0, 2.0])))
    assert program.solve().objective == pytest.approx(-4.0)
    program.add_rows([-lp.INF], [6.0], lp.Sparse(np.array([0, 2], dtype=np.int32), np.array([0, 1], dtype=np.int32),
                                                 np.array([3.0, 1.0])))
    assert program.solve().x == pytest.approx([8 / 5, 6 / 5])
    program.delete_rows([1])
    assert program.solve().objective == pytest.approx(-4.0)


def test_row_basic_reads_the_slacks_the_basis_reads() -> None:
    # max x + y  s.t.  x + 2y <= 4,  3x + y <= 6,  x + y <= 100 (never tight: its slack is basic)
    program = lp.Program(presolve=False)
    program.add_columns([-1.0, -1.0], [0.0, 0.0], [lp.INF, lp.INF])
    assert program.row_basic().tolist() == []
    rows = lp.Sparse(np.array([0, 2, 4, 6], dtype=np.int32), np.array([0, 1, 0, 1, 0, 1], dtype=np.int32),
                     np.array([1.0, 2.0, 3.0, 1.0, 1.0, 1.0]))
    program.add_rows([-lp.INF] * 3, [4.0, 6.0, 100.0], rows)
    assert program.row_basic().tolist() == [True, True, True]  # not solved yet: HiGHS's all-slack basis
    program.solve()
    assert program.row_basic().tolist() == list(program.basis().row_basic) == [False, False, True]
    program.delete_rows([0])  # 3x + y <= 6 alone binds: (0, 6), and x + y <= 100 is still slack
    assert program.solve().x == pytest.approx([0.0, 6.0])
    assert program.row_basic().tolist() == list(program.basis().row_basic) == [False, True]


def test_the_master_purges_the_rows_its_solves_left_idle() -> None:
    from parlour.solvers.colgen.master import Master

    master = Master(2)
    # the row player's LP over matching pennies' two columns and one that pays 5 whatever it plays: that
    # column's row is never tight (x.(5, 5) = 5 > v = 1/2), so its slack stays basic and it goes idle
    assert master.add([(1, 0), (0, 1), (5, 5)]) == 3
    for solves in (1, 2):
        v, x, _ = master.solve()
        assert v == pytest.approx(0.5) and x == pytest.approx([0.5, 0.5])
        assert master.idle.tolist() == [0, 0, solves]
    assert master.purge(2) == 0
    assert master.purge(1) == 1
    assert master.columns == [(1, 0), (0, 1)] and master.known == {(1, 0), (0, 1)} and master.purged == 1
    assert master.idle.tolist() == [0, 0]
    assert master.solve()[0] == pytest.approx(0.5)


def test_an_integer_system_said_integral_is_solved_alike() -> None:
    matrix, rhs = [[2, 1, -1], [1, 3, 0], [0, 1, 4]], [1, 0, 2]
    assert exactlp.solve_square(matrix, rhs, integral=True) == exactlp.solve_square(matrix, rhs)
    assert exactlp.solve_square(matrix, [Fraction(1, 3), 0, 2], integral=True) == exactlp.solve_square(
        [[Fraction(v) for v in row] for row in matrix], [Fraction(1, 3), 0, 2])
    assert exactlp.solve_square([[1, 2], [2, 4]], [1, 2], integral=True) is None


def test_one_row_at_a_time_is_the_same_lp() -> None:
    program = lp.Program(presolve=False)
    program.add_columns([-1.0, -1.0], [0.0, 0.0], [lp.INF, lp.INF])  # max x + y
    program.add_row(-lp.INF, 4.0, np.array([0, 1], dtype=np.int32), np.array([1.0, 2.0]))
    program.add_row(-lp.INF, 6.0, np.array([0, 1], dtype=np.int32), np.array([3.0, 1.0]))
    assert program.solve().x == pytest.approx([8 / 5, 6 / 5])
    with pytest.raises(InvalidInput, match="beyond HiGHS"):
        program.add_row(0.0, lp.INF, np.array([0], dtype=np.int32), np.array([1e30]))
    assert program.h.getNumRow() == 2  # the refused row was not added


def test_sparse_elimination_agrees_with_flints_dense_solve() -> None:
    """`solve_sparse` (the sequence form's large bases): the same exact solution as FLINT's on random sparse
    systems with fractions, None on a singular one and on one that fills in beyond its budget."""
    import random

    rng = random.Random(3)
    for n in (1, 5, 40):
        rows = [{i: Fraction(rng.randint(1, 9), rng.randint(1, 4))} for i in range(n)]  # a nonsingular diagonal
        for _ in range(2 * n):
            rows[rng.randrange(n)][rng.randrange(n)] = Fraction(rng.randint(-5, 5), rng.randint(1, 3))
        rhs = [Fraction(rng.randint(-3, 3), rng.randint(1, 5)) for _ in range(n)]
        dense = [[row.get(j, 0) for j in range(n)] for row in rows]
        expected = exactlp.solve_square(dense, rhs)
        assert exactlp.solve_sparse(rows, rhs, fill=10**6) == expected
        if expected is not None:
            for row, b in zip(rows, rhs, strict=True):
                assert sum(row.get(j, 0) * x for j, x in enumerate(expected)) == b
    assert exactlp.solve_sparse([{0: 1, 1: 2}, {0: 2, 1: 4}], [1, 2], fill=100) is None  # singular
    assert exactlp.solve_sparse([{0: 1}, {0: 1}], [1, 1], fill=100) is None  # column 1 is empty
    full = [{j: 1 + (i == j) for j in range(6)} for i in range(6)]
    assert exactlp.solve_sparse(full, [1] * 6, fill=10) is None
    assert exactlp.solve_sparse(full, [1] * 6, fill=10**3) == [Fraction(1, 7)] * 6


def test_a_sparse_basis_is_re_solved_as_the_dense_one() -> None:
    program, exact = _two_constraints()
    program.solve()
    basis = program.basis()
    assert exactlp.basic_solution(exact, basis, fill=100) == exactlp.basic_solution(exact, basis)
