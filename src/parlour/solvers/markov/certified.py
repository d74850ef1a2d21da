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
import itertools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import numba
import numpy as np
from llvmlite import ir
from numba.core import cgutils, types
from numba.core.extending import intrinsic, overload

from parlour.errors import InvalidInput, SolverError
from parlour.infra import storage
from parlour.results import Result, Status, bounds
from parlour.solvers.markov import accelerate, packed
from parlour.solvers.markov.chain import Chain

# Each Gauss-Seidel update is a sum of at most ~20 products of non-negative numbers; its relative
# rounding error is below 20 * 2**-53 < 2.3e-15. Shrinking every update by 4e-15 keeps it below the
# exact weighted average, so every iterate is a true lower bound.
SHRINK = 1.0 - 4e-15
# The extrapolation is tried at most every EVERY sweeps, when two successive gap ratios differ by less
# than STEADY (one slow mode left); it takes (1 - ETA) of the predicted remaining step and gets up to
# TRIES smoothing sweeps to become a sub-solution. Tuned on the 3- and 4-player goose chains (4 players,
# width 1e-10: 98 passes instead of 228 with an earlier min-sweep check, which never succeeded there).
STEADY = 1e-2
ETA, EVERY, TRIES = 0.2, 10, 6
# The extrapolation's offsets are float32: they are small numbers (the last sweep's increments), so float32
# keeps them to ~1e-7 relative, and at 5 players that is 3.4 GB instead of 6.9 GB for float64 copies.
OFFSET_DTYPE = np.float32


class Operator(Protocol):
    """The rounded-down map F of an absorbing chain, and its Gauss-Seidel sweeps (the game's kernels)."""

    shape: tuple[int, int]  # (states, outcome columns) of the bounds L
    blocks: np.ndarray  # starts of the sweep blocks: states of one block may be swept by several threads

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


class PassMode(NamedTuple):
    """How a compiled pass runs (one argument of every operator's pass kernel).

    Each of the `threads` threads owns the same states for the whole solve -- whole blocks dealt round
    robin (`owned`, what the operators use) or part p of every block (`part_range`) -- and sweeps them
    block after block, in place (`thread_range`). There is no barrier: the threads meet once, when the
    compiled call ends (a pass, or GROUP_STATES states of a long one). With owned blocks and `patience`,
    a thread about to sweep block b first waits until the others have finished every block up to b - 2
    (`await_ahead`): a throw moves the sum of squares by 2 or more, so in the Goose's order those are the
    blocks that b's forward moves read (block b - 1, read by 0.5 % of them, runs beside b), and two threads
    then sweep nearly as one would. A thread that has waited `patience` spins stops waiting for the rest of
    the call, so a thread the system takes off its core cannot hold the others. Whatever a thread reads,
    waited for or not, is a lower bound (the module's soundness note): the interleaving changes the number
    of passes, never a bound's validity."""

    up: bool  # True: L <- max(L, F(L)); False: the check of Z = L + offsets
    record: bool  # up: record each value's increase; check: assign Z <- F(Z)
    threads: int
    delay: int = 0  # tests only: busy iterations thread 0 spends after each state (a deliberately slow thread)
    owned: bool = False  # each block whole on one thread (block b on thread b mod threads), not split
    patience: int = 0  # spins a thread may wait for the blocks up to b - 2 (owned blocks only); 0: never


# About 10-50 ms of spinning: more than a 4-player block takes, little against a pass.
PATIENCE = 1 << 24


@intrinsic
def _load_acquire(typingctx, flags, i):  # pragma: no cover
    """flags[i] read with acquire order: a loop spinning on it is not hoisted, and what the writer stored
    before it set the flag is visible after it is seen. (numba has no atomics; LLVM's are two lines.)"""

    def codegen(context, builder, sig, args):
        ary = context.make_array(sig.args[0])(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, sig.args[0], ary, [args[1]])
        return builder.load_atomic(ptr, "acquire", 8)

    return types.int64(flags, i), codegen


@intrinsic
def _store_release(typingctx, flags, i):  # pragma: no cover
    """flags[i] <- 1 with release order: everything stored before is visible to an acquiring reader."""

    def codegen(context, builder, sig, args):
        ary = context.make_array(sig.args[0])(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, sig.args[0], ary, [args[1]])
        builder.store_atomic(ir.Constant(ir.IntType(64), 1), ptr, "release", 8)
        return context.get_dummy_value()

    return types.void(flags, i), codegen


@numba.njit(cache=True, inline="always")
def await_ahead(done, b, mode, patience):
    """Before thread `b mod threads` sweeps block b: wait until blocks b - threads - 1 .. b - 2 are done
    (each thread sweeps its blocks in order, so then every block up to b - 2 is). Returns the patience
    left: 0 once a wait has given up (or when the mode does not wait)."""
    if patience == 0 or not mode.owned or mode.threads < 2:
        return 0
    for k in range(max(0, b - mode.threads - 1), b - 1):
        spins = 0
        while _load_acquire(done, k) == 0:  # type: ignore[call-arg]  # typingctx is numba's
            spins += 1
            if spins >= patience:
                return 0
    return patience


@numba.njit(cache=True, inline="always")
def finish_block(done, b, mode):
    """Mark block b done for the threads waiting on it (`await_ahead`)."""
    if mode.owned and mode.threads >= 2:
        _store_release(done, b)  # type: ignore[call-arg]


@numba.njit(cache=True, inline="always")
def thread_range(blocks, b, p, mode):
    """The states of block b that thread p sweeps: its part of the block, or, with `mode.owned`, the whole
    block when it is p's turn (round robin) and none otherwise."""
    if mode.owned:
        if b % mode.threads == p:
            return blocks[b], blocks[b + 1]
        return blocks[b], blocks[b]
    return part_range(blocks[b], blocks[b + 1], p, mode.threads)


@numba.njit(cache=True, inline="always")
def part_range(lo, hi, p, parts):
    return lo + (hi - lo) * p // parts, lo + (hi - lo) * (p + 1) // parts


@numba.njit(cache=True)
def spin(iterations):
    """Busy work of `iterations` steps that the compiler cannot drop; returns 0 (a slowed thread's delay)."""
    x = 1.0
    for _ in range(iterations):
        x = x * 1.0000001 + 1e-9
    return 1 if x < 0 else 0


GROUP_STATES = 2_000_000  # states per compiled call: about half a second of a 5-player Goose pass (2 threads)


def groups(blocks: np.ndarray, size: int = GROUP_STATES) -> list[np.ndarray]:
    """`blocks` (block starts and the end) cut into consecutive runs of whole blocks of about `size` states.
    One pass over the runs in order is the pass over `blocks` (Gauss-Seidel order is kept), and between two
    runs Python hears Ctrl-C (infra.interrupt). Up to `size` states (4 players: every pass) a pass is one
    call, and its threads meet once."""
    cuts = [0]
    for k in range(1, blocks.size - 1):
        if blocks[k] - blocks[cuts[-1]] >= size:
            cuts.append(k)
    cuts.append(blocks.size - 1)
    return [blocks[a : b + 1] for a, b in itertools.pairwise(cuts)]


@numba.njit(cache=True, inline="always")
def read_bound(lower, offsets, use_offsets, i, c):
    """What a pass reads of state i's column c: its lower bound, or the check's candidate Z = L + offsets
    (bounds packed with their offsets, `packed`: both from the one word)."""
    if use_offsets:
        return candidate_value(lower, offsets, i, c)
    return bound_value(lower, i, c)


def bound_value(lower, i, c):
    """L[i, c] as a float64, from either storage (compiled code only)."""
    raise NotImplementedError("compiled kernels only")


def candidate_value(lower, offsets, i, c):
    """Z[i, c] = L[i, c] + its offset as a float64, from either storage (compiled code only)."""
    raise NotImplementedError("compiled kernels only")


# The overloads pick the storage by the bounds' dtype when a kernel compiles. Their bodies have no branch:
# numba's inliner warns (NumbaIRAssumptionWarning) about a value merged from two branches of an inlined
# overload, so the branch on `use_offsets` stays in read_bound, a plain inlined function.
def _bound_float(lower, i, c):
    return lower[i, c]


def _bound_word(lower, i, c):
    return packed.value_of(packed.bound_units(lower[i, c]))


def _candidate_float(lower, offsets, i, c):
    return lower[i, c] + offsets[i, c]


def _candidate_word(lower, offsets, i, c):
    return packed.value_of(packed.bound_units(lower[i, c]) + packed.offset_units(lower[i, c]))


@overload(bound_value, inline="always")
def _bound_value(lower, i, c):  # pragma: no cover
    return _bound_word if packed.is_packed(lower) else _bound_float


@overload(candidate_value, inline="always")
def _candidate_value(lower, offsets, i, c):  # pragma: no cover
    return _candidate_word if packed.is_packed(lower) else _candidate_float


@numba.njit(cache=True, inline="always")
def store_sums(acc, a0, a1, a2, a3, a4):
    """acc <- the first acc.size (at most five) of a successor sum kept in scalars: the operators sum small
    chains in locals, as an array stored and reloaded per successor made their passes up to 1.35x slower."""
    m = acc.size
    acc[0] = a0
    if m > 1:
        acc[1] = a1
    if m > 2:
        acc[2] = a2
    if m > 3:
        acc[3] = a3
    if m > 4:
        acc[4] = a4


@numba.njit(cache=True, inline="always")
def update(lower, other, mode, i, acc, inv):
    """Apply den * F(.)[i] (in acc) to state i's values in the mode's way; returns how many values of
    F(Z) lie below Z (a check pass; 0 for an up pass)."""
    found = 0
    for o in range(acc.size):
        v = acc[o] * inv * SHRINK
        if mode.up:
            raise_value(lower, other, mode.record, i, o, v)
        else:
            found += offset_update(lower, other, mode.record, i, o, v)
    return found


def raise_value(lower, increments, record, i, o, v):
    """The up-sweep's update of one value: L <- max(L, v), recording the increase when asked (packed
    bounds: in the value's own offset field). Compiled code only."""
    raise NotImplementedError("compiled kernels only")


def _raise_word(lower, increments, record, i, o, v):
    packed.raise_packed(lower, record, i, o, v)


def _raise_float(lower, increments, record, i, o, v):
    if v > lower[i, o]:
        if record:
            increments[i, o] = v - lower[i, o]
        lower[i, o] = v
    elif record:
        increments[i, o] = 0.0


@overload(raise_value, inline="always")
def _raise_value(lower, increments, record, i, o, v):  # pragma: no cover
    return _raise_word if packed.is_packed(lower) else _raise_float


def offset_update(lower, offsets, assign, i, o, v):
    """The check's update of one value of Z = L + offsets against v = F(Z) rounded down; returns 1 when v
    lies below Z. With `assign` the offset becomes the largest float32 with L + offset <= v (the nearest
    float32 to v - L may sit above it: step down until it does not); packed bounds: `packed.check_packed`.
    Compiled code only."""
    raise NotImplementedError("compiled kernels only")


def _check_word(lower, offsets, assign, i, o, v):
    return packed.check_packed(lower, assign, i, o, v)


def _check_float(lower, offsets, assign, i, o, v):
    down = v < lower[i, o] + offsets[i, o]
    if assign:
        offsets[i, o] = v - lower[i, o]
        while lower[i, o] + offsets[i, o] > v:
            offsets[i, o] = np.nextafter(offsets[i, o], np.float32(-np.inf))
    return 1 if down else 0


@overload(offset_update, inline="always")
def _offset_update(lower, offsets, assign, i, o, v):  # pragma: no cover
    return _check_word if packed.is_packed(lower) else _check_float


@numba.njit(cache=True)
def _candidate(lower, offsets, alpha):
    """offsets <- alpha * offsets in place (the extrapolation's candidate Z = L + offsets), capped at 1."""
    for i in range(lower.shape[0]):
        for o in range(lower.shape[1]):
            offsets[i, o] = min(alpha * offsets[i, o], 1.0 - lower[i, o])


@numba.njit(cache=True)
def _raise_by(lower, offsets):
    for i in range(lower.shape[0]):
        for o in range(lower.shape[1]):
            z = lower[i, o] + offsets[i, o]
            if z > lower[i, o]:
                lower[i, o] = z


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
        return (lower if self.out_of_core else np.array(lower)), int(sweeps)

    def array(self, shape: tuple[int, int], dtype: type, which: Path) -> np.ndarray:
        """A zeroed array: in memory, or a memory-mapped file at `which` when out of core."""
        if self.out_of_core:
            which.parent.mkdir(parents=True, exist_ok=True)
            return np.lib.format.open_memmap(which, mode="w+", dtype=dtype, shape=shape)
        return np.zeros(shape, dtype)


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
             else np.zeros(operator.shape, dtype))
    lower[:] = 0
    operator.start(lower)
    return lower


def _history(operator: Operator, wanted: int) -> np.ndarray | None:
    """The RRE history (`accelerate`): `wanted` float32 increment vectors, fewer when the memory available
    now holds fewer, None when fewer than accelerate.MIN_HISTORY fit (the one-mode extrapolation then)."""
    from parlour.infra.resources import available_memory

    values = operator.shape[0] * operator.shape[1]
    got = accelerate.depth(values, wanted, available_memory()) if wanted > 0 else 0
    return np.zeros((got, *operator.shape), OFFSET_DTYPE) if got else None


def certified(
    operator: Operator | Chain,
    watch: Iterable[int] = (0,),
    tol: float = 1e-12,
    *,
    max_sweeps: int = 100_000,
    checkpoint: Checkpoint | None = None,
    on_sweep: Callable[[int, float], None] | None = None,
    extrapolate: bool = True,
    packed_bounds: bool = False,
    history: int = 0,
    method: str = "interval-iteration",
) -> Bounds:
    """Lower bounds until every interval at the `watch` states has half-width <= tol (upper - lower <=
    2 tol; `tol` is a half-width everywhere in parlour). Stopping looks only at the certified gap.

    A checkpoint found at `checkpoint` is not taken on trust: one read-only pass proves L <= F(L), or the
    run starts from zero. With `extrapolate`, once the gap shrinks by a steady factor rho per sweep, the
    candidate Z = L + (1 - eta) rho / (1 - rho) (L - L_previous) gets up to TRIES passes Z <- F(Z); once one
    lowers nothing Z is proven a lower bound and the run goes on from max(L, Z). A failed candidate costs
    those passes; soundness never depends on it. (Plain passes, not Z <- min(Z, F(Z)): after a Gauss-Seidel
    sweep the residual is ~0 at states whose successors were all updated before them, so Z overshoots
    there, and min-passes lower values in a cascade that does not end; plain passes smooth them first.)

    With `extrapolate` and a `history` of m >= 3 sweeps (off by default; accelerate.HISTORY = 12 measured
    best) that fits the memory (`accelerate.depth`; float64 bounds), the candidate is the reduced-rank
    extrapolation over the last m sweeps' increments (`accelerate`: several modes at once) less a margin,
    tried every m sweeps and checked by one pass the same way. `history=0`, packed bounds, or too little
    memory: the one-mode step.

    With `packed_bounds` each value and its offset share 8 bytes (`packed`: fixed point, exact reads,
    rounded down), instead of a float64 bound and a float32 offset: two thirds of the memory, for a
    floor under the width of ~1e-11 (3 Goose players: 1.4e-11) instead of ~1e-13; the operator's kernels
    read either.
    """
    if not 0 < tol < 1:
        raise InvalidInput(f"the half-width must lie between 0 and 1, got {tol}")
    if isinstance(operator, Chain):
        from parlour.solvers.markov.stored import ChainOperator

        operator = ChainOperator(operator)
    t0 = time.perf_counter()
    watch_idx = np.fromiter(watch, np.int64)
    fp = fingerprint(operator)
    dtype = np.uint64 if packed_bounds else np.float64
    found = checkpoint.load(fp, operator.shape, dtype) if checkpoint is not None else None
    lower, done = found if found is not None else (_fresh(operator, checkpoint, dtype), 0)
    offsets: np.ndarray | None = None
    if packed_bounds:
        packed.clear_offsets(lower)  # a saved file may hold a recording sweep's increases there
        offsets = lower  # the offsets live in the bounds' own low bits
    elif extrapolate or done:
        offsets = (checkpoint.array(operator.shape, OFFSET_DTYPE, checkpoint.offsets)
                   if checkpoint is not None else np.zeros(operator.shape, OFFSET_DTYPE))
        offsets[:] = 0.0
    verified = False
    if done:
        assert offsets is not None
        if operator.lowered(lower, offsets, False) != 0:
            lower = _fresh(operator, checkpoint, dtype)  # not a sub-solution: damaged, or not ours
            offsets = lower if packed_bounds else offsets
            done = 0
        verified = done > 0
    if not extrapolate:
        offsets = None
    ring = _history(operator, history) if offsets is not None and not packed_bounds else None
    sweeps = resumed = done
    gaps: list[float] = []
    have_increments = False
    last_try = sweeps
    jumps = repairs = 0
    cycle, margin = 0, accelerate.MARGIN_START  # sweeps recorded since the last RRE candidate; its margin
    last_save = time.perf_counter()
    try:
        while True:
            rows = packed.floats(np.asarray(lower[watch_idx]))
            gaps.append(float(np.max(1.0 - rows.sum(axis=1))) if watch_idx.size else 0.0)
            if within(gaps, 2 * tol, sweeps, max_sweeps, hint="; ask for a wider tolerance, or the exact solver"):
                break
            if ring is not None:
                assert offsets is not None
                m = ring.shape[0]
                if cycle >= m and sweeps - resumed >= accelerate.FIRST:
                    order = np.array([(cycle - m + j) % m for j in range(m)], np.int64)
                    coef = accelerate.coefficients(ring, order)
                    cycle = 0
                    if coef is not None:
                        accelerate.combine(lower, ring, order, coef, margin, offsets)
                        repairs += 1
                        proven = operator.lowered(lower, offsets, True) == 0
                        if proven:
                            _raise_by(lower, offsets)
                            jumps += 1
                        margin = accelerate.next_margin(margin, proven)
                        continue
                operator.sweep(lower, ring[cycle % m])
                cycle += 1
            elif offsets is not None and have_increments and len(gaps) >= 3 and sweeps - last_try >= EVERY:
                rho, rho_before = gaps[-1] / gaps[-2], gaps[-2] / gaps[-3]
                if 0 < rho < 1 and abs(rho - rho_before) < STEADY:
                    last_try = sweeps
                    alpha = (1 - ETA) * rho / (1 - rho)
                    if packed_bounds:  # Z = L + offsets
                        packed.candidate(lower, alpha)
                    else:
                        _candidate(lower, offsets, alpha)
                    have_increments = False
                    for _ in range(TRIES):
                        repairs += 1
                        if operator.lowered(lower, offsets, True) == 0:
                            if packed_bounds:
                                packed.raise_by(lower)
                            else:
                                _raise_by(lower, offsets)
                            jumps += 1
                            break
                    continue
            if ring is None:
                have_increments = offsets is not None and sweeps - last_try >= EVERY - 1
                operator.sweep(lower, offsets if have_increments else None)
            sweeps += 1
            if on_sweep is not None:
                on_sweep(sweeps, gaps[-1])
            if checkpoint is not None and time.perf_counter() - last_save > checkpoint.every_seconds:
                checkpoint.save(lower, sweeps, fp)
                last_save = time.perf_counter()
    finally:
        if checkpoint is not None:  # also when stopped (pass limit, stall, Ctrl-C): the work done survives
            checkpoint.save(lower, sweeps, fp)
    return Bounds(lower, sweeps, resumed, verified, jumps, repairs, method=method, status=Status.CERTIFIED,
                  seconds=time.perf_counter() - t0, counters={"sweeps": sweeps, "jumps": jumps,
                                                                "repair_sweeps": repairs})
