"""Exact rounds and games: the enumeration against concrete play, symmetry, and Bayesian's optimality."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from parlour.analyses.winorlose import FRANKS, game_odds, game_odds_float, predictions, round_distribution
from parlour.games.winorlose.chance import TOTAL_DEALS, deal_grid
from parlour.games.winorlose.characters import MEMORYLESS_TINAS, Frank, Tina
from parlour.games.winorlose.play import play_round, random_deal
from parlour.games.winorlose.rules import Rules, TieRule


@pytest.mark.parametrize("tina", MEMORYLESS_TINAS)
@pytest.mark.parametrize("frank", FRANKS)
def test_grid_predictions_match_concrete_rounds(frank, tina):
    # play_round decides from one deal with scalar code (Bayesian: a 36-term conditional sum);
    # the tournament decides for all deals at once with arrays. They must agree deal by deal.
    rng = np.random.default_rng(hash((frank, tina)) % 2**32)
    grid = deal_grid()
    fw, tw = predictions(frank, tina, Rules())
    for _ in range(150):
        deal = random_deal(rng)
        rnd, _ = play_round(deal, frank, tina)
        t, f = grid.view(deal.frank, deal.table)
        _, g = grid.view(deal.tina, deal.table)
        assert rnd.frank.says_win == fw[t, f]
        assert rnd.tina.says_win == tw[t, f, g]


def test_blind_against_normal_is_symmetric():
    # Blind Tina and Normal Frank use the same rule on identically distributed views.
    d = round_distribution(Frank.NORMAL, Tina.BLIND)
    fp, tp = d.expected()
    assert fp == tp
    odds = game_odds(d.lead_counts(), 25)
    assert odds.tina_ahead == odds.frank_ahead
    assert odds.tina_ahead + odds.level + odds.frank_ahead == 1


def test_bayesian_scores_at_least_every_memoryless_type():
    for frank in FRANKS:
        best = round_distribution(frank, Tina.BAYESIAN).expected()[1]
        for tina in MEMORYLESS_TINAS:
            assert round_distribution(frank, tina).expected()[1] <= best


def test_exact_and_float_game_odds_agree_and_one_round_is_the_round():
    d = round_distribution(Frank.LOOSE, Tina.SMART, Rules(tie=TieRule.LOSS))
    assert d.total == TOTAL_DEALS
    curve = game_odds_float(d.lead_counts(), 30)
    exact = game_odds(d.lead_counts(), 30)
    assert abs(curve[-1, 0] - float(exact.tina_ahead)) < 1e-12
    one = game_odds(d.lead_counts(), 1)
    lead = d.lead_counts()
    assert one.tina_ahead == Fraction(sum(lead[5:]), TOTAL_DEALS)


def test_exact_points_agree_with_random_card_deals():
    # Independent of the grid's weights: deal real shuffled cards and average the points.
    frank, tina = Frank.LOOSE, Tina.BLIND
    fp, tp = round_distribution(frank, tina).expected()
    rng = np.random.default_rng(11)
    n = 6000
    diffs = []
    for _ in range(n):
        rnd, _ = play_round(random_deal(rng), frank, tina)
        diffs.append(rnd.tina.points - rnd.frank.points)
    mean, se = np.mean(diffs), np.std(diffs) / np.sqrt(n)
    assert abs(mean - float(tp - fp)) < 4 * se


def test_cooperative_outscores_frank_in_a_round_exactly_when_she_wins_the_hand():
    # Cooperative never says "lose" together with Frank, and whenever the predictions differ or are both
    # "win", the player who wins the hand scores more. So the per-round odds do not depend on Frank.
    grid = deal_grid()
    w = grid.deal_weights()
    key = grid.key.astype(np.int64)
    tina_wins = Fraction(int((w * (key[:, None, :] > key[:, :, None])).sum()), TOTAL_DEALS)
    for frank in FRANKS:
        lead = round_distribution(frank, Tina.COOPERATIVE).lead_counts()
        assert Fraction(sum(lead[5:]), TOTAL_DEALS) == tina_wins
