"""The cow-trade end game's record through its API: /state names the game as a record's settings, each /move
answers the trade's two moves in the record's shape (docs/json.md, "Game records": the challenger's offer, then
the other's answer), the page states the grading thresholds, and /replay refuses a record the game could not have
produced in one sentence that names the move. `play` is the page's game, shared by the other test_endgame_* files."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from parlour.analyses.review.core import parse_record
from parlour.web.app import create_app

STANDARD = [0, 0, 10, 10, 10, 10, 50]
PAGE_START = {"set_size": 4, "animals1": 1, "cards1": [*STANDARD, 50], "cards2": STANDARD, "challenger": 2}
STATE_KEYS = ("animals1", "cards1", "cards2", "challenger", "tied")
Answer = Callable[[dict[str, Any], int], Any]


def new_client() -> TestClient:
    return TestClient(create_app())


@pytest.fixture(scope="module")
def client() -> TestClient:
    return new_client()


def post(client: TestClient, path: str, body: Any, status: int = 200) -> dict[str, Any]:
    r = client.post(path if path.startswith("/api") else "/cowtrade/api/endgame/" + path, json=body)
    assert r.status_code == status, r.text
    return dict(r.json())


def top(state: dict[str, Any], _: int) -> list[int]:
    """The keyboard's game: the first (highest) card of your hand, as offer or counter-offer."""
    return state["cards1"][:1]


def play(client: TestClient, game: dict[str, Any], answer: Answer = top, seed: int = 0,
         trades: int = 12) -> tuple[dict[str, Any], list[tuple[dict[str, Any], dict[str, Any]]]]:
    """A game as the page plays it, the computer's draws from `seed`: the record, and per trade the state before
    it and /move's answer. `answer(state, k)` is your offer, or your answer ("accept" or cards) to the computer."""
    first = post(client, "state", {"game": game, "seed": seed})
    settings, state = first["settings"], first["state"]
    moves: list[dict[str, Any]] = []
    live = []
    for k in range(trades):
        body: dict[str, Any] = {"game": settings, "state": {key: state[key] for key in STATE_KEYS}, "seed": seed + k}
        if state["challenger"] == 1:
            body["offer"] = answer(state, k)
        else:
            body["response"], body["count"] = answer(state, k), state.get("computer_count")
        data = post(client, "move", body)
        live.append((state, data))
        moves += data["moves"]
        if "end" in data:
            break
        state = data["next"]
    return {"parlour_record": 1, "game": "cowtrade_endgame", "settings": settings, "moves": moves}, live


def test_endgame_record_is_the_documented_shape(client: TestClient) -> None:
    record, live = play(client, PAGE_START)
    assert record["settings"] == {"set_size": 4, "rules": "rules", "next": "alternate", "animals1": 1,
                                  "cards1": [50, 50, 10, 10, 10, 10, 0, 0], "cards2": [50, 10, 10, 10, 10, 0, 0],
                                  "challenger": 2}
    assert parse_record(record).to_json() == {**record, "lines": []}
    assert "end" in live[-1][1] and len(record["moves"]) == 2 * len(live)
    for k, (before, data) in enumerate(live):
        offer, answer = record["moves"][2 * k:2 * k + 2]
        c = before["challenger"]
        assert (offer["by"], answer["by"]) == (("you", "computer") if c == 1 else ("computer", "you"))
        challenger_cards = before["cards1"] if c == 1 else before["cards2"]
        assert all(offer["offer"].count(v) <= challenger_cards.count(v) for v in set(offer["offer"]))
        shown = data["offer1"] if c == 1 else data["offer2"]
        assert offer["offer"] == shown["move"]
        assert answer["response"] == ("accept" if data["accepted"] else
                                      (data["offer2"] if c == 1 else data["offer1"])["move"])


def test_endgame_record_page_states_the_thresholds(client: TestClient) -> None:
    html = client.get("/cowtrade/endgame").text
    assert "inaccuracy from 1/20, mistake from 1/5, blunder from 1/2" in html
    assert "board.js" in html and 'id="eg-grades"' in html and 'id="eg-tools"' in html


def test_endgame_record_the_game_could_not_have_made_is_refused(client: TestClient) -> None:
    record, _ = play(client, PAGE_START)
    moves = record["moves"]

    def refused(bad_moves: list[dict[str, Any]], *words: str) -> None:
        said = post(client, "replay", {"record": {**record, "moves": bad_moves}}, 400)["error"]
        assert all(w in said for w in words), said

    refused([{**moves[0], "by": "you"}, *moves[1:]], "move 1", "computer")
    refused(moves[:1], "whole trades", "move 1")
    refused([*moves, *moves[:2]], "move 7", "after the end game ended")
    refused([{"by": "computer", "offer": [50, 10, 10, 10, 10, 0, 0]}, moves[1]], "move 1", "never offers")
    refused([moves[0], {"by": "you", "response": [500]}], "move 2")
    other = post(client, "replay", {"record": {**record, "game": "memory"}}, 400)["error"]
    assert "cow-trade end games" in other
