"""The Goose page's game record through FastAPI's TestClient: stepping (/api/replay) restores exactly the position,
the turn told and the chances /api/move gave at each throw; a link round trip gives the same record and the same
positions; `parlour review RECORD --json` equals the page's POST /api/review; a record the dice could not have made
is refused in one sentence; a 4-player review never starts a solve."""

from __future__ import annotations

import json
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2; httpx is what is installed
    from fastapi.testclient import TestClient

from parlour.analyses.review import goose as rgoose
from parlour.analyses.review.core import encode_link, parse_record, read_record
from parlour.cli import app as cli_app
from parlour.errors import InvalidInput
from parlour.web import goose as web
from parlour.web.app import create_app

START = {"rules": "study", "players": 2, "squares": [0, 0], "to_move": 1, "inn_pending": []}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    mp = pytest.MonkeyPatch()
    mp.setenv("PARLOUR_CACHE", str(tmp_path_factory.getbasetemp() / "goose-cache"))
    mp.setattr(web, "chains", web.table_cache())
    c = TestClient(create_app())
    deadline = time.time() + 170
    while not c.post("/goose/api/chances", json=START).json().get("ready"):  # the 2-player chain: seconds, once
        assert time.time() < deadline, "the 2-player chain was not solved in time"
        time.sleep(0.3)
    yield c
    mp.undo()


def play(client: Any, seed: int, start: dict[str, Any] = START, most: int = 400) -> list[dict[str, Any]]:
    """A game as the page plays it (the server rolls from the seed and the turn): every /api/move reply."""
    replies, position = [], start
    for turn in range(most):
        reply = client.post("/goose/api/move", json={"position": position, "seed": seed, "turn": turn})
        assert reply.status_code == 200, reply.text
        replies.append(reply.json())
        position = replies[-1]["position"]
        if replies[-1]["over"]:
            break
    return replies


def record_of(replies: list[dict[str, Any]], settings: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"parlour_record": 1, "game": "goose", "settings": settings or {"players": 2, "rules": "study"},
            "moves": [{"by": f"player {r['turn']['player']}", "faces": r["turn"]["faces"]} for r in replies]}


def told(reply: dict[str, Any]) -> dict[str, Any]:
    """A turn as the page shows it: all of it but the look-up's own time."""
    return {**reply, "chances": {k: v for k, v in reply["chances"].items() if k != "seconds"}}


@pytest.fixture(scope="module")
def game(client: Any) -> dict[str, Any]:
    replies = play(client, seed=11)
    assert replies[-1]["over"]
    return {"replies": replies, "record": record_of(replies)}


def test_step_replay_restores_exactly_each_throw(client: Any, game: dict[str, Any]) -> None:
    reply = client.post("/goose/api/replay", json={"record": game["record"]})
    assert reply.status_code == 200, reply.text
    plies = reply.json()["plies"]
    assert len(plies) == len(game["replies"]) + 1
    first = client.post("/goose/api/chances", json=START).json()
    assert plies[0]["position"] == START and plies[0]["turn"] is None
    assert plies[0]["chances"]["win_exact"] == first["win_exact"]
    for k, reply in enumerate(game["replies"], start=1):
        assert told(plies[k]) == told(reply), f"ply {k}"  # the position, the turn in words, the chances


def test_step_replay_from_placed_pieces(client: Any) -> None:
    placed = {"rules": "study", "players": 2, "squares": [20, 7], "to_move": 2, "inn_pending": []}
    replies = play(client, seed=5, start=placed, most=6)
    settings = {"players": 2, "rules": "study", "start": {"squares": [20, 7], "to_move": 2, "inn_pending": []}}
    plies = client.post("/goose/api/replay", json={"record": record_of(replies, settings)}).json()["plies"]
    assert plies[0]["position"] == placed
    assert [told(p) for p in plies[1:]] == [told(r) for r in replies]


def test_link_round_trip_restores_the_same_game(client: Any, game: dict[str, Any]) -> None:
    record = parse_record(game["record"])
    link = "http://example.org/goose/" + encode_link(record)
    back = read_record(link)
    assert back == record
    again = client.post("/goose/api/replay", json={"record": back.to_json()}).json()
    assert [told(p) for p in again["plies"][1:]] == [told(r) for r in game["replies"]]


def test_review_cli_equals_the_pages_review(client: Any, game: dict[str, Any], tmp_path: Path) -> None:
    page = client.post("/api/review", json=game["record"])
    assert page.status_code == 200, page.text
    path = tmp_path / "goose.json"
    path.write_text(json.dumps(game["record"]))
    result = CliRunner().invoke(cli_app, ["review", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == page.json()
    body = page.json()
    assert body["decisions"] == [] and body["status"] == "exact"
    throws = [r for r in game["replies"] if r["turn"]["faces"]]
    assert len(body["luck"]) == len(throws)


def test_record_the_dice_could_not_make_is_refused(client: Any, game: dict[str, Any]) -> None:
    bad = json.loads(json.dumps(game["record"]))
    bad["moves"][1]["by"] = "player 1"  # player 2's turn
    for url in ("/goose/api/replay", "/api/review"):
        reply = client.post(url, json={"record": bad} if "replay" in url else bad)
        assert 400 <= reply.status_code < 500
        assert "moves[1]" in reply.json()["error"]


@pytest.mark.timing
def test_review_of_four_players_never_starts_a_solve(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))  # an empty cache: no 4-player table on disk
    record = parse_record({"parlour_record": 1, "game": "goose", "settings": {"players": 4, "rules": "study"},
                           "moves": []})
    began = time.monotonic()
    with pytest.raises(InvalidInput, match="not worked out"):
        rgoose.review(record)
    assert time.monotonic() - began < 5

