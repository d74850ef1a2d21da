"""The cow trade's grader: a bad bid graded with its exact loss (the value and the computer's mixture checked here
against a float LP over the winner matrix built from the rules, the loss recomputed from that matrix), bids in
the optimal mixtures never flagged (yours or the computer's), the trade's payoff telescoping, bad records refused
naming the move."""

from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import linprog

from parlour.analyses.review import cowtrade
from parlour.analyses.review.core import GameRecord, review
from parlour.errors import FormatError
from parlour.games.cowtrade import winner

SETTINGS = {"mode": "money", "money1": 50, "money3": 30, "initiative": 1, "second": "alternate"}


def payoffs(game):
    """Player 1's payoff (+1 / -1) for each pair of bids, from the rules."""
    return [[1 if winner(b1, b3, game.money1, game.money3, game.initiative, game.second_initiative) == 1 else -1
             for b3 in game.bids3] for b1 in game.bids1]


def lp_value(matrix):
    """Player 1's maximin value by a float LP (scipy's HiGHS): max v s.t. x·A_j >= v, x a mixture."""
    a = np.array(matrix, dtype=float)
    m, n = a.shape
    res = linprog(c=[0] * m + [-1], A_ub=np.hstack([-a.T, np.ones((n, 1))]), b_ub=np.zeros(n),
                  A_eq=[[1] * m + [0]], b_eq=[1], bounds=[(0, None)] * m + [(None, None)], method="highs")
    return res.x[-1]


def record(*moves, side=1):
    return GameRecord("cowtrade", {**SETTINGS, "side": side}, tuple(moves))


def test_a_bid_outside_the_mixture_loses_exactly_its_shortfall_against_the_computers_mixture():
    game, _ = cowtrade.game_of(SETTINGS)
    result = cowtrade.solved(game)
    matrix = payoffs(game)
    assert abs(lp_value(matrix) - float(result.value)) < 1e-9
    column = [result.strategy3.get(b, Fraction(0)) for b in game.bids3]
    worth = {b: sum((Fraction(x) * p for x, p in zip(row, column, strict=True)), Fraction(0))
             for b, row in zip(game.bids1, matrix, strict=True)}
    assert max(worth.values()) == result.value  # the computer's mixture holds player 1 to the value
    bad = min(worth, key=lambda b: worth[b])
    computer = next(iter(result.strategy3))
    r = review(record({"by": "you", "bid": bad}, {"by": "computer", "bid": computer}))
    mine = r.decisions[0]
    assert mine.loss == result.value - worth[bad] > 0 and mine.value == worth[bad]
    assert mine.grade == cowtrade.THRESHOLDS.grade(mine.loss) and r.costliest == mine
    payoff = 1 if winner(bad, computer, 50, 30, 1, game.second_initiative) == 1 else -1
    assert result.value - mine.loss + r.luck[0].swing == payoff


@pytest.mark.parametrize("side", [1, 3])
def test_bids_in_the_optimal_mixtures_are_never_flagged(side):
    game, _ = cowtrade.game_of(SETTINGS)
    result = cowtrade.solved(game)
    mine, theirs = (result.strategy1, result.strategy3) if side == 1 else (result.strategy3, result.strategy1)
    moves = [m for a in mine for b in theirs for m in ({"by": "you", "bid": a}, {"by": "computer", "bid": b})]
    r = review(record(*moves, side=side))
    assert len(r.decisions) == 2 * len(mine) * len(theirs)
    assert all(d.grade == "best" and d.loss == 0 and d.best == d.move for d in r.decisions)
    assert r.costliest is None


@pytest.mark.parametrize(("moves", "words"), [
    ([{"by": "computer", "bid": 0}], "move 1 must be by you"),
    ([{"by": "you", "bid": 51}], "move 1's bid must be one you can make"),
    ([{"by": "you", "bid": "10"}], "move 1's bid"),
    ([{"by": "you", "bid": 10}, {"by": "computer", "bid": 5}], "move 2: the computer never bids 5"),
])
def test_a_bad_cow_trade_record_is_refused_naming_the_move(moves, words):
    with pytest.raises(FormatError, match=words):
        review(record(*moves))


@pytest.mark.parametrize(("settings", "words"), [
    ({**SETTINGS, "money1": 101}, "money1"), ({**SETTINGS, "side": 2}, "side"), ({**SETTINGS, "mode": "gold"}, "mode"),
    ({**SETTINGS, "initiative": 2}, "initiative"), ({"mode": "cards", "cards1": [10, 7], "cards3": [0]}, "settings"),
])
def test_bad_cow_trade_settings_are_refused(settings, words):
    with pytest.raises(FormatError, match=words):
        review(GameRecord("cowtrade", settings, ()))


def test_a_game_of_money_cards_is_graded_over_the_sums_a_hand_can_make():
    settings = {"mode": "cards", "cards1": [10, 10, 50], "cards3": [0, 10, 100], "initiative": 3, "side": 3}
    game, side = cowtrade.game_of(settings)
    assert side == 3 and game.bids3 == (0, 10, 100, 110)
    r = review(GameRecord("cowtrade", settings, ({"by": "you", "bid": 110},)))
    assert r.decisions[0].best_value == -cowtrade.solved(game).value
