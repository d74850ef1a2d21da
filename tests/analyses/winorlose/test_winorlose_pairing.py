"""Tournaments: the exact enumeration against concrete play, symmetry, and Bayesian's optimality."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from parlour.analyses.winorlose.pairing import (
    FRANKS,
    game_odds,
    game_odds_float,
    learning_pairing,
    learning_tables,
    predictions,
    round_distribution,
)
from parlour.games.winorlose.chance import TOTAL_DEALS, deal_grid
from parlour.games.winorlose.characters import MEMORYLESS_TINAS, Frank, Tina
from parlour.games.winorlose.learning import simulate_learning
from parlour.games.winorlose.play import play_round, play_series, random_deal
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


def test_learning_simulation_and_its_bounds():
    res = learning_pairing(Frank.TIGHT, rounds=60, games=300, seed=5)
    misread = res.extra["mean_misread_share_after_round"]
    assert misread[-1] < misread[0]
    assert res.games == 300 and not res.exact
    series = play_series(Frank.TIGHT, Tina.LEARNING, 300, np.random.default_rng(3))
    # Frank Tight says win iff his chance >= 225/300: the bounds must bracket that.
    assert series.learning.highest_lose < 225 <= series.learning.lowest_win


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


@pytest.mark.parametrize("frank", FRANKS)
@pytest.mark.parametrize("rules", [Rules(), Rules(tie=TieRule.LOSS)], ids=["tie-zero", "tie-loss"])
def test_both_learning_tinas_play_alike_on_the_same_deals(frank, rules):
    # Learning Tina exists twice: LearningState + play_round (Python, the terminal and the page) and the
    # numba simulator of the tournament. Both play the same concrete deals: the same points, game by game.
    games, rounds = 6, 40
    rng = np.random.default_rng(17)
    grid = deal_grid()
    deals = [random_deal(rng) for _ in range(games * rounds)]
    cells = []
    for d in deals:
        t, f = grid.view(d.frank, d.table)
        _, g = grid.view(d.tina, d.table)
        cells.append((t * grid.key.shape[1] + f) * grid.key.shape[1] + g)
    lead, frank_tot, tina_tot, ahead, _level, *_ = simulate_learning(
        np.array(cells, dtype=np.int64), games, rounds, learning_tables(frank, rules))
    python_ahead = 0
    for gm in range(games):
        series = play_series(frank, Tina.LEARNING, rounds, rng, rules, deals=deals[gm * rounds:(gm + 1) * rounds])
        assert (series.frank_points, series.tina_points) == (frank_tot[gm], tina_tot[gm]), gm
        assert series.tina_points - series.frank_points == lead[gm]
        python_ahead += series.tina_rounds_ahead
    assert python_ahead == ahead
