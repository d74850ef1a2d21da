"""A sweep over many N: each solved warm-started from the nearest N already in the store (Bob's trees
extended to N as first columns, Alice's α stretched to N as the first centre), in this process or on a
Dask cluster (one N per worker in flight), every record stored as soon as it is certified."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from parlour.analyses.guess.solve import extend_tree, solve_guess
from parlour.analyses.guess.store import Store, record_of
from parlour.games.guess.trees import Tree
from parlour.infra import dask as dask_infra

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




def sweep_records(store: Store, todo: Sequence[int], workers: int, scheduler: str = "") -> Iterator[dict[str, Any]]:
    """Store rows for every N of `todo`, smallest first; the caller stores each before the next is
    submitted, so that N's warm start can come from it. workers = 0 without a scheduler: in-process."""
    if not todo:
        return
    if workers == 0 and not scheduler:
        for n in sorted(todo):
            yield solve_record(n, warm_start(store, n))
        return
    from dask.distributed import as_completed

    with dask_infra.client(scheduler, max(1, workers), dashboard=True) as client:
        # Smallest N first: finished work accumulates steadily in the store (a kill loses little);
        # the cost grows roughly like N⁴ near powers of two, so the tail dominates anyway. One N per
        # worker in flight, each submitted with the warm start of the nearest N solved by then: with
        # more in flight that N lies further back and the warm start is worse.
        pending = iter(sorted(todo))
        width = dask_infra.worker_threads(client)

        def submit(n: int) -> Any:
            return client.submit(solve_record, n, warm_start(store, n), pure=False)

        # islice, not zip(pending, range(width)): zip would draw one N too many from `pending` and drop it
        flight = as_completed([submit(n) for n in itertools.islice(pending, width)])
        for future in flight:
            yield future.result()  # stored by the caller before the next submission reads the store
            following = next(pending, None)
            if following is not None:
                flight.add(submit(following))
