"""The Goose page as an analysis board in Debian's chromium, at 390×844: a keyboard-played game ends with a
focused "Play again" in view and a luck-only grades panel from the review; ←/Home/End step through it and
restore the pieces, the chances and the chart's marker of each throw; the page's own link restores the same game
in a new tab."""

from __future__ import annotations

from typing import Any

import pytest
from pagecaches import shared_goose_cache

pytestmark = pytest.mark.browser

IDLE = "!document.body.classList.contains('busy')"
SHOWN = """() => ({
  pieces: [...document.querySelectorAll('#pieces circle')]
   .map((c) => c.getAttribute('cx') + ',' + c.getAttribute('cy')),
  chances: [...document.querySelectorAll('#chances td.pwin')].map((td) => td.dataset.value),
  position: document.getElementById('chances-panel').dataset.position,
})"""
MARKER = "(() => (document.querySelector('g.board-marker') || {dataset: {}}).dataset.ply)"


@pytest.fixture(scope="module", autouse=True)
def shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Any:
    yield from shared_goose_cache(tmp_path_factory)


@pytest.fixture(scope="module")
def game(page: Any, server: str) -> dict[str, Any]:
    """A 2-player game played with Enter alone (?seed=3 fixes its dice): what the page showed after each throw."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server + "/goose/?seed=3")
    page.wait_for_selector("#chances tbody tr:nth-child(3)", timeout=120_000)
    page.wait_for_function(IDLE, timeout=120_000)
    page.locator("#roll").focus()
    seen = {0: page.evaluate(SHOWN)}
    keys = 0
    while not page.is_visible("#again") and keys < 200:
        page.keyboard.press("Enter")
        keys += 1
        page.wait_for_function(IDLE)
        seen[keys] = page.evaluate(SHOWN)
    page.wait_for_selector("#grades #luck-kind", timeout=30_000)
    return {"seen": seen, "keys": keys, "link": page.url}


def test_step_game_ends_with_play_again_focused_and_luck_only(page: Any, game: dict[str, Any]) -> None:
    assert game["keys"] < 200
    assert page.evaluate("document.activeElement.id") == "again"
    box = page.locator("#again").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844
    grades = page.inner_text("#grades")
    assert "no decision to grade" in grades and "Exact" in grades
    assert "Luck only" in page.inner_text("#story")


def test_step_keys_restore_each_throw_and_the_marker(page: Any, game: dict[str, Any]) -> None:
    seen, n = game["seen"], game["keys"]
    page.locator("#board-tools .step.last").focus()
    page.keyboard.press("Home")
    page.wait_for_function(f"{MARKER}() === '0'")
    assert page.evaluate(SHOWN) == seen[0]
    for ply in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"{MARKER}() === '{ply}'")
        assert page.evaluate(SHOWN) == seen[ply]
    page.keyboard.press("End")
    page.wait_for_function(f"{MARKER}() === '{n}'")
    assert page.evaluate(SHOWN) == seen[n]
    assert page.evaluate("document.activeElement !== document.body")


def test_link_restores_the_game_in_a_new_tab(page: Any, game: dict[str, Any]) -> None:
    other = page.context.new_page()
    try:
        other.set_viewport_size({"width": 390, "height": 844})
        other.goto(game["link"])
        other.wait_for_selector("#grades #luck-kind", timeout=30_000)
        other.wait_for_function(IDLE)
        assert other.evaluate(SHOWN) == game["seen"][game["keys"]]
        assert other.is_visible("#again")
        other.keyboard.press("Home")
        other.wait_for_function(f"{MARKER}() === '0'")
        assert other.evaluate(SHOWN) == game["seen"][0]
    finally:
        other.close()
