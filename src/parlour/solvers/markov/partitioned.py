"""The Dask executor of the certified engine: the states in sweep order are cut into contiguous parts and
each pass runs one task per part on the cluster's workers, all reading and writing one memory-mapped file
of bounds in a work folder every worker can see (the local disk for a local cluster; a shared file
system on a cluster). Gauss-Seidel inside a part (its blocks split between the worker's threads), Jacobi
between parts: more passes than on one machine, more the more parts.

Soundness is the engine's, whatever the timing: every update is F rounded down of values that are lower
bounds (old or new, from this worker or another), so the file holds lower bounds at every instant. The
extrapolation is not used here (its offsets would have to be shared too).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from parlour.errors import InvalidInput, SolverError
from parlour.solvers.markov.certified import Operator
from parlour.solvers.markov.kernels import OFFSET_DTYPE

# Rebuilds, on a worker, the operator and the memory-mapped bounds (picklable: e.g. a frozen dataclass
# naming the work folder).
PartFactory = Callable[[], tuple[Operator, np.ndarray]]


def split(blocks: np.ndarray, parts: int) -> list[tuple[int, int]]:
    """Block indices (first, end) of `parts` contiguous runs of blocks with about equal numbers of states."""
    nb = blocks.size - 1
    if parts < 1:
        raise InvalidInput(f"need at least one part, got {parts}")
    parts = min(parts, nb)
    total = int(blocks[-1] - blocks[0])
    cuts = [0]
    for k in range(1, parts):
        b = int(np.searchsorted(blocks, blocks[0] + total * k // parts, side="left"))
        cuts.append(min(max(b, cuts[-1] + 1), nb - (parts - k)))
    cuts.append(nb)
    return list(itertools.pairwise(cuts))


def _run_part(factory: PartFactory, part: tuple[int, int], threads: int, check: bool) -> float:
    """One task: sweep the part once in place in the shared file (returns its seconds), or count the
    values of the part above F(file) rounded down (read-only)."""
    t0 = time.perf_counter()
    numba.set_num_threads(max(1, min(threads, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]
    operator, lower = factory()
    sub = np.ascontiguousarray(operator.blocks[part[0] : part[1] + 1])
    if check:
        # calloc'd zeros: pages that are only read cost no memory
        return float(operator.lowered(lower, np.zeros(lower.shape, OFFSET_DTYPE), False, blocks=sub))
    operator.sweep(lower, None, blocks=sub)
    if isinstance(lower, np.memmap):
        lower.flush()  # on a shared file system the other workers see this pass's values from here on
    return time.perf_counter() - t0


class Partitioned:
    """An operator whose sweeps run on a Dask cluster: `local` gives the shape, blocks, start values and
    identity; `factory` rebuilds it on each worker over the shared bounds file."""

    def __init__(self, local: Operator, factory: PartFactory, client: Any, parts: int | None = None) -> None:
        nthreads = client.nthreads()
        if not nthreads:
            raise SolverError("the Dask cluster has no workers")
        self.local, self.factory, self.client = local, factory, client
        self.shape = local.shape
        self.blocks = local.blocks
        self.threads = max(nthreads.values())
        self.parts = split(local.blocks, parts or len(nthreads))
        self.pass_seconds: list[float] = []

    def start(self, lower: np.ndarray) -> None:
        self.local.start(lower)

    def _each_part(self, lower: np.ndarray, check: bool) -> list[float]:
        if isinstance(lower, np.memmap):
            lower.flush()  # what this process wrote (a fresh start, a reset) before the workers read it
        futures = [self.client.submit(_run_part, self.factory, part, self.threads, check, pure=False)
                   for part in self.parts]
        return list(self.client.gather(futures))

    def sweep(self, lower: np.ndarray, increments: np.ndarray | None, blocks: np.ndarray | None = None) -> None:
        if increments is not None or blocks is not None:
            raise InvalidInput("a partitioned run sweeps whole passes, without extrapolation")
        t0 = time.perf_counter()
        self._each_part(lower, check=False)
        self.pass_seconds.append(time.perf_counter() - t0)

    def lowered(self, lower: np.ndarray, offsets: np.ndarray, assign: bool, blocks: np.ndarray | None = None) -> int:
        if assign or blocks is not None:
            raise InvalidInput("a partitioned run only proves its file (a read-only pass), without extrapolation")
        return int(sum(self._each_part(lower, check=True)))

    def identity(self) -> bytes:
        return self.local.identity()


__all__ = ["PartFactory", "Partitioned", "split"]
