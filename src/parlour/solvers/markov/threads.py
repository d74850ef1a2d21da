"""How many threads a certified sweep uses: one rule for the CLI, the page's jobs and Dask workers.

A pass deals its blocks out to its threads and they meet once at its end (`PassMode`), so a thread
that the operating system takes off its core does not stop the others -- but it runs behind, and the
ones ahead read values it has not updated in this pass: the bounds stay sound and the pass count
grows (on the shared 2 cores under a load average of 6-7: 3 players 79 passes on 1 thread, 460-520 on 2;
4 players 80 passes in 97 s on 1 thread, 352 in 326 s on 2, bench/results/goose_threads_4p.json).
So a sweep takes a second thread only where a core is free for it and the chain is large enough to
pay for the split:

* at most numba's thread count for the calling thread (`numba.get_num_threads()`: what a Dask worker's
  share or a caller's `with threads(k)` allows);
* at most the cores this process may run on minus those the rest of the machine keeps busy (its busy
  CPU time less this process's own over 0.2 s before the solve starts, rounded: `busy_cores`);
* at most one thread per MIN_STATES_PER_THREAD states (a 3-player Goose chain, 1e5 states, runs on one:
  its passes take 50 ms and the split costs more than it gives).
"""

from __future__ import annotations

import os
import time

import numba

MIN_STATES_PER_THREAD = 1_000_000


def usable_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


SAMPLE_S = 0.2  # how long busy_cores watches the machine (only for chains large enough for 2 threads)


def _busy_jiffies() -> int | None:
    """CPU time (clock ticks) the whole machine has spent busy since boot, from /proc/stat; None elsewhere."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return sum(fields[:8]) - idle


def busy_cores(sample_s: float = SAMPLE_S) -> int:
    """Cores the rest of the machine keeps busy now: the machine's busy CPU time over `sample_s` seconds
    less this process's own, rounded. (The 1-minute load average, used before and still the fallback
    off Linux, counts this process too: a solve that had just built its chain saw a load of 1 on an
    idle 2-core machine and took one thread.)"""
    before = _busy_jiffies()
    if before is None:
        try:
            return round(os.getloadavg()[0])
        except OSError:  # no load average on this platform
            return 0
    own0, t0 = sum(os.times()[:2]), time.monotonic()
    time.sleep(sample_s)
    after = _busy_jiffies()
    own1, t1 = sum(os.times()[:2]), time.monotonic()
    ticks = os.sysconf("SC_CLK_TCK")
    others = ((after or before) - before) / ticks - (own1 - own0)
    return max(0, round(others / max(t1 - t0, 1e-3)))


def sweep_threads(states: int, *, busy: int | None = None, cores: int | None = None) -> int:
    """Threads for the sweeps of a chain of `states` states (see the module's rule); `busy` and `cores`
    replace the machine's figures (tests)."""
    most = min(numba.get_num_threads(), states // MIN_STATES_PER_THREAD)
    if most <= 1:
        return 1  # a small chain: no need to watch the machine
    cores = usable_cores() if cores is None else cores
    busy = busy_cores() if busy is None else busy
    return max(1, min(most, cores - busy))


__all__ = ["MIN_STATES_PER_THREAD", "SAMPLE_S", "busy_cores", "sweep_threads", "usable_cores"]
