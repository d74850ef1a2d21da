import json
from fractions import Fraction as F

import pytest

from parlour.cli import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(["memory", *args])
        raise SystemExit(0)
    out = capsys.readouterr()
    return exc.value.code or 0, out.out, out.err


def test_solve_json_exact_and_reduced_agree(capsys):
    code, out, _ = run(capsys, "solve", "--pairs", "8", "--exact", "--json")
    assert code == 0
    full = json.loads(out)
    code, out, _ = run(capsys, "solve", "--pairs", "8", "--json")
    red = json.loads(out)
    for key in ("first_player_expected_pairs_exact", "advantage_exact", "stalemate_probability_exact"):
        assert full[key] == red[key]
    first = F(full["first_player_expected_pairs_exact"])
    assert F(full["advantage_exact"]) == 2 * first - 8
    assert abs(full["advantage"] - float(F(full["advantage_exact"]))) < 1e-15
    assert 0 <= full["stalemate_probability"] <= 1 and full["pairs"] == 8
    assert full["game"] == "memory" and full["command"] == "solve" and full["status"] == "exact"


def test_solve_json_float_model_has_no_exact_keys(capsys):
    code, out, _ = run(capsys, "solve", "--pairs", "400", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "estimate"
    assert not any(k.endswith("_exact") for k in data)
    assert abs(data["first_player_expected_pairs"] + data["second_player_expected_pairs"] - 400) < 1e-9


def test_two_pairs_by_hand(capsys):
    _, out, _ = run(capsys, "solve", "--pairs", "2", "--exact", "--json")
    data = json.loads(out)
    assert data["first_player_expected_pairs_exact"] == "2/3" and data["advantage_exact"] == "-2/3"


def test_table_state_tactics_simulate(capsys):
    code, out, _ = run(capsys, "table", "--pairs", "3", "--json")
    rows = json.loads(out)["states"]
    assert code == 0 and {k: rows[3][k] for k in ("k", "B", "P")} == {"k": 4, "B": 0, "P": 0}
    assert rows[3]["w_exact"] == "4/3" and rows[3]["w"] == 4 / 3
    code, out, _ = run(capsys, "state", "10", "4", "2", "--json")
    data = json.loads(out)
    assert data["state"] == {"k": 10, "B": 4, "P": 2}
    assert "T1" in data["optimal"] and data["tactics"]["T1"]["value_exact"] == data["w_exact"]
    code, out, _ = run(capsys, "tactics", "--json")
    classes = json.loads(out)["tactics"]
    assert sum(len(c["members"]) for c in classes.values()) == 19 and classes["T1"]["members"] == ["<bmn, nek>"]
    code, out, _ = run(capsys, "simulate", "--pairs", "4", "--games", "300", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and abs(data["z_first"]) < 5
    lo, hi = data["simulated"]["first_player_pairs_ci"]
    assert lo < data["simulated"]["first_player_pairs"] < hi
    assert 0 <= F(data["stalemate_probability_exact"]) <= 1 and data["simulated"]["stalemate_rate_ci"][0] <= 1


def test_text_output(capsys):
    code, out, _ = run(capsys, "solve", "--pairs", "2", "--exact")
    assert code == 0 and "2/3" in out and "-2/3" in out
    code, out, _ = run(capsys, "state", "4", "1", "0")
    assert code == 0 and "T6" in out


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "--pairs", "0"),
        ("solve", "--pairs", "-2"),
        ("solve", "--pairs", "2.5"),
        ("state", "5", "1", "0"),
        ("state", "4", "3", "0"),
        ("table", "--pairs", "1000"),
        ("simulate", "--pairs", "3", "--games", "1"),
    ],
)
def test_bad_input_exits_2(capsys, args):
    code, _, err = run(capsys, *args)
    assert code == 2
    assert "Traceback" not in err
