from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from parlour.errors import FormatError
from parlour.solvers import nfg, zerosum


def test_round_trip(tmp_path: Path) -> None:
    a = np.array([[1, -1, 0], [Fraction(-1, 2), 1, 2]], dtype=object)
    path = tmp_path / "g.nfg"
    nfg.write(path, a, row_names=["up", "down"])
    b, rows, cols, title = nfg.read(path)
    assert (b == a).all()
    assert rows == ["up", "down"] and cols == ["1", "2", "3"]
    assert title == "parlour game"


def test_reads_gambit_payoff_form() -> None:
    text = 'NFG 1 R "pennies" { "Player 1" "Player 2" } { 2 2 }\n\n1 -1 -1 1 -1 1 1 -1\n'
    a, *_ = nfg.parse(text)
    # player 1's strategy varies fastest: (1,1) (2,1) (1,2) (2,2)
    assert a.tolist() == [[1, -1], [-1, 1]]
    assert zerosum.solve(a).value_exact == 0


def test_reads_outcome_form() -> None:
    text = """NFG 1 R "g" { "A" "B" }
{ { "a1" "a2" } { "b1" "b2" } }
{ { "o1" 3, -3 } { "o2" 0, 0 } }
1 2 2 1
"""
    a, rows, _, _ = nfg.parse(text)
    assert a.tolist() == [[3, 0], [0, 3]] and rows == ["a1", "a2"]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "NFG 2 R",
        'NFG 1 R "x" { "a" "b" "c" } { 1 1 1 } 0 0 0',
        'NFG 1 R "x" { "a" "b" } { 2 2 } 1 -1 2',
        'NFG 1 R "x" { "a" "b" } { 2 1 } 1 1 0 0',
        'NFG 1 R "x" { "a" "b" } { 1 1 } 1 zz',
        'NFG 1 R "x" { "a" "b" } { 2 1 ',
    ],
)
def test_malformed(text: str) -> None:
    with pytest.raises(FormatError):
        nfg.parse(text)


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(FormatError):
        nfg.read(tmp_path / "missing.nfg")
