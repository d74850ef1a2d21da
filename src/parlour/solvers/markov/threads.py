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
* at most the cores this process may run on minus the load the rest of the machine puts on them (the
  1-minute load average, rounded, measured before the solve starts);
* at most one thread per MIN_STATES_PER_THREAD states (a 3-player Goose chain, 1e5 states, runs on one:
  its passes take 50 ms and the split costs more than it gives).
"""

from __future__ import annotations

import os

import numba

MIN_STATES_PER_THREAD = 1_000_000


def usable_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def busy_cores() -> int:
    """Cores the rest of the machine keeps busy now (the 1-minute load average, rounded)."""
    try:
        return round(os.getloadavg()[0])
    except OSError:  # no load average on this platform
        return 0


def sweep_threads(states: int, *, busy: int | None = None, cores: int | None = None) -> int:
    """Threads for the sweeps of a chain of `states` states (see the module's rule); `busy` and `cores`
    replace the machine's figures (tests)."""
    cores = usable_cores() if cores is None else cores
    busy = busy_cores() if busy is None else busy
    free = cores - busy
    return max(1, min(numba.get_num_threads(), free, states // MIN_STATES_PER_THREAD))
