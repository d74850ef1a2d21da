"""The Memory page's analysis board through its API: stepping to any move restores exactly the view the game had
there (/memory/api/at), the record the page keeps (faces seen, the nonce, the deal only once the game is over), a
link's round trip, retry from here (/memory/api/line), and `parlour review RECORD --json` equal to the page's
POST /api/review."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from boardcheck import post, review_everywhere

from parlour.analyses.review.core import decode_link, encode_link, parse_record, read_record
from parlour.web.app import create_app

SAME = ("cards", "turns", "won", "over", "stalemate", "mover", "expected", "state", "hint", "story", "final")


@pytest.fixture(scope="module", autouse=True)
def _cache(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("PARLOUR_CACHE", str(tmp_path_factory.mktemp("cache")))
    yield
    mp.undo()


@pytest.fixture(scope="module")
def client(_cache):
    return TestClient(create_app())



def worst_card(data) -> int:
    """The person's worst card by the hint (ties: the highest position): a game with losses to grade."""
    cards = data["hint"]["cards"]
    return max(cards, key=lambda q: (-cards[q]["value"], int(q)), default=None)


@pytest.fixture(scope="module")
def played(client):
    """A whole game of 5 pairs, the person flipping the worst card each time: every live view, in order."""
    data = post(client, "/memory/api/new", {"pairs": 5, "first": "you"})
    views = [data]
    while not data["over"]:
        card = worst_card(data)
        card = int(card) if card is not None else next(i for i, c in enumerate(data["cards"]) if c["status"] == "down")
        data = post(client, "/memory/api/flip", {"game": data["game"], "card": card})
        views.append(data)
    return views


def test_step_restores_exactly_the_view_of_each_move(client, played):
    record = played[-1]["record"]
    for live in played:
        ply = len(live["record"]["moves"])
        at = post(client, "/memory/api/at", {"record": record, "ply": ply})
        assert at["ply"] == ply
        assert {k: at.get(k) for k in SAME} == {k: live.get(k) for k in SAME}
        assert at["record"]["moves"] == live["record"]["moves"]


def test_step_between_moves_shows_only_what_was_seen(client, played):
    record = played[-1]["record"]
    start = post(client, "/memory/api/at", {"record": record, "ply": 0})
    assert all(c["status"] == "down" for c in start["cards"]) and start["turns"] == []
    one = post(client, "/memory/api/at", {"record": record, "ply": 1})
    up = [i for i, c in enumerate(one["cards"]) if c["status"] == "up"]
    assert up == [record["moves"][0]["card"]] and one["hint"]["stage"] == "second"
    # a step within the computer's turn: its first card face up, the hint for its second card
    k = next(i for i, m in enumerate(record["moves"]) if m["by"] == "computer")
    mid = post(client, "/memory/api/at", {"record": record, "ply": k + 1})
    assert mid["mover"] == "computer" and mid["cards"][record["moves"][k]["card"]]["status"] == "up"
    post(client, "/memory/api/at", {"record": record, "ply": len(record["moves"]) + 1}, 400)


def test_record_hides_the_deal_until_the_game_is_over(played):
    for live in played[:-1]:
        settings = live["record"]["settings"]
        assert set(settings) == {"pairs", "first", "nonce"} and settings["nonce"] == live["game"]["nonce"]
        seen = {q: c["face"] for q, c in enumerate(live["cards"]) if "face" in c}
        assert {m["card"]: m["face"] for m in live["record"]["moves"]} == seen  # no face the page did not see
        assert [m["card"] for m in live["record"]["moves"] if m["by"] == "you"] == live["game"]["moves"]
    final = played[-1]["record"]
    assert sorted(final["settings"]["deal"]) == sorted(list(range(5)) * 2)
    assert all(final["settings"]["deal"][m["card"]] == m["face"] for m in final["moves"])
    parse_record(final)  # the core's shape


def test_link_round_trip_restores_the_game(client, played):
    record = parse_record(played[-1]["record"])
    link = "http://example.org/memory/" + encode_link(record)
    assert read_record(link) == record and decode_link(link) == record.to_json()
    at = post(client, "/memory/api/at", {"record": decode_link(link), "ply": len(record.moves)})
    assert {k: at.get(k) for k in SAME} == {k: played[-1].get(k) for k in SAME}


def test_link_of_a_running_game_plays_on_only_where_it_was_dealt(client, played):
    running = played[2]
    game = {**running["game"]}
    again = post(client, "/memory/api/view", {"game": game})  # the same server: the same cards
    assert again["record"] == running["record"]
    stranger = {**game, "nonce": "0" * 32}  # another server's key deals other cards from the same nonce
    other = client.post("/memory/api/view", json={"game": stranger})
    assert other.status_code != 200 or other.json()["record"]["moves"] != running["record"]["moves"]
    # stepping needs only the faces the record shows, so it works anywhere
    at = post(client, "/memory/api/at", {"record": running["record"], "ply": len(running["record"]["moves"])})
    assert at["cards"] == running["cards"]


def test_record_retry_line_plays_on_against_the_optimal_computer(client, played):
    record = played[-1]["record"]
    body = {"record": record, "start": 2, "moves": [], "seed": 7}
    line = post(client, "/memory/api/line", body)
    assert (line["line"]["from"] == 2 and line["mover"] == "you") or line["over"]
    assert all(m["by"] == "computer" for m in line["line"]["moves"])
    down = next(i for i, c in enumerate(line["cards"]) if c["status"] == "down")
    step = post(client, "/memory/api/line", {**body, "moves": [down]})
    assert step["line"]["moves"][len(line["line"]["moves"])] == {"by": "you", "card": down,
                                                                 "face": record["settings"]["deal"][down]}
    assert post(client, "/memory/api/line", {**body, "moves": [down]}) == step  # the same seed, the same line
    with_line = {**record, "lines": [step["line"]]}
    r = post(client, "/api/review", with_line)  # a record with its side line is still graded on its main line
    assert r["decisions"] == post(client, "/api/review", record)["decisions"]
    # while the game runs there is no retry: the deal is hidden
    refused = post(client, "/memory/api/line", {**body, "record": played[3]["record"]}, 400)
    assert "over" in refused["error"]


def test_review_cli_equals_the_page(client, played, tmp_path, capsys):
    page = review_everywhere(client, played[-1]["record"], "/memory/", tmp_path, capsys)
    assert page["record_game"] == "memory" and page["unit"] == "expected pairs"
    assert all(d["grade"] == "best" for d in page["decisions"] if d["player"] == "computer")
    assert page["costliest"] is None or page["costliest"]["player"] == "you"
