"""`parlour review RECORD --json` on the cow-trade page's record (a file, or its link) equals the page's
POST /api/review: the same grades, losses and luck."""

from __future__ import annotations

import pytest
from boardcheck import review_everywhere
from cowgame import play

from parlour.web.app import create_app


@pytest.fixture(scope="module")
def client():
    from cowgame import TestClient

    return TestClient(create_app())


@pytest.mark.parametrize("side", [1, 3])
def test_review_cli_equals_the_page(client, side, tmp_path, capsys):
    record, _ = play(client, [3, 6, 1, 0, 5], side=side) if side == 1 else play(client, [0, 5, 2], side=side)
    page = review_everywhere(client, record, "/cowtrade/", tmp_path, capsys)
    assert page["record_game"] == "cowtrade" and page["player_names"] == ["you", "computer"]
    assert len(page["decisions"]) == len(record["moves"]) and len(page["luck"]) == len(record["moves"]) // 2
