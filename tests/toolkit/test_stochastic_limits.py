"""Stochastic-game modules refused or flagged in seconds (issue 45 item 6): a game the growth of its exploration
puts past the limits is refused early with the memory it would take, and a game where play can never end from
some state says so (a line in the message, `"endless": true` in the JSON)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

import parlour
from parlour.errors import InvalidInput
from parlour.solvers.stochastic import arrays
from parlour.solvers.stochastic.growth import project

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

FAN_OUT = """
from parlour.toolkit import End
START = 0
def moves(s):
    return (("a", "b", "c"), ()){both}
def play(s, m1, m2):
    return 3 * s + "abc".index(m1) + 1
"""


@pytest.mark.timing
def test_a_turn_based_game_that_grows_by_a_factor_is_refused_within_seconds(tmp_path):
    game = tmp_path / "huge.py"
    game.write_text(FAN_OUT.format(both=""))
    started = time.perf_counter()
    with pytest.raises(InvalidInput, match=r"has about .* states( or more)? \(extrapolated from the growth .* GiB"):
        parlour.solve(game)
    assert time.perf_counter() - started < 10


@pytest.mark.timing
def test_a_simultaneous_game_that_grows_is_refused_early_with_its_memory(tmp_path):
    game = tmp_path / "huge_sim.py"
    game.write_text(FAN_OUT.format(both=" if s % 2 else (('a', 'b', 'c'), ('x',))"))
    started = time.perf_counter()
    with pytest.raises(InvalidInput, match=r"has about .* states .* with simultaneous moves, which would take about "
                                           r"[0-9.]+ (GiB|MiB)"):
        parlour.solve(game)
    assert time.perf_counter() - started < 10


def test_the_memory_figures_of_both_engines_are_not_zero():
    assert "14.0 GiB" in arrays.too_large(arrays.MAX_TURN_STATES, arrays.MAX_TURN_STATES)  # 750 bytes a state
    lp = arrays.too_large(arrays.MAX_LP_STATES, arrays.MAX_LP_STATES, arrays.LP_BYTES_PER_STATE, "with simultaneous")
    assert "which take about 1.5 GiB" in lp and "0 GiB" not in lp


def test_the_estimate_follows_the_layers():
    assert project([1, 1, 1, 1, 1], 5, None).states == 5 + 2  # a chain: half its depth again
    assert project([1, 3, 9, 27, 81], 121, None).states == pytest.approx(121 + 81 * (3 + 9))
    assert project([1, 2, 0], 3, None).states == 3  # finished


def test_pig_is_not_refused_by_its_growth(monkeypatch):
    """Pig's layers grow as a power of the depth: its estimate stays far below the limit at every look."""
    monkeypatch.setenv("PIG_GOAL", "40")
    monkeypatch.setattr(arrays, "FIRST_LOOK", 2**10)
    monkeypatch.setattr(arrays, "MAX_TURN_STATES", 1_000_000)
    sol = parlour.solve(EXAMPLES / "pig.py")
    assert sol.states > 50_000 and "endless" not in sol.extra  # both may roll for ever, but need not


ENDLESS_TURNS = {
    "START": 0,
    "moves": lambda s: (("stop", "go"), ()) if s in (0, 1) else ((), ("back",)),
    "play": lambda s, a, b: (parlour.toolkit.End(1) if a == "stop" else 1) if s == 0 else (2 if s == 1 else 1),
}


def test_a_turn_based_game_where_play_never_ends_says_so():
    sol = parlour.solve(ENDLESS_TURNS)
    assert sol.value_low == 1 and sol.extra["endless"] is True  # player 1 stops at once
    assert "play never ends from 2 states (1, 2), whatever is played: worth ENDLESS = 0 there" in sol.message
    assert json.loads(json.dumps(sol.to_json()))["endless"] is True


def test_a_simultaneous_game_where_play_never_ends_says_so():
    ns = {"START": 0, "moves": lambda s: (("x", "y"), ("x", "y")),
          "play": lambda s, a, b: (parlour.toolkit.End(1) if a == b else 1) if s == 0 else 1}
    sol = parlour.solve(ns)
    assert sol.value_exact == parlour.toolkit.Chance.uniform("ab").weights["a"]  # 1/2
    assert sol.extra["endless"] is True and "play never ends from 1 state (1)" in sol.message


def test_a_game_that_always_ends_says_nothing_of_it():
    sol = parlour.solve(EXAMPLES / "rps_race.py")
    assert "endless" not in sol.extra and "never ends" not in sol.message


def test_the_cli_says_it_in_one_line_and_in_json(tmp_path):
    game = tmp_path / "loop.py"
    game.write_text("from parlour.toolkit import End\nSTART = 0\ndef moves(s):\n    return (('a', 'b'), ())\n"
                    "def play(s, a, b):\n    return End(1) if s == 0 and a == 'a' else 1\n")
    run = subprocess.run([sys.executable, "-m", "parlour", "solve", str(game), "--json"], capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    body = json.loads(run.stdout)
    assert body["endless"] is True and "play never ends from 1 state (1)" in body["message"]
