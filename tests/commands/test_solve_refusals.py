"""`parlour solve FILE` on bad files (issue 45, item 6): one sentence and exit code 2 ({"error": ..., "code": 2}
under --json) for a tree too large, an endless one, a race board with no dice, float probabilities that
are no distribution; a one-line warning for floats read as fractions; an empty race board solved."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli

TOO_LARGE = """
from parlour.toolkit import End, Turn
ROOT = ()
def node(history):
    return End(0) if len(history) == 12 else Turn(1 + len(history) % 2, history, ("a", "b", "c", "d", "e"))
"""
ENDLESS = """
from parlour.toolkit import End, Turn
ROOT = ()
def node(history):
    return Turn(1 + len(history) % 2, len(history), ("stop", "raise")) if not history or history[-1] == "raise" \\
        else End(0)
"""
FLOATS = """
from parlour.toolkit import Chance, End
START = 0
def moves(state):
    return (("go",), ())
def play(state, move1, move2):
    return Chance({End(1): 0.1, End(0): 0.2, End(-1): %s})
"""
CASES = {
    "large.py": (TOO_LARGE, "has about 3.1×10^8 nodes (extrapolated from the growth per depth of the first 16,384)"),
    "endless.py": (ENDLESS, "has a history of more than 10,000 moves, ('raise', 'raise', 'raise', 'raise', 'raise', "
                   "'raise', ... 9,995 more): does its play ever end?"),
    "floats.py": (FLOATS % "0.6", "the chance probabilities [0.1, 0.2, 0.6] sum to 0.9, not 1"),
    "board.toml": ("end = 20\n", "a race board needs the faces of each die"),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("as_json", [False, True])
def test_a_bad_file_is_one_sentence_and_exit_code_2(tmp_path, capsys, name, as_json) -> None:
    text, says = CASES[name]
    game = tmp_path / name
    game.write_text(text)
    code, out, err = run_cli(["solve", str(game), *(["--json"] if as_json else [])], capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    if as_json:
        assert json.loads(err) == {"error": json.loads(err)["error"], "code": 2}
        assert says in json.loads(err)["error"]
    else:
        assert err.startswith("error: ") and says in err


def test_floats_read_as_fractions_are_one_warning_line(tmp_path, capsys) -> None:
    game = tmp_path / "floats.py"
    game.write_text(FLOATS % "0.7")
    code, out, err = run_cli(["solve", str(game), "--json"], capsys)
    assert code == 0 and json.loads(out)["value_exact"] == "-3/5"
    assert err.strip().splitlines() == ["warning: the chance probabilities [0.1, 0.2, 0.7] are floats that sum to "
                                        "1 - 2.8e-17, not exactly 1: read as the nearest fractions 1/10, 1/5, 7/10"]


def test_an_empty_race_board_of_end_and_dice_solves(tmp_path, capsys) -> None:
    board = tmp_path / "twenty.toml"
    board.write_text("end = 20\ndice = [[1, 2, 3, 4, 5, 6]]\n")
    code, out, err = run_cli(["solve", str(board), "--json"], capsys)
    assert code == 0, err
    answer = json.loads(out)
    assert answer["kind"] == "race" and answer["status"] == "exact" and len(answer["win_exact"]) == 2
