"""The Dask executor of the certified engine: the Goose operator's states cut into parts and swept by
Dask workers on a shared file (the 6-player path)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from parlour.analyses.goose import chain as gchain
from parlour.analyses.goose import solve
from parlour.analyses.goose.operator import BOUNDS_FILE, OnTheFly, WorkFolder, write_work_folder
from parlour.analyses.goose.space import Layout, layout
from parlour.errors import InvalidInput, SolverError
from parlour.games.goose.rules import STUDY, RuleSet
from parlour.solvers import markov
from parlour.solvers.markov.partitioned import Partitioned, split


def certified_partitioned(lay: Layout, start: int, folder: Path, client: Any, parts: int, tol: float,
                          max_rounds: int = 100_000) -> tuple[markov.Bounds, Partitioned]:
    """The executor as `analyses.goose.model` runs it (tol: a half-width)."""
    write_work_folder(lay, folder)
    executor = Partitioned(OnTheFly(lay), WorkFolder(str(folder), lay.rules, lay.players), client, parts)
    cp = markov.Checkpoint(folder / BOUNDS_FILE, every_seconds=0.0, out_of_core=True)
    b = markov.certified(executor, watch=[start], tol=tol, max_sweeps=max_rounds, checkpoint=cp, extrapolate=False)
    return b, executor


# A board of 9 squares: 313 states for 3 players in 20 blocks, 37 rounds to a half-width of 5e-7 (the Study
# board's 97,185 states took 104, and a round is a Dask task per part: 5 s a round here under load).
TINY = RuleSet(name="tiny", end=9, dice=((1, 2, 3),), geese=(4,), jumps=((6, 2),), inns=(3,), wells=(5,),
               start_jumps=(), bounce=True, occupancy=True)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    from dask.distributed import Client, LocalCluster

    # threads, not processes: quick to start; the tasks share nothing but the files in the work folder
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            Client(cluster) as c:
        yield c


def test_split_covers_every_block_once() -> None:
    blocks = np.array([0, 5, 6, 30, 31, 32, 60, 100], np.int64)
    for parts in (1, 2, 3, 7, 50):
        runs = split(blocks, parts)
        assert runs[0][0] == 0 and runs[-1][1] == blocks.size - 1
        assert all(a < b for a, b in runs) and all(r[1] == s[0] for r, s in itertools.pairwise(runs))
        assert len(runs) == min(parts, blocks.size - 1)
    with pytest.raises(InvalidInput):
        split(blocks, 0)


def test_partitioned_bounds_contain_the_chain_values_and_resume(client: Any, tmp_path: Path) -> None:
    lay = layout(TINY, 3)
    start = lay.row(0)
    sp = gchain.space(TINY, 3)
    ref = markov.certified(gchain.markov_chain(sp), watch=[sp.row(0)], tol=1e-10)  # the stored chain's
    with pytest.raises(SolverError):  # cut short: the file keeps the rounds done
        certified_partitioned(lay, start, tmp_path, client, parts=3, tol=5e-7, max_rounds=20)
    b, executor = certified_partitioned(lay, start, tmp_path, client, parts=3, tol=5e-7)
    assert b.resumed_from == 20 and b.resume_verified and b.sweeps > 20 and len(executor.parts) == 3
    for o in range(3):
        lo, hi = b.interval(start, o)
        assert hi - lo <= 1e-6 + 1e-15
        rlo, rhi = ref.interval(sp.row(0), o)
        assert lo <= rlo and rhi <= hi


def test_a_tampered_work_folder_is_not_trusted(client: Any, tmp_path: Path) -> None:
    lay = layout(TINY, 3)
    start = lay.row(0)
    with pytest.raises(SolverError):
        certified_partitioned(lay, start, tmp_path, client, parts=2, tol=5e-7, max_rounds=5)
    bounds = np.load(tmp_path / "bounds.npy", mmap_mode="r+")
    bounds[start] = [0.9, 0.05, 0.05]  # width 0 at once, and wrong
    bounds.flush()
    del bounds
    b, _ = certified_partitioned(lay, start, tmp_path, client, parts=2, tol=5e-5)
    assert b.resumed_from == 0 and not b.resume_verified
    assert b.interval(start, 0)[1] < 0.9


def test_a_partitioned_run_keeps_its_bounds_in_a_folder_not_in_memory(client: Any) -> None:
    with pytest.raises(InvalidInput, match="shared work folder"):  # the plan refuses, before any work
        solve(STUDY, 3, client=client, out_of_core=True)
