"""The cow trade's analysis board through its API: stepping to any move (/cowtrade/api/at) restores exactly what
the page showed there (every finished trade as /cowtrade/api/play answered it, the bid sealed in the trade in
progress, the score), for either side; a record the page could not have made is refused naming the move."""

from __future__ import annotations

import pytest
from cowgame import play, post

from parlour.web.app import create_app
from parlour.web.cowtrade import TRADES

ZERO = {"rounds": 0, "wins": 0}


@pytest.fixture(scope="module")
def client():
    from cowgame import TestClient

    return TestClient(create_app())


@pytest.mark.parametrize(("side", "bids"), [(1, [3, 6, 1, 0, 5, 8]), (3, [0, 5, 2, 1, 4, 3])])
def test_step_restores_exactly_the_state_of_each_move(client, side, bids):
    record, answers = play(client, bids, side=side)
    for ply in range(len(record["moves"]) + 1):
        at = post(client, "/cowtrade/api/at", {"record": record, "ply": ply})
        k = ply // 2
        assert at["ply"] == ply and at["side"] == side
        assert at["trades"] == answers[:k]  # each trade exactly as /api/play answered it live
        assert at["score"] == (answers[k - 1]["score"] if k else ZERO)
        assert at["sealed"] == (bids[k] if ply % 2 else None)  # your bid sealed, the computer's not yet drawn


def test_step_a_whole_game_of_the_page(client):
    record, answers = play(client, [3] * TRADES)
    at = post(client, "/cowtrade/api/at", {"record": record, "ply": 2 * TRADES})
    assert at["score"]["rounds"] == TRADES and at["trades"][-1]["total"] == answers[-1]["total"]
    assert sum(a["payoff"] for a in at["trades"]) == answers[-1]["total"]


def test_step_refuses_records_the_page_could_not_make(client):
    record, _ = play(client, [3, 3])
    moves = record["moves"]
    outside = {**record, "moves": [moves[0], {"by": "computer", "bid": 1}]}  # 1 is not in player 3's mixture
    assert "move 2" in post(client, "/cowtrade/api/at", {"record": outside, "ply": 2}, 400)["error"]
    swapped = {**record, "moves": [moves[1], moves[0]]}
    assert "move 1" in post(client, "/cowtrade/api/at", {"record": swapped, "ply": 2}, 400)["error"]
    unmade = {**record, "moves": [{"by": "you", "bid": 9}]}  # player 1 holds 8
    assert "move 1" in post(client, "/cowtrade/api/at", {"record": unmade, "ply": 1}, 400)["error"]
    post(client, "/cowtrade/api/at", {"record": record, "ply": len(moves) + 1}, 400)
    other = {**record, "game": "winorlose"}
    assert "last trade" in post(client, "/cowtrade/api/at", {"record": other, "ply": 0}, 400)["error"]
