from parlour.analyses import memory as analysis
from parlour.analyses.memory.claims import rule_exceptions
from parlour.analyses.memory.reduced import solve_reduced_exact
from parlour.claims import REGISTRY, Status, load_all, run_claim


def test_findings_are_reported_as_differs():
    load_all()
    for cid in ("memory.probabilities", "memory.example-precondition"):
        assert run_claim(REGISTRY[cid]).outcome.status is Status.DIFFERS


def test_p0_rule_exceptions_small():
    # the rule read off the tables has exactly two exceptions up to 30 pairs (ties/one odd state)
    red = solve_reduced_exact(30)
    assert rule_exceptions(red.optimal) == [(4, 3), (6, 1)]


def test_summaries_agree():
    a = analysis.summarize(12, exact=True)
    b = analysis.summarize(12)
    assert a.first_player_expected_pairs == b.first_player_expected_pairs
    assert a.stalemate_probability == b.stalemate_probability
    c = analysis.summarize(400)  # float reduced model beyond the exact limit
    assert c.first_player_expected_pairs is None and -0.01 < c.advantage_float < 0
