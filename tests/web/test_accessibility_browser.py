"""axe-core (from the axe-playwright-python package) finds no serious or critical violation on any page, in
its start state and after a move; the keyboard reaches the controls, and a skip link jumps past the Goose board."""

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
    page.focus("#roll")
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
