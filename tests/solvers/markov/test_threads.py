"""The one thread-count rule of the certified sweeps (CLI, page jobs, Dask workers)."""

from __future__ import annotations

import numba

from parlour.solvers.markov.threads import MIN_STATES_PER_THREAD, sweep_threads


def test_a_second_thread_only_for_a_free_core_and_a_large_chain() -> None:
    big = 8 * MIN_STATES_PER_THREAD
    most = numba.get_num_threads()
    assert sweep_threads(big, busy=0, cores=2) == min(2, most)
    assert sweep_threads(big, busy=1, cores=2) == 1  # one competing process on 2 cores: one thread
    assert sweep_threads(big, busy=5, cores=2) == 1  # never fewer than one
    assert sweep_threads(MIN_STATES_PER_THREAD - 1, busy=0, cores=16) == 1  # a small chain: one thread
    assert sweep_threads(big, busy=0, cores=64) == min(8, most)  # a thread per million states at most
