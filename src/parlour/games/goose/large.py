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
increments are kept in float32, and the candidate Z (float32, rounded to nearest) is *verified*: sweeps of
Z <- min(Z, F(Z)) with F rounded down and the stored value rounded down again; if one lowers nothing,
Z <= F(Z) is proven and Z is a lower bound. That halves the extra memory of extrapolating (2 x 3.4 GB
instead of 2 x 6.9 GB at 5 players).

Not yet wired to the CLI: the 5-player run (~2.6-5 hours predicted) has not been carried out.
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
from parlour.games.goose.space import Layout, _acc_successor, sweep_on_the_fly, tables
from parlour.solvers.markov import _SHRINK

_F32_DOWN = 1.0 - 2.0**-22  # v * this, rounded to the nearest float32, is below v (v > 0)


@numba.njit(cache=True)
def _sweep_down32(codes, index, n, c, squares, pending, well, arrive, inn_pending, served, dest, weight, den,
                  end_code, Z, shrink):
    """Z <- min(Z, F(Z)) state by state for float32 Z, F rounded down; returns how many values went down.

    The same successor rules as `space._sweep_on_the_fly` (no stuck states here)."""
    m = Z.shape[1]
    ncls = dest.shape[1]
    acc = np.empty(m)
    inv = 1.0 / den
    top = 1
    for _ in range(n - 1):
        top *= c
    lowered = 0
    for i in range(codes.size):
        code = np.int64(codes[i])
        here = code % c
        rest = code // c
        occ = np.uint64(0)
        r = rest
        for _j in range(n - 1):
            occ |= np.uint64(1) << np.uint64(squares[r % c])
            r //= c
        for o in range(m):
            acc[o] = 0.0
        if pending[here] == 1:
            _acc_successor(index, rest + served[here] * top, den, Z, acc, n, m)
        elif well[here] == 1 and (occ >> np.uint64(squares[here])) & np.uint64(1) == 0:
            _acc_successor(index, rest + here * top, den, Z, acc, n, m)
        else:
            for k in range(ncls):
                w = weight[k]
                d = dest[here, k]
                if d == end_code:
                    acc[0] += w
                    continue
                if d != here:
                    if arrive[d] == 0 and (occ >> np.uint64(squares[d])) & np.uint64(1) == 1:
                        d = here
                    elif inn_pending[d] >= 0:
                        d = inn_pending[d]
                _acc_successor(index, rest + d * top, w, Z, acc, n, m)
        for o in range(m):
            v = acc[o] * inv * shrink
            if v < Z[i, o]:
                Z[i, o] = v * _F32_DOWN  # stored as float32: still below v
                lowered += 1
    return lowered


@numba.njit(cache=True)
def _candidate(L, D, alpha, Z):
    """Z = min(1, L + alpha * D) elementwise, without full-size float64 temporaries."""
    for i in range(L.shape[0]):
        for o in range(L.shape[1]):
            z = L[i, o] + alpha * D[i, o]
            Z[i, o] = min(z, 1.0)


@numba.njit(cache=True)
def _raise_to(L, Z):
    for i in range(L.shape[0]):
        for o in range(L.shape[1]):
            if Z[i, o] > L[i, o]:
                L[i, o] = Z[i, o]


@dataclass(frozen=True)
class LargeBounds:
    lower: np.ndarray  # float64 [state, relative player]
    sweeps: int
    repair_sweeps: int
    jumps: int
    resumed_from: int
    seconds: float

    def interval(self, state: int, column: int) -> tuple[float, float]:
        lo = float(self.lower[state, column])
        others = float(self.lower[state].sum()) - lo
        return lo, min(1.0, (1.0 - others) * (1 + 1e-15) + 1e-15)  # rounded up


def fingerprint(lay: Layout) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(repr(lay.rules).encode())
    h.update(np.array([lay.players, lay.size], np.int64).tobytes())
    h.update(np.ascontiguousarray(lay.codes[:: max(1, lay.size // 100_000)]).tobytes())
    return h.hexdigest()


def _save(path: Path, L: np.ndarray, sweeps: int, fp: str) -> None:
    tmp = path.with_name(path.name + ".tmp.npy")
    with open(tmp, "wb") as f:
        np.save(f, L)
    meta = path.with_name(path.name + ".tmp.meta")
    meta.write_text(f"{fp} {sweeps}\n")
    os.replace(tmp, path)  # the bounds first: a meta file never describes a newer array than it has
    os.replace(meta, path.with_name(path.name + ".meta"))


def _load(path: Path, fp: str, shape: tuple[int, int]) -> tuple[np.ndarray, int] | None:
    meta = path.with_name(path.name + ".meta")
    if not (path.exists() and meta.exists()):
        return None
    got, sweeps = meta.read_text().split()
    L = np.load(path, mmap_mode="r")
    if got != fp or L.shape != shape:
        return None
    # an older meta with a newer array is still sound: every saved array is a lower bound
    return np.array(L), int(sweeps)


def certified_on_the_fly(
    lay: Layout,
    watch: int,
    tol: float = 1e-8,
    checkpoint: Path | None = None,
    every_seconds: float = 600.0,
    on_sweep: Callable[[int, float], None] | None = None,
    max_sweeps: int = 100_000,
    extrapolate: bool = True,
) -> LargeBounds:
    """Lower bounds for every relabelled state until the certified width at `watch` is <= tol."""
    rules, n = lay.rules, lay.players
    if len(rules.wells) >= n:
        raise InvalidInput("the chain-free solver needs fewer wells than players (nobody stuck for ever)")
    t = tables(rules)
    t0 = time.perf_counter()
    fp = fingerprint(lay)
    shape = (lay.size, n)
    L = np.zeros(shape)
    done = 0
    if checkpoint is not None:
        found = _load(checkpoint, fp, shape)
        if found is not None:
            L, done = found
    resumed, sweeps = done, done
    stuck = np.zeros(lay.size, np.uint8)
    args = (lay.codes, lay.index, n, t.codes, t.squares, t.pending, t.well, t.arrive, t.inn_pending, t.served,
            t.dest, t.weight, t.den, t.end_code)
    gaps: list[float] = []
    D = np.zeros(shape, np.float32) if extrapolate else None  # the last sweep's increments
    have_d = False
    last_try, jumps, repairs = sweeps, 0, 0
    eta, every = 0.3, 10  # as markov.certified
    last_save = time.perf_counter()
    while True:
        gap = float(1.0 - L[watch].sum())
        gaps.append(gap)
        if gap + 1e-15 <= tol:
            break
        if sweeps >= max_sweeps:
            if checkpoint is not None:
                _save(checkpoint, L, sweeps, fp)
            raise SolverError(f"bounds not within {tol} after {max_sweeps} sweeps (gap {gap:.3g})")
        if len(gaps) > 200 and gap > 0.999 * gaps[-200]:
            raise SolverError(f"the certified gap stalls at {gap:.2e} (floating-point floor)")
        if D is not None and have_d and len(gaps) >= 3 and sweeps - last_try >= every:
            rho, rho_before = gaps[-1] / gaps[-2], gaps[-2] / gaps[-3]
            if 0 < rho < 1 and abs(rho - rho_before) < 1e-3:
                last_try = sweeps
                Z = np.empty(shape, np.float32)
                _candidate(L, D, (1 - eta) * rho / (1 - rho), Z)
                have_d = False
                for _ in range(3):
                    repairs += 1
                    if _sweep_down32(*args, Z, _SHRINK) == 0:
                        _raise_to(L, Z)
                        jumps += 1
                        break
                del Z
                continue
        have_d = D is not None and sweeps - last_try >= every - 1
        sweep_on_the_fly(rules, n, lay.codes, lay.index, L, stuck, _SHRINK, D if have_d else None)
        sweeps += 1
        if on_sweep is not None:
            on_sweep(sweeps, gap)
        if checkpoint is not None and time.perf_counter() - last_save > every_seconds:
            _save(checkpoint, L, sweeps, fp)
            last_save = time.perf_counter()
    if checkpoint is not None:
        _save(checkpoint, L, sweeps, fp)
    return LargeBounds(L, sweeps, repairs, jumps, resumed, time.perf_counter() - t0)
