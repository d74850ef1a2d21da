"""The cow trade's link: the page's record (with a retry's side line, or with a bid sealed and not yet revealed)
goes into a '#record=' address and comes back the same, and the page restores the same position and grades from it."""

from __future__ import annotations

import pytest
from cowgame import play, post

from parlour.analyses.review.core import decode_link, encode_link, parse_record, read_record
from parlour.web.app import create_app


@pytest.fixture(scope="module")
def client():
    from cowgame import TestClient

    return TestClient(create_app())


def test_link_round_trip_restores_the_game(client):
    record, answers = play(client, [3, 6, 1, 0])
    retry, _ = play(client, [5, 5], seed=50)
    record["lines"] = [{"from": 4, "moves": retry["moves"]}]  # Retry from trade 3, played on
    parsed = parse_record(record)
    link = "http://example.org/cowtrade/" + encode_link(parsed)
    assert read_record(link) == parsed and decode_link(link) == parsed.to_json()
    back = decode_link(link)
    at = post(client, "/cowtrade/api/at", {"record": back, "ply": len(back["moves"])})
    assert at["trades"] == answers and at["sealed"] is None
    assert post(client, "/api/review", back) == post(client, "/api/review", record)


def test_link_of_a_sealed_bid_keeps_it_sealed(client):
    record, answers = play(client, [3, 3])
    record["moves"].append({"by": "you", "bid": 5})
    back = decode_link(encode_link(parse_record(record)))
    at = post(client, "/cowtrade/api/at", {"record": back, "ply": len(back["moves"])})
    assert at["sealed"] == 5 and at["trades"] == answers and at["score"] == answers[-1]["score"]
