from fractions import Fraction as F

import pytest

from parlour.analyses.memory.dp import to_fraction
from parlour.analyses.memory.exact import evaluate_fixed_policy, solve_exact
from parlour.analyses.memory.reduced import solve_reduced_exact, solve_reduced_float
from parlour.errors import InvalidInput
from parlour.games.memory.rules import Move, State, all_states, class_transitions, tactic_classes
from parlour.results import Status


def _oracle(pairs: int) -> dict[State, F]:
    """A slow, plain-Fraction Bellman recursion straight from rules.class_transitions."""
    w: dict[State, F] = {}
    for st in all_states(pairs):
        if st.k == 0:
            w[st] = F(0)
            continue
        best, can_pass = None, False
        for c in tactic_classes():
            tr = class_transitions(c, st)
            if tr is None:
                continue
            if c.is_pass:
                can_pass = True
                continue
            v = sum(p * (w[n] + 2 if again else st.k - w[n]) for (n, again), p in tr.items())
            best = v if best is None else max(best, v)
        # pass: w = max(best, k - w) has the single fixed point max(best, k/2)
        w[st] = max(best, F(st.k, 2)) if can_pass else best
    return w


def test_small_games_by_hand():
    # one pair: the first player takes it; two pairs: 1/3 chance to match at once, else the
    # opponent sees two known singletons and takes both pairs -> 2/3 pairs for the first player
    assert solve_exact(1).first_player_pairs == 1
    assert solve_exact(2).first_player_pairs == F(2, 3)
    assert solve_exact(2).advantage == F(2, 3) - F(4, 3)


def test_exact_matches_plain_fraction_oracle():
    sol = solve_exact(7)
    oracle = _oracle(7)
    assert {st: to_fraction(v) for st, v in sol.values.items()} == oracle


def test_fixed_point_and_optimal_sets():
    sol = solve_exact(8)
    for st, w in sol.values.items():
        if st.k == 0:
            continue
        assert sol.policy[st] in sol.optimal[st]
        if Move.PASS in sol.optimal[st]:
            assert to_fraction(w) == F(st.k, 2)  # passing is optimal only at the equal split
        if st.P >= 2:
            assert Move.TAKE_PAIR in sol.optimal[st]


def test_reduced_model_agrees_exactly_and_in_floats():
    full = solve_exact(12)
    red = solve_reduced_exact(12)
    for st, w in full.values.items():
        assert w == red.full_value(st)
        if st.P == 0:
            key = (st.k // 2, st.B)
            assert full.optimal[st] == red.optimal[key]
            assert full.stalemate[st] == red.stalemate[key]
            assert full.pairs_left_at_stalemate[st] == red.pairs_left_at_stalemate[key]
    flt = solve_reduced_float(12)
    for (n, s), w in red.values.items():
        assert abs(float(w) - flt.values[n, s]) < 1e-12


def test_stalemate_figures_consistent():
    sol = solve_exact(6)
    start = sol.start()
    p = sol.stalemate[start]
    assert 0 < p < 1
    assert sol.stalemate_min[start] <= float(p) + 1e-12 <= sol.stalemate_max[start] + 2e-12
    # pairs left at a stalemate are at most n and at least 2 (a pass needs two known singletons)
    left = sol.pairs_left_at_stalemate[start]
    assert 2 * p <= left <= 6 * p


@pytest.mark.parametrize("bad", [0, -3, 2.5, "7", True])
def test_bad_pairs(bad):
    with pytest.raises(InvalidInput):
        solve_exact(bad)


def test_naive_policy_matches_an_independent_recursion():
    """Take known pairs, else the 2-move: E(k, u) pairs for the mover with k known singletons and u
    unknown cards, written out by hand (the MathOverflow 290393 recursion with l = u, its last
    factor read as (l-k-2)/(l-1))."""
    from functools import cache

    @cache
    def E(k: int, u: int) -> F:
        if u == k:
            return F(k)
        t = F(k, u) * (E(k - 1, u - 1) + 1) if k else F(0)
        q = F(u - k, u)
        t += q * F(1, u - 1) * (E(k, u - 2) + 1)
        if k:
            t += q * F(k, u - 1) * (F(k + u, 2) - 1 - E(k, u - 2))
        if u - k - 2 > 0:
            t += q * F(u - k - 2, u - 1) * (F(k + u, 2) - E(k + 2, u - 2))
        return t

    w = evaluate_fixed_policy(12, (Move.TAKE_PAIR, Move.TWO_MOVE))
    for st, v in w.items():
        if st.P == 0 and st.k:
            assert to_fraction(v) == 2 * E(st.B, st.k - st.B), st
    with pytest.raises(InvalidInput):
        evaluate_fixed_policy(3, (Move.PASS,))


def test_memory_solution_is_a_result_with_the_start_figures():
    sol = solve_exact(2)
    data = sol.to_json()
    assert sol.status is Status.EXACT and sol.counters["states"] > 0
    assert data["first_player_expected_pairs_exact"] == "2/3"
    assert data["advantage_exact"] == "-2/3" and data["advantage"] == -2 / 3
    assert data["optimal_tactics_at_start"] == list(sol.to_json()["optimal_tactics_at_start"])


def test_reduced_float_optimal_names_match_the_exact_sets():
    red, flt = solve_reduced_exact(15), solve_reduced_float(15)
    for (n, s), opt in red.optimal.items():
        if n:
            assert flt.optimal(n, s) == opt, (n, s)
