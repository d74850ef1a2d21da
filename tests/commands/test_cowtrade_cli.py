import json
from fractions import Fraction

import pytest

from conftest import run_cli


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["--version"], capsys)
    assert code == 0 and out.startswith("parlour ")


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["cowtrade", "solve", "--money1", "8", "--money3", "5", "--json", "--steps"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["value_exact"] == "-1/3" and data["value"] == pytest.approx(-1 / 3)
    assert data["inspection_size"] == 3 and "n" not in data
    assert sum(Fraction(e["probability_exact"]) for e in data["strategy1"]) == 1
    assert all(isinstance(e["bid"], int) and 0 <= e["bid"] <= 5 for e in data["strategy3"])
    assert data["steps"] and data["game"] == "cowtrade" and data["command"] == "solve"


def test_solve_with_cards_and_matrix(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        ["cowtrade", "solve", "--cards1", "0,10,10,50", "--cards3", "10,10", "--initiative", "3", "--matrix"], capsys
    )
    assert code == 0
    assert "combined" in out and "value" in out


def test_nfg_export(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "g.nfg"
    code, _, _ = run_cli(["cowtrade", "solve", "--money1", "4", "--money3", "2", "--nfg", str(path)], capsys)
    assert code == 0 and path.read_text().startswith("NFG 1 R")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--money1", "-3", "--money3", "2"], "must not be negative"),
        (["--money1", "3"], "give both players' money totals: --money1 and --money3"),
        (["--money1", "3", "--money3", "2", "--initiative", "2"], "initiative must be 1 or 3"),
        (["--cards1", "10,7", "--cards3", "10"], "--cards1 holds 7"),
        (["--cards1", "10"], "both players"),
        (["--money1", "3", "--money3", "2", "--bids1", ""], "comma-separated"),
        (["--money1", "3", "--money3", "2", "--bids1", "1,x"], "comma-separated"),
        (["--money1", "3", "--money3", "2", "--bids3", "5"], "cannot bid 5"),
    ],
)
def test_bad_input_exits_2_with_a_sentence(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_cli(["cowtrade", "solve", *args], capsys)
    assert code == 2
    assert message in err and "Traceback" not in err


def test_non_integer_money_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["cowtrade", "solve", "--money1", "2.5", "--money3", "1"], capsys)
    assert code == 2 and "Traceback" not in err


def test_reproduce_subset_writes_report(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    out_dir = Path(str(tmp_path))
    code, _, _ = run_cli(["reproduce", "--only", "cowtrade.matrix", "--out", str(out_dir), "--quiet"], capsys)
    assert code == 0
    claims = json.loads((out_dir / "claims.json").read_text())
    assert {c["id"] for c in claims["claims"]} == {"cowtrade.matrix-3.1", "cowtrade.matrix-3.2", "cowtrade.matrix-3.3"}
    assert all(c["status"] == "reproduced" for c in claims["claims"])
    html = (out_dir / "index.html").read_text()
    assert "cowtrade.matrix-3.1" in html and "http" not in html.split("<body>")[0]


def test_reproduce_unknown_prefix(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(["reproduce", "--only", "nosuchgame"], capsys)
    assert code == 2 and "no claim id starts with" in err


def test_endgame_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["cowtrade", "endgame", "--money1", "8", "--money2", "5", "--study", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["command"] == "endgame" and data["value_exact"] == "-1/3"  # the study's example, t1 = 8, t3 = 5
    assert data["completes1"] == pytest.approx(1 / 3) and data["plays"][0]["reach"] == pytest.approx(1)


def test_endgame_quintet_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["cowtrade", "endgame", "--set-size", "5", "--money1", "3", "--money2", "2"], capsys)
    assert code == 0 and "play can cycle" in out and "proven bounds" in out


def test_endgame_hidden(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["cowtrade", "endgame", "--hidden", "--players", "2", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    # two players: each one's own cards tell him the other's, so hiding them changes nothing
    assert data["value_exact"] == data["value_informed_exact"] and data["value_of_information_exact"] == "0"


@pytest.mark.parametrize(("args", "message"), [
    (["--money1", "3"], "give both players' money"),
    (["--money1", "3", "--money2", "2", "--cards1", "10", "--cards2", "10"], "totals or as cards"),
    (["--animals1", "4", "--money1", "3", "--money2", "2"], "1 to 3 animals"),
    (["--set-size", "13"], "2 to 12 animals"),
    (["--money1", "10000000", "--money2", "1"], "--force"),
    (["--hidden", "--animals1", "2"], "last trade of a quartet"),
    (["--hidden", "--players", "3", "--donkeys", "4"], "too big"),
    (["--tol", "2"], "between 0 and 1"),
    (["--players", "4"], "--players and --donkeys deal the money of --hidden"),
])
def test_endgame_errors(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, _, err = run_cli(["cowtrade", "endgame", *args], capsys)
    assert code == 2 and message in err


def test_quartets_json_mixtures_are_lists_like_the_endgames(capsys: pytest.CaptureFixture[str]) -> None:
    # moves1 / moves2 have the one-set end game's list shape (they were {move: p} dicts with a twin
    # moves*_exact before): offers with probability and probability_exact, or answers per what was seen
    code, out, _ = run_cli(["cowtrade", "quartets", "--money1", "3", "--money2", "2", "--plays", "2", "--json"],
                           capsys)
    assert code == 0
    data = json.loads(out)
    first = data["plays"][0]
    assert "moves1_exact" not in first and first["challenger"] == 1
    assert sum(Fraction(m["probability_exact"]) for m in first["moves1"]) == 1
    assert all(m["offer"].startswith("quartet ") for m in first["moves1"])
    assert all(sum(Fraction(a["probability_exact"]) for a in s["answers"]) == 1 for s in first["moves2"])
    code, text, _ = run_cli(["cowtrade", "quartets", "--money1", "3", "--money2", "2", "--plays", "1"], capsys)
    assert code == 0 and "player 2: [quartet 0] " in text


def test_security_json(capsys: pytest.CaptureFixture[str]) -> None:
    # the cycle solved by hand in tests/analyses/cowtrade/test_threeplayer.py: levels 2/3, 1/3 and 0
    code, out, _ = run_cli(["cowtrade", "security", "--set-size", "3", "--animals", "2,1,0", "--money1", "1",
                            "--money2", "1", "--money3", "0", "--turn", "2", "--study", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["command"] == "security" and "not an equilibrium" in data["concept"]
    levels = {lv["player"]: lv for lv in data["levels"]}
    assert levels[1]["level"] == pytest.approx(2 / 3) and levels[2]["level"] == pytest.approx(1 / 3)
    assert levels[3]["level"] == pytest.approx(0)
    assert data["sum"] == pytest.approx(1)


def test_security_text_one_player_with_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["cowtrade", "security", "--set-size", "3", "--animals", "1,1,1", "--cards1", "10",
                            "--cards2", "", "--cards3", "0", "--player", "1", "--study"], capsys)
    assert code == 0 and "NOT an equilibrium" in out and "player 1:" in out and "player 2:" not in out


@pytest.mark.parametrize(("args", "message"), [
    (["--money1", "3"], "give all three players' money"),
    (["--money1", "1", "--money2", "1", "--money3", "1", "--cards1", "10"], "totals or as cards"),
    (["--cards1", "10", "--cards2", "10"], "all three players"),
    (["--animals", "1,1", "--money1", "1", "--money2", "1", "--money3", "1"], "three numbers"),
    (["--animals", "1,1,1", "--money1", "1", "--money2", "1", "--money3", "1"], "add up"),
    (["--animals", "0,0,4", "--money1", "1", "--money2", "1", "--money3", "1"], "whole set"),
    (["--money1", "1", "--money2", "1", "--money3", "-1"], "negative"),
    (["--money1", "100", "--money2", "100", "--money3", "100"], "--force"),
    (["--turn", "4", "--money1", "1", "--money2", "1", "--money3", "1"], "--turn"),
    (["--player", "0", "--money1", "1", "--money2", "1", "--money3", "1"], "--player"),
    (["--set-size", "13", "--money1", "1", "--money2", "1", "--money3", "1"], "2 to 12 animals"),
    (["--tol", "0", "--money1", "1", "--money2", "1", "--money3", "1"], "between 0 and 1"),
])
def test_security_errors(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, _, err = run_cli(["cowtrade", "security", *args], capsys)
    assert code == 2 and message in err


def test_money_and_cards_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    # the cards used to win silently and the money was dropped
    code, _, err = run_cli(["cowtrade", "solve", "--money1", "8", "--money3", "5", "--cards1", "0,10",
                            "--cards3", "10"], capsys)
    assert code == 2 and "not both: --money1 and --money3, or --cards1 and --cards3" in err


def test_hidden_numbers_the_players_as_the_last_trade_and_refuses_the_study(capsys: pytest.CaptureFixture[str]
                                                                            ) -> None:
    code, out, _ = run_cli(["cowtrade", "endgame", "--hidden", "--players", "2", "--challenger", "3", "--json"],
                           capsys)
    assert code == 0 and json.loads(out)["initiative"] == 3  # asked for player 3, told player 3
    code, _, err = run_cli(["cowtrade", "endgame", "--hidden", "--players", "2", "--challenger", "2"], capsys)
    assert code == 2 and "--challenger 3" in err
    for extra in (["--study"], ["--stage", "simultaneous"], ["--ties", "challenger"]):
        code, _, err = run_cli(["cowtrade", "endgame", "--hidden", "--players", "2", *extra], capsys)
        assert code == 2 and "leave out --study, --stage and --ties" in err


def test_endgame_text_says_what_it_proved(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["cowtrade", "endgame", "--set-size", "3", "--money1", "1", "--money2", "1"], capsys)
    assert code == 0 and "-3/5 (exact)" in out and "completes the set 1/5 (exact)" in out and "±" not in out
    code, out, _ = run_cli(["cowtrade", "endgame", "--set-size", "5", "--animals1", "3", "--money1", "0",
                            "--money2", "1", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["value_exact"] == "0" and data["endless_exact"] == "1"
    assert data["expected_trades"] is None  # play never ends: no mean, and no "inf" in the JSON


@pytest.mark.parametrize("command", [["endgame"], ["quartets", "--money1", "3", "--money2", "2"]])
def test_negative_plays_is_refused_in_one_sentence(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """--plays is checked once, where the option is declared, for every command that takes it."""
    code, out, err = run_cli(["cowtrade", *command, "--plays", "-1"], capsys)
    assert code == 2 and out == "" and err.strip() == "error: --plays must not be negative, got -1"
