"""A long page job in Debian's chromium: its estimate and a Start button come first (nothing runs before
Start), and after Cancel the page is usable again and the next job runs within a second, in the one worker
slot the first job held (a real guessing-game solve of N = 2,828, "about 2 hours", cancelled)."""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.browser


def _until(predicate, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_start_first_then_cancel_frees_the_page_and_the_slot_within_a_second(page, server, monkeypatch, tmp_path):
    from parlour.web import guess
    from parlour.web.jobs import jobs

    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    monkeypatch.setattr(guess, "cache", guess.strategy_cache())
    monkeypatch.setattr(jobs, "workers", 1)  # one slot: the next job runs only once Cancel has freed it
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(server + "/guess/")
    page.fill("#n", "2828")
    page.press("#n", "Enter")
    page.wait_for_selector("#trees .job-start")
    assert "about 2 hours" in page.text_content("#trees .placeholder")
    time.sleep(0.3)
    assert jobs.get("guess-2828-0") is None  # nothing runs before Start
    assert not page.evaluate("document.body.classList.contains('busy')")  # the page is usable meanwhile
    page.click("#trees .job-start")
    page.wait_for_selector("#trees .job-cancel")
    first = jobs.get("guess-2828-0")
    assert first is not None
    _until(lambda: first.process is not None and "N = 2828" in first.message)
    pid = first.process.pid
    time.sleep(1.0)  # deep in the solve

    began = time.monotonic()
    page.click("#trees .job-cancel")
    page.wait_for_selector("#error:not([hidden])")
    page.wait_for_function("!document.body.classList.contains('busy') && !document.getElementById('n').disabled")
    usable = time.monotonic() - began
    assert "cancelled" in page.text_content("#error") and first.to_json()["error"] == "cancelled"
    page.fill("#n", "2000")  # the next long job: asked, started
    page.press("#n", "Enter")
    page.wait_for_selector("#trees .job-start")
    page.click("#trees .job-start")
    _until(lambda: (nxt := jobs.get("guess-2000-0")) is not None and "N = 2000" in nxt.message, 5.0)
    running = time.monotonic() - began
    try:
        assert usable <= 1.0 and running <= 1.0, (usable, running)
        _until(lambda: not _alive(pid), 0.1)
    finally:
        jobs.cancel("guess-2000-0")
    page.wait_for_selector("#error:not([hidden])")


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().split(") ")[-1][0] != "Z"
    except OSError:
        return False
