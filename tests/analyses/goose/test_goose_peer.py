"""Storm (stormpy) as an independent peer: same chain, same answers. Skips when stormpy is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.analyses.goose import peer, solve
from parlour.games.goose.rules import STUDY

pytestmark = pytest.mark.skipif(not peer.available(), reason="stormpy (optional extra 'peers') is not installed")


def test_storm_agrees_two_players(tmp_path: Path) -> None:
    ours = solve(STUDY, 2, exact=True)
    theirs = peer.solve(STUDY, 2, tmp_path, precision=1e-12)
    assert theirs.states == 2 * 2163 + 2
    for p in range(2):
        assert abs(theirs.win[p] - ours.win[p]) < 1e-11


@pytest.mark.slow
def test_storm_agrees_three_players(tmp_path: Path) -> None:
    ours = solve(STUDY, 3, tol=1e-12)
    theirs = peer.solve(STUDY, 3, tmp_path, precision=1e-12)
    for p in range(3):
        lo, hi = ours.win_bounds[p]
        slo, shi = theirs.bounds[p]
        assert max(lo, slo) <= min(hi, shi)  # the two certified intervals overlap
