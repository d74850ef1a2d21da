import json
from pathlib import Path

import pytest

from conftest import run_cli

RPS = 'NFG 1 R "rps" { "P1" "P2" } { { "R" "P" "S" } { "R" "P" "S" } }\n0 0 1 -1 -1 1 -1 1 0 0 1 -1 1 -1 -1 1 0 0\n'


def test_solve_nfg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rps.nfg"
    path.write_text(RPS)
    code, out, _ = run_cli(["zerosum", "solve", str(path), "--json", "--steps"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["value_exact"] == "0" and data["value"] == 0.0 and data["certified"]
    assert data["status"] == "exact" and data["counters"]["lp_iterations"] >= 0
    assert data["row_strategy"] == [
        {"row": name, "probability": 1 / 3, "probability_exact": "1/3"} for name in ("R", "P", "S")
    ]
    assert [c["column"] for c in data["column_strategy"]] == ["R", "P", "S"]
    assert data["steps"] == [] and data["survivors"] == {"rows": ["R", "P", "S"], "columns": ["R", "P", "S"]}


def test_dominated_strategy_removed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.nfg"
    # rows a, b; b is strictly better for player 1 in both columns
    path.write_text('NFG 1 R "g" { "1" "2" } { { "a" "b" } { "x" "y" } }\n1 -1 2 -2 3 -3 4 -4\n')
    code, out, _ = run_cli(["zerosum", "solve", str(path), "--steps"], capsys)
    assert code == 0 and "row a strictly dominated by b" in out


@pytest.mark.parametrize("text", ['NFG 1 R "x" { "a" "b" } { 2 2 } 1 -1 2', "hello"])
def test_malformed_nfg_exits_2(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.nfg"
    path.write_text(text)
    code, _, err = run_cli(["zerosum", "solve", str(path)], capsys)
    # one sentence naming the file and the line
    assert code == 2 and err.startswith("error: ") and "bad.nfg line 1: " in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_a_general_sum_game_is_sent_to_parlour_solve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sexes.nfg"
    path.write_text('NFG 1 R "x" { "a" "b" } { 2 2 } 3 2 0 0 0 0 2 3')
    code, _, err = run_cli(["zerosum", "solve", str(path)], capsys)
    assert code == 2 and "not constant-sum" in err and "parlour solve" in err


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["zerosum", "solve", str(tmp_path / "none.nfg")], capsys)
    assert code == 2 and "cannot read" in err
