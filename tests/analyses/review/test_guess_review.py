"""The guessing game's grader: a scripted bad guess graded with its exact loss (recomputed here by a cubic search
over every root with fractions, not the grader's Knuth table), Bob's guesses and Alice's numbers never flagged,
losses and luck adding up to the guesses played, and bad records refused naming the move."""

from fractions import Fraction
from functools import cache

import pytest

from parlour.analyses.guess import play
from parlour.analyses.review import guess
from parlour.analyses.review.core import GameRecord, review
from parlour.errors import FormatError

N = 10


def record(mode, *moves, n=N):
    return GameRecord("guess", {"n": n, "mode": mode}, tuple(moves))


def alice():
    s = guess.strategies(N)
    total = sum(s.alice)
    return [Fraction(w, total) for w in s.alice]


def left(p, low, high):
    """Expected guesses still needed on low..high against Alice's distribution p restricted there, by trying
    every root (cubic, fractions): the independent oracle of the test."""

    @cache
    def cost(lo, hi):  # the least Σ p·depth over searches of lo..hi
        if lo > hi:
            return Fraction(0)
        return sum(p[lo - 1:hi], Fraction(0)) + min(cost(lo, r - 1) + cost(r + 1, hi) for r in range(lo, hi + 1))

    return cost(low, high) / sum(p[low - 1:high], Fraction(0))


def test_a_first_guess_of_1_loses_exactly_what_the_best_search_saves():
    p = alice()
    mass = sum(p, Fraction(0))
    value_of_1 = 1 + sum(p[1:], Fraction(0)) / mass * left(p, 2, N)
    expected_loss = value_of_1 - left(p, 1, N)
    r = review(record("guess", {"by": "you", "guess": 1}, {"by": "Alice", "answer": "higher"}))
    first = r.decisions[0]
    assert first.loss == expected_loss > 0
    assert first.best_value == left(p, 1, N) == guess.strategies(N).value  # V(N): Alice's mixture is optimal
    assert first.grade == guess.THRESHOLDS.grade(expected_loss)
    assert r.costliest == first


def _tree_game(depths, hidden, mode):
    low, high, moves = 1, N, []
    searcher, hider = guess.MODES[mode]
    for a in play.answers_for(depths, hidden):
        g = play.tree_guess(depths, low, high)
        moves += [{"by": searcher, "guess": g}, {"by": hider, "answer": a}]
        low, high = guess.narrowed(low, high, g, a)
    return moves


def test_bobs_guesses_and_alices_numbers_are_never_flagged():
    s = guess.strategies(N)
    for depths, _ in s.bob:
        for hidden in range(1, N + 1):
            if s.alice[hidden - 1] == 0:
                continue
            searched = review(record("guess", *_tree_game(depths, hidden, "guess")))
            assert all(d.grade == "best" and d.best == d.move for d in searched.decisions)
            hid = review(record("hide", *_tree_game(depths, hidden, "hide")))
            assert [d.grade for d in hid.decisions] == ["best"] and hid.decisions[0].move == hidden


def test_losses_and_luck_add_up_to_the_guesses_played():
    moves = [{"by": "you", "guess": 1}, {"by": "Alice", "answer": "higher"}, {"by": "you", "guess": 9},
             {"by": "Alice", "answer": "lower"}, {"by": "you", "guess": 4}, {"by": "Alice", "answer": "correct"}]
    r = review(record("guess", *moves))
    total = guess.strategies(N).value + sum(d.loss for d in r.decisions) - sum(e.swing for e in r.luck)
    assert total == 3 and r.luck[0].player == "you"
    depths = guess.strategies(N).bob[0][0]
    hid = review(record("hide", *_tree_game(depths, 10, "hide")))
    played = len(play.answers_for(depths, 10))
    assert hid.decisions[0].value + sum(e.swing for e in hid.luck) == played


def test_a_guess_outside_the_numbers_left_wastes_exactly_one_guess():
    r = review(record("guess", {"by": "you", "guess": 5}, {"by": "Alice", "answer": "higher"},
                      {"by": "you", "guess": 2}, {"by": "Alice", "answer": "higher"}))
    assert r.decisions[1].loss == 1 and r.decisions[1].grade == "blunder"


def test_an_unfinished_hide_game_grades_nothing_yet():
    depths = guess.strategies(N).bob[0][0]
    first = play.tree_guess(depths, 1, N)
    r = review(record("hide", {"by": "Bob", "guess": first}))
    assert r.decisions == () and r.luck == ()


@pytest.mark.parametrize(("moves", "words"), [
    ([{"by": "Alice", "guess": 3}], "move 1 must be by you"),
    ([{"by": "you", "guess": 11}], "move 1's guess"),
    ([{"by": "you", "guess": True}], "move 1's guess"),
    ([{"by": "you", "guess": 10}, {"by": "Alice", "answer": "higher"}], "move 2: no number"),
    ([{"by": "you", "guess": 3}, {"by": "Alice", "answer": "maybe"}], "move 2's answer"),
    ([{"by": "you", "guess": 3}, {"by": "Alice", "answer": "correct"}, {"by": "you", "guess": 4}], "move 3 comes"),
])
def test_a_bad_guessing_record_is_refused_naming_the_move(moves, words):
    with pytest.raises(FormatError, match=words):
        review(record("guess", *moves))


def test_a_guess_bob_never_makes_and_bad_settings_are_refused():
    s = guess.strategies(N)
    never = next(g for g in range(1, N + 1) if all(play.tree_guess(d, 1, N) != g for d, _ in s.bob))
    with pytest.raises(FormatError, match="move 1: Bob's optimal mixture never guesses"):
        review(record("hide", {"by": "Bob", "guess": never}))
    with pytest.raises(FormatError, match="n must be"):
        review(record("guess", n=guess.MAX_N + 1))
    with pytest.raises(FormatError, match="mode"):
        review(GameRecord("guess", {"n": 3, "mode": "peek"}, ()))


def _slice_values(weights, low, high):
    """guess_values as it was before the one-table-per-N cache: Knuth on the interval's own weights."""
    part = list(weights[low - 1:high])
    cost, whole, m = guess.search_costs(part), sum(part), high - low + 1
    return {low + r: 1 + Fraction(cost[0][r] + cost[r + 1][m], whole) for r in range(m)}, Fraction(cost[0][m], whole)


@pytest.mark.parametrize("scale", [1, 2**50], ids=["float table", "integer table"])
def test_every_interval_s_values_come_from_the_one_table_exactly(scale):
    """The table of all intervals (the oracle's float Knuth table, or Python integers when the weights are too
    large for floats to hold their sums) gives each interval's values exactly as Knuth on that interval alone."""
    weights = tuple(scale * w + (scale > 1) for w in (3, 0, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 0, 8, 9, 7, 9, 3, 2, 3))
    n = len(weights)
    assert (sum(weights) * n < guess.EXACT_IN_FLOATS) == (scale == 1)
    table = guess.costs_table(weights)
    assert isinstance(table, list) == (scale > 1)
    for low in range(1, n + 1):
        for high in range(low, n + 1):
            if sum(weights[low - 1:high]):
                assert guess.guess_values(weights, low, high) == _slice_values(weights, low, high), (low, high)
