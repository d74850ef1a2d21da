"""The one Dask client factory: a local cluster shares the cores among its workers' numba threads."""

from __future__ import annotations

import os

import pytest

from parlour.errors import InvalidInput
from parlour.infra import dask as infra_dask


def _numba_threads() -> int:
    import numba

    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


def test_local_workers_get_their_share_of_the_cores() -> None:
    cores = os.cpu_count() or 1
    with infra_dask.client("", 2) as client:
        threads = client.run(_numba_threads)
    assert len(threads) == 2
    assert set(threads.values()) == {max(1, cores // 2)}


def test_a_malformed_scheduler_address_is_refused() -> None:
    with pytest.raises(InvalidInput), infra_dask.client("not an address"):
        pass
