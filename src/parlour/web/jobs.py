"""`GET /jobs/{key}` and `POST /jobs/{key}/cancel`: how a page follows (or stops) a long computation it
asked for. The pool that runs them is `infra.jobs` (shared with the pages' caches, `infra.cache`)."""

from __future__ import annotations

import os
from typing import Any

from fastapi import APIRouter, HTTPException

from parlour.analyses.estimates import contention
from parlour.errors import InvalidInput, shown
from parlour.infra.jobs import Cancelled, Job, Jobs, Report, cores, jobs, preload

__all__ = ["Cancelled", "Job", "Jobs", "Report", "at_current_load", "jobs", "load_now", "router"]

# What the jobs' forkserver imports once (before the app starts it, `app._lifespan`), so that a page's job starts
# with its works loaded: the pages that run jobs (the cow trade's imports its end game's and two quartets'), and
# the command line, which multiprocessing runs again as a job's __main__ when the server is the `parlour` script.
preload("parlour.cli", "parlour.web.guess", "parlour.web.goose", "parlour.web.cowtrade")

router = APIRouter()


def load_now() -> tuple[float, int]:
    """(the 1-minute load average, the cores this process may use): 0 load where the platform has none."""
    try:
        return os.getloadavg()[0], cores()
    except OSError:
        return 0.0, cores()


def at_current_load(seconds: float, threads: int = 1) -> float:
    """A page job's estimate on the idle machine (`seconds`, the game's model) stretched to the machine's load
    now, before the page decides whether to ask first and says how long. A job's process gets its share of the
    cores beside everything else that runs: with a load average L on C cores and T threads of its own, equal
    shares would make it (L + T) / C times slower, and `analyses.estimates.contention` takes the share the shared
    2-core machine measured for one-thread work (commands print the same). A job of several threads is stretched
    by the whole equal share: its threads meet after every pass, so it runs at the pace of its slowest thread,
    which waits for a core. Both are checked against page jobs run on the busy machine (web/goose.py).

    The load average lags by about a minute (a job just started is not in it yet): what the page shows is the
    estimate for a job started now beside what ran during the last minute."""
    load, cpus = load_now()
    if threads <= 1:
        return seconds * contention(load, cpus, 1)
    return seconds * max(1.0, (max(load, 0.0) + threads) / cpus)


@router.get("/jobs/{key}")
def job_status(key: str) -> dict[str, Any]:
    job = jobs.get(key)
    if job is None:
        raise InvalidInput(f"no job {shown(key)} (it finished long ago or never started)")
    return job.to_json()


@router.post("/jobs/{key}/cancel")
def job_cancel(key: str) -> dict[str, Any]:
    job = jobs.cancel(key)
    if job is None:
        raise HTTPException(404, f"no job {shown(key)} (it finished long ago or never started)")
    return job.to_json()
