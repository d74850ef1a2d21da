"""A game of the cow-trade page played through its API as the page plays it (the cow trade's analysis-board tests
share it): each trade your bid through POST /cowtrade/api/play with the running score, the computer's drawn by a
seed, and the page's game record built from the answers' moves."""

from __future__ import annotations

import warnings
from typing import Any

from boardcheck import post

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

GAME = {"mode": "money", "money1": 8, "money3": 5, "initiative": 1, "second": "alternate"}


def play(client: TestClient, bids: list[int], side: int = 1, game: dict[str, Any] | None = None,
         seed: int = 0) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The page's record of a game with your `bids`, and /api/play's answer to each trade."""
    game = game or GAME
    score, moves, answers = None, [], []
    for k, bid in enumerate(bids):
        answer = post(client, "/cowtrade/api/play", {"game": game, "side": side, "bid": bid, "score": score,
                                                     "seed": seed + k})
        score = answer["score"]
        moves += answer["moves"]
        answers.append(answer)
    record = {"parlour_record": 1, "game": "cowtrade", "settings": {**game, "side": side}, "moves": moves}
    return record, answers


__all__ = ["GAME", "play", "post"]
