"""Bounds packed with their extrapolation offsets into 8 bytes a value (`solvers.markov.packed`): the
same proofs as float64 bounds, with a coarser floor."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numba
import numpy as np
import pytest

from parlour.errors import SolverError
from parlour.solvers import markov
from parlour.solvers.markov import packed


@numba.njit(cache=True)
def _round_trip(xs):
    out = np.empty(xs.size)
    for k in range(xs.size):
        out[k] = np.float64(packed.offset_units(packed.pack(7, packed.encode(xs[k]))))
    return out


def test_an_offset_is_encoded_rounded_down_to_about_four_and_a_half_digits() -> None:
    rng = np.random.default_rng(5)
    xs = np.concatenate([[0.0, 1.0, -1.0, 16383.0, 16384.0, -16384.0, -16385.5, 2.0**44, -(2.0**44)],
                         rng.standard_normal(2000) * 10.0 ** rng.integers(0, 13, 2000)])
    got = _round_trip(xs)
    assert (got <= xs).all()  # never above: a candidate read back is never more than was asked
    assert (xs - got <= np.maximum(1.0, np.abs(xs) / 2**13)).all()  # the largest such below


def ruin(n: int, p: Fraction) -> markov.Explicit:
    def succ(i: int):
        return [(p, i + 1, 0 if i + 1 == n else None), (1 - p, i - 1, 1 if i - 1 == 0 else None)]

    return markov.explicit(1, succ, outcomes=2)


@pytest.mark.parametrize("stuck", [False, True])
def test_packed_bounds_bracket_every_exact_value_after_extrapolating(stuck: bool) -> None:
    def succ(i: int):  # a ring of 40 with exits; 40 <-> 41 never end
        if i >= 40:
            return [(Fraction(1), 81 - i, None)]
        moves = [(Fraction(2, 5), (i + 1) % 40, None), (Fraction(2, 5), (i + 7) % 40, None),
                 (Fraction(1, 10), None, i % 2)]
        return [*moves, (Fraction(1, 10), 40 if stuck and i == 5 else None, None if stuck and i == 5 else 1)]

    ex = markov.explicit(0, succ, outcomes=2)
    sol = markov.exact(ex.chain)
    b = markov.certified(ex.chain, watch=range(ex.chain.n), tol=5e-10, packed_bounds=True)
    assert b.lower.dtype == np.uint64 and b.jumps > 0  # candidates were proven and taken
    for i in range(ex.chain.n):
        for o in range(sol.columns):
            lo, hi = b.interval(i, o)
            assert Fraction(lo) <= sol.value(i, o) <= Fraction(hi) and hi - lo <= 1e-9 + 1e-15


def test_a_packed_run_resumes_and_a_tampered_file_is_dropped(tmp_path: Path) -> None:
    # Biased and short: 68 packed sweeps (+ 13 checks) to 1e-9; the fair 30-square walk took 584 (+ 329), each
    # a compiled parallel call, four runs over.
    p, n = Fraction(2, 5), 12
    ex = ruin(n, p)
    cp = markov.Checkpoint(tmp_path / "run.npy", every_seconds=0.0)
    with pytest.raises(SolverError):
        markov.certified(ex.chain, watch=[0], tol=1e-9, max_sweeps=40, checkpoint=cp, packed_bounds=True)
    b = markov.certified(ex.chain, watch=[0], tol=1e-9, checkpoint=cp, packed_bounds=True)
    assert b.resumed_from == 40 and b.resume_verified
    lower = np.load(cp.path)
    lower[0] = [packed.word(0.9), packed.word(0.1)]  # a width of 0 at once, and wrong
    np.save(cp.path, lower)
    again = markov.certified(ex.chain, watch=[0], tol=1e-9, checkpoint=cp, packed_bounds=True)
    assert again.resumed_from == 0 and not again.resume_verified
    floats = markov.certified(ex.chain, watch=[0], tol=1e-9, checkpoint=cp)  # a float run does not read it
    assert floats.resumed_from == 0
    lo, hi = again.interval(0, 0)
    r = (1 - p) / p
    assert Fraction(lo) <= (1 - r) / (1 - r**n) <= Fraction(hi)  # reaching n from 1


def test_a_packed_check_never_passes_a_point_above_the_solution() -> None:
    ex = ruin(20, Fraction(2, 5))
    op = markov.ChainOperator(ex.chain)
    r = Fraction(3, 2)
    exact = [(1 - r**int(s)) / (1 - r**20) for s in ex.states]  # type: ignore[call-overload]
    above = np.array([[packed.word(float(v)), packed.word(float(1 - v))] for v in exact], np.uint64)
    above[7, 0] += np.uint64(packed.encode(1e4))  # Z = L + 1e4 units: 1.1e-9 above at one value
    for _ in range(30):
        assert op.lowered(above, above, True) > 0
