"""The page's JSON API through FastAPI's TestClient."""

from __future__ import annotations

import warnings
from fractions import Fraction

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from parlour.web.app import create_app


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


def test_page_has_the_studys_controls(client):
    html = client.get("/winorlose/").text
    for needle in (
        'id="start"',
        'id="loop"',
        'id="clear"',
        'id="count"',
        'id="frank-type"',
        'id="tina-type"',
        'id="table-cards"',
        "winorlose.js",
    ):
        assert needle in html
    assert client.get("/static/winorlose.js").status_code == 200
    assert "http" not in client.get("/static/winorlose.js").text.replace("http://", "")  # nothing from a CDN


def test_one_round_then_a_loop_carries_the_state(client):
    one = client.post("/winorlose/api/play", json={"frank": "tight", "tina": "smart", "rounds": 1, "seed": 4}).json()
    assert one["rounds"] == 1
    last = one["last"]
    assert len(last["table"]) == 5 and len(last["frank"]["cards"]) == 2 and len(last["tina"]["cards"]) == 2
    assert one["frank_points"] == last["frank"]["points"]
    assert last["frank"]["prediction"] in ("win", "lose")
    chance = last["tina"]["chance"]
    assert abs(chance["win"] + chance["tie"] + chance["lose"] - 1) < 1e-12
    assert Fraction(chance["win_exact"]) == Fraction(chance["wins"], chance["holdings"])
    cards = [*last["table"], *last["frank"]["cards"], *last["tina"]["cards"]]
    assert len(set(cards)) == 9
    more = client.post(
        "/winorlose/api/play", json={"frank": "tight", "tina": "smart", "rounds": 50, "seed": 5, "state": one["state"]}
    ).json()
    assert more["rounds"] == 51
    assert more["tina_rounds_ahead"] + more["frank_rounds_ahead"] <= 51


def test_same_seed_same_game(client):
    body = {"frank": "loose", "tina": "learning", "rounds": 200, "seed": 9}
    a, b = client.post("/winorlose/api/play", json=body).json(), client.post("/winorlose/api/play", json=body).json()
    assert a == b
    # Loose Frank says win iff his chance >= 75/300: after 200 rounds the bounds bracket it.
    assert a["state"]["highest_lose"] < 75 <= a["state"]["lowest_win"]
    learned = a["learning"]
    assert Fraction(learned["highest_lose_exact"]) < Fraction(1, 4) <= Fraction(learned["lowest_win_exact"])
    assert learned["lowest_win"] == float(Fraction(learned["lowest_win_exact"]))


def test_chance_endpoint_is_exact(client):
    got = client.get("/winorlose/api/chance", params={"hand": "3,4", "table": "0,1,2,5,6"}).json()
    # 6-5-4-3-2 high: every other holding pairs up, holds a 7, or is the 3-4 again (9 ways: a tie)
    assert (got["win_exact"], got["tie_exact"], got["lose_exact"]) == ("0", "3/100", "97/100")
    assert (got["win"], got["tie"], got["lose"]) == (0.0, 0.03, 0.97)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"rounds": "abc"}, "whole number"),
        ({"rounds": 0}, "whole number"),
        ({"rounds": 10**9}, "whole number"),
        ({"tina": "sly"}, "unknown type for Tina"),
        ({"frank": "reckless"}, "unknown type for Frank"),
        ({"tie": "coin"}, "tie rule"),
        ({"state": {"rounds": "x"}}, "state.rounds"),
        ({"state": {"highest_lose": 9999}}, "state"),
        ({"rounds": "١٢"}, "whole number"),  # Arabic-Indic digits are digits to Python, not to us
        ({"rounds": "9" * 5000}, "5000 digits"),
        ({"seed": -1}, "seed"),
        ({"state": {"rounds": 10**30}}, "state.rounds"),
        ({"state": {"rounds": 3, "tina_rounds_ahead": 2, "frank_rounds_ahead": 2}}, "rounds ahead"),
        ({"state": {"rounds": 3, "tina_points": 7}}, "points"),
        ({"state": {"rounds": 3, "highest_lose": 50, "lowest_win": 20}}, "contradict"),
        ({"frank": "x" * 100_000}, "unknown type for Frank"),
    ],
)
def test_bad_fields_get_a_sentence_and_the_server_goes_on(client, body, message):
    r = client.post("/winorlose/api/play", json=body)
    assert r.status_code == 400
    assert message in r.json()["error"]
    assert len(r.json()["error"]) < 200  # the input is cut, not echoed whole
    assert client.post("/winorlose/api/play", json={"rounds": 1}).status_code == 200


def test_bad_cards(client):
    r = client.get("/winorlose/api/chance", params={"hand": "3,3", "table": "3,3,3,1,2"})
    assert r.status_code == 400 and "fifth" in r.json()["error"]


def test_a_body_that_is_not_json_is_a_sentence_too(client):
    r = client.post("/winorlose/api/play", content=b"{bad", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json() == {"error": "the request body is not valid JSON"}
    r = client.get("/winorlose/api/chance", params={"hand": "³,4", "table": "1,2,3,4,5"})
    assert r.status_code == 400 and "ASCII" in r.json()["error"]


# ---- you play ---------------------------------------------------------------------------------------------


def _you(client, seat, opponent, prediction, **extra):
    deal = client.post("/winorlose/api/deal", json={"seat": seat, "opponent": opponent, **extra})
    assert deal.status_code == 200, deal.text
    d = deal.json()
    answer = client.post("/winorlose/api/predict", json={"seat": seat, "opponent": opponent, "deal": d["deal"],
                                                         "prediction": prediction, **extra})
    assert answer.status_code == 200, answer.text
    return d, answer.json()


def test_a_deal_shows_your_cards_and_the_table_but_not_the_opponents(client):
    d, r = _you(client, "frank", "smart", "win")
    assert len(d["cards"]) == 2 and len(d["table"]) == 5
    assert "opponent_prediction" not in d  # Frank speaks first
    assert set(d) == {"deal", "seat", "opponent", "cards", "table", "moves"}
    assert d["moves"] == [{"by": "chance", "cards": d["cards"], "table": d["table"]}]  # no seed in the record
    assert r["you"]["cards"] == d["cards"] and r["table"] == d["table"]
    assert not set(r["them"]["cards"]) & set(d["cards"] + d["table"])


def test_a_round_you_play_is_scored_by_the_study_and_its_chance_is_the_exact_one(client):
    from parlour.games.winorlose.rules import Rules

    rules = Rules()
    for seed in range(12):
        for seat, opponent in (("frank", "smart"), ("tina", "normal"), ("tina", "tight"), ("frank", "blind")):
            deal = client.post("/winorlose/api/deal", json={"seat": seat, "opponent": opponent, "deal": seed}).json()
            for said in ("win", "lose"):
                r = client.post("/winorlose/api/predict", json={"seat": seat, "opponent": opponent, "deal": seed,
                                                                "prediction": said}).json()
                you, them = r["you"], r["them"]
                assert you["prediction"] == said
                assert you["points"] == rules.points(said == "win", you["outcome"])
                assert them["points"] == rules.points(them["prediction"] == "win", them["outcome"])
                outcomes = {you["outcome"], them["outcome"]}
                assert outcomes in ({"win", "lose"}, {"tie"})
                chance = client.get("/winorlose/api/chance", params={"hand": ",".join(deal["cards"]),
                                                                       "table": ",".join(deal["table"])}).json()
                assert you["chance"]["win_exact"] == chance["win_exact"]
                if seat == "tina":  # Frank's word in the deal is the one he is scored on
                    assert them["prediction"] == deal["opponent_prediction"]
                    assert set(r["characters"]) == {"blind", "competitive", "cooperative", "smart", "bayesian"}
                else:
                    assert set(r["characters"]) == {"loose", "normal", "tight"}
                    # the Franks' thresholds: a Frank who says win has at least Loose's chance
                    if r["characters"]["tight"] == "win":
                        assert r["characters"]["normal"] == r["characters"]["loose"] == "win"


def test_the_running_state_adds_up_and_a_forged_one_is_refused(client):
    d, r = _you(client, "frank", "competitive", "lose")
    state = r["state"]
    assert state["rounds"] == 1 and state["you_points"] == r["you"]["points"]
    bad = client.post("/winorlose/api/predict", json={"seat": "frank", "opponent": "competitive", "deal": d["deal"],
                                                      "prediction": "win", "state": {**state, "you_points": 99}})
    assert bad.status_code == 400 and "cannot be reached" in bad.json()["error"]


@pytest.mark.parametrize(("body", "said"), [
    ({"seat": "frank", "opponent": "learning"}, "study's Tinas"),
    ({"seat": "tina", "opponent": "smart"}, "unknown type for Frank"),
    ({"seat": "dealer", "opponent": "smart"}, "your seat must be one of frank, tina"),
])
def test_a_bad_seat_or_opponent_is_one_sentence(client, body, said):
    answer = client.post("/winorlose/api/deal", json=body)
    assert answer.status_code == 400 and said in answer.json()["error"]


def test_a_prediction_must_be_win_or_lose_and_name_its_deal(client):
    answer = client.post("/winorlose/api/predict", json={"seat": "frank", "opponent": "smart", "deal": 3,
                                                         "prediction": "maybe"})
    assert answer.status_code == 400 and "win, lose" in answer.json()["error"]
    answer = client.post("/winorlose/api/predict", json={"seat": "frank", "opponent": "smart", "prediction": "win"})
    assert answer.status_code == 400 and "press Deal" in answer.json()["error"]
