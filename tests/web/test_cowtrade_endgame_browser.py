"""The cow-trade end game in Debian's chromium (Playwright): a quartet played to its end against the optimal
bidder at 1280 x 800 and at 390 x 844, the start's value equal to the command line's, the money cards
changing hands on screen, the result visible after the last move, and no sideways scrolling; the choice
between two quartets solved (as a job) to the command line's value, and too much money refused in a sentence."""

from __future__ import annotations

import json
import os

import pytest
from boardcheck import serious
from endgamekeys import FOCUSED_CARD, IN_VIEW, play_by_keyboard, seeded_endgame
from typer.testing import CliRunner

from parlour.cli import app as cli_app

pytestmark = pytest.mark.browser

CARDS1 = "0,0,10,10,10,10,50,50"
CARDS2 = "0,0,10,10,10,10,50"
SHOTS = os.environ.get("PARLOUR_SHOTS")  # a folder to save screenshots in (for looking at them)


def cli_answer() -> dict:  # type: ignore[type-arg]
    result = CliRunner().invoke(cli_app, ["cowtrade", "endgame", "--animals1", "1", "--cards1", CARDS1,
                                          "--cards2", CARDS2, "--challenger", "1", "--json"])
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def shown_moves(page, who: int) -> list[str]:  # type: ignore[no-untyped-def]
    """The moves a strategy table on the page lists, in order (its rows' first cells)."""
    return list(page.eval_on_selector_all(f"#eg-strategy{who} table th", "cs => cs.map(c => c.textContent)"))


def money_on_screen(page, who: int) -> int:  # type: ignore[no-untyped-def]
    return sum(int(t) for t in page.eval_on_selector_all(f"#eg-hand{who} .eg-card", "cs => cs.map(c => c.textContent)"))


# the phone width in CI (it is the harder fit); the wide one with the slow tests (30 s in a loaded run)
@pytest.mark.parametrize("width,height", [pytest.param(1280, 800, marks=pytest.mark.slow), (390, 844)])
def test_a_quartet_played_to_its_end(page, server, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server + "/cowtrade/endgame")
    page.wait_for_selector("#eg-board:not([hidden])")
    page.fill("#eg-cards1", CARDS1)
    page.select_option("#eg-challenger", "1")  # the page's own start has the computer challenge
    page.select_option("#eg-animals", "1")
    page.click("#eg-start")
    page.wait_for_function(f"document.querySelectorAll('#eg-hand1 .eg-card').length === {len(CARDS1.split(','))}")
    answer = cli_answer()
    # the page's own start has as many cards: wait for this one's value
    expected = answer["value_exact"].replace("-", "−") + " "
    page.wait_for_function(f"document.getElementById('eg-start-value').textContent.startsWith({expected!r})")
    total = money_on_screen(page, 1) + money_on_screen(page, 2)
    assert total == 140 + 90
    assert page.locator("#eg-strategy2 table").count() >= 1  # the computer's optimal strategy is shown
    # both strategies as the command line's plays give them at the start (one shape: endgame.strategy_json)
    start = answer["plays"][0]
    assert start["reach"] == 1 and start["challenger"] == 1
    assert shown_moves(page, 1) == [m["offer"] for m in start["offers1"]]
    assert shown_moves(page, 2) == [m["answer"] for seen in start["offers2"] for m in seen["answers"]]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    for trade in range(1, 30):
        # offer (or counter with) every card: 140 against 90 wins the first trade, so the quartet goes to 2-2
        for card in page.query_selector_all("#eg-hand1 .eg-card"):
            card.click()
        if page.locator("#eg-accept:not([hidden])").count() and trade % 3 == 2:
            page.click("#eg-accept")
        else:
            page.click("#eg-offer")
        page.wait_for_function(f"document.querySelectorAll('#eg-log li').length === {trade}")
        assert money_on_screen(page, 1) + money_on_screen(page, 2) == total  # money is only passed on
        if page.is_visible("#eg-result"):
            break
    else:
        pytest.fail("the quartet did not end within 29 trades")
    first = page.locator("#eg-log li").first.text_content()
    assert trade >= 2 and "(140)" in first and "you take 1 animal" in first
    assert money_on_screen(page, 1) + money_on_screen(page, 2) == total
    result = page.text_content("#eg-result")
    assert result.startswith(("You complete the set.", "The computer completes the set."))
    assert "Optimal play from the start" in result
    assert page.evaluate(
        "(() => { const r = document.getElementById('eg-result').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight; })()")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"endgame-{width}.png"), full_page=True)


def test_hidden_money_mode(page, server) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server + "/cowtrade/endgame")
    page.wait_for_selector("#eg-board:not([hidden])")
    page.click("#hidden-solve")
    page.wait_for_selector("#hidden-facts:not([hidden])")
    assert page.locator("#hidden-bids table").count() == 2
    assert "for player 1" in page.text_content("#hidden-worth")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "endgame-hidden-390.png"), full_page=True)


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_two_quartets(page, server, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    # the default game (10,50 against 10,10; player 1 owns 2 and 3): solved as a job, the value equal to the
    # command line's, and the separate-games choice marked wrong, as the analysis finds it
    result = CliRunner().invoke(cli_app, ["cowtrade", "quartets", "--animals1", "2,3", "--cards1", "10,50",
                                          "--cards2", "10,10", "--json"])
    assert result.exit_code == 0, result.output
    expected = json.loads(result.stdout)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server + "/cowtrade/endgame")
    page.wait_for_selector("#eg-board:not([hidden])")
    page.click("#q-solve")
    page.wait_for_selector("#q-out:not([hidden])", timeout=120_000)
    assert page.text_content("#q-value").startswith(expected["value_exact"].replace("-", "−"))
    assert page.text_content("#q-best").endswith(f"quartet {expected['choice']['best'][0]} first")
    assert "wrong here" in page.text_content("#q-separate")
    assert page.locator("#q-strategy1 table").count() >= 1 and page.locator("#q-strategy2 table").count() >= 1
    assert page.locator("#q-plays details").count() == len(expected["plays"])
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # too much money: the refusal is a sentence beside the form
    page.fill("#q-cards1", "0,0,10,10,10,10,50")
    page.fill("#q-cards2", "0,0,10,10,10,10,50")
    page.click("#q-solve")
    page.wait_for_function("document.getElementById('error').textContent.includes('too large')")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    if SHOTS:
        page.fill("#q-cards1", "10,50")
        page.fill("#q-cards2", "10,10")
        page.click("#q-solve")
        page.wait_for_selector("#q-out:not(.stale)")
        page.locator("#q-panel").scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(SHOTS, f"endgame-quartets-{width}.png"), full_page=True)


def test_a_whole_end_game_by_keyboard_on_a_phone(page, server) -> None:  # type: ignore[no-untyped-def]
    # The page's own start, the computer's draws seeded: countering (then offering) with the top card each trade
    # takes 3 trades (a tie repeats one). By keyboard only: Start, then per trade Space (the focused first card),
    # Tab (to the offer), Enter; after each trade the focus is on the hand, never the page's body, and at the end
    # on Play again, on screen, with no card left marked as picked.
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        with seeded_endgame(page, server):
            # the story chart takes its box's width from the start (it was 260 px in a 988 px box until a trade)
            drawn, box = page.evaluate("[Number(document.querySelector('#eg-tale svg').getAttribute('width')),"
                                       " document.getElementById('eg-tale').clientWidth]")
            assert drawn >= min(640, box - 40), (drawn, box)

            def logged(trades: int) -> None:
                page.wait_for_function(f"document.querySelectorAll('#eg-log li').length === {trades}")

            trades, keys = play_by_keyboard(page, logged, most=6)
            assert trades == 3 and keys <= 30, (trades, keys)
            assert page.evaluate("document.activeElement.id") == "eg-again" and page.evaluate(IN_VIEW)
            assert page.locator("#eg-hand1 [aria-pressed=true]").count() == 0
            assert serious(page) == []
            page.keyboard.press("Enter")  # Play again: the same start, the hand focused
            page.wait_for_function(f"{FOCUSED_CARD} && document.querySelectorAll('#eg-log li').length === 0")
            assert page.is_hidden("#eg-again")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
