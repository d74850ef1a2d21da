"""The record the cow-trade page keeps (docs/json.md, "Game records", `"game": "cowtrade"`): its settings are the
solved game as /cowtrade/api/solve echoes it plus your side, each /cowtrade/api/play answer carries the trade's two
moves (your bid, then the computer's), in money and in money cards; the grader reads it as the same game."""

from __future__ import annotations

import pytest
from cowgame import play, post

from parlour.analyses.review import cowtrade as grader
from parlour.analyses.review.core import parse_record
from parlour.web.app import create_app
from parlour.web.cowtrade import TRADES, GameSpec, parse_game

CARDS = {"mode": "cards", "cards1": "0,10,10,50", "cards3": [10, 50], "initiative": 3, "second": "loser"}


@pytest.fixture(scope="module")
def client():
    from cowgame import TestClient

    return TestClient(create_app())


@pytest.mark.parametrize("spec", [{"money1": 8, "money3": 5}, CARDS])
def test_record_is_the_solved_game_and_each_trades_two_moves(client, spec):
    game = post(client, "/cowtrade/api/solve", spec)["request"]
    bids = game.get("cards1", [0, 3])
    record, answers = play(client, [sum(bids[:2]), bids[-1]], game=game)
    for k, answer in enumerate(answers):
        you, computer = {"by": "you", "bid": answer["bid"]}, {"by": "computer", "bid": answer["computer_bid"]}
        assert answer["moves"] == [you, computer]
        assert record["moves"][2 * k:2 * k + 2] == answer["moves"]
    parsed = parse_record(record)
    assert parsed.game == "cowtrade" and parsed.settings["side"] == 1
    assert grader.game_of(parsed.settings) == (parse_game(GameSpec(**spec)), 1)


def test_record_page_states_the_games_length(client):
    html = client.get("/cowtrade/").text
    assert f'data-trades="{TRADES}"' in html and f"Play a game of {TRADES} last trades" in html
    for needle in ('id="play-tools"', 'id="play-story"', 'id="trade-moves"', 'id="play-grades"', "board.js"):
        assert needle in html
