"""`GET /jobs/{key}` and `POST /jobs/{key}/cancel`: how a page follows (or stops) a long computation it
asked for. The pool that runs them is `infra.jobs` (shared with the pages' caches, `infra.cache`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from parlour.errors import InvalidInput, shown
from parlour.infra.jobs import Cancelled, Job, Jobs, Report, jobs, preload

__all__ = ["Cancelled", "Job", "Jobs", "Report", "jobs", "router"]

# What the jobs' forkserver imports once (before the app starts it, `app._lifespan`), so that a page's job starts
# with its works loaded: the pages that run jobs (the cow trade's imports its end game's and two quartets'), and
# the command line, which multiprocessing runs again as a job's __main__ when the server is the `parlour` script.
preload("parlour.cli", "parlour.web.guess", "parlour.web.goose", "parlour.web.cowtrade")

router = APIRouter()


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
