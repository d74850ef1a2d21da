"""The cow trade's analysis board in Debian's chromium, one game of ten trades played with Enter alone at 390×844
(focus goes from Seal to Reveal and back): 20 keys, and it ends on a focused "Play again" in view; ←/→/Home/End and
the move list restore exactly the bids, outcome, score and the pair of bids ringed in the winner matrix shown at
each move (the chart's marker with them, focus never on the body); Copy link's address restores the same game in a
new tab, grades included; a retry plays a trade again as a side line, and no state has a serious axe-core
violation."""

from __future__ import annotations

import pytest
from boardcheck import opened_link, plies

pytestmark = pytest.mark.browser

IDLE = "!document.body.classList.contains('busy')"
MARKED = "(ply) => (document.querySelector('g.board-marker') || {dataset: {}}).dataset.ply === String(ply)"
TABLE = """() => ({
  cards: ['your-bid', 'computer-bid'].map((id) => {
    const el = document.getElementById(id);
    return el.textContent + (el.parentElement.classList.contains('down') ? ' (down)' : '');
  }),
  score: ['rounds', 'wins', 'average'].map((id) => document.getElementById(id).textContent),
  outcome: document.getElementById('outcome').textContent,
  ringed: [...document.querySelectorAll('#matrix .played rect')].map((r) => r.getAttribute('x') + ','
                                                                      + r.getAttribute('y')),
})"""
TRADES = 10


@pytest.fixture(scope="module")
def game(page, server):
    """Ten trades with Enter alone, bidding 3 as player 1 (8 against 5): the table at every move seen."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(server + "/cowtrade/")
    page.wait_for_function(IDLE + " && document.getElementById('bid').options.length > 0")
    page.select_option("#bid", "3")
    page.focus("#seal")
    seen = {plies(page): page.evaluate(TABLE)}
    keys = 0
    while not page.is_visible("#play-again") and keys < 3 * TRADES:
        page.keyboard.press("Enter")
        keys += 1
        page.wait_for_function(IDLE + " && ['seal', 'reveal', 'play-again'].includes(document.activeElement.id)")
        seen[plies(page)] = page.evaluate(TABLE)
    page.wait_for_selector("#play-grades .grade-counts")
    return {"seen": seen, "keys": keys}


def test_step_game_by_keyboard_ends_with_play_again_focused_in_view(page, game):
    assert game["keys"] == 2 * TRADES and max(game["seen"]) == 2 * TRADES
    assert page.evaluate("document.activeElement.id") == "play-again"
    box = page.locator("#play-again").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844
    text = page.text_content("#play-grades")
    assert "expected payoff" in text and "blunder from 1/2" in text
    assert page.locator("#play-grades .grade-list li").count() == 2 * TRADES  # your bids and the computer's
    assert "none: every decision was best" in page.text_content("#play-grades .grade-facts li:first-child")


def test_step_by_keyboard_restores_each_move(page, game):
    page.locator("#play-tools .step.first").focus()
    page.keyboard.press("Home")
    for ply in range(2 * TRADES + 1):
        page.wait_for_function(MARKED, arg=ply)
        assert page.evaluate("document.activeElement !== document.body")
        assert page.evaluate(TABLE) == game["seen"][ply], f"move {ply}"
        assert page.is_disabled("#seal")  # stepping, and at the end of the game, nothing to bid
        if ply < 2 * TRADES:
            page.keyboard.press("ArrowRight")
    page.locator("#trade-moves button.ply[data-ply='5']").click()  # the move list steps too
    page.wait_for_function(MARKED, arg=5)
    assert page.evaluate(TABLE) == game["seen"][5]
    page.keyboard.press("End")
    page.wait_for_function(MARKED, arg=2 * TRADES)
    assert page.evaluate(TABLE) == game["seen"][2 * TRADES] and page.is_visible("#play-again")


def test_link_round_trip_restores_the_game(page, game, server):
    other = opened_link(page, "#play-tools", server + "/cowtrade/", "#play-grades")
    assert other.evaluate(TABLE) == game["seen"][2 * TRADES] and other.is_visible("#play-again")
    other.close()


def test_step_retry_plays_on_as_a_side_line_with_no_serious_axe_violation(page, game):
    from boardcheck import serious
    from fitcheck import overflows, small_text

    def clean() -> list[str]:
        return overflows(page) + small_text(page) + serious(page)

    assert clean() == []  # the end: the grades panel, the move list, the ending
    page.keyboard.press("End")
    page.wait_for_function(MARKED, arg=2 * TRADES)
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    page.wait_for_function(MARKED, arg=2 * TRADES - 3)
    page.click("#play-tools .retry")  # from move 17: trade 9 again, and on
    page.wait_for_function("document.activeElement.id === 'seal'")
    page.select_option("#bid", "0")
    page.focus("#seal")
    for _ in range(4):  # trades 9 and 10 of the retry
        page.keyboard.press("Enter")
        page.wait_for_function(IDLE + " && ['seal', 'reveal', 'line-back'].includes(document.activeElement.id)")
    assert page.evaluate("document.activeElement.id") == "line-back"
    assert page.text_content("#outcome").startswith("Your retry:")
    record = page.evaluate("window.parlour.board.fromLink(location.hash)")
    assert len(record["moves"]) == 2 * TRADES and record["lines"][0]["from"] == 2 * TRADES - 4
    assert [m["bid"] for m in record["lines"][0]["moves"][::2]] == [0, 0]
    assert clean() == []  # a retry's end
    page.keyboard.press("Enter")
    page.wait_for_function(MARKED, arg=2 * TRADES - 4)
    assert page.evaluate(TABLE) == game["seen"][2 * TRADES - 4]
