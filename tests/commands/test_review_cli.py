"""`parlour review RECORD`: one record of each game graded on the command line (a file, '-' for standard input, a
page link), as JSON and as text, with the numbers of the grader itself; bad input refused with exit 2 and one
sentence."""

import io
import json
from fractions import Fraction

import pytest

from conftest import run_cli
from parlour.analyses.review.core import encode_link, parse_record
from parlour.analyses.review.core import review as grade

S = [0, 0, 10, 10, 10, 10, 50]
RECORDS = {
    # you search 1..10: 1 first (a bad start), then 5
    "guess": {"settings": {"n": 10, "mode": "guess"},
              "moves": [{"by": "you", "guess": 1}, {"by": "Alice", "answer": "higher"}, {"by": "you", "guess": 5},
                        {"by": "Alice", "answer": "correct"}]},
    # as Frank, a pair of 7s called lose, smart Tina's answer, the showdown
    "winorlose": {"settings": {"seat": "frank", "opponent": "smart", "tie": "zero", "chance": "beats"},
                  "moves": [{"by": "chance", "cards": ["7c", "7d"], "table": ["0c", "1d", "2h", "3s", "5c"]},
                            {"by": "you", "prediction": "lose"}, {"by": "opponent", "prediction": "lose"},
                            {"by": "chance", "opponent_cards": ["0d", "4h"]}]},
    # the last trade, 50 against 30: you bid 40 (outside your optimal mixture), the computer 20
    "cowtrade": {"settings": {"mode": "money", "money1": 50, "money3": 30, "initiative": 1, "second": "alternate",
                              "side": 1},
                 "moves": [{"by": "you", "bid": 40}, {"by": "computer", "bid": 20}]},
    # the end game with an extra 50, both offering at once: you offer 10 + 10 + 50 + 50 first (worth -1: a blunder)
    "cowtrade_endgame": {"settings": {"set_size": 4, "rules": "simultaneous", "animals1": 1, "challenger": 1,
                                      "cards1": [*S, 50], "cards2": S},
                         "moves": [{"by": "you", "offer": [10, 10, 50, 50]}]},
}


def document(game):
    return {"parlour_record": 1, "game": game, **RECORDS[game]}


def floats_beside_exact(data):
    """Every `x_exact` of the JSON has its float `x` beside it, equal to the fraction (docs/json.md)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key.endswith("_exact"):
                assert data[key.removesuffix("_exact")] == pytest.approx(float(Fraction(value)))
            floats_beside_exact(value)
    elif isinstance(data, list):
        for item in data:
            floats_beside_exact(item)


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_a_record_file_is_graded_as_json_with_the_graders_numbers(game, capsys, tmp_path):
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(document(game)))
    code, out, err = run_cli(["review", str(path), "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    expected = grade(parse_record(document(game)))
    assert data["command"] == "review" and data["record_game"] == game and data["status"] == "exact"
    assert [d["loss_exact"] for d in data["decisions"]] == [str(d.loss) for d in expected.decisions]
    assert [e["swing_exact"] for e in data["luck"]] == [str(e.swing) for e in expected.luck]
    assert data["costliest"]["ply"] == expected.costliest.ply and Fraction(data["costliest"]["loss_exact"]) > 0
    floats_beside_exact(data)


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_the_text_names_the_unit_the_thresholds_and_the_costliest_decision(game, capsys, tmp_path):
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(document(game)))
    code, out, _ = run_cli(["review", str(path)], capsys)
    expected = grade(parse_record(document(game)))
    assert code == 0
    assert out.startswith(f"{game}: losses in {expected.unit}") and "per player" in out
    assert f"costliest decision: move {expected.costliest.ply} by you" in out


def test_standard_input_and_a_page_link_give_the_same_review(capsys, monkeypatch):
    record = parse_record(document("cowtrade"))
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(document("cowtrade"))))
    code, piped, _ = run_cli(["review", "-", "--json"], capsys)
    assert code == 0
    link = "http://127.0.0.1:8000/cowtrade/" + encode_link(record)
    code, linked, _ = run_cli(["review", link, "--json"], capsys)
    assert code == 0 and json.loads(piped)["decisions"] == json.loads(linked)["decisions"]


@pytest.mark.parametrize(("text", "words"), [
    (json.dumps({**document("guess"), "moves": [{"by": "Alice", "guess": 3}]}), "move 1 must be by you"),
    (json.dumps({**document("cowtrade"), "moves": [{"by": "you", "bid": 40}, {"by": "computer", "bid": 5}]}),
     "move 2: the computer never bids 5"),
    (json.dumps({**document("winorlose"), "settings": {"seat": "dealer"}}), "seat"),
    (json.dumps({**document("cowtrade_endgame"), "moves": [{"by": "you", "offer": [7]}]}), "unknown money card"),
    ("{not json", "not valid JSON"),
])
@pytest.mark.parametrize("as_json", [False, True])
def test_bad_input_exits_2_with_one_sentence(text, words, as_json, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code, out, err = run_cli(["review", "-", *(["--json"] if as_json else [])], capsys)
    assert code == 2 and out == ""
    message = json.loads(err)["error"] if as_json else err.strip()
    assert words in message and "\n" not in message.strip() and "Traceback" not in err
    if as_json:
        assert json.loads(err)["code"] == 2


def test_a_missing_file_and_a_broken_link_exit_2(capsys, tmp_path):
    code, _, err = run_cli(["review", str(tmp_path / "none.json")], capsys)
    assert code == 2 and "no record file" in err
    code, _, err = run_cli(["review", "http://127.0.0.1:8000/guess/#record=%%%"], capsys)
    assert code == 2 and "does not carry a game record" in err
