"""The claims registry and the report it feeds."""

import json
from pathlib import Path

import pytest

from parlour import claims, report
from parlour.claims import Claim, Outcome, Status
from parlour.errors import InvalidInput


def _claim(id: str, compute, heavy: bool = False) -> Claim:  # type: ignore[no-untyped-def]
    return Claim(id, "study", "table 1", "a statement", "42", heavy, compute)


def test_select_by_prefix_and_heaviness() -> None:
    cs = [_claim("a.x", lambda: None), _claim("a.y", lambda: None, heavy=True), _claim("b.z", lambda: None)]
    assert [c.id for c in claims.select(cs)] == ["a.x", "b.z"]
    assert [c.id for c in claims.select(cs, full=True)] == ["a.x", "a.y", "b.z"]
    assert [c.id for c in claims.select(cs, only=["a."], full=True)] == ["a.x", "a.y"]
    with pytest.raises(InvalidInput, match="no claim id starts with"):
        claims.select(cs, only=["c"])


def test_agree() -> None:
    assert claims.agree("42", "42").status is Status.REPRODUCED
    assert claims.agree("41", "42").status is Status.FAILED
    assert claims.agree("41", "42", "rounded in the study").status is Status.DIFFERS


def test_a_raising_claim_is_reported_as_error() -> None:
    def boom() -> Outcome:
        raise ZeroDivisionError("division by zero")

    result = claims.run_claim(_claim("a.boom", boom))
    assert result.outcome.status is Status.ERROR and not result.outcome.status.ok
    assert "ZeroDivisionError" in result.outcome.computed


def test_report_files(tmp_path: Path) -> None:
    ok = claims.run_claim(_claim("a.ok", lambda: Outcome("42", Status.REPRODUCED, figures=("<svg></svg>",))))
    bad = claims.run_claim(_claim("a.bad", lambda: Outcome("41", Status.FAILED, "expected 42")))
    index = report.write([ok, bad], tmp_path, "parlour reproduce")
    data = json.loads((tmp_path / "claims.json").read_text())
    assert data["ok"] is False and data["counts"] == {"reproduced": 1, "failed": 1}
    assert [c["id"] for c in data["claims"]] == ["a.ok", "a.bad"]
    html = index.read_text()
    assert "<svg></svg>" in html and "expected 42" in html


def test_every_registered_claim_is_well_formed() -> None:
    registry = claims.load_all()
    assert registry, "no claims registered"
    for c in registry.values():
        assert c.id.count(".") >= 1 and c.game in report.GAME_TITLES, c.id
        assert c.statement and c.source and c.study


def test_a_skipped_claim_is_neither_a_pass_nor_a_failure() -> None:
    outcome = claims.skipped("not checked", "stormpy is not installed")
    assert outcome.status is Status.SKIPPED and outcome.status.ok and outcome.explanation


def test_unless_counterexamples_fails_naming_the_first_few() -> None:
    """A check over many cases passes as given, or fails naming how many cases broke it and the first five."""
    from parlour.claims import unless_counterexamples

    passed = Outcome("holds everywhere", Status.REPRODUCED)
    assert unless_counterexamples([], "n", passed) is passed
    failed = unless_counterexamples([(1, 2), (3, 4), 5, 6, 7, 8], "(t1, t3)", passed)
    assert failed.status is Status.FAILED
    assert failed.computed == "fails in 6 cases, first (t1, t3): (1, 2), (3, 4), 5, 6, 7"
