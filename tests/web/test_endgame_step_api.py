"""The cow-trade end game's analysis board through its API: /replay restores every trade of a record exactly as
/move answered it live (the state before each trade, both offers, what happened, the next state; the card count
shown before a computer's offer is that offer's), for the rules and the study's variant; a retry from a position
starts from that very state, and side lines change no grade of the main line."""

from __future__ import annotations

from typing import Any

import pytest
from test_endgame_record_api import PAGE_START, STATE_KEYS, new_client, play, post

GAMES = [
    pytest.param(PAGE_START, id="page-start"),
    pytest.param({**PAGE_START, "challenger": 1, "rules": "simultaneous", "next": "loser"}, id="study-loser"),
    pytest.param({"animals1": 2, "cards1": [10, 50], "cards2": [50, 10], "challenger": 2}, id="two-two"),
]


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return new_client()


def mixed(state: dict[str, Any], k: int) -> Any:
    """Accept every other time the rules allow it, else all your cards, or none."""
    if state.get("can_accept") and k % 2:
        return "accept"
    return state["cards1"] if k % 3 != 2 else []


@pytest.mark.parametrize("game", GAMES)
def test_endgame_step_replay_restores_every_trade_exactly(client, game) -> None:  # type: ignore[no-untyped-def]
    for seed, answer in ((0, mixed), (5, lambda s, k: s["cards1"][:1])):
        record, live = play(client, game, answer, seed=seed)
        replay = post(client, "replay", {"record": record, "seed": seed})
        assert replay["settings"] == record["settings"] and replay["first"] == live[0][0]
        assert len(replay["trades"]) == len(live)
        for k, (before, data) in enumerate(live):
            trade = replay["trades"][k]
            assert trade["before"] == before, f"trade {k + 1}"
            if "computer_count" in before:  # what you saw was the count of the offer the computer made
                assert before["computer_count"] == len(data["offer2"]["move"])
            last = k == len(live) - 1
            assert {key: v for key, v in trade.items() if key not in ("before", "next")} == \
                   {key: v for key, v in data.items() if key != "next"}
            if not last:
                assert trade["next"] == data["next"] == replay["trades"][k + 1]["before"]


def test_endgame_step_retry_starts_from_the_state_stepped_to(client) -> None:  # type: ignore[no-untyped-def]
    record, live = play(client, PAGE_START)
    replay = post(client, "replay", {"record": record})
    for k, trade in enumerate(replay["trades"]):
        state = {key: trade["before"][key] for key in STATE_KEYS}
        again = post(client, "state", {"game": record["settings"], "state": state, "seed": 3})["state"]
        assert {key: v for key, v in again.items() if key != "computer_count"} == \
               {key: v for key, v in live[k][0].items() if key != "computer_count"}
    line, _ = play(client, {**PAGE_START}, lambda s, k: "accept" if s.get("can_accept") else [], seed=9)
    with_line = {**record, "lines": [{"from": 0, "moves": line["moves"]}]}
    assert post(client, "/api/review", with_line)["decisions"] == post(client, "/api/review", record)["decisions"]
    assert post(client, "replay", {"record": with_line})["trades"] == replay["trades"]
