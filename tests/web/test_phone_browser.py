"""A phone is a first-class screen: at 390 x 844 no page scrolls sideways, and after a move the move's result
and the board are on the screen together, without the player scrolling."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 390, 844


def _goose(p):
    p.wait_for_selector("#chances td.pwin")
    p.click("#roll")
    p.wait_for_function("document.getElementById('move-text').textContent.includes('throws')")
    return "#board", "#move-line"


def _memory(p):
    p.wait_for_selector("#board button")
    p.click("#board button >> nth=0")
    p.wait_for_function("document.getElementById('status').textContent.includes('second card')")
    p.click("#board button:not(:disabled) >> nth=0")
    p.wait_for_function("!document.body.classList.contains('busy')")
    return "#board", "#status"


def _guess(p):
    p.click("#new-game")
    p.wait_for_selector("#guess-form:not([hidden])")
    p.fill("#guess", "50")
    p.click("#guess-button")
    p.wait_for_selector("#history li")
    return "#history", "#possible"


def _cowtrade(p):
    p.wait_for_selector("#bid option", state="attached")
    p.click("#seal")
    p.click("#reveal")
    p.wait_for_function("/^You (win|lose)/.test(document.getElementById('outcome').textContent)")
    return "#play-panel .table-top", "#outcome"


def _winorlose(p):
    p.click("#deal")
    p.wait_for_selector("#predict-win:not([disabled])")
    p.click("#predict-win")
    p.wait_for_selector("#you-result:not(:empty)")
    return "#you-table", "#you-result"


MOVES = {"goose": _goose, "memory": _memory, "guess": _guess, "cowtrade": _cowtrade, "winorlose": _winorlose}


def _inside(page, selector: str) -> bool:
    box = page.evaluate(f"JSON.stringify(document.querySelector({selector!r}).getBoundingClientRect())")
    import json

    r = json.loads(box)
    return r["height"] > 0 and r["top"] >= -1 and r["bottom"] <= HEIGHT + 1


@pytest.mark.parametrize("name", list(MOVES))
def test_no_page_scrolls_sideways_and_a_move_shows_result_and_board_together(page, server, name):
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    try:
        page.goto(server + f"/{name}/")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
        board, result = MOVES[name](page)
        page.wait_for_timeout(100)
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
        assert _inside(page, result), f"{name}: the move's result is off screen"
        assert _inside(page, board), f"{name}: the board is off screen"
        assert errors == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("name", ["", "docs/goose", "docs/guess", "docs/memory", "docs/cowtrade", "docs/winorlose",
                                  "guide/goose", "guide/guess", "guide/memory", "guide/cowtrade", "guide/winorlose"])
def test_the_home_and_docs_pages_fit_a_phone(page, server, name):
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    try:
        page.goto(server + f"/{name}")
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
