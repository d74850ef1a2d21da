"""Passes without a barrier per block: each thread sweeps its own blocks (or its part of every block), and
waits, if at all, only for the blocks the next one reads, giving up after a while; so the threads
interleave as the system schedules them. Whatever the interleaving, every value must stay a proven lower
bound: the certified intervals must hold the exact 2-player fractions and the 3-player values of the
stored chain, on 1 thread, on 2, with and without the waits, and with one of the 2 deliberately slowed
(which makes the other give up waiting)."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from parlour.analyses.goose import chain as gchain
from parlour.analyses.goose.model import exact_solution
from parlour.analyses.goose.operator import OnTheFly
from parlour.analyses.goose.space import layout
from parlour.games.goose.rules import STUDY
from parlour.solvers import markov
from parlour.solvers.markov import kernels

needs_two = pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2,  # type: ignore[attr-defined]
                               reason="needs 2 numba threads")

# (threads, busy steps thread 0 spends after each state, whole blocks per thread instead of a part of each,
# spins a thread waits for the blocks it reads: 0 never, 1000 soon gives up behind the slowed thread)
RUNS = [(1, 0, False, 0), (2, 0, False, 0), (2, 1000, False, 0), (2, 0, True, 0), (2, 0, True, kernels.PATIENCE),
        (2, 1000, True, 1000), (2, 1000, True, kernels.PATIENCE)]


@needs_two
def test_two_players_intervals_hold_the_exact_fractions_under_any_interleaving() -> None:
    sp = gchain.space(STUDY, 2)
    exact = exact_solution(STUDY, 2)
    start = int(sp.index[0])  # everybody on square 0 (code 0 in every digit)
    want = [float(exact.value(start, o)) for o in range(3)]
    got = []
    free_owned = (2, 0, True, kernels.PATIENCE, False)  # the stored chain's passes are steady unless told
    for threads, delay, owned, patience, steady in [(*run, True) for run in RUNS] + [free_owned]:
        op = markov.ChainOperator(gchain.markov_chain(sp))
        op.threads, op.delay, op.owned, op.patience, op.steady = threads, delay, owned, patience, steady
        b = markov.certified(op, watch=[start], tol=1e-9)
        cols = [b.interval(start, o) for o in range(3)]
        for (lo, hi), v in zip(cols, want, strict=True):
            assert lo <= v <= hi and hi - lo <= 2e-9 + 1e-15, (threads, delay, owned, patience, steady)
        got.append(cols)
    # the same certified intervals, to the width asked for, whatever the thread count and timing
    for cols in got[1:]:
        for (lo, hi), (lo1, hi1) in zip(cols, got[0], strict=True):
            assert abs(lo - lo1) <= 2e-9 and abs(hi - hi1) <= 2e-9


@pytest.mark.slow  # minutes on the shared 2 cores: the slowed thread makes the passes many
@needs_two
def test_three_players_on_the_fly_with_a_slowed_thread_hold_the_stored_values() -> None:
    sp = gchain.space(STUDY, 3)
    ref = markov.certified(markov.ChainOperator(gchain.markov_chain(sp)), watch=[int(sp.index[0])], tol=1e-11)
    want = [sum(ref.interval(int(sp.index[0]), o)) / 2 for o in range(3)]
    lay = layout(STUDY, 3)
    start = lay.row(0)
    for threads, delay, owned, patience in RUNS:
        op = OnTheFly(lay)
        op.threads, op.delay, op.owned, op.patience = threads, delay, owned, patience
        b = markov.certified(op, watch=[start], tol=5e-7)
        for o, v in enumerate(want):
            lo, hi = b.interval(start, o)
            assert lo - 1e-11 <= v <= hi + 1e-11 and hi - lo <= 1e-6 + 1e-15, (threads, delay, owned, patience, o)


@needs_two
def test_steady_passes_on_two_threads_are_one_map() -> None:
    # Steady passes read the blocks next to a thread's own from a copy made as the pass began, so the values a
    # pass computes do not depend on the timing (RRE needs one map): the same pass twice gives the same bits.
    sp = gchain.space(STUDY, 3)
    op = markov.ChainOperator(gchain.markov_chain(sp))
    op.threads = 2
    lower = np.zeros(op.shape)
    op.start(lower)
    for _ in range(3):
        op.sweep(lower, None)
    passes = []
    for _ in range(3):
        x = lower.copy()
        op.sweep(x, None)
        passes.append(x)
    assert all(np.array_equal(passes[0], x) for x in passes[1:])
    assert np.all(passes[0] >= lower) and not np.array_equal(passes[0], lower)


STEADY_ON_MORE_THREADS = """
import numpy as np
from parlour.analyses.goose import chain as gchain
from parlour.games.goose.rules import STUDY
from parlour.solvers import markov

op = markov.ChainOperator(gchain.markov_chain(gchain.space(STUDY, 3)))
op.patience = 1 << 40  # never give up waiting: a slowed thread on shared cores must not end the one map
lower = np.zeros(op.shape)
op.start(lower)
for _ in range(3):
    op.sweep(lower, None)
one = lower.copy()
op.threads = 1
op.sweep(one, None)
newer = one  # more threads read more values from the copy, older and no larger (F is monotone)
for threads in (2, 3, 4):
    op.threads = threads
    passes = []
    for delay in (0, 300, 0):
        op.delay = delay
        x = lower.copy()
        op.sweep(x, None)
        passes.append(x)
    assert all(np.array_equal(passes[0], x) for x in passes[1:]), threads
    assert np.all(lower <= passes[0]) and np.all(passes[0] <= newer) and not np.array_equal(passes[0], newer)
    newer = passes[0]

# Free passes (no copy) on 4 threads: all four sweep at once, reading live whatever the others have reached;
# every bound must still hold the stored chain's values.
import importlib
from parlour.analyses.goose.operator import OnTheFly
from parlour.analyses.goose.space import layout

importlib.import_module("parlour.solvers.markov.certified").THREADS_PAY = 0.0  # keep the 4 threads, no trial
start = int(gchain.space(STUDY, 3).index[0])
ref = markov.certified(markov.ChainOperator(gchain.markov_chain(gchain.space(STUDY, 3))), watch=[start], tol=1e-11)
lay = layout(STUDY, 3)
fly = OnTheFly(lay)
fly.threads = 4
got = markov.certified(fly, watch=[lay.row(0)], tol=5e-7)
assert got.counters["threads"] == 4, got.counters
for o in range(3):
    lo, hi = got.interval(lay.row(0), o)
    v = sum(ref.interval(start, o)) / 2
    assert lo - 1e-11 <= v <= hi + 1e-11 and hi - lo <= 1e-6 + 1e-15, o
print("ok")
"""


@pytest.mark.slow  # 49 s in a loaded full run; the two-player interleaving test above keeps the engine in CI
def test_passes_on_more_threads_are_one_map_when_steady_and_sound_when_free() -> None:
    # On T threads a steady pass sweeps T blocks at once, each reading the T - 1 blocks either side of its own
    # from the copy: the values must still not depend on the timing, also when thread 0 is slowed down, and can
    # only lie below those of fewer threads (which read fewer old values), all above the pass's start; free
    # passes on the chain-free operator give bounds that hold the stored chain's values. Run
    # with 4 numba threads whatever this machine has (a pass of more threads than numba's would run them in turn).
    import os
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", STEADY_ON_MORE_THREADS], capture_output=True, text=True,
                         env={**os.environ, "NUMBA_NUM_THREADS": "4"}, timeout=600)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]
