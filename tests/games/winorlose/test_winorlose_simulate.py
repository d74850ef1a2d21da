"""Learning Tina twice: the numba kernel (simulate.learning_games) against the readable player
(play.play_round with characters.LearningState), on the same concrete deals, decision by decision."""

from __future__ import annotations

import numpy as np
import pytest

from parlour.games.winorlose.chance import deal_grid
from parlour.games.winorlose.characters import Frank, LearningState, Tina
from parlour.games.winorlose.play import play_round, random_deal
from parlour.games.winorlose.rules import ChanceRule, Rules, TieRule
from parlour.games.winorlose.simulate import deal_cell, learning_games, learning_tables, sample_cells

GAMES, ROUNDS = 6, 40


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(tie=TieRule.LOSS), Rules(tie=TieRule.WIN, chance=ChanceRule.HALF_TIES)],
    ids=["default", "ties-loss", "ties-win-half-ties"],
)
@pytest.mark.parametrize("frank", list(Frank))
@pytest.mark.parametrize("seed", range(5))
def test_kernel_and_python_player_agree_on_every_round(seed, frank, rules):
    rng = np.random.default_rng(1000 * seed + 7)
    grid = deal_grid()
    deals = [random_deal(rng) for _ in range(GAMES * ROUNDS)]
    cells = []
    for d in deals:
        t, f = grid.view(d.frank, d.table)
        _, g = grid.view(d.tina, d.table)
        cells.append(deal_cell(t, f, g))
    sim = learning_games(np.array(cells), GAMES, ROUNDS, learning_tables(frank, rules))

    ahead = level = 0
    for gm in range(GAMES):
        state = LearningState(rules.chance_denominator)
        frank_total = tina_total = 0
        for r in range(ROUNDS):
            rnd, state = play_round(deals[gm * ROUNDS + r], frank, Tina.LEARNING, rules, state)
            assert rnd.tina.says_win == bool(sim.tina_says_win[gm * ROUNDS + r]), (gm, r)
            frank_total += rnd.frank.points
            tina_total += rnd.tina.points
            ahead += rnd.tina.points > rnd.frank.points
            level += rnd.tina.points == rnd.frank.points
        assert (sim.frank_points[gm], sim.tina_points[gm]) == (frank_total, tina_total)
        assert sim.lead[gm] == tina_total - frank_total
    assert (sim.rounds_tina_ahead, sim.rounds_level) == (ahead, level)


def test_the_kernel_makes_both_decisions_somewhere():
    # The cross-check above would pass vacuously if Tina always said the same thing.
    sim = learning_games(sample_cells(2000, 3), 20, 100, learning_tables(Frank.NORMAL, Rules()))
    assert 0 < sim.tina_says_win.mean() < 1


def test_sampled_cells_follow_the_deal_weights():
    # Tina wins the hand with the exact grid probability, within a few standard errors.
    grid = deal_grid()
    w = grid.deal_weights()
    key = grid.key.astype(np.int64)
    tina_beats = key[:, None, :] > key[:, :, None]
    p = float((w * tina_beats).sum() / w.sum())
    n = 200_000
    got = tina_beats.ravel()[sample_cells(n, 12)].mean()
    assert abs(got - p) < 4 * np.sqrt(p * (1 - p) / n)


def test_cells_and_games_must_match():
    with pytest.raises(ValueError, match="cells"):
        learning_games(np.zeros(5, dtype=np.int64), 2, 3, learning_tables(Frank.LOOSE, Rules()))
