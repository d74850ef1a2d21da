"""`parlour solve game.nfg`, a module of payoff tables and `parlour.solve(A, B)`: a constant-sum game's exact
value, any other game's equilibria under the file's names, and every bad input refused in one sentence."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import parlour
from conftest import run_cli
from parlour.errors import FormatError, InvalidInput, InvalidType
from parlour.solvers.bimatrix import MAX_PROFILES
from parlour.toolkit import GameEquilibria, GameSolution

# the battle of the sexes in the outcome layout (three outcomes, one of them shared by two profiles)
SEXES = """NFG 1 R "Battle of the Sexes" { "Alice" "Bob" }
{ { "Opera" "Football" } { "Opera" "Football" } }
""
{
{ "both at the opera" 3, 2 }
{ "apart" 0, 0 }
{ "both at the game" 2, 3 }
}
1 2 2 3
"""
# rock-paper-scissors for a pot of 1 (each player's share: a constant-sum game) in the payoff layout
SHARES = ('NFG 1 R "rps for a pot" { "P1" "P2" } { { "R" "P" "S" } { "R" "P" "S" } }\n'
          "1/2 1/2 1 0 0 1 0 1 1/2 1/2 1 0 1 0 0 1 1/2 1/2\n")
MODULE = """PLAYERS = ("Row", "Column")
STRATEGIES1 = ["top", "middle", "bottom"]
STRATEGIES2 = ["left", "right"]
# von Stengel's 3x2 example (Algorithmic Game Theory, ch. 3): three equilibria
PAYOFFS1 = [[3, 3], [2, 5], [0, 6]]
PAYOFFS2 = [[3, 2], [2, 6], [3, 1]]
"""


def _file(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _payoff_layout(a: list[list[int]], b: list[list[int]]) -> str:
    m, n = len(a), len(a[0])
    flat = " ".join(f"{a[i][j]} {b[i][j]}" for j in range(n) for i in range(m))
    return f'NFG 1 R "random" {{ "1" "2" }} {{ {m} {n} }}\n{flat}\n'


# ---- the command line ----------------------------------------------------------------------------------------

def test_a_general_game_shows_its_equilibria_under_the_files_names(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(["solve", _file(tmp_path, "sexes.nfg", SEXES), "--quiet"], capsys)
    assert code == 0, err
    assert "Battle of the Sexes (sexes), 2x2, not zero-sum: 3 extreme equilibria" in out
    assert "Alice gets" in out and "Bob gets" in out
    assert "Opera 3/5, Football 2/5" in out and "Opera 2/5, Football 3/5" in out and "6/5 = 1.2" in out
    assert "checked in fractions" in out


def test_the_json_lists_every_equilibrium_in_the_exact_convention(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["solve", _file(tmp_path, "sexes.nfg", SEXES), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["kind"] == "bimatrix" and data["name"] == "sexes" and data["status"] == "exact"
    assert (data["players"], data["title"], data["format"]) == (["Alice", "Bob"], "Battle of the Sexes", "Gambit .nfg")
    assert (data["count"], data["complete"], data["infinite"], data["rows"], data["columns"]) == (3, True, False, 2, 2)
    mixed = next(e for e in data["equilibria"] if e["payoffs_exact"] == ["6/5", "6/5"])
    assert mixed["payoffs"] == [1.2, 1.2]
    rows, columns = mixed["strategies"]
    assert rows == [{"row": "Opera", "probability": 0.6, "probability_exact": "3/5"},
                    {"row": "Football", "probability": 0.4, "probability_exact": "2/5"}]
    assert [c["column"] for c in columns] == ["Opera", "Football"]
    assert {tuple(e["payoffs_exact"]) for e in data["equilibria"]} == {("3", "2"), ("2", "3"), ("6/5", "6/5")}


def test_a_constant_sum_file_gets_its_exact_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["solve", _file(tmp_path, "shares.nfg", SHARES), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["kind"] == "matrix" and data["status"] == "exact"
    assert data["value_exact"] == "1/2" and data["constant_sum_exact"] == "1" and data["players"] == ["P1", "P2"]
    assert data["strategies"]["player1"] == [
        {"row": name, "probability": 1 / 3, "probability_exact": "1/3"} for name in ("R", "P", "S")]
    code, out, _ = run_cli(["solve", _file(tmp_path, "shares.nfg", SHARES)], capsys)
    assert code == 0 and "1/2 = 0.5 (exact)" in out and "P1 and P2" in out


def test_a_degenerate_game_says_its_equilibria_form_segments(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    # von Stengel's degenerate 3x2 variant: the top row is an equilibrium strategy against a whole segment
    a, b = [[3, 3], [2, 5], [0, 6]], [[3, 3], [2, 6], [3, 1]]
    code, out, _ = run_cli(["solve", _file(tmp_path, "degenerate.nfg", _payoff_layout(a, b))], capsys)
    assert code == 0 and "3 extreme equilibria" in out and "segments" in out


def test_beyond_ten_by_ten_one_equilibrium_by_lemke_howson(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(11)
    a, b = ([[rng.randint(0, 30) for _ in range(11)] for _ in range(11)] for _ in range(2))
    code, out, _ = run_cli(["solve", _file(tmp_path, "big.nfg", _payoff_layout(a, b)), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["count"] == 1 and data["complete"] is False and data["infinite"] is None
    assert "Lemke-Howson" in data["message"] and "11x11" in data["message"]
    code, out, _ = run_cli(["solve", str(tmp_path / "big.nfg")], capsys)
    assert code == 0 and "one equilibrium" in out and "Lemke-Howson" in out


def test_a_game_past_the_limit_is_refused_before_any_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    side = int(MAX_PROFILES**0.5) + 1
    flat = " ".join(["1 0", "0 0"] * (side * side // 2 + 1))  # not constant-sum
    flat = " ".join(flat.split()[: 2 * side * side])
    path = _file(tmp_path, "huge.nfg", f'NFG 1 R "h" {{ "1" "2" }} {{ {side} {side} }}\n{flat}\n')
    code, _, err = run_cli(["solve", path], capsys)
    assert code == 2 and f"{side}x{side} game" in err and f"{MAX_PROFILES:,}" in err


@pytest.mark.parametrize(("text", "words"), [
    ('NFG 1 R "x" { "a" "b" }\n{ 2 2 }\n1 -1 2', "bad.nfg line 3: expected 8 payoffs"),
    ('NFG 1 R "x" { "a" "b" "c" } { 1 1 1 } 0 0 0', "bad.nfg line 1: parlour reads two-player games"),
    ('NFG 1 R "x" { "a" "b" }\n{ { "u" } { "l" } }\n{ { "o" 1, 2 } }\n3', "bad.nfg line 4: outcome 3 is not defined"),
])
def test_a_bad_file_exits_2_naming_its_line(text: str, words: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, "bad.nfg", text)
    code, _, err = run_cli(["solve", path], capsys)
    assert code == 2 and words in err and err.count("\n") == 1 and "Traceback" not in err
    code, out, err = run_cli(["solve", path, "--json"], capsys)
    assert code == 2 and out == "" and words in json.loads(err)["error"]


def test_the_players_option_is_refused_after_reading_the_file(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["solve", _file(tmp_path, "sexes.nfg", SEXES), "--players", "2"], capsys)
    assert code == 2 and "race game's option" in err


def test_a_module_of_payoff_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["solve", _file(tmp_path, "stengel.py", MODULE), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["kind"] == "bimatrix" and data["players"] == ["Row", "Column"]
    assert {tuple(e["payoffs_exact"]) for e in data["equilibria"]} == {("3", "3"), ("3", "14/5"), ("4", "8/3")}
    assert data["equilibria"][0]["strategies"][1][1]["column"] == "right"
    code, out, _ = run_cli(["solve", str(tmp_path / "stengel.py")], capsys)
    assert code == 0 and "middle 1/3, bottom 2/3" in out and "Row gets" in out


@pytest.mark.parametrize(("text", "words"), [
    ("PAYOFFS1 = [[1, 0], [0, 1]]\n", "defines PAYOFFS1 but not PAYOFFS2"),
    ("PAYOFFS1 = [[1, 0]]\nPAYOFFS2 = [[1], [0]]\n", "PAYOFFS1 is 1x2 but PAYOFFS2 is 2x1"),
    ("PAYOFFS1 = [[1, 'x']]\nPAYOFFS2 = [[1, 0]]\n", r"PAYOFFS1[0][1] must be a number"),
    ("PAYOFFS1 = [[1, 0]]\nPAYOFFS2 = [[1, 0]]\nSTRATEGIES2 = ['l']\n", "STRATEGIES2 must give 2 names"),
    ("PAYOFFS1 = [[1, 0]]\nPAYOFFS2 = [[1, 0]]\nPLAYERS = 'ab'\n", "PLAYERS must be a list of names"),
])
def test_a_bad_module_is_one_sentence(text: str, words: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["solve", _file(tmp_path, "bad.py", text)], capsys)
    assert code == 2 and words in err and "Traceback" not in err


# ---- from Python: parlour.solve(A, B) ------------------------------------------------------------------------

def test_two_tables_from_python() -> None:
    sexes = parlour.solve([[3, 0], [0, 2]], [[2, 0], [0, 3]])
    assert isinstance(sexes, GameEquilibria) and sexes.complete and sexes.infinite is False
    assert {e.payoffs for e in sexes.equilibria} == {(3, 2), (2, 3), (Fraction(6, 5), Fraction(6, 5))}
    assert sexes.to_json()["equilibria"][0]["strategies"][0][0]["row"] == "1"  # strategies numbered from 1
    pennies = np.array([[1, -1], [-1, 1]])
    zero_sum = parlour.solve(pennies, -pennies)
    assert isinstance(zero_sum, GameSolution) and zero_sum.kind == "matrix" and zero_sum.value_exact == 0
    assert [e["probability_exact"] for e in zero_sum.strategies["player2"]] == ["1/2", "1/2"]
    assert parlour.solve(pennies, payoffs2=-pennies).value == 0


@pytest.mark.parametrize(("args", "kwargs", "error", "words"), [
    (([[1, 0], [0, 1]],), {}, InvalidInput, "give both players' payoff tables as two arguments"),
    (([[1, 0]], [[1, 0], [0, 1]]), {}, InvalidInput, "game is 1x2 but payoffs2 is 2x2"),
    (([[1, 0]], [[1, None]]), {}, InvalidType, r"payoffs2\[0\]\[1\] must be a number"),
    (("game.nfg", [[1, 0]]), {}, InvalidType, "with payoffs2 .* game must be the row player's payoff table"),
    (([[1, 0]], [[0, 1]]), {"players": 2}, InvalidInput, "race game's option"),
])
def test_bad_tables_from_python_are_refused_naming_them(args: tuple[object, ...], kwargs: dict[str, object],
                                                        error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        parlour.solve(*args, **kwargs)  # type: ignore[arg-type]


def test_a_bad_nfg_from_python_names_its_line(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match=r"cut\.nfg line 2"):
        parlour.solve(_file(tmp_path, "cut.nfg", 'NFG 1 R "x" { "a" "b" }\n{ 2 2 } 1'))
