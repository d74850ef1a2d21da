"""`GET /jobs/{key}` and `POST /jobs/{key}/cancel`: how a page follows (or stops) a long computation it
asked for. The pool that runs them is `infra.jobs` (shared with the pages' caches, `infra.cache`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from parlour.errors import InvalidInput, shown
from parlour.infra.jobs import Cancelled, Job, Jobs, Report, jobs

__all__ = ["Cancelled", "Job", "Jobs", "Report", "jobs", "router"]

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
