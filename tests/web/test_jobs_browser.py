"""A long page job in Debian's chromium: its estimate and a Start button come first (nothing runs before
Start), and after Cancel the page is usable again and the next job runs within a second, in the one worker
slot the first job held (a real guessing-game solve of N = 2,828, minutes of work, cancelled)."""

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
    assert guess.estimate_words(2828) in page.text_content("#trees .placeholder")
    time.sleep(0.3)
    assert not jobs.running("guess-2828-0")  # nothing runs before Start
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


def test_a_quintet_is_solved_by_a_job_whose_progress_the_page_shows(page, server, monkeypatch):
    from parlour.web import cowtrade_endgame
    from parlour.web.jobs import jobs

    # solved by no earlier test of this process: a cache of its own
    monkeypatch.setattr(cowtrade_endgame, "cache", cowtrade_endgame.solution_cache())

    page.set_viewport_size({"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/cowtrade/endgame")
    page.wait_for_selector("#eg-board:not([hidden])")  # the page begins with the standard quartet
    page.select_option("#eg-size", "5")
    page.select_option("#eg-animals", "2")
    page.select_option("#eg-challenger", "1")  # the page's own start has the computer challenge
    page.fill("#eg-cards1", "10,50")
    page.fill("#eg-cards2", "10")
    page.click("#eg-start")
    page.wait_for_selector("#eg-status .job-cancel")  # a job, with its progress and Cancel
    assert "solving the quintet" in page.text_content("#eg-status")
    page.wait_for_function("document.querySelectorAll('#eg-hand1 .eg-card').length === 2", timeout=60_000)
    odds = page.text_content("#eg-start-odds")
    assert "44 states" in odds and "expected trades ∞" in odds  # it can go round for ever: no number to show
    assert not page.locator("#eg-status .job-cancel").count() and jobs.busy() == 0 and not errors


def test_four_goose_players_beyond_a_minute_ask_first_and_cancel_leaves_the_game(page, server, monkeypatch):
    from parlour.web import goose
    from parlour.web.jobs import jobs

    monkeypatch.setattr(goose, "estimate", lambda key: (2**28, 240.0 if key[1] == 4 else 1.0))
    name = f"goose-{goose.positions.rules_key(goose.STUDY)}-4p-0"
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(server + "/goose/")
    page.wait_for_selector("#chances td.pwin")  # 2 players' chances first
    page.select_option("#players", "4")
    page.wait_for_selector("#chances-box .job-start")
    assert "about 4 minutes" in page.text_content("#chances-box")
    time.sleep(0.3)
    assert not jobs.running(name)  # asked, not started
    assert not page.is_disabled("#roll")  # the game goes on meanwhile
    page.click("#chances-box .job-start")
    page.wait_for_selector("#chances-box .job-cancel")
    _until(lambda: (job := jobs.get(name)) is not None and "4 players" in job.message)  # the real solve, begun
    page.click("#chances-box .job-cancel")
    page.wait_for_selector("#error:not([hidden])")
    assert "cancelled" in page.text_content("#error") and jobs.busy() == 0
    assert not page.is_disabled("#roll")
