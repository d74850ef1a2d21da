"""The cow-trade end game in Debian's chromium (Playwright): a quartet played to its end against the optimal
bidder at 1280 x 800 and at 390 x 844, the start's value equal to the command line's, the money cards
changing hands on screen, the result visible after the last move, and no sideways scrolling."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from parlour.cli import app as cli_app

pytestmark = pytest.mark.browser

CARDS1 = "0,0,10,10,10,10,50,50"
CARDS2 = "0,0,10,10,10,10,50"
SHOTS = os.environ.get("PARLOUR_SHOTS")  # a folder to save screenshots in (for looking at them)


def cli_value() -> str:
    result = CliRunner().invoke(cli_app, ["cowtrade", "endgame", "--animals1", "1", "--cards1", CARDS1,
                                          "--cards2", CARDS2, "--challenger", "1", "--json"])
    assert result.exit_code == 0, result.output
    return str(json.loads(result.stdout)["value_exact"])


def money_on_screen(page, who: int) -> int:  # type: ignore[no-untyped-def]
    return sum(int(t) for t in page.eval_on_selector_all(f"#eg-hand{who} .eg-card", "cs => cs.map(c => c.textContent)"))


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_quartet_played_to_its_end(page, server, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server + "/cowtrade/endgame")
    page.wait_for_selector("#eg-board:not([hidden])")
    page.fill("#eg-cards1", CARDS1)
    page.click("#eg-start")
    page.wait_for_function(f"document.querySelectorAll('#eg-hand1 .eg-card').length === {len(CARDS1.split(','))}")
    assert page.text_content("#eg-start-value").startswith(cli_value().replace("-", "−") + " ")
    total = money_on_screen(page, 1) + money_on_screen(page, 2)
    assert total == 140 + 90
    assert page.locator("#eg-strategy2 table").count() >= 1  # the computer's optimal strategy is shown
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
