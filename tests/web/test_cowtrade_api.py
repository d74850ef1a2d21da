"""The cow-trade page's JSON API through FastAPI's TestClient: the numbers equal `parlour cowtrade solve --json`,
plays follow the rules and the certified mixture, bad input is one sentence (4xx), and junk never makes a 5xx."""

from __future__ import annotations

import json
import time
import warnings
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from parlour.cli import app as cli_app
from parlour.games.cowtrade import winner
from parlour.web import cowtrade as web
from parlour.web.app import create_app

# Fields that say how long a run took, or name the command: not the game's numbers.
RUN_FIELDS = {"seconds", "counters", "game", "command", "parlour_version"}


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def cli(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli_app, ["cowtrade", "solve", *args, "--json", "--matrix", "--steps"])
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def solve(client: TestClient, **body: Any) -> dict[str, Any]:
    reply = client.post("/cowtrade/api/solve", json=body)
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def test_page_and_assets(client: TestClient) -> None:
    html = client.get("/cowtrade/").text
    for needle in ('id="game-form"', 'id="matrix"', 'id="next-step"', 'id="inspection"', 'id="seal"',
                   'id="reveal"', "cowtrade.js", "cowtrade.css"):
        assert needle in html
    for asset in ("cowtrade.js", "cowtrade.css"):
        reply = client.get(f"/static/{asset}")
        assert reply.status_code == 200
        assert "https://" not in reply.text and "//cdn" not in reply.text  # nothing from elsewhere
    assert "Cow trade" in client.get("/").text


@pytest.mark.parametrize(
    ("body", "args"),
    [
        ({"money1": 8, "money3": 5}, ["--money1", "8", "--money3", "5"]),
        ({"money1": "8", "money3": "5", "initiative": "3"}, ["--money1", "8", "--money3", "5", "--initiative", "3"]),
        ({"money1": 100, "money3": 60, "initiative": 3, "second": "loser"},
         ["--money1", "100", "--money3", "60", "--initiative", "3", "--second", "loser"]),
        ({"money1": 5, "money3": 5}, ["--money1", "5", "--money3", "5"]),
        ({"money1": 0, "money3": 0}, ["--money1", "0", "--money3", "0"]),
        ({"mode": "cards", "cards1": "0,10,10,50,100", "cards3": [10, 10, 50], "initiative": 3},
         ["--cards1", "0,10,10,50,100", "--cards3", "10,10,50", "--initiative", "3"]),
        ({"mode": "cards", "cards1": "", "cards3": "0,10"}, ["--cards1", "", "--cards3", "0,10"]),
    ],
)
def test_solve_equals_the_command_line(client: TestClient, body: dict[str, Any], args: list[str]) -> None:
    page, command = solve(client, **body), cli(*args)
    for key, value in command.items():
        if key not in RUN_FIELDS:
            assert page[key] == value, key
    assert len(page["removals"]) == len(command["steps"])
    assert [r["text"] for r in page["removals"]] == command["steps"]
    assert Fraction(page["win1_exact"]) == (Fraction(command["value_exact"]) + 1) / 2


def test_elimination_steps_and_inspection_game(client: TestClient) -> None:
    data = solve(client, money1=8, money3=5)
    first = data["removals"][0]
    assert first == {"player": 1, "bid": 0, "kind": "weak", "text": "row bid 0 weakly dominated by bid 1",
                     "witness": [{"bid": 1, "weight": 1.0, "weight_exact": "1"}]}
    assert {r["player"] for r in data["removals"]} == {1, 3}
    ins = data["inspection"]
    assert ins["size"] == data["inspection_size"] == 3
    assert ins["winners"] == [[1, 3, 3], [3, 1, 3], [3, 3, 1]]  # the columns reordered onto the diagonal
    removed1 = {r["bid"] for r in data["removals"] if r["player"] == 1}
    assert set(ins["rows"]) == set(data["bids1"]) - removed1
    assert data["closed_form_exact"] == data["value_exact"] == "-1/3" and data["band_width"] == 2
    assert data["request"] == {"mode": "money", "money1": 8, "money3": 5, "initiative": 1, "second": "alternate"}


def test_player_3_always_wins_and_an_always_winning_bid(client: TestClient) -> None:
    lost = solve(client, money1=5, money3=7)
    assert lost["inspection"]["size"] is None and lost["inspection"]["winners"] == [[3]]
    won = solve(client, money1=20, money3=3)  # 20 > 3 * 3: a bid that always wins
    assert won["value_exact"] == "1" and won["inspection"]["size"] == 1 and won["inspection"]["winners"] == [[1]]


def play(client: TestClient, **body: Any) -> dict[str, Any]:
    reply = client.post("/cowtrade/api/play", json=body)
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


@pytest.mark.parametrize("side", [1, 3])
def test_a_game_of_trades_against_the_optimal_bidder(client: TestClient, side: int) -> None:
    game = {"money1": 8, "money3": 5, "initiative": 1}
    data = solve(client, **game)
    computer = {s["bid"] for s in data["strategy3" if side == 1 else "strategy1"]}
    mine = [s["bid"] for s in data["strategy1" if side == 1 else "strategy3"]]
    value = Fraction(data["value_exact"]) * (1 if side == 1 else -1)
    score: dict[str, int] | None = None
    for k in range(12):
        bid = mine[k % len(mine)]
        out = play(client, game=data["request"], side=side, bid=bid, score=score, seed=k)
        assert out["computer_bid"] in computer  # drawn from the certified mixture's support
        i1, i3 = (bid, out["computer_bid"]) if side == 1 else (out["computer_bid"], bid)
        assert out["winner"] == winner(i1, i3, 8, 5, 1)
        assert out["won"] == (out["winner"] == side) and out["payoff"] == (1 if out["won"] else -1)
        assert Fraction(out["expected_exact"]) == value == Fraction(out["value_exact"])  # an optimal bid earns v
        score = out["score"]
        assert score["rounds"] == k + 1
        assert Fraction(out["average_exact"]) == Fraction(2 * score["wins"] - score["rounds"], score["rounds"])
        assert out["story"]
    # the same seed draws the same bid
    again = play(client, game=data["request"], side=side, bid=mine[0], seed=0)
    assert again["computer_bid"] == play(client, game=data["request"], side=side, bid=mine[0], seed=0)["computer_bid"]


def test_a_bad_bid_earns_less_than_the_value(client: TestClient) -> None:
    out = play(client, game={"money1": 8, "money3": 5}, side=1, bid=8, seed=1)  # bid 8 never wins
    assert out["winner"] == 3 and out["expected_exact"] == "-1" and out["value_exact"] == "-1/3"


def test_cards_game_plays_only_sums_of_the_hand(client: TestClient) -> None:
    game = {"mode": "cards", "cards1": [10, 50], "cards3": [10], "initiative": 1}
    assert solve(client, **game)["bids1"] == [0, 10, 50, 60]
    assert play(client, game=game, side=1, bid=60, seed=3)["bid"] == 60
    reply = client.post("/cowtrade/api/play", json={"game": game, "side": 1, "bid": 20})
    assert reply.status_code == 400 and "cannot make 20" in reply.json()["error"]


@pytest.mark.timing
def test_money_100_answers_fast(client: TestClient) -> None:
    began = time.perf_counter()
    data = solve(client, money1=100, money3=99)  # the slowest at this size: an n = 100 inspection game
    assert data["inspection_size"] == 100 and data["value_exact"] == "-49/50"
    assert time.perf_counter() - began < 2  # 0.1 s measured (bench/bench_web_cowtrade.py); slack for a busy box


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("solve", {"money1": 101, "money3": 5}, "up to 100"),
        ("solve", {"money1": 10**20, "money3": 5}, "0 to 100"),
        ("solve", {"money1": "9" * 5000, "money3": 5}, "5000 digits"),
        ("solve", {"money1": "١٢", "money3": 5}, "whole number"),
        ("solve", {"money1": -1, "money3": 5}, "whole number"),
        ("solve", {"money1": 1.5, "money3": 5}, "whole number"),
        ("solve", {"money1": True, "money3": 5}, "whole number"),
        ("solve", {"money3": 5}, "money total of player 1"),
        ("solve", {"money1": 5, "money3": 5, "initiative": 2}, "player 1 or player 3"),
        ("solve", {"money1": 5, "money3": 5, "initiative": "x"}, "the initiative must be player 1 or player 3"),
        ("solve", {"money1": 5, "money3": 5, "second": "first"}, "alternate, loser"),
        ("solve", {"money1": 5, "money3": 5, "mode": "barter"}, "money, cards"),
        ("solve", {"mode": "cards", "cards1": "10,20", "cards3": ""}, "the cards are 0, 10, 50"),
        ("solve", {"mode": "cards", "cards1": [500] * 3, "cards3": [500] * 3}, "the box has only 5"),
        ("solve", {"mode": "cards", "cards1": "10," * 100, "cards3": ""}, "box has 55"),
        ("solve", {"mode": "cards", "cards1": "1" * 5000, "cards3": ""}, "too long"),
        ("solve", {"mode": "cards", "cards1": {"a": 1}, "cards3": ""}, "list of card values"),
        ("solve", {"mode": "cards", "cards3": ""}, "money cards of player 1"),
        ("solve", {"mode": "cards", "cards1": [100, 200, 500, 100, 200, 500, 10, 10, 10, 10, 10, 10, 10, 10,
                                               10, 10, 10, 10, 50, 50], "cards3": []}, "different bids"),
        ("play", {"game": {"money1": 8, "money3": 5}, "side": 1, "bid": 9}, "from 0 to 8"),
        ("play", {"game": {"money1": 8, "money3": 5}, "side": 2, "bid": 1}, "player 1 or player 3"),
        ("play", {"game": {"money1": 8, "money3": 5}, "side": 1}, "give your bid"),
        ("play", {"game": {"money1": 8, "money3": 5}, "side": 1, "bid": 1, "score": {"rounds": 2, "wins": 3}},
         "3 trades won out of 2"),
        ("play", {"game": {"money1": 8, "money3": 5}, "side": 1, "bid": 1, "score": {"rounds": 10**7}}, "trades"),
        ("play", {"game": {"money1": 8, "money3": 5}, "side": 1, "bid": 1, "seed": -4}, "seed"),
        ("play", {"game": {"money1": 800, "money3": 5}, "side": 1, "bid": 1}, "up to 100"),
        ("play", {"side": 1, "bid": 1}, "game"),
    ],
)
def test_bad_input_is_one_sentence(client: TestClient, path: str, body: dict[str, Any], message: str) -> None:
    reply = client.post(f"/cowtrade/api/{path}", json=body)
    assert reply.status_code == 400, reply.text
    error = reply.json()["error"]
    assert message in error, error
    assert len(error) < 260  # the input is cut, never echoed whole
    assert client.post("/cowtrade/api/solve", json={"money1": 3, "money3": 1}).status_code == 200


def test_a_body_that_is_not_json(client: TestClient) -> None:
    reply = client.post("/cowtrade/api/solve", content=b"{money", headers={"content-type": "application/json"})
    assert reply.status_code == 400 and reply.json() == {"error": "the request body is not valid JSON"}


def test_headline_is_computed() -> None:
    text = web.headline()
    chance = (Fraction(cli("--money1", "100", "--money3", "50")["value_exact"]) + 1) / 2
    assert str(chance) in text


junk = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=30),
    st.sampled_from(["1", "3", "8", "100", "101", "0,10,50", "alternate", "loser", "money", "cards", "١", "-1"]),
    st.lists(st.one_of(st.integers(-5, 600), st.sampled_from([0, 10, 50, 100, 200, 500]), st.text(max_size=3)),
             max_size=12),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)
small = st.one_of(st.integers(0, 12), junk)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mode=junk, money1=small, money3=small, cards1=junk, cards3=junk, initiative=junk, second=junk,
       side=junk, bid=small, rounds=junk, wins=junk, seed=junk, raw=st.one_of(st.none(), st.text(max_size=40)))
def test_junk_never_makes_a_5xx(client: TestClient, mode: Any, money1: Any, money3: Any, cards1: Any, cards3: Any,
                                initiative: Any, second: Any, side: Any, bid: Any, rounds: Any, wins: Any,
                                seed: Any, raw: str | None) -> None:
    game = {"mode": mode, "money1": money1, "money3": money3, "cards1": cards1, "cards3": cards3,
            "initiative": initiative, "second": second}
    game = {k: v for k, v in game.items() if v is not None}
    bodies = [
        ("solve", game),
        ("play", {"game": game, "side": side, "bid": bid, "score": {"rounds": rounds, "wins": wins}, "seed": seed}),
        ("play", {"game": {"money1": 8, "money3": 5}, "side": side, "bid": bid, "seed": seed}),
    ]
    for path, body in bodies:
        try:
            reply = client.post(f"/cowtrade/api/{path}", json=body)
        except ValueError:  # a float NaN/inf that JSON cannot carry: the client refuses it, nothing is sent
            continue
        assert reply.status_code < 500, reply.text
        if reply.status_code >= 400:
            assert set(reply.json()) == {"error"}
    if raw is not None:
        reply = client.post("/cowtrade/api/play", content=raw.encode(), headers={"content-type": "application/json"})
        assert reply.status_code < 500 and ("error" in reply.json() or reply.status_code == 200)
