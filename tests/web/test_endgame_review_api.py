"""`parlour review RECORD --json` on the end-game page's record (a file, or the page's link) equals the page's
grades (POST /api/review), number for number."""

from __future__ import annotations

import pytest
from boardcheck import review_everywhere
from test_endgame_record_api import PAGE_START, new_client, play


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return new_client()


def test_endgame_review_cli_equals_the_page(client, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    record, _ = play(client, PAGE_START, lambda s, k: s["cards1"][-2:], seed=2)
    page = review_everywhere(client, record, "/cowtrade/endgame", tmp_path, capsys)
    assert page["record_game"] == "cowtrade_endgame" and page["decisions"]
