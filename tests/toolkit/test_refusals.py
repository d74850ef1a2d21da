"""Issue 45, item 6, through `parlour.solve`: a game tree too large or endless refused early with one sentence,
float probabilities read as the nearest fractions with a warning, a race board that starts empty."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

import parlour
from parlour.errors import FormatError, InvalidInput, ParlourWarning
from parlour.results import Status
from parlour.solvers import limits
from parlour.toolkit import Chance, End, Turn


def wide_tree(calls: list[int]) -> dict:
    """Five moves a turn to depth 12: 3x10^8 nodes, counting the nodes read."""
    def node(history: tuple) -> object:
        calls[0] += 1
        if len(history) == 12:
            return End(0)
        return Turn(1 + len(history) % 2, history, ("a", "b", "c", "d", "e"))
    return {"ROOT": (), "node": node}


def test_a_tree_module_too_large_is_refused_from_its_growth() -> None:
    calls = [0]
    with pytest.raises(InvalidInput, match=r"^[^\n]*$") as caught:
        parlour.solve(wide_tree(calls))
    assert calls[0] <= 2 * limits.FIRST_CHECK  # not the 2,000,000 nodes of the limit
    assert "has about 3.1×10^8 nodes" in str(caught.value) and "GiB" in str(caught.value)


def test_a_tree_module_whose_play_loops_is_named() -> None:
    def node(history: tuple) -> object:  # "again?" after every answer: a cycle written as a tree
        return Turn(1, "again?", ("yes", "no")) if history.count("no") < 5 else End(0)

    with pytest.raises(InvalidInput, match="play comes back to player 1's infoset 'again\\?'"):
        parlour.solve({"ROOT": (), "node": node})


def pennies(weights: dict) -> dict:
    """One chance move of the given probabilities, paying 1, 0 or -1: a stochastic-game module."""
    return {"START": 0, "moves": lambda s: (("go",), ()), "play": lambda s, a, b: Chance(weights)}


def test_float_probabilities_near_one_are_the_nearest_fractions_with_a_warning() -> None:
    with pytest.warns(ParlourWarning, match=r"floats that sum to 1 - 2.8e-17, not exactly 1: read as the nearest "
                      r"fractions 1/10, 1/5, 7/10"):
        sol = parlour.solve(pennies({End(1): 0.1, End(0): 0.2, End(-1): 0.7}))
    assert sol.value_exact == Fraction(-3, 5)  # 1/10 - 7/10
    with pytest.warns(ParlourWarning):  # a game tree's chance too
        tree = parlour.solve({"ROOT": (), "node": lambda h: Chance({"x": 0.1, "y": 0.9}) if not h else
                              End(1 if h == ("x",) else 0)})
    assert tree.value_exact == Fraction(1, 10)


def test_exact_probabilities_and_floats_that_sum_to_one_warn_of_nothing() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", ParlourWarning)
        assert parlour.solve(pennies({End(1): 0.5, End(-1): 0.25, End(0): 0.25})).value_exact == Fraction(1, 4)
        assert parlour.solve(pennies({End(1): Fraction(1, 3), End(-1): Fraction(2, 3)})).value_exact == Fraction(-1, 3)


def test_float_probabilities_that_are_no_distribution_are_refused_with_their_sum_as_a_decimal() -> None:
    with pytest.raises(InvalidInput, match=r"^[^\n]*$") as caught:
        parlour.solve(pennies({End(1): 0.1, End(0): 0.2, End(-1): 0.6}))
    assert "sum to 0.9, not 1" in str(caught.value) and "/" not in str(caught.value).split("sum to")[1]
    with pytest.raises(InvalidInput, match="sum to 5/6, not 1"):  # exact ones keep their exact sum
        parlour.solve(pennies({End(1): Fraction(1, 2), End(0): Fraction(1, 3)}))


# --- race boards -------------------------------------------------------------------------------------------

def test_a_race_board_starts_empty(tmp_path) -> None:
    board = tmp_path / "twenty.toml"
    board.write_text("end = 20\ndice = [[1, 2, 3, 4, 5, 6]]\n")
    sol = parlour.solve(board, players=1)
    assert sol.kind == "race" and sol.status is Status.EXACT
    from parlour.analyses.race.board import load

    rules = load(board)
    assert (rules.geese, rules.jumps, rules.inns, rules.wells, rules.start_jumps) == ((), (), (), (), ())
    assert not rules.bounce and not rules.occupancy
    two = parlour.solve(board)
    assert two.wins_low == two.wins_high and sum(two.wins_low) == 1


def test_a_race_board_says_base_goose_for_the_gooses_board(tmp_path) -> None:
    from parlour.analyses.race.board import load
    from parlour.games.goose.rules import STUDY, load_toml

    board = tmp_path / "goose.toml"
    board.write_text('base = "goose"\ninns = []\n')
    assert load(board) == replace(STUDY, name="goose", inns=())
    assert load_toml(board) == load(board)  # parlour goose --rules reads it the same


@pytest.mark.parametrize(("text", "says"), [
    ("end = 20\n", "a race board needs the faces of each die (dice = [[1, 2, 3, 4, 5, 6]]), or base = \"goose\""),
    ("dice = [[1, 2]]\n", "a race board needs its last square (end = 20)"),
    ('base = "snakes"\nend = 20\n', "the one board a race file can start from is \"goose\""),
])
def test_a_race_board_that_names_no_board_is_one_sentence(tmp_path, text, says) -> None:
    board = tmp_path / "board.toml"
    board.write_text(text)
    with pytest.raises(FormatError, match=r"^[^\n]*$") as caught:
        parlour.solve(board)
    assert says in str(caught.value)
