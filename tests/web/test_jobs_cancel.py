"""Page jobs run in worker processes: Cancel ends one at once (also one that never reports progress) and
frees its slot for the next job; jobs of different pages run side by side; a job estimated beyond a minute
starts only when asked to (the Start button).

The works are module-level functions of `jobworks` (a job's process receives its work pickled, and imports
that small module, as it finds the pages' works in the modules the forkserver preloaded)."""

from __future__ import annotations

import functools
import os
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from jobworks import STAND_IN_STORE, first_words, grow, refuse, silent, stand_in, steps

from parlour.infra.cache import PageCache
from parlour.infra.jobs import Jobs
from parlour.web.app import create_app
from parlour.web.jobs import Job, jobs

pytestmark = pytest.mark.timing  # wall-clock bounds: run alone after the parallel pass (Makefile)


def _until(predicate, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    status = Path(f"/proc/{pid}/stat")
    return status.exists() and status.read_text().split(") ")[-1].startswith("Z")  # a zombie: ended


def test_cancel_stops_a_running_job_and_says_so(tmp_path):
    log = tmp_path / "steps.log"
    key = f"test-cancel-{time.monotonic_ns()}"
    job = jobs.submit(key, functools.partial(steps, str(log), 100_000))
    _until(lambda: log.exists() and len(log.read_text().split()) > 3)
    client = TestClient(create_app())
    answer = client.post(f"/jobs/{key}/cancel")
    assert answer.status_code == 200 and answer.json()["state"] == "failed"
    status = client.get(f"/jobs/{key}").json()
    assert status["state"] == "failed" and status["error"] == "cancelled"
    _until(lambda: job.process is None, 1.0)
    stopped_at = len(log.read_text().split())
    time.sleep(0.1)
    assert len(log.read_text().split()) == stopped_at < 100_000  # the work really stopped


def test_cancel_of_a_job_that_never_reports_ends_it_within_a_second_and_frees_its_slot():
    pool = Jobs(workers=1)
    first = pool.submit("silent", functools.partial(silent, 600.0))
    _until(lambda: first.process is not None)
    pid = first.process.pid
    time.sleep(0.5)  # deep in its work, which never reports
    nxt = pool.submit("next", first_words)
    time.sleep(0.3)
    assert nxt.to_json()["message"].startswith("waiting for a free worker")  # one slot, taken
    began = time.monotonic()
    pool.cancel("silent")
    assert first.to_json()["error"] == "cancelled"
    _until(lambda: nxt.message == "running", 1.0)  # the next job's process started and spoke
    took = time.monotonic() - began
    assert took <= 1.0 and gone(pid), took
    _until(lambda: nxt.state == "done")
    assert nxt.result != pid
    assert pool.submit("silent", functools.partial(silent, 0.01)) is not first  # cancelled: asked again, anew


def test_a_job_runs_once_per_key_reports_its_outcome_and_its_failure():
    from parlour.errors import InvalidInput

    pool = Jobs(workers=1, kept=2)
    first = pool.submit("a", first_words)
    assert pool.submit("a", first_words) is first  # identical requests share one job
    _until(lambda: first.state != "running")
    assert first.state == "done" and first.result != os.getpid()  # ran in a process of its own
    failed = pool.submit("b", functools.partial(refuse, "no such board"))
    _until(lambda: failed.state != "running")
    assert failed.to_json()["error"] == "no such board" and isinstance(InvalidInput("x"), Exception)
    broken = pool.submit("c", functools.partial(refuse, None))
    _until(lambda: broken.state != "running")
    assert broken.error == "internal error (ZeroDivisionError)"
    assert pool.get("a") is None  # finished jobs beyond `kept` are forgotten


def test_a_job_larger_than_the_jobs_memory_is_refused_with_a_sentence_and_one_that_grows_is_stopped():
    pool = Jobs(workers=2, memory=600 * 2**20)
    job = pool.submit("big", first_words, memory=2**30)
    assert job.state == "failed" and "1.0 GiB" in job.error and "0.6 GiB" in job.error
    grows = pool.submit("grows", functools.partial(grow, 2**30), memory=200 * 2**20)
    _until(lambda: grows.state != "running", 30.0)
    assert grows.state == "failed" and "needed more than" in grows.error, grows.to_json()


def test_an_unknown_job_is_a_404_sentence():
    answer = TestClient(create_app()).post("/jobs/no-such-job/cancel")
    assert answer.status_code == 404 and "no job" in answer.json()["error"]


def test_a_job_starts_by_saying_what_it_does_not_that_it_reads_a_cache():
    assert "cache" not in Job("k").message


# ---- two pages, side by side ----------------------------------------------------------------------------


@pytest.fixture
def stand_in_pages(monkeypatch):
    """The guessing game's and the Goose's caches, computing with the stand-in (in worker processes)."""
    from parlour.web import goose, guess

    def cache(name: str) -> PageCache:
        return PageCache(STAND_IN_STORE, stand_in, job_name=lambda k: f"{name}-{hash(k) & 0xFFFF}",
                         busy=lambda keys: "busy", budget=4, pool=jobs)

    monkeypatch.setattr(guess, "cache", cache("stand-in-guess"))
    monkeypatch.setattr(goose, "chains", cache("stand-in-goose"))


def test_jobs_of_two_pages_run_side_by_side(stand_in_pages):
    client = TestClient(create_app())
    a = client.post("/guess/api/strategy", json={"n": 700, "start": True}).json()
    b = client.post("/goose/api/chances", json={"players": 4, "squares": [0, 0, 0, 0], "start": True}).json()
    assert a["ready"] is False and b["ready"] is False
    try:
        def steps_of(key: str) -> int:
            message = client.get(f"/jobs/{key}").json()["message"]
            return int(message.split()[-1]) if message.startswith("stand-in step") else -1

        _until(lambda: steps_of(a["job"]) > 0 and steps_of(b["job"]) > 0)
        first = steps_of(a["job"]), steps_of(b["job"])
        time.sleep(0.5)
        second = steps_of(a["job"]), steps_of(b["job"])
        assert second[0] > first[0] and second[1] > first[1]  # both progress at the same time
    finally:
        for key in (a["job"], b["job"]):
            assert client.post(f"/jobs/{key}/cancel").json()["error"] == "cancelled"
    _until(lambda: jobs.busy() == 0, 1.0)


# ---- ask before long work -------------------------------------------------------------------------------


def test_a_guess_solve_beyond_a_minute_shows_its_estimate_and_starts_only_on_start(monkeypatch, tmp_path):
    from parlour.web import guess
    from parlour.web import jobs as web_jobs

    monkeypatch.setenv("PARLOUR_CACHE", str(tmp_path))
    monkeypatch.setattr(guess, "cache", guess.strategy_cache())
    monkeypatch.setattr(web_jobs, "load_now", lambda: (5.0, 2))  # one load for the page and the words below
    client = TestClient(create_app())
    n = 2828  # the page's largest N: minutes at least
    assert guess.estimate_seconds(n) > 60
    for _ in range(2):
        asked = client.post("/guess/api/strategy", json={"n": n}).json()
        assert asked["ready"] is False and asked["ask"] is True
        assert asked["expect"].startswith(guess.estimate_words(n))
        assert "job" not in asked and not guess.cache.job_running(n) and not jobs.running(f"guess-{n}-0")
    started = client.post("/guess/api/strategy", json={"n": n, "start": True}).json()
    assert started["job"] == f"guess-{n}-0" and guess.cache.job_running(n)
    joined = client.post("/guess/api/strategy", json={"n": n}).json()  # another tab: joins, asks nothing
    assert joined.get("job") == started["job"]
    assert client.post(f"/jobs/{started['job']}/cancel").json()["error"] == "cancelled"
    _until(lambda: jobs.busy() == 0, 1.0)
    quick = client.post("/guess/api/strategy", json={"n": 110}).json()  # estimated in seconds: no question
    assert quick.get("ask") is None and "job" in quick
    _until(lambda: not guess.cache.job_running(110), 120.0)
    assert jobs.get(quick["job"]).state == "done"  # solved in a worker process, saved, read back here
    solved = client.post("/guess/api/strategy", json={"n": 110}).json()
    assert solved["ready"] is True and guess.store.path(110).is_file()


def test_a_goose_solve_beyond_a_minute_asks_first(monkeypatch, stand_in_pages):
    from parlour.web import goose
    from parlour.web import jobs as web_jobs

    monkeypatch.setattr(goose, "estimate", lambda key: (2**30, 200.0 if key[1] == 4 else 1.0))
    for module in (goose, web_jobs):  # an idle machine of 2 cores: 4 players' sweeps take both
        monkeypatch.setattr(module, "load_now", lambda: (0.0, 2))
    client = TestClient(create_app())
    position = {"players": 4, "squares": [0, 0, 0, 0]}
    asked = client.post("/goose/api/chances", json=position).json()
    assert asked["ask"] is True and asked["expect"].startswith("about 2 minutes") and "job" not in asked
    assert not goose.chains.job_running((goose.STUDY, 4))
    started = client.post("/goose/api/chances", json={**position, "start": True}).json()
    assert "job" in started and goose.chains.job_running((goose.STUDY, 4))
    assert client.post(f"/jobs/{started['job']}/cancel").json()["error"] == "cancelled"
    three = client.post("/goose/api/chances", json={"players": 3, "squares": [0, 0, 0]}).json()
    assert "ask" not in three and "job" in three  # a short solve starts at once
    client.post(f"/jobs/{three['job']}/cancel")
    _until(lambda: jobs.busy() == 0, 1.0)


SERVER = """
import functools, sys, time
from jobworks import silent
from parlour.infra.jobs import Jobs

pool = Jobs()
job = pool.submit("orphan", functools.partial(silent, 600.0))
while job.process is None:
    time.sleep(0.01)
print(job.process.pid, flush=True)
time.sleep(600)
"""


def test_a_job_does_not_outlive_a_killed_server():
    import signal
    import subprocess
    import sys

    here = str(Path(__file__).resolve().parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([here, *sys.path])}
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True, env=env)
    try:
        worker = int(server.stdout.readline())
        assert not gone(worker)
        server.send_signal(signal.SIGKILL)  # no atexit, no shutdown: only the pipe tells the worker
        server.wait()
        _until(lambda: gone(worker), 2.0)
    finally:
        server.kill()
