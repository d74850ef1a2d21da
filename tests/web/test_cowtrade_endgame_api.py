"""The cow-trade end game's JSON API through FastAPI's TestClient: values equal `parlour cowtrade endgame
--json` at the start and at the states play reaches, the computer moves only within its optimal support, money
cards only change hands, and bad input is one sentence (4xx)."""

from __future__ import annotations

import json
import warnings
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from parlour.analyses.cowtrade.hidden import hidden_last_trade
from parlour.cli import app as cli_app
from parlour.web.app import create_app

STANDARD = [0, 0, 10, 10, 10, 10, 50]
RICHER = [0, 0, 10, 10, 10, 10, 50, 50]
GAME = {"set_size": 4, "animals1": 1, "cards1": RICHER, "cards2": STANDARD, "challenger": 1}
STATE_KEYS = ("animals1", "cards1", "cards2", "challenger", "tied")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def cli(animals1: int, cards1: list[int], cards2: list[int], challenger: int, *extra: str) -> dict[str, Any]:
    args = ["cowtrade", "endgame", "--animals1", str(animals1), "--cards1", ",".join(map(str, cards1)) or "",
            "--cards2", ",".join(map(str, cards2)), "--challenger", str(challenger), "--json", *extra]
    result = CliRunner().invoke(cli_app, args)
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def post(client: TestClient, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    r = client.post("/cowtrade/api/endgame/" + path, json=body)
    assert r.status_code == status, r.text
    return dict(r.json())


def test_the_start_equals_the_command_line(client: TestClient) -> None:
    got = post(client, "state", {"game": GAME})
    expected = cli(1, RICHER, STANDARD, 1)
    assert got["start"]["value_exact"] == expected["value_exact"] == got["state"]["value_exact"]
    assert got["start"]["completes1"] == pytest.approx(expected["completes1"], abs=1e-9)
    assert got["start"]["expected_trades"] == pytest.approx(expected["expected_trades"], abs=1e-9)
    # the value is player 1's chance of the quartet, rescaled: (v + 1) / 2 = P(player 1 completes)
    assert (Fraction(got["start"]["value_exact"]) + 1) / 2 == pytest.approx(got["start"]["completes1"], abs=1e-9)
    for moves in got["state"]["strategy1"], *(s["answers"] for s in got["state"]["strategy2"]):
        assert sum(Fraction(m["probability_exact"]) for m in moves) == 1


def test_the_study_variant_has_no_accepting_and_equals_the_command_line(client: TestClient) -> None:
    game = {**GAME, "rules": "simultaneous"}
    got = post(client, "state", {"game": game})
    assert got["start"]["value_exact"] == cli(1, RICHER, STANDARD, 1, "--study")["value_exact"]
    assert [s["seen"] for s in got["state"]["strategy2"]] == ["any offer"]
    state = {k: got["state"][k] for k in STATE_KEYS}
    bad = post(client, "move", {"game": {**game, "challenger": 2}, "state": {**state, "challenger": 2},
                                "response": "accept"}, 400)
    assert "no accepting" in bad["error"]


def test_hand_solved_small_games(client: TestClient) -> None:
    # 10 against 10, player 2 owns three and challenges: offering his 10 wins, since player 1 can at best
    # tie, the trade repeats, and the second tie goes to the challenger: value -1 (player 2 completes).
    small = {**GAME, "cards1": [10], "cards2": [10], "challenger": 2}
    got = post(client, "state", {"game": small})
    assert got["start"]["value_exact"] == "-1" and got["start"]["completes2"] == pytest.approx(1)
    assert got["state"]["can_accept"] and got["state"]["computer_count"] in (0, 1)
    # the same with player 1 owning three and challenging: +1; and if he offers his 10, whatever the answer
    # (accept, nothing, or 10 and a repeated tie), he takes the last animal.
    mine = {**small, "animals1": 3, "challenger": 1}
    assert post(client, "state", {"game": mine})["start"]["value_exact"] == "1"
    for seed in range(4):
        moved = post(client, "move", {"game": mine, "offer": [10], "seed": seed})
        while "next" in moved:  # a tie: the offers go back and the trade repeats once
            assert moved["next"]["tied"] == 1 and "tie" in moved["story"]
            moved = post(client, "move", {"game": mine, "state": {k: moved["next"][k] for k in STATE_KEYS},
                                          "offer": [10], "seed": seed})
        assert moved["end"]["winner"] == 1


def test_play_follows_the_optimal_support_and_only_passes_money_on(client: TestClient) -> None:
    pool = Counter(RICHER) + Counter(STANDARD)
    seen_next = 0
    for seed in range(12):
        got = post(client, "state", {"game": GAME, "seed": seed})
        state = got["state"]
        offer = state["cards1"][: 2 + seed % 5]  # a few of the person's cards
        moved = post(client, "move", {"game": GAME, "state": {k: state[k] for k in STATE_KEYS}, "offer": offer,
                                      "seed": seed})
        count = len(offer)
        allowed = next(s["answers"] for s in state["strategy2"] if s["seen"].startswith(f"{count} card"))
        answer = "accept" if moved["accepted"] else moved["offer2"]["move"]
        assert answer in [m["move"] for m in allowed]
        if "next" in moved:
            seen_next += 1
            nxt = moved["next"]
            assert Counter(nxt["cards1"]) + Counter(nxt["cards2"]) == pool
            # the value shown for the next state is that state's own value as the command line solves it
            expected = cli(nxt["animals1"], nxt["cards1"], nxt["cards2"], nxt["challenger"])
            assert nxt["value_exact"] == expected["value_exact"]
        else:
            end = moved["end"]
            assert Counter(end["cards1"]) + Counter(end["cards2"]) == pool
    assert seen_next  # an offer of most of 140 against 90 wins the animal: play goes on to 2-2


def test_the_computer_challenging_draws_within_the_count_shown(client: TestClient) -> None:
    game = {**GAME, "challenger": 2, "animals1": 2}
    got = post(client, "state", {"game": game, "seed": 3})
    count = got["state"]["computer_count"]
    support = {tuple(m["move"]) for m in got["state"]["strategy2"]}
    for seed in range(6):
        moved = post(client, "move", {"game": game, "response": [], "count": count, "seed": seed})
        assert tuple(moved["offer2"]["move"]) in support and len(moved["offer2"]["move"]) == count
    bad = post(client, "move", {"game": game, "response": [], "count": 40}, 400)
    assert "never have 40 cards" in bad["error"]


@pytest.mark.parametrize("body,words", [
    ({"game": {**GAME, "set_size": 6}}, "set size"),
    ({"game": {**GAME, "animals1": 4}}, "animals"),
    ({"game": {**GAME, "challenger": 3}}, "challenger"),
    ({"game": {**GAME, "cards1": [500, 200, 100, 100, 50]}}, "states"),
    ({"game": {**GAME, "cards1": [7]}}, "money card"),
    ({"game": {**GAME, "set_size": 5, "cards1": STANDARD}}, "quintets up to 200"),
    ({"game": {**GAME, "rules": "auction"}}, "rules"),
    ({"game": GAME, "state": {"animals1": 1, "cards1": [50], "cards2": STANDARD, "challenger": 1}}, "reaches"),
    ({"game": GAME, "seed": -1}, "seed"),
])
def test_bad_input_is_one_sentence(client: TestClient, body: dict[str, Any], words: str) -> None:
    got = post(client, "state", body, 400)
    assert words in got["error"] and "\n" not in got["error"] and len(got["error"]) < 240


def test_bad_moves_are_refused(client: TestClient) -> None:
    assert "give your offer" in post(client, "move", {"game": GAME}, 400)["error"]
    assert "does not hold" in post(client, "move", {"game": GAME, "offer": [50, 50, 50]}, 400)["error"]
    computer = {**GAME, "challenger": 2}
    assert "accept" in post(client, "move", {"game": computer}, 400)["error"]


def test_hidden_money_equals_the_analysis(client: TestClient) -> None:
    got = post(client, "hidden", {"players": 3})
    expected = hidden_last_trade(3, 1, 0)
    assert got["value_exact"] == str(expected.value)
    assert Fraction(got["value_of_information_exact"]) == expected.value_informed - expected.value
    assert len(got["bids1"]) == got["hands1"] == got["size"]["hands1"]
    too_big = post(client, "hidden", {"players": 4, "donkeys": 2}, 400)
    assert "3,427 rows" in too_big["error"]
    assert "player 1 or player 3" in post(client, "hidden", {"initiative": 2}, 400)["error"]


def test_the_page_and_its_link(client: TestClient) -> None:
    page = client.get("/cowtrade/endgame")
    assert page.status_code == 200 and "cowtrade_endgame.js" in page.text
    assert 'href="/cowtrade/endgame"' in client.get("/cowtrade/").text


@pytest.mark.slow
def test_a_small_quintet_equals_the_command_line(client: TestClient) -> None:
    # a quintet can go round (2-3 -> 3-2 -> 2-3 ...): solved to certified bounds (or exactly where a stationary
    # pair proves it); about a minute here, hence slow
    game = {**GAME, "set_size": 5, "animals1": 2, "cards1": [10, 10, 50], "cards2": [10, 50]}
    got = after_job(client, "state", {"game": game})
    expected = cli(2, [10, 10, 50], [10, 50], 1, "--set-size", "5")
    assert got["start"]["value"] == pytest.approx(expected["value"], abs=1e-9)
    assert got["start"]["value_is_exact"] == ("value_exact" in expected)
    if not got["start"]["value_is_exact"]:
        low, high = got["start"]["value_bounds"]
        assert low <= expected["value"] <= high and high - low <= 1e-9
    moved = post(client, "move", {"game": game, "offer": [50], "seed": 1})
    assert ("next" in moved) != ("end" in moved)


def after_job(client: TestClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """The answer once the quintet's job (if one was needed) has run."""
    import time

    got = post(client, path, body)
    deadline = time.monotonic() + 300
    while got.get("ready") is False:
        assert "job" in got and time.monotonic() < deadline, got
        while client.get(f"/jobs/{got['job']}").json()["state"] == "running":
            time.sleep(0.05)
        got = post(client, path, body)
    return got


@pytest.mark.timing
def test_a_quintet_is_a_job_that_cancel_ends_and_that_answers_as_the_request_would() -> None:
    import time

    client = TestClient(create_app())  # first: the cow trade's page imports its end game's
    from parlour.web import cowtrade_endgame as web
    from parlour.web.jobs import jobs

    game = {**GAME, "set_size": 5, "animals1": 2, "cards1": [10, 50], "cards2": [10]}  # 44 states, ~2 s
    assert web.parse_game(web.GameSpec(**game)).seconds > web.INLINE_S
    first = post(client, "state", {"game": game})
    assert first["ready"] is False and first["job"].startswith("cowtrade-endgame-") and "ask" not in first
    began = time.monotonic()
    assert client.post(f"/jobs/{first['job']}/cancel").json()["error"] == "cancelled"
    assert time.monotonic() - began < 1.0 and jobs.busy() == 0
    got = after_job(client, "state", {"game": game})  # asked again: a new job, run to its end
    parsed = web.parse_game(web.GameSpec(**game))
    inline = web.summary(parsed, web.solve(parsed))  # the same solve inside this process
    said = {k: None if isinstance(v, float) and v in (float("inf"), float("-inf")) else v  # as JSON says them
            for k, v in inline.items() if k != "seconds"}
    assert {k: v for k, v in got["start"].items() if k != "seconds"} == said
    moved = post(client, "move", {"game": game, "offer": [50], "seed": 1})  # from memory now: no job
    assert ("next" in moved) != ("end" in moved)


def test_a_quintet_estimated_beyond_a_minute_asks_first(monkeypatch: pytest.MonkeyPatch) -> None:
    client = TestClient(create_app())  # first: the cow trade's page imports its end game's
    from parlour.web import cowtrade_endgame as web
    from parlour.web.jobs import jobs

    monkeypatch.setattr(web, "QUINTET_SECONDS_PER_STATE", 10.0)
    game = {**GAME, "set_size": 5, "animals1": 2, "cards1": [10, 50], "cards2": [0]}
    asked = post(client, "state", {"game": game})
    assert asked["ask"] is True and "job" not in asked and "minutes" in asked["expect"]
    parsed = web.parse_game(web.GameSpec(**game))
    assert not web.cache.job_running(parsed)  # asking first starts nothing
    started = post(client, "state", {"game": game, "start": True})
    # the pages' one cache names the job after the game: its key and the round (infra.cache)
    assert started["job"].startswith(parsed.key + "-") and jobs.running(started["job"])
    assert web.cache.job_running(parsed)
    client.post(f"/jobs/{started['job']}/cancel")
