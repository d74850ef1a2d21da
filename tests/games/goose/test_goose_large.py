"""The chain-free certified solver (the 5-player path) against the stored-chain solver on 3 players."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.analyses.goose import solve
from parlour.errors import InvalidInput, SolverError
from parlour.games.goose.large import certified_on_the_fly
from parlour.games.goose.rules import STUDY
from parlour.games.goose.space import layout


def test_bounds_contain_the_stored_chain_values_after_a_resume(tmp_path: Path) -> None:
    lay = layout(STUDY, 3)
    start = int(lay.index[0])  # everybody on square 0 (code 0 in every digit)
    ref = solve(STUDY, 3, tol=1e-10)
    cp = tmp_path / "run3.npy"
    with pytest.raises(SolverError):  # a run cut short leaves its checkpoint
        certified_on_the_fly(lay, start, tol=1e-7, checkpoint=cp, max_sweeps=30)
    b = certified_on_the_fly(lay, start, tol=1e-7, checkpoint=cp)
    assert b.resumed_from == 30 and b.sweeps > 30
    assert b.jumps >= 1  # float32 candidates were proven sub-solutions and taken
    for o in range(3):  # relative player o is player o + 1 at the start
        lo, hi = b.interval(start, o)
        assert hi - lo <= 1e-7 + 1e-15
        assert lo <= ref.win_bounds[o][0] and ref.win_bounds[o][1] <= hi


def test_refuses_a_chain_with_stuck_states() -> None:
    with pytest.raises(InvalidInput):
        certified_on_the_fly(layout(STUDY, 2), 0)


def test_chain_free_path_of_solve_agrees_with_the_chain_from_a_position() -> None:
    """The path `parlour goose solve --players 5` takes, on 3 players from a mid-game position."""
    from parlour.analyses.goose import _solve_chain_free
    from parlour.games.goose.rules import state_from_squares

    state = state_from_squares(STUDY, [20, 40, 30], 1, [])
    ref = solve(STUDY, 3, start=state, tol=1e-10)
    got = _solve_chain_free(STUDY, 3, state, 5e-9, None, None, 0.0)
    assert got.counts is None and got.canonical == ref.canonical
    for (lo, hi), (rlo, rhi) in zip(got.win_bounds, ref.win_bounds, strict=True):
        assert hi - lo <= 1e-8 + 1e-15 and lo <= rlo and rhi <= hi
