"""The cow-trade end game's link: the '#record=' address a page copies restores the same record, and the page's
replay of it is the game as played (a finished game and one still running, with its side line)."""

from __future__ import annotations

import pytest
from test_endgame_record_api import PAGE_START, new_client, play, post

from parlour.analyses.review.core import decode_link, encode_link, parse_record, read_record


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return new_client()


def test_endgame_link_round_trip_restores_the_game(client) -> None:  # type: ignore[no-untyped-def]
    record, live = play(client, PAGE_START)
    running, _ = play(client, {**PAGE_START, "challenger": 1}, seed=4, trades=1)
    running["lines"] = [{"from": 0, "moves": running["moves"]}]  # a side line travels with the link
    for rec in (record, running):
        parsed = parse_record(rec)
        link = "http://example.org/cowtrade/endgame" + encode_link(parsed)
        assert read_record(link) == parsed and decode_link(link) == parsed.to_json()
        again = post(client, "replay", {"record": decode_link(link), "seed": 1})
        assert again == post(client, "replay", {"record": rec, "seed": 1})
    again = post(client, "replay", {"record": decode_link(encode_link(parse_record(record)))})
    assert [t["story"] for t in again["trades"]] == [data["story"] for _, data in live]
    assert again["trades"][-1]["end"] == live[-1][1]["end"]
