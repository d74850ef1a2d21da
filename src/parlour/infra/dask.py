"""The one place parlour makes a Dask client: of a running scheduler, or of a local cluster."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from parlour.errors import InvalidInput, shown

CONNECT_TIMEOUT_S = 10


@contextmanager
def client(scheduler: str = "", workers: int | None = None, *, dashboard: bool = False) -> Iterator[Any]:
    """A Dask client of the scheduler at `scheduler`, or of a local cluster of `workers` processes (one per
    core by default, one thread each: numba does the threading inside a task). A scheduler that does not
    answer within CONNECT_TIMEOUT_S seconds is an InvalidInput, not a traceback."""
    from dask.distributed import Client, LocalCluster

    if scheduler:
        try:
            remote = Client(scheduler, timeout=CONNECT_TIMEOUT_S)
        except (OSError, TimeoutError, ValueError) as e:
            raise InvalidInput(f"cannot reach the Dask scheduler at {shown(scheduler)}: {e}") from None
        with remote:
            yield remote
        return
    workers = workers or max(1, os.cpu_count() or 1)
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=":0" if dashboard else None) as cluster, Client(cluster) as local:
        yield local


def worker_threads(dask_client: Any) -> int:
    """How many tasks the cluster behind `dask_client` runs at once."""
    return max(1, sum(dask_client.nthreads().values()))
