"""Long computations behind a page (a 4-player Goose chain, a guessing game of N = 1000): each runs once per
key in a worker process of its own, and the page polls `GET /jobs/{key}` (web/jobs.py) for its progress and
its outcome instead of holding a request open for minutes.

Why a process, not a thread: a thread can only be asked to stop, and a solve that spends minutes in one
numba kernel or HiGHS call never hears the question. A process is terminated (SIGTERM, then SIGKILL after
KILL_AFTER_S): Cancel ends the work at once, and its worker slot is free for the next job.

Why the forkserver start method, not fork: the server that submits jobs is multi-threaded (uvicorn's event
loop, its request threads, numba's thread pool once a kernel ran in parallel), and a forked child keeps
every lock those threads held at that instant (numba's compiler lock, a module lock of a lazy import, a
page's own locks) with nobody left to release it: the child can hang for ever. The forkserver is a fresh,
single-threaded interpreter started once, which imports the modules its callers named (`preload`: the web
app names its pages') and then forks one child per job: a child starts in milliseconds with them imported, and
nothing of the server's threads. The price is that the
work must be picklable (a module-level function, or `functools.partial` of one with picklable arguments)
and is sent with the environment and `sys.path` of the moment it was submitted (the forkserver's own
environment is that of its start).

Progress comes back over a pipe (throttled to REPORT_EVERY_S); the result comes back pickled over the
same pipe (a page's cache sends nothing and saves its value on disk instead, which the server then loads:
`infra.cache`). Jobs run side by side up to the cores this process may use (`os.sched_getaffinity`); more
wait in line, oldest first. The memory guard is per job: a job names the bytes it expects to need; it starts
only when those fit beside the running jobs' in MEMORY_SHARE of the machine (`resources.require` refuses
one that could never fit), and a job whose process grows beyond its share is stopped with a sentence.

Memory is bounded: at most MAX_KEPT finished jobs are remembered (oldest forgotten first); a result worth
keeping longer belongs on disk under the cache root (`infra.cache.PageCache` keeps it there).
"""

from __future__ import annotations

import atexit
import functools
import logging
import os
import pickle
import signal
import sys
import threading
import time
import traceback
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from parlour.errors import InvalidInput, ParlourError
from parlour.infra import resources

log = logging.getLogger("parlour.infra.jobs")


class Cancelled(ParlourError):
    """What a cancelled job's error says (its process was terminated)."""


Report = Callable[[float, str], None]  # (share done 0..1, what is being done)
Work = Callable[[Report], Any]  # runs in the worker process: must be picklable
Then = Callable[[Any], Any]  # runs in the server on the work's result; its value is the job's result

MAX_KEPT = 64
MEMORY_SHARE = 0.8  # of physical memory, for all running jobs together (the server and the system need the rest)
DEFAULT_MEMORY = 512 * 2**20  # a job that names no need: a Python process with numpy and numba loaded
KILL_AFTER_S = 0.3  # SIGTERM, then SIGKILL: a process in a C routine that ignores SIGTERM still ends at once
POLL_S = 0.2  # how often a running job's supervisor looks at its process's memory
REPORT_EVERY_S = 0.05  # progress reports sent at most this often (a solver may report thousands a second)
START_METHOD = "forkserver"
# imported once by the forkserver, so that a job's process starts with them: this module, then the modules the
# callers name with `preload` (where their works live). The pool names no caller itself: it sits below them.
_PRELOAD: list[str] = [__name__]


def cores() -> int:
    """The cores this process may run on (a container or taskset may allow fewer than the machine has)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def resident_bytes(pid: int) -> int:
    """The resident memory of process `pid` (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def preload(*modules: str) -> None:
    """Name modules for the forkserver to import once, before it forks a job's process (those that hold a
    caller's works, and what they import). Takes effect when the forkserver starts (`warm`, or the first job):
    call it before. A forkserver already running keeps what it imported, and a job's process imports the rest
    itself, as it unpickles its work."""
    _PRELOAD.extend(name for name in dict.fromkeys(modules) if name not in _PRELOAD)
    if _context.cache_info().currsize and START_METHOD == "forkserver":
        _context().set_forkserver_preload(list(_PRELOAD))


def preloaded() -> tuple[str, ...]:
    """The modules the forkserver imports when it starts, in order."""
    return tuple(_PRELOAD)


@functools.cache
def _context() -> Any:
    import multiprocessing

    ctx = multiprocessing.get_context(START_METHOD)
    if START_METHOD == "forkserver":
        ctx.set_forkserver_preload(list(_PRELOAD))
    return ctx


def warm() -> None:
    """Start the forkserver (and its imports) now, so that the first job need not wait for it."""
    if START_METHOD == "forkserver":
        from multiprocessing import forkserver

        _context()
        forkserver.ensure_running()


# ---- the worker process -------------------------------------------------------------------------------


def _die_with_parent() -> None:
    """Linux: the kernel kills this process when its parent (the forkserver) dies."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _watch_server(fd: int) -> None:
    """End this process when the server has gone (its end of the pipe closed: killed, or crashed). The
    forkserver outlives the server while any of its children runs (each holds its lifeline), so a job cannot
    count on its parent's death; the pipe tells."""
    import select

    watch = select.poll()
    watch.register(fd, 0)  # no events asked for: an error or a hang-up is always reported
    while True:
        for _, event in watch.poll():
            if event & (select.POLLERR | select.POLLHUP | select.POLLNVAL):
                os.kill(os.getpid(), signal.SIGKILL)


def _child(conn: Any, payload: bytes) -> None:
    """A job's process: set the submitter's environment and path, run the work, send what came of it."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # Cancel: end now, whatever runs
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C on the server's terminal: the server ends its jobs
    _die_with_parent()
    threading.Thread(target=_watch_server, args=(conn.fileno(),), daemon=True, name="parlour-job-watch").start()
    env, path, work_bytes = pickle.loads(payload)
    os.environ.clear()
    os.environ.update(env)
    sys.path[:] = path
    last = [0.0]

    def report(done: float, message: str) -> None:
        now = time.monotonic()
        if now - last[0] >= REPORT_EVERY_S:
            last[0] = now
            conn.send(("progress", float(done), str(message)))

    try:
        work = pickle.loads(work_bytes)
        result = work(report)
        outcome: tuple[Any, ...] = ("done", result)
    except ParlourError as exc:
        outcome = ("failed", str(exc))
    except Exception as exc:  # a bug: the page must hear of it; the server's log gets the traceback
        traceback.print_exc()
        outcome = ("failed", f"internal error ({type(exc).__name__})")
    try:
        conn.send(outcome)
    except Exception as exc:  # a result that does not pickle is a bug of the work
        traceback.print_exc()
        conn.send(("failed", f"internal error ({type(exc).__name__})"))
    conn.close()


# ---- the server's side --------------------------------------------------------------------------------


@dataclass
class Job:
    key: str
    state: str = "running"  # running | done | failed ("running" includes waiting for a worker)
    done: float = 0.0
    message: str = "waiting for a free worker"
    result: Any = None
    error: str = ""
    cancelled: bool = False
    memory: int = DEFAULT_MEMORY
    process: Any = field(default=None, repr=False)  # the worker process while it runs
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def report(self, done: float, message: str) -> None:
        with self.lock:
            if self.state == "running" and not self.cancelled:
                self.done, self.message = max(0.0, min(1.0, done)), message

    def finish(self, state: str, result: Any = None, error: str = "") -> None:
        with self.lock:
            if self.state != "running":
                return  # cancelled meanwhile: that word stands
            self.state, self.result, self.error = state, result, error
            self.done = 1.0 if state == "done" else self.done
            self.message = "done" if state == "done" else "failed"

    def to_json(self) -> dict[str, Any]:
        with self.lock:
            out: dict[str, Any] = {"key": self.key, "state": self.state, "done": round(self.done, 4),
                                   "message": self.message}
            if self.error:
                out["error"] = self.error
            return out


@dataclass(frozen=True)
class _Pending:
    job: Job
    then: Then | None
    payload: bytes  # the work, with the environment and path it was submitted with


class Jobs:
    """Jobs by key, each in a worker process; at most `workers` at once (default: the cores)."""

    def __init__(self, workers: int | None = None, kept: int = MAX_KEPT, memory: int | None = None) -> None:
        self.workers = workers or cores()
        self.memory = int(MEMORY_SHARE * resources.physical_memory()) if memory is None else memory
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._queue: deque[_Pending] = deque()
        self._running: dict[str, Job] = {}  # jobs holding a worker slot
        self._kept = kept
        self._lock = threading.Lock()
        _pools.add(self)

    # ---- asking ----

    def submit(self, key: str, work: Work, *, then: Then | None = None, memory: int = DEFAULT_MEMORY) -> Job:
        """The job for `key`: the running or finished one if there is one, else `work` started anew (a
        failed job is retried). `work` runs in a worker process and needs about `memory` bytes there;
        `then`, if given, runs here on its result (a read-back: the slot is free by then), and its value
        is the job's result."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.state != "failed":
                self._jobs.move_to_end(key)
                return job
            # pickled now, with the environment and path of now: a job sees the world it was asked in
            payload = pickle.dumps((dict(os.environ), list(sys.path), pickle.dumps(work)))
            if memory > self.memory:
                # can never fit: said at once, in the words of every other memory refusal
                job = Job(key, memory=memory)
                try:
                    resources.require("this computation", memory, self.memory, "memory for the pages' jobs")
                except InvalidInput as exc:
                    job.finish("failed", error=str(exc))
                self._remember(job)
                return job
            job = Job(key, memory=memory)
            self._remember(job)
            self._queue.append(_Pending(job, then, payload))
            self._start_waiting()
        return job

    def get(self, key: str) -> Job | None:
        with self._lock:
            return self._jobs.get(key)

    def running(self, key: str) -> bool:
        """Whether the job of `key` is running or waiting for a worker."""
        job = self.get(key)
        return job is not None and job.state == "running"

    def forget(self, key: str) -> None:
        """Drop a finished job, so that the next submit of its key starts it anew (its value has gone)."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.state != "running":
                del self._jobs[key]

    def busy(self) -> int:
        """Worker processes running now."""
        with self._lock:
            return len(self._running)

    def cancel(self, key: str) -> Job | None:
        """Stop a job now: a waiting one never starts, a running one's process is terminated (then killed),
        and its slot goes to the next job; the job ends failed with the error "cancelled", and the next
        submit starts it anew."""
        job = self.get(key)
        if job is None:
            return None
        with job.lock:
            if job.state != "running":
                return job
            job.cancelled = True
            job.state, job.error, job.message = "failed", "cancelled", "cancelled"
            process = job.process
        with self._lock:
            self._queue = deque(p for p in self._queue if p.job is not job)
        if process is not None:
            _stop(process)
        # The slot is free now: the process has ended, or is still being forked (the forkserver starting up),
        # and its supervisor stops it the moment it exists.
        self._release(job)
        return job

    def shutdown(self) -> None:
        """Stop every job (the server is ending)."""
        with self._lock:
            self._queue.clear()
            running = list(self._running.values())
        for job in running:
            self.cancel(job.key)

    # ---- running ----

    def _remember(self, job: Job) -> None:
        self._jobs[job.key] = job
        self._jobs.move_to_end(job.key)
        while len(self._jobs) > self._kept:
            oldest = next(iter(self._jobs))
            if self._jobs[oldest].state == "running":
                break
            del self._jobs[oldest]

    def _start_waiting(self) -> None:
        """Start the oldest waiting jobs while a slot and their memory are free (called under self._lock)."""
        while self._queue and len(self._running) < self.workers:
            head = self._queue[0]
            in_use = sum(j.memory for j in self._running.values())
            if self._running and in_use + head.job.memory > self.memory:
                break  # waits for memory: the oldest first, so that a large job is not passed for ever
            self._queue.popleft()
            self._running[head.job.key] = head.job
            threading.Thread(target=self._supervise, args=(head,), daemon=True,
                             name=f"parlour-job {head.job.key}").start()
        for i, p in enumerate(self._queue):
            with p.job.lock:
                p.job.message = f"waiting for a free worker ({i + len(self._running)} jobs before it)"

    def _release(self, job: Job) -> None:
        with self._lock:
            if self._running.get(job.key) is job:
                del self._running[job.key]
            self._start_waiting()

    def _limit(self, job: Job) -> int:
        """The most memory the job's process may hold: the jobs' share of memory less what the others named."""
        with self._lock:
            others = sum(j.memory for j in self._running.values() if j is not job)
        return max(job.memory, self.memory - others)

    def _supervise(self, pending: _Pending) -> None:
        """The job's process from start to end, on a thread of its own: progress in, memory watched, the
        outcome recorded, the slot freed."""
        job = pending.job
        outcome: tuple[Any, ...] | None = None
        try:
            outcome = self._run_process(pending)
        except Exception as exc:  # could not start a process (no memory, no fork server): the page hears it
            log.exception("job %s could not run", job.key)
            outcome = ("failed", f"internal error ({type(exc).__name__})")
        finally:
            self._release(job)
        if outcome[0] == "done" and pending.then is not None and not job.cancelled:
            outcome = _then(pending.then, outcome[1], job)
        if outcome[0] == "done":
            job.finish("done", result=outcome[1])
        else:
            job.finish("failed", error=outcome[1])

    def _run_process(self, pending: _Pending) -> tuple[Any, ...]:
        from multiprocessing.connection import wait

        job, ctx = pending.job, _context()
        receive, send = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_child, args=(send, pending.payload), name=f"parlour-job {job.key}", daemon=True)
        with job.lock:
            if job.cancelled:
                return ("failed", "cancelled")
            job.message = "starting"
        process.start()
        send.close()
        with job.lock:
            job.process = process
            cancelled = job.cancelled
        if cancelled:  # cancelled while it started
            _stop(process)
        outcome: tuple[Any, ...] | None = None
        looked = time.monotonic()
        try:
            while outcome is None:
                ready = wait([receive, process.sentinel], timeout=POLL_S)
                if time.monotonic() - looked >= POLL_S:  # also while reports stream in
                    looked = time.monotonic()
                    limit = self._limit(job)
                    if resident_bytes(process.pid) > limit:
                        _stop(process)
                        return ("failed", f"the computation needed more than {limit / resources.GIB:.1f} GiB of "
                                          "memory (what the pages' jobs may use beside the others) and was stopped")
                if receive in ready:
                    try:
                        message = receive.recv()
                    except (EOFError, OSError):  # the process ended without a word: see below
                        break
                    if message[0] == "progress":
                        job.report(message[1], message[2])
                    else:
                        outcome = tuple(message)
                    continue
                if process.sentinel in ready and not receive.poll():
                    break
        finally:
            receive.close()
            if outcome is None or process.is_alive():
                process.join(KILL_AFTER_S)
                _stop(process)
            with job.lock:
                job.process = None
        if outcome is not None:
            return outcome
        if job.cancelled:
            return ("failed", "cancelled")
        return ("failed", f"internal error (the worker process ended with exit code {process.exitcode})")


def _then(then: Then, result: Any, job: Job) -> tuple[str, Any]:
    try:
        return ("done", then(result))
    except ParlourError as exc:
        return ("failed", str(exc))
    except Exception as exc:
        log.exception("job %s failed after its work", job.key)
        return ("failed", f"internal error ({type(exc).__name__})")


def _stop(process: Any) -> None:
    """Terminate a worker process; kill it if it has not ended KILL_AFTER_S later."""
    if process.exitcode is not None:
        return
    try:
        process.terminate()
        process.join(KILL_AFTER_S)
        if process.exitcode is None:
            process.kill()
            process.join(KILL_AFTER_S)
    except (OSError, ValueError, AssertionError):  # already reaped, or closed
        pass


_pools: weakref.WeakSet[Jobs] = weakref.WeakSet()


@atexit.register
def _end_all() -> None:  # registered after multiprocessing's own exit handler, so it runs before it
    for pool in list(_pools):
        pool.shutdown()


jobs = Jobs()  # the process's one pool: every page's jobs share its slots


__all__ = [
    "DEFAULT_MEMORY", "KILL_AFTER_S", "MAX_KEPT", "MEMORY_SHARE", "POLL_S", "REPORT_EVERY_S", "START_METHOD",
    "Cancelled", "Job", "Jobs", "Report", "Then", "Work", "cores", "jobs", "preload", "preloaded", "resident_bytes",
    "warm",
]
