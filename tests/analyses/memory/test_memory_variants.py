from fractions import Fraction as F

from parlour.analyses.memory.dp import to_fraction
from parlour.analyses.memory.exact import solve_exact
from parlour.analyses.memory.variants import solve_forgetful
from parlour.games.memory.rules import State


def test_memory_beats_forgetful_and_perfect_matches_are_weaker():
    sol = solve_forgetful(6)
    n = 6
    assert sol.memory_first_pairs > F(n, 2) and sol.memory_second_pairs > F(n, 2)
    assert sol.memory_first_pairs <= n
    # against another perfect-memory player M gets far less
    assert to_fraction(solve_exact(n).values[State(2 * n, 0, 0)]) / 2 < sol.memory_second_pairs
    assert solve_forgetful(1).memory_first_pairs == 1 and solve_forgetful(1).memory_second_pairs == 0


def test_unconditional_pass_model():
    std, unc = solve_exact(6), solve_exact(6, pass_always=True)
    for st, w in unc.values.items():
        assert to_fraction(w) >= F(st.k, 2)  # the mover can always settle for half
        # (w >= std.values[st] need not hold: the opponent gets the extra option too)
    # the first player's disadvantage in the real game (5 pairs) becomes a stalemate at the start
    std, unc = solve_exact(5), solve_exact(5, pass_always=True)
    assert std.advantage < 0 and unc.advantage == 0 and unc.stalemate[unc.start()] == 1
