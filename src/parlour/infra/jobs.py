"""Long computations behind a page (a 4-player Goose chain, a guessing game of N = 1000): each runs once per
key on a small pool of background threads, and the page polls `GET /jobs/{key}` (web/jobs.py) for its
progress and its outcome instead of holding a request open for minutes.

Memory is bounded: at most MAX_KEPT finished jobs are remembered (oldest forgotten first); a result worth
keeping longer belongs on disk under the cache root (`infra.cache.PageCache` keeps it there).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from parlour.errors import ParlourError


class Cancelled(ParlourError):
    """Raised inside a job's work by its progress report once someone has cancelled the job."""


Report = Callable[[float, str], None]  # (share done 0..1, what is being done)
Work = Callable[[Report], Any]

MAX_KEPT = 64
WORKERS = 1  # the machines this runs on may have 2 cores; the server must stay responsive


@dataclass
class Job:
    key: str
    state: str = "running"  # running | done | failed
    done: float = 0.0
    message: str = "waiting for the computation before it to finish"
    result: Any = None
    error: str = ""
    cancelled: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def report(self, done: float, message: str) -> None:
        """The work's progress; raises Cancelled once the job has been cancelled (the work stops there)."""
        with self.lock:
            if self.cancelled:
                raise Cancelled("cancelled")
            self.done, self.message = max(0.0, min(1.0, done)), message

    def to_json(self) -> dict[str, Any]:
        with self.lock:
            out: dict[str, Any] = {"key": self.key, "state": self.state, "done": round(self.done, 4),
                                   "message": self.message}
            if self.error:
                out["error"] = self.error
            return out


class Jobs:
    def __init__(self, workers: int = WORKERS, kept: int = MAX_KEPT) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="parlour-job")
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._kept = kept
        self._lock = threading.Lock()

    def submit(self, key: str, work: Work) -> Job:
        """The job for `key`: the running or finished one if there is one, else `work` started anew (a
        failed job is retried)."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.state != "failed":
                self._jobs.move_to_end(key)
                return job
            job = Job(key)
            self._jobs[key] = job
            while len(self._jobs) > self._kept:
                oldest = next(iter(self._jobs))
                if self._jobs[oldest].state == "running":
                    break
                del self._jobs[oldest]
        self._pool.submit(self._run, job, work)
        return job

    def get(self, key: str) -> Job | None:
        with self._lock:
            return self._jobs.get(key)

    def running(self, key: str) -> bool:
        """Whether the job of `key` is running or waiting for a worker."""
        job = self.get(key)
        return job is not None and job.state == "running"

    def cancel(self, key: str) -> Job | None:
        """Ask a running job to stop: its work stops at its next progress report (a queued one before it
        starts), and the job ends failed with the error "cancelled"; the next submit starts it anew."""
        job = self.get(key)
        if job is not None:
            with job.lock:
                if job.state == "running":
                    job.cancelled = True
                    job.message = "cancelling"
        return job

    @staticmethod
    def _run(job: Job, work: Work) -> None:
        try:
            job.report(0.0, "starting")
            result = work(job.report)
        except ParlourError as exc:
            outcome, value, error = "failed", None, str(exc)
        except Exception as exc:  # a bug: the page must hear of it rather than poll forever
            outcome, value, error = "failed", None, f"internal error ({type(exc).__name__})"
        else:
            outcome, value, error = "done", result, ""
        with job.lock:
            job.state, job.result, job.error = outcome, value, error
            job.done = 1.0 if outcome == "done" else job.done
            job.message = "done" if outcome == "done" else "failed"


jobs = Jobs()  # the process's one pool: every page's jobs share its worker
