from parlour.analyses import memory as analysis
from parlour.analyses.memory.p0 import p0_rule_exceptions
from parlour.analyses.memory.reduced import solve_reduced_exact
from parlour.claims import REGISTRY, Status, load_all, run_claim


def test_default_memory_claims_run_and_none_fail():
    load_all()
    mine = [c for c in REGISTRY.values() if c.game == "memory" and not c.heavy]
    assert len(mine) >= 12
    for c in mine:
        res = run_claim(c)
        assert res.outcome.status.ok, (c.id, res.outcome.computed, res.outcome.explanation)


def test_findings_are_reported_as_differs():
    load_all()
    for cid in ("memory.probabilities", "memory.example-precondition"):
        assert run_claim(REGISTRY[cid]).outcome.status is Status.DIFFERS


def test_p0_rule_exceptions_small():
    # the rule read off the tables has exactly two exceptions up to 30 pairs (ties/one odd state)
    red = solve_reduced_exact(30)
    assert p0_rule_exceptions(red.optimal) == [(4, 3), (6, 1)]


def test_summaries_agree():
    a = analysis.summarize(12, exact=True)
    b = analysis.summarize(12)
    assert a.first_player_expected_pairs == b.first_player_expected_pairs
    assert a.stalemate_probability == b.stalemate_probability
    c = analysis.summarize(400)  # float reduced model beyond the exact limit
    assert isinstance(c.first_player_expected_pairs, float) and c.stalemate_probability is None
    assert -0.01 < c.advantage < 0 and c.status.value == "estimate"
    data = c.to_json()
    assert "advantage_exact" not in data and data["advantage"] == c.advantage
