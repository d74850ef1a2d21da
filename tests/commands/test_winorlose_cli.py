"""`parlour winorlose ...` through parlour.cli.main."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from parlour.cli import main


def _run(capsys, *args):
    with pytest.raises(SystemExit) as exc:
        main(["winorlose", *args])
    out, err = capsys.readouterr()
    return exc.value.code, out, err


def _ok(capsys, *args):
    try:
        main(["winorlose", *args])
    except SystemExit as exc:  # typer may exit 0 explicitly
        assert exc.code in (0, None)
    return capsys.readouterr().out


def test_chance_json_is_exact(capsys):
    got = json.loads(_ok(capsys, "chance", "--hand", "3,4", "--table", "0,1,2,5,6", "--json"))
    assert (got["win_exact"], got["tie_exact"], got["lose_exact"]) == ("0", "3/100", "97/100")
    assert (got["win"], got["tie"], got["lose"]) == (0.0, 0.03, 0.97)
    assert got["score"] == "0.00.65432" and got["holdings"] == 300
    assert (got["game"], got["command"]) == ("winorlose", "chance")
    got = json.loads(_ok(capsys, "chance", "--hand", "7h,7s", "--table", "7c,7d,0,1,2", "--json"))
    assert got["win_exact"] == "1" and got["win"] == 1.0 and got["combination"] == "four of a kind"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chance", "--hand", "3,3", "--table", "3,3,3,1,2"], "fifth"),
        (["chance", "--hand", "3h,3h", "--table", "0,1,2,4,5"], "twice"),
        (["chance", "--hand", "3", "--table", "0,1,2,4,5"], "exactly 2"),
        (["chance", "--hand", "3,4", "--table", "0,1,2,4,5,6"], "exactly 5"),
        (["chance", "--hand", "9,4", "--table", "0,1,2,4,5"], "not a card"),
        (["play", "--tina", "sly"], "unknown type for Tina"),
        (["play", "--frank", "bold"], "unknown type for Frank"),
        (["play", "--tie", "coin"], "tie rule"),
        (["table", "--rounds", "0"], "--rounds"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, args, message):
    code, _, err = _run(capsys, *args)
    assert code == 2
    assert err.startswith("error:") and message in err
    assert "Traceback" not in err


def test_play_json_is_reproducible(capsys):
    a = _ok(capsys, "play", "--frank", "tight", "--tina", "bayesian", "--seed", "8", "--rounds", "20", "--json")
    b = _ok(capsys, "play", "--frank", "tight", "--tina", "bayesian", "--seed", "8", "--rounds", "20", "--json")
    assert a == b
    got = json.loads(a)
    assert got["rounds"] == 20 and len(got["last"]["table"]) == 5
    chance = got["last"]["frank"]["chance"]
    assert isinstance(chance["win"], float) and Fraction(chance["win_exact"]) == Fraction(chance["wins"], 300)


def test_table_json(capsys):
    got = json.loads(_ok(capsys, "table", "--rounds", "10", "--games", "50", "--json", "--quiet"))
    pairs = got["pairings"]
    assert len(pairs) == 18
    blind_normal = next(p for p in pairs if p["tina_type"] == "blind" and p["frank_type"] == "normal")
    assert blind_normal["exact"] is True
    assert blind_normal["tina_points_per_round_exact"] == blind_normal["frank_points_per_round_exact"]
    assert blind_normal["tina_points_per_round"] == float(Fraction(blind_normal["tina_points_per_round_exact"]))
    learning = next(p for p in pairs if p["tina_type"] == "learning" and p["frank_type"] == "tight")
    assert learning["exact"] is False and learning["games"] == 50
    low, high = learning["p_tina_more_over_game_ci"]
    assert low <= learning["p_tina_more_over_game"] <= high
    assert not any(k.endswith("_bounds") for k in learning)  # Monte Carlo intervals are not certified
    assert got["rules"]["tie"] == "zero" and got["status"] == "estimate"
