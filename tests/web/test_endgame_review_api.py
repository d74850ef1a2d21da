"""`parlour review RECORD --json` on the end-game page's record (a file, or the page's link) equals the page's
grades (POST /api/review), number for number."""

from __future__ import annotations

import json

import pytest
from test_endgame_record_api import PAGE_START, new_client, play, post

from conftest import run_cli
from parlour.analyses.review.core import encode_link, parse_record


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return new_client()


def test_endgame_review_cli_equals_the_page(client, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    record, _ = play(client, PAGE_START, lambda s, k: s["cards1"][-2:], seed=2)
    page = post(client, "/api/review", record)
    assert page["record_game"] == "cowtrade_endgame" and page["decisions"]
    path = tmp_path / "endgame.json"
    path.write_text(json.dumps(record))
    code, out, err = run_cli(["review", str(path), "--json"], capsys)
    assert code == 0, err
    assert json.loads(out) == page
    link = "http://example.org/cowtrade/endgame" + encode_link(parse_record(record))
    code, out, err = run_cli(["review", link, "--json"], capsys)
    assert code == 0 and json.loads(out) == page
