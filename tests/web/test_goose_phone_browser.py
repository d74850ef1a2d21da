"""The Goose at 390 x 844 in Debian's chromium, played with the keyboard only: after every move the focus is on
Roll (never the page's body), the dice are never drawn under 24 px beside the move's text, and the game ends
with "Play again" focused and on the screen; the "Place the pieces" error passes axe's colour contrast."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

DICE = "[...document.querySelectorAll('#dice svg.die')].map((d) => d.getBoundingClientRect().width)"


def test_a_keyboard_game_keeps_focus_on_roll_dice_of_24_px_and_ends_with_play_again_in_view(page, server):
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.goto(server + "/goose/?seed=46")
        page.wait_for_selector("#chances td.pwin", timeout=120_000)  # the first test of a session solves 2 players
        page.wait_for_function("!document.body.classList.contains('busy')")
        page.focus("#roll")
        widths: list[float] = []
        for move in range(600):
            if page.is_visible("#again"):
                break
            assert page.evaluate("document.activeElement.id") == "roll", move
            page.keyboard.press("Enter")
            page.wait_for_function("!document.body.classList.contains('busy')")
            widths += page.evaluate(DICE)
        else:
            pytest.fail("no ending in 600 moves")
        assert widths and min(widths) >= 24, min(widths)
        assert page.evaluate("document.activeElement.id") == "again"
        box = page.locator("#again").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844
        page.keyboard.press("Enter")  # Play again, from the keyboard: a new game, focus back on Roll
        page.wait_for_selector("#before-first")
        page.wait_for_function("document.activeElement && document.activeElement.id === 'roll'")
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_the_place_the_pieces_error_passes_colour_contrast(page, server):
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright",
                                   reason="axe-playwright-python is not installed")
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.goto(server + "/goose/")
        page.wait_for_selector("#chances td.pwin", timeout=120_000)
        page.click("#place summary")
        page.fill("#place-squares", "70,3")
        page.click("#place-set")
        page.wait_for_selector("#error:not([hidden])")
        page.wait_for_function("!document.body.classList.contains('busy')")
        page.wait_for_timeout(200)  # the greying's transition
        found = axe_sync.Axe().run(page).response.get("violations", [])
        bad = [(v["id"], [n["target"] for n in v["nodes"]]) for v in found
               if v.get("impact") in ("serious", "critical")]
        assert bad == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
