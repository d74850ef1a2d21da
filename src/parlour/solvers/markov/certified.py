"""The one certified interval iteration of parlour: lower bounds of absorption probabilities by monotone
Gauss-Seidel sweeps from 0, every update rounded down; the upper bound of an outcome is one minus the
lower bounds of the others (absorption is certain), so every bound is two-sided.

The engine works on an *operator* (`Operator`): the rounded-down map F whose least fixpoint is the vector
of absorption probabilities, with its own sweep. A stored sparse chain (`stored.ChainOperator`) and a
successor function computed from a game's rules on the fly (the Goose's `analyses.goose.operator`) are two
operators; a Dask cluster sweeping parts of any operator (`partitioned.Partitioned`) is a third. All of
them get the same stopping rule, extrapolation, checkpoint format, proof on resume and result (`Bounds`).

Soundness. Every value an update reads is a lower bound (F is monotone and the iterates only rise), so
the update, rounded down (`SHRINK`), is one too: with threads, and with Dask workers reading a shared
file, whatever the timing. A pass of Z <- F(Z) that lowers nothing proves Z <= F(Z), i.e. Z is a
sub-solution and so a lower bound (F^k(Z) rises to the solution). That one test proves an extrapolated
candidate before it is used, and a checkpoint before a resumed run trusts it.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from parlour.errors import InvalidInput, SolverError
from parlour.infra import hugepages, storage
from parlour.infra.checks import renamed_keywords
from parlour.results import Result, Status, bounds
from parlour.solvers.markov import accelerate, packed
from parlour.solvers.markov.chain import Chain
from parlour.solvers.markov.kernels import OFFSET_DTYPE, raise_by, scale_offsets
from parlour.solvers.markov.kernels import PassMode as PassMode
from parlour.solvers.markov.stored import ChainOperator

# PassMode is named here as well: numba's cache index of a kernel compiled before PassMode moved to `kernels`
# pickles it under this module and is unpickled before numba sees it is stale; the name lets such a cache be
# read, found stale and rebuilt instead of failing.

# The extrapolation is tried at most every EVERY sweeps, when two successive gap ratios differ by less
# than STEADY (one slow mode left); it takes (1 - ETA) of the predicted remaining step and gets up to
# TRIES smoothing sweeps to become a sub-solution. Tuned on the 3- and 4-player goose chains (4 players,
# width 1e-10: 98 passes instead of 228 with an earlier min-sweep check, which never succeeded there).
STEADY = 1e-2
ETA, EVERY, TRIES = 0.2, 10, 6


class Operator(Protocol):
    """The rounded-down map F of an absorbing chain, and its Gauss-Seidel sweeps (the game's kernels)."""

    shape: tuple[int, int]  # (states, outcome columns) of the bounds L
    blocks: np.ndarray  # starts of the sweep blocks: states of one block may be swept by several threads
    # Threads (or Dask workers) sweeping at once. With more than one, what a pass reads of a block another
    # thread is sweeping depends on timing, unless the operator says its passes are `one_map` (an optional
    # attribute: the stored chain's steady passes read such blocks from a copy). Every bound stays sound either
    # way, but the several-mode extrapolation needs one map; the engine may set `threads` to 1 for a solve
    # (`_trial_sweep`).
    threads: int

    def start(self, lower: np.ndarray) -> None:
        """Set the values a fresh L knows already (e.g. 1 in the 'never absorbed' column of stuck states)."""
        ...

    def sweep(self, lower: np.ndarray, increments: np.ndarray | None, blocks: np.ndarray | None = None) -> None:
        """L <- max(L, F(L)) in place, in Gauss-Seidel order over `blocks` (default: all of them); when
        `increments` is given (shaped like L, OFFSET_DTYPE) it receives each value's increase."""
        ...

    def lowered(self, lower: np.ndarray, offsets: np.ndarray, assign: bool, blocks: np.ndarray | None = None) -> int:
        """For Z = L + offsets: how many values of F(Z) (rounded down) lie below Z. With `assign` the pass
        also sets Z <- F(Z) in the offsets (each the largest OFFSET_DTYPE offset with L + offset <= F(Z));
        without it the pass only reads. 0 proves Z <= F(Z), so Z is a lower bound."""
        ...

    def identity(self) -> bytes:
        """What a checkpoint's fingerprint is made of: a run resumes only bounds of the same operator."""
        ...



def interval(lower: np.ndarray, state: int, column: int) -> tuple[float, float]:
    """Certified [lo, hi] of one outcome: its lower bound, and one minus the others' (rounded up, so it
    stays an upper bound): absorption is certain, so the outcomes sum to one. (Bounds float64 or packed.)"""
    row = packed.floats(np.asarray(lower[state]))
    lo = float(row[column])
    others = float(row.sum()) - lo
    return lo, min(1.0, (1.0 - others) * (1 + 1e-15) + 1e-15)


@dataclass(frozen=True)
class Bounds(Result):
    """Certified bounds lower <= P(outcome) <= upper for every state and outcome column."""

    lower: np.ndarray  # [state, column]: float64, or uint64 packed with offsets (`packed`)
    sweeps: int
    resumed_from: int = 0  # sweeps done before a restart (from a checkpoint)
    resume_verified: bool = False  # the checkpoint was proven a sub-solution before use
    jumps: int = 0  # accepted extrapolations (each proven a sub-solution)
    repair_sweeps: int = 0  # passes spent checking extrapolation candidates

    @property
    def gap(self) -> np.ndarray:
        """upper - lower per state (the same for every outcome)."""
        return np.maximum(0.0, 1.0 - packed.floats(self.lower).sum(axis=1)) + 1e-15

    def interval(self, state: int, column: int) -> tuple[float, float]:
        return interval(self.lower, state, column)

    def payload(self) -> dict[str, Any]:
        return {"states": int(self.lower.shape[0]), "sweeps": self.sweeps, "resumed_from": self.resumed_from,
                "resume_verified": self.resume_verified, "jumps": self.jumps, "repair_sweeps": self.repair_sweeps}

    def at(self, state: int) -> dict[str, Any]:
        """The intervals of every outcome column of one state, in the JSON convention."""
        cols = [self.interval(state, o) for o in range(self.lower.shape[1])]
        return bounds("p", [lo for lo, _ in cols], [hi for _, hi in cols])


@dataclass(frozen=True)
class Checkpoint:
    """Where a run keeps its bounds: `path` (.npy) with `path`.meta beside it (fingerprint and sweeps),
    saved every `every_seconds`. With `out_of_core` the bounds (and the extrapolation's offsets) are
    memory-mapped files there from the start and a save is a flush: for bounds that outgrow memory."""

    path: Path
    every_seconds: float = 30.0
    out_of_core: bool = False

    @property
    def meta(self) -> Path:
        return self.path.with_name(self.path.name + ".meta")

    @property
    def offsets(self) -> Path:
        return self.path.with_name(self.path.name + ".incr.npy")

    def save(self, lower: np.ndarray, sweeps: int, fp: str) -> None:
        """Atomic: the bounds first, then the meta file, so a meta never describes a newer array than the
        file holds; a kill in between leaves the previous state, which is still sound."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(lower, np.memmap) and Path(lower.filename or "") == self.path.resolve():
            lower.flush()
        else:
            with storage.atomic_path(self.path) as tmp, tmp.open("wb") as f:
                np.save(f, lower)
        storage.atomic_write(self.meta, f"{fp} {sweeps}\n")

    def load(self, fp: str, shape: tuple[int, int], dtype: type = np.float64) -> tuple[np.ndarray, int] | None:
        """The bounds and sweep count of a run of the same operator, or None (absent, or another's)."""
        if not (self.path.exists() and self.meta.exists()):
            return None
        try:
            got, sweeps = self.meta.read_text().split()
            lower = np.load(self.path, mmap_mode="r+" if self.out_of_core else "r")
        except (OSError, ValueError):
            return None
        if got != fp or lower.shape != shape or lower.dtype != dtype:
            return None
        return (lower if self.out_of_core else hugepages.copy(lower)), int(sweeps)

    def array(self, shape: tuple[int, int], dtype: type, which: Path) -> np.ndarray:
        """A zeroed array: in memory, or a memory-mapped file at `which` when out of core."""
        if self.out_of_core:
            which.parent.mkdir(parents=True, exist_ok=True)
            return np.lib.format.open_memmap(which, mode="w+", dtype=dtype, shape=shape)
        return hugepages.zeros(shape, dtype)


def fingerprint(operator: Operator) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(np.array(operator.shape, np.int64).tobytes())
    h.update(operator.identity())
    return h.hexdigest()


def within(gaps: list[float], width: float, done: int, limit: int, unit: str = "sweeps", hint: str = "") -> bool:
    """Whether the last certified gap is at most `width`; SolverError when `limit` passes are done
    without it, or when the gap stalls (no 0.1 % progress in 200 passes)."""
    gap = gaps[-1]
    if gap + 1e-15 <= width:
        return True
    if done >= limit:
        raise SolverError(f"bounds not within {width / 2:.3g} after {limit} {unit} (width {gap:.3g})")
    if len(gaps) > 200 and gap > 0.999 * gaps[-200]:
        # the downward rounding (4e-15 per update, summed over the expected game length) sets a floor
        # under the gap; below it no pass helps
        raise SolverError(f"the certified gap stalls at {gap:.2e} (floating-point floor){hint}")
    return False


def _fresh(operator: Operator, checkpoint: Checkpoint | None, dtype: type) -> np.ndarray:
    lower = (checkpoint.array(operator.shape, dtype, checkpoint.path) if checkpoint is not None
             else hugepages.zeros(operator.shape, dtype))
    lower[:] = 0
    operator.start(lower)
    return lower


def _history(operator: Operator, wanted: int) -> np.ndarray | None:
    """The RRE history (`accelerate`): `wanted` float32 increment vectors, fewer when the memory available
    now holds fewer, None when fewer than accelerate.MIN_HISTORY fit (the one-mode extrapolation then)."""
    from parlour.infra.resources import available_memory

    values = operator.shape[0] * operator.shape[1]
    got = accelerate.depth(values, wanted, available_memory()) if wanted > 0 else 0
    return hugepages.zeros((got, *operator.shape), OFFSET_DTYPE) if got else None


@dataclass
class _Run:
    """What a solve carries from pass to pass (the engine's own mutable state; the result is `Bounds`)."""

    operator: Operator
    lower: np.ndarray
    offsets: np.ndarray | None  # the candidate Z = L + offsets (packed bounds: L's own low bits); None: no
    ring: np.ndarray | None  # the RRE history, None: the one-mode step (or none without offsets)
    sweeps: int = 0
    resumed: int = 0
    verified: bool = False
    jumps: int = 0
    checks: int = 0
    cycle: int = 0  # sweeps recorded in the ring since the last RRE candidate
    threads: int = 1  # the operator's threads when it opened
    free: bool = False  # they are several and their passes not one map: timed against one thread (`_trial_sweep`)
    trial: tuple[float, ...] = ()  # seconds of the timed sweeps, on the threads and then on one
    last_try: int = 0  # the sweep of the last one-mode candidate
    have_increments: bool = False  # the offsets hold the last sweep's increments (one-mode step)

    @property
    def packed(self) -> bool:
        return self.lower.dtype == np.uint64

    def proven(self) -> bool:
        """One check pass of the candidate, assigning Z <- F(Z); True (and the bounds raised to it) when it
        lowered nothing, i.e. proved Z <= F(Z)."""
        assert self.offsets is not None
        self.checks += 1
        if self.operator.lowered(self.lower, self.offsets, True) != 0:
            return False
        if self.packed:
            packed.raise_by(self.lower)
        else:
            raise_by(self.lower, self.offsets)
        self.jumps += 1
        return True


# The history needs the passes to be one map whatever the timing. Free-running threads make each pass a slightly
# different map, and then RRE's candidates fail or jump little (4 Goose players on 16 cores: 83 passes on 1 thread,
# 162 / 244 / 273 on 2 / 4 / 8, where the one-mode step took 111 / 140 / 159; bench/results/markov_accel_4p_device*
# .json). An operator whose threaded passes are `one_map` (the stored chain's steady passes, `stored._pass`) keeps
# RRE on the threads the thread rule gives it, and the passes of one thread (4 players here: 80 on 2 steady threads
# and on one). An operator with free threads is timed on them and on one in its first sweeps (`_trial_sweep`) and
# keeps them, with the one-mode step, only where they make a pass THREADS_PAY times faster: about the passes they
# add (the one-mode step on free threads took 114 where RRE on one took 80).
THREADS_PAY = 1.45
# The sweeps (counted from the start or the resume) timed on the threads, then on one: two of each, the faster
# counted (the first sweep on one thread after threaded ones was measured up to 1.7x slower than the next).
TRIAL_SWEEPS = (2, 3, 4, 5)


def _open(operator: Operator, checkpoint: Checkpoint | None, packed_bounds: bool, extrapolate: bool,
          history: int) -> _Run:
    """The bounds to start from (a checkpoint's, proven L <= F(L) by one read-only pass, or fresh), the
    offsets and the history the policy needs."""
    dtype = np.uint64 if packed_bounds else np.float64
    fp = fingerprint(operator)
    found = checkpoint.load(fp, operator.shape, dtype) if checkpoint is not None else None
    lower, done = found if found is not None else (_fresh(operator, checkpoint, dtype), 0)
    offsets: np.ndarray | None = None
    if packed_bounds:
        packed.clear_offsets(lower)  # a saved file may hold a recording sweep's increases there
        offsets = lower  # the offsets live in the bounds' own low bits
    elif extrapolate or done:
        offsets = (checkpoint.array(operator.shape, OFFSET_DTYPE, checkpoint.offsets)
                   if checkpoint is not None else hugepages.zeros(operator.shape, OFFSET_DTYPE))
        offsets[:] = 0.0
    if done:
        assert offsets is not None
        if operator.lowered(lower, offsets, False) != 0:
            lower = _fresh(operator, checkpoint, dtype)  # not a sub-solution: damaged, or not ours
            offsets = lower if packed_bounds else offsets
            done = 0
    if not extrapolate:
        offsets = None
    ring = _history(operator, history) if offsets is not None and not packed_bounds else None
    threads = getattr(operator, "threads", 1)
    return _Run(operator, lower, offsets, ring, sweeps=done, resumed=done, verified=done > 0, last_try=done,
                threads=threads, free=threads > 1 and not getattr(operator, "one_map", False))


def _rre_candidate(run: _Run, gaps: list[float], width: float) -> bool:
    """Once the ring holds m sweeps (or fewer, at the end: `accelerate.early`): the RRE estimate x~ over them
    (`accelerate`), checked as it is; when that fails, x~ pulled back towards x_{k-1} by the amount its measured
    residual asks for, checked again (up to RETRIES times, further each time). Returns whether a candidate was
    tried (the passes the loop spent)."""
    ring, offsets = run.ring, run.offsets
    if ring is None or offsets is None or run.sweeps - run.resumed < accelerate.FIRST:
        return False
    m = ring.shape[0]
    if run.cycle < m and not accelerate.early(run.cycle, m, gaps, width):
        return False
    k = min(run.cycle, m)
    order = np.array([(run.cycle - k + j) % m for j in range(k)], np.int64)
    run.cycle = 0
    coef = accelerate.coefficients(ring, order)
    if coef is None:
        return False
    accelerate.estimate(run.lower, ring, order, coef, offsets)
    # The oldest vector is not needed any more (the next candidate is made from the next m sweeps): it keeps x~
    # for the pull-back, so that neither it nor the backoff reads the m vectors again.
    guess, last = ring[order[0]], ring[order[-1]]
    guess[:] = offsets
    if run.proven():
        return True
    pull = accelerate.SAFETY * float(accelerate.backoff(guess, last, offsets))
    for _ in range(accelerate.RETRIES):
        accelerate.pull_back(run.lower, guess, last, min(1.0, pull), offsets)
        if run.proven():
            break
        pull *= accelerate.GROW
    return True


def _one_mode_candidate(run: _Run, gaps: list[float]) -> bool:
    """Every EVERY sweeps, once the gap shrinks by a steady rho: Z = L + (1 - ETA) rho / (1 - rho) times the
    last increment, with up to TRIES passes Z <- F(Z) to become a sub-solution. Returns whether it was tried."""
    if run.ring is not None or run.offsets is None or not run.have_increments or len(gaps) < 3:
        return False
    if run.sweeps - run.last_try < EVERY:
        return False
    rho, rho_before = gaps[-1] / gaps[-2], gaps[-2] / gaps[-3]
    if not (0 < rho < 1 and abs(rho - rho_before) < STEADY):
        return False
    run.last_try = run.sweeps
    alpha = (1 - ETA) * rho / (1 - rho)
    if run.packed:  # Z = L + offsets
        packed.candidate(run.lower, alpha)
    else:
        scale_offsets(run.lower, run.offsets, alpha)
    run.have_increments = False
    for _ in range(TRIES):
        if run.proven():
            break
    return True


def _trial_sweep(run: _Run) -> None:
    """One up sweep timed for the choice between the operator's free threads with the one-mode step and one
    thread with the history (`THREADS_PAY`): the sweeps TRIAL_SWEEPS run on the threads and on one thread (the
    first sweep, which also pages the arrays in, is not timed). Then the faster policy stays for the rest of the
    solve, and the history starts again. Which threads sweep changes what a pass reads, never whether it gives
    lower bounds."""
    op = run.operator
    half = len(TRIAL_SWEEPS) // 2
    if len(run.trial) == half:
        op.threads = 1  # an operator with a thread count lets the engine lower it
    t = time.perf_counter()
    _plain_sweep(run)
    run.trial = (*run.trial, time.perf_counter() - t)
    if len(run.trial) == len(TRIAL_SWEEPS):
        on_threads, on_one = min(run.trial[:half]), min(run.trial[half:])
        run.cycle = 0  # the history starts again: its sweeps so far were of two maps
        if on_one >= THREADS_PAY * on_threads:
            op.threads = run.threads
            run.ring = None


def _sweep(run: _Run) -> None:
    """One up sweep, recording its increments where the policy will use them; with a history and several free
    threads the first sweeps also choose between them and one thread (`_trial_sweep`)."""
    if run.ring is not None and run.free and run.sweeps - run.resumed + 1 in TRIAL_SWEEPS:
        _trial_sweep(run)
    else:
        _plain_sweep(run)


def _plain_sweep(run: _Run) -> None:
    if run.ring is not None and run.sweeps - run.resumed < accelerate.UNRECORDED:
        run.operator.sweep(run.lower, None)
    elif run.ring is not None:
        run.operator.sweep(run.lower, run.ring[run.cycle % run.ring.shape[0]])
        run.cycle += 1
    else:
        run.have_increments = run.offsets is not None and run.sweeps - run.last_try >= EVERY - 1
        run.operator.sweep(run.lower, run.offsets if run.have_increments else None)
    run.sweeps += 1


def _gap(lower: np.ndarray, watch: np.ndarray) -> float:
    rows = packed.floats(np.asarray(lower[watch]))
    return float(np.max(1.0 - rows.sum(axis=1))) if watch.size else 0.0


@renamed_keywords(on_sweep="progress")
def certified(
    operator: Operator | Chain,
    watch: Iterable[int] = (0,),
    tol: float = 1e-12,
    *,
    max_sweeps: int = 100_000,
    checkpoint: Checkpoint | None = None,
    progress: Callable[[int, float], None] | None = None,
    extrapolate: bool = True,
    packed_bounds: bool = False,
    history: int = accelerate.HISTORY,
    method: str = "interval-iteration",
) -> Bounds:
    """Lower bounds until every interval at the `watch` states has half-width <= tol (upper - lower <=
    2 tol; `tol` is a half-width everywhere in parlour). Stopping looks only at the certified gap. `progress`
    hears each sweep as `progress(sweep, width)` (`on_sweep=`, its old name, works for one release).

    A checkpoint found at `checkpoint` is not taken on trust: one read-only pass proves L <= F(L), or the
    run starts from zero. With `extrapolate` a candidate Z is made now and then and kept only after a check
    pass proves Z <= F(Z); a failed candidate costs its passes, soundness never depends on it. Two policies:

    * `history` = m >= 3 (the default, accelerate.HISTORY), float64 bounds, an operator sweeping on one
      thread or on threads whose passes are one map (`one_map`; an operator offered several free ones is timed
      on them and on one in its first sweeps, and keeps them only where they make a pass enough faster:
      `_trial_sweep`) and room in memory for the m float32 vectors (`accelerate.depth`, else fewer): every m
      sweeps (fewer at the end, `accelerate.early`) the reduced-rank extrapolation over them, pulled back along
      a direction the measured residual says the check can prove (`accelerate`).
    * `history=0`, packed bounds, free threads that pay, or too little memory: the one-mode step
      (`_one_mode_candidate`): once the gap shrinks by a steady rho per sweep, Z = L + (1 - eta) rho / (1 - rho)
      (L - L_previous) gets up to TRIES passes Z <- F(Z). (Plain passes, not Z <- min(Z, F(Z)): after a
      Gauss-Seidel sweep the residual is ~0 at states whose successors were all updated before them, so Z
      overshoots there, and min-passes lower values in a cascade that does not end; plain passes smooth them
      first.)

    With `packed_bounds` each value and its offset share 8 bytes (`packed`: fixed point, exact reads,
    rounded down), instead of a float64 bound and a float32 offset: two thirds of the memory, for a
    floor under the width of ~1e-11 (3 Goose players: 1.4e-11) instead of ~1e-13; the operator's kernels
    read either.
    """
    if not 0 < tol < 1:
        raise InvalidInput(f"the half-width must lie between 0 and 1, got {tol}")
    op: Operator = ChainOperator(operator) if isinstance(operator, Chain) else operator
    t0 = time.perf_counter()
    watch_idx = np.fromiter(watch, np.int64)
    fp = fingerprint(op)
    run = _open(op, checkpoint, packed_bounds, extrapolate, history)
    gaps: list[float] = []
    last_save = time.perf_counter()
    try:
        while True:
            gaps.append(_gap(run.lower, watch_idx))
            if within(gaps, 2 * tol, run.sweeps, max_sweeps, hint="; ask for a wider tolerance, or the exact solver"):
                break
            if _rre_candidate(run, gaps, 2 * tol) or _one_mode_candidate(run, gaps):
                continue
            _sweep(run)
            if progress is not None:
                progress(run.sweeps, gaps[-1])
            if checkpoint is not None and time.perf_counter() - last_save > checkpoint.every_seconds:
                checkpoint.save(run.lower, run.sweeps, fp)
                last_save = time.perf_counter()
    finally:
        if checkpoint is not None:  # also when stopped (pass limit, stall, Ctrl-C): the work done survives
            checkpoint.save(run.lower, run.sweeps, fp)
        swept_on = getattr(op, "threads", 1)
        if run.threads > 1:
            op.threads = run.threads  # the trial's choice was for this solve
    return Bounds(run.lower, run.sweeps, run.resumed, run.verified, run.jumps, run.checks, method=method,
                  status=Status.CERTIFIED, seconds=time.perf_counter() - t0,
                  counters={"sweeps": run.sweeps, "jumps": run.jumps, "repair_sweeps": run.checks,
                            "threads": swept_on})


__all__ = [
    "ETA", "EVERY", "STEADY", "THREADS_PAY", "TRIAL_SWEEPS", "TRIES", "Bounds", "Checkpoint", "Operator", "certified",
    "fingerprint", "interval", "within",
]
