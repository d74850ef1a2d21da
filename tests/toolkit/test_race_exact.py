"""Two players who never meet, exactly: the chain of unordered pairs of squares (analyses.race.exact.pair_exact) gives
the same fractions as the joint chain of the Goose's engine, which records whose turn it is."""

from __future__ import annotations

from fractions import Fraction

import pytest

import parlour
from parlour.analyses.race import board as race_board
from parlour.analyses.race import exact
from parlour.games.goose.rules import load_toml
from parlour.results import Status

BOARDS = {
    # bounce, one four-sided die, two ladders and two snakes
    "bounce": ("end = 20\ndice = [[1, 2, 3, 4]]\ngeese = []\ninns = []\nwells = []\nstart_jumps = {}\n"
               "occupancy = false\nbounce = true\n[jumps]\n3 = 11\n7 = 1\n13 = 17\n18 = 5\n"),
    # an overshoot is void (self-loops), two dice, geese, and a throw from the start that jumps
    "void": ("end = 24\ndice = [[0, 1, 2], [1, 3]]\ngeese = [5, 15]\ninns = []\nwells = []\n"
             "occupancy = false\nbounce = false\nstart_jumps = { \"1+2\" = 8 }\n[jumps]\n9 = 2\n12 = 19\n"
             "22 = 4\n"),
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_pairs_of_squares_give_the_joint_chains_exact_fractions(tmp_path, name):
    board = tmp_path / f"{name}.toml"
    board.write_text(BOARDS[name])
    rules = load_toml(board)
    assert race_board.apart(rules)
    pair = parlour.solve(board, players=2)
    assert pair.status is Status.EXACT and pair.extra["engine"].startswith("independent players: the chain of pairs")
    joint = parlour.goose.solve(players=2, rules=rules, exact=True)
    assert joint.win_exact is not None
    # equal as fractions, player by player: a swapped first mover gives the two chances the other way round
    assert pair.wins_low == pair.wins_high == tuple(joint.win_exact)
    assert pair.wins_low[0] != pair.wins_low[1] and sum(pair.wins_low) == 1
    assert pair.states < joint.states.reachable  # fewer states than the joint chain: the point of it


def test_a_square_that_never_finishes_goes_to_the_joint_chain(tmp_path):
    """With a square the end cannot be reached from (a void overshoot from 9 on a 2-3 die), both may never
    finish: a draw, which the symmetry argument does not count, so the joint chain solves it."""
    board = tmp_path / "stuck.toml"
    board.write_text("end = 10\ndice = [[2, 3]]\ngeese = []\ninns = []\nwells = []\nstart_jumps = {}\n"
                     "occupancy = false\nbounce = false\n[jumps]\n")
    rules = load_toml(board)
    _, start, moves = race_board.one_player(rules)
    assert not race_board.all_finish(moves, start)
    assert exact.pair_exact(rules, None) is None
    sol = parlour.solve(board, players=2)
    assert sol.status is Status.EXACT and "Goose" in sol.extra["engine"]
    assert sum(sol.wins_low) < 1  # the draw's share


def test_a_board_too_large_for_the_pairs_goes_to_the_joint_chain(tmp_path, monkeypatch):
    board = tmp_path / "bounce.toml"
    board.write_text(BOARDS["bounce"])
    monkeypatch.setattr(exact, "MAX_PAIR_EDGES", 100)
    assert exact.pair_exact(load_toml(board), None) is None
    assert "Goose" in parlour.solve(board, players=2).extra["engine"]


def test_the_toy_board_by_pairs(tmp_path):
    """Groote & Zantema's toy game (a coin of 0 and 1, end 2): the starter wins with 16/27 by hand."""
    board = tmp_path / "toy.toml"
    board.write_text("end = 2\ndice = [[0, 1]]\ngeese = []\njumps = {}\ninns = []\nwells = []\nstart_jumps = {}\n"
                     "occupancy = false\n")
    sol = exact.pair_exact(load_toml(board), None)
    assert sol is not None and sol.wins_low == (Fraction(16, 27), Fraction(11, 27))
