"""The job runner names no caller: the web app tells it which modules its forkserver imports once (`jobs.preload`,
called by `web/jobs.py`), and a page's job starts with them already imported."""

from __future__ import annotations

import functools
import time

from jobworks import loaded

import parlour.web.jobs  # noqa: F401  (the pages' preloads are named when the web's job module is imported)
from parlour.infra import jobs
from parlour.infra.jobs import Jobs

PAGES = ("parlour.cli", "parlour.web.guess", "parlour.web.goose", "parlour.web.cowtrade")


def test_the_web_names_its_pages_for_the_forkserver_in_order() -> None:
    assert jobs.preloaded()[:5] == ("parlour.infra.jobs", *PAGES)


def test_preload_names_each_module_once() -> None:
    before = jobs.preloaded()
    jobs.preload(*PAGES, PAGES[0])
    assert jobs.preloaded() == before


def test_a_job_starts_with_the_preloaded_modules_imported() -> None:
    pool = Jobs(workers=1)
    try:
        job = pool.submit("preloaded", functools.partial(loaded, (*PAGES, "parlour.web.memory")))
        deadline = time.monotonic() + 120
        while job.state == "running":
            assert time.monotonic() < deadline, "timed out"
            time.sleep(0.05)
        assert job.state == "done", job.error
        # the forkserver imported the pages; the memory page, which no caller named, is not there
        assert job.result == {**dict.fromkeys(PAGES, True), "parlour.web.memory": False}
    finally:
        pool.shutdown()
