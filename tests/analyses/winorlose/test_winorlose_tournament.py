"""Pairings and tournaments: exact results and the Learning simulation, in the result protocol."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from parlour.analyses.winorlose import (
    FRANKS,
    exact_pairing,
    learning_pairing,
    pairing,
    round_distribution,
    tournament,
)
from parlour.games.winorlose.characters import Frank, Tina
from parlour.games.winorlose.play import play_series
from parlour.games.winorlose.rules import Rules
from parlour.results import Status


def test_learning_simulation_and_its_bounds():
    res = learning_pairing(Frank.TIGHT, rounds=60, games=300, seed=5)
    misread = res.extra["mean_misread_share_after_round"]
    assert misread[-1] < misread[0]
    assert res.games == 300 and not res.exact
    series = play_series(Frank.TIGHT, Tina.LEARNING, 300, np.random.default_rng(3))
    # Frank Tight says win iff his chance >= 225/300: the bounds must bracket that.
    assert series.learning.highest_lose < 225 <= series.learning.lowest_win



def test_exact_pairing_is_the_round_distribution_and_prints_in_the_convention():
    res = exact_pairing(Frank.TIGHT, Tina.SMART, rounds=7)
    fp, tp = round_distribution(Frank.TIGHT, Tina.SMART).expected()
    assert (res.frank_points_per_round, res.tina_points_per_round) == (fp, tp)
    assert res.status is Status.EXACT and res.exact
    js = res.to_json()
    assert js["tina_points_per_round_exact"] == str(tp) and js["tina_points_per_round"] == float(tp)
    assert Fraction(js["p_tina_more_over_game_exact"]) == res.p_tina_more_over_game
    assert js["frank_type"] == "tight" and js["tina_type"] == "smart" and js["rounds"] == 7


def test_learning_pairing_prints_intervals_as_ci_and_is_reproducible():
    a = learning_pairing(Frank.NORMAL, rounds=20, games=200, seed=8)
    b = pairing(Frank.NORMAL, Tina.LEARNING, rounds=20, games=200, seed=8)
    assert a.to_json()["tina_points_per_round"] == b.to_json()["tina_points_per_round"]
    js = a.to_json()
    assert a.status is Status.ESTIMATE and js["exact"] is False
    low, high = js["p_tina_more_in_a_round_ci"]
    assert low < js["p_tina_more_in_a_round"] < high
    assert not any(k.endswith(("_exact", "_bounds")) for k in js)


@pytest.mark.parametrize("bad", [{"games": 1}, {"rounds": 0}])
def test_learning_needs_a_real_simulation(bad):
    from parlour.errors import InvalidInput

    with pytest.raises(InvalidInput):
        learning_pairing(Frank.LOOSE, **bad)


def test_tournament_covers_every_pairing_and_reports_progress():
    seen = []
    t = tournament(Rules(), rounds=5, games=20, seed=1, tinas=(Tina.BLIND, Tina.LEARNING), progress=seen.append)
    assert len(t.pairings) == len(seen) == 2 * len(FRANKS)
    assert t.get(Frank.NORMAL, Tina.BLIND).exact and not t.get(Frank.NORMAL, Tina.LEARNING).exact
    assert t.status is Status.ESTIMATE
    assert len(t.to_json()["pairings"]) == 6
    exact_only = tournament(Rules(), rounds=5, tinas=(Tina.SMART,))
    assert exact_only.status is Status.EXACT
