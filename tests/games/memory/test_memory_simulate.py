import random

from parlour.analyses.memory.exact import solve_exact
from parlour.games.memory.simulate import play_game, simulate, standard_error


def test_simulated_card_games_agree_with_exact_values():
    """Real shuffled decks, perfect-memory players following the exact policy: the mean first
    player score and the stalemate rate fall within 4 standard errors of the DP (fixed seed)."""
    n = 6
    sol = solve_exact(n)
    r = simulate(n, 3000, sol.policy, seed=2026)
    assert abs(r.first_pairs.estimate - float(sol.first_player_pairs)) < 4 * standard_error(r.first_pairs)
    p = float(sol.stalemate[sol.start()])
    assert abs(r.stalemate_rate.estimate - p) < 4 * standard_error(r.stalemate_rate)
    assert r.mean_pairs_left_at_stalemate is not None
    assert abs(r.first_pairs.estimate + r.second_pairs - n) < 1e-9
    assert r.first_pairs.contains(r.first_pairs.estimate)


def test_every_game_accounts_for_all_pairs():
    sol = solve_exact(5)
    rng = random.Random(3)
    for _ in range(200):
        g = play_game(5, sol.policy, rng)
        assert g.first_pairs + g.second_pairs == 5
        assert g.stalemate == (g.pairs_left_at_end > 0)
