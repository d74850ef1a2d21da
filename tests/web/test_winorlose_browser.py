"""The page in a real browser: Debian's chromium driven by Playwright plays, loops 50 rounds, clears."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server():
    uvicorn = pytest.importorskip("uvicorn")
    from parlour.web.app import create_app

    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not srv.started:
        if time.time() > deadline:
            pytest.fail("uvicorn did not start within 20 s")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def page(server):
    sync_api = pytest.importorskip("playwright.sync_api", reason="python playwright is not installed")
    if not (os.path.exists(CHROMIUM) and shutil.which(CHROMIUM)):
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)")
    profile = tempfile.mkdtemp(prefix="parlour-chromium-")
    with sync_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=ARGS)
        pg = context.new_page()
        pg.goto(server + "/")
        yield pg
        context.close()
    shutil.rmtree(profile, ignore_errors=True)


def test_round_loop_clear(page):
    page.select_option("#frank-type", "loose")
    page.select_option("#tina-type", "learning")
    page.click("#start")
    page.wait_for_function("document.querySelectorAll('#table-cards .card').length === 5")
    assert page.locator("#frank-cards .card").count() == 2
    assert page.locator("#tina-cards .card").count() == 2
    assert page.text_content("#frank-prediction") in ("win", "lose")
    assert page.text_content("#board-tina") in ("win", "lose")
    assert page.text_content("#frank-score").count(".") == 2  # A.BB.CCCCC
    assert "win " in page.text_content("#tina-chance")
    page.fill("#count", "50")
    page.click("#loop")
    page.wait_for_function("document.getElementById('summary').textContent.startsWith('51 rounds')")
    assert "bounds" in page.text_content("#summary")
    page.click("#clear")
    assert page.locator("#table-cards .card").count() == 0
    assert page.text_content("#frank-points") == ""


def test_bad_count_shows_a_message_and_the_page_goes_on(page):
    page.fill("#count", "lots")
    page.click("#loop")
    page.wait_for_selector("#error:not([hidden])")
    assert "whole number" in page.text_content("#error")
    page.click("#start")
    page.wait_for_selector("#error", state="hidden")
    assert page.locator("#table-cards .card").count() == 5
