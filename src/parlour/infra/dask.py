"""The one place parlour makes a Dask client: of a running scheduler, or of a local cluster."""

from __future__ import annotations

import os
import re
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from parlour.errors import InvalidInput, shown

CONNECT_TIMEOUT_S = 10


@contextmanager
def client(scheduler: str = "", workers: int | None = None, *, dashboard: bool = False) -> Iterator[Any]:
    """A Dask client of the scheduler at `scheduler`, or of a local cluster of `workers` processes (one per
    core by default, one thread each: numba does the threading inside a task, on the worker's share of the
    cores). A scheduler that does not answer within CONNECT_TIMEOUT_S seconds is an InvalidInput, not a
    traceback."""
    import dask
    from dask.distributed import Client, LocalCluster

    if scheduler:
        probe(scheduler)
        try:
            remote = Client(scheduler, timeout=CONNECT_TIMEOUT_S)
        except Exception as e:  # dask raises OSError, TimeoutError, ValueError, or its own CommClosedError
            raise InvalidInput(f"{shown(scheduler)} answers, but not as a Dask scheduler would "
                               f"({type(e).__name__}: {shown(str(e), 60)})") from None
        with remote:
            yield remote
        return
    # Each worker's numba gets its share of the cores (or of NUMBA_NUM_THREADS, where the user set it): by
    # default every process would start a thread per core, and numba's threads spin-wait on each other when
    # the cores are oversubscribed (a parallel solve ran 50x slower beside busy workers). Set before the
    # worker process starts ("pre-spawn"): a worker imports the parent's main module, and numba with it,
    # which reads the variable once. Dask lets a variable already in os.environ win over its config, and
    # it writes the pre-spawn ones into os.environ: so the variable is lifted for the cluster's start and
    # put back after, or one cluster's share would become the next one's.
    previous = os.environ.pop("NUMBA_NUM_THREADS", None)
    cores = max(1, os.cpu_count() or 1)
    budget = int(previous) if previous and previous.isdigit() and int(previous) > 0 else cores
    workers = workers or cores
    share = {"distributed.nanny.pre-spawn-environ.NUMBA_NUM_THREADS": str(max(1, budget // workers))}
    try:
        with dask.config.set(share), LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                                  dashboard_address=":0" if dashboard else None) as cluster, \
                Client(cluster) as local:
            yield local
    finally:
        os.environ.pop("NUMBA_NUM_THREADS", None)
        if previous is not None:
            os.environ["NUMBA_NUM_THREADS"] = previous


ADDRESS = re.compile(r"(?:tcp://)?(?P<host>[A-Za-z0-9.\-]{1,253}|\[[0-9A-Fa-f:]{2,39}\]):(?P<port>[0-9]{1,5})")
PROBE_TIMEOUT_S = 3.0


def probe(scheduler: str) -> None:
    """Refuse, within a few seconds and before any work, an address that is malformed or where nothing
    listens (Dask itself would wait CONNECT_TIMEOUT_S and then raise from deep inside its comms)."""
    m = ADDRESS.fullmatch(scheduler.strip())
    if m is None or not 0 < int(m["port"]) < 65536:
        raise InvalidInput(f"--scheduler must be an address like tcp://host:8786, got {shown(scheduler)}")
    try:
        with socket.create_connection((m["host"].strip("[]"), int(m["port"])), timeout=PROBE_TIMEOUT_S):
            pass
    except OSError as e:
        raise InvalidInput(f"nothing answers at the Dask scheduler {shown(scheduler)} ({e.strerror or e})") from None


def worker_threads(dask_client: Any) -> int:
    """How many tasks the cluster behind `dask_client` runs at once."""
    return max(1, sum(dask_client.nthreads().values()))
