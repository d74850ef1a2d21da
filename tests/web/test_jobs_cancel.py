"""Cancel stops a background job on the server: its work stops at its next progress report."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from parlour.web.app import create_app
from parlour.web.jobs import jobs


def _until(predicate, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_cancel_stops_a_running_job_and_says_so():
    reports: list[int] = []

    def work(report):
        for k in range(10_000):
            report(k / 10_000, f"step {k}")
            reports.append(k)
            time.sleep(0.005)
        return "finished"

    key = f"test-cancel-{time.monotonic_ns()}"
    jobs.submit(key, work)
    _until(lambda: len(reports) > 3)
    client = TestClient(create_app())
    answer = client.post(f"/jobs/{key}/cancel")
    assert answer.status_code == 200
    _until(lambda: client.get(f"/jobs/{key}").json()["state"] == "failed")
    status = client.get(f"/jobs/{key}").json()
    assert status["error"] == "cancelled"
    stopped_at = len(reports)
    time.sleep(0.1)
    assert len(reports) == stopped_at < 10_000  # the work really stopped


def test_cancelling_an_unknown_job_is_a_404_sentence():
    answer = TestClient(create_app()).post("/jobs/no-such-job/cancel")
    assert answer.status_code == 404 and "no job" in answer.json()["error"]


def test_a_job_starts_by_saying_what_it_does_not_that_it_reads_a_cache():
    from parlour.web.jobs import Job

    assert "cache" not in Job("k").message
