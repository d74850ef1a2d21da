"""The one thread-count rule of the certified sweeps (CLI, page jobs, Dask workers)."""

from __future__ import annotations

import subprocess
import sys
import time

import numba
import pytest

from parlour.solvers.markov import threads
from parlour.solvers.markov.threads import MIN_STATES_PER_THREAD, sweep_threads


def test_a_second_thread_only_for_a_free_core_and_a_large_chain() -> None:
    big = 8 * MIN_STATES_PER_THREAD
    most = numba.get_num_threads()
    assert sweep_threads(big, busy=0, cores=2) == min(2, most)
    assert sweep_threads(big, busy=1, cores=2) == 1  # one competing process on 2 cores: one thread
    assert sweep_threads(big, busy=5, cores=2) == 1  # never fewer than one
    assert sweep_threads(MIN_STATES_PER_THREAD - 1, busy=0, cores=16) == 1  # a small chain: one thread
    assert sweep_threads(big, busy=0, cores=64) == min(8, most)  # a thread per million states at most


def test_busy_cores_counts_the_machine_less_this_process(monkeypatch) -> None:
    # the machine busy 1.5 s of CPU in the 0.5 s sampled, this process 0.5 s of it: 2 other cores busy
    jiffies = iter([1000, 1000 + 150])  # 100 ticks a second
    monkeypatch.setattr(threads, "_busy_jiffies", lambda: next(jiffies))
    own = iter([(10.0, 0.0), (10.25, 0.25)])
    monkeypatch.setattr(threads.os, "times", lambda: next(own))
    monkeypatch.setattr(threads.os, "sysconf", lambda name: 100)
    clock = iter([0.0, 0.5])
    monkeypatch.setattr(threads.time, "monotonic", lambda: next(clock))
    monkeypatch.setattr(threads.time, "sleep", lambda s: None)
    assert threads.busy_cores(0.5) == 2


def test_a_competing_busy_process_is_seen() -> None:
    if threads._busy_jiffies() is None:
        pytest.skip("no /proc/stat here")
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        time.sleep(0.5)
        assert threads.busy_cores(0.5) >= 1
    finally:
        spinner.kill()
        spinner.wait()
