"""`parlour goose ...`: JSON keys, exit codes on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def test_solve_exact_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["goose", "solve", "--players", "2", "--exact", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    for key in ("players", "states", "win", "win_bounds", "draw", "status", "win_exact"):
        assert key in data
    assert data["status"] == "exact" and data["states"]["reachable"] == 4414
    num, den = (int(x) for x in data["win_exact"][0].split("/"))
    assert num * 10**30 // den == 393625137393757391402840344876
    # the digits of the denominators printed (reduced), not of a common denominator
    assert data["denominator_digits"] == max(len(f.split("/")[1]) for f in [*data["win_exact"], data["draw_exact"]])


def test_solve_from_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["goose", "solve", "--from", "31,52", "--to-move", "2", "--json", "--tol", "1e-9"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "certified" and data["draw_bounds"][0] > 0.999
    assert data["position"] == {"squares": [31, 52], "waiting_at_inn": [False, False], "to_move": 2}


@pytest.mark.parametrize(
    "args",
    [
        ["goose", "solve", "--players", "1"],
        ["goose", "solve", "--players", "5", "--exact"],
        ["goose", "solve", "--players", "9"],  # 49^9 codes: petabytes for the index alone
        ["goose", "solve", "--players", "9", "--out-of-core", "--checkpoint", "/tmp/parlour-test-nine/run.npy"],
        ["goose", "solve", "--players", "3", "--dask", "--exact"],
        ["goose", "solve", "--players", "3", "--dask", "--parts", "-1"],
        ["goose", "solve", "--variant", "nope"],
        ["goose", "solve", "--from", "5,0"],
        ["goose", "solve", "--from", "3,x"],
        ["goose", "solve", "--from", "3,4,7"],
        ["goose", "solve", "--from", "3,4", "--to-move", "3"],
        ["goose", "simulate", "--players", "1", "--games", "5"],
        ["goose", "simulate", "--players", "7", "--engine", "gpu"],
        ["goose", "simulate", "--players", "7", "--seed", "-1"],
        ["goose", "plot", "--output", "fig.txt"],
    ],
)
def test_bad_input_exits_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(args, capsys)
    assert code == 2 and "error:" in err and "Traceback" not in err


def test_simulate_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(["goose", "simulate", "--players", "4", "--games", "3000", "--seed", "1", "--json"], capsys)
    assert code == 0 and abs(sum(json.loads(out)["win"]) - 1) < 1e-12
    target = tmp_path / "fig.svg"
    code, _, _ = run(["goose", "plot", "--output", str(target)], capsys)
    assert code == 0 and target.read_text().lstrip().startswith("<?xml")


def test_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    toy = tmp_path / "toy.toml"
    toy.write_text('end = 2\ndice = [[0, 1]]\ngeese = []\njumps = {}\ninns = []\nwells = []\n'
                   'start_jumps = {}\noccupancy = false\n')
    code, out, _ = run(["goose", "solve", "--rules", str(toy), "--exact", "--json"], capsys)
    assert code == 0 and json.loads(out)["win_exact"][0] == "16/27"


def test_simulate_seven_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["goose", "simulate", "--players", "7", "--games", "100000", "--seed", "3", "--json"], capsys)
    res = json.loads(out)
    assert code == 0 and res["engine"] == "numba" and len(res["win"]) == 7
    assert abs(sum(res["win"]) + res["draw"] - 1) < 1e-12
    # the starter has the edge; the last player is the weakest
    assert res["win_ci"][0][0] > res["win_ci"][6][1]


def test_solve_on_a_local_dask_cluster(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(["goose", "solve", "--players", "3", "--dask", "--workers", "1", "--tol", "1e-5",
                        "--checkpoint", str(tmp_path / "work"), "--json"], capsys)
    assert code == 0
    got = json.loads(out)
    assert "Dask" in got["method"] and (tmp_path / "work" / "bounds.npy").exists()
    (lo, hi) = got["win_bounds"][0]
    assert lo <= 0.345959804737 <= hi and hi - lo <= 2e-5 + 1e-15


def test_states_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["goose", "states", "--players", "3", "--json"], capsys)
    assert code == 0 and json.loads(out)["canonical_transient"] == 97_185


def test_states_beyond_memory_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["goose", "states", "--players", "9"], capsys)  # 49^9 bits: terabytes of bitmaps
    assert code == 2 and "GiB" in err


def test_a_position_is_echoed_in_squares(capsys: pytest.CaptureFixture[str]) -> None:
    # player 1 waits at the inn (square 19) with the skip to come: the JSON says so in the game's terms
    code, out, _ = run(["goose", "solve", "--from", "19,30", "--inn-pending", "1", "--json", "--tol", "1e-9"], capsys)
    assert code == 0
    assert json.loads(out)["position"] == {"squares": [19, 30], "waiting_at_inn": [True, False], "to_move": 1}
