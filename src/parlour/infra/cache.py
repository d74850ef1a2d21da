"""The one cache behind the pages whose results take long to compute (the guessing game's certified
strategies, the Goose's solved chains): in memory, on disk under the cache root, or computed by a
background job, once per key.

`PageCache.ready` is what a request may do itself: a memory look-up, a read-back from disk (checked by the
store, so a damaged or foreign file is computed again), or a small computation, each only where the page's
policy says it fits in a request. Anything else is `start_job`, which the page polls at /jobs/{key}.

A job computes in a worker process (`infra.jobs`, which Cancel terminates): `produce` there reads the key's
file back if it checks, else computes the value and saves it (atomically); the server then loads the file
(`arrived`) and keeps the value in memory. The value travels by disk, not pickled through the pipe, because
it is saved anyway, and a 4-player Goose table loaded from disk is memory-mapped rather than copied; only
when the disk refuses the file does the value come back pickled. So `compute` and `store` must be picklable
(module-level functions and plain objects), and jobs of other keys run side by side in other processes.

`quick` guards the work done inside requests, so that a burst of small requests cannot take every core of a
2-core machine; a request that waits more than `quick_wait_s` for it hands its work to a job instead.
"""

from __future__ import annotations

import functools
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from parlour.errors import InvalidInput, ParlourError
from parlour.infra import storage
from parlour.infra.jobs import DEFAULT_MEMORY, Jobs, Report, jobs

log = logging.getLogger("parlour.infra.cache")

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
K_in = TypeVar("K_in", bound=Hashable, contravariant=True)

MAX_PENDING = 2  # jobs of other keys running or queued: more is refused (each can take minutes)
QUICK_WAIT_S = 1.0  # the longest a request waits for another request's inline work before using a job
MAX_ROUNDS = 64  # keys whose job counters are remembered; beyond, those of finished jobs are forgotten
# What a damaged, truncated or foreign file raises when read back and checked: it is then computed again.
DAMAGED = (OSError, ValueError, KeyError, TypeError, ZeroDivisionError, EOFError, ParlourError)


class Store(Protocol[K_in, V]):
    """Where a cache keeps its values on disk."""

    def exists(self, key: K_in) -> bool: ...

    def load(self, key: K_in) -> V | None:
        """The stored value if there is one and it checks; else None (it is computed again)."""
        ...

    def save(self, key: K_in, value: V) -> None:
        """Keep the value, atomically (a reader sees the old file or the whole new one)."""
        ...


@dataclass(frozen=True)
class FileStore(Generic[K, V]):
    """One file per key in a folder of the cache root, written atomically; `decode` reads it back and checks
    it (returns None or raises for a file that is not the value of that key)."""

    folder: str
    name: Callable[[K], str]
    encode: Callable[[V], bytes]
    decode: Callable[[K, bytes], V | None]

    def path(self, key: K) -> Path:
        # looked up on every use: the cache root follows $PARLOUR_CACHE as it is now
        return storage.cache_folder(self.folder) / self.name(key)

    def exists(self, key: K) -> bool:
        return self.path(key).is_file()

    def load(self, key: K) -> V | None:
        path = self.path(key)
        try:
            return self.decode(key, path.read_bytes())
        except FileNotFoundError:
            return None
        except DAMAGED as exc:
            log.warning("ignoring the cached file %s: %s", path, exc)
            return None

    def save(self, key: K, value: V) -> None:
        storage.atomic_write(self.path(key), self.encode(value))


class InMemory(Generic[K, V]):
    """The store of a page whose values are not worth a file (quick to compute again, and many): nothing is
    kept on disk, so a job's value comes back to the server through the pipe and lives in memory only."""

    def exists(self, key: K) -> bool:
        return False

    def load(self, key: K) -> V | None:
        return None

    def save(self, key: K, value: V) -> None:
        pass


def _one(_: object) -> int:
    return 1


def _always(_: object) -> bool:
    return True


def _never(_: object) -> bool:
    return False


def _default_need(_: object) -> int:
    return DEFAULT_MEMORY


def produce(compute: Callable[[K, Report | None], V], store: Store[K, V], key: K, announce: str,
            report: Report) -> V | None:
    """A job's work, in its worker process: nothing when the key's file is on disk and checks (the server
    reads it back), else the value computed and saved; the value itself only if it could not be saved (or
    the store keeps nothing on disk)."""
    if announce:
        report(0.01, announce)
    if store.exists(key) and store.load(key) is not None:
        return None
    value = compute(key, report)
    try:
        store.save(key, value)
    except OSError as exc:  # a full or read-only disk: the value travels through the pipe instead
        log.warning("could not cache %r: %s", key, exc)
        return value
    return None if store.exists(key) else value  # a store that keeps no file (`InMemory`): through the pipe


class PageCache(Generic[K, V]):
    """Values by key: in memory (least recently used dropped once their weights pass `budget`; the last one
    is always kept), in `store`, or made by `compute(key, report)` (report None inside a request).

    The page's policy: `load_inline(key)`, whether a request may read the key back from disk itself;
    `compute_inline(key)`, whether it may compute it itself (else a job does); `job_name(key)`, the prefix
    of its jobs' keys; `busy(keys)`, the sentence that refuses a job while others are pending; `announce(key,
    stored)`, the job's first progress message; `need(key)`, the bytes a job's process needs (the pool's
    memory guard)."""

    def __init__(self, store: Store[K, V], compute: Callable[[K, Report | None], V], *,
                 job_name: Callable[[K], str], busy: Callable[[Sequence[K]], str], budget: int,
                 weigh: Callable[[V], int] = _one, load_inline: Callable[[K], bool] = _always,
                 compute_inline: Callable[[K], bool] = _never,
                 announce: Callable[[K, bool], str] | None = None, pool: Jobs = jobs,
                 max_pending: int = MAX_PENDING, quick_wait_s: float = QUICK_WAIT_S,
                 need: Callable[[K], int] = _default_need) -> None:
        self.store, self._compute = store, compute
        self._job_name, self._busy, self._announce = job_name, busy, announce
        self._budget, self._weigh = budget, weigh
        self._load_inline, self._compute_inline, self._need = load_inline, compute_inline, need
        self.pool, self.max_pending, self.quick_wait_s = pool, max_pending, quick_wait_s
        self._memory: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self.quick = threading.Lock()  # work inside requests, apart from the jobs
        self._rounds: dict[K, int] = {}
        self._rounds_lock = threading.Lock()

    # ---- memory ----

    def in_memory(self, key: K) -> V | None:
        with self._lock:
            found = self._memory.get(key)
            if found is not None:
                self._memory.move_to_end(key)
            return found

    def keep(self, key: K, value: V) -> V:
        with self._lock:
            self._memory[key] = value
            self._memory.move_to_end(key)
            while len(self._memory) > 1 and sum(map(self._weigh, self._memory.values())) > self._budget:
                self._memory.popitem(last=False)
        return value

    # ---- disk and computing ----

    def on_disk(self, key: K) -> bool:
        return self.store.exists(key)

    def _load(self, key: K) -> V | None:
        found = self.store.load(key)
        return None if found is None else self.keep(key, found)

    def _made(self, key: K, report: Report | None) -> V:
        value = self._compute(key, report)
        try:
            self.store.save(key, value)
        except OSError as exc:  # a full or read-only disk costs the next start a computation, nothing else
            log.warning("could not cache %r: %s", key, exc)
        return self.keep(key, value)

    def ready(self, key: K) -> V | None:
        """The value if a request can have it now (memory, disk, or computed where the policy allows);
        None when a job must fetch it."""
        found = self.in_memory(key)
        if found is not None or not self._load_inline(key):
            return found
        inline = self._compute_inline(key)
        if not inline and not self.store.exists(key):
            return None
        if not self.quick.acquire(timeout=self.quick_wait_s):  # busy with many small requests: use a job
            return None
        try:
            found = self.in_memory(key)
            if found is None:
                found = self._load(key)
            if found is None and inline:
                found = self._made(key, None)
            return found
        finally:
            self.quick.release()

    # ---- jobs ----

    def job_running(self, key: K) -> bool:
        """Whether a job for the key is running or waiting now (asking for the key joins it)."""
        with self._rounds_lock:
            n = self._rounds.get(key)
            return n is not None and self.pool.running(f"{self._job_name(key)}-{n}")

    def start_job(self, key: K) -> str:
        """Obtain the key in the background and name the job the page polls (/jobs/{name}). A job that
        finished but whose value has left memory since is not asked again (the pool would answer "done"
        at once, and the page would ask for ever): the key's next round gets a new name. At most
        `max_pending` jobs of other keys may be pending; more are refused with `busy`'s sentence."""
        with self._rounds_lock:
            base = self._job_name(key)
            n = self._rounds.get(key, 0)
            done = self.pool.get(f"{base}-{n}")
            if done is not None and done.state == "done":
                n += 1
                self._rounds[key] = n
            name = f"{base}-{n}"
            if not self.pool.running(name):
                others = [k for k, r in self._rounds.items()
                          if k != key and self.pool.running(f"{self._job_name(k)}-{r}")]
                if len(others) >= self.max_pending:
                    raise InvalidInput(self._busy(others))
                self._rounds.setdefault(key, n)
                if len(self._rounds) > MAX_ROUNDS:  # keys come and go: forget those no job is working on
                    for k, r in list(self._rounds.items()):
                        if k != key and not self.pool.running(f"{self._job_name(k)}-{r}"):
                            del self._rounds[k]
            announce = self._announce(key, self.store.exists(key)) if self._announce is not None else ""
            self.pool.submit(name, functools.partial(produce, self._compute, self.store, key, announce),
                             then=functools.partial(self.arrived, key), memory=self._need(key))
        return name

    def arrived(self, key: K, sent: V | None) -> None:
        """A job's end, in the server: its value kept in memory, as sent or read back from disk. The job's
        result is nothing: the value lives in memory and on disk, bounded there, and a job table holding it
        would keep a 4-player chain alive long after memory dropped it."""
        if sent is not None:
            self.keep(key, sent)
        elif self.in_memory(key) is None and self._load(key) is None:
            raise ParlourError("the computed value could not be read back from the cache; ask again")


__all__ = [
    "DAMAGED", "MAX_PENDING", "MAX_ROUNDS", "QUICK_WAIT_S", "FileStore", "InMemory", "PageCache", "Store", "produce",
]
