"""The Memory page's analysis board in Debian's chromium, one keyboard-played game at 390×844: it ends with a
focused "Play again" in view; stepping (keys, the move list, the chart) restores exactly the table shown at each
move; the grades panel never flags the computer; Copy link's address restores the same game in a new tab; a
retry plays on from a move as a side line."""

from __future__ import annotations

import pytest
from boardcheck import opened_link

pytestmark = pytest.mark.browser

IDLE = "!document.body.classList.contains('busy')"
MARKED = "(ply) => (document.querySelector('g.board-marker') || {dataset: {}}).dataset.ply === String(ply)"
TABLE = """() => ({
  cards: [...document.querySelectorAll('#board button.card')]
    .map((b) => b.className.replace(/ ?(best|just|flipping)/g, '') + ':' + b.textContent),
  won: document.getElementById('won-you').textContent + '/' + document.getElementById('won-computer').textContent,
  expected: document.getElementById('exp-you').textContent + '/' + document.getElementById('exp-computer').textContent,
  state: document.getElementById('state').textContent,
})"""


def plies(page) -> int:
    return page.evaluate("window.parlour.board.fromLink(location.hash).moves.length")


@pytest.fixture(scope="module")
def game(page, server):
    """A game of 4 pairs played with Enter alone (focus goes to the next card after each flip): the table at
    each ply the person saw, and the keys it took."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(server + "/memory/")
    page.wait_for_selector("#board button.card")
    page.wait_for_function(IDLE)
    page.fill("#pairs", "4")
    page.click("#new")
    page.wait_for_function(IDLE)
    seen = {0: page.evaluate(TABLE)}
    keys = 0
    while not page.is_visible("#again") and keys < 60:
        page.keyboard.press("Enter")
        keys += 1
        page.wait_for_function(IDLE)
        seen[plies(page)] = page.evaluate(TABLE)
    page.wait_for_selector("#grades .grade-counts")
    return {"seen": seen, "keys": keys}


def test_step_game_ends_with_play_again_focused_in_view(page, game):
    assert game["keys"] < 60
    assert page.evaluate("document.activeElement.id") == "again"
    box = page.locator("#again").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844


def test_step_restores_the_table_of_each_move(page, game):
    page.locator("#board-tools .step.first").focus()
    page.keyboard.press("Home")
    page.wait_for_function(IDLE)
    ends = max(game["seen"])
    for ply in range(ends + 1):
        page.wait_for_function(MARKED, arg=ply)
        page.wait_for_function(IDLE)
        if ply in game["seen"]:
            assert page.evaluate(TABLE) == game["seen"][ply], f"move {ply}"
        if ply < ends:
            page.keyboard.press("ArrowRight")
    # the move list and the chart step too
    page.locator("#log button.ply").last.click()  # the first turn (the list is newest first)
    page.wait_for_function(MARKED, arg=2)
    assert page.locator("#log button.ply[aria-current='step']").count() == 1
    dot = page.locator("svg.story-chart g.pts circle[data-i='0']").first
    dot.click(force=True)
    page.wait_for_function(MARKED, arg=0)
    page.wait_for_function(IDLE)
    assert page.evaluate(TABLE) == game["seen"][0]
    page.keyboard.press("End")
    page.wait_for_function(IDLE)
    assert page.evaluate(TABLE) == game["seen"][ends]


def test_grade_panel_never_flags_the_computer(page, game):
    text = page.text_content("#grades")
    assert "blunder from 1/2" in text and "expected pairs" in text
    computer = page.locator("#grades .grade-list li", has_text="(computer)")
    assert all("best" in li.locator(".grade-badge").text_content() for li in computer.all())
    costliest = page.text_content("#grades .grade-facts li:first-child")
    assert "(computer)" not in costliest
    # the move list carries lichess's signs (?! ? ??) for the flagged decisions, the computer's never
    flagged = page.locator("#grades .grade-list li.flagged").count()
    assert page.locator("#log .grade-sign").count() == flagged
    assert page.locator("#log .grade-sign", has_text="by computer").count() == 0


def test_link_round_trip_restores_the_game(page, game, server):
    other = opened_link(page, "#board-tools", server + "/memory/", "#grades")
    assert other.evaluate(TABLE) == game["seen"][max(game["seen"])]
    other.close()


def test_record_keeps_a_retry_as_a_side_line(page, game):
    page.keyboard.press("Home")
    page.wait_for_function(IDLE)
    page.click("#board-tools .retry")
    page.wait_for_function(IDLE)
    assert "retry from move 0" in page.text_content(".board-at")
    page.locator("#board button.card:not([disabled])").first.click()
    page.wait_for_function(IDLE)
    record = page.evaluate("window.parlour.board.fromLink(location.hash)")
    assert len(record["lines"]) == 1 and record["lines"][0]["from"] == 0
    assert len(record["moves"]) == max(game["seen"])  # the main line is kept whole
    page.click("#board-tools .main-line")
    page.wait_for_function(IDLE)
    assert page.evaluate(TABLE) == game["seen"][0]


def test_step_and_retry_states_have_no_serious_axe_violation(page, game):
    from boardcheck import serious

    page.keyboard.press("End")
    page.wait_for_function(IDLE)
    assert serious(page) == []  # the end: the grades panel, the ending
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(IDLE)
    assert serious(page) == []  # a step back
    page.click("#board-tools .retry")
    page.wait_for_function(IDLE)
    assert serious(page) == []  # a retry
    page.click("#board-tools .main-line")
    page.wait_for_function(IDLE)


def test_link_reload_restores_a_running_game(page, server):
    page.click("#new")
    page.wait_for_function(IDLE)
    page.keyboard.press("Enter")  # focus is on the first card after New game
    page.wait_for_function(IDLE)
    before = page.evaluate(TABLE)
    assert "#record=" in page.url
    page.reload()
    page.wait_for_selector("#board button.card")
    page.wait_for_function(IDLE)
    assert page.evaluate(TABLE) == before and "Your turn" in page.text_content("#status")
    page.locator("#board button.card:not([disabled])").first.click()  # and it plays on
    page.wait_for_function(IDLE)
    assert page.locator("#error").is_hidden() and plies(page) >= 2
