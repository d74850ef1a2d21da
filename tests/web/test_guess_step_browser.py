"""The guessing game's analysis board in Debian's chromium, one typed game at 390×844: stepping by keyboard
restores the numbers still possible, the moves so far and the chart's marker at each move; the grades panel
names the costliest guess with its exact loss; the address restores the same game in a new tab; a retry plays
on from a move as a side line."""

from __future__ import annotations

import pytest
from pagecaches import own_guess_cache

pytestmark = pytest.mark.browser

IDLE = "!document.body.classList.contains('busy')"
MARKED = "(ply) => (document.querySelector('#guess-story g.board-marker') || {dataset: {}}).dataset.ply === String(ply)"
SHOWN = r"""() => ({
  possible: document.getElementById('possible').textContent,
  now: [...document.querySelectorAll('#history li:not(.ahead)')]
    .map((li) => li.textContent.replace(/ [?!]+ \(.*\)$/, '')),
})"""


@pytest.fixture(scope="module", autouse=True)
def fresh_cache(tmp_path_factory):
    yield from own_guess_cache(tmp_path_factory)


@pytest.fixture(scope="module")
def game(page, server):
    """N = 10 as the guesser, guessing the lowest number still possible (a bad guess each time but the last)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server + "/guess/")
    page.evaluate("localStorage.clear()")
    page.fill("#n", "10")
    page.press("#n", "Enter")
    page.wait_for_selector("#guess-form:not([hidden])")
    page.wait_for_function(IDLE)
    seen = {0: page.evaluate(SHOWN)}
    while not page.is_visible("#again"):
        low = int(page.text_content("#possible").split(":")[1].split()[0].rstrip("."))
        page.fill("#guess", str(low))
        page.press("#guess", "Enter")
        page.wait_for_function(IDLE)
        seen[2 * len(seen)] = page.evaluate(SHOWN)
    page.wait_for_selector("#grades .grade-counts")
    return seen


def test_step_by_keyboard_restores_each_move(page, game):
    assert page.evaluate("document.activeElement.id") == "again"
    box = page.locator("#again").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844
    page.keyboard.press("Home")
    end = max(game)
    for ply in range(end + 1):
        page.wait_for_function(MARKED, arg=ply)
        page.wait_for_function(IDLE)
        page.wait_for_function("document.activeElement !== document.body")  # the step's render is done
        if ply in game and ply < end:
            assert page.evaluate(SHOWN) == game[ply], f"move {ply}"
        if ply % 2:
            assert "comes next" in page.text_content("#possible")
        if ply < end:
            page.keyboard.press("ArrowRight")
    assert page.is_visible("#again")
    page.locator("#history button.ply").first.click()
    page.wait_for_function(MARKED, arg=2)
    assert page.evaluate(SHOWN) == game[2]


def test_grade_names_the_costliest_guess(page, game):
    text = page.text_content("#grades")
    assert "blunder from 1" in text and "expected guesses" in text
    costliest = page.text_content("#grades .grade-facts li:first-child")
    assert "(you)" in costliest and "lost" in costliest
    assert page.locator("#guess-story circle.pt.worst").count() == 1


def test_link_round_trip_and_retry(page, game):
    link = page.url
    assert "#record=" in link
    other = page.context.new_page()
    other.set_viewport_size({"width": 390, "height": 844})
    other.goto(link)
    other.wait_for_selector("#grades .grade-counts")
    other.wait_for_function(IDLE)
    assert other.text_content("#grades .grade-counts") == page.text_content("#grades .grade-counts")
    assert other.locator("#history li").count() == len(game) - 1
    other.close()
    page.keyboard.press("Home")
    page.wait_for_function(MARKED, arg=0)
    page.click("#board-tools .retry")
    page.wait_for_selector("#guess-form:not([hidden])")
    page.wait_for_function(IDLE)
    page.fill("#guess", "5")
    page.press("#guess", "Enter")
    page.wait_for_function(IDLE)
    record = page.evaluate("window.parlour.board.fromLink(location.hash)")
    assert record["lines"][0]["from"] == 0 and record["lines"][0]["moves"][0] == {"by": "you", "guess": 5}
    assert len(record["moves"]) == max(game)
    page.click("#board-tools .main-line")
    page.wait_for_function(IDLE)
    assert page.evaluate(SHOWN) == game[0]
