"""The guessing-game page in Debian's chromium: a whole game as the guesser (typed guesses, Enter) and as
the hider (answer buttons by keyboard), the numbers shown against the command line, errors, 390 px; at 390 x 844
both games by keyboard only, the focus never on the page's body and each game's end on a focused Play again
in view."""

from __future__ import annotations

import json
import re

import pytest
from pagecaches import own_guess_cache
from typer.testing import CliRunner

from parlour.cli import app as cli_app

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module", autouse=True)
def fresh_cache(tmp_path_factory):
    yield from own_guess_cache(tmp_path_factory)


@pytest.fixture(scope="module")
def gp(page, server):
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(server + "/guess/")
    page.evaluate("localStorage.clear()")
    return page


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(cli_app, ["guess", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def start(gp, n: int, mode: str) -> None:
    gp.fill("#n", str(n))
    gp.check(f"input[name=mode][value={mode}]")
    gp.press("#n", "Enter")
    target = "#guess-form" if mode == "guess" else "#hide-controls"
    gp.wait_for_selector(f"{target}:not([hidden])")


def test_readable_before_the_first_game(gp):
    assert gp.text_content("#value-exact") == cli_json("value", "100")["value_exact"] == "296/51"
    assert "New game" in gp.text_content("#intro")


def test_a_whole_game_as_the_guesser(gp):
    start(gp, 10, "guess")
    assert gp.text_content("#value-exact") == cli_json("value", "10")["value_exact"]
    assert gp.locator("#alice-chart rect.bar").count() == 10
    # The chart's bars carry the command line's exact probabilities.
    alice = cli_json("solve", "10")["alice"]
    first = gp.locator("#alice-chart rect.bar").first.text_content()
    assert alice[0]["probability_exact"] in first
    for _ in range(10):
        text = gp.text_content("#possible")  # "Still possible: 6 to 10." or "Still possible: 7."
        numbers = [int(x) for x in re.findall(r"\d+", text)]
        gp.fill("#guess", str((numbers[0] + numbers[-1]) // 2))
        gp.press("#guess", "Enter")
        gp.wait_for_function("document.querySelectorAll('#history li').length > 0 && "
                             "!document.body.classList.contains('busy')")
        if gp.text_content("#outcome"):
            break
    outcome = gp.text_content("#outcome")
    assert "Alice hid" in outcome and "V(10) = 35/12" in outcome
    assert "correct!" in gp.locator("#history li").last.text_content()  # a grade's sign may follow
    assert "Over 1 game with N = 10" in gp.text_content("#tally")


def test_a_whole_game_as_the_hider_by_keyboard(gp):
    start(gp, 20, "hide")
    hidden = 13
    for _ in range(20):
        guess = int(gp.text_content("#bob-guess"))
        answer = "correct" if guess == hidden else "higher" if hidden > guess else "lower"
        gp.focus(f"#answer-{answer}")
        gp.keyboard.press("Enter")
        if answer == "correct":
            break
        gp.wait_for_function(f"document.querySelectorAll('#history li').length > 0 && "
                             f"document.getElementById('bob-guess').textContent !== '{guess}'")
    gp.wait_for_selector("#tree-panel:not([hidden])")
    assert "Bob found 13" in gp.text_content("#outcome")
    assert "V(20) = 41/11" in gp.text_content("#outcome") and cli_json("value", "20")["value_exact"] == "41/11"
    guesses = gp.locator("#history li").count()
    assert gp.locator("#tree g.node.on-path").count() == guesses
    assert gp.locator("#tree g.node").count() == 20


def test_the_page_answers_for_a_typed_number_and_errors_show(gp):
    start(gp, 20, "hide")
    gp.fill("#hidden", "25")
    gp.press("#hidden", "Enter")
    gp.wait_for_selector("#error:not([hidden])")
    assert "from 1 to 20" in gp.text_content("#error").lower()
    gp.fill("#hidden", "7")
    gp.press("#hidden", "Enter")
    gp.wait_for_selector("#tree-panel:not([hidden])")
    assert gp.is_hidden("#error")
    assert "Bob found 7" in gp.text_content("#outcome")
    gp.fill("#n", "abc")
    gp.press("#n", "Enter")
    gp.wait_for_selector("#error:not([hidden])")
    assert "whole number" in gp.text_content("#error").lower()


def test_a_larger_n_shows_progress_then_plays(gp):
    gp.evaluate("""() => {
      window.sawBusy = false;
      new MutationObserver(() => {
        if (document.body.classList.contains("busy") && document.getElementById("new-game").disabled
            && !document.getElementById("busy").hidden) window.sawBusy = true;
      }).observe(document.body, { attributes: true, subtree: true });
    }""")
    start(gp, 180, "hide")  # above the inline limit: a job, polled
    assert gp.evaluate("window.sawBusy")  # the controls were disabled and the busy sign shown meanwhile
    assert gp.text_content("#value-exact") == cli_json("value", "180")["value_exact"]
    gp.fill("#hidden", "180")
    gp.press("#hidden", "Enter")
    gp.wait_for_selector("#tree-panel:not([hidden])")


def test_fits_a_phone(gp):
    gp.set_viewport_size({"width": 390, "height": 844})
    gp.reload()
    start(gp, 300, "hide")
    gp.fill("#hidden", "150")
    gp.press("#hidden", "Enter")
    gp.wait_for_selector("#tree-panel:not([hidden])")
    assert gp.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


FOCUS_IN_VIEW = """(() => { const a = document.activeElement, r = a.getBoundingClientRect();
  return [a.id, r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight]; })()"""


def test_both_games_by_keyboard_on_a_phone_end_on_play_again_in_view(gp):
    gp.set_viewport_size({"width": 390, "height": 844})
    try:
        gp.reload()
        start(gp, 10, "guess")
        for _ in range(10):  # typed guesses: the box keeps the focus until the game ends
            assert gp.evaluate("document.activeElement.id") == "guess"
            numbers = [int(x) for x in re.findall(r"\d+", gp.text_content("#possible"))]
            gp.keyboard.type(str((numbers[0] + numbers[-1]) // 2))
            gp.keyboard.press("Enter")
            gp.wait_for_function("!document.body.classList.contains('busy') && document.activeElement.id !== ''")
            if gp.text_content("#outcome"):
                break
        assert gp.evaluate(FOCUS_IN_VIEW) == ["again", True]
        gp.check("input[name=mode][value=hide]")
        gp.focus("#again")
        gp.keyboard.press("Enter")  # Play again, now as the hider
        gp.wait_for_selector("#hide-controls:not([hidden])")
        gp.wait_for_function("document.activeElement.id === 'answer-higher'")
        # Bob's guess and the answer buttons on the first screen (they started 8 px below it)
        assert gp.evaluate(FOCUS_IN_VIEW) == ["answer-higher", True]
        assert gp.evaluate("document.getElementById('answer-buttons').getBoundingClientRect().bottom") <= 844
        hidden, order = 7, ["higher", "lower", "correct"]
        for _ in range(10):
            guess = int(gp.text_content("#bob-guess"))
            answer = "correct" if guess == hidden else "higher" if hidden > guess else "lower"
            at = order.index(gp.evaluate("document.activeElement.id").removeprefix("answer-"))
            for _step in range(order.index(answer) - at):  # from the focused answer to the one to give
                gp.keyboard.press("Tab")
            for _step in range(at - order.index(answer)):
                gp.keyboard.press("Shift+Tab")
            gp.keyboard.press("Enter")
            gp.wait_for_function("!document.body.classList.contains('busy') && document.activeElement !== document.body"
                                 f" && document.getElementById('bob-guess').textContent !== '{guess}'")
            if answer == "correct":
                break
            assert gp.evaluate(FOCUS_IN_VIEW) == [f"answer-{answer}", True]
        assert "Bob found 7" in gp.text_content("#outcome")
        assert gp.evaluate(FOCUS_IN_VIEW) == ["again", True]
    finally:
        gp.set_viewport_size({"width": 1200, "height": 900})
