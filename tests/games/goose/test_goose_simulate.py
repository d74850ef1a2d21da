"""The vectorised Monte Carlo: reproducible, and in agreement with the exact 2-player values."""

from __future__ import annotations

import pytest

from parlour.errors import InvalidInput
from parlour.games.goose.rules import STUDY, shipped
from parlour.games.goose.simulate import simulate

P1_2P = 0.3936251373937574
P2_2P = 0.37998531207888897
DRAW_2P = 0.22638955052735366


def test_seeded_runs_repeat() -> None:
    assert simulate(STUDY, 3, 2000, seed=3) == simulate(STUDY, 3, 2000, seed=3)


def test_agrees_with_exact_two_players() -> None:
    sim = simulate(STUDY, 2, 60_000, seed=11)
    se = sim.stderr
    assert abs(sim.win[0] - P1_2P) < 4.5 * se[0]
    assert abs(sim.win[1] - P2_2P) < 4.5 * se[1]
    assert abs(sim.draw - DRAW_2P) < 4.5 * (DRAW_2P * (1 - DRAW_2P) / sim.games) ** 0.5
    lo, hi = sim.interval(0, z=4.5)
    assert lo < P1_2P < hi


def test_toy_game_without_occupancy() -> None:
    sim = simulate(shipped("toy"), 2, 40_000, seed=1)
    assert abs(sim.win[0] - 16 / 27) < 4.5 * sim.stderr[0]


def test_bad_input() -> None:
    with pytest.raises(InvalidInput):
        simulate(STUDY, 1, 10)
    with pytest.raises(InvalidInput):
        simulate(STUDY, 2, 0)
