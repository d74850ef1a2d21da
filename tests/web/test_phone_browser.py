"""A phone is a first-class screen: at 390 x 844 no page scrolls sideways, and after a move the move's result,
the board and the control to use next are on the screen together, without the player scrolling; no text is
drawn under 11 px (an SVG's text at the size it is drawn, after the SVG is scaled down)."""

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
    # an enabled card: on the second move the first card may already be taken (a random deal can pair it)
    p.click("#board button:not(:disabled) >> nth=0")
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

# The control a player uses next, after the move above: it must be on the screen with the move's result.
NEXT = {"goose": "#roll", "memory": "#board button:not(:disabled)", "guess": "#guess", "cowtrade": "#seal",
        "winorlose": "#you-next"}


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
    from fitcheck import small_text

    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    try:
        page.goto(server + f"/{name}")
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
        assert small_text(page) == []  # the game's picture included, drawn small on a phone
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("name", list(MOVES))
def test_after_a_move_the_next_control_is_on_screen_and_no_text_is_tiny(page, server, name):
    from fitcheck import small_text

    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    try:
        page.goto(server + f"/{name}/")
        page.wait_for_load_state("networkidle")
        assert small_text(page) == []
        for _ in range(2):  # the second move too: a page that scrolled for the first may leave the next behind
            _board, result = MOVES[name](page)
            page.wait_for_timeout(100)
            assert _inside(page, NEXT[name]), f"{name}: the next control ({NEXT[name]}) is off screen"
            assert _inside(page, result), f"{name}: the move's result is off screen"
            assert small_text(page) == []
            if name in ("guess", "cowtrade"):
                break  # their move starts a new game (guess) or needs no second look
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_a_trade_of_the_end_game_leaves_its_story_and_the_next_offer_on_screen(page, server):
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    try:
        page.goto(server + "/cowtrade/endgame")
        page.wait_for_selector("#eg-hand1 .eg-card")
        assert "The stakes:" in page.text_content("#eg-stakes")
        page.click("#eg-hand1 .eg-card >> nth=-1")
        page.click("#eg-offer")
        page.wait_for_function("document.querySelectorAll('#eg-log li').length === 1")
        page.wait_for_timeout(100)
        assert _inside(page, "#eg-story")
        nxt = "#eg-result" if page.is_visible("#eg-result") else "#eg-offer"
        assert _inside(page, nxt)
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_the_hiders_game_opens_bobs_tree_on_its_path(page, server):
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    try:
        page.goto(server + "/guess/")
        page.check("input[name=mode][value=hide]")
        page.click("#new-game")
        page.wait_for_selector("#hide-controls:not([hidden])")
        page.fill("#hidden", "97")  # far right in a tree of 100: off a phone's screen unless scrolled to
        page.click("#hidden-button")
        page.wait_for_selector("#tree-panel:not([hidden])")
        seen = page.evaluate("""(() => {
            const box = document.getElementById('tree').parentElement.getBoundingClientRect();
            const inside = (n) => { const r = n.getBoundingClientRect();
                                    return r.left >= box.left - 1 && r.right <= box.right + 1; };
            return [inside(document.querySelector('#tree .node.found')),
                    [...document.querySelectorAll('#tree .node.on-path')].filter(inside).length]; })()""")
        # the number found is in the tree's box, with the guess before it (the whole path when it fits)
        assert seen[0] and seen[1] >= 2
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
