"""analyses.guess.play, which the page plays with: exact seeded draws and the replays of a game."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from parlour.analyses.guess import play
from parlour.analyses.guess.solve import solve_guess
from parlour.errors import InvalidInput
from parlour.games.guess.trees import Tree


def test_a_draw_is_the_outcome_whose_cumulative_weight_passes_the_seeds_number():
    weights = [Fraction(1, 6), Fraction(1, 2), Fraction(1, 3)]
    for seed in range(200):
        u = random.Random(seed).randrange(6)  # the common denominator
        assert play.draw(weights, seed) == (0 if u < 1 else 1 if u < 4 else 2)


def test_draws_follow_the_distribution():
    weights = [Fraction(1, 10), Fraction(0), Fraction(9, 10)]
    counts = Counter(play.draw(weights, seed) for seed in range(4000))
    assert counts[1] == 0
    assert abs(counts[0] / 4000 - 0.1) < 0.02


@pytest.mark.parametrize("weights", [[], [Fraction(1, 2)], [Fraction(3, 2), Fraction(-1, 2)]])
def test_a_draw_needs_a_probability_vector(weights):
    with pytest.raises(InvalidInput):
        play.draw(weights, 1)


def test_binary_search_against_every_number():
    for hidden in range(1, 16):
        guesses, low, high = [], 1, 15
        while True:
            guesses.append((low + high) // 2)
            game = play.replay_guesser(15, hidden, guesses)
            low, high = game.low, game.high
            if game.over:
                break
        assert len(guesses) == Tree.complete(15).depths[hidden - 1]


def test_answers_for_a_number_replay_to_the_trees_own_play():
    tree = Tree.from_preorder([4, 2, 1, 3, 6, 5, 7])
    for hidden in range(1, 8):
        answers = play.answers_for(tree.depths, hidden)
        game = play.replay_search(tree.depths, answers)
        assert game.over and game.guesses == tree.play(hidden)


def test_bobs_optimal_mixture_needs_at_most_v_for_every_number():
    sol = solve_guess(9)
    bob = [(t.depths, p) for t, p in sol.bob]
    averages = [play.expected_guesses(bob, k) for k in range(1, 10)]
    assert max(averages) == sol.value
    assert all(a == sol.value for a, p in zip(averages, sol.alice, strict=True) if p > 0)
