"""Win or Lose's analysis board in Debian's chromium, one game of ten rounds played by keyboard at 390×844: it
ends on a focused "Play again" in view; ←/→/Home/End restore exactly the hands, table, calls and score shown at
each move (the chart's marker with them, focus never on the body); Copy link's address restores the same game in a
new tab, grades included; a retry calls a finished round again as a side line."""

from __future__ import annotations

import pytest
from boardcheck import opened_link, plies

pytestmark = pytest.mark.browser

IDLE = "!document.body.classList.contains('busy')"
MARKED = "(ply) => (document.querySelector('g.board-marker') || {dataset: {}}).dataset.ply === String(ply)"
TABLE = """() => ({
  cards: ['you-cards', 'you-board', 'them-cards'].map((id) =>
    [...document.getElementById(id).querySelectorAll('.card')].map((c) => c.getAttribute('aria-label')).join(',')),
  score: ['you-round', 'you-points', 'them-points'].map((id) => document.getElementById(id).textContent),
  result: (document.querySelector('#you-result .round-result') || {textContent: ''}).textContent,
})"""


@pytest.fixture(scope="module")
def game(page, server):
    """Ten rounds with Enter alone (focus goes to "I win", then to Next round): the table at every move seen."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(server + "/winorlose/")
    page.wait_for_function(IDLE)
    page.click("#deal")
    page.wait_for_function("document.activeElement.id === 'predict-win'")
    seen = {plies(page): page.evaluate(TABLE)}
    keys = 0
    while not page.is_visible("#you-again") and keys < 40:
        page.keyboard.press("Enter")
        keys += 1
        page.wait_for_function(IDLE + " && ['predict-win', 'you-next', 'you-again']"
                               ".includes(document.activeElement.id)")
        seen[plies(page)] = page.evaluate(TABLE)
    page.wait_for_selector("#you-grades .grade-counts")
    return {"seen": seen, "keys": keys}


def test_step_game_ends_with_play_again_focused_in_view(page, game):
    assert game["keys"] == 19 and max(game["seen"]) == 40
    assert page.evaluate("document.activeElement.id") == "you-again"
    box = page.locator("#you-again").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844


def test_step_by_keyboard_restores_each_move(page, game):
    page.locator("#you-tools .step.first").focus()
    page.keyboard.press("Home")
    for ply in range(41):
        page.wait_for_function(MARKED, arg=ply)
        assert page.evaluate("document.activeElement !== document.body")
        if ply in game["seen"]:
            assert page.evaluate(TABLE) == game["seen"][ply], f"move {ply}"
        if ply % 4 in (1, 2):  # before the showdown the opponent's cards are never shown
            assert page.locator("#them-cards .card.back").count() == 2
        if ply < 40:
            page.keyboard.press("ArrowRight")
    page.locator("#you-moves button.ply[data-ply='5']").click()  # the move list steps too
    page.wait_for_function(MARKED, arg=5)
    assert page.evaluate(TABLE) == game["seen"][5]
    page.keyboard.press("End")
    page.wait_for_function(MARKED, arg=40)
    assert page.evaluate(TABLE) == game["seen"][40] and page.is_visible("#you-again")


def test_grade_panel_states_thresholds_and_grades_only_your_calls(page, game):
    text = page.text_content("#you-grades")
    assert "expected points" in text and "blunder from 1" in text
    assert page.locator("#you-grades .grade-list li").count() == 10  # one per call of yours
    assert "(opponent)" not in text
    assert "Luckiest deal" in text and "Unluckiest showdown" in text  # the luck apart, by kind
    costliest = page.text_content("#you-grades .grade-facts li:first-child")
    assert "none: every decision was best" in costliest or "lost" in costliest  # never an optimal call


def test_link_round_trip_restores_the_game(page, game, server):
    other = opened_link(page, "#you-tools", server + "/winorlose/", "#you-grades")
    assert other.evaluate(TABLE) == game["seen"][40] and other.is_visible("#you-again")
    other.close()


def test_step_retry_calls_a_round_again_as_a_side_line(page, game):
    page.keyboard.press("Home")
    page.wait_for_function(MARKED, arg=0)
    page.click("#you-tools .retry")
    page.wait_for_function("document.activeElement.id === 'predict-win'")
    said = game["seen"][4]["result"]
    page.click("#predict-lose" if "said “I win”" in said else "#predict-win")
    page.wait_for_selector("#you-back")
    assert page.text_content("#you-result .round-result").startswith("Your retry:")
    record = page.evaluate("window.parlour.board.fromLink(location.hash)")
    assert len(record["moves"]) == 40 and record["lines"][0]["from"] == 1 and len(record["lines"][0]["moves"]) == 3
    page.click("#you-back")
    page.wait_for_function(MARKED, arg=1)
    assert page.evaluate(TABLE) == game["seen"][1]


def test_step_grade_and_retry_states_fit_a_phone_with_no_serious_axe_violation(page, game):
    from boardcheck import serious
    from fitcheck import overflows, small_text

    def clean() -> list[str]:
        return overflows(page) + small_text(page) + serious(page)

    page.keyboard.press("End")
    page.wait_for_function(MARKED, arg=40)
    assert clean() == []  # the end: the grades panel, the move list, the ending
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(MARKED, arg=39)
    assert clean() == []  # a step back: the opponent's cards hidden again
    page.click("#you-tools .retry")
    page.wait_for_function("document.activeElement.id === 'predict-win'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#you-back")
    assert clean() == []  # a retry's result
    page.click("#you-back")
    page.wait_for_function(MARKED, arg=37)


def test_link_of_a_round_in_progress_hides_its_cards_and_deal_plays_on(page, game):
    page.keyboard.press("End")
    page.wait_for_function(MARKED, arg=40)
    page.click("#you-again")  # a new game, its first round dealt
    page.wait_for_function("document.activeElement.id === 'predict-win'")
    dealt = page.evaluate(TABLE)
    page.reload()
    page.wait_for_function(IDLE + " && document.getElementById('you-cards').children.length === 2")
    assert page.evaluate(TABLE) == dealt and page.locator("#them-cards .card.back").count() == 2
    assert page.is_disabled("#predict-win") and "in no link" in page.text_content("#them-says")
    page.click("#deal")
    page.wait_for_function("document.activeElement.id === 'predict-win'")
    assert plies(page) == 1 and page.text_content("#you-round") == "1 of 10"

