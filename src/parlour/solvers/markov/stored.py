"""A stored sparse chain (`Chain`, CSR with integer weights) as an operator of the certified engine.

The value of outcome o at a state is the weighted sum, over its successors, of outcome perm[o] there
(chains reduced by a symmetry relabel the outcomes per edge); an absorbing successor -1-o adds its
weight to outcome o. States that are never absorbed get 1 in the extra 'never' column and are not swept.
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from parlour.infra import hugepages
from parlour.infra.interrupt import deferred
from parlour.solvers.markov import packed
from parlour.solvers.markov.chain import Chain, _columns, stuck_states
from parlour.solvers.markov.kernels import (
    OFFSET_DTYPE,
    PATIENCE,
    SHRINK,
    PassMode,
    await_ahead,
    finish_block,
    groups,
    offset_below,
    read_bound,
    spin,
    store_sums,
    thread_range,
    update,
)
from parlour.solvers.markov.threads import sweep_threads


class ChainTables(NamedTuple):
    """The chain as the kernels read it: one argument instead of seven arrays."""

    indptr: np.ndarray
    target: np.ndarray  # successor state, or -1 - outcome for an absorbing one
    weight: np.ndarray  # integer weights over `den`
    eperm: np.ndarray  # per edge, its row of `perms`
    perms: np.ndarray  # [permutation, column] -> the successor's column read for this column
    den: int
    stuck: np.ndarray  # bool per state: never absorbed (not swept)


# Chains of up to this many outcome columns (every Goose chain of 2-4 players) sum in scalars: a sum
# into `acc` is stored and reloaded per edge (with scalars a 3-player Goose solve takes 0.77x the time,
# bench/results/goose_against_3p_scalar.json; a 4-player up sweep 0.88x).
SCALAR_COLUMNS = 4


@numba.njit(cache=True, inline="always")
def _aside(u, shared):
    """Whether a pass reads state u from `aside`: u lies in the blocks next to the one being swept, which other
    threads may be sweeping now (shared = (their start, this block's start, its end, their end); a steady
    pass, `_pass`)."""
    lo, first, end, hi = shared
    return lo <= u < hi and (u < first or u >= end)


@numba.njit(cache=True, inline="always")
def _successor_sum(s, t, lower, offsets, use_offsets, acc, aside, shared):
    """acc <- den * F(L)[s] (or of L + offsets with `use_offsets`), reading the states `_aside` names from
    `aside`."""
    m = acc.size
    if m > SCALAR_COLUMNS:
        _successor_sum_wide(s, t, lower, offsets, use_offsets, acc, aside, shared)
        return
    a0 = a1 = a2 = a3 = 0.0
    for e in range(t.indptr[s], t.indptr[s + 1]):
        u = t.target[e]
        w = np.float64(t.weight[e])
        if u < 0:  # absorbed in outcome -1 - u
            if u == -1:
                a0 += w
            elif u == -2:
                a1 += w
            elif u == -3:
                a2 += w
            else:
                a3 += w
        elif _aside(u, shared):  # rare; two copies of the reads, not one through an array chosen per
            p = t.eperm[e]  # edge, which made the pass 2x slower
            a0 += w * read_bound(aside, offsets, use_offsets, u, t.perms[p, 0])
            if m > 1:
                a1 += w * read_bound(aside, offsets, use_offsets, u, t.perms[p, 1])
            if m > 2:
                a2 += w * read_bound(aside, offsets, use_offsets, u, t.perms[p, 2])
            if m > 3:
                a3 += w * read_bound(aside, offsets, use_offsets, u, t.perms[p, 3])
        else:
            p = t.eperm[e]
            a0 += w * read_bound(lower, offsets, use_offsets, u, t.perms[p, 0])
            if m > 1:
                a1 += w * read_bound(lower, offsets, use_offsets, u, t.perms[p, 1])
            if m > 2:
                a2 += w * read_bound(lower, offsets, use_offsets, u, t.perms[p, 2])
            if m > 3:
                a3 += w * read_bound(lower, offsets, use_offsets, u, t.perms[p, 3])
    store_sums(acc, a0, a1, a2, a3, 0.0)


@numba.njit(cache=True, inline="always")
def _successor_sum_wide(s, t, lower, offsets, use_offsets, acc, aside, shared):
    """_successor_sum for chains of more than SCALAR_COLUMNS columns, summing into `acc`."""
    m = acc.size
    for o in range(m):
        acc[o] = 0.0
    for e in range(t.indptr[s], t.indptr[s + 1]):
        u = t.target[e]
        w = t.weight[e]
        if u < 0:
            acc[-1 - u] += w
        else:
            p = t.eperm[e]
            if _aside(u, shared):
                for o in range(m):
                    acc[o] += w * read_bound(aside, offsets, use_offsets, u, t.perms[p, o])
            else:
                for o in range(m):
                    acc[o] += w * read_bound(lower, offsets, use_offsets, u, t.perms[p, o])


@numba.njit(cache=True, inline="always")
def _check_in_place(z, assign, i, acc, inv):
    """The check's update of state i of a candidate Z held as float64 values: how many values of F(Z) (den *
    F(Z)[i] in acc, rounded down here) lie below Z, and Z <- F(Z) when assigning."""
    found = 0
    for o in range(acc.size):
        v = acc[o] * inv * SHRINK
        if v < z[i, o]:
            found += 1
        if assign:
            z[i, o] = v
    return found


@numba.njit(cache=True, parallel=True)
def _candidate(lower, offsets, z):
    """z <- L + offsets, each value as a check pass reading both would compute it (`read_bound`)."""
    for i in numba.prange(lower.shape[0]):
        for o in range(lower.shape[1]):
            z[i, o] = lower[i, o] + offsets[i, o]


@numba.njit(cache=True, parallel=True)
def _offsets_below(lower, z, offsets):
    """offsets <- for every value the largest float32 with L + offset <= z (what a check pass assigning into
    the offsets leaves)."""
    for i in numba.prange(lower.shape[0]):
        for o in range(lower.shape[1]):
            offset_below(lower, offsets, i, o, z[i, o])


@numba.njit(cache=True, parallel=True)
def _copy_rows(lower, aside, first, end):
    """aside[first:end] <- lower[first:end], on all numba threads (a steady pass's copy, `_pass`)."""
    for s in numba.prange(first, end):
        for o in range(lower.shape[1]):
            aside[s, o] = lower[s, o]


@numba.njit(cache=True)
def _reads_copy(mode):
    """Whether a pass in this mode reads the blocks beside a thread's own from the copy (`_copy_rows`): a steady
    pass on owned blocks and several threads that writes (a check that only counts gives the same count whatever
    the timing). The pass and the code that makes the copy ask the same question here."""
    return (mode.up or mode.record) and mode.steady and mode.owned and mode.threads > 1


@numba.njit(cache=True, parallel=True)
def _pass(t, blocks, lower, other, mode, aside):  # pragma: no cover
    """One pass over `blocks` in Gauss-Seidel order, each thread sweeping its own blocks (or its part of every
    block) without a barrier (`PassMode`). In a `steady` pass on owned blocks `aside` holds the values as the
    pass began (`_copy_rows`), and a thread sweeping block b reads the threads - 1 blocks either side of b
    (b - 1 and b + 1 on two threads), which other threads may be sweeping, from there, after waiting for every
    block up to b - threads: then every value computed is the same whatever the timing (the pass is one map, as
    the several-mode extrapolation needs) as long as no thread gives up waiting (`await_ahead`); only the moves
    into those earlier blocks read an older value than one thread would. Up: L <- max(L, F(L)), `other`
    receiving each value's increase when recording. Check: Z = L + other (or Z held in `lower` itself when
    `other` is empty); returns how many values of F(Z) lie below Z and sets Z <- F(Z) when assigning."""
    m = lower.shape[1]
    inv = 1.0 / t.den
    in_place = not mode.up and other.size == 0  # the check of a candidate held whole in `lower` (`_check`)
    steady = _reads_copy(mode)
    reach = mode.threads - 1  # the blocks either side of b that may be swept beside it (`await_ahead`)
    nb = blocks.size - 1
    found = np.zeros(mode.threads, np.int64)
    done = np.zeros(nb, np.int64)  # blocks finished in this call (`await_ahead`)
    for p in numba.prange(mode.threads):
        acc = np.empty(m)
        patience = mode.patience
        count = 0  # found[p] is written once: the threads' counters share a cache line
        for b in range(nb):
            first, end = thread_range(blocks, b, p, mode)
            if first == end:
                continue
            patience = await_ahead(done, b, mode, patience)
            shared = ((blocks[max(b - reach, 0)], first, end, blocks[min(b + reach + 1, nb)]) if steady
                      else (0, 0, 0, 0))
            for s in range(first, end):
                if t.stuck[s]:
                    continue
                _successor_sum(s, t, lower, other, not (mode.up or in_place), acc, aside, shared)
                if in_place:
                    count += _check_in_place(lower, mode.record, s, acc, inv)
                else:
                    count += update(lower, other, mode, s, acc, inv)
                if mode.delay > 0 and p == 0:
                    count += spin(mode.delay)
            finish_block(done, b, mode)
        found[p] = count
    return found.sum()


class ChainOperator:
    """The certified engine's operator of a stored chain: its own blocks over all numba threads (each thread
    owning whole blocks, or its part of every block), or one block swept in order by one thread when the chain
    has none (plain Gauss-Seidel). On owned blocks the passes are `steady` (one map whatever the timing,
    `_pass`) unless told otherwise. `delay` slows thread 0 down (tests of the interleaving only)."""

    def __init__(self, chain: Chain) -> None:
        self.chain = chain
        stuck = stuck_states(chain)
        self.columns = _columns(chain, stuck)
        eperm, perms = chain.perm_table()
        full = np.zeros((perms.shape[0], self.columns), np.int64)
        full[:, : chain.outcomes] = perms
        if self.columns > chain.outcomes:
            full[:, chain.outcomes] = chain.outcomes  # the 'never' column keeps its label
        self.tables = ChainTables(chain.indptr, chain.target, chain.weight, eperm, full, chain.den, stuck)
        self.shape = (chain.n, self.columns)
        self.blocks = chain.blocks if chain.blocks is not None else np.array([0, chain.n], np.int64)
        self.threads = sweep_threads(chain.n) if chain.blocks is not None else 1
        self.delay = 0
        self.owned = True  # whole blocks per thread (PassMode.owned); False: a part of each
        self.patience = PATIENCE  # wait for the blocks a block reads (PassMode.patience); 0: never wait
        self.steady = True  # threads read the blocks next to theirs from a copy (PassMode.steady); False: live
        self._aside: np.ndarray | None = None  # that copy (one more array like L, kept between passes)
        self._z: np.ndarray | None = None  # the candidate a check reads, written out (`lowered`)

    @property
    def one_map(self) -> bool:
        """Whether every pass is one map whatever the timing (the engine's RRE needs it, `certified`)."""
        return self.threads <= 1 or (self.steady and self.owned)

    def mode(self, up: bool, record: bool) -> PassMode:
        return PassMode(up, record, self.threads, self.delay, self.owned, self.patience, self.steady)

    def _run(self, part: np.ndarray, lower: np.ndarray, other: np.ndarray, mode: PassMode) -> int:
        """One compiled pass over the blocks `part`."""
        aside = lower
        if _reads_copy(mode):
            if self._aside is None or self._aside.shape != lower.shape or self._aside.dtype != lower.dtype:
                self._aside = hugepages.zeros(lower.shape, lower.dtype)
            aside = self._aside
            _copy_rows(lower, aside, part[0], part[-1])
        return int(_pass(self.tables, part, lower, other, mode, aside))

    def start(self, lower: np.ndarray) -> None:
        if self.columns > self.chain.outcomes:
            lower[self.tables.stuck, self.chain.outcomes] = 1.0 if lower.dtype == np.float64 else packed.word(1.0)

    def sweep(self, lower: np.ndarray, increments: np.ndarray | None, blocks: np.ndarray | None = None) -> None:
        other = increments if increments is not None else np.zeros((0, 0), np.float32)
        with deferred() as check:
            for part in groups(self.blocks if blocks is None else blocks):
                self._run(part, lower, other, self.mode(True, increments is not None))
                check()

    def lowered(self, lower: np.ndarray, offsets: np.ndarray, assign: bool, blocks: np.ndarray | None = None) -> int:
        """The check of Z = L + offsets. With float64 bounds Z is first written out whole (one more array like
        L): the pass then reads one array at each successor instead of two, and a 4-player Goose check takes
        about the time of an up sweep instead of 2.4 of them. Z is the same value for value (`_candidate`),
        and the offsets are left as the pass over both arrays leaves them (`_offsets_below`)."""
        if lower.dtype != np.float64:
            return self._check(lower, offsets, assign, blocks)
        if self._z is None or self._z.shape != lower.shape:
            self._z = hugepages.zeros(lower.shape, lower.dtype)  # kept: paging 137 MB in took 60 ms a check
        z = self._z
        _candidate(lower, offsets, z)
        count = self._check(z, np.zeros((0, 0), OFFSET_DTYPE), assign, blocks)
        if assign:
            _offsets_below(lower, z, offsets)
        return count

    def _check(self, lower: np.ndarray, offsets: np.ndarray, assign: bool, blocks: np.ndarray | None) -> int:
        count = 0
        with deferred() as check:
            for part in groups(self.blocks if blocks is None else blocks):
                count += self._run(part, lower, offsets, self.mode(False, assign))
                check()
        return count

    def identity(self) -> bytes:
        c = self.chain
        step = max(1, c.target.size // 100_000)
        return (np.array([c.target.size, c.den, c.outcomes], np.int64).tobytes()
                + np.ascontiguousarray(c.target[::step]).astype(np.int64).tobytes()
                + np.ascontiguousarray(c.weight[::step]).astype(np.int64).tobytes())


__all__ = ["SCALAR_COLUMNS", "ChainOperator", "ChainTables"]
