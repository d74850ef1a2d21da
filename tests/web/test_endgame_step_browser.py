"""The cow-trade end game's analysis board in Debian's chromium at 390×844, the computer's draws seeded: a whole
end game of 3 trades played by keyboard alone (≤ 30 keys) ends on a focused "Play again" in view; ←/→/Home/End
restore exactly the hands, animals, money and value shown at each trade (the chart's marker with them, focus never
on the body, an offer's cards marked at its move); Copy link's address restores the same game and grades in a new
tab; "Retry from here" plays a side line that the record keeps beside the main line; axe finds nothing serious."""

from __future__ import annotations

import pytest
from boardcheck import opened_link, serious
from endgamekeys import FOCUSED_CARD, IDLE, IN_VIEW, play_by_keyboard, seeded_endgame

pytestmark = pytest.mark.browser

MARKED = "(ply) => (document.querySelector('#eg-tale g.board-marker') || {dataset: {}}).dataset.ply === String(ply)"
TABLE = """() => ({
  hands: ['eg-hand1', 'eg-hand2'].map((id) =>
    [...document.getElementById(id).querySelectorAll('.eg-card')].map((c) => c.textContent).join(',')),
  said: ['eg-animals1', 'eg-animals2', 'eg-money1', 'eg-money2', 'eg-value'].map((id) =>
    document.getElementById(id).textContent),
})"""


def record(page):  # type: ignore[no-untyped-def]
    return page.evaluate("window.parlour.board.fromLink(location.hash)")


@pytest.fixture(scope="module")
def game(page, server):  # type: ignore[no-untyped-def]
    """The page's own start by keyboard: Start, then per trade Space (the focused first card), Tab, Enter."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    with seeded_endgame(page, server):
        seen = {0: page.evaluate(TABLE)}

        def look(_trades: int) -> None:
            seen[len(record(page)["moves"])] = page.evaluate(TABLE)

        _trades, keys = play_by_keyboard(page, look)
        page.wait_for_selector("#eg-grades .grade-counts")
        yield {"seen": seen, "keys": keys}


def test_endgame_step_keyboard_game_then_every_move_restored(page, game) -> None:  # type: ignore[no-untyped-def]
    seen = game["seen"]
    assert max(seen) == 6 and game["keys"] <= 30, (sorted(seen), game["keys"])  # 3 trades
    assert page.evaluate("document.activeElement.id") == "eg-again" and page.evaluate(IN_VIEW)
    assert serious(page) == []  # the end: the grades panel, the move list, Play again
    page.locator("#eg-tools .step.first").focus()
    page.keyboard.press("Home")
    for ply in range(7):
        page.wait_for_function(MARKED, arg=ply)
        assert page.evaluate("document.activeElement !== document.body")
        if ply in seen:
            assert page.evaluate(TABLE) == seen[ply], f"move {ply}"
        else:  # an offer on the table: the hands as before the trade, the offer's cards marked
            assert page.evaluate(TABLE)["hands"] == seen[ply - 1]["hands"]
            assert page.locator("#eg-board .eg-card.offered").count() >= 1 or "nothing" in page.text_content("#eg-turn")
        assert page.is_hidden("#eg-actions") and page.is_visible("#eg-again") == (ply == 6)  # no move while stepping
        if ply < 6:
            page.keyboard.press("ArrowRight")
    page.locator("#eg-log button.ply[data-ply='2']").click()  # the move list steps too
    page.wait_for_function(MARKED, arg=2)
    assert page.evaluate(TABLE) == seen[2]
    page.keyboard.press("End")
    page.wait_for_function(MARKED, arg=6)
    assert page.is_visible("#eg-again") and page.evaluate(TABLE) == seen[6]


def test_endgame_link_round_trip_restores_the_game_and_its_grades(page, game, server) -> None:  # type: ignore[no-untyped-def]
    text = page.text_content("#eg-grades")
    assert "blunder from 1/2" in text and "expected payoff" in text
    flagged = page.eval_on_selector_all("#eg-grades .grade-list li.flagged", "ls => ls.map((l) => l.textContent)")
    assert not [f for f in flagged if "(computer)" in f]  # the computer's optimal moves are never flagged
    other = opened_link(page, "#eg-tools", server + "/cowtrade/endgame", "#eg-grades", "#eg-board .board-said")
    assert other.evaluate(TABLE) == game["seen"][6] and other.is_visible("#eg-again")
    assert len(other.eval_on_selector_all("#eg-log button.ply", "bs => bs")) == 6
    other.close()


def test_endgame_step_retry_is_a_side_line_and_axe_finds_nothing_serious(page, game) -> None:  # type: ignore[no-untyped-def]
    main = record(page)["moves"]
    page.keyboard.press("Home")
    page.wait_for_function(MARKED, arg=0)
    page.keyboard.press("ArrowRight")
    page.wait_for_function(MARKED, arg=1)
    assert serious(page) == []  # a stepped position: an offer on the table
    page.click("#eg-tools .retry")  # from move 1: the trade's start
    page.wait_for_function(FOCUSED_CARD)
    for _ in range(6):
        page.keyboard.press("Space")
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        page.wait_for_function(f"{IDLE} && ({FOCUSED_CARD} || document.activeElement.matches('#eg-tools .main-line'))")
        if page.is_visible("#eg-result"):
            break
    assert page.text_content("#eg-result").startswith("Your retry:")
    kept = record(page)
    assert kept["moves"] == main and kept["lines"][0]["from"] == 0 and len(kept["lines"][0]["moves"]) >= 2
    assert serious(page) == []  # the retry's end
    page.click("#eg-tools .main-line")
    page.wait_for_function(MARKED, arg=0)
    assert page.evaluate(TABLE) == game["seen"][0]
