"""Exact win chances against a card-by-card enumeration, and the deal grid's bookkeeping."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from parlour.errors import InvalidInput
from parlour.games.winorlose.chance import TOTAL_DEALS, deal_grid, win_chance
from parlour.games.winorlose.characters import LearningState, cutoff
from parlour.games.winorlose.evaluate import evaluate
from parlour.games.winorlose.rules import ChanceRule, Rules, TieRule


def _brute(own, table):
    unseen = [c for c in range(32) if c not in (*own, *table)]
    mine = evaluate([*own, *table])
    w = t = lo = 0
    for opp in combinations(unseen, 2):
        theirs = evaluate([*opp, *table])
        w += mine > theirs
        t += mine == theirs
        lo += mine < theirs
    return w, t, lo


@pytest.mark.parametrize("seed", range(12))
def test_win_chance_equals_enumeration_of_the_300_holdings(seed):
    cards = np.random.default_rng(seed).permutation(32)[:7].tolist()
    own, table = cards[:2], cards[2:]
    wc = win_chance(own, table)
    assert (wc.wins, wc.ties, wc.losses) == _brute(own, table)
    assert wc.win + wc.tie + wc.lose == 1
    t, p = deal_grid().view(own, table)
    assert (deal_grid().wins[t, p], deal_grid().ties[t, p]) == (wc.wins, wc.ties)


def test_grid_counts_every_deal_once():
    grid = deal_grid()
    assert grid.deal_weights().sum() == TOTAL_DEALS == comb(32, 5) * comb(27, 2) * comb(25, 2)
    assert len(grid.table_code) == 784
    views = grid.own_ways > 0
    assert (grid.opp_ways.sum(axis=2)[views] == 300).all()
    assert (grid.table_ways[:, None] * grid.own_ways).sum() == comb(32, 5) * comb(27, 2)
    w = grid.deal_weights()
    assert np.array_equal(w, w.transpose(0, 2, 1))  # Frank and Tina are dealt alike


def test_view_errors():
    with pytest.raises(InvalidInput):
        win_chance([0, 0], [1, 2, 3, 4, 5])
    with pytest.raises(InvalidInput):
        win_chance([0], [1, 2, 3, 4, 5])


def test_rules_points_and_ties():
    r = Rules()
    assert [r.points(True, o) for o in ("win", "tie", "lose")] == [2, 0, -2]
    assert [r.points(False, o) for o in ("win", "tie", "lose")] == [-1, 0, 1]
    assert Rules(tie=TieRule.LOSS).points(False, "tie") == 1
    assert Rules(tie=TieRule.WIN).points(True, "tie") == 2
    assert Rules(chance=ChanceRule.HALF_TIES).chance_numerator(10, 5) == 25


def test_learning_bounds():
    s = LearningState(300)
    assert s.estimate() == 150
    s = s.observe(80, True).observe(70, False).observe(100, True).observe(74, False)
    assert (s.highest_lose, s.lowest_win) == (74, 80)
    assert s.estimate() == 77
    assert cutoff(__import__("fractions").Fraction(1, 4), 300) == 75


@pytest.mark.parametrize(("mine", "theirs", "want"), [(7, 3, (15, 2, 3)), (5, 5, (10, 7, 3)), (2, 9, (10, 2, 8))])
def test_tally_counts_the_ways_once_on_the_right_side(mine, theirs, want):
    """The one win/tie/loss tally: plain Python for the exact count, compiled for simulate's kernel."""
    from parlour.games.winorlose.chance import tally
    from parlour.games.winorlose.simulate import _tally

    assert tally(mine, theirs, 5, 10, 2, 3) == want
    assert _tally(mine, theirs, 5, 10, 2, 3) == want
