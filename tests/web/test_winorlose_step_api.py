"""Win or Lose's analysis board through its API: stepping to any move (/winorlose/api/at) restores exactly what the
page showed there, and never the opponent's cards before the showdown; a scripted game with a known bad call is
graded with its exact loss, the characters never; a link's round trip; retry from here (/winorlose/api/line); and
`parlour review RECORD --json` equal to the page's POST /api/review."""

from __future__ import annotations

import json
import warnings
from fractions import Fraction

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from boardcheck import post, review_everywhere

from parlour.analyses.review.core import decode_link, encode_link, parse_record, read_record
from parlour.web.app import create_app

RULES = {"tie": "zero", "chance": "beats"}


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())



def play(client, seat, opponent, calls):
    """A game as the page plays it, deals named by seeds 0, 1, ...: every answer and the record after each move."""
    moves, state, deals, answers = [], None, [], []
    for seed, call in enumerate(calls):
        d = post(client, "/winorlose/api/deal", {"seat": seat, "opponent": opponent, "deal": seed, **RULES})
        moves += d["moves"]
        a = post(client, "/winorlose/api/predict", {"seat": seat, "opponent": opponent, "deal": seed,
                                                    "prediction": call(d, seed), "state": state, **RULES})
        moves += a["moves"]
        state = a["state"]
        deals.append(d)
        answers.append(a)
    record = {"parlour_record": 1, "game": "winorlose",
              "settings": {"seat": seat, "opponent": opponent, **RULES}, "moves": moves}
    return record, deals, answers


@pytest.fixture(scope="module", params=[("frank", "smart"), ("tina", "normal")])
def game(client, request):
    seat, opponent = request.param
    return play(client, seat, opponent, [lambda d, k: "win" if k % 3 else "lose"] * 6)


def test_step_restores_exactly_the_state_of_each_move(client, game):
    record, deals, answers = game
    for k, (deal, live) in enumerate(zip(deals, answers, strict=True)):
        start = 4 * k
        at = post(client, "/winorlose/api/at", {"record": record, "ply": start + 4})
        assert at["rounds"] == [{key: v for key, v in a.items() if key != "deal"} for a in answers[:k + 1]]
        assert at["state"] == live["state"] and at["current"] is None
        for j in (1, 2, 3):  # the round before its showdown: your cards and the table, the calls made so far
            at = post(client, "/winorlose/api/at", {"record": record, "ply": start + j})
            zero = {"rounds": 0, "you_points": 0, "opponent_points": 0, "right": 0, "odds_300": 0}
            assert at["state"] == (answers[k - 1]["state"] if k else zero) and len(at["rounds"]) == k
            assert at["current"]["cards"] == deal["cards"] and at["current"]["table"] == deal["table"]
            assert set(at["current"]) == {"cards", "table", "calls"}  # the opponent's cards are not there yet
        calls = post(client, "/winorlose/api/at", {"record": record, "ply": start + 2})["current"]["calls"]
        if record["settings"]["seat"] == "tina":
            assert calls == {"opponent": deal["opponent_prediction"]}
        else:
            assert calls == {"you": live["you"]["prediction"]}
    post(client, "/winorlose/api/at", {"record": record, "ply": len(record["moves"]) + 1}, 400)


def test_step_refuses_a_record_whose_character_broke_its_rule(client, game):
    record, _, answers = game
    k = 3 if record["settings"]["seat"] == "frank" else 2  # the opponent's call in round 1
    bad = {**record, "moves": [*record["moves"]]}
    wrong = "lose" if answers[0]["them"]["prediction"] == "win" else "win"
    bad["moves"][k - 1] = {"by": "opponent", "prediction": wrong}
    said = post(client, "/winorlose/api/at", {"record": bad, "ply": 4}, 400)["error"]
    assert f"move {k}" in said


def test_grade_a_known_bad_call_with_its_exact_loss(client):
    """Frank against smart Tina: the call against the odds in round 2, the better one elsewhere. As Frank your call's
    expected points are the page's own by-the-odds numbers (no word heard), so the loss is their difference."""
    def gap(k):
        probe = post(client, "/winorlose/api/predict", {"seat": "frank", "opponent": "smart", "deal": k,
                                                         "prediction": "win", **RULES})
        return abs(Fraction(probe["expected_win_call_exact"]) - Fraction(probe["expected_lose_call_exact"]))

    seed = next(k for k in range(200) if gap(k) >= 1)
    order = [0, seed, 2] if seed not in (0, 2) else [3, seed, 4]

    moves, state, bad_loss = [], None, None
    for k, deal_seed in enumerate(order):
        d = post(client, "/winorlose/api/deal", {"seat": "frank", "opponent": "smart", "deal": deal_seed, **RULES})
        probe = post(client, "/winorlose/api/predict", {"seat": "frank", "opponent": "smart", "deal": deal_seed,
                                                        "prediction": "win", **RULES})
        worse = "lose" if probe["by_the_odds"] == "win" else "win"
        said = worse if k == 1 else probe["by_the_odds"]
        a = post(client, "/winorlose/api/predict", {"seat": "frank", "opponent": "smart", "deal": deal_seed,
                                                    "prediction": said, "state": state, **RULES})
        if k == 1:
            bad_loss = abs(Fraction(a["expected_win_call_exact"]) - Fraction(a["expected_lose_call_exact"]))
        moves += d["moves"] + a["moves"]
        state = a["state"]
    record = {"parlour_record": 1, "game": "winorlose", "settings": {"seat": "frank", "opponent": "smart", **RULES},
              "moves": moves}
    review = post(client, "/api/review", record)
    assert review["unit"] == "expected points" and review["player_names"] == ["you"]
    assert [d["ply"] for d in review["decisions"]] == [2, 6, 10]  # yours only: Tina's calls (3, 7, 11) never
    bad = review["decisions"][1]
    assert Fraction(bad["loss_exact"]) == bad_loss >= 1 and bad["grade"] == "blunder"
    assert [d["grade"] for d in review["decisions"]] == ["best", "blunder", "best"]
    assert review["costliest"]["ply"] == 6 and review["per_player"]["you"]["blunder"] == 1
    assert Fraction(review["per_player"]["you"]["loss_exact"]) == bad_loss
    assert Fraction(review["thresholds"]["blunder_exact"]) == 1
    assert {e["event"] for e in review["luck"]} >= {"deal"}


def test_grade_never_flags_bayesian_tinas_calls(client):
    """As Tina, calling what the study's Bayesian Tina calls (Frank's word counted) is always best."""
    record, _, _ = play(client, "tina", "tight", [])
    moves, state = [], None
    for seed in range(8):
        d = post(client, "/winorlose/api/deal", {"seat": "tina", "opponent": "tight", "deal": seed, **RULES})
        probe = post(client, "/winorlose/api/predict", {"seat": "tina", "opponent": "tight", "deal": seed,
                                                        "prediction": "win", **RULES})
        a = post(client, "/winorlose/api/predict", {"seat": "tina", "opponent": "tight", "deal": seed,
                                                    "prediction": probe["characters"]["bayesian"], "state": state,
                                                    **RULES})
        moves += d["moves"] + a["moves"]
        state = a["state"]
    review = post(client, "/api/review", {**record, "moves": moves})
    assert len(review["decisions"]) == 8 and all(d["grade"] == "best" for d in review["decisions"])
    assert review["costliest"] is None


def test_link_round_trip_restores_the_game(client, game):
    record, _, answers = game
    parsed = parse_record(record)
    link = "http://example.org/winorlose/" + encode_link(parsed)
    assert read_record(link) == parsed and decode_link(link) == parsed.to_json()
    at = post(client, "/winorlose/api/at", {"record": decode_link(link), "ply": len(record["moves"])})
    assert at["state"] == answers[-1]["state"] and len(at["rounds"]) == len(answers)


def test_link_of_a_round_in_progress_shows_no_hidden_card(client):
    record, _, _ = play(client, "tina", "loose", [lambda d, k: "win"] * 2)
    d = post(client, "/winorlose/api/deal", {"seat": "tina", "opponent": "loose", **RULES})  # a fresh deal
    running = {**record, "moves": record["moves"] + d["moves"]}
    link = encode_link(parse_record(running))
    assert str(d["deal"]) not in json.dumps(decode_link(link))  # no seed: the cards are nowhere
    at = post(client, "/winorlose/api/at", {"record": decode_link(link), "ply": len(running["moves"])})
    assert at["current"] == {"cards": d["cards"], "table": d["table"], "calls": {"opponent": d["opponent_prediction"]}}
    assert len(at["rounds"]) == 2


def test_step_retry_line_calls_a_finished_round_again(client, game):
    record, _, answers = game
    offset = 1 if record["settings"]["seat"] == "frank" else 2
    k = 2
    other = "lose" if answers[k]["you"]["prediction"] == "win" else "win"
    line = post(client, "/winorlose/api/line", {"record": record, "start": 4 * k + offset, "prediction": other})
    assert line["line"]["from"] == 4 * k + offset and line["line"]["moves"][0] == {"by": "you", "prediction": other}
    assert line["them"]["cards"] == answers[k]["them"]["cards"] and line["table"] == answers[k]["table"]
    assert line["state"]["rounds"] == k + 1
    with_line = {**record, "lines": [line["line"]]}
    assert post(client, "/api/review", with_line)["decisions"] == post(client, "/api/review", record)["decisions"]
    post(client, "/winorlose/api/line", {"record": record, "start": 4 * k, "prediction": other}, 400)


def test_review_cli_equals_the_page(client, game, tmp_path, capsys):
    record, _, _ = game
    page = review_everywhere(client, record, "/winorlose/", tmp_path, capsys)
    assert page["record_game"] == "winorlose" and len(page["decisions"]) == 6
