"""The Memory page in Debian's chromium: play a whole game by clicking (and by keyboard), check the numbers
shown against `parlour memory state --json`, hints off, a bad size, and a 390 px screen."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from parlour.cli import app as cli_app

pytestmark = pytest.mark.browser

IDLE = "!document.body.classList.contains('busy')"


@pytest.fixture(scope="module")
def mem(page, server):
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(server + "/memory/")
    page.wait_for_selector("#board button.card")
    page.wait_for_function(IDLE)
    return page


def cli_state(k: int, B: int, P: int) -> dict:
    res = CliRunner().invoke(cli_app, ["memory", "state", str(k), str(B), str(P), "--json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def shown_state(page) -> tuple[int, int, int]:
    k, B, P = (int(x) for x in re.findall(r"\d+", page.text_content("#state")))
    return k, B, P


def new_game(page, pairs: str, first: str = "you") -> None:
    page.fill("#pairs", pairs)
    page.select_option("#first", first)
    page.click("#new")
    page.wait_for_function(IDLE)


def test_readable_before_the_first_move(mem):
    assert mem.locator("#board button.card").count() == 16
    assert "Your turn" in mem.text_content("#status")
    assert shown_state(mem) == (16, 0, 0)
    assert mem.locator("#tactics tbody tr").count() >= 1


def test_numbers_shown_equal_the_command_line(mem):
    new_game(mem, "6")
    k, B, P = shown_state(mem)
    ref = cli_state(k, B, P)
    rows = {r.locator("th").text_content().split()[0]: r.locator("td").nth(1).text_content()
            for r in mem.locator("#tactics tbody tr").all()}
    assert rows == {n: t["value_exact"] for n, t in ref["tactics"].items()}
    assert Fraction(mem.text_content("#exp-you")) == Fraction(ref["w_exact"]) / 2
    assert Fraction(mem.text_content("#exp-you")) + Fraction(mem.text_content("#exp-computer")) == 6


def test_the_hint_says_the_best_move_in_words(mem):
    """The hint line names the card to turn that the choices table stars, never the study's T1-T9 numbers."""
    new_game(mem, "5")
    for _ in range(8):  # first and second cards of several turns, by the hint
        if mem.text_content("#status").startswith(("Game over", "Stalemate")):
            # the computer's turn can end a game of 5 pairs: then no hint is shown, and no line is left over
            assert not mem.is_visible("#hint-box") and mem.text_content("#hint-line") == ""
            break
        line = mem.text_content("#hint-line")
        starred = [r.locator("th").text_content().removesuffix(" ★") for r in mem.locator("#choices tbody tr").all()
                   if "★" in r.locator("th").text_content()]
        assert starred and all(words in line for words in starred), (line, starred)
        assert "best: turn " in line and not re.search(r"\bT\d", line), line
        best = mem.locator("#board button.card.best:not([disabled])")
        (best.first if best.count() else mem.locator("#board button.card:not([disabled])").first).click()
        mem.wait_for_function(IDLE)


def test_play_a_whole_game_by_clicking(mem):
    new_game(mem, "5", "computer")
    for _ in range(200):
        status = mem.text_content("#status")
        if status.startswith(("Game over", "Stalemate")):
            break
        best = mem.locator("#board button.card.best:not([disabled])")
        target = best.first if best.count() else mem.locator("#board button.card:not([disabled])").first
        moves = mem.evaluate("document.getElementById('log').children.length")
        target.click()
        mem.wait_for_function(IDLE)
        if mem.text_content("#status").startswith("Your turn"):
            # after every move the numbers follow the state shown
            k = shown_state(mem)[0]
            exp = Fraction(mem.text_content("#exp-you")) + Fraction(mem.text_content("#exp-computer"))
            taken = int(mem.text_content("#won-you")) + int(mem.text_content("#won-computer"))
            assert exp == taken + Fraction(k, 2)
        assert mem.evaluate("document.getElementById('log').children.length") >= moves
    else:
        pytest.fail("the game did not end in 200 clicks")
    assert mem.locator("#board button.card:not([disabled])").count() == 0
    # the game ends with a moment: who won, by how much, what optimal play expected, and Play again
    ending = mem.text_content("#ending")
    you, computer = Fraction(mem.text_content("#won-you")), Fraction(mem.text_content("#won-computer"))
    assert mem.is_visible("#ending")
    if "Stalemate" not in mem.text_content("#status"):
        verdict = "You win" if you > computer else "The computer wins" if you < computer else "A draw"
        assert ending.startswith(verdict)
    assert "you could expect" in ending and "/" not in ending.split("expect")[0]
    assert [li.text_content()[:2] for li in mem.locator("#log li").all()][-1] != "1."  # numbered once, by the list
    mem.click("#again")
    mem.wait_for_function(IDLE)
    assert mem.is_hidden("#ending")
    assert mem.locator("#error").is_hidden()


def test_keyboard_and_hints_toggle(mem):
    new_game(mem, "3")
    mem.locator("#board button.card").first.focus()
    mem.keyboard.press("Enter")
    mem.wait_for_function(IDLE)
    assert mem.locator("#board button.card.up").count() == 1 or mem.locator("#log li").count() >= 1
    mem.uncheck("#hints")
    assert mem.locator("#hint-box").is_hidden()
    assert mem.locator("#hints-off").is_visible()
    assert mem.locator("#board button.card.best").count() == 0
    mem.check("#hints")
    assert mem.locator("#hint-box").is_visible()


def test_stalemate_rule_shown_when_passing_is_optimal(mem):
    # play games of 8 pairs by the hint until a position where passing is optimal comes up
    for _ in range(6):
        new_game(mem, "8")
        for _ in range(60):
            if mem.locator("#stalemate-note").is_visible():
                assert "shared equally" in mem.text_content("#stalemate-note")
                k, B, P = shown_state(mem)
                assert "T2" in cli_state(k, B, P)["optimal"]
                return
            if mem.text_content("#status").startswith(("Game over", "Stalemate")):
                break
            best = mem.locator("#board button.card.best:not([disabled])")
            target = best.first if best.count() else mem.locator("#board button.card:not([disabled])").first
            target.click()
            mem.wait_for_function(IDLE)
    pytest.fail("passing was never optimal in 6 games of 8 pairs")


def test_bad_size_is_an_error_and_the_page_goes_on(mem):
    new_game(mem, "99")
    mem.wait_for_selector("#error:not([hidden])")
    assert "pairs" in mem.text_content("#error").lower()
    assert mem.locator("#board button.card").count() > 0
    new_game(mem, "2")
    mem.wait_for_selector("#error", state="hidden")
    assert mem.locator("#board button.card").count() == 4


def test_narrow_screen_has_no_sideways_scroll(mem, server):
    mem.set_viewport_size({"width": 390, "height": 800})
    new_game(mem, "20")
    mem.locator("#board button.card").first.click()
    mem.wait_for_function(IDLE)
    assert mem.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    mem.set_viewport_size({"width": 1200, "height": 900})
