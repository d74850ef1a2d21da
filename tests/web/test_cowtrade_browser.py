"""The cow-trade page in Debian's chromium (Playwright): the study's example solved on load, the elimination
stepped through with the keyboard, numbers equal to the command line's --json, trades played to the end of a
score, money cards, an error from the server, and a 390 px screen without sideways scrolling."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.cli import app as cli_app

pytestmark = pytest.mark.browser


def cli(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli_app, ["cowtrade", "solve", *args, "--json", "--steps"])
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def frac(text: str) -> str:
    return text.replace("-", "−")


@pytest.fixture(scope="module")
def ct(page, server):  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(server + "/cowtrade/")
    page.wait_for_selector("#before-solve", state="hidden")
    return page


def test_example_solved_on_load_equals_the_command_line(ct) -> None:  # type: ignore[no-untyped-def]
    expected = cli("--money1", "8", "--money3", "5")
    assert ct.text_content("#value") == frac(expected["value_exact"])
    assert ct.text_content("#inspection-size") == "3 × 3"
    shown1 = [[c.strip() for c in row] for row in ct.eval_on_selector_all(
        "#strategy1 tr", "rows => rows.slice(1).map(r => [r.cells[0].textContent, r.cells[1].textContent])")]
    assert [b for b, _ in shown1] == [str(s["bid"]) for s in expected["strategy1"]]
    assert [p.split(" ")[0] for _, p in shown1] == [frac(s["probability_exact"]) for s in expected["strategy1"]]
    assert ct.locator("#matrix rect.cell").count() == 9 * 6
    assert ct.locator("#inspection rect.cell").count() == 3 * 3


def test_elimination_one_step_at_a_time_by_keyboard(ct) -> None:  # type: ignore[no-untyped-def]
    expected = cli("--money1", "8", "--money3", "5")["steps"]
    assert ct.is_disabled("#first-step")  # the page starts before the first removal
    ct.focus("#next-step")
    for k, text in enumerate(expected, 1):
        ct.keyboard.press("Enter")
        shown = ct.text_content("#step-text")
        assert shown.startswith(f"Step {k} of {len(expected)}:") and f"[{text}]" in shown
        assert ct.locator("#matrix .overlay .gone").count() == k
        assert ct.locator("#matrix .overlay .dominated").count() == 1
        assert ct.locator("#matrix .overlay .witness").count() >= 1
        if k < len(expected):
            ct.focus("#next-step")  # stays enabled until the last step
    assert ct.is_disabled("#next-step") and "the last" in ct.text_content("#step-text")
    ct.focus("#matrix")  # the cells by keyboard: bid 1 against bid 0 is player 1's (the diagonal band)
    ct.keyboard.press("ArrowDown")
    assert ct.text_content("#cell-info") == "Player 1 bids 1, player 3 bids 0: player 1 ends with the quartet."
    ct.keyboard.press("ArrowRight")
    ct.keyboard.press("ArrowRight")
    assert ct.text_content("#cell-info") == "Player 1 bids 1, player 3 bids 2: player 3 ends with the quartet."
    ct.click("#prev-step")
    assert ct.text_content("#step-text").startswith(f"Step {len(expected) - 1} of")
    ct.click("#first-step")
    assert ct.locator("#matrix .overlay rect").count() == 0


def test_play_a_score_of_trades(ct) -> None:  # type: ignore[no-untyped-def]
    ct.click("#reset-score")
    for k in range(1, 6):
        ct.select_option("#bid", "3")
        ct.click("#seal")
        assert ct.text_content("#your-bid") == "sealed" and ct.text_content("#computer-bid") == "sealed"
        assert ct.is_disabled("#bid") and ct.is_disabled("#seal")
        ct.keyboard.press("Enter")  # focus moved to Reveal
        ct.wait_for_function(f"document.getElementById('rounds').textContent === '{k}'")
        assert ct.text_content("#your-bid") == "3"
        assert ct.text_content("#computer-bid") in ("0", "2", "4")  # player 3's optimal bids
        outcome = ct.text_content("#outcome")
        assert outcome.startswith(("You win.", "You lose.")) and "ends with the quartet" in outcome
        assert "−1/3" in outcome  # bid 3 earns exactly the value against the optimal mixture
        assert not ct.is_disabled("#seal") and ct.is_disabled("#reveal")
    wins = int(ct.text_content("#wins"))
    assert ct.text_content("#average").split(" ")[0] == frac(str(Fraction(2 * wins - 5, 5)))
    # the other side starts a new game, but only when the person says so: the game under way is not dropped unasked
    asked: list[str] = []
    ct.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    ct.select_option("#side", "3")
    assert "5 of 10 trades played" in asked[0] and ct.text_content("#rounds") == "5"
    assert ct.input_value("#side") == "1"
    ct.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    ct.select_option("#side", "3")
    assert len(asked) == 2 and ct.text_content("#rounds") == "0"
    assert ct.locator("#bid option").count() == 6


def test_cards_and_an_error(ct) -> None:  # type: ignore[no-untyped-def]
    ct.check("input[name=mode][value=cards]")
    ct.fill("#cards1", "0,10,10,50,100")
    ct.fill("#cards3", "10,10,50")
    ct.select_option("#initiative", "3")
    ct.press("#cards3", "Enter")
    ct.wait_for_function("document.getElementById('game-line').textContent.includes('cards')")
    expected = cli("--cards1", "0,10,10,50,100", "--cards3", "10,10,50", "--initiative", "3")
    assert ct.text_content("#value") == frac(expected["value_exact"])
    assert ct.text_content("#step-count") == str(len(expected["steps"]))
    ct.check("input[name=mode][value=money]")
    ct.fill("#money1", "250")
    ct.press("#money1", "Enter")
    ct.wait_for_selector("#error:not([hidden])")
    assert "up to 100" in ct.text_content("#error").lower()
    ct.fill("#money1", "100")
    ct.fill("#money3", "60")
    ct.select_option("#initiative", "1")
    ct.click("#solve")
    ct.wait_for_selector("#error", state="hidden")
    expected = cli("--money1", "100", "--money3", "60")
    ct.wait_for_function(f"document.getElementById('value').textContent === '{frac(expected['value_exact'])}'")
    assert ct.locator("#matrix rect.cell").count() == 101 * 61
    n = expected["inspection_size"]
    assert f"{n} × {n} inspection game" in ct.text_content("#inspection-text")
    assert f"2/{n} − 1 = {frac(expected['value_exact'])}" in ct.text_content("#inspection-text")


def test_narrow_screen_has_no_sideways_scroll(ct) -> None:  # type: ignore[no-untyped-def]
    ct.set_viewport_size({"width": 390, "height": 800})
    ct.reload()
    ct.wait_for_selector("#before-solve", state="hidden")
    assert ct.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    ct.fill("#money1", "100")
    ct.fill("#money3", "99")
    ct.click("#solve")
    ct.wait_for_function("document.getElementById('inspection-size').textContent === '100 × 100'")
    assert ct.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
