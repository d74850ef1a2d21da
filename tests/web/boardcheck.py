"""What the game pages' analysis-board tests share: a JSON request answered with the status expected,
`parlour review --json` on a page's game record (from a file and from the page's link) held equal to the page's
own grades, and axe-core's serious and critical findings on a page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import run_cli
from parlour.analyses.review.core import encode_link, parse_record


def post(client: Any, url: str, body: Any, status: int = 200) -> Any:
    reply = client.post(url, json=body)
    assert reply.status_code == status, reply.text
    return reply.json()


def review_everywhere(client: Any, record: dict[str, Any], page_path: str, tmp_path: Path,
                      capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """The page's grades of `record` (POST /api/review), checked equal to `parlour review --json` on the record
    written to a file and on the page's link (the page at `page_path`, e.g. "/memory/")."""
    page = post(client, "/api/review", record)
    file = tmp_path / "game.json"
    file.write_text(json.dumps(record))
    link = "http://example.org" + page_path + encode_link(parse_record(record))
    for source in (str(file), link):
        code, out, err = run_cli(["review", source, "--json"], capsys)
        assert code == 0, err
        assert json.loads(out) == page, source
    return dict(page)


def serious(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now: rule and first three targets."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed")
    found = axe.Axe().run(page).response.get("violations", [])
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in found
            if v.get("impact") in ("serious", "critical")]


def plies(page: Any) -> int:
    """How many moves the page's address holds in its game record (0 without one)."""
    return int(page.evaluate("(window.parlour.board.fromLink(location.hash) || {moves: []}).moves.length"))


def opened_link(page: Any, tools: str, address: str, grades: str, said: str = ".board-said") -> Any:
    """Copy link (on the board whose buttons are in `tools`) puts the page's own address, `address` with its
    record, on the clipboard; opened in a new tab at a phone's 390 x 844, it draws the same grade counts (in
    `grades`). The new tab, idle, for the caller to look at and close."""
    page.click(f"{tools} .copy-link")
    page.wait_for_function(f"document.querySelector('{said}').textContent.length > 0")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(address + "#record=") and link == page.url
    other = page.context.new_page()
    other.set_viewport_size({"width": 390, "height": 844})
    other.goto(link)
    other.wait_for_selector(f"{grades} .grade-counts")
    other.wait_for_function("!document.body.classList.contains('busy')")
    assert other.text_content(f"{grades} .grade-counts") == page.text_content(f"{grades} .grade-counts")
    return other
