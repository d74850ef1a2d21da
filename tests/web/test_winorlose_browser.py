"""The page in a real browser: Debian's chromium driven by Playwright plays, loops 50 rounds, clears."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def wol(page, server):
    page.goto(server + "/winorlose/")
    page.check("input[name=wol-mode][value=two]")  # the study's mode: two characters play each other
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
    assert wol.get_attribute("#frank-score", "data-code").count(".") == 2  # A.BB.CCCCC, kept for the curious
    assert "." not in wol.text_content("#frank-score")  # said in words, not as a sort key
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
    assert "whole number" in wol.text_content("#error").lower()
    wol.click("#start")
    wol.wait_for_selector("#error", state="hidden")
    assert wol.locator("#table-cards .card").count() == 5


def test_enter_in_the_count_plays_that_many_rounds(wol):
    wol.click("#clear")
    wol.fill("#count", "7")
    wol.press("#count", "Enter")
    wol.wait_for_function("document.getElementById('summary').textContent.startsWith('7 rounds')")


def test_controls_are_disabled_and_work_is_shown_while_a_request_runs(wol):
    held = []  # the request waits here until the test lets it through
    wol.route("**/winorlose/api/play", lambda route: held.append(route))
    try:
        wol.click("#start")
        wol.wait_for_selector("#busy:not([hidden])")
        wol.wait_for_function("document.getElementById('start').disabled")
        assert wol.is_disabled("#loop") and wol.is_disabled("#count") and wol.is_disabled("#clear")
        wol.click("#start", force=True, timeout=2000)  # a second click while busy plays nothing more
        assert len(held) == 1
        held[0].continue_()
        wol.wait_for_selector("#busy", state="hidden", timeout=15_000)
        assert not wol.is_disabled("#start")
    finally:
        wol.unroute("**/winorlose/api/play")


def test_a_server_error_that_is_not_json_reaches_the_error_box(wol):
    wol.route("**/winorlose/api/play", lambda route: route.fulfill(status=500, body="Internal Server Error",
                                                                    content_type="text/plain"))
    try:
        wol.click("#start")
        wol.wait_for_selector("#error:not([hidden])")
        said = wol.text_content("#error")
        assert said == "The server failed on this request."  # one plain sentence, no HTTP code
        assert wol.evaluate("document.getElementById('board').classList.contains('stale')")
        assert not wol.is_disabled("#start")
    finally:
        wol.unroute("**/winorlose/api/play")


def test_a_phone_screen_stacks_the_panels_without_sideways_scrolling(wol):
    wol.set_viewport_size({"width": 390, "height": 844})
    try:
        wol.reload()
        wol.check("input[name=wol-mode][value=two]")
        wol.click("#start")
        wol.wait_for_function("document.querySelectorAll('#table-cards .card').length === 5")
        assert wol.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        tops = wol.evaluate("[...document.querySelectorAll('.player')].map(e => e.getBoundingClientRect().top)")
        assert tops[1] > tops[0]  # Tina's panel below Frank's, not beside it
    finally:
        wol.set_viewport_size({"width": 1200, "height": 900})


def test_before_the_first_round_the_page_reads_well(wol):
    wol.reload()
    assert wol.is_hidden("#predictions")
    assert "Press Start" in wol.text_content("#before-first")
    assert wol.evaluate("fetch('/favicon.ico').then(r => r.status)") == 200


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_person_plays_ten_rounds_against_a_character_and_the_game_ends(page, server, width, height):
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server + "/winorlose/")
    assert page.is_visible("#you-play") and page.is_hidden("#two-play")  # a person plays by default
    page.select_option("#you-seat", "tina")
    page.select_option("#you-opponent", "tight")
    total = 0
    for k in range(10):
        page.click("#deal")
        page.wait_for_selector("#predict-win:not([disabled])")
        assert page.locator("#you-cards .card").count() == 2 and page.locator("#you-board .card").count() == 5
        assert page.locator("#them-cards .card.back").count() == 2  # hidden until you have said
        assert "Tight Frank says" in page.text_content("#them-says")
        page.click("#predict-lose" if k % 2 else "#predict-win")
        page.wait_for_selector("#you-result .round-result")
        assert page.locator("#them-cards .card.back").count() == 0
        text = page.text_content("#you-result")
        assert "Your exact chance" in text and "Each Tina with your cards" in text and "By the odds" in text
        total = int(page.text_content("#you-points"))
    page.wait_for_selector("#you-ending:not([hidden])")
    ending = page.text_content("#you-ending")
    assert ("You win the game" in ending or "wins the game" in ending or "draw" in ending)
    assert f"you {total}," in ending and "Calling by the odds" in ending
    page.click("#you-again")
    page.wait_for_selector("#predict-win:not([disabled])")
    assert page.text_content("#you-round") == "1 of 10" and page.is_hidden("#you-ending")
    assert errors == []


@pytest.mark.parametrize(("code", "words"), [  # the spec's own examples
    ("2.65.00007", "two pair, 6s and 5s, kicker 7"),
    ("0.00.76321", "high card 7, 6, 3, 2, 1"),
    ("4.36.00000", "full house, three 3s and two 6s"),
])
def test_a_score_code_is_said_in_words(page, server, code, words):
    if not page.url.endswith("/winorlose/"):
        page.goto(server + "/winorlose/")
    assert page.evaluate(f"handWords('{code}')") == words
