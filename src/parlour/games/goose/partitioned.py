"""Certified bounds with the state space partitioned over Dask workers (issue 7: six players need a cluster).

The bounds live in one memory-mapped file, `bounds.npy`, in a work folder every worker can see (the
local disk for a local cluster; a shared file system on a cluster), next to the layout (`codes.npy`,
`index.npy`), which the workers map read-only. The states in sweep order are cut into contiguous parts;
in a round every part is swept by one task (Gauss-Seidel inside the part, its blocks split between the
worker's threads), reading the other parts' values as they are in the file at that moment.

Soundness is that of `markov.certified`, whatever the timing: every update is F rounded down of values
that are lower bounds (old or new, from this worker or another), so it is a lower bound, and the file
holds lower bounds at every instant. A killed round loses only that round's progress; a resumed run
first proves the file a sub-solution (a read-only pass over all parts finds no value above F of the
file, so L <= F(L)) and starts from zero if it is not.

Rounds are Jacobi between parts and Gauss-Seidel within them, so they need more rounds than the
single-machine solver needs sweeps, more the more parts. The extrapolation of `large` is not used here.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numba
import numpy as np

from parlour.errors import InvalidInput, SolverError
from parlour.games.goose.large import fingerprint, interval
from parlour.games.goose.rules import RuleSet
from parlour.games.goose.space import Layout, otf_successor_sum, sweep_on_the_fly, tables
from parlour.solvers.markov import _SHRINK, part_range, within


@dataclass(frozen=True)
class PartitionedBounds:
    lower: np.ndarray  # float64 [state, relative player], memory-mapped from the work folder
    rounds: int
    parts: int
    resumed_from: int
    resume_verified: bool
    seconds: float
    round_seconds: tuple[float, ...]

    def interval(self, state: int, column: int) -> tuple[float, float]:
        return interval(self.lower, state, column)


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


@numba.njit(cache=True, parallel=True)
def _count_above(codes, first, end, index, n, c, squares, pending, well, arrive, inn_pending, served, dest, weight,
                 den, end_code, L, shrink, parts):
    """How many values of states first..end-1 exceed F(L) rounded down (read-only), in `parts` threads."""
    m = L.shape[1]
    inv = 1.0 / den
    count = np.zeros(parts, np.int64)
    empty = np.zeros((0, 0), np.float32)
    for p in numba.prange(parts):
        lo, hi = part_range(first, end, p, parts)
        acc = np.empty(m)
        for i in range(lo, hi):
            otf_successor_sum(np.int64(codes[i]), index, n, c, squares, pending, well, arrive, inn_pending, served,
                              dest, weight, den, end_code, L, empty, False, acc)
            for o in range(m):
                if acc[o] * inv * shrink < L[i, o]:
                    count[p] += 1
    return count.sum()


def _threads(wanted: int) -> int:
    numba.set_num_threads(max(1, min(wanted, numba.config.NUMBA_NUM_THREADS)))  # type: ignore[attr-defined]
    return int(numba.get_num_threads())


def _open(folder: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.memmap]:
    codes = np.load(folder / "codes.npy", mmap_mode="r")
    index = np.load(folder / "index.npy", mmap_mode="r")
    blocks = np.load(folder / "blocks.npy")
    L = np.load(folder / "bounds.npy", mmap_mode="r+")
    assert isinstance(L, np.memmap)
    return codes, index, blocks, L


def _kernel_args(rules: RuleSet, players: int) -> tuple[Any, ...]:
    t = tables(rules)
    return (players, t.codes, t.squares, t.pending, t.well, t.arrive, t.inn_pending, t.served, t.dest, t.weight,
            t.den, t.end_code)


def sweep_part(folder: str, rules: RuleSet, players: int, part: tuple[int, int], threads: int) -> float:
    """One task: sweep blocks part[0]..part[1]-1 once, in place in the shared file; returns its seconds."""
    t0 = time.perf_counter()
    _threads(threads)
    codes, index, blocks, L = _open(Path(folder))
    sub = np.ascontiguousarray(blocks[part[0] : part[1] + 1])
    # no state is stuck (fewer wells than players); calloc'd zeros cost no memory until written
    stuck = np.zeros(codes.size, np.uint8)
    sweep_on_the_fly(rules, players, codes, index, L, stuck, _SHRINK, blocks=sub)
    L.flush()  # on a shared file system the other workers see this round's values from here on
    return time.perf_counter() - t0


def check_part(folder: str, rules: RuleSet, players: int, part: tuple[int, int], threads: int) -> int:
    """One task: how many values of the part's states exceed F(file) rounded down (0 for every part proves
    the file a sub-solution, hence lower bounds). Read-only."""
    threads = _threads(threads)
    codes, index, blocks, L = _open(Path(folder))
    first, end = int(blocks[part[0]]), int(blocks[part[1]])
    return int(_count_above(codes, first, end, index, *_kernel_args(rules, players), L, _SHRINK,  # type: ignore[call-arg]
                            threads))


def _prepare(lay: Layout, folder: Path) -> tuple[int, bool]:
    """Write the layout and (if absent or not this layout's) zero bounds; returns (rounds done, resumed)."""
    folder.mkdir(parents=True, exist_ok=True)
    meta = folder / "meta.txt"
    fp = fingerprint(lay)
    if meta.exists() and (folder / "bounds.npy").exists():
        got, rounds = meta.read_text().split()
        if got == fp:
            return int(rounds), True
    for name, array in (("codes.npy", lay.codes), ("index.npy", lay.index)):
        if not (isinstance(array, np.memmap) and Path(array.filename or "") == (folder / name).resolve()):
            np.save(folder / name, array)  # a wide layout built in the work folder is there already
    np.save(folder / "blocks.npy", lay.blocks)
    np.lib.format.open_memmap(folder / "bounds.npy", mode="w+", dtype=np.float64, shape=(lay.size, lay.players))
    _write_meta(folder, fp, 0)
    return 0, False


def _write_meta(folder: Path, fp: str, rounds: int) -> None:
    tmp = folder / "meta.tmp"
    tmp.write_text(f"{fp} {rounds}\n")
    tmp.replace(folder / "meta.txt")


def certified_partitioned(
    lay: Layout,
    watch: int,
    folder: Path,
    client: Any,
    parts: int | None = None,
    tol: float = 1e-8,
    max_rounds: int = 100_000,
    on_round: Callable[[int, float], None] | None = None,
) -> PartitionedBounds:
    """Lower bounds for every relabelled state, swept in `parts` parts by the workers of the Dask `client`,
    until the certified width at `watch` is <= tol. Resumes from `folder` (after proving it)."""
    rules, n = lay.rules, lay.players
    if len(rules.wells) >= n:
        raise InvalidInput("the partitioned solver needs fewer wells than players (nobody stuck for ever)")
    t0 = time.perf_counter()
    nthreads = client.nthreads()
    if not nthreads:
        raise SolverError("the Dask cluster has no workers")
    threads = max(nthreads.values())
    parts = parts or len(nthreads)
    ranges = split(lay.blocks, parts)
    done, resumed = _prepare(lay, folder)
    fp = fingerprint(lay)
    where = str(folder.resolve())
    verified = False
    if resumed and done:
        above = sum(client.gather([client.submit(check_part, where, rules, n, r, threads, pure=False)
                                   for r in ranges]))
        if above:  # not a sub-solution (damaged, or not ours): nothing in it can be trusted
            np.lib.format.open_memmap(folder / "bounds.npy", mode="w+", dtype=np.float64, shape=(lay.size, n))
            done = 0
        verified = above == 0
    rounds, start = done, done
    took: list[float] = []
    L = np.load(folder / "bounds.npy", mmap_mode="r")
    gaps: list[float] = []
    while True:
        gaps.append(float(1.0 - np.asarray(L[watch]).sum()))
        if within(gaps, tol, rounds, max_rounds, unit="rounds"):
            break
        r0 = time.perf_counter()
        client.gather([client.submit(sweep_part, where, rules, n, r, threads, pure=False) for r in ranges])
        took.append(time.perf_counter() - r0)
        rounds += 1
        _write_meta(folder, fp, rounds)  # the file is the checkpoint: a kill loses at most this round
        if on_round is not None:
            on_round(rounds, gaps[-1])
    return PartitionedBounds(np.load(folder / "bounds.npy", mmap_mode="r"), rounds, len(ranges), start, verified,
                             time.perf_counter() - t0, tuple(took))


@contextmanager
def connect(scheduler: str = "", workers: int | None = None) -> Iterator[Any]:
    """A Dask client: of the scheduler at `scheduler`, or of a local cluster of `workers` processes (one
    per core by default, one thread each: numba does the threading inside a task)."""
    from dask.distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout=30)
        except (OSError, TimeoutError) as e:
            raise InvalidInput(f"cannot reach the Dask scheduler at {scheduler!r}: {e}") from None
        with client:
            yield client
        return
    workers = workers or max(1, os.cpu_count() or 1)
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        yield client
