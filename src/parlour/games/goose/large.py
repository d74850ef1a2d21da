"""Certified bounds without a stored chain: the path towards 5 players (issue 7).

Everything per state is recomputed from the rules in every sweep (`space._sweep_on_the_fly`); what is
stored is the states in sweep order (int32 codes), the dense code -> index map (int32) and the lower
bounds. For 5 players that is 0.7 + 1.1 + 6.9 GB (float64 bounds), against ~11 GB more for a CSR.

Soundness is that of `markov.certified`: monotone Gauss-Seidel from 0, every update rounded down, so
every iterate is a true lower bound; the upper bound of an outcome is 1 minus the other lower bounds
(absorption is certain: with fewer wells than players nobody can be stuck for ever). The bounds stay
float64: float32 lower bounds would put the floor of the certified width near 1e-6 (a rounding of
~6e-8 per update, summed over a game's expected length), far above the 1e-8 the issue asks for.

Float32 is used only where soundness does not depend on it: the extrapolation. The last sweep's
increments D are kept in float32 (small numbers, so float32 keeps them to ~1e-7 relative); the
candidate is Z = L + alpha * D, stored as float32 offsets in D itself, and is *verified*: sweeps of
Z <- F(Z) with F rounded down (each offset the largest float32 with L + offset <= the new value); if
one lowers nothing, Z <= F(Z) is proven and Z is a lower bound (F is monotone). At 5
players that is 3.4 GB on top of the 6.9 GB of bounds, instead of 2 x 6.9 GB for float64 copies.
(Candidates stored as plain float32 values were tried first: their rounding, ~1.5e-8 per value, made
most candidates fail the check, and a 3-player run needed twice the passes of the float64 solver.)

This is the path `parlour goose solve` takes from 5 players on (`analyses.goose.solve`).
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numba
import numpy as np

from parlour.errors import InvalidInput, SolverError
from parlour.games.goose.space import Layout, otf_successor_sum, sweep_on_the_fly, tables
from parlour.solvers.markov import _SHRINK, ETA, EVERY, STEADY, TRIES, block_parts, part_range, within


@numba.njit(cache=True, parallel=True)
def _sweep_offset(codes, index, blocks, threads, n, c, squares, pending, well, arrive, inn_pending, served,
                  dest, weight, den, end_code, L, delta, shrink, assign=False):
    """Z <- min(Z, F(Z)), or Z <- F(Z) with `assign`, state by state, for Z = L + delta (delta float32, L
    untouched); returns how many values went down. F is rounded down, and a new value gets the largest
    float32 delta with L + delta <= it. A pass that lowers nothing proves Z <= F(Z) (with threads too:
    every value read was then at most the final one; see `markov._sweep`). The successors are those of
    `space._sweep_on_the_fly` (no stuck states)."""
    m = L.shape[1]
    inv = 1.0 / den
    lowered = 0
    for b in range(blocks.size - 1):
        lo, hi, parts = block_parts(blocks, b, threads)
        count = np.zeros(parts, np.int64)
        for p in numba.prange(parts):
            first, end = part_range(lo, hi, p, parts)
            acc = np.empty(m)
            for i in range(first, end):
                otf_successor_sum(np.int64(codes[i]), index, n, c, squares, pending, well, arrive, inn_pending,
                                  served, dest, weight, den, end_code, L, delta, True, acc)
                for o in range(m):
                    v = acc[o] * inv * shrink
                    down = v < L[i, o] + delta[i, o]
                    if down or assign:
                        # the float32 nearest to v - L may sit above it: step down until L + delta <= v
                        delta[i, o] = v - L[i, o]
                        while L[i, o] + delta[i, o] > v:
                            delta[i, o] = np.nextafter(delta[i, o], np.float32(-np.inf))
                    if down:
                        count[p] += 1
        lowered += count.sum()
    return lowered


@numba.njit(cache=True)
def _candidate(L, D, alpha):
    """D <- alpha * D in place (the candidate's offset), capped so that L + D <= 1."""
    for i in range(L.shape[0]):
        for o in range(L.shape[1]):
            D[i, o] = min(alpha * D[i, o], 1.0 - L[i, o])


@numba.njit(cache=True)
def _raise_by(L, delta):
    for i in range(L.shape[0]):
        for o in range(L.shape[1]):
            z = L[i, o] + delta[i, o]
            if z > L[i, o]:
                L[i, o] = z


@dataclass(frozen=True)
class LargeBounds:
    lower: np.ndarray  # float64 [state, relative player]
    sweeps: int
    repair_sweeps: int
    jumps: int
    resumed_from: int
    seconds: float
    resume_verified: bool = False  # the checkpoint's bounds were proven a sub-solution before use

    def interval(self, state: int, column: int) -> tuple[float, float]:
        return interval(self.lower, state, column)


def interval(lower: np.ndarray, state: int, column: int) -> tuple[float, float]:
    """Certified [lo, hi] of one outcome: its lower bound, and one minus the others' (rounded up)."""
    lo = float(lower[state, column])
    others = float(lower[state].sum()) - lo
    return lo, min(1.0, (1.0 - others) * (1 + 1e-15) + 1e-15)


def fingerprint(lay: Layout) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(repr(lay.rules).encode())
    h.update(np.array([lay.players, lay.size], np.int64).tobytes())
    h.update(np.ascontiguousarray(lay.codes[:: max(1, lay.size // 100_000)]).tobytes())
    return h.hexdigest()


def _meta(path: Path) -> Path:
    return path.with_name(path.name + ".meta")


def _save(path: Path, L: np.ndarray, sweeps: int, fp: str) -> None:
    meta = path.with_name(path.name + ".tmp.meta")
    meta.write_text(f"{fp} {sweeps}\n")
    if isinstance(L, np.memmap) and Path(L.filename or "") == path.resolve():
        L.flush()  # out of core: the checkpoint is the array itself
    else:
        tmp = path.with_name(path.name + ".tmp.npy")
        with open(tmp, "wb") as f:
            np.save(f, L)
        os.replace(tmp, path)  # the bounds first: a meta file never describes a newer array than it has
    os.replace(meta, _meta(path))


def _load(path: Path, fp: str, shape: tuple[int, int], out_of_core: bool) -> tuple[np.ndarray, int] | None:
    if not (path.exists() and _meta(path).exists()):
        return None
    got, sweeps = _meta(path).read_text().split()
    L = np.load(path, mmap_mode="r+" if out_of_core else "r")
    if got != fp or L.shape != shape or L.dtype != np.float64:
        return None
    return (L if out_of_core else np.array(L)), int(sweeps)


def _array(path: Path | None, shape: tuple[int, int], dtype: type, out_of_core: bool) -> np.ndarray:
    if out_of_core and path is not None:
        return np.lib.format.open_memmap(path, mode="w+", dtype=dtype, shape=shape)  # zeros, on disk
    return np.zeros(shape, dtype)


def certified_on_the_fly(
    lay: Layout,
    watch: int,
    tol: float = 1e-8,
    checkpoint: Path | None = None,
    every_seconds: float = 600.0,
    on_sweep: Callable[[int, float], None] | None = None,
    max_sweeps: int = 100_000,
    extrapolate: bool = True,
    out_of_core: bool = False,
) -> LargeBounds:
    """Lower bounds for every relabelled state until the certified width at `watch` is <= tol.

    A checkpoint found at `checkpoint` is not taken on trust: one pass checks that its bounds L satisfy
    L <= F(L) (rounded down), which proves them lower bounds (F is monotone); a file that fails is
    dropped and the run starts from zero. With `out_of_core` the bounds (and the extrapolation's
    increments) live in memory-mapped files next to `checkpoint` instead of RAM: for boards whose
    bounds outgrow memory (6 players: ~400 GB), at the speed of the disk and the page cache.
    """
    rules, n = lay.rules, lay.players
    if len(rules.wells) >= n:
        raise InvalidInput("the chain-free solver needs fewer wells than players (nobody stuck for ever)")
    if out_of_core and checkpoint is None:
        raise InvalidInput("out of core needs a checkpoint path: the bounds live in that file")
    if checkpoint is not None:
        checkpoint.parent.mkdir(parents=True, exist_ok=True)
    t = tables(rules)
    t0 = time.perf_counter()
    fp = fingerprint(lay)
    shape = (lay.size, n)
    found = _load(checkpoint, fp, shape, out_of_core) if checkpoint is not None else None
    L, done = found if found is not None else (_array(checkpoint, shape, np.float64, out_of_core), 0)
    threads = numba.get_num_threads()
    args = (lay.codes, lay.index, lay.blocks, threads, n, t.codes, t.squares, t.pending, t.well, t.arrive,
            t.inn_pending, t.served, t.dest, t.weight, t.den, t.end_code)
    D = None
    if extrapolate or done:
        incr = checkpoint.with_name(checkpoint.name + ".incr.npy") if checkpoint is not None else None
        D = _array(incr, shape, np.float32, out_of_core)  # the last sweep's increments
    if done and D is not None and _sweep_offset(*args, L, D, _SHRINK) != 0:
        L[:] = 0.0  # not a sub-solution: not ours, or damaged; nothing in it can be trusted
        done = 0
    verified = done > 0
    resumed, sweeps = done, done
    stuck = np.zeros(lay.size, np.uint8)
    gaps: list[float] = []
    if not extrapolate:
        D = None
    have_d = False
    last_try, jumps, repairs = sweeps, 0, 0
    eta, every = ETA, EVERY  # as markov.certified
    last_save = time.perf_counter()
    while True:
        gaps.append(float(1.0 - L[watch].sum()))
        try:
            if within(gaps, tol, sweeps, max_sweeps):
                break
        except SolverError:
            if checkpoint is not None:
                _save(checkpoint, L, sweeps, fp)  # the work done so far survives the stop
            raise
        if D is not None and have_d and len(gaps) >= 3 and sweeps - last_try >= every:
            rho, rho_before = gaps[-1] / gaps[-2], gaps[-2] / gaps[-3]
            if 0 < rho < 1 and abs(rho - rho_before) < STEADY:
                last_try = sweeps
                # the candidate Z = L + alpha * D lives in D itself (float32 offsets from L)
                _candidate(L, D, (1 - eta) * rho / (1 - rho))
                have_d = False
                for _ in range(TRIES):
                    repairs += 1
                    if _sweep_offset(*args, L, D, _SHRINK, True) == 0:
                        _raise_by(L, D)
                        jumps += 1
                        break
                continue
        have_d = D is not None and sweeps - last_try >= every - 1
        sweep_on_the_fly(rules, n, lay.codes, lay.index, L, stuck, _SHRINK, D if have_d else None, lay.blocks)
        sweeps += 1
        if on_sweep is not None:
            on_sweep(sweeps, gaps[-1])
        if checkpoint is not None and time.perf_counter() - last_save > every_seconds:
            _save(checkpoint, L, sweeps, fp)
            last_save = time.perf_counter()
    if checkpoint is not None:
        _save(checkpoint, L, sweeps, fp)
    return LargeBounds(L, sweeps, repairs, jumps, resumed, time.perf_counter() - t0, verified)
