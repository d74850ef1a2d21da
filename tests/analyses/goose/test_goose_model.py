"""Game of the Goose results: the study's 2-player numbers, variants, any start, Figure 2."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from parlour.analyses import goose
from parlour.errors import InvalidInput
from parlour.games.goose.rules import STUDY, State, shipped, variant


@pytest.fixture(scope="module")
def two() -> goose.GooseSolution:
    return goose.solve(STUDY, 2, exact=True)


def test_two_players_all_published_digits(two: goose.GooseSolution) -> None:
    assert two.win_exact is not None and two.draw_exact is not None
    p1 = two.win_exact[0]
    assert p1.numerator * 10**30 // p1.denominator == 393625137393757391402840344876
    assert f"{float(two.win_exact[1]):.4f}" == "0.3800"  # published 0.3799: truncated, not rounded
    assert str(float(two.win_exact[1])).startswith("0.3799")
    assert str(float(two.draw_exact)).startswith("0.2263")
    assert sum(two.win_exact) + two.draw_exact == 1
    assert len(str(p1.denominator)) > 1000


def test_certified_bounds_contain_exact(two: goose.GooseSolution) -> None:
    assert two.win_exact is not None
    cert = goose.solve(STUDY, 2, tol=1e-12)
    for p in range(2):
        lo, hi = cert.win_bounds[p]
        assert Fraction(lo) <= two.win_exact[p] <= Fraction(hi) and hi - lo <= 2e-12 + 1e-15


def test_from_a_position_relabels_players(two: goose.GooseSolution) -> None:
    a = goose.solve(STUDY, 2, exact=True, start=State(0, (40, 20)))
    b = goose.solve(STUDY, 2, exact=True, start=State(1, (20, 40)))
    assert a.win_exact is not None and b.win_exact is not None
    assert a.win_exact[0] == b.win_exact[1] and a.win_exact[1] == b.win_exact[0]
    stuck = goose.solve(STUDY, 2, exact=True, start=State(0, (31, 52)))
    assert stuck.draw_exact == 1


def test_toy_and_variants() -> None:
    toy = goose.solve(shipped("toy"), 2, exact=True)
    assert toy.win_exact == (Fraction(16, 27), Fraction(11, 27))
    base = goose.solve(STUDY, 2, tol=1e-9).win[0]
    for name in ("maze37", "no-inn-skip"):
        v = goose.solve(variant(name), 2, tol=1e-9).win[0]
        assert 1e-6 < abs(v - base) < 0.02


def test_three_players_certified() -> None:
    s = goose.solve(STUDY, 3, tol=1e-9)
    assert abs(sum(s.win) - 1) < 1e-8
    assert s.win[0] > s.win[1] > s.win[2]
    assert all(hi - lo <= 2e-9 + 1e-15 for lo, hi in s.win_bounds)


def test_exact_refused_for_big_chains() -> None:
    with pytest.raises(InvalidInput):
        goose.solve(STUDY, 3, exact=True)


def test_figure_two_surfaces() -> None:
    s = goose.surfaces(STUDY)
    assert len(s.squares) == 47
    i0 = s.squares.index(0)
    assert s.p1_wins_1_to_move[i0, i0] == pytest.approx(0.3936251373937574)
    assert np.isnan(s.p1_wins_1_to_move[s.squares.index(1), i0])  # square 1 is unreachable
    j31, j52 = s.squares.index(31), s.squares.index(52)
    assert s.draw_1_to_move[j52, j31] == 1.0


def test_every_state_bound_contains_the_exact_value(two: goose.GooseSolution) -> None:
    """Certified bounds (with the verified extrapolations) hold at all 2,163 states, every outcome."""
    from parlour.analyses.goose import chain as gchain
    from parlour.solvers import markov

    sol = goose.exact_solution(STUDY, 2)
    sp = gchain.space(STUDY, 2)
    b = markov.certified(gchain.markov_chain(sp), watch=range(sp.size), tol=1e-10)
    assert b.lower.shape == (sp.size, sol.columns)
    den = sol.denominator
    for s in range(sp.size):
        for o in range(sol.columns):
            lo, hi = b.interval(s, o)
            num = sol.numerators[s * sol.columns + o]
            assert Fraction(lo) * den <= num <= Fraction(hi) * den
