"""The page in a real browser: Debian's chromium driven by Playwright plays, loops 50 rounds, clears."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def wol(page, server):
    page.goto(server + "/winorlose/")
    return page


def test_round_loop_clear(wol):
    wol.select_option("#frank-type", "loose")
    wol.select_option("#tina-type", "learning")
    wol.click("#start")
    wol.wait_for_function("document.querySelectorAll('#table-cards .card').length === 5")
    assert wol.locator("#frank-cards .card").count() == 2
    assert wol.locator("#tina-cards .card").count() == 2
    assert wol.text_content("#frank-prediction") in ("win", "lose")
    assert wol.text_content("#board-tina") in ("win", "lose")
    assert wol.text_content("#frank-score").count(".") == 2  # A.BB.CCCCC
    assert "win " in wol.text_content("#tina-chance")
    wol.fill("#count", "50")
    wol.click("#loop")
    wol.wait_for_function("document.getElementById('summary').textContent.startsWith('51 rounds')")
    assert "bounds" in wol.text_content("#summary")
    wol.click("#clear")
    assert wol.locator("#table-cards .card").count() == 0
    assert wol.text_content("#frank-points") == ""


def test_bad_count_shows_a_message_and_the_page_goes_on(wol):
    wol.fill("#count", "lots")
    wol.click("#loop")
    wol.wait_for_selector("#error:not([hidden])")
    assert "whole number" in wol.text_content("#error")
    wol.click("#start")
    wol.wait_for_selector("#error", state="hidden")
    assert wol.locator("#table-cards .card").count() == 5
