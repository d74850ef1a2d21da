"""The certified solver for V(N): exact values, both masters, the symmetry fold, the exact re-check."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from parlour.analyses.guess import table
from parlour.analyses.guess.dresher import dresher
from parlour.analyses.guess.oracle import optimal_bst_exact_fractions
from parlour.analyses.guess.solve import check_solution, solve_guess
from parlour.errors import CertificateError, InvalidInput
from parlour.games.guess.trees import Tree
from parlour.solvers import zerosum
from parlour.solvers.colgen import Stabilisation


def all_trees_matrix(n: int) -> np.ndarray:
    def build(lo: int, hi: int, d: int) -> list[dict[int, int]]:
        if lo > hi:
            return [{}]
        return [
            {r: d, **left, **right}
            for r in range(lo, hi + 1)
            for left in build(lo, r - 1, d + 1)
            for right in build(r + 1, hi, d + 1)
        ]

    return np.array([[t[k] for t in build(1, n, 1)] for k in range(1, n + 1)], dtype=np.int64)


@pytest.mark.parametrize("n", range(1, 9))
def test_value_equals_full_matrix_lp(n: int) -> None:
    sol = solve_guess(n)
    assert sol.certified
    assert sol.value == zerosum.solve(all_trees_matrix(n)).value_exact
    assert sum(sol.alice, Fraction(0)) == 1
    assert all(Tree(t.depths) == t for t, _ in sol.bob)


def test_known_small_values() -> None:
    assert solve_guess(3).value == Fraction(9, 5)  # Dresher
    assert solve_guess(4).value == 2
    assert optimal_bst_exact_fractions([Fraction(1, 4)] * 4) == 2  # the uniform α is optimal at N = 4


@pytest.mark.parametrize("n", [13, 16, 31, 40])
def test_masters_symmetry_and_smoothing_agree(n: int) -> None:
    base = solve_guess(n)
    assert base.certified
    for kwargs in (
        {"master": "highs"},
        {"symmetric": False},
        {"stabilisation": Stabilisation("none")},
        {"stabilisation": Stabilisation("fixed", guess=tuple([1.0] * ((n + 1) // 2)))},
        {"extra": 0},
    ):
        other = solve_guess(n, **kwargs)  # type: ignore[arg-type]
        assert other.certified and other.value == base.value, kwargs


def test_symmetric_solution_is_symmetric_and_heights() -> None:
    sol = solve_guess(50)
    assert sol.alice == sol.alice[::-1]
    weights = {t.depths: p for t, p in sol.bob}
    for t, p in sol.bob:
        assert weights.get(t.mirror().depths) == p
    # Bob can never do with fewer than ⌈lg(N+1)⌉ guesses in his tallest tree.
    assert sol.max_guesses >= math.ceil(math.log2(51))
    js = sol.to_json()
    assert js["numbers"] == 50 and js["certified"] is True and Fraction(js["value_exact"]) == sol.value
    assert len(js["alice"]) == 50 and {"tree", "guesses", "probability", "probability_exact"} <= set(js["bob"][0])
    assert js["status"] == "exact" and js["seconds"] > 0


def test_check_solution_refuses_wrong_claims() -> None:
    sol = solve_guess(6)
    assert sol.value is not None
    alice = tuple(Fraction(a) for a in sol.alice)
    bob = [(t, Fraction(p)) for t, p in sol.bob]
    check_solution(6, sol.value, alice, bob)
    with pytest.raises(CertificateError):
        check_solution(6, sol.value + Fraction(1, 10**6), alice, bob)
    uniform = tuple([Fraction(1, 6)] * 6)
    if optimal_bst_exact_fractions(uniform) != sol.value:
        with pytest.raises(CertificateError):
            check_solution(6, sol.value, uniform, bob)


def test_bad_n() -> None:
    for bad in (0, -3, 2.5, True):
        with pytest.raises(InvalidInput):
            solve_guess(bad)  # type: ignore[arg-type]
    for threads in (0, -1, 1.5, True):
        with pytest.raises(InvalidInput):
            solve_guess(10, threads=threads)  # type: ignore[arg-type]


def test_the_thread_count_changes_nothing_but_the_time() -> None:
    # the dense master's pivots run their rows on numba's threads: each row's numbers are the same on
    # any number of them, so the whole run (every pivot, every round) must be the same
    one, two = (solve_guess(150, threads=t) for t in (1, 2))
    assert one.value == two.value == table.lookup(150).value
    assert one.iterations == two.iterations
    assert one.counters["lp_iterations"] == two.counters["lp_iterations"]
    assert [s.upper for s in one.trace] == [s.upper for s in two.trace]


def test_dresher_trace_n4_and_n3() -> None:
    run = dresher(4)
    assert run.value == 2 and run.steps[-1].entering is None
    uppers = [s.upper for s in run.steps if s.upper is not None]
    assert all(b <= a for a, b in itertools.pairwise(uppers))  # Bob's bound never rises
    assert sum(p for _, p in run.bob) == 1
    assert dresher(3).value == Fraction(9, 5)
    with pytest.raises(InvalidInput):
        dresher(1000)


def test_points_priced_in_parallel_agree_with_one_by_one() -> None:
    from parlour.analyses.guess.oracle import GuessOracle, optimal_bst

    oracle = GuessOracle(301)
    rng = np.random.default_rng(3)
    points = [p / p.sum() for p in rng.random((8, oracle.m))]
    priced = oracle.responses(points, extra=3)
    assert len(priced) == 8
    for point, (value, col, more) in zip(points, priced, strict=True):
        best, _ = optimal_bst(np.asarray(oracle.unfold(point)))  # each thread's own DP table, not another's
        assert abs(2 * best - value) <= 1e-9 * value and len(more) == 3
        assert all(float(point @ other) <= value * (1 + 0.01) for other in more)  # near-best, slack 0.001
        assert tuple(col) in oracle.trees


def test_stretch_keeps_mass_and_symmetry() -> None:
    from parlour.analyses.guess.oracle import GuessOracle
    from parlour.analyses.guess.solve import stretch

    alpha = np.array([0.1, 0.3, 0.2, 0.3, 0.1])
    for n in (1, 4, 5, 11):
        a = stretch(alpha, n)
        assert a.shape == (n,) and abs(a.sum() - 1) < 1e-12 and (a >= 0).all()
        assert np.allclose(a, a[::-1])  # a mirror-symmetric α stays symmetric
    assert np.allclose(stretch(alpha, 5), alpha)  # same N: unchanged
    assert np.allclose(stretch(alpha, 10), np.repeat(alpha, 2) / 2)  # each cell split in two
    assert np.allclose(stretch([], 3), 1 / 3) and np.allclose(stretch([0, 0], 3), 1 / 3)
    oracle = GuessOracle(5)
    assert np.allclose(oracle.fold_weights(alpha), [0.2, 0.6, 0.2])


def test_warm_start_from_a_nearby_n_gives_the_same_certified_value() -> None:
    from parlour.analyses.guess.solve import extend_tree

    before = solve_guess(59)
    trees = [extend_tree(t.depths) for t, _ in before.bob]
    warm = solve_guess(60, warm_trees=trees, near_alice=[float(a) for a in before.alice])
    assert warm.certified and warm.value == solve_guess(60).value


@pytest.mark.parametrize("n", [29, 64, 100, 128])
def test_scattered_pricing_gives_the_table_values(n: int) -> None:
    from parlour.analyses.guess.table import lookup

    sol = solve_guess(n, stabilisation=Stabilisation(scatter=4))
    entry = lookup(n)
    assert entry is not None and sol.certified and sol.value == entry.value
    assert sol.counters["lp_iterations"] > 0
