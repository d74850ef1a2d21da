"""`tol` reaches CFR+: a tree beyond the LP aims at the width 2 * tol when tol is given, else at CFR+'s own."""

from __future__ import annotations

from pathlib import Path

import pytest

import parlour
from parlour.solvers import cfr

KUHN = Path(__file__).resolve().parents[2] / "examples" / "kuhn_poker.py"


@pytest.fixture
def beyond_lp(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cfr, "LP_SEQUENCES", 0)  # Kuhn poker (25 sequences) goes to CFR+ as a large tree would


def test_cfr_aims_at_twice_the_users_tol(beyond_lp: None) -> None:
    sol = parlour.solve(KUHN, tol=1e-3)
    assert sol.extra["engine"] == cfr.CFRSolution.engine
    assert sol.status.value == "certified" and sol.value_high - sol.value_low <= 2e-3
    assert "tol 0.001: CFR+ aims at the width 2 * tol" in sol.message
    assert sol.value_low <= parlour.solve(KUHN).value <= sol.value_high  # the LP's exact -1/18 inside


def test_without_tol_cfr_keeps_its_own_aim_and_says_so(beyond_lp: None) -> None:
    sol = parlour.solve(KUHN)
    assert sol.status.value == "certified" and sol.value_high - sol.value_low <= cfr.TOL
    assert f"CFR+'s own aim, the width {cfr.TOL:g}: give tol for another" in sol.message


def test_the_lp_is_untouched_by_tol() -> None:
    given, default = parlour.solve(KUHN, tol=1e-3), parlour.solve(KUHN)
    assert given.to_json().keys() == default.to_json().keys()
    assert given.value_exact == default.value_exact and given.message == default.message  # exact either way
