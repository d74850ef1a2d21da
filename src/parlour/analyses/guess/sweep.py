"""A sweep over N: solve and store every N of a range, each warm-started from the nearest stored N, in
this process or on Dask workers (through `parlour.infra.dask.client`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from parlour.analyses.guess.solve import extend_tree, solve_guess
from parlour.analyses.guess.store import Store, record_of
from parlour.games.guess.trees import Tree
from parlour.infra import dask as infra_dask

Warm = tuple[tuple[tuple[int, ...], ...], tuple[float, ...]]


def solve_record(n: int, warm: Warm = ((), ())) -> dict[str, Any]:
    """Solve one N and return its store row (runs on a Dask worker or in-process). `warm`: Bob's trees
    of a smaller N, extended to N as first columns, and Alice's α there, stretched to N as the first
    centre."""
    depths, alice = warm
    trees = []
    for d in depths:
        t = Tree(d)
        while t.n < n:
            t = extend_tree(t.depths)
        trees.append(t)
    return record_of(solve_guess(n, warm_trees=trees, near_alice=alice))


def warm_start(store: Store, n: int, reach: int = 4) -> Warm:
    """Bob's support and Alice's α at the largest stored N' in [n - reach, n): a warm start for N
    (N = 1000 from 999: 85 s against 215 s with the trees alone and 160 s cold)."""
    for m in range(n - 1, max(0, n - reach - 1), -1):
        got = store.get(m)
        if got is not None and got.certified:
            return tuple(depths for depths, _ in got.bob), tuple(float(a) for a in got.alice)
    return (), ()


def sweep(store: Store, todo: Sequence[int], workers: int = 0, scheduler: str = "") -> Iterator[int]:
    """Solve every N of `todo`, storing each as it finishes; yields each N once stored. In this process
    when `workers` is 0 and no `scheduler` is given, else on Dask."""
    if workers == 0 and not scheduler:
        for n in todo:
            store.put(solve_record(n, warm_start(store, n)))
            yield n
        return
    with infra_dask.client(scheduler, max(1, workers)) as client:
        yield from _on_dask(client, store, todo)


def _on_dask(client: Any, store: Store, todo: Sequence[int]) -> Iterator[int]:
    from dask.distributed import as_completed

    # Smallest N first: finished work accumulates steadily in the store (a kill loses little); the cost
    # grows roughly like N⁴ near powers of two, so the tail dominates anyway. One N per worker in
    # flight, each submitted with the warm start of the nearest N solved by then: with more in flight
    # that N lies further back and the warm start is worse.
    pending = iter(sorted(todo))
    width = infra_dask.worker_threads(client)

    def submit(n: int) -> Any:
        return client.submit(solve_record, n, warm_start(store, n), pure=False)

    # islice, not zip(pending, range(width)): zip would draw one N too many from `pending` and drop it
    flight = as_completed([submit(n) for n in itertools.islice(pending, width)])
    for future in flight:
        record = future.result()
        store.put(record)  # stored before the next submission reads the store
        yield int(record["n"])
        following = next(pending, None)
        if following is not None:
            flight.add(submit(following))


__all__ = ["Warm", "solve_record", "sweep", "warm_start"]
