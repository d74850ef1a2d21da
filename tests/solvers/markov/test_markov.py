"""Absorbing chains: exact values proven by a zero residual, float solve, certified bounds, stuck
states, checkpoints."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from parlour.errors import SolverError
from parlour.solvers import markov


def gamblers_ruin(n: int, p: Fraction) -> markov.Explicit:
    """Walk on 1..n-1 up with probability p; outcome 0 = reach n, outcome 1 = reach 0."""

    def succ(i: int):  # type: ignore[no-untyped-def]
        up = (p, i + 1, 0 if i + 1 == n else None)
        down = (1 - p, i - 1, 1 if i - 1 == 0 else None)
        return [up, down]

    return markov.explicit(1, succ, outcomes=2)


def ruin_value(n: int, i: int, p: Fraction) -> Fraction:
    r = (1 - p) / p
    return Fraction(i, n) if r == 1 else (1 - r**i) / (1 - r**n)


def test_exact_matches_closed_form() -> None:
    p = Fraction(2, 5)
    ex = gamblers_ruin(12, p)
    sol = markov.exact(ex.chain)
    for state, i in ex.index.items():
        assert sol.value(i, 0) == ruin_value(12, int(state), p)  # type: ignore[call-overload]
        assert sol.value(i, 0) + sol.value(i, 1) == 1


def test_float_and_certified_bracket_the_exact_value() -> None:
    p = Fraction(3, 7)
    ex = gamblers_ruin(30, p)
    exact = float(ruin_value(30, 1, p))
    fs = markov.float_solve(ex.chain)
    assert fs.residual < 1e-14 and abs(fs.values[0, 0] - exact) < 1e-13
    b = markov.certified(ex.chain, watch=[0], tol=1e-11)
    lo, hi = b.interval(0, 0)
    assert lo <= exact <= hi and hi - lo <= 1e-11 + 2e-15


@pytest.mark.parametrize("outcomes", [1, 2, 3, 4, 5, 6])
def test_certified_bounds_hold_for_any_number_of_outcomes(outcomes: int) -> None:
    # Up to four columns the pass sums in scalars, beyond in an array: both must bracket every exact value.
    def succ(i: int):  # type: ignore[no-untyped-def]
        third = Fraction(1, 3)
        return [(third, (i + 1) % 10, None), (third, (i + 3) % 10, None), (third, None, i % outcomes)]

    ex = markov.explicit(0, succ, outcomes=outcomes)
    sol = markov.exact(ex.chain)
    b = markov.certified(ex.chain, watch=range(ex.chain.n), tol=1e-12)
    for i in range(ex.chain.n):
        for o in range(outcomes):
            lo, hi = b.interval(i, o)
            assert Fraction(lo) <= sol.value(i, o) <= Fraction(hi) and hi - lo <= 2e-12 + 2e-15


def test_stuck_states_become_a_never_outcome() -> None:
    # 0 -> {absorb (1/2), 1 (1/2)}; 1 <-> 2 forever
    def succ(i: int):  # type: ignore[no-untyped-def]
        if i == 0:
            return [(Fraction(1, 2), None, 0), (Fraction(1, 2), 1, None)]
        return [(Fraction(1), 3 - i, None)]

    ex = markov.explicit(0, succ, outcomes=1)
    assert markov.stuck_states(ex.chain).tolist() == [False, True, True]
    sol = markov.exact(ex.chain)
    assert sol.columns == 2 and sol.value(0, 0) == Fraction(1, 2) and sol.value(0, 1) == Fraction(1, 2)
    b = markov.certified(ex.chain, watch=[0], tol=1e-12)
    assert b.interval(0, 1)[0] <= 0.5 <= b.interval(0, 1)[1]


def test_checkpoint_resumes(tmp_path: Path) -> None:
    ex = gamblers_ruin(40, Fraction(1, 2))
    cp = markov.Checkpoint(tmp_path / "run.npy", every_seconds=0.0)
    with pytest.raises(SolverError):
        markov.certified(ex.chain, watch=[0], tol=1e-12, max_sweeps=50, checkpoint=cp, extrapolate=False)
    assert cp.path.exists()
    resumed = markov.certified(ex.chain, watch=[0], tol=1e-12, checkpoint=cp, extrapolate=False)
    fresh = markov.certified(ex.chain, watch=[0], tol=1e-12, extrapolate=False)
    assert resumed.resumed_from == 50
    assert resumed.sweeps == fresh.sweeps
    assert np.array_equal(resumed.lower, fresh.lower)


def test_extrapolation_saves_sweeps_and_stays_sound() -> None:
    p = Fraction(1, 2)
    ex = gamblers_ruin(40, p)
    plain = markov.certified(ex.chain, watch=[0], tol=1e-12, extrapolate=False)
    fast = markov.certified(ex.chain, watch=[0], tol=1e-12)
    assert fast.jumps > 0 and fast.sweeps + fast.repair_sweeps < plain.sweeps
    exact = ruin_value(40, 1, p)
    for i, state in enumerate(ex.states):  # every state's bounds hold, not only the watched one
        for o, value in enumerate((ruin_value(40, int(state), p), 1 - ruin_value(40, int(state), p))):  # type: ignore[call-overload]
            lo, hi = fast.interval(i, o)
            assert Fraction(lo) <= value <= Fraction(hi)
    assert Fraction(fast.interval(0, 0)[0]) <= exact


def test_checkpoint_of_another_chain_is_ignored(tmp_path: Path) -> None:
    cp = markov.Checkpoint(tmp_path / "run.npy", every_seconds=0.0)
    markov.certified(gamblers_ruin(10, Fraction(1, 3)).chain, watch=[0], tol=1e-9, checkpoint=cp)
    b = markov.certified(gamblers_ruin(11, Fraction(1, 3)).chain, watch=[0], tol=1e-9, checkpoint=cp)
    assert b.resumed_from == 0


def test_a_check_pass_never_passes_a_point_above_the_solution() -> None:
    # The engine's proof: a pass Z <- F(Z) (Z = L + offsets) that lowers nothing shows Z <= F(Z). A point
    # above the solution anywhere must therefore always lower something, however many passes.
    p = Fraction(2, 5)
    ex = gamblers_ruin(20, p)
    op = markov.ChainOperator(ex.chain)
    exact = np.array([[float(ruin_value(20, int(s), p)), float(1 - ruin_value(20, int(s), p))] for s in ex.states])
    offsets = np.zeros(exact.shape, markov.OFFSET_DTYPE)
    offsets[7, 0] = 1e-9
    for _ in range(50):
        assert op.lowered(exact, offsets, True) > 0
    below = np.zeros_like(exact)
    op.start(below)
    for _ in range(5):
        op.sweep(below, None)  # up sweeps from 0: a sub-solution ...
    zero = np.zeros(exact.shape, markov.OFFSET_DTYPE)
    assert op.lowered(below, zero, False) == 0 and op.lowered(below, zero, True) == 0  # ... which a pass proves
    assert (below <= exact).all()


def test_a_tampered_checkpoint_is_dropped(tmp_path: Path) -> None:
    ex = gamblers_ruin(30, Fraction(1, 2))
    cp = markov.Checkpoint(tmp_path / "run.npy", every_seconds=0.0)
    with pytest.raises(SolverError):
        markov.certified(ex.chain, watch=[0], tol=1e-12, max_sweeps=20, checkpoint=cp)
    lower = np.load(cp.path)
    lower[0] = [0.9, 0.1]  # a width of 0 at once, and wrong
    np.save(cp.path, lower)
    b = markov.certified(ex.chain, watch=[0], tol=1e-9, checkpoint=cp)
    assert b.resumed_from == 0 and not b.resume_verified
    lo, hi = b.interval(0, 0)
    assert Fraction(lo) <= ruin_value(30, 1, Fraction(1, 2)) <= Fraction(hi)


def test_tol_is_a_half_width() -> None:
    b = markov.certified(gamblers_ruin(30, Fraction(1, 3)).chain, watch=[0], tol=1e-6)
    lo, hi = b.interval(0, 0)
    assert hi - lo <= 2e-6 + 1e-15 and b.status.value == "certified"
    with pytest.raises(Exception, match="half-width"):
        markov.certified(gamblers_ruin(5, Fraction(1, 3)).chain, tol=0.0)
