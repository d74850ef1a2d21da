"""`parlour review RECORD --json` on the cow-trade page's record (a file, or its link) equals the page's
POST /api/review: the same grades, losses and luck."""

from __future__ import annotations

import json

import pytest
from cowgame import play, post

from conftest import run_cli
from parlour.analyses.review.core import encode_link, parse_record
from parlour.web.app import create_app


@pytest.fixture(scope="module")
def client():
    from cowgame import TestClient

    return TestClient(create_app())


@pytest.mark.parametrize("side", [1, 3])
def test_review_cli_equals_the_page(client, side, tmp_path, capsys):
    record, _ = play(client, [3, 6, 1, 0, 5], side=side) if side == 1 else play(client, [0, 5, 2], side=side)
    page = post(client, "/api/review", record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    code, out, err = run_cli(["review", str(path), "--json"], capsys)
    assert code == 0, err
    assert json.loads(out) == page
    assert page["record_game"] == "cowtrade" and page["player_names"] == ["you", "computer"]
    assert len(page["decisions"]) == len(record["moves"]) and len(page["luck"]) == len(record["moves"]) // 2
    link = "http://example.org/cowtrade/" + encode_link(parse_record(record))
    code, out, err = run_cli(["review", link, "--json"], capsys)
    assert code == 0 and json.loads(out) == page
