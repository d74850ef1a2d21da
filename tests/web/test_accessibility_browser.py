"""axe-core (from the axe-playwright-python package) finds no serious or critical violation on any page, in
its start state and after a move, after Win or Lose's Deal and at its end, and in error states (the results an
error greys must keep their contrast); the keyboard reaches the controls, and a skip link jumps past the Goose
board."""

from __future__ import annotations

import pytest
from test_phone_browser import MOVES  # the same scripted move per page

pytestmark = pytest.mark.browser
axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed")


def _serious(page) -> list[str]:
    results = axe_sync.Axe().run(page)
    found = results.response.get("violations", [])
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v.get("impact") in ("serious", "critical")]


@pytest.mark.parametrize("name", ["", *MOVES])
def test_no_serious_violation_at_the_start_and_after_a_move(page, server, name):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server + f"/{name}/" if name else server + "/")
    page.wait_for_load_state("networkidle")
    assert _serious(page) == []
    if name:
        MOVES[name](page)
        page.wait_for_timeout(150)
        assert _serious(page) == []


def _error(page, server: str, path: str, field: str, text: str) -> None:
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    page.fill(field, text)
    page.press(field, "Enter")
    page.wait_for_selector("#error:not([hidden])")
    assert page.locator(".stale").count() > 0  # results greyed: the state whose contrast failed


def test_no_serious_violation_in_error_states(page, server):
    # V(N) greyed beside "N=abc" (11 elements failed colour contrast), Memory's facts beside "21 pairs" (8)
    _error(page, server, "/guess/", "#n", "abc")
    assert _serious(page) == []
    _error(page, server, "/memory/", "#pairs", "21")
    assert _serious(page) == []


def test_win_or_lose_after_deal_and_at_its_end_on_a_phone(page, server):
    # after Deal the two face-down cards were spans with a prohibited aria-label; the game ends on a focused
    # Play again in view at 390 x 844
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.goto(server + "/winorlose/")
        page.click("#deal")
        page.wait_for_selector("#predict-win:not([disabled])")
        assert _serious(page) == []
        rounds = int(page.text_content("#you-round").split(" of ")[1])
        for k in range(1, rounds + 1):
            page.keyboard.press("Enter")  # "I win" has the focus after each deal
            page.wait_for_function(f"document.getElementById('you-round').textContent === '{k} of {rounds}'"
                                   " && document.activeElement.matches('#you-next, #you-again')")
            if k < rounds:
                page.keyboard.press("Enter")  # Next round
                page.wait_for_function("document.activeElement.id === 'predict-win'")
        assert page.evaluate("""(() => { const a = document.activeElement, r = a.getBoundingClientRect();
            return [a.id, r.top >= 0 && r.bottom <= window.innerHeight]; })()""") == ["you-again", True]
        assert _serious(page) == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("name", ["goose", "guess", "memory", "cowtrade", "docs/goose", "guide/winorlose"])
def test_the_docs_and_game_pages_have_no_serious_violation_at_a_phone_width(page, server, name):
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.goto(server + f"/{name}" + ("/" if not name.startswith(("docs", "guide")) else ""))
        page.wait_for_load_state("networkidle")
        assert _serious(page) == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_a_skip_link_jumps_past_the_goose_board(page, server):
    page.goto(server + "/goose/")
    page.wait_for_selector("#chances td.pwin")
    # the page may still be busy (its controls disabled, so unfocusable) just after the chances are drawn
    page.wait_for_selector("#roll:not([disabled])")
    page.focus("#roll")
    assert page.evaluate("document.activeElement.id") == "roll"
    page.keyboard.press("Tab")  # the next stop after the controls is the skip link, not 64 squares
    assert page.evaluate("document.activeElement.className") == "skip-board"
    page.keyboard.press("Enter")
    page.wait_for_timeout(100)
    assert page.evaluate("location.hash") == "#chances-panel"


def test_the_report_and_the_unknown_address_page_have_no_serious_violation(page, server, tmp_path, monkeypatch):
    from test_fit_browser import _report

    monkeypatch.chdir(tmp_path)  # the server serves report/index.html of the folder it runs in
    _report(tmp_path)
    for path in ("/report/", "/no/such/page"):
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 844})
            page.goto(server + path)
            assert _serious(page) == [], (path, width)
    page.set_viewport_size({"width": 1280, "height": 800})
