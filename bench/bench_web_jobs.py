"""The pages' worker processes (`parlour.infra.jobs`): how soon a job runs, how soon Cancel frees its slot,
and why the forkserver rather than fork.

- start: seconds from submit to the job's first progress report, for the forkserver (the first job, which
  waits for the forkserver to start and import the pages' modules, then the median of the next ones), fork
  and spawn (a trivial work here: a page's work would also import its modules, numba's among them, in
  every spawned child, where the forkserver's children have them already);
- cancel: seconds from Cancel of a job that never reports (a pure-Python loop, as a solve deep in one
  kernel) until the next job, waiting for the one slot, has reported;
- fork hazard: a job that compiles a numba function while a thread of the server holds numba's compiler
  lock (as a request thread does while it compiles): with fork the child inherits the held lock and never
  finishes; with the forkserver it does.

Run: python bench/bench_web_jobs.py [--repeat 10]
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # `python bench/...` from the root

from bench.common import write

HAZARD_WAIT_S = 10.0


def first_report(report: Any) -> None:
    report(0.5, "running")


def silent(seconds: float, report: Any) -> int:
    end, x = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        x += 1
    return x


def compiles(report: Any) -> int:
    import numba

    report(0.1, "compiling")
    return int(numba.njit(lambda x: x + 1)(41))


def _spoke(job: Any, seconds: float = 60.0) -> float:
    began = time.perf_counter()
    while job.message not in ("running", "done") and job.state == "running":
        if time.perf_counter() - began > seconds:
            raise TimeoutError(job.to_json())
        time.sleep(0.001)
    return time.perf_counter() - began


def start_latency(method: str, repeat: int) -> dict[str, Any]:
    import parlour.web.jobs  # noqa: F401  (names the pages' modules for the forkserver to import, as the server's does)
    from bench import bench_web_jobs as me
    from parlour.infra import jobs as J

    J.START_METHOD = method
    J._context.cache_clear()
    pool = J.Jobs()
    times = []
    for k in range(repeat + 1):
        job = pool.submit(f"{method}-{k}", me.first_report)
        times.append(_spoke(job))
    return {"first_s": round(times[0], 4), "median_s": round(statistics.median(times[1:]), 4),
            "max_s": round(max(times[1:]), 4)}


def cancel_latency(repeat: int) -> dict[str, Any]:
    from bench import bench_web_jobs as me
    from parlour.infra import jobs as J

    J.START_METHOD = "forkserver"
    pool = J.Jobs(workers=1)
    times = []
    for k in range(repeat):
        pool.submit(f"silent-{k}", functools.partial(me.silent, 600.0))
        time.sleep(0.5)  # deep in its work
        nxt = pool.submit(f"next-{k}", me.first_report)
        began = time.perf_counter()
        pool.cancel(f"silent-{k}")
        _spoke(nxt)
        times.append(time.perf_counter() - began)
    return {"cancel_to_next_job_running_s": {"median": round(statistics.median(times), 4),
                                             "max": round(max(times), 4)}, "repeat": repeat}


def fork_hazard(method: str) -> dict[str, Any]:
    from numba.core.compiler_lock import global_compiler_lock

    from bench import bench_web_jobs as me
    from parlour.infra import jobs as J

    J.START_METHOD = method
    J._context.cache_clear()
    pool = J.Jobs()
    _spoke(pool.submit(f"warm-{method}", me.first_report))  # the forkserver started before the test
    held, release = threading.Event(), threading.Event()

    def compiling_request() -> None:
        with global_compiler_lock:
            held.set()
            release.wait(2.0)

    threading.Thread(target=compiling_request, daemon=True).start()
    held.wait()
    job = pool.submit(f"hazard-{method}", me.compiles)
    time.sleep(0.3)
    release.set()
    began = time.perf_counter()
    while job.state == "running" and time.perf_counter() - began < HAZARD_WAIT_S:
        time.sleep(0.01)
    finished = job.state == "done"
    if not finished:
        pool.cancel(job.key)
    return {"finished": finished, "state": job.state if finished else f"still running after {HAZARD_WAIT_S:.0f} s "
            "(cancelled)", "result": job.result}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    load = os.getloadavg()
    figures: dict[str, Any] = {"start": {m: start_latency(m, args.repeat) for m in ("forkserver", "fork", "spawn")}}
    figures.update(cancel_latency(args.repeat))
    figures["fork_hazard"] = {m: fork_hazard(m) for m in ("forkserver", "fork")}
    figures["load_average_before"] = [round(x, 2) for x in load]
    figures["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    write("web_jobs", figures)


if __name__ == "__main__":
    main()
