"""Every Win or Lose claim runs, computes, and keeps the status it has (the findings stay findings)."""

from __future__ import annotations

import pytest

from parlour.claims import REGISTRY, Status, load_all, run_claim

EXPECTED = {
    "winorlose.table.blind-loose": Status.DIFFERS,
    "winorlose.table.blind-normal": Status.REPRODUCED,
    "winorlose.table.blind-tight": Status.DIFFERS,
    "winorlose.table.competitive-loose": Status.REPRODUCED,
    "winorlose.table.competitive-normal": Status.DIFFERS,
    "winorlose.table.competitive-tight": Status.DIFFERS,
    "winorlose.table.cooperative-loose": Status.DIFFERS,
    "winorlose.table.cooperative-normal": Status.DIFFERS,
    "winorlose.table.cooperative-tight": Status.DIFFERS,
    "winorlose.table.smart-loose": Status.DIFFERS,
    "winorlose.table.smart-normal": Status.DIFFERS,
    "winorlose.table.smart-tight": Status.DIFFERS,
    "winorlose.table.learning-loose": Status.DIFFERS,
    "winorlose.table.learning-normal": Status.DIFFERS,
    "winorlose.table.learning-tight": Status.DIFFERS,
    "winorlose.table": Status.DIFFERS,
    "winorlose.table-fit": Status.DIFFERS,
    "winorlose.learning-converges": Status.REPRODUCED,
    "winorlose.smart-beats-blind": Status.REPRODUCED,
    "winorlose.learning-vs-smart": Status.DIFFERS,
    "winorlose.bayesian-loss": Status.NEW,
    "winorlose.cooperative-per-round": Status.NEW,
    "winorlose.category-frequencies": Status.NEW,
    "winorlose.score-codes": Status.REPRODUCED,
}


def test_the_registered_claims_are_the_expected_ones():
    load_all()
    assert sorted(c.id for c in REGISTRY.values() if c.game == "winorlose") == sorted(EXPECTED)


@pytest.mark.parametrize("cid", sorted(EXPECTED))
def test_claim_keeps_its_status(cid):
    load_all()
    res = run_claim(REGISTRY[cid])
    assert res.outcome.status is EXPECTED[cid], (res.outcome.computed, res.outcome.explanation)
    assert res.outcome.computed
